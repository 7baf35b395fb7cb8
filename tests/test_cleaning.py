"""Automatic OCR cleaning: every change a recorded choice; correct text is never changed."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from academie.addsource import add_source
from academie.build import check_regularisation
from corpus import paths
from corpus.cleaner import _debris
from corpus.errors import AcademieError
from corpus.fileio import parse_xml
from corpus.header import agents
from corpus.readings import reading
from corpus.textclean import clean_text
from tests.conftest import run_academie

NS = {"t": "http://www.tei-c.org/ns/1.0"}
CORRECT = (
    "Le jeu se joue à quatre personnes. On tire pour les places, c'est-à-dire que l'on commence par "
    "placer les quatre paniers sur la table ; on prend ensuite une fiche de chaque couleur."
)
NOISY = (
    "Ipeia boite deRprersis idela manière 4e <!onner Tes tCarVe»-; Jeiettr ralevr.^ cl«4a manièrt. "
    "Chaque papier carré est copipp^ ,j\\ de cioq jetons qui valent chacun. Le panier rond sert ayec "
    "les jelons ; il en faut dix."
)


def test_correct_text_is_never_changed() -> None:
    assert clean_text(CORRECT) == CORRECT


def test_noisy_ocr_is_corrected_from_the_lexicon_and_stray_marks_removed() -> None:
    out = clean_text(NOISY)
    assert "cinq jetons" in out and "avec les jetons" in out
    assert "copipp," in out.replace(" ", "") or "copipp ," in out
    assert "^" not in out


def test_every_automatic_change_names_a_declared_method_and_a_certainty() -> None:
    methods = {f"#{a['id']}" for a in agents()}
    for source_id in ("reversis", "piquet", "taros-1659"):
        tree = parse_xml(paths.tei_path(source_id))
        members = tree.xpath("//t:corr | //t:reg | //t:expan", namespaces=NS)
        assert members
        assert all(m.get("resp") in methods and m.get("cert") in ("high", "medium", "low") for m in members)


def test_1659_spellings_are_orig_reg_choices_and_reading_is_modern() -> None:
    tree = parse_xml(paths.tei_path("taros-1659"))
    pairs = {
        (c.findtext("t:orig", namespaces=NS), c.findtext("t:reg", namespaces=NS))
        for c in tree.xpath("//t:choice[t:orig]", namespaces=NS)
    }
    assert ("auec", "avec") in pairs and ("ioüer", "jouer") in pairs
    assert tree.xpath("//t:choice[t:abbr]/t:expan/text()", namespaces=NS)
    text = reading(tree)
    assert "se joue à plusieurs sortes de jeux" in text


def test_one_original_form_gets_one_regular_form() -> None:
    tei = (
        '<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body><p>'
        '<choice><orig>ieu</orig><reg resp="#x" cert="high">jeu</reg></choice> '
        '<choice><orig>ieu</orig><reg resp="#x" cert="high">lieu</reg></choice></p></body></text></TEI>'
    )
    tree = etree.ElementTree(etree.fromstring(tei))
    try:
        check_regularisation(tree, Path("x.xml"))
    except AcademieError as err:
        assert "'ieu' is regularised both as 'jeu' and as 'lieu'" in str(err)
    else:
        raise AssertionError("conflicting regularisations were accepted")


def test_clean_and_normalize_commands_read_standard_input() -> None:
    result = run_academie("clean", stdin=NOISY.encode())
    assert result.returncode == 0 and "cinq jetons" in result.stdout.decode()
    result = run_academie("normalize", stdin="auec vne\nioüer\n".encode())
    assert result.stdout.decode() == "avec une\njouer\n"


def test_eval_commands_report_figures_beside_doing_nothing(tmp_path: Path) -> None:
    icdar = tmp_path / "icdar"
    icdar.mkdir()
    ocr = "Le jeu ayec les jelons est celte partie."
    gold = "Le jeu avec les jetons est cette partie."
    (icdar / "1.txt").write_text(f"[OCR_toInput] {ocr}\n[OCR_aligned] {ocr}\n[ GS_aligned] {gold}\n", "utf-8")
    result = run_academie("eval", "ocr", str(icdar))
    assert result.returncode == 0, result.stderr.decode()
    assert "CER" in result.stdout.decode() and "doing nothing" in result.stdout.decode()
    norm = tmp_path / "norm.tsv"
    norm.write_text("auec vne personne\tavec une personne\n", "utf-8")
    result = run_academie("eval", "norm", str(norm))
    assert "word accuracy 0.3333 doing nothing, 1.0000 regularised" in result.stdout.decode()


def test_report_lists_changes_by_method_and_certainty() -> None:
    result = run_academie("report", "reversis")
    out = result.stdout.decode()
    assert result.returncode == 0 and "academie.layout" in out and "suggestions not applied" in out


def test_the_digit_one_read_for_l_before_an_apostrophe_is_l() -> None:
    """ "1'on joue", "1'As de Carreau": no number is elided; an unknown word after it stays as read."""
    out = clean_text("On donne onze Cartes aux personnes avec qui 1'on joue, et 1'As vaut 1'ccart.")
    assert "avec qui l'on joue" in out and "et l'As vaut" in out and "1'ccart" in out


LONG_S_1650 = (
    "Il eft permis de fe défaire de plufieurs cartes, & vne perfonne ne peut pas fe feruir de celles\n"
    "qui font découuertes. Lorfque le jeu fe trouue faux, chaque Ioüeur reçoit fix cartes auec le talon.\n"
)


def test_an_early_modern_print_whose_long_s_ocr_read_as_f_is_read_with_s(tmp_path: Path) -> None:
    """A 17th-century print is regularised and its long s read: 'fe', 'plufieurs', 'fix' are se,
    plusieurs, six; words in their own right ('font' for sont) keep their f."""
    from_tei = clean_source(tmp_path, LONG_S_1650)
    assert "se défaire de plusieurs cartes" in from_tei and "Lorsque le jeu se trouve faux" in from_tei
    assert "six cartes avec le talon" in from_tei and "une personne" in from_tei
    assert "fe " not in from_tei and "qui font découvertes" in from_tei
    assert "se défaire de plusieurs" in clean_text(LONG_S_1650), "academie clean reads the long s too"


def test_a_print_that_shows_no_long_s_keeps_its_f() -> None:
    text = "Il faut faire six levées ; le fou de la femme fut fait à la foire.\n" * 3
    assert clean_text(text) == text


def clean_source(folder: Path, raw: str) -> str:
    """The reading of a text added as a source (TEI built, with the methods its text calls for)."""
    path = folder / "print.txt"
    path.write_text(raw, "utf-8")
    built = add_source(path, "print", "print", {}, root=folder / "sources", tei_dir=folder / "tei")
    return reading(etree.ElementTree(etree.fromstring(built.tei)))


def test_a_bullet_opening_its_line_is_no_stray_mark() -> None:
    """ "  • Forme": a list's bullet stays, though a mark alone between words ("Roi • Dame") goes."""
    raw = "Il y a 5 familles :\n  • Forme\n  • Découverte\nle Roi • la Dame\n"
    removed = [raw[span.start : span.end] for span in _debris(raw, 0, len(raw))]
    assert removed == [" •"], removed
