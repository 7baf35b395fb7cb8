"""The two readings of a TEI file: diplomatic (the raw text, exactly) and regularised."""

from __future__ import annotations

import re

from lxml import etree

from corpus.errors import AcademieError
from corpus.spans import TEI_NS

DIPLOMATIC_SKIP = frozenset({"corr", "reg", "expan", "note"})
READING_SKIP = frozenset({"sic", "orig", "abbr", "note", "fw"})
ORIGINAL_SKIP = frozenset({"corr", "reg", "expan", "note", "fw"})
BLOCKS = frozenset({"p", "head", "ab", "item", "trailer", "label"})


def local_name(element: etree._Element) -> str:
    """An element's TEI name without its namespace ("" for comments and foreign elements)."""
    tag = element.tag
    return tag.split("}", 1)[1] if isinstance(tag, str) and tag.startswith(f"{{{TEI_NS}}}") else ""


def text_element(tree: etree._ElementTree | etree._Element) -> etree._Element:
    root = tree.getroot() if isinstance(tree, etree._ElementTree) else tree
    found = root.find(f"{{{TEI_NS}}}text")
    if found is None:
        raise AcademieError("the TEI has no <text> element")
    return found


def diplomatic(tree: etree._ElementTree | etree._Element) -> str:
    """The source as received: sic/orig/abbr chosen, running heads kept, notes left out."""
    parts: list[str] = []
    _collect(text_element(tree), DIPLOMATIC_SKIP, parts)
    return "".join(parts)


def element_diplomatic(element: etree._Element) -> str:
    """The raw text an element spans, as received (what its identifier is anchored to)."""
    parts: list[str] = []
    _collect(element, DIPLOMATIC_SKIP, parts)
    return "".join(parts)


def _collect(element: etree._Element, skip: frozenset[str], parts: list[str]) -> None:
    if element.text:
        parts.append(element.text)
    for child in element:
        if local_name(child) not in skip:
            _collect(child, skip, parts)
        if child.tail:
            parts.append(child.tail)


def reading(tree: etree._ElementTree | etree._Element, original: bool = False) -> str:
    """The regularised reading: corrections applied, running heads, page numbers and digitisation
    banners left out, words cut at a line end joined; one source line per line. With `original`,
    the same text without any correction (the baseline that cleaning is measured against)."""
    parts: list[str] = []
    _read(text_element(tree), parts, ORIGINAL_SKIP if original else READING_SKIP)
    text = "".join(parts)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n[ \t]+", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def element_reading(element: etree._Element) -> str:
    """The regularised reading of one element of a TEI text (a paragraph, a sentence, an article)."""
    root = etree.Element(f"{{{TEI_NS}}}TEI")
    wrapper = etree.SubElement(root, f"{{{TEI_NS}}}text")
    copy = etree.fromstring(etree.tostring(element))
    copy.tail = None
    wrapper.append(copy)
    return reading(root)


def _read(element: etree._Element, parts: list[str], skip: frozenset[str] = READING_SKIP) -> None:
    if element.text:
        parts.append(element.text)
    for child in element:
        name = local_name(child)
        if name == "lb" and child.get("break") == "no" and skip is READING_SKIP:
            _strip_trailing_newline(parts)
        elif name == "div" and child.get("type") == "digitisation":
            pass
        elif name not in skip:
            start = len(parts)
            _read(child, parts, skip)
            if name in BLOCKS:
                parts[start:] = [re.sub(r"\n\s*\n", "\n", "".join(parts[start:]))]
        if child.tail:
            parts.append(_after_fw(child.tail) if name == "fw" else child.tail)


def _after_fw(tail: str) -> str:
    """A running head's own line end goes with it."""
    return tail[1:] if tail.startswith("\n") else tail


def _strip_trailing_newline(parts: list[str]) -> None:
    while parts and not parts[-1].strip():
        parts.pop()
    if parts:
        parts[-1] = parts[-1].rstrip()


def mapped_reading(element: etree._Element) -> tuple[str, list[tuple[int, int]]]:
    """The regularised reading of one element, whitespace collapsed, with each character's range
    in the element's string value (all its text, as XPath's string() and TEI's string-range() count
    it). A character of a correction maps to the whole <choice>, so no range ever splits one."""
    chars: list[str] = []
    ranges: list[tuple[int, int]] = []
    position = 0

    def add(text: str, keep: bool, unit: tuple[int, int] | None) -> None:
        nonlocal position
        end = position + len(text)
        if keep:
            chars.extend(text)
            ranges.extend(
                [unit] * len(text) if unit else zip(range(position, end), range(position + 1, end + 1), strict=True)
            )
        position = end

    def walk(node: etree._Element, keep: bool, unit: tuple[int, int] | None) -> None:
        if local_name(node) == "choice" and unit is None:
            unit = (position, position + len("".join(node.itertext())))
        add(node.text or "", keep, unit)
        for child in node:
            name = local_name(child)
            if name == "lb" and child.get("break") == "no" and keep:
                while chars and chars[-1].isspace():
                    chars.pop(), ranges.pop()
            skip = name in READING_SKIP or (name == "div" and child.get("type") == "digitisation")
            walk(child, keep and not skip, unit)
            add(child.tail or "", keep, unit)

    walk(element, True, None)
    return _collapse(chars, ranges)


def _collapse(chars: list[str], ranges: list[tuple[int, int]]) -> tuple[str, list[tuple[int, int]]]:
    """Runs of white space as one space, none at either end (as rules.passages.normalise does)."""
    text = "".join(chars)
    out: list[str] = []
    kept: list[tuple[int, int]] = []
    for match in re.finditer(r"\S+", text):
        if out:
            out.append(" ")
            kept.append(ranges[match.start() - 1])  # one white space of the run stands for it
        out.append(match.group())
        kept.extend(ranges[match.start() : match.end()])
    return "".join(out), kept
