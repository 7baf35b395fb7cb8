"""Sentences read among their neighbours: a rule book states its laws in runs, a story tells of
cards in passing. The cues decide each sentence alone (extract/classify.py); here the sentences of
one text are read again beside the one before and the one after (cues.toml, [context])."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from itertools import takewhile

from spacy.tokens import Doc

from extract import classify, slots
from extract.classify import RULE_BEARING
from extract.components import is_clause

if not Doc.has_extension("alone"):  # the class the words alone gave, where the context changed it
    Doc.set_extension("alone", default=None)


@cache
def _settings() -> tuple[float, float]:
    table = classify.section("context")
    return float(table["weak"]), float(table["confidence"])


RUNS_ON = ":,;"  # a sentence ending so leaves its statement open to the next


def in_context(docs: Sequence[Doc], headings: Sequence[str] = (), sections: Sequence[str] = ()) -> None:
    """Relabel, in place, the sentences of one text (in reading order) that their neighbours decide,
    each from the labels the words alone gave (measured: so weak rules keep out of prose); a
    sentence is read with the heading it comes straight after, if any (`headings`, one per doc), and
    a row of values with the heading of its table (`sections`: "Couleur d'atout"), and a sentence
    under a heading of commentary or history ("Commentaire :") is narrative. A text of a few
    sentences that names no play at all (no card, game, player or die), or that is spoken in the
    first person, states no law of a game: its rules are narrative."""
    weak, _ = _settings()
    if len(docs) >= classify.section("context")["play_text"] and (_no_play(docs) or _spoken(docs)):
        _told_narrative(docs, set(range(len(docs))))
        return
    for section, doc in zip(sections, docs, strict=False):
        doc._.claims = slots.under_heading(section, doc.text) or doc._.claims
    for before, doc in zip(docs, docs[1:], strict=False):
        doc._.claims = slots.carried_row(before._.claims, doc.text) or doc._.claims
    texts = [doc.text for doc in docs]
    for doc, found in zip(docs, slots.without_knights(texts, [doc._.claims for doc in docs]), strict=True):
        doc._.claims = found
    headed = {i for i, (heading, doc) in enumerate(zip(headings, docs, strict=False)) if _headed(heading, doc)}
    headed |= {i for i in range(1, len(docs)) if _led(docs[i - 1], docs[i]) or _told(docs[i - 1], docs[i])}
    headed |= {i for i in range(len(docs)) if _itemised(docs, i)}
    commented = _commentary(docs, sections) | _examples(docs, sections)
    headed |= commented | _material(docs, sections)
    _listed(docs, commented)
    _weak_among_narrative(docs, headed, weak)
    _between_rules(docs, headed)
    _run_on(docs, commented)


def _weak_among_narrative(docs: Sequence[Doc], headed: set[int], weak: float) -> None:
    """A weak rule whose neighbours state none is narrative (card words in a story), unless it
    states a fact."""
    bearing = _bearing(docs)
    for i, doc in enumerate(docs):
        around = _around(bearing, i)
        weak_rule = bearing[i] and classify.margin(doc._.cue_totals) <= weak and not doc._.claims
        if around and i not in headed and weak_rule and not any(around):
            _relabel(doc, "narrative")


def _between_rules(docs: Sequence[Doc], headed: set[int]) -> None:
    """A clause no cue of advice or narrative marks, between two rules, is a rule ("On mêle.");
    read after the weak rules of a story are told narrative, so that they vouch for no neighbour."""
    bearing = _bearing(docs)
    for i, doc in enumerate(docs):
        around = _around(bearing, i)
        quiet = not bearing[i] and classify.unmarked(doc._.cue_totals)
        if around and i not in headed and quiet and all(around) and is_clause(doc):
            _relabel(doc, "rule")


def _run_on(docs: Sequence[Doc], commented: set[int]) -> None:
    """A sentence that a rule runs on to, ending on a colon, a comma or a semicolon (the items of its
    list: "…les passe à son voisin :" / "Au 1er tour, …," / "Au 3ème tour, à son voisin de droite,"),
    is part of that rule, where no cue of advice or narrative marks it."""
    for i in range(1, len(docs)):
        before, doc = docs[i - 1], docs[i]
        if (
            i not in commented
            and before.text.rstrip()[-1:] in RUNS_ON
            and classify.label_of(before.cats) in RULE_BEARING
            and classify.label_of(doc.cats) not in RULE_BEARING
            and classify.unmarked(doc._.cue_totals)
        ):
            _relabel(doc, "rule")


def _listed(docs: Sequence[Doc], commented: set[int]) -> None:
    """A list a sentence announces with a colon, the announcement or an item of which states a rule
    ("Les combinaisons sont les suivantes :" / "- brelans (trois cartes de même hauteur…)" / "- suites,
    c'est-à-dire…"), is one rule: the announcement and every item no cue of advice or narrative
    marks are rules."""
    for i, doc in enumerate(docs):
        if i in commented or not doc.text.rstrip().endswith(":"):
            continue
        items = _items_after(docs, i)
        if items and any(classify.label_of(told.cats) in RULE_BEARING for told in (doc, *items)):
            for told in (doc, *items):
                if classify.label_of(told.cats) not in RULE_BEARING and _unmarked_item(told._.cue_totals):
                    _relabel(told, "rule")


def _unmarked_item(totals: dict[str, float]) -> bool:
    """No cue of advice or narrative, but an item's shortness ("• As = 4 tentatives"), which
    weighs as a heading's would."""
    _, weight = classify.heading()
    return classify.unmarked(totals) or classify.unmarked({**totals, "narrative": totals["narrative"] - weight})


def _material(docs: Sequence[Doc], sections: Sequence[str]) -> set[int]:
    """The items under a heading of what the game needs ("Matériel" / "58 cartes bleues"), marked
    by no cue but their shortness: rules, which are returned."""
    listed = {i for i, section in enumerate(sections[: len(docs)]) if _material_heading().search(section)}
    items = {i for i in listed if _unmarked_item(docs[i]._.cue_totals)}
    for i in items:
        if classify.label_of(docs[i].cats) not in RULE_BEARING:
            _relabel(docs[i], "rule")
    return items


def _commentary(docs: Sequence[Doc], sections: Sequence[str]) -> set[int]:
    """The sentences under a heading of commentary or history ("Commentaire :", "Historique"), which
    report the rules of other books and times: narrative, whatever their words or neighbours."""
    headed = {i for i, section in enumerate(sections[: len(docs)]) if _commentary_heading().search(section)}
    return _told_narrative(docs, headed)


def _examples(docs: Sequence[Doc], sections: Sequence[str]) -> set[int]:
    """The sentences after one that announces a worked example ("Prenons un exemple :"), to the end
    of its section, and those under such a heading: a game played out ("Le joueur A pose le 2 de
    carreau."), narrative."""
    titles = [*sections[: len(docs)], *[""] * (len(docs) - len(sections))]
    out: set[int] = set()
    for i, doc in enumerate(docs):
        if i in out or not (_example().search(doc.text) and doc.text.rstrip().endswith(":")):
            continue
        j = i + 1
        while j < len(docs) and titles[j] == titles[i]:
            out.add(j)
            j += 1
    # "Prenons un exemple :" set as a heading
    headed = {i for i, title in enumerate(titles) if title and _example().search(title)}
    return _told_narrative(docs, out | headed)


def _told_narrative(docs: Sequence[Doc], told: set[int]) -> set[int]:
    """Relabel narrative the rule-bearing sentences of `told`, which are returned."""
    for i in told:
        if classify.label_of(docs[i].cats) in RULE_BEARING:
            _relabel(docs[i], "narrative")
    return told


@cache
def _example() -> re.Pattern[str]:
    return re.compile(classify.section("context")["example"], re.IGNORECASE)


@cache
def _material_heading() -> re.Pattern[str]:
    return re.compile(classify.section("context")["material"], re.IGNORECASE)


@cache
def _commentary_heading() -> re.Pattern[str]:
    return re.compile(classify.section("context")["commentary"], re.IGNORECASE)


def _no_play(docs: Sequence[Doc]) -> bool:
    return not any(_play().search(doc.text) for doc in docs)


def _spoken(docs: Sequence[Doc]) -> bool:
    """Do enough of the sentences open in the first person (cues.toml, [context] `spoken`)?"""
    table = classify.section("context")
    first = _first_person()
    return sum(bool(first.match(doc.text)) for doc in docs) >= float(table["spoken"]) * len(docs)


@cache
def _first_person() -> re.Pattern[str]:
    return re.compile(classify.section("context")["first_person"], re.IGNORECASE)


@cache
def _play() -> re.Pattern[str]:
    """Words of play, one of which any text stating a game's rules has (cues.toml, [context])."""
    return re.compile(classify.section("context")["play"], re.IGNORECASE)


def _headed(heading: str, doc: Doc) -> bool:
    """A short sentence that counts what the heading before it names ("Nombre de joueurs" /
    "Généralement quatre.") states that fact, and so a rule. Did it?"""
    found = [] if doc._.claims or not heading else slots.headed(heading, doc.text)
    return _claimed(doc, found)


def _claimed(doc: Doc, found: list[slots.Slot]) -> bool:
    """The claims a sentence states with its neighbour's words, and so a rule."""
    if found:
        doc._.claims = found
        if classify.label_of(doc.cats) not in RULE_BEARING:
            _relabel(doc, "rule")
    return bool(found)


def _led(before: Doc, doc: Doc) -> bool:
    """A list of ranks after the sentence that announces it with a colon ("…les cartes suivent
    l'ordre décroissant suivant :" / "Roi, dame, valet, as, 10, 9, 8, 7."): the order, a rule."""
    if (doc._.claims and not slots.tabled(doc.text)) or not before.text.rstrip().endswith(":"):
        return False  # a table's row of ranks and its values ("Carte As 10 Roi…"), though valued, is listed
    return _claimed(doc, slots.listed_after(before.text, doc.text))


def _itemised(docs: Sequence[Doc], i: int) -> bool:
    """An order the sentences after this one give an item at a time ("Par force décroissante :" /
    "– le 10… ;" / "– l'As… ;" / "– puis le Roi…"): stated by this one, a rule."""
    if docs[i]._.claims or not docs[i].text.rstrip().endswith(":"):
        return False
    items = _items_after(docs, i)
    return _claimed(docs[i], slots.listed_items(docs[i].text, [doc.text for doc in items]))


def _items_after(docs: Sequence[Doc], i: int) -> list[Doc]:
    """The sentences set as items of a list ("- le 10… ;") straight after sentence i."""
    return list(takewhile(lambda doc: slots.ITEM.match(doc.text), docs[i + 1 :]))


def _told(before: Doc, doc: Doc) -> bool:
    """A claim told with a pronoun for what the sentence before names ("…est rendue visible." /
    "Elle donne la couleur de l'atout"): a rule."""
    return not doc._.claims and _claimed(doc, slots.told_before(before.text, doc.text))


def _bearing(docs: Sequence[Doc]) -> list[bool]:
    return [classify.label_of(doc.cats) in RULE_BEARING for doc in docs]


def _around(bearing: list[bool], i: int) -> list[bool]:
    """The labels of the sentence before and the one after (one only, at either end of the text)."""
    return [bearing[j] for j in (i - 1, i + 1) if 0 <= j < len(bearing)]


def _relabel(doc: Doc, label: str) -> None:
    """The class the context gives, at the confidence of a decision the words alone did not make."""
    _, confidence = _settings()
    doc._.alone = classify.label_of(doc.cats)
    doc.cats = classify.cats_for(label, confidence)
