"""The regularised text of TEI passages, by id: what a rule's quote is checked against."""

from __future__ import annotations

import re
from functools import cache

from lxml import etree

from corpus import paths
from corpus.fileio import parse_xml
from corpus.readings import element_diplomatic, element_reading, local_name
from corpus.spans import TEI_NS, XML_ID


@cache
def tei_tree(source_id: str) -> etree._ElementTree:
    """A source's published TEI, parsed once per process for everything the rules read of it."""
    return parse_xml(paths.tei_path(source_id))


@cache
def passages(source_id: str) -> dict[str, str]:
    """Every identified element of a source's TEI with its regularised reading, spaces normalised."""
    tree = tei_tree(source_id)
    out = {}
    text = tree.getroot().find(f"{{{TEI_NS}}}text")
    for element in text.iter():
        if isinstance(element.tag, str) and element.get(XML_ID):
            out[element.get(XML_ID)] = normalise(element_reading(element))
    return out


def passage_text(source_id: str, ids: tuple[str, ...]) -> str:
    """The passages' texts joined by a space; an unknown id is a KeyError naming it."""
    table = passages(source_id)
    missing = [i for i in ids if i not in table]
    if missing:
        raise KeyError(f"no passage {', '.join(missing)} in {source_id}")
    return " ".join(table[i] for i in ids)


def diplomatic_text(source_id: str, ids: tuple[str, ...]) -> str:
    """The passages as received (the diplomatic reading), spaces normalised: what a quote was read from."""
    root = tei_tree(source_id).getroot()
    found = {e.get(XML_ID): e for e in root.iter() if isinstance(e.tag, str) and e.get(XML_ID) in ids}
    return " ".join(normalise(element_diplomatic(found[i])) for i in ids if i in found)


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def printed_pages(source_id: str, ids: tuple[str, ...]) -> list[str]:
    """The printed pages the passages stand on (from the TEI's <pb n>): the page each begins on and
    every page that starts inside it, in order; none where the source prints no page numbers."""
    text = tei_tree(source_id).getroot().find(f"{{{TEI_NS}}}text")
    pages: list[str] = []
    for element in text.iter():
        if isinstance(element.tag, str) and element.get(XML_ID) in ids:
            before = element.xpath("preceding::t:pb[1]/@n", namespaces={"t": TEI_NS})
            inside = [pb.get("n") for pb in element.iter(f"{{{TEI_NS}}}pb") if pb.get("n")]
            pages += [p for p in [*before[:1], *inside] if p not in pages]
    return pages


def printed(pages: list[str]) -> list[str]:
    """'p. 85' or 'pp. 85–86': the printed pages, where the source prints them."""
    if not pages:
        return []
    return [f"p. {pages[0]}" if len(pages) == 1 else f"pp. {pages[0]}–{pages[-1]}"]


def located(source_id: str, passage: str) -> str:
    """How a reader finds a passage in the printed text: 'art. 10', 'quotation 5', else its section."""
    found = tei_tree(source_id).getroot().xpath("//*[@xml:id=$id]", id=passage)
    element = found[0] if found else None
    while element is not None:
        name, kind = local_name(element), element.get("type")
        if name == "div" and kind == "article":
            return f"art. {element.get('n')}"
        if name == "cit":
            return f"quotation {element.get(XML_ID).rsplit('q', 1)[-1]}"
        if name == "div" and kind == "section":
            head = element.find(f"{{{TEI_NS}}}head")
            return normalise(element_reading(head)) if head is not None else "section"
        element = element.getparent()
    return passage
