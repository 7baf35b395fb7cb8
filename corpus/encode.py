"""Raw text to TEI: structure, sentences and edits as spans, nested, identified and serialised."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cache, cached_property
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from lxml import etree

from corpus.cleaner import Cleaning, clean, default_methods
from corpus.corrections import KEEP, load_corrections, locate
from corpus.errors import AcademieError
from corpus.games import games, identify
from corpus.header import build_header
from corpus.identifications import Identification, load_identifications
from corpus.ids import assign_ids
from corpus.lines import WS
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


@cache
def software_version() -> str:
    try:
        return version("academie")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0.0.0"


@dataclass
class Encoded:
    """A source's TEI (the tree, handed on as it is) and what the automatic cleaning did and suggested."""

    root: etree._Element
    cleaning: Cleaning

    @cached_property
    def data(self) -> bytes:
        """The TEI file's bytes, serialised once."""
        return serialise(self.root)


def methods_of(source: Source, raw: str) -> tuple[str, ...]:
    """The cleaning methods of a source: from its metadata, else guessed from its spelling."""
    return tuple(source.meta.get("cleaning", default_methods(raw)))


def encode(source: Source, editor_corrections: bool = True) -> Encoded:
    """Encode a source with its automatic cleaning and (unless told not to) its editor's corrections."""
    raw = source.text()
    editor = []
    if editor_corrections:
        editor = locate(load_corrections(source.corrections_path), raw, source.corrections_path)
    return encode_text(source, raw, editor, methods_of(source, raw))


def encode_source(source: Source) -> bytes:
    """The TEI file of `source`, as bytes."""
    return encode(source).data


def encode_text(source: Source, raw: str, editor: list[Span], methods: tuple[str, ...] = ()) -> Encoded:
    layout = analyse(raw)
    cleaning = clean(raw, layout, methods)
    sentences = _sentences(raw, layout)
    barriers = _Barriers(layout, sentences)
    edits = _fit_edits(editor, [*layout.edits, *cleaning.edits], barriers, source.corrections_path)
    _keep_edited_breaks(layout.spans, editor, raw)
    root = nest(Span("text", 0, len(raw)), [*layout.spans, *sentences, *edits])
    assign_ids(source.id, root)
    _annotate_games(root, raw, load_identifications(source.identifications_path), source.identifications_path)
    return Encoded(_document(source, root, raw), cleaning)


TOP_BLOCKS = ("p", "head", "ab", "item", "trailer")
INNER_BLOCKS = ("label", "fw")


class _Barriers:
    """Blocks and sentences an edit may not cut across, searchable by offset."""

    def __init__(self, layout: Layout, sentences: list[Span]):
        self.tops = sorted((s.start, s.end) for s in layout.spans if s.tag in TOP_BLOCKS)
        self.inner = sorted((s.start, s.end) for s in layout.spans if s.tag in INNER_BLOCKS)
        self.sentences = sorted((s.start, s.end) for s in sentences)

    def cut(self, span: Span) -> bool:
        """Whether `span` lies in no block, or partly inside and partly outside a block or sentence."""
        inside_inner = _containing(self.inner, span)
        if inside_inner is None and _containing(self.tops, span) is None:
            return True
        return _crosses(self.inner, span) or _crosses(self.sentences, span)


def _containing(intervals: list[tuple[int, int]], span: Span) -> tuple[int, int] | None:
    """The interval holding all of `span` (the intervals are disjoint and sorted)."""
    i = bisect_right(intervals, (span.start, float("inf"))) - 1
    if i >= 0 and intervals[i][0] <= span.start and span.end <= intervals[i][1]:
        return intervals[i]
    return None


def _crosses(intervals: list[tuple[int, int]], span: Span) -> bool:
    """Some interval overlaps `span` without holding it (the intervals are disjoint and sorted)."""
    i = bisect_left(intervals, (span.end, -1)) - 1
    while i >= 0 and intervals[i][1] > span.start:
        start, end = intervals[i]
        if not (start <= span.start and span.end <= end):
            return True
        i -= 1
    return False


def _fit_edits(editor: list[Span], automatic: list[Span], barriers: _Barriers, path: Path) -> list[Span]:
    """Editor edits win over automatic ones they overlap. An edit may not cut across a block or a
    sentence: an editor's is refused, an automatic one dropped, so identifiers never move."""
    for span in editor:
        if barriers.cut(span):
            raise AcademieError(
                f"correction crosses a sentence, paragraph or running-head boundary: {span.literal!r}; split it",
                path,
                span.line,
            )
    taken = sorted((e.start, e.end) for e in editor)
    kept = [e for e in editor if e.tag != KEEP]
    last_end = -1
    for span in sorted(automatic, key=lambda s: (s.start, s.end)):
        if span.start < last_end or barriers.cut(span) or _crosses_any(taken, span):
            continue
        kept.append(span)
        last_end = span.end
    return kept


def _keep_edited_breaks(spans: list[Span], editor: list[Span], raw: str) -> None:
    """A word joined across a line break is the editor's to read when he corrected either piece:
    the automatic `break="no"` goes."""
    cut = [s for s in spans if s.tag == "lb" and s.attrs.get("break") == "no"]
    if not cut or not editor:
        return
    edited = sorted((e.start, e.end) for e in editor)
    for lb in cut:
        before = raw[: lb.start].rstrip(WS)
        start = len(before) - len(before.split()[-1]) if before.split() else lb.start
        end = lb.start + len(raw[lb.start :].split(maxsplit=1)[0]) if raw[lb.start :].strip() else lb.start
        if _crosses_any(edited, Span("lb", start, end)):
            for key in ("break", "resp", "cert"):
                lb.attrs.pop(key, None)


def _crosses_any(intervals: list[tuple[int, int]], span: Span) -> bool:
    """Some interval overlaps `span` at all."""
    i = bisect_left(intervals, (span.end, span.end + 1)) - 1
    return i >= 0 and (intervals[i][1] > span.start or intervals[i] == (span.start, span.end))


def _sentences(raw: str, layout: Layout) -> list[Span]:
    masks = [(s.start, s.end) for s in layout.spans if s.tag in ("fw", "label")]
    out = []
    for block in layout.spans:
        if block.tag in SENTENCE_BLOCKS:
            out.extend(Span("s", lo, hi) for lo, hi in sentence_ranges(raw, block.start, block.end, masks))
    return out


def _annotate_games(root: Span, raw: str, identified: dict[str, Identification], where: Path) -> None:
    """Each quotation's game: the editor's identification with its evidence, else the game cues."""
    found_ids = set()
    for span in root.descendants():
        if span.tag != "cit":
            continue
        editor = identified.get(span.attrs.get("xml:id", ""))
        found_ids.add(span.attrs.get("xml:id", ""))
        if editor is not None:
            game, cert, resp = next(g for g in games() if g.id == editor.game), editor.cert, "#editor"
        else:
            cued = identify(raw[span.start : span.end])
            if cued is None:
                continue
            (game, cert), resp = cued, GAME_RESP
        note = etree.Element(tei("note"), type="game", resp=resp, cert=cert)
        rs = etree.SubElement(note, tei("rs"), type="game", ref=f"#game.{game.id}")
        rs.text = game.fr
        if editor is not None:
            rs.tail = f": {editor.evidence}"
        span.appended.append(note)
    for passage, editor in identified.items():
        if passage not in found_ids:
            raise AcademieError(f"no quotation {passage} in this source", where, editor.line)


def _document(source: Source, root: Span, raw: str) -> etree._Element:
    tei_root = etree.Element(tei("TEI"), nsmap={None: TEI_NS})
    tei_root.set(f"{XML_NS}lang", source.meta.get("language", "fr"))
    header = build_header(source, software_version())
    etree.indent(header, space="  ", level=1)
    tei_root.append(header)
    text = etree.SubElement(tei_root, tei("text"))
    text.set(f"{XML_NS}id", source.id)
    emit(text, root, raw)
    tei_root.text, header.tail, text.tail = "\n  ", "\n  ", "\n"
    return tei_root


def serialise(tei_root: etree._Element) -> bytes:
    """A TEI document as its file: the XML declaration, the schema's processing instruction, the tree."""
    body = etree.tostring(tei_root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{SCHEMA_PI}\n{body}\n'.encode()
