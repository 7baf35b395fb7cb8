"""TEI to docutils nodes, structurally (as μEdition does): no HTML is ever assembled from strings.

Both readings are in the page: each <choice> becomes a `dipl` and a `reg` inline, and the reader's
switch (academie.js) shows one or the other. Running heads and page breaks go to the margin.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from docutils import nodes
from lxml import etree

from corpus.readings import local_name
from corpus.spans import TEI_NS, XML_ID

DIPLOMATIC = ("sic", "orig", "abbr")
REGULAR = ("corr", "reg", "expan")
CHOICE_WORDS = {"corr": "corrected", "reg": "regularised", "expan": "expanded"}
BLOCKS = ("p", "ab", "item", "trailer", "head")

# (element id) -> nodes appended after a block: the rules citing it, its permalink.
Backlinks = Callable[[etree._Element], list[nodes.Node]]
# (sentence id) -> (the words in dispute, a node linking to the rule that disputes them)
Marks = dict[str, tuple[tuple[str, ...], Callable[[str], nodes.Node]]]


class Renderer:
    """Renders one TEI <text> with the agents of its header (for 'who made this change'). A second
    rendering of the same text on a page (the parallel view) is made with `ids=False`."""

    def __init__(self, agents: dict[str, str], backlinks: Backlinks, marks: Marks | None = None, ids: bool = True):
        self.agents = agents
        self.backlinks = backlinks
        self.marks = marks or {}
        self.ids = ids

    def text(self, text: etree._Element) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for part in text:
            if local_name(part) == "body":
                out += self.blocks(part)
            elif local_name(part) in ("pb", "fw"):  # a page break before the body begins
                out.append(self.inline_to_paragraph(part))
            elif local_name(part) in ("front", "back"):
                box = nodes.container(classes=["tei-banner", "dipl-only"])
                self.identify(box, part)
                box += nodes.paragraph("", "Digitisation banner, not part of the text:", classes=["banner-label"])
                box += self.blocks(part)
                out.append(box)
        return out

    def blocks(self, element: etree._Element) -> list[nodes.Node]:
        """The block-level children of a division, a quotation or a list."""
        out: list[nodes.Node] = []
        for child in element:
            name = local_name(child)
            if name in ("div", "cit", "quote"):
                out.append(self.division(child))
            elif name == "list":
                out.append(self.list(child))
            elif name in BLOCKS:
                out.append(self.block(child))
            elif name == "note" and child.get("type") == "game":
                out.append(self.game_note(child))
            elif name in ("pb", "fw"):
                out.append(self.inline_to_paragraph(child))
        return out

    def division(self, element: etree._Element) -> nodes.Element:
        kind = element.get("type") or local_name(element)
        node: nodes.Element = (
            nodes.block_quote(classes=["tei-cit"])
            if local_name(element) == "cit"
            else nodes.container(classes=[f"tei-{kind}"])
        )
        self.identify(node, element)
        if local_name(element) == "cit" and element.get(XML_ID, "").rpartition("q")[2].isdigit():
            number = element.get(XML_ID).rpartition("q")[2]  # how citations name it: 'quotation 5'
            node += nodes.paragraph("", f"Quotation {number}", classes=["cit-number"])
        node += self.blocks(element)
        return node

    def list(self, element: etree._Element) -> nodes.Element:
        """A list, with its heading (a <head> inside it) above the items."""
        bullet = nodes.bullet_list(classes=["tei-list"])
        heads = [self.block(child) for child in element if local_name(child) == "head"]
        for item in element:
            if local_name(item) == "item":
                entry = nodes.list_item()
                entry += self.block(item)
                bullet += entry
        box = nodes.container(classes=["tei-list-box"]) if heads else bullet
        self.identify(box, element)
        if heads:
            box += [*heads, bullet]
        return box

    def block(self, element: etree._Element) -> nodes.Element:
        name = local_name(element)
        node: nodes.Element = nodes.rubric() if name == "head" else nodes.paragraph()
        node["classes"] += _classes(element)
        self.identify(node, element)
        self.inline(element, node)
        node += self.backlinks(element)
        return node

    def inline_to_paragraph(self, element: etree._Element) -> nodes.Element:
        para = nodes.paragraph(classes=["tei-margin-only"])
        para += self.inline_element(element)
        return para

    def game_note(self, note: etree._Element) -> nodes.Element:
        text = "".join(note.itertext()).strip()
        para = nodes.paragraph(classes=["tei-game-note"])
        para += nodes.Text(f"Game: {text} ")
        para += nodes.inline(
            "", f"(identified by {self.agent(note.get('resp'))}, certainty {note.get('cert')})", classes=["resp"]
        )
        return para

    def inline(self, element: etree._Element, parent: nodes.Element) -> None:
        """The mixed content of `element` into `parent`: text, choices, sentences, breaks."""
        if element.text:
            parent += nodes.Text(element.text)
        children = list(element)
        for index, child in enumerate(children):
            parent += self.inline_element(child)
            tail = child.tail or ""
            following = children[index + 1] if index + 1 < len(children) else None
            if following is not None and local_name(following) == "lb" and following.get("break") == "no":
                tail = tail.rstrip()  # a word cut at the line end: no space in the reading
            if tail:
                parent += nodes.Text(tail)

    def inline_element(self, element: etree._Element) -> nodes.Node:
        name = local_name(element)
        if name == "choice":
            return self.choice(element)
        if name == "lb":
            return nodes.inline(
                "", "", classes=["tei-lb", *(["tei-lb-nobreak"] if element.get("break") == "no" else [])]
            )
        if name == "pb":
            node = nodes.inline("", f"p. {element.get('n', '?')}", classes=["tei-pb"])
            self.identify(node, element)
            return node
        if name == "fw":
            node = nodes.inline("", "".join(element.itertext()), classes=["tei-fw", "dipl-only"])
            self.identify(node, element)
            return node
        if name == "note":
            return (
                nodes.inline("", "", classes=["tei-note-omitted"])
                if element.get("type") != "game"
                else nodes.inline("", f" [game: {''.join(element.itertext()).strip()}]", classes=["tei-game-inline"])
            )
        node = nodes.inline(
            classes=[f"tei-{name}", *([f"tei-{name}-{element.get('type')}"] if element.get("type") else [])]
        )
        self.identify(node, element)
        self.inline(element, node)
        if element.get(XML_ID) in self.marks:
            mark(node, *self.marks[element.get(XML_ID)])
        return node

    def choice(self, element: etree._Element) -> nodes.Node:
        """Both readings of a change, and who made it and how sure they were."""
        original = next((c for c in element if local_name(c) in DIPLOMATIC), None)
        regular = next((c for c in element if local_name(c) in REGULAR), None)
        if original is None or regular is None:
            return nodes.Text("".join(element.itertext()))
        kind = local_name(regular)
        cert = regular.get("cert", "unknown")
        box = nodes.inline(classes=["tei-choice", f"choice-{kind}", f"cert-{cert}"])
        dipl = nodes.inline(classes=["dipl"])
        self.inline(original, dipl)
        reg = nodes.inline(classes=["reg"])
        self.inline(regular, reg)
        if not reg.astext():
            reg["classes"].append("empty")
        was = "".join(original.itertext())
        info = f"{CHOICE_WORDS[kind]} from «{was}» by {self.agent(regular.get('resp'))}, certainty {cert}"
        box += [dipl, reg, nodes.inline("", info, classes=["choice-info"])]
        return box

    def identify(self, node: nodes.Element, element: etree._Element) -> None:
        if self.ids and element.get(XML_ID):
            node["ids"].append(element.get(XML_ID))

    def agent(self, resp: str | None) -> str:
        key = (resp or "").lstrip("#")
        return self.agents.get(key, key or "an unnamed agent")


def _classes(element: etree._Element) -> list[str]:
    """tei-<name> and, for a typed element, tei-<name>-<type>: the stylesheet's hooks."""
    name = local_name(element)
    return [f"tei-{name}", *([f"tei-{name}-{element.get('type')}"] if element.get("type") else [])]


def mark(node: nodes.Element, words: tuple[str, ...], link: Callable[[str], nodes.Node]) -> None:
    """Each word in dispute within `node`'s text, wrapped in a link to the rule that disputes it."""
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b")
    for text in list(node.findall(nodes.Text)):
        parts = pattern.split(str(text))
        if len(parts) == 1:
            continue
        replacement = [link(part) if n % 2 else nodes.Text(part) for n, part in enumerate(parts) if part]
        text.parent.replace(text, replacement)


def header_agents(root: etree._Element) -> dict[str, str]:
    """Agent id -> readable name, from the header's applications and respStmts."""
    found = {}
    for app in root.iter(f"{{{TEI_NS}}}application"):
        found[app.get(XML_ID)] = f"{app.findtext(f'{{{TEI_NS}}}label')} ({app.get(XML_ID)})"
    for resp in root.iter(f"{{{TEI_NS}}}respStmt"):
        if resp.get(XML_ID):
            found[resp.get(XML_ID)] = resp.findtext(f"{{{TEI_NS}}}name") or resp.get(XML_ID)
    return found
