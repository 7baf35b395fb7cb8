"""The pipeline's findings as TEI stand-off annotation: the kind of every sentence and the mentions of
cards, suits, games, terms, counters and numbers, each pointing into the text by @xml:id.

Stand-off rather than inline: the annotations are machine proposals that change when the pipeline
does, while the transcription does not; and a mention may cross an <lb/>, a <pb/> or a <choice>,
which inline <rs> could not contain. The text, its ids and its round trip stay untouched.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import NamedTuple

from lxml import etree
from spacy.tokens import Doc

from corpus.readings import mapped_reading
from corpus.spans import XML_ID, tei
from extract.classify import label_of
from extract.context import in_context
from extract.pipeline import nlp

RESP = "#academie.extract"
CONTEXT_RESP = "#academie.context"  # a kind the sentence's neighbours decided (extract/context.py)
CHUNK = 100_000  # characters a piece of a sentence may have: far below spaCy's max_length, whatever a line's
RS_TYPES = ("card", "suit", "game", "counter")  # as <rs type ref>; terms of play as <term ref>


class Sentence(NamedTuple):
    """A TEI sentence through the pipeline: its id, its reading, where each character of the reading
    lies in the sentence's string value, and the spaCy Doc."""

    id: str
    text: str
    ranges: list[tuple[int, int]]
    doc: Doc


def analyse(root: etree._Element) -> list[Sentence]:
    """Every non-empty sentence of a TEI document through the pipeline."""
    return analyse_many([root])[0]


def analyse_many(roots: list[etree._Element]) -> list[list[Sentence]]:
    """The sentences of several TEI documents in one nlp.pipe (spaCy batches them), per document."""
    items, headed, sections = [], [[] for _ in roots], [[] for _ in roots]
    for number, root in enumerate(roots):
        for s in root.find(tei("text")).iter(tei("s")):
            text, ranges = mapped_reading(s)
            if text:
                items.append((number, s.get(XML_ID), text, ranges))
                headed[number].append(_heading_before(s))
                sections[number].append(_section_heading(s))
    out: list[list[Sentence]] = [[] for _ in roots]
    pieces = [_pieces(text) for _, _, text, _ in items]
    docs = iter(nlp().pipe(piece for parts in pieces for piece in parts))
    for (number, *item), parts in zip(items, pieces, strict=True):
        out[number].append(Sentence(*item, _joined([next(docs) for _ in parts])))
    for sentences, headings, titles in zip(out, headed, sections, strict=True):
        in_context([s.doc for s in sentences], headings, titles)
    return out


def _heading_before(s: etree._Element) -> str:
    """The heading a sentence comes straight after ("Nombre de joueurs" / "Généralement quatre."):
    the text of the <head> before its paragraph, when it opens the paragraph; else ''."""
    block = s.getparent()
    if block is None or block.find(tei("s")) is not s:
        return ""
    head = block.getprevious()
    while head is not None and not isinstance(head.tag, str):
        head = head.getprevious()
    return "".join(head.itertext()) if head is not None and head.tag == tei("head") else ""


def _section_heading(s: etree._Element) -> str:
    """The last heading before the sentence's paragraph among its siblings ("Couleur d'atout" over
    the rows "Valet : 20", "9 : 14"…); else ''."""
    block = s.getparent()
    head = block.getprevious() if block is not None else None
    while head is not None and head.tag != tei("head"):
        head = head.getprevious()
    return "".join(head.itertext()) if head is not None else ""


def _pieces(text: str) -> list[str]:
    """A sentence in pieces of at most CHUNK characters, cut after white space where there is some."""
    pieces, size = [], CHUNK
    while len(text) > size:
        cut = text.rfind(" ", 0, size) + 1 or size
        pieces.append(text[:cut])
        text = text[cut:]
    return [*pieces, text]


def _joined(docs: list[Doc]) -> Doc:
    """The Doc of a sentence analysed in pieces: tokens, mentions and numbers joined; each class
    scored as its best piece scores it; the claims of every piece, at their places in the whole."""
    if len(docs) == 1:
        return docs[0]
    with warnings.catch_warnings():  # W101: the claims are joined below
        warnings.simplefilter("ignore", UserWarning)
        whole = Doc.from_docs(docs, ensure_whitespace=False)
    whole.cats = {label: max(d.cats.get(label, 0.0) for d in docs) for label in docs[0].cats}
    whole._.cue_totals = {label: max(d._.cue_totals.get(label, 0.0) for d in docs) for label in docs[0]._.cue_totals}
    numbers = [n._.value for d in docs for n in d.spans["numbers"]]
    for span, value in zip(whole.spans["numbers"], numbers, strict=True):
        span._.value = value
    offsets = [sum(len(d.text) for d in docs[:k]) for k in range(len(docs))]
    whole._.claims = [
        replace(c, start=c.start + at, end=c.end + at) for d, at in zip(docs, offsets, strict=True) for c in d._.claims
    ]
    return whole


def annotate(root: etree._Element, analysed: list[Sentence] | None = None) -> list[Sentence]:
    """Add (or replace) the <standOff> of a TEI document; the analysis is returned for reuse."""
    for old in root.findall(tei("standOff")):
        root.remove(old)
    analysed = analyse(root) if analysed is None else analysed
    stand_off = etree.SubElement(root, tei("standOff"))
    kinds = etree.SubElement(stand_off, tei("listAnnotation"), type="sentence-kinds")
    mentions = etree.SubElement(stand_off, tei("listAnnotation"), type="mentions")
    for sid, text, ranges, doc in analysed:
        label = label_of(doc.cats)
        resp = CONTEXT_RESP if doc._.alone else RESP
        _annotation(kinds, f"{sid}.kind", f"#{sid}", "classifying", f"#kind.{label}", _cert(doc.cats[label]), resp)
        found = [(e.start_char, e.end_char, e.label_.lower(), e.ent_id_, None) for e in doc.ents]
        found += [(n.start_char, n.end_char, "num", None, n._.value) for n in doc.spans["numbers"]]
        for number, (start, end, kind, ref, value) in enumerate(sorted(found, key=lambda f: f[:2]), 1):
            left, right = ranges[start][0], ranges[end - 1][1]
            target = f"#string-range(//*[@xml:id='{sid}'],{left},{right - left})"
            ana = f"#{ref}" if ref else None
            note = etree.SubElement(_annotation(mentions, f"{sid}.m{number}", target, "identifying", ana), tei("note"))
            _mention(note, kind, ref, value, text[start:end])
    for group in (kinds, mentions):
        if not len(group):  # TEI wants at least one annotation in a list, and one list in a standOff
            stand_off.remove(group)
    if not len(stand_off):
        root.remove(stand_off)
        return analysed
    etree.indent(stand_off, space="  ", level=1)
    stand_off.tail = "\n"
    stand_off.getprevious().tail = "\n  "
    return analysed


def _annotation(
    parent: etree._Element,
    xml_id: str,
    target: str,
    motivation: str,
    ana: str | None,
    cert: str = "medium",
    resp: str = RESP,
) -> etree._Element:
    element = etree.SubElement(parent, tei("annotation"))
    element.set(XML_ID, xml_id)
    element.set("target", target)
    element.set("motivation", motivation)
    if ana:
        element.set("ana", ana)
    element.set("resp", resp)
    element.set("cert", cert)
    return element


def _mention(note: etree._Element, kind: str, ref: str | None, value: int | float | None, text: str) -> None:
    """The mention as TEI would say it inline: <rs>, <term> or <num>."""
    if kind == "num":
        element = etree.SubElement(note, tei("num"), value=f"{value:g}")
    elif kind == "term":
        element = etree.SubElement(note, tei("term"), ref=f"#{ref}")
    else:
        element = etree.SubElement(note, tei("rs"), type=kind, ref=f"#{ref}")
    element.text = text


def _cert(confidence: float) -> str:
    return "high" if confidence >= 0.8 else "medium" if confidence >= 0.5 else "low"


def annotate_bytes(data: bytes) -> bytes:
    """A serialised TEI file with its stand-off annotation added, serialised the same way."""
    head, _, _ = data.partition(b"<TEI")
    root = etree.fromstring(data)
    annotate(root)
    return head + etree.tostring(root, encoding="unicode").encode() + b"\n"
