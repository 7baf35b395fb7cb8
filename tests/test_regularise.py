"""Early-modern spelling regularisation: learned table, rules for unseen words, tilde expansions."""

from __future__ import annotations

import pytest

from corpus.regularise import expand_tildes, normalize_line, regularise_word
from corpus.textclean import normalize_text


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("auec", "avec"),
        ("ioüer", "jouer"),
        ("vostre", "votre"),
        ("poincts", "points"),
        ("diuertissant", "divertissant"),
        ("Cheualier", "Chevalier"),
        ("&", "et"),
        ("conuenu", "convenu"),
    ],
)
def test_early_modern_forms_are_regularised(old: str, new: str) -> None:
    assert regularise_word(old) == new


@pytest.mark.parametrize("word", ["avec", "mettrez", "jouer", "Reversis", "quinola", "12"])
def test_modern_words_are_left_alone(word: str) -> None:
    assert regularise_word(word) == word


def test_tilde_abbreviations_are_expanded() -> None:
    assert expand_tildes("quãd") == "quand"
    assert expand_tildes("Triõphe") == "Triomphe"
    assert expand_tildes("avec") is None


def test_normalize_keeps_one_line_per_line_and_the_spacing() -> None:
    text = "Premierement vous obseruerez  que\n\nles Ieux , auec vne personne.\n"
    out = normalize_text(text)
    assert out.count("\n") == text.count("\n")
    assert out.splitlines()[0] == "Premièrement vous observerez  que"
    assert normalize_line("les Ieux , auec vne personne.") == "les Jeux , avec une personne."
