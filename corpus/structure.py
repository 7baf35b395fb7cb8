"""The structure of a raw text as spans: banners, sections, headings, articles, quotations, lists,
paragraphs, running heads, page and line breaks. Identifiers are given later (corpus/ids.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus import lines as L
from corpus.layoutdata import layout_data, matches_any
from corpus.lines import Line
from corpus.numbering import Number, arabic_at, list_item, roman_line, roman_tail
from corpus.pages import find_running_heads
from corpus.spans import Span

MAX_SUBTITLE = 150
MAX_QUOTE_LINES = 40
LAYOUT_RESP = "#academie.layout"
HYPHEN_RESP = "#academie.hyphenation"


@dataclass
class Layout:
    """What the structure pass found: spans plus the edits it implies (restored numbers, hyphens)."""

    spans: list[Span] = field(default_factory=list)
    edits: list[Span] = field(default_factory=list)
    blocks: list[Span] = field(default_factory=list)


def _banner_bounds(lines: list[Line]) -> tuple[int, int]:
    """Indices [first, last) of the body lines, between front and back banners."""
    data = layout_data()
    content = [i for i, ln in enumerate(lines) if not ln.blank]
    if not content:
        return 0, len(lines)
    head, tail = content[: data.banner_window], content[-data.banner_window :]
    front = [i for i in head if matches_any(data.front_banner, lines[i].stripped)]
    back = [i for i in tail if matches_any(data.back_banner, lines[i].stripped)]
    first = front[-1] + 1 if front else 0
    last = back[0] if back else len(lines)
    if not any(not lines[i].blank for i in range(first, last)):
        return 0, len(lines)
    return first, last


LETTERSPACED_LINE = 60  # a line that opens with a word in spaced capitals, and no longer: a heading
RUN_IN = 3  # more words in lower case than this after the capitals: a run-in heading, its paragraph's


def _capitalised(text: str) -> bool:
    """A heading in capitals: its first words (up to three) all upper case, and few after them in
    lower case."""
    every = [w for w in re.findall(r"[^\W\d_]+", text) if len(w) >= 2]
    words = every[:3]
    if len(text) > 120 or not words or not all(w.isupper() for w in words):
        return False
    if sum(not w.isupper() for w in every) > RUN_IN:  # "VALEUR DES CARTES - L'as vaut 11, les images 10…"
        return False
    return len(words) >= 2 or (len(words[0]) >= 4 and len(text) <= 30)


_LETTERSPACED = re.compile(r"(?:[A-ZÀ-ÝÆŒ] ){3,}[A-ZÀ-ÝÆŒ]\b")  # "T A B L E T T E . ( règle du jeu de la )"


# "Nombre de cartes :", "Déroulement :" title what follows; "On donne ainsi :" is a clause that leads to it
_SUBJECT = re.compile(r"(?:on|l.on|il|ils|elle|elles|chacun|celui|celle|ceux|je|nous|vous)\b", re.IGNORECASE)
LIST_COMMAS = 3  # a line with so many commas lists things: never a heading
STANDING_WORDS, STANDING_CHARS = 12, 90  # a line alone after a sentence's end: a heading up to so long
UNWRAPPED_LINES, UNWRAPPED_SHARE = 3, 0.5  # so many lines at least, this share ending like a sentence

_RUNNING_HEAD = re.compile(r"^(?:\S+ ){0,5}\S*\((?:suite|fin|suite et fin)\)$", re.I)  # a dictionary's "(suite)"


def _is_heading(
    line: Line, prev: Line | None, gap: bool, nxt: Line | None = None, gap_after: bool = False, under: bool = False
) -> bool:
    """`under`: the line before is a heading itself ("RÈGLES (2, 3 ou 4 joueurs…)" over "Valeur et
    ordre de force des cartes"), which ends no sentence but leaves none open."""
    text = line.stripped
    if matches_any(layout_data().heading, text) or _RUNNING_HEAD.search(text):
        return True  # "carte à jouer (suite)": a dictionary's running head
    if matches_any(layout_data().value_row, text) or text.count(",") >= LIST_COMMAS:
        return False  # a row of values, or a list ("Roi, dame, valet, as, 10, 9, 8, 7")
    if L.fielded(text) and not text.endswith(":"):
        return False  # "Nombre de joueurs : 2 joueurs": a field and its value
    if _capitalised(text) or (_LETTERSPACED.match(text) and len(text) <= LETTERSPACED_LINE):
        return True
    if prev is not None and _LONE_NUMBER.fullmatch(prev.stripped) and _title(text, gap_after=True):
        return True  # "1." on a line of its own, then "Nombre de joueurs, jeu de cartes, préparation…"
    after_break = prev is None or gap or L.ends_terminal(prev.text) or len(prev.stripped) <= 6
    short = len(text) <= 40 and len(text.split()) <= 6
    goes_on = nxt is not None and L.starts_lower(nxt.text) and not L.opens_number(nxt.text)  # "…les cartes⏎⏎par trois"
    titled = text.endswith(":") and short and not re.search(r"[\d,;]", text) and not _SUBJECT.match(text)
    if (
        not after_break
        or goes_on
        or not L.starts_upper(text[:1] or " ")
        or (re.search(r"[.,;:!?]$", text) and not titled)
    ):
        return False
    return short or _standing(text, None if under and gap else prev, gap, gap_after)


_LONE_NUMBER = re.compile(r"(?:\d{1,2}|[IVXL]{1,5})[.)]")  # "1." on a line of its own


def _title(text: str, gap_after: bool) -> bool:
    """A title after a number: in capitals, no stop or comma at its end, as short as a line
    standing alone ("Nombre de joueurs et jeu de cartes", "La donne")."""
    return (
        bool(text)
        and L.starts_upper(text)
        and not re.search(r"[.,;:!?]$", text)
        and _standing(text, None, True, gap_after)
    )


def _standing(text: str, prev: Line | None, gap: bool, gap_after: bool) -> bool:
    """A line set apart by blank lines after a sentence that ended, and not ending on a word that
    leads on: a heading of a few words ("Désignation du donneur et genre de donne")."""
    words = text.split()
    sentence_ended = prev is None or L.ends_terminal(prev.text)
    return (
        (gap or prev is None)
        and gap_after
        and sentence_ended
        and len(words) <= STANDING_WORDS
        and len(text) <= STANDING_CHARS
        and words[-1].lower() not in layout_data().leads_on
    )


def _quote_ranges(lines: list[Line], first: int, last: int, fw_lines: set[int]) -> dict[int, int]:
    """Quotations opened by “ or « at a line start and closed by ” or » at a line end."""
    ranges, i = {}, first
    while i < last:
        text = lines[i].stripped
        if text[:1] in "“«" and len(text) > 1 and i not in fw_lines:
            for j in range(i, min(last, i + MAX_QUOTE_LINES)):
                if j in fw_lines:
                    continue
                end_text = lines[j].stripped
                if end_text and end_text[-1] in "”»" and (j > i or len(end_text) > 2):
                    ranges[i] = j
                    i = j
                    break
        i += 1
    return ranges


def _list_runs(lines: list[Line], first: int, last: int) -> dict[int, int]:
    """Runs of at least three short numbered lines in sequence (the 21 trumps of 1659)."""
    runs, i = {}, first
    while i < last:
        item = list_item(lines[i].text)
        j = i
        while item and j + 1 < last:
            nxt = list_item(lines[j + 1].text)
            if not nxt or nxt.value != list_item(lines[j].text).value + 1 or nxt.label:
                break
            j += 1
        if item and j - i + 1 >= 3:
            runs[i] = j
            i = j
        i += 1
    return runs


class _Walker:
    """Walks the body lines once, opening and closing containers as a reader would."""

    def __init__(self, lines: list[Line], layout: Layout):
        self.lines, self.out = lines, layout
        self.section: Span | None = None
        self.article: Span | None = None
        self.cit: Span | None = None
        self.block: Span | None = None
        self.block_lines: list[Line] = []
        self.prev: Line | None = None
        self.gap = False
        self.unwrapped = False  # the text's lines are its paragraphs (_unwrapped)
        self.parallel: set[int] = set()  # starts of lines that open alike, a list's items (_parallel_lines)
        self.soft = False  # lines as long as no page prints: the text was not wrapped (SOFT_LINE)
        self.titles: set[int] = set()  # starts of the short lines that title what follows (_titles)
        self.arabic_next: int | None = None
        self.roman_next = 1
        self.section_has_body = False
        self.leading: list[Span] = []  # paragraphs before the first article of a headless section

    # containers --------------------------------------------------------------
    def _open(self, tag: str, start: int, attrs: dict[str, str], sub: int = 0) -> Span:
        span = Span(tag, start, start, dict(attrs), sub=sub)
        self.out.spans.append(span)
        return span

    def _extend(self, end: int) -> None:
        for span in (self.section, self.article, self.cit, self.block):
            if span is not None:
                span.end = max(span.end, end)

    def close_block(self) -> None:
        if self.block is not None:
            self._finish_block()
        self.block, self.block_lines = None, []

    def close_article(self) -> None:
        self.close_block()
        self.article = None

    def close_section(self) -> None:
        self.close_article()
        self._fragment_check(None)
        self.section, self.cit = None, None
        self.arabic_next, self.roman_next, self.section_has_body = None, 1, False

    def ensure_section(self, start: int) -> None:
        if self.section is None:
            self.section = self._open("div", start, {"type": "section"})
            self.leading = []

    def _finish_block(self) -> None:
        block, lines = self.block, self.block_lines
        self.out.blocks.append(block)
        for before, line in zip(lines, lines[1:], strict=False):
            attrs = {}
            if (
                L.ends_hyphen(before.text)
                and L.starts_lower(line.text)
                or L.ends_misread_hyphen(before.text, line.text)
            ):
                attrs = {"break": "no", "resp": HYPHEN_RESP, "cert": "medium"}
                pos = before.content_end - 1
                self.out.edits.append(
                    Span("orig", pos, pos + 1, {}, literal="", literal_attrs={"resp": HYPHEN_RESP, "cert": "medium"})
                )
            elif L.cut_without_hyphen(before.text, line.text):
                attrs = {"break": "no", "resp": HYPHEN_RESP, "cert": "low"}
            self.out.spans.append(Span("lb", line.start, line.start, attrs))

    def start_block(self, tag: str, line: Line, start: int | None = None, attrs: dict[str, str] | None = None) -> None:
        self.close_block()
        begin = line.content_start if start is None else start
        self.ensure_section(begin)
        self.block = self._open(tag, begin, attrs or {})
        self.block_lines = [line]
        if tag == "p" and self.article is None and self.cit is None:
            self.leading.append(self.block)

    def add_line(self, line: Line, end: int | None = None) -> None:
        if self.block_lines and self.block_lines[-1] is not line:
            self.block_lines.append(line)
        self._extend(line.content_end if end is None else end)

    # articles ----------------------------------------------------------------
    def open_article(self, number: Number, start: int) -> None:
        self.close_article()
        self.ensure_section(start)
        self._fragment_check(number)
        self.article = self._open("div", start, {"type": "article", "n": str(number.value)}, sub=1)
        self.section_has_body = True

    def restore_label(self, raw_label: str, start: int, number: Number) -> None:
        """A printed article number reads `N.` (or `N.°`): OCR's `i4*`, `. iS*`, `7«` are restored."""
        canonical = f"{number.value}." + ("°" if "°" in raw_label else "")
        if raw_label != canonical:
            self._restore(start, start + len(raw_label), canonical)
        elif not number.exact:
            self._restore(number.start, number.end, str(number.value))

    def _restore(self, start: int, end: int, text: str) -> None:
        self.out.edits.append(
            Span("sic", start, end, {}, literal=text, literal_attrs={"resp": LAYOUT_RESP, "cert": "medium"})
        )

    def _fragment_check(self, number: Number | None) -> None:
        """Text before a first article numbered N > 1 is the end of article N - 1, begun earlier."""
        if number is None or self.arabic_next is not None or number.value <= 1:
            return
        section = self.section
        if (
            not self.leading
            or section is None
            or any(s.tag == "head" and s.start >= section.start for s in self._section_heads())
        ):
            return
        start, end = self.leading[0].start, self.leading[-1].end
        self.out.spans.append(
            Span("div", start, end, {"type": "article", "n": str(number.value - 1), "part": "F"}, sub=1)
        )
        self.leading = []

    def _section_heads(self) -> list[Span]:
        assert self.section is not None
        return [s for s in self.out.spans if s.tag == "head" and s.start >= self.section.start and s.sub == 0]


def _next_content(lines: list[Line], i: int, last: int, skip: set[int]) -> Line | None:
    for j in range(i + 1, last):
        if not lines[j].blank and j not in skip:
            return lines[j]
    return None


def analyse(raw: str) -> Layout:
    """Find the structure of a raw text."""
    lines = L.split_lines(raw)
    layout = Layout()
    first, last = _banner_bounds(lines)
    _banners(lines, first, last, layout)
    heads = find_running_heads(lines[first:last])
    if len(heads) >= sum(not ln.blank for ln in lines[first:last]):
        heads = []  # a text needs something besides running heads
    fw_lines = {h.line.number - 1 for h in heads}
    for head in heads:
        attrs = {"n": str(head.page)}
        if not head.printed:
            attrs["cert"] = "medium"
        layout.spans.append(Span("pb", head.line.start, head.line.start, attrs))
        layout.spans.append(
            Span(
                "fw",
                head.line.content_start,
                head.line.content_end,
                {"type": "header", "place": "top", "n": str(head.page)},
            )
        )
    body_lines = [ln for ln in lines[first:last] if not ln.blank]
    body_start = body_lines[0].start if body_lines else 0
    body_end = body_lines[-1].end if body_lines else len(raw)
    layout.spans.append(Span("body", body_start, body_end))
    walker = _Walker(lines, layout)
    _walk(walker, lines, first, last, fw_lines)
    _adopt_orphans(layout)
    layout.edits += _soft_hyphens(raw, body_start, body_end)
    return layout


_SOFT_HYPHEN = re.compile(r"(?<=[^\W\d_])¬(?=[^\W\d_])")  # "sui¬vante", "pa¬quet": a print's hyphen kept


def _soft_hyphens(raw: str, start: int, end: int) -> list[Span]:
    """A word the print cut at a line's end, its hyphen kept as `¬` inside the line by a site that
    joined the lines: the word read whole, the hyphen in the original."""
    attrs = {"resp": HYPHEN_RESP, "cert": "high"}
    return [
        Span("orig", m.start(), m.end(), {}, literal="", literal_attrs=attrs)
        for m in _SOFT_HYPHEN.finditer(raw, start, end)
    ]


def _adopt_orphans(layout: Layout) -> None:
    """After a section's first article, text outside any article belongs to the article before it
    (TEI allows nothing but closers after nested divisions)."""
    sections = [s for s in layout.spans if s.tag == "div" and s.attrs.get("type") == "section"]
    articles = sorted(
        (s for s in layout.spans if s.tag == "div" and s.attrs.get("type") == "article"), key=lambda s: s.start
    )
    content = sorted((s for s in layout.spans if s.tag in ("p", "list", "cit", "ab")), key=lambda s: s.start)
    for section in sections:
        inside = [a for a in articles if section.start <= a.start < section.end]
        for block in content:
            if not section.start <= block.start < section.end or any(a.start <= block.start < a.end for a in inside):
                continue
            before = [a for a in inside if a.start < block.start]
            if before:
                before[-1].end = max(before[-1].end, block.end)


def _banners(lines: list[Line], first: int, last: int, layout: Layout) -> None:
    for lo, hi, tag in ((0, first, "front"), (last, len(lines), "back")):
        banner = [ln for ln in lines[lo:hi] if not ln.blank]
        if not banner:
            continue
        layout.spans.append(Span(tag, banner[0].content_start, banner[-1].content_end))
        layout.spans.append(Span("div", banner[0].content_start, banner[-1].content_end, {"type": "digitisation"}))
        for ln in banner:
            layout.spans.append(Span("ab", ln.content_start, ln.content_end, {"type": "banner"}))


def _walk(w: _Walker, lines: list[Line], first: int, last: int, fw_lines: set[int]) -> None:
    w.unwrapped = _unwrapped(lines, first, last, fw_lines)
    w.parallel = _parallel_lines(lines, first, last)
    w.soft = any(len(line.stripped) > SOFT_LINE for line in lines[first:last])
    w.titles = _titles(lines, first, last) - w.parallel if w.soft else set()
    quotes = _quote_ranges(lines, first, last, fw_lines)
    lists = _list_runs(lines, first, last)
    quote_end: int | None = None
    i = first
    while i < last:
        line = lines[i]
        if line.blank or i in fw_lines:
            w.gap = w.gap or line.blank
            i += 1
            continue
        if i in lists:
            i = _take_list(w, lines, i, lists[i])
        elif quote_end is None and i in quotes:
            quote_end = quotes[i]
            w.close_block()
            w.ensure_section(line.content_start)
            w.cit = w._open("cit", line.content_start, {})
            w._open("quote", line.content_start, {}).end = lines[quote_end].content_end
            w.start_block("p", line)
            w.add_line(line)
        elif quote_end is None and _is_trailer(w, line, lines, i, last, fw_lines):
            w.close_article()
            w.start_block("trailer", line)
            w.add_line(line)
        elif quote_end is None and (
            line.start in w.titles
            or _is_heading(
                line,
                w.prev,
                w.gap or w.unwrapped,
                _next_content(lines, i, last, fw_lines),
                w.unwrapped or _gap_after(lines, i, last),
                w.block is not None and w.block.tag == "head",
            )
        ):
            _take_heading(w, line)
        else:
            _take_text(w, line, lines, i, last, fw_lines)
        if quote_end is not None and i >= quote_end:
            w.close_block()
            w.cit, quote_end = None, None
        w.prev, w.gap = lines[min(i, last - 1)], False
        i += 1
    w.close_section()


def _unwrapped(lines: list[Line], first: int, last: int, skip: set[int]) -> bool:
    """Are the text's lines its paragraphs (most end like a sentence), not a page's wrapped lines?
    Then each line stands apart as if blank lines were around it."""
    content = [  # a list's items often end on no stop: they do not count
        ln
        for i, ln in enumerate(lines[first:last], first)
        if not ln.blank and i not in skip and not L.bulleted(ln.text)
    ]
    ended = sum(L.ends_terminal(ln.text) for ln in content)
    return len(content) >= UNWRAPPED_LINES and ended >= UNWRAPPED_SHARE * len(content)


SOFT_LINE = 200  # characters: longer than any printed line, so a page's lines were not kept
PARALLEL_LINES = 3  # so many lines in a row that open alike ("A 3 joueurs, …⏎A 4 joueurs, …") are items


def _parallel_lines(lines: list[Line], first: int, last: int) -> set[int]:
    """The starts of the lines of runs of at least PARALLEL_LINES that open in capitals with the same
    word ("Sur le …⏎Sur la …", "A 3 …⏎A 4 …"), none leading on to the next: the items of a list set
    without bullets or stops, each its own sentence."""
    out: set[int] = set()
    run: list[Line] = []
    word = None  # the word the lines of the run open with
    for line in [*lines[first:last], None]:
        opening = _opening(line) if line is not None else None
        if run and opening is not None and opening == word:
            run.append(line)
            continue
        if len(run) >= PARALLEL_LINES and not any(_LEADS_ON.search(ln.stripped) for ln in run):
            out |= {ln.start for ln in run}
        run, word = ([line], opening) if opening is not None else ([], None)
    return out


TITLE_CHARS, TITLE_WORDS = 60, 10  # a line that titles what follows is this short at most


def _titles(lines: list[Line], first: int, last: int) -> set[int]:
    """In a text not wrapped (its paragraphs kept as lines), the starts of the short lines that stand
    after a blank line or a sentence's end, lead on to nothing and are followed by a line in
    capitals ("Mise en place : distribution et chien⏎À 4 joueurs, …"): titles, though no blank
    line sets them apart; not a clause with its comma, nor a row of numbers, nor what a colon
    announces."""
    out = set()
    for i in range(first, last - 1):
        line, nxt = lines[i], lines[i + 1]
        before = lines[i - 1] if i > first else None
        stands = before is None or before.blank or L.ends_terminal(before.text)
        text = line.stripped
        numbers = sum(word[:1].isdigit() for word in text.split())
        if (
            stands
            and not (before is not None and before.stripped.endswith(":"))
            and "," not in text
            and numbers < 2
            and not line.blank
            and 2 <= len(text.split()) <= TITLE_WORDS
            and len(text) <= TITLE_CHARS
            and L.starts_upper(text)
            and not L.ends_terminal(text)
            and not _LEADS_ON.search(text)
            and not L.bulleted(text)
            and not nxt.blank
            and L.starts_upper(nxt.stripped)
        ):
            out.add(line.start)
    return out


def _opening(line: Line) -> str | None:
    """The first word of a line of a few words at least that opens in capitals."""
    words = line.stripped.split()
    return words[0] if not line.blank and len(words) >= 3 and L.starts_upper(line.stripped) else None


def _joined_item(prev: Line, line: Line) -> bool:
    """ "• Chaque personne reçoit 5 cartes,⏎• et on révèle la première carte": an item that a
    conjunction carries on from the item before, which ended on a comma."""
    return prev.stripped.endswith(",") and bool(_CONJUNCTION.match(L.after_bullet(line.text)))


_CONJUNCTION = re.compile(r"(?:et|ou|puis|mais|sinon)\b")


def _gap_after(lines: list[Line], i: int, last: int) -> bool:
    """Is the line followed by a blank line (or the end of the text)?"""
    return i + 1 >= last or lines[i + 1].blank


def _take_list(w: _Walker, lines: list[Line], i: int, j: int) -> int:
    w.close_block()
    first = lines[i]
    w.ensure_section(first.content_start)
    lst = w._open("list", first.content_start, {})
    lst.end = lines[j].content_end
    w._extend(lst.end)
    caption = list_item(first.text)
    if caption and caption.label:
        offset = first.text.index(caption.label)
        w.out.spans.append(Span("head", first.start + offset, first.start + offset + len(caption.label), {}, sub=1))
    for k in range(i, j + 1):
        item = list_item(lines[k].text)
        assert item is not None
        start = lines[k].start + lines[k].text.index(f"{item.value}.", len(item.label or ""))
        w.out.spans.append(Span("item", start, lines[k].content_end, {"n": str(item.value)}))
    w.section_has_body = True
    return j


def _is_trailer(w: _Walker, line: Line, lines: list[Line], i: int, last: int, fw_lines: set[int]) -> bool:
    """A closing line ("Fin des Taros.") that only a heading or the end of the text follows."""
    if w.section is None or not w.section_has_body or not matches_any(layout_data().trailer, line.stripped):
        return False
    nxt = _next_content(lines, i, last, fw_lines)
    return nxt is None or _is_heading(nxt, line, True)


def _take_heading(w: _Walker, line: Line) -> None:
    block = w.block
    if block is not None and block.tag == "head" and w.prev is not None and w.prev.stripped.endswith(","):
        w.add_line(line)
        return
    w.close_section()
    w.ensure_section(line.content_start)
    w.start_block("head", line)
    w.add_line(line)


def _take_text(w: _Walker, line: Line, lines: list[Line], i: int, last: int, fw_lines: set[int]) -> None:
    in_quote = w.cit is not None
    number, titled = (None, False) if in_quote else _article_number(w, line, lines, i, last)
    roman = None if in_quote or number else roman_line(line.text, line.start, w.roman_next)
    if number:
        w.open_article(number, line.content_start)
        w.start_block("head" if titled else "p", line, attrs={"type": "number"} if titled else None)
        w.out.spans.append(Span("label", line.content_start, number.label_end, {"type": "article-number"}))
        label = line.text[line.content_start - line.start : number.label_end - line.start]
        if w.arabic_next is not None or len(lines) > 1:  # a text of one line shows no articles to follow
            w.restore_label(label, line.content_start, number)
        w.add_line(line)
        if titled:
            w.close_block()
        w.arabic_next = number.value + 1
        return
    if roman:
        w.open_article(roman, line.content_start)
        w.start_block("head", line, attrs={"type": "number"})
        w.add_line(line)
        w.close_block()
        w.roman_next = roman.value + 1
        return
    if not in_quote and _numbered_alone(line, lines, i, last):
        _take_heading(w, line)  # "1. La donne" between blank lines, though a page numbers every title 1
        return
    tail = None if in_quote else roman_tail(line.text, line.start, w.roman_next)
    end = None
    if tail and tail.start > line.content_start:
        end = line.start + len(line.text[: tail.start - line.start].rstrip(L.WS))
    _paragraph_line(w, line, lines, i, last, fw_lines, end)
    if tail and end is not None:
        w.open_article(tail, tail.start)
        w.start_block("head", line, start=tail.start, attrs={"type": "number"})
        w.add_line(line)
        w.close_block()
        w.roman_next = tail.value + 1


def _article_number(w: _Walker, line: Line, lines: list[Line], i: int, last: int) -> tuple[Number | None, bool]:
    """The article number opening the line, and whether the rest of the line titles the article;
    a short title ("2. Donne") is read only where the sequence expects its number."""
    number = arabic_at(line.text, line.start, w.arabic_next)
    if number is not None:
        return number, _numbered_title(line, number, lines, i, last)
    short = None if w.arabic_next is None else arabic_at(line.text, line.start, w.arabic_next, min_text=1)
    if short is not None and short.exact and _numbered_title(line, short, lines, i, last):
        return short, True
    return None, False


def _numbered_title(line: Line, number: Number, lines: list[Line], i: int, last: int) -> bool:
    """Does the numbered line title what follows ("1. Nombre de joueurs et jeu de cartes", a blank
    line, then its paragraph), as a line standing alone would, rather than open a rule's text?"""
    return _title(line.text[number.label_end - line.start :].strip(L.WS), _gap_after(lines, i, last))


_TWO_SENTENCES = re.compile(r"[a-zà-ÿ]{2}[.!?]\s+[A-ZÀ-Ý]")  # "…une corbeille ronde. Chaque panier…": no subtitle
_NUMBER_LABEL = re.compile(r"\d{1,2}[.)]\s+")


def _numbered_alone(line: Line, lines: list[Line], i: int, last: int) -> bool:
    """A short numbered title on a line of its own between blank lines, out of the articles' sequence
    ("1. Mise en place", "1. La donne": each title of a web page's list numbered 1)."""
    label = _NUMBER_LABEL.match(line.stripped)
    before_blank = i == 0 or lines[i - 1].blank
    return bool(label) and before_blank and _title(line.stripped[label.end() :], _gap_after(lines, i, last))


def _paragraph_line(
    w: _Walker, line: Line, lines: list[Line], i: int, last: int, fw_lines: set[int], end: int | None
) -> None:
    block, prev = w.block, w.prev
    if block is not None and block.tag == "head" and prev is not None and prev.stripped.endswith(","):
        w.add_line(line, end)
        return
    if (
        block is not None
        and block.tag in ("p", "ab")
        and prev is not None
        and _continues(w, prev, line)
        and not _field_rows(lines, i)
    ):
        w.add_line(line, end)
        return
    only_heads = w.section is not None and not w.section_has_body and block is not None and block.tag == "head"
    nxt = _next_content(lines, i, last, fw_lines)
    subtitle = len(line.stripped) <= MAX_SUBTITLE and not _TWO_SENTENCES.search(line.stripped)
    if only_heads and subtitle and nxt is not None and _numbered(w, nxt):
        w.start_block("head", line, attrs={"type": "sub"})
        w.add_line(line, end)
        return
    w.start_block("p", line)
    w.add_line(line, end)
    w.section_has_body = True


FIELD_ROWS, FIELD_ROW_WORDS, FIELD_ROW_CHARS = 3, 6, 40  # "Type Jeu de levées⏎Joueurs 2 à 4⏎Durée 30 minutes"
_LEADS_ON = re.compile(r"(?:[,;:(–—-]|\b(?:de|du|des|le|la|les|l'|à|au|aux|et|ou|en|un|une|par|pour|sur))$", re.I)


def _field_rows(lines: list[Line], i: int) -> bool:
    """Does the line after a row of a table of fields (an infobox: short lines in capitals, none
    ending a sentence or leading on, at least FIELD_ROWS in a run) start a paragraph of its own, a
    row itself or the capitalised line after the last?"""

    def row(k: int) -> bool:
        text = re.sub(r"\s*\([^)]*\)", "", lines[k].stripped) if 0 <= k < len(lines) else ""  # an aside aside
        return (
            bool(text)
            and L.starts_upper(text)
            and len(text) <= FIELD_ROW_CHARS
            and len(text.split()) <= FIELD_ROW_WORDS
            and not L.ends_terminal(text)
            and not _LEADS_ON.search(text)
        )

    before = i - 1
    while before >= 0 and not lines[before].stripped:  # the table may end at a blank line
        before -= 1
    if not row(before) or not (row(i) or L.starts_upper(lines[i].stripped)):
        return False  # a row, or the capitalised line after the table's last row
    start, stop = before, i if row(i) and before == i - 1 else before
    while row(start - 1):
        start -= 1
    while row(stop + 1):
        stop += 1
    return stop - start + 1 >= FIELD_ROWS


def _numbered(w: _Walker, line: Line) -> bool:
    return bool(arabic_at(line.text, line.start, w.arabic_next) or roman_line(line.text, line.start, w.roman_next))


_BRACKETED = re.compile(r"\([^()]*\)")
SHORT_LINE = 40


def _counts(text: str) -> bool:
    """A short line of numbers and words ("2 à 8 joueurs – 52 cartes"), not a catchword ("que")."""
    return len(text) <= SHORT_LINE and bool(re.search(r"\d", text)) and len(text.split()) >= 2


def _continues(w: _Walker, prev: Line, line: Line) -> bool:
    """Whether `line` goes on with the paragraph that `prev` ended. A line opened by a bullet or a
    dash starts its own (unless it goes on in lower case from a line that did not end: OCR's stray
    "•"), and so does an item's number ("1/", "2)"); so does a line opened in capitals or by a
    number after one, or after a row of values, a line that names a field before a colon, and a line
    in capitals after a field and a blank line."""
    if L.bulleted(line.text) and (
        L.ends_terminal(prev.text)
        or (L.bulleted(prev.text) and not _joined_item(prev, line))
        or not L.lower_after_bullet(line.text)
    ):
        return False
    if L.item_numbered(line.text):
        return False  # "…au lieu de piocher, mais⏎1/ cela n'est possible qu'au deuxième tour⏎2/ on le peut…"
    if (line.start in w.parallel or prev.start in w.parallel) and (
        L.starts_upper(line.text) or L.opens_number(line.text)
    ):
        return False  # "Sur le 10 de carreau, chacun mise 1 pion⏎Sur le valet de trèfle, …": items without stops
    if L.bulleted(prev.text) and (L.starts_upper(line.text) or L.opens_number(line.text)):
        return False
    rows = layout_data().value_row
    if matches_any(rows, prev.stripped) and (
        L.starts_upper(line.text) or L.opens_number(line.text) or matches_any(rows, line.stripped)
    ):
        return False  # rows of a table of values ("Roi = 3 points⏎Dame = 2 points", "Valet : 2⏎10 : 10"), each its own
    if L.fielded(line.text) and not prev.stripped.endswith(","):
        return False  # "Nombre de joueurs: de 3 à 8⏎Matériel: un jeu de 52 cartes": one field a line
    if L.ends_hyphen(prev.text) and L.starts_lower(line.text):
        return True
    if w.gap and L.fielded(prev.text) and L.starts_upper(line.text):
        return False  # "Matériel : un jeu de 52 cartes⏎⏎La dame de pique…": a field ends with its line
    if w.gap and _BRACKETED.fullmatch(prev.stripped):
        return False  # "(italien tarocco, peut-être de tara)⏎⏎Jeu de 78 cartes…": a gloss stands alone
    if (w.unwrapped or w.gap) and _counts(prev.stripped) and (L.starts_upper(line.text) or L.opens_number(line.text)):
        return False  # a short line of counts where lines are paragraphs, or before a blank line: "20 minutes⏎⏎Le…"
    if w.gap:
        return not L.ends_terminal(prev.text) or (L.starts_lower(line.text) and not L.opens_number(line.text))
    if w.soft and prev.stripped.endswith(")") and L.starts_upper(line.text):
        return False  # "… faces visibles. (L'as vaut pour 1)⏎Lorsque le joueur…": an aside ends a line not wrapped
    return not (L.ends_terminal(prev.text) and (L.starts_upper(line.text) or L.opens_number(line.text)))
