"""Typographic conventions of `academie clean`: early-modern letters, and a flattened book's
hyphens, spacing and suspension points; print conventions are only suggested as word fixes."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from corpus.encode import encode_text
from corpus.fileio import safe_parser
from corpus.ocrfix import convention_only, impossible_accent
from corpus.textclean import _INPUT, clean_text, cleaning_methods
from corpus.typography import BOOK_LENGTH, modern_letters

NS = {"t": "http://www.tei-c.org/ns/1.0"}
SENTENCE = "Le jeu se joue à quatre personnes et chacun reçoit onze cartes de la main du donneur. "


def book(middle: str) -> str:
    """A flattened book: `middle` among enough plain sentences to pass the book length."""
    filler = SENTENCE * (BOOK_LENGTH // len(SENTENCE) // 2 + 1)
    return filler + middle + " " + filler.strip()


def test_early_modern_letters_follow_modern_print_and_keep_the_spelling() -> None:
    assert modern_letters("auoient") == "avoient"
    assert modern_letters("iamais") == "jamais"
    assert modern_letters("vn") == "un"
    assert modern_letters("Ouurirent") == "Ouvrirent"
    assert modern_letters("VNE") == "UNE"
    for kept in ("vray", "estoit", "avec", "jouer", "suivre"):
        assert modern_letters(kept) == kept


def test_an_early_modern_text_gets_its_letters_as_recorded_regularisations() -> None:
    raw = "Quand de si peu de mots la France auoit l'vsage, il n'estoit iamais auec nous. " * 3
    assert "letters" in cleaning_methods(raw)
    out = clean_text(raw)
    assert "avoit l'usage" in out and "jamais avec" in out and "estoit" in out
    tree = etree.fromstring(encode_text(_INPUT, raw, [], cleaning_methods(raw)).data, safe_parser())
    regs = tree.xpath("//t:choice/t:reg[@resp='#academie.typography']", namespaces=NS)
    assert {r.text for r in regs} >= {"avoit", "usage", "jamais", "avec"}


def test_a_flattened_book_joins_cut_words_and_keeps_compounds() -> None:
    raw = book("Les dra-peries et le surna-turel, peut-être, dit-il à Saint-Denis.")
    assert cleaning_methods(raw)[-1] == "book"
    out = clean_text(raw)
    assert "draperies" in out and "surnaturel" in out
    assert "peut-être" in out and "dit-il" in out and "Saint-Denis" in out


def test_a_short_or_broken_text_keeps_its_hyphens_and_spacing() -> None:
    short = "Les dra-peries sont belles. Quoi? Il part."
    assert clean_text(short) == short
    lines = book("Les dra-peries. Quoi?").replace(". ", ".\n", 3)
    assert "book" not in cleaning_methods(lines)


def test_a_flattened_book_spaces_question_and_exclamation_marks() -> None:
    out = clean_text(book("Quoi? Il part! Bien ? Oui !"))
    assert "Quoi ? Il part ! Bien ? Oui !" in out


def test_periods_before_lower_case_become_suspension_points_only_where_they_abound() -> None:
    dialogue = "Allons. va pour vingt. Merci. mon cher. Non. une misère. " * 40
    assert "Allons... va pour vingt. Merci... mon cher" in clean_text(book(dialogue))
    rare = book("Il vint. puis il partit.")
    assert "vint. puis" in clean_text(rare)


def test_a_print_convention_is_only_suggested_but_an_impossible_accent_is_corrected() -> None:
    assert convention_only("aîles", "ailes") and convention_only("auoir", "avoir")
    assert not convention_only("mojns", "moins")
    assert impossible_accent("militàire") and impossible_accent("coéur")
    assert not impossible_accent("prèsence") and not impossible_accent("après")
    assert clean_text("Les aîles de ces insectes sont grandes.") == "Les aîles de ces insectes sont grandes."


def test_clean_print_has_a_letter_read_for_another_corrected_but_not_its_u_v_or_its_spelling() -> None:
    assert clean_text("Ils scmt venus en aulomne.") == "Ils sont venus en automne."
    assert clean_text("Il en a grande enuie, et ses vtiles liures.") == "Il en a grande enuie, et ses vtiles liures."
    assert clean_text("Les perfonnes sont venues.") == "Les personnes sont venues."


def test_an_article_number_opening_a_text_of_one_line_is_left_as_printed() -> None:
    raw = "21 . bonnes et de longue durée, comme on le voit dans tous les pays."
    assert clean_text(raw) == raw


def test_very_noisy_ocr_reads_stray_marks_two_letter_non_words_and_run_together_words() -> None:
    from corpus import noisyfix
    from corpus.ocrfix import _edits

    assert noisyfix.marked_word("n*en") == "n'en" and noisyfix.marked_word("c*est") == "c'est"
    assert noisyfix.marked_word("alor&") == "alors" and noisyfix.marked_word("ci^dessus") == "ci-dessus"
    assert noisyfix.marked_word("jeu") is None  # no mark, nothing to read
    assert noisyfix.two_letters("ïa", lambda w: _edits(w, False)) == "la"
    assert noisyfix.two_letters("le", lambda w: _edits(w, False)) is None
    assert noisyfix.split_word("dechaque") == "de chaque"
    assert noisyfix.rare_word("caries", lambda w: _edits(w, False)) == "cartes"
    assert noisyfix.rare_word("comptées", lambda w: _edits(w, False)) is None  # a word, and no term near it


def test_noisy_repairs_stay_out_of_clean_print() -> None:
    clean_print = "Il vit des caries de chaque sorte, ce qui n'en fait pas une maladie rare."
    assert clean_text(clean_print) == clean_print


NOISY_LINES = (
    "Le premier a joué sa carte ^ le dernier fournit de la couleur, et une cin^\n"
    "quième carte est jetée ; il est libre à cha*\n"
    "cun de jouer ; le n*en est pas moins <cette> partie • qui compte.\n"
) * 3


def test_noisy_lines_join_cut_words_and_read_lone_marks_as_commas() -> None:
    out = clean_text(NOISY_LINES + "Tes deRprersis c;OT)tinUaIth qhacM« jioHe ^^f.\n")
    assert "cinquième carte" in out and "à chacun de jouer" in out
    assert "sa carte, le dernier" in out and "partie, qui compte" in out
    assert "n'en est" in out


def test_a_line_break_join_is_recorded_on_the_break_with_its_method() -> None:
    raw = NOISY_LINES + "Tes deRprersis c;OT)tinUaIth qhacM« jioHe ^^f.\n"
    tree = etree.fromstring(encode_text(_INPUT, raw, [], cleaning_methods(raw)).data, safe_parser())
    joins = tree.xpath("//t:lb[@break='no']", namespaces=NS)
    assert joins and all(lb.get("resp") == "#academie.hyphenation" for lb in joins)


def test_a_print_hyphen_kept_inside_a_line_is_read_whole_and_is_no_banner() -> None:
    """ "auquel¬les", "sui¬vante": a site that joined the print's lines kept its hyphens as `¬`; the
    word is read whole, the mark kept in the original with the hyphenation's resp, and a text that
    opens with one is no catalogue record ("¬de¬: ¬La¬ Maison" is)."""
    raw = "Le Tarot\n\nUn jeu de 78 cartes auquel¬les joueurs ajoutent la valeur sui¬vante.\n"
    assert clean_text(raw).strip() == "Le Tarot\n\nUn jeu de 78 cartes auquelles joueurs ajoutent la valeur suivante."
    tree = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
    assert not tree.xpath("//t:front", namespaces=NS)
    origs = tree.xpath("//t:choice/t:orig", namespaces=NS)
    assert [o.text for o in origs] == ["¬", "¬"]
    assert {o.getparent().find("t:reg", NS).get("resp") for o in origs} == {"#academie.hyphenation"}
    record = "¬de¬: ¬La¬ Maison Academique, Paris, 1659\n\nLe jeu se joue à quatre.\n"
    assert etree.fromstring(encode_text(_INPUT, record, []).data, safe_parser()).xpath("//t:front", namespaces=NS)


def test_a_print_that_spaces_semicolons_gets_the_spaces_noisy_ocr_lost() -> None:
    from corpus.cleaner import spaced_convention

    spaced = "il joue ; elle passe ; on compte ; ils jouent; tous ; et voilà: fin."
    assert spaced_convention(spaced)
    assert not spaced_convention("il joue; elle passe; on compte; ils jouent ; tous; fin.")


def test_the_reader_chooses_a_book_or_the_print_whatever_the_length() -> None:
    from tests.conftest import run_academie

    short = b"Les dra-peries. Quoi? Oui.\n"
    as_book = run_academie("clean", "--read-as", "book", stdin=short)
    assert as_book.returncode == 0 and as_book.stdout.decode() == "Les draperies. Quoi ? Oui.\n"
    assert clean_text(book("Les dra-peries."), read_as="print").count("dra-peries") == 1


def test_eval_ocr_measures_a_reading_and_what_a_method_contributes(tmp_path: Path) -> None:
    from tests.conftest import run_academie

    ocr = "Les dra-peries sont belles. Quoi? Il part."
    gold = "Les draperies sont belles. Quoi ? Il part."
    aligned = "Les dra-peries sont belles. Quoi?@ Il part."
    gold_aligned = "Les dra@peries sont belles. Quoi ? Il part."
    (tmp_path / "1.txt").write_text(
        f"[OCR_toInput] {ocr}\n[OCR_aligned] {aligned}\n[ GS_aligned] {gold_aligned}\n", "utf-8"
    )
    assert gold == gold_aligned.replace("@", "")

    def figure(*options: str) -> str:
        result = run_academie("eval", "ocr", str(tmp_path), *options)
        assert result.returncode == 0, result.stderr.decode()
        return result.stdout.decode().split("cleaned (")[1].split(" ")[0]

    assert figure() == "+0.00%"
    assert figure("--read-as", "book") == "+100.00%"
    assert figure("--read-as", "book", "--without", "book") == "+0.00%"
