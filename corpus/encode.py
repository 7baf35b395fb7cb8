"""Raw text to TEI: structure, sentences and edits as spans, nested, identified and serialised."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from lxml import etree

from corpus.corrections import load_corrections, locate
from corpus.errors import AcademieError
from corpus.games import identify
from corpus.header import build_header
from corpus.ids import assign_ids
from corpus.sentences import sentence_ranges
from corpus.sources import Source
from corpus.spans import TEI_NS, XML_NS, Span, emit, nest, tei
from corpus.structure import Layout, analyse

SCHEMA_PI = (
    '<?xml-model href="https://www.tei-c.org/release/xml/tei/custom/schema/relaxng/tei_all.rng" '
    'type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"?>'
)
GAME_RESP = "#academie.game-cues"
SENTENCE_BLOCKS = ("p",)


def software_version() -> str:
    try:
        return version("academie")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0.0.0"


def encode_source(source: Source, automatic: list[Span] | None = None) -> bytes:
    """The TEI file of `source`, as bytes; `automatic` adds cleaner edits (overridden by the editor)."""
    raw = source.text()
    editor = locate(load_corrections(source.corrections_path), raw, source.corrections_path)
    return encode_text(source, raw, editor, automatic or [])


def encode_text(source: Source, raw: str, editor: list[Span], automatic: list[Span]) -> bytes:
    layout = analyse(raw)
    sentences = _sentences(raw, layout)
    barriers = [*_blocks(layout), *sentences]
    edits = _fit_edits(editor, [*layout.edits, *automatic], barriers, source.corrections_path)
    root = nest(Span("text", 0, len(raw)), [*layout.spans, *sentences, *edits])
    assign_ids(source.id, root)
    _annotate_games(root, raw)
    return _serialise(source, root, raw)


def _blocks(layout: Layout) -> list[Span]:
    return [s for s in layout.spans if s.tag in ("p", "head", "ab", "item", "trailer", "label", "fw")]


def _fit_edits(editor: list[Span], automatic: list[Span], barriers: list[Span], path: Path) -> list[Span]:
    """Editor edits win over automatic ones they overlap. An edit may not cut across a block or a
    sentence: an editor's is refused, an automatic one dropped, so identifiers never move."""
    kept = list(editor)
    for span in editor:
        if _cuts(span, barriers):
            raise AcademieError(
                f"correction of {span.start}-{span.end} crosses a sentence, paragraph or running-head boundary;"
                " split it in two",
                path,
            )
    for span in sorted(automatic, key=lambda s: (s.start, s.end)):
        if not _cuts(span, barriers) and not any(_overlap(span, other) for other in kept):
            kept.append(span)
    return kept


def _overlap(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end or (a.start == b.start and a.end == b.end)


def _cuts(span: Span, barriers: list[Span]) -> bool:
    """Whether `span` lies partly inside and partly outside one of `barriers`, or inside no block."""
    if not any(b.start <= span.start and span.end <= b.end for b in barriers if b.tag != "s"):
        return True
    return any(_overlap(span, b) and not (b.start <= span.start and span.end <= b.end) for b in barriers)


def _sentences(raw: str, layout: Layout) -> list[Span]:
    masks = [(s.start, s.end) for s in layout.spans if s.tag in ("fw", "label")]
    out = []
    for block in layout.spans:
        if block.tag in SENTENCE_BLOCKS:
            out.extend(Span("s", lo, hi) for lo, hi in sentence_ranges(raw, block.start, block.end, masks))
    return out


def _annotate_games(root: Span, raw: str) -> None:
    for span in _iter(root):
        if span.tag != "cit":
            continue
        found = identify(raw[span.start : span.end])
        if found is None:
            continue
        game, cert = found
        note = etree.Element(tei("note"), type="game", resp=GAME_RESP, cert=cert)
        rs = etree.SubElement(note, tei("rs"), type="game", ref=f"#game.{game.id}")
        rs.text = game.fr
        span.appended.append(note)


def _iter(span: Span):
    for child in span.children:
        yield child
        yield from _iter(child)


def _serialise(source: Source, root: Span, raw: str) -> bytes:
    tei_root = etree.Element(tei("TEI"), nsmap={None: TEI_NS})
    tei_root.set(f"{XML_NS}lang", source.meta.get("language", "fr"))
    header = build_header(source, software_version())
    etree.indent(header, space="  ", level=1)
    tei_root.append(header)
    text = etree.SubElement(tei_root, tei("text"))
    text.set(f"{XML_NS}id", source.id)
    emit(text, root, raw)
    tei_root.text, header.tail, text.tail = "\n  ", "\n  ", "\n"
    body = etree.tostring(tei_root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{SCHEMA_PI}\n{body}\n'.encode()
