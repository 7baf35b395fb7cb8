"""Slot extraction: the typed claims a sentence states, clause by clause, in the form of the rule
catalogue's claims. The patterns, card names, counters and packs are data (extract/data/slots.toml),
and so are the historical spellings read in modern form first (extract/data/spellings.toml)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from corpus.fileio import load_toml
from corpus.glossary import glossary_words, keys_by_form, ranks_by_form
from extract.misreads import Misreads, words_of_patterns
from extract.numbers import NUMBER_WORDS, TENS, parse_number
from extract.quick import Quick, Quicks, alternation
from rules.cards import ranks as card_ranks

DATA = Path(__file__).resolve().parent / "data"

_WORDS = alternation(w for w in NUMBER_WORDS if w not in ("et", "&"))
_AFTER_TEN = "|".join(rf"(?<=\b{ten})" for ten in TENS)  # look-behinds are of fixed width, one per ten
# number words in a row, 'et' only after a ten (vingt et un): "par trois et deux" is two numbers
_NUMBER = r"(?:\d+|[ivxlc]+\b|(?:(?:" + _WORDS + rf")\b(?:(?:{_AFTER_TEN})[\s-]+et[\s-]+(?=\w)|[\s-]+(?=\w))?)+)"
_PLACEHOLDER = re.compile(r"\{(n:\w+|RANKS|RANK|CARD|PIP|SUIT|COUNTER)\}")
CLAUSE = re.compile(r"[;:]")
_MATH = re.compile(r"\$\s*(\d+)\s*\$")  # a number set as mathematics
_THOUSANDS = re.compile(  # "1'000", "1 500": a number written in groups of three
    r"(?<![\d'’.,])(?<!\d[ \u00a0\u202f])(\d{1,3})['’\u00a0\u202f ](\d{3})(?![\d'’\u00a0\u202f]|[.,]\d| \d)"
)
SUITS = 4  # a rank taken out of a pack goes in every suit
REPEAT = "__"
PIP_DIGITS = r"(?:10|[2-9])(?![\d/])"  # a pip in digits, read only in a list of ranks


@dataclass
class Slot:
    kind: str
    claim: dict = field(default_factory=dict)
    start: int = 0
    end: int = 0
    yields: bool = False  # a whole pack named beside the game's own ("un jeu entier… en ôterez les petites")
    rest: bool = False  # values "the other cards", those no claim before it in the sentence values


@cache
def _table() -> dict:
    return load_toml(DATA / "slots.toml")


@cache
def _spellings() -> dict[str, str]:
    return load_toml(DATA / "spellings.toml")["forms"]


@cache
def _misreads() -> Misreads:
    """A word misread is read as the word of the table, the number or the card it stands for."""
    return Misreads(words_of_patterns(_strings(_table())) | glossary_words() | NUMBER_WORDS)


def _strings(data: Any) -> Iterator[str]:
    """Every string of a table, its keys too (the counters, the ranks), but the names of kinds."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            if key not in ("kind", "key"):
                yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)
    elif isinstance(data, str):
        yield data


@cache
def ranks() -> dict[str, str]:
    """The cards a claim names by rank: the glossary's (corpus/data/glossary.toml), and the ten."""
    return ranks_by_form() | _table()["ranks"]


def cards() -> dict[str, str]:
    """Ranks by name and by number ("les trois aux quatre")."""
    return ranks() | _table()["pips"]


def suits() -> dict[str, str]:
    """Every form of a suit in the glossary (corpus/data/glossary.toml) by its key: cœurs -> coeur."""
    return keys_by_form("suit")


@cache
def _fill() -> dict[str, tuple[str, str]]:
    """What each placeholder of slots.toml stands for: its group's name and its expression."""
    either = alternation(cards())
    one = rf"(?:les |le |la |l.)?(?:{either})s?"
    pip = rf"{PIP_DIGITS}(?!\s+(?:{either})s?\b)"  # not a count of cards: "les 4 sept", the four sevens
    item = rf"(?:{one}|(?:les |le )?{pip})"  # "as, roi, dame, valet, 10, 9", "le 10, le 9", "2 – 3 – … – as"
    listed = rf"{item}(?:(?:\s*,\s*|\s+(?:et|ou)\s+|\s*,\s*(?:et|ou)\s+|\s*[–—]\s*|\s+-\s+){item})*"
    return {
        "RANK": ("card", alternation(ranks())),
        "CARD": ("card", either),
        "PIP": ("card", pip),
        "SUIT": ("suit", alternation(suits())),
        "COUNTER": ("counter", alternation(_table()["counters"])),
        "RANKS": ("ranks", listed),
    }


def _compiled(text: str) -> Quick:
    """A pattern of slots.toml with its placeholders filled in."""
    seen: dict[str, int] = {}

    def placeholder(match: re.Match[str]) -> str:
        name = match.group(1)
        group, body = (f"k_{name[2:]}", _NUMBER) if name.startswith("n:") else _fill()[name]
        seen[group] = seen.get(group, 0) + 1  # a group named again in another alternative
        return rf"(?P<{group}{REPEAT}{seen[group]}>{body})"

    return Quick(_PLACEHOLDER.sub(placeholder, text))


@cache
def patterns() -> tuple[tuple[dict[str, Any], Quick], ...]:
    """The slot patterns of slots.toml, each read in one clause."""
    return tuple((entry, _compiled(entry["pattern"])) for entry in _table()["slot"])


@cache
def _pattern_set() -> Quicks:
    """The slot patterns as one set, each word they need looked for once per clause."""
    return Quicks(pattern for _, pattern in patterns())


@cache
def chain_patterns() -> tuple[tuple[dict[str, Any], Quick], ...]:
    """The patterns of orders stated pair by pair, read over the whole sentence."""
    return tuple((entry, _compiled(entry["pattern"])) for entry in _table()["chain"])


def _groups(match: re.Match[str]) -> dict[str, str]:
    """The match's named groups that matched, by their name in the pattern."""
    return {name.split(REPEAT)[0]: text for name, text in match.groupdict().items() if text is not None}


@cache
def _data_pattern(table: str, key: str) -> re.Pattern[str]:
    """A single expression of slots.toml (`[penalty] words`, `[whole_deal] pattern`…), compiled once."""
    return _data_pattern_of(_table()[table][key])


@cache
def _data_pattern_of(expression: str) -> re.Pattern[str]:
    """An expression of slots.toml compiled once (an entry's `after` as well as the tables')."""
    return re.compile(expression)


def modern(text: str) -> str:
    """The sentence lower-cased, with its historical spellings in modern form (same clauses)."""
    forms = _spellings()
    low = _THOUSANDS.sub(r"\1\2", text.lower().replace("’", "'"))  # "1'000 points", "1 500"
    low = _MATH.sub(r"\1", low)  # a notebook's "$52$ cartes"
    return re.sub(r"[^\W\d_]+|&", lambda m: forms.get(m.group()) or _misreads().read(m.group()), low)


def extract(text: str) -> list[Slot]:
    """Every claim a sentence states, clause by clause (clauses end at `;` and `:`)."""
    low = modern(text)
    row = _row_values(low)
    if row:  # "As : 11 points", "9, 8, 7, 6 : 0": a row of a table of values, its colon no clause's end
        return [Slot("value", {"values": row}, 0, len(low))]
    grid = _grid(low)
    if grid:  # "Carte As 10 Roi … Valeur 11 10 4 …": a table's two rows, run into one sentence
        return [_grid_values(grid, low)]
    out: list[Slot] = []
    start = 0
    clauses = CLAUSE.split(low)
    for k, clause in enumerate(clauses):
        before = clauses[k - 1] if k else ""
        respective = _respective(before, clause, start)
        listed = _listed_order(before, clause, start) + _numbered_order(clause, start) + respective
        listed = listed or _spanned_order(before, clause, start)
        found = [s for s in _clause_slots(clause, start, low[:start]) if not _within_values(s, respective)]
        led = _led_row(before, clause, start)
        found = [s for s in found if s.kind != "value"] + led if led else found
        out += _merge(_rest(found + listed, out))
        start += len(clause) + 1
    return _unique(_whole_deal(low, _without_comparisons(low, [_dealt_whole(s) for s in out])) + _chains(low))


def _dealt_whole(slot: Slot) -> Slot:
    """ "Il distribue 3 cartes à chacun puis 2 cartes": the hand is what the packets come to, not
    the first packet the words before it count."""
    hand, packets = slot.claim.get("hand"), slot.claim.get("packets")
    if hand is None or not packets or len(packets) < 2 or hand != packets[0]:
        return slot
    return replace(slot, claim={**slot.claim, "hand": sum(packets)})


def without_knights(texts: list[str], claims: list[list[Slot]]) -> list[list[Slot]]:
    """The claims of one text's sentences, less the knight where no sentence names one (nor a pack
    that has one): "les figures valent 10" in a pack of 52 are the king, the queen and the jack."""
    if not any("cavalier" in slot.claim.get("values", {}) for found in claims for slot in found):
        return claims  # the common case: no claim to check, no sentence to read again
    knight = _data_pattern("figures", "knight")
    if any(knight.search(modern(text)) for text in texts):
        return claims
    return [[_no_knight(slot) for slot in found] for found in claims]


def _no_knight(slot: Slot) -> Slot:
    values = slot.claim.get("values")
    if not values or "cavalier" not in values:
        return slot
    return replace(slot, claim={**slot.claim, "values": {k: v for k, v in values.items() if k != "cavalier"}})


ROW_CHARS = 60  # a row of a table of values is short


def under_heading(section: str, sentence: str) -> list[Slot]:
    """A row of values under a heading that names the trumps ("Couleur d'atout" / "Valet : 20"): the
    values of the trump cards (`valet-atout`); else nothing."""
    if not section or len(sentence) > ROW_CHARS:
        return []
    row = _row_values(modern(sentence))
    if not row or not _of_trumps(modern(section)):
        return []
    return [Slot("value", {"values": _as_trumps(row)}, 0, len(sentence))]


def carried_row(before: list[Slot], sentence: str) -> list[Slot]:
    """A row of values after a row of the trumps' values ("Lorsqu'elles sont des atouts, les valeurs
    sont : Valet = 20pts." / "9 = 14pts."): the trumps' values too; else nothing."""
    trumps = [card for slot in before for card in slot.claim.get("values", {})]
    if not trumps or not all(card.endswith("-atout") for card in trumps) or len(sentence) > ROW_CHARS:
        return []  # the common case, read before the sentence is (this runs on every pair of sentences)
    row = _row_values(modern(sentence))
    return [Slot("value", {"values": _as_trumps(row)}, 0, len(sentence))] if row else []


def _led_row(before: str, clause: str, at: int) -> list[Slot]:
    """A row of values after the colon that leads to it ("…sans atouts, les valeurs sont : As =
    11pts"); after words that name the trumps, the trumps' values."""
    row = _row_values(clause) if before else None
    if not row:
        return []
    return [Slot("value", {"values": _as_trumps(row) if _of_trumps(before) else row}, at, at + len(clause))]


def _of_trumps(title: str) -> bool:
    """Do these words name the trumps ("Couleur d'atout", "lorsqu'elles sont des atouts"), not the
    plain suits ("Hors atout", "sans atouts")?"""
    table = _table()["value_row"]
    return bool(_data_pattern_of(table["trumps"]).search(title)) and not _data_pattern_of(table["plain"]).search(title)


def _as_trumps(row: dict[str, float | None]) -> dict[str, float | None]:
    return {f"{card}-atout": v for card, v in row.items()}


HEADED_WORDS = 3  # "Quatre.", "Généralement quatre.", "Ordinairement à quatre."


def headed(heading: str, sentence: str) -> list[Slot]:
    """The fact a heading names and the short sentence after it counts ("Nombre de joueurs" /
    "Généralement quatre.") or lists ("Ordre de valeur des cartes" / "Roi, dame, valet, as…")."""
    listed = listed_after(heading, sentence)
    if listed:
        return listed
    low, title = modern(sentence), modern(heading)
    spread = _clause_slots(low, 0, f"{title} : ", only="after")  # "Nombre de joueurs" / "De six à neuf."
    if spread:
        return spread
    numbers = [m for m in _number().finditer(low) if len(m.group()) > 1 or m.group().isdigit()]  # not "l'" read as L
    words = re.findall(r"[^\W\d_]+|\d+", low)
    # the number alone in a few words ("Généralement quatre."), or opening the sentence ("32 cartes, …")
    if len(numbers) != 1 or (len(words) > HEADED_WORDS and not low.lstrip().startswith(numbers[0].group())):
        return []
    value = parse_number(numbers[0].group())
    for entry in _table()["headed"]:
        if (
            value is not None
            and entry["least"] <= value <= entry["most"]
            and _data_pattern_of(entry["heading"]).search(title)
        ):
            return [Slot(entry["kind"], {entry["key"]: value}, numbers[0].start(), numbers[0].end())]
    return []


@cache
def _number() -> re.Pattern[str]:
    return re.compile(rf"\b{_NUMBER}")


def _rest(slots: list[Slot], earlier: list[Slot]) -> list[Slot]:
    """A claim on "the other cards" ("l'as vaut onze, les autres valent ce qu'elles marquent") values
    only the cards that no claim before it in the sentence values."""
    out = []
    for slot in slots:
        if slot.rest:
            before = [s for s in [*earlier, *slots] if not s.rest and s.start < slot.start]
            valued = {card for s in before for card in s.claim.get("values", {})}
            values = {card: v for card, v in slot.claim["values"].items() if card not in valued}
            slot = replace(slot, claim={**slot.claim, "values": values})
        out.append(slot)
    return out


def _without_comparisons(sentence: str, slots: list[Slot]) -> list[Slot]:
    """The packs a sentence states, less those it names ordinary to compare the game's with, and
    less a whole pack it names to take the game's from."""
    compared = _data_pattern("compared", "pattern")
    packs = sorted((slot for slot in slots if "size" in slot.claim), key=lambda slot: slot.start)
    ends = [0] + [slot.end for slot in packs]  # the words before a pack, since the pack before it
    whole = [slot for slot in packs if slot.yields]
    ordinary = whole or [s for s, end in zip(packs, ends, strict=False) if compared.search(sentence, end, s.start)]
    named = {slot.claim["size"] for slot in ordinary}  # and the same pack matched again, plainly
    beside = len(named) < len({slot.claim["size"] for slot in packs})  # another pack is stated
    return [slot for slot in slots if not (beside and slot in packs and slot.claim["size"] in named)]


def _row_values(low: str) -> dict[str, float | None] | None:
    """The values of a row of a table ("as : 11", "9, 8, 7, 6 : 0"), or of rows run on in one
    sentence ("les 8 : 32 points, les as : 20 points"), read from the modern sentence."""
    if ":" not in low and "=" not in low:
        return None
    rows, at = [], 0
    while at < len(low):
        row = _value_row().match(low, at)
        if not row or row.end() == at:
            return None
        rows.append(row)
        at = row.end()
    return {rank: _read_number(row.group("value")) for row in rows for rank in _rank_list(row.group("ranks"))}


@cache
def _value_row() -> re.Pattern[str]:
    return re.compile(
        rf"\s*[•*–—-]?\s*(?P<ranks>{_fill()['RANKS'][1]})(?:\s*\([^)]{{1,30}}\))?\s*[:=]\s*"
        rf"(?P<value>{_NUMBER})\s*(?:points?|pts?)?\s*[.,;]?\s*"
    )


@cache
def _bare_list() -> re.Pattern[str]:
    return re.compile(rf"\s*(?P<ranks>{_fill()['RANKS'][1]})\s*\.?\s*")


def _listed_order(before: str, clause: str, at: int) -> list[Slot]:
    """A clause that is nothing but ranks, after a clause on the order of the cards or running on
    to "etc." (a series: "as, roi, dame, valet, dix, neuf, etc.")."""
    table = _table()["listed_order"]
    named = _data_pattern("listed_order", "namely").search(clause)
    if named:  # "…est le même qu'à la Triomphe, c.-à-d. roi, dame, valet, as, 10, 9, 8, 7"
        found = _listed_order(before + " " + clause[: named.end()], clause[named.end() :], at + named.end())
        if found:
            return found
    bare = re.sub(r"[()\[\]]", "", re.sub(r"\(([^)]*)\)", _rank_aside, clause))  # and a bracket the clause cut
    bare = re.sub(r"^\s*[•*–—]\s*", " ", bare)  # the list set as an item ("suivant : •10, As, Roi…")
    series = _data_pattern("listed_order", "series").search(bare)
    if series:
        bare = bare[: series.start()]
    rising = _data_pattern("listed_order", "rising").search(before)
    led = series or rising or _data_pattern("listed_order", "lead").search(before)
    match = _bare_list().fullmatch(_commas_between_ranks(_letters_as_ranks(bare))) if led else None
    order = _rank_list(match.group("ranks")) if match else []
    if order and series and series.group("to"):  # "…, dix, neuf, etc. jusqu'au deux": the pips between
        below, last = _below(order), _rank_list(series.group("to"))
        order += below[: below.index(last[0]) + 1] if last and last[0] in below else []
    order = order[::-1] if rising or _listed_rising(order) else order  # an order is kept highest first
    return [Slot("rank", {"order": order}, at, at + len(clause))] if len(order) >= table["at_least"] else []


def _spanned_order(before: str, clause: str, at: int) -> list[Slot]:
    """ "La valeur des cartes va en décroissant, du roi à l'as": every rank of the natural order
    between the two, the highest first (the knight only where the clause names one or its pack)."""
    table = _table()["listed_order"]
    match = _data_pattern("listed_order", "span").search(clause)
    if not match or not _data_pattern("listed_order", "lead").search(before + clause[: match.start()]):
        return []
    knight = _data_pattern("figures", "knight").search(before + clause)  # "…, le cavalier se situant entre…"
    natural = [rank for rank in card_ranks() if knight or rank != "cavalier"]  # lowest first, the ace low
    high, low = (_rank_list(match.group(g))[0] for g in ("high", "low"))
    ace_high = high == "as"  # "de l'as au deux": the ace above the king
    order = ([*natural[1:], "as"] if ace_high else natural)[::-1]
    order = order[order.index(high) : order.index(low) + 1]
    if len(order) < table["at_least"]:
        return []
    return [Slot("rank", {"order": order}, at + match.start(), at + match.end())]


def _letters_as_ranks(bare: str) -> str:
    """A list of ranks some of which are written as letters ("a, r, d, v, 10, 9"), with the letters
    spelt out; any other clause as it is (a player "a" or "b" of a worked example is no rank)."""
    table = _table()["listed_order"]
    items = [item.strip(" .") for item in re.split(r",|\bet\b", bare)]
    letters = sum(item in table["letters"] for item in items)
    names = _rank_names()
    ranks = all(item in table["letters"] or item in names or item[:-1] in names for item in items)
    if letters < table["letters_at_least"] or not ranks:
        return bare
    return re.sub(r"\b[a-z]\b", lambda m: table["letters"].get(m.group(), m.group()), bare)


def _commas_between_ranks(bare: str) -> str:
    """A comma OCR or a typist dropped between two ranks of a list ("…, dame, roi as")."""
    names = _fill()["CARD"][1]
    return re.sub(rf"\b((?:{names})s?) (?=(?:{names})s?\s*\.?\s*$)", r"\1, ", bare)


def _listed_rising(order: list[str]) -> bool:
    """An order that says nothing of its direction but runs from a low pip up to the king or the
    ace ("Six, sept, huit, neuf, dix, valet, dame, roi, as") is listed lowest first."""
    low_pips = {str(n) for n in range(2, 10)}
    return len(order) >= 2 and order[0] in low_pips and order[-1] in ("roi", "as")


@cache
def _respectively() -> Quick:
    """Searched in every clause, so tested first for the words it needs ("respectivement")."""
    ranks, numbers = _fill()["RANKS"][1], rf"{_NUMBER}(?:\s*(?:,|et)\s*{_NUMBER})+"
    verb = _table()["respective"]["verb"]
    return Quick(rf"(?:^|\b(?:le|la|les|l.) )\s*(?P<ranks>{ranks}),?\s+(?:{verb})\s*(?P<values>{numbers})")


def _respective(before: str, clause: str, at: int) -> list[Slot]:
    """Ranks and their values in two lists ("as, dix, roi, dame et valet, ayant respectivement une
    valeur de 11, 10, 4, 3 et 2 points"): each value; after words on the order, the order too."""
    match = _respectively().search(clause)
    if not match:
        return []
    cards = _rank_list(match.group("ranks"))
    values = [parse_number(n.group()) for n in _number().finditer(match.group("values"))]
    if len(cards) != len(values) or len(set(cards)) != len(cards) or None in values:
        return []
    out = [Slot("value", {"values": dict(zip(cards, values, strict=True))}, at + match.start(), at + match.end())]
    if _data_pattern("listed_order", "lead").search(before) and len(cards) >= _table()["listed_order"]["at_least"]:
        out.append(Slot("rank", {"order": cards}, at + match.start("ranks"), at + match.end("ranks")))
    return out


def _within_values(slot: Slot, respective: list[Slot]) -> bool:
    """Is this the list of values of ranks valued respectively ("…de 11, 10, 4, 3 et 2"), read as pips?"""
    return bool(respective) and slot.kind == "rank" and respective[0].start <= slot.start < respective[0].end


@cache
def _previous() -> tuple[Quick, ...]:
    """The patterns of the entries read with the sentence before (`previous`)."""
    return tuple(quick for entry, quick in patterns() if entry.get("previous"))


def told_before(before: str, sentence: str) -> list[Slot]:
    """The claims a sentence states with a pronoun for what the sentence before it names ("La dernière
    carte de la pioche est rendue visible." / "Elle donne la couleur de l'atout"): entries with `previous`,
    tried only where one of them may match (this runs on every pair of sentences)."""
    low = modern(sentence)
    if not any(quick.may_match(low) for quick in _previous()):
        return []
    return _clause_slots(low, 0, modern(before) + " ", only="previous")


def listed_after(before: str, sentence: str) -> list[Slot]:
    """A sentence that is nothing but ranks, after the heading or the words that lead to it ("…les
    cartes suivent l'ordre décroissant suivant :" / "Roi, dame, valet, as, 10, 9, 8, 7"): the order;
    and the row of ranks of a table of values ("Carte As 10 Roi … Valeur 11 10 4 …")."""
    low = modern(sentence)
    grid = _grid(low)
    order = _listed_order(modern(before), ", ".join(grid[0]) if grid else low, 0)
    values = [_grid_values(grid, low)] if grid and order else []
    return [replace(slot, end=len(low)) for slot in order] + values


_GRID = re.compile(
    r"\s*cartes?\s*:?\s+(?P<ranks>[\w-]+(?:\s+[\w-]+){2,}?)\s+(?:valeurs?|points?)\s*:?\s+"
    r"(?P<values>\d+(?:\s+\d+){2,})\s*\.?\s*"
)


def tabled(sentence: str) -> bool:
    """Is the sentence a table of ranks and their values, its two rows run together?"""
    return _grid(modern(sentence)) is not None


def _grid_values(grid: tuple[list[str], list[int]], low: str) -> Slot:
    """The values a table's two rows state, over the whole sentence."""
    return Slot("value", {"values": dict(zip(*grid, strict=True))}, 0, len(low))


def _grid(low: str) -> tuple[list[str], list[int]] | None:
    """A table of two rows run into one sentence, the ranks and their values, as many of each."""
    match = _GRID.fullmatch(low)
    if not match:
        return None
    ranks = [_rank_list(word) for word in match.group("ranks").split()]
    values = [int(n) for n in match.group("values").split()]
    if any(len(rank) != 1 for rank in ranks) or len(ranks) != len(values):
        return None
    return [rank[0] for rank in ranks], values


ITEM = re.compile(r"^\s*[•*–—-]\s*")  # a sentence set as an item of a list


def listed_items(lead: str, items: list[str]) -> list[Slot]:
    """An order given an item at a time after the words that lead to it with a colon ("Par force
    décroissante, nous avons :" / "– le 10, que l'on appelle manille ;" / "– l'As… ;" / "– puis le
    Roi, la Dame…"): the ranks the items list, in turn, each item's longest run of them."""
    low = modern(lead)
    if not items or not low.rstrip().endswith(":") or not _data_pattern("listed_order", "lead").search(low):
        return []
    order: list[str] = []
    for item in items:
        runs = [_rank_list(m.group()) for m in _ranks_run().finditer(modern(item))]
        if not runs:
            return []
        order += max(runs, key=len)
    if len(set(order)) != len(order) or len(order) < _table()["listed_order"]["at_least"]:
        return []
    rising = _data_pattern("listed_order", "rising").search(low) or _listed_rising(order)
    return [Slot("rank", {"order": order[::-1] if rising else order}, 0, len(lead))]


@cache
def _ranks_run() -> re.Pattern[str]:
    return re.compile(rf"\b{_fill()['RANKS'][1]}\b")


def _rank_aside(aside: re.Match[str]) -> str:
    """A bracket in a list of ranks: a rank some packs lack is still in the order ("…, sept, (six)"),
    a remark is not ("valet (sauf de carreau)")."""
    return aside.group(1) if _bare_list().fullmatch(aside.group(1)) else ""


@cache
def _numbered_item() -> re.Pattern[str]:
    return re.compile(rf"\b(\d{{1,3}})\s*[°.]?\s+(?:et )?(?:enfin )?(?:le |la |les |l.)({_fill()['CARD'][1]})s?\b")


def _numbered_order(clause: str, at: int) -> list[Slot]:
    """Cards numbered in a row, highest first: "23 le roi, 24 la reine, 25 le chevalier…"."""
    run: list[re.Match[str]] = []
    for item in _numbered_item().finditer(clause):
        run = run + [item] if run and int(item.group(1)) == int(run[-1].group(1)) + 1 else [item]
    order = list(dict.fromkeys(cards()[item.group(2)] for item in run))
    if len(order) < _table()["listed_order"]["at_least"]:
        return []
    return [Slot("rank", {"order": order}, at + run[0].start(), at + run[-1].end())]


def _whole_deal(sentence: str, slots: list[Slot]) -> list[Slot]:
    """All the cards dealt but the talon: the hand each player gets, where the sentence says how many."""
    if not _data_pattern("whole_deal", "pattern").search(sentence):
        return slots
    facts = {k: v for slot in slots for k, v in slot.claim.items() if k in ("size", "players", "talon")}
    deal = next((slot for slot in slots if slot.kind == "deal" and "hand" not in slot.claim), None)
    if deal and isinstance(facts.get("players"), int) and "size" in facts:
        dealt = facts["size"] - facts.get("talon", 0)
        if dealt % facts["players"] == 0:
            deal.claim["hand"] = dealt // facts["players"]
    return slots


def _chains(sentence: str) -> list[Slot]:
    """Rank orders stated pair by pair ("as above roi; roi above dame"), linked into one order."""
    out = []
    for entry, pattern in chain_patterns():
        order: list[str] = []
        first = last = None
        for match in pattern.finditer(sentence):
            high, low = (cards()[t] for n, t in match.groupdict().items() if t and n.startswith("card"))
            if order and order[-1] == high:
                order.append(low)
            elif not order:
                order = [high, low]
            first, last = first if first is not None else match.start(), match.end()
        if order and last and re.match(r"\W*etc\b", sentence[last:]):
            order += _below(order)
        if len(order) >= 3:
            out.append(Slot(entry["kind"], {"order": order}, first or 0, last or 0))
    return out


def _below(order: list[str]) -> list[str]:
    """The pips below an order's last card, for its "etc.": "le valet le neuf, etc." goes on to the deux."""
    pips = list(dict.fromkeys(_table()["pips"].values()))  # lowest first
    if order[-1] not in pips:
        return []
    return [p for p in reversed(pips[: pips.index(order[-1])]) if p not in order]


def _clause_slots(clause: str, at: int, before: str, only: str = "") -> list[Slot]:
    """The slots of one clause; an entry with `after` is read only after what it needs, earlier in the
    sentence: a pronoun after its noun ("la partie est de trente-six points ; … elle est de vingt-un"),
    what is left after a deal ("on donne onze cartes…, moyennant quoi il restera trois cartes");
    `only`: the entries with that key alone ("after": a sentence read after its heading's words)."""
    found = []
    for i, match in _pattern_set().finditer(clause):
        entry = patterns()[i][0]
        if only and only not in entry:
            continue
        if "after" in entry and not _data_pattern_of(entry["after"]).search(before + clause[: match.start()]):
            continue
        claim = _claim(entry, match)
        if claim:
            kind = entry["kind"]
            if kind == "counters" and _data_pattern("penalty", "words").search(clause):
                kind = "penalty"
            yields, rest = entry.get("yields", False), entry.get("rest", False)
            found.append(Slot(kind, claim, at + match.start(), at + match.end(), yields, rest))
    return found


def _read_number(text: str) -> float | None:
    """A run of number words as one number, or else as its longest tail that is one: "une à une dix
    cartes" runs "une dix" together, and the count is dix; a Roman numeral is read lower-cased."""
    if re.fullmatch(r"[ivxlc]+", text):
        return parse_number(text.upper())
    words = text.split()
    return next((v for k in range(len(words)) if (v := parse_number(" ".join(words[k:]))) is not None), None)


def _claim(entry: dict[str, Any], match: re.Match[str]) -> dict | None:
    """The claim a match states, or None when a number in it does not read as one."""
    claim: dict[str, Any] = dict(entry.get("claim", {}))
    groups = _groups(match)
    numbers: dict[str, float] = {}
    for name, text in groups.items():
        if name.startswith("k_"):
            text = re.sub(r"(?:[\s-]+et)?[\s-]*$", "", text)  # "vaut trois et sert…": the "et" is not the number's
            value = _read_number(text)
            if value is None:
                return None
            numbers[name[2:]] = value
    if not _within(entry, numbers):
        return None
    if entry.get("half") and "value" in numbers:  # "quatre points et demi"
        numbers["value"] += 0.5
    if "times" in numbers:  # "par deux fois quatre", "par deux fois trois & une fois quatre"
        claim["packets"] = [numbers.pop("each")] * numbers.pop("times")
        claim["packets"] += [numbers.pop("each2")] * numbers.pop("times2", 0) if "each2" in numbers else []
    if "packs" in numbers:  # "deux jeux de 52 cartes": the packs shuffled together
        numbers["size"] = numbers.pop("packs") * numbers.pop("per") + numbers.pop("jokers", 0)
    if "added" in numbers:  # "un jeu de 32 auquel on ajoute les quatre 6"
        numbers["size"] += numbers.pop("added")
    if "less" in entry:  # "un jeu de 54 cartes auquel on retire les jokers"
        numbers["size"] -= entry["less"]
    if "side" in numbers:  # "trois contre trois"
        numbers["players"] = numbers.pop("side") + numbers.pop("side2")
    if "rounds" in numbers:  # "six cartes en deux fois": equal packets
        rounds, hand = int(numbers.pop("rounds")), numbers["hand"]
        if rounds < 2 or hand % rounds:
            return None
        claim["packets"] = [hand // rounds] * rounds
    if "teams" in numbers:  # "deux équipes de deux joueurs"
        numbers["players"] = numbers.pop("teams") * numbers.pop("per_team")
    if numbers.get("same", numbers.get("players")) != numbers.get("players"):  # "2 - 3" is a range, not one number
        return None
    numbers.pop("same", None)
    twins = {key: numbers.pop(key) for key in [key for key in numbers if key.startswith("twin")]}
    if any(numbers.get("packets" + key[4:]) != value for key, value in twins.items()):
        return None  # "2 à l'adversaire, 2 au donneur": each packet given alike to both
    if entry.get("repeat"):  # "par deux, quatre cartes à chacun": packets of two up to the hand
        numbers["again"] = numbers["each"]
    if "again" in numbers:  # "cinq par cinq" up to the hand: as many packets of five as it takes
        each, again, hand = numbers.pop("each"), numbers.pop("again"), numbers["hand"]
        if each != again or hand % each:
            return None
        claim["packets"] = [each] * int(hand // each)
    lists: dict[str, list[int]] = {}
    for key, value in numbers.items():
        bare = key.rstrip("0123456789")
        if bare != key:
            lists.setdefault(bare, []).append(value)
        elif key == "value" and "card" in groups:
            # "excepté celui de carreau": a suit's card; "le neuf d'atout": the trump's
            suit = f"-{suits()[groups['suit']]}" if "suit" in groups else entry.get("card_suffix", "")
            claim["values"] = {cards().get(groups["card"], groups["card"]) + suit: value}  # or a pip in digits
        elif key == "value":
            claim["values"] = dict.fromkeys(entry.get("claim_ranks", ()), value)
        elif key == "amount":
            claim["amount"] = {_table()["counters"][groups["counter"]]: value}
        else:
            claim[key] = value
    claim |= lists
    if "range" in entry:  # "depuis deux jusqu'à six": every number from the first to the last
        low, high = claim[entry["range"]][0], claim[entry["range"]][-1]
        if low >= high:
            return None
        claim[entry["range"]] = list(range(low, high + 1))
    if "ranks_as" in entry:
        lead = [cards()[groups["card"]]] if "card" in groups else []  # "la plus forte est l'as, puis…"
        claim[entry["ranks_as"]] = list(dict.fromkeys(lead + _rank_list(groups["ranks"])))
        if len(claim[entry["ranks_as"]]) < entry.get("at_least", 1):
            return None
    if "valued" in claim:  # "roi, dame, valet et dix sont comptés chacun pour 10"
        claim["values"] = dict.fromkeys(claim.pop("valued"), numbers["value"])
    if "face" in claim:  # "les dix, les neuf… gardent leur valeur": each pip its number
        claim["values"] = {rank: int(rank) for rank in claim.pop("face") if rank.isdigit()}
        if not claim["values"]:
            return None
    if "base" in entry:
        claim["pack"] = _table()["packs"][entry["base"]]
    if "pack" in claim:  # a pack named ("un jeu de piquet") or counted ("un jeu de 32 cartes"), less ranks
        claim["size"] = claim["pack"] - SUITS * len(claim.get("without", [])) + SUITS * len(claim.pop("with", []))
    return claim


def _within(entry: dict[str, Any], numbers: dict[str, float]) -> bool:
    """Are the numbers inside the entry's bounds (`least`, `most`: a pack has twenty cards or more)?"""
    least, most = entry.get("least", {}), entry.get("most", {})
    return all(least.get(k, v) <= v <= most.get(k, v) for k, v in numbers.items())


@cache
def _rank_names() -> dict[str, str]:
    """Every name of a rank (the glossary's cards, the pips in digits) and the rank it names."""
    return cards() | {pip: pip for pip in _table()["pips"].values()}


def _rank_list(text: str) -> list[str]:
    names = _rank_names()
    words = re.findall(r"[^\W\d_]+|\d+", text)
    out = []
    for word in words:
        rank = names.get(word) or (names.get(word[:-1]) if word.endswith("s") else None)
        if rank and rank not in out:
            out.append(rank)
    return out


def _merge(slots: list[Slot]) -> list[Slot]:
    """One claim per kind and clause where the facts agree: the values of every card priced, the
    hand with its packets, a pack with the ranks it lacks."""
    merged: dict[str, Slot] = {}
    rest = []
    kept = (s for s in slots if not _part_of_list(s, slots) and not _inside(s, slots))
    for slot in sorted(kept, key=lambda s: s.start):
        into = merged.get(slot.kind)
        if into is None:
            merged[slot.kind] = Slot(slot.kind, dict(slot.claim), slot.start, slot.end, slot.yields)
        elif _agrees(into.claim, slot.claim):
            into.claim = _union(into.claim, slot.claim)
            into.end = max(into.end, slot.end)
        else:
            rest.append(slot)
    return [*merged.values(), *rest]


def _part_of_list(slot: Slot, slots: list[Slot]) -> bool:
    """Is the slot one number of a list another match of its kind states around it ("deux" of
    "depuis deux personnes jusqu'à six", "six personnes" of "deux, quatre ou six personnes")?"""
    return any(
        other.kind == slot.kind
        and other.start < slot.end
        and slot.start < other.end
        and all(isinstance(other.claim.get(k), list) and v in other.claim[k] for k, v in slot.claim.items())
        for other in slots
        if other is not slot
    )


def _inside(slot: Slot, slots: list[Slot]) -> bool:
    """Is the slot a part of a longer match of its kind ("un jeton" of "celui qui distribue ajoute
    un jeton", the dealer's stake)?"""
    return any(
        other.kind == slot.kind
        and other.start <= slot.start
        and slot.end <= other.end
        and other.claim != slot.claim
        and other.end - other.start > slot.end - slot.start
        for other in slots
    )


def _agrees(a: dict, b: dict) -> bool:
    """Claims agree where they share a key (of a table such as the values, the cards they share)."""
    return all(_same(a[k], v) for k, v in b.items() if k in a)


def _same(x: Any, y: Any) -> bool:
    return _agrees(x, y) if isinstance(x, dict) and isinstance(y, dict) else x == y


def _union(a: dict, b: dict) -> dict:
    out = dict(a)
    for key, value in b.items():
        out[key] = {**out[key], **value} if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _unique(slots: list[Slot]) -> list[Slot]:
    seen, out = set(), []
    for slot in slots:
        key = (slot.kind, repr(sorted(slot.claim.items())))
        if key not in seen:
            seen.add(key)
            out.append(slot)
    return out


def flat_facts(claim: dict) -> set[str]:
    """A claim as `key=value` facts: `hand=12`, `values.as=5`, `order=as,roi,dame`."""
    out: set[str] = set()
    for key, value in claim.items():
        if isinstance(value, dict):
            out |= {f"{key}.{k}={v}" for k, v in value.items()}
        elif isinstance(value, list):
            out.add(f"{key}={','.join(str(v) for v in value)}")
        else:
            out.add(f"{key}={value}")
    return out
