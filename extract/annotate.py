"""The pipeline's findings as TEI stand-off annotation: the kind of every sentence and the mentions of
cards, suits, games, terms, counters and numbers, each pointing into the text by @xml:id.

Stand-off rather than inline: the annotations are machine proposals that change when the pipeline
does, while the transcription does not; and a mention may cross an <lb/>, a <pb/> or a <choice>,
which inline <rs> could not contain. The text, its ids and its round trip stay untouched.
"""

from __future__ import annotations

from lxml import etree

from corpus.readings import mapped_reading
from corpus.spans import TEI_NS, XML_ID, tei
from extract.pipeline import nlp

RESP = "#academie.extract"
RS_TYPES = ("card", "suit", "game", "counter")  # as <rs type ref>; terms of play as <term ref>


def sentences(root: etree._Element) -> list[tuple[etree._Element, str, list[tuple[int, int]]]]:
    """Each sentence of the text with its reading and that reading's ranges in the sentence."""
    out = []
    for s in root.find(tei("text")).iter(tei("s")):
        text, ranges = mapped_reading(s)
        if text:
            out.append((s, text, ranges))
    return out


def annotate(root: etree._Element) -> None:
    """Add (or replace) the <standOff> of a TEI document."""
    for old in root.findall(tei("standOff")):
        root.remove(old)
    items = sentences(root)
    stand_off = etree.SubElement(root, tei("standOff"))
    kinds = etree.SubElement(stand_off, tei("listAnnotation"), type="sentence-kinds")
    mentions = etree.SubElement(stand_off, tei("listAnnotation"), type="mentions")
    for (s, text, ranges), doc in zip(items, nlp().pipe(t for _, t, _ in items), strict=True):
        sid = s.get(XML_ID)
        label = max(doc.cats, key=doc.cats.get)
        _annotation(kinds, f"{sid}.kind", f"#{sid}", "classifying", f"#kind.{label}", _cert(doc.cats[label]))
        found = [(e.start_char, e.end_char, e.label_.lower(), e.ent_id_, None) for e in doc.ents]
        found += [(n.start_char, n.end_char, "num", None, n._.value) for n in doc.spans["numbers"]]
        for number, (start, end, kind, ref, value) in enumerate(sorted(found, key=lambda f: f[:2]), 1):
            left, right = ranges[start][0], ranges[end - 1][1]
            target = f"#string-range(//*[@xml:id='{sid}'],{left},{right - left})"
            ana = f"#{ref}" if ref else None
            note = etree.SubElement(_annotation(mentions, f"{sid}.m{number}", target, "identifying", ana), tei("note"))
            _mention(note, kind, ref, value, text[start:end])
    etree.indent(stand_off, space="  ", level=1)
    stand_off.tail = "\n"
    stand_off.getprevious().tail = "\n  "


def _annotation(
    parent: etree._Element, xml_id: str, target: str, motivation: str, ana: str | None, cert: str = "medium"
) -> etree._Element:
    element = etree.SubElement(parent, tei("annotation"))
    element.set(XML_ID, xml_id)
    element.set("target", target)
    element.set("motivation", motivation)
    if ana:
        element.set("ana", ana)
    element.set("resp", RESP)
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


__all__ = ["annotate", "annotate_bytes", "TEI_NS"]
