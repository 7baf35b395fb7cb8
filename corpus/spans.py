"""Spans over the raw text, nested into an lxml tree whose text is the raw text itself.

Every element of `<text>` is a span [start, end) of the raw string (or a zero-width milestone).
Text between spans is copied from the raw string, so the diplomatic reading is the raw text
by construction. A `<choice>` adds its second member (corr, reg, expan) as literal text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from lxml import etree

from corpus.errors import AcademieError

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "{http://www.w3.org/XML/1998/namespace}"
XML_ID = XML_NS + "id"

# Nesting depth of each tag: a span nests inside spans of lower rank covering it.
RANK = {
    "text": 0,
    "front": 1,
    "body": 1,
    "back": 1,
    "div": 2,
    "cit": 4,
    "quote": 5,
    "p": 6,
    "head": 6,
    "ab": 6,
    "list": 6,
    "trailer": 6,
    "item": 7,
    "label": 7,
    "s": 8,
    "choice": 9,
    "sic": 10,
    "orig": 10,
    "abbr": 10,
    "fw": 11,
    "pb": 12,
    "lb": 12,
}
CHOICE_PAIRS = {"sic": "corr", "orig": "reg", "abbr": "expan"}


def tei(tag: str) -> str:
    return f"{{{TEI_NS}}}{tag}"


@dataclass
class Span:
    """An element over raw[start:end]; `sub` is an inner rank among equal tags (divs in divs)."""

    tag: str
    start: int
    end: int
    attrs: dict[str, str] = field(default_factory=dict)
    sub: int = 0
    literal: str | None = None  # for a choice: its second member's text
    literal_attrs: dict[str, str] = field(default_factory=dict)
    appended: list[etree._Element] = field(default_factory=list)
    line: int | None = None  # for an editor's correction, its entry's line in corrections.toml
    children: list[Span] = field(default_factory=list)

    @property
    def milestone(self) -> bool:
        return self.tag in ("pb", "lb")

    def key(self) -> tuple[int, int, int, int, int]:
        return (self.start, not self.milestone, -self.end, RANK[self.tag], self.sub)

    def descendants(self) -> Iterator[Span]:
        """Every span below this one, in document order."""
        for child in self.children:
            yield child
            yield from child.descendants()

    def contains(self, other: Span) -> bool:
        if other.milestone:  # a milestone at an element's start stands before it
            return self.start < other.start < self.end or (self.tag == "text" and self.start <= other.start <= self.end)
        return self.start <= other.start and other.end <= self.end


def nest(root: Span, spans: list[Span]) -> Span:
    """Arrange spans into a tree under `root`; crossing spans are a bug, reported."""
    stack = [root]
    for span in sorted(spans, key=Span.key):
        while not stack[-1].contains(span):
            top = stack.pop()
            if span.start < top.end and not span.milestone:
                raise AcademieError(
                    f"internal: <{span.tag}> {span.start}-{span.end} crosses <{top.tag}> {top.start}-{top.end}"
                )
            if not stack:
                raise AcademieError(f"internal: <{span.tag}> outside the text")
        stack[-1].children.append(span)
        if not span.milestone:
            stack.append(span)
    return root


def _add_text(parent: etree._Element, last: etree._Element | None, text: str) -> None:
    if not text:
        return
    if last is None:
        parent.text = (parent.text or "") + text
    else:
        last.tail = (last.tail or "") + text


def _element(parent: etree._Element, tag: str, attrs: dict[str, str]) -> etree._Element:
    element = etree.SubElement(parent, tei(tag))
    for name, value in attrs.items():
        element.set(XML_ID if name == "xml:id" else name, value)
    return element


def emit(parent: etree._Element, node: Span, raw: str) -> None:
    """Fill `parent` with the raw text of `node` and its children as elements."""
    cursor, last = node.start, None
    for child in node.children:
        _add_text(parent, last, raw[cursor : child.start])
        if child.tag in CHOICE_PAIRS:
            element = _element(parent, "choice", {})
            first = _element(element, child.tag, child.attrs)
            emit(first, child, raw)
            second = _element(element, CHOICE_PAIRS[child.tag], child.literal_attrs)
            second.text = child.literal or None
        else:
            element = _element(parent, child.tag, child.attrs)
            emit(element, child, raw)
        element.extend(child.appended)
        cursor, last = child.end, element
    _add_text(parent, last, raw[cursor : node.end])
