"""spaCy components of the extraction pipeline, registered the spaCy way; their knowledge is data."""

from __future__ import annotations

from functools import lru_cache

from spacy.language import Language
from spacy.tokens import Doc, Span

from corpus.glossary import TYPES
from extract import classify, slots
from extract.numbers import NUMBER_WORDS, parse_number, roman

PLAY_LABELS = tuple(t.upper() for t in TYPES if t != "game")  # the glossary's words of play, not a game's name

if not Doc.has_extension("claims"):
    Doc.set_extension("claims", default=[])
if not Doc.has_extension("cue_totals"):  # each class's cue total, before the classifier decides
    Doc.set_extension("cue_totals", default={})
if not Span.has_extension("value"):
    Span.set_extension("value", default=None)


@Language.component("academie_numbers")
def numbers(doc: Doc) -> Doc:
    """Numbers in digits, Roman numerals or words, as `doc.spans["numbers"]` with `span._.value`."""
    found, i = [], 0
    strings = doc.vocab.strings  # token texts without building Token objects (this runs on every sentence)
    candidate = [_may_be_number(strings[orth]) for orth in doc.to_array("ORTH").tolist()]
    while i < len(doc):
        if not candidate[i]:
            i += 1
            continue
        end = i + 1
        while end < len(doc) and end - i < 6 and candidate[end]:
            end += 1
        best = None
        for j in range(end, i, -1):  # the longest run of tokens that reads as a number
            value = parse_number(doc[i:j].text)
            if value is not None and not (j - i == 1 and doc[i].lower_ in ("un", "une") and doc[i].pos_ == "DET"):
                best = (j, value)
                break
        if best:
            span = doc[i : best[0]]
            span._.value = best[1]
            found.append(span)
            i = best[0]
        else:
            i += 1
    doc.spans["numbers"] = found
    return doc


@lru_cache(maxsize=1 << 16)
def _may_be_number(text: str) -> bool:
    """Could this token be part of a number (a cheap test before parsing whole runs)?"""
    word = text.lower().rstrip(".°")
    return (
        word.isdigit()
        or word in NUMBER_WORDS
        or all(part in NUMBER_WORDS for part in word.split("-") if part)
        and "-" in word
        or word in ("-", "°")
        or roman(text.rstrip(".")) is not None
    )


@Language.component("academie_classifier")
def classifier(doc: Doc) -> Doc:
    """rule, penalty, definition, advice or narrative, as `doc.cats`."""
    terms = len({e.ent_id_ for e in doc.ents if e.label_ in PLAY_LABELS})
    text = doc.text  # spaCy joins the tokens anew each time it is asked
    doc._.cue_totals = classify.scores(text, has_claim=bool(doc._.claims), play_terms=terms)
    words, weight = classify.heading()
    short = len(doc) <= 2 * words and sum(t.is_alpha or t.like_num for t in doc) <= words
    row = bool(doc._.claims)  # "Roi = 3 points", "Joueurs 2 à 4": a row of a table states its fact
    lead_in = text.rstrip().endswith(":")  # "Pour le cœur, le carreau, le trèfle et le pique :"
    if (short or lead_in or names_only_cards(doc)) and not is_clause(doc) and not row:  # "Le point.", "Roi de pique."
        doc._.cue_totals["narrative"] += weight
    label, confidence = classify.decide(doc._.cue_totals)
    doc.cats = classify.cats_for(label, confidence)
    return doc


def names_only_cards(doc: Doc) -> bool:
    """Are the sentence's words nothing but cards and suits ("Roi de pique. Dame de trèfle."), a
    hand or a row of cards shown, which states no law?"""
    cards = _card_words()
    words = (t.lower_ for t in doc if t.is_alpha)  # on every sentence: stop at the first other word
    return next(words, None) in cards and all(w in cards for w in words)


@lru_cache(maxsize=1)
def _card_words() -> frozenset[str]:
    """The names of ranks and suits in every form the glossary gives, and the words that join them."""
    return frozenset(slots.ranks()) | frozenset(slots.suits()) | {"de", "du", "d", "et"}


@Language.component("academie_slots")
def claims(doc: Doc) -> Doc:
    """Typed claims of the sentence (deck size, hand sizes, players, values, fines, targets)."""
    doc._.claims = slots.extract(doc.text)
    return doc


SUBJECTS = frozenset(("il", "elle", "on", "ils", "elles"))  # "l'on" is two tokens, "l'" and "on"


def is_clause(doc: Doc) -> bool:
    """Has the sentence a finite verb or a subject pronoun (the tagger may miss the verb of "On
    mêle.")? A law is a clause; "Du nombre des Cartes." heads one. A mark the tagger reads as a
    verb (OCR's stray "’") is none. A manual's instruction opens with its verb, which the tagger
    often reads as a noun: an imperative ("Retournez la 1ère carte", "En cas d'égalité, réessayez")
    or an infinitive that opens it ("Faire dernier tour") is a clause too."""
    if any(
        token.is_alpha
        and ("Fin" in token.morph.get("VerbForm") or _instruction(token.lower_))
        or token.lower_ in SUBJECTS
        for token in doc
    ):
        return True
    first = next((token for token in doc if token.is_alpha), None)
    return first is not None and "Inf" in first.morph.get("VerbForm")


NOT_IMPERATIVE = frozenset(("chez", "assez", "nez"))


def _instruction(word: str) -> bool:
    """Does the word read as an imperative of the second person plural ("retournez", "débutez")?"""
    return len(word) > 4 and word.endswith("ez") and word not in NOT_IMPERATIVE
