"""The editor's corrections file: applied as choices by #editor, errors name the entry's line."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from corpus.encode import encode_source
from corpus.errors import AcademieError
from corpus.readings import diplomatic, reading
from corpus.sources import load_source

NS = {"t": "http://www.tei-c.org/ns/1.0"}


def _ids(data: bytes) -> list[str]:
    return etree.fromstring(data).xpath("//@xml:id")


def _with_corrections(corpus_copy: Path, text: str, source_id: str = "reversis"):
    folder = corpus_copy / "sources" / source_id
    (folder / "corrections.toml").write_text(text, "utf-8")
    return load_source(folder)


def test_an_editor_correction_becomes_a_choice_by_the_editor(corpus_copy: Path) -> None:
    source = _with_corrections(corpus_copy, '[[correction]]\nfind = "Uon donne onze"\nreplace = "L\'on donne onze"\n')
    tree = etree.fromstring(encode_source(source))
    corr = tree.xpath("//t:corr[@resp='#editor']", namespaces=NS)
    assert [c.text for c in corr] == ["L'on"]
    assert corr[0].getparent().xpath("string(t:sic)", namespaces=NS) == "Uon"
    assert "L'on donne onze cartes" in reading(tree)
    assert diplomatic(tree) == source.text()


def test_changing_a_correction_changes_no_identifier(corpus_copy: Path) -> None:
    before = _ids(encode_source(_with_corrections(corpus_copy, "")))
    entries = (
        '[[correction]]\nfind = "Uon"\nreplace = "L\'on"\n\n'
        '[[correction]]\nfind = "Reverab"\nreplace = "Reversis"\n\n'
        '[[correction]]\nfind = "iCarte"\nreplace = "Carte"\n'
    )
    after = _ids(encode_source(_with_corrections(corpus_copy, entries)))
    changed = _ids(encode_source(_with_corrections(corpus_copy, entries.replace('"Carte"', '"La carte"'))))
    assert before == after == changed


def test_an_editor_correction_overrides_an_automatic_one(corpus_copy: Path) -> None:
    source = _with_corrections(corpus_copy, '[[correction]]\nfind = "i4*"\nreplace = "14."\n')
    tree = etree.fromstring(encode_source(source))
    label = tree.xpath("//t:div[@xml:id='reversis.a14']//t:label", namespaces=NS)[0]
    assert label.xpath("t:choice/t:corr/@resp", namespaces=NS) == ["#editor"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '\n\n[[correction]]\nfind = "no such words"\nreplace = "x"\n',
            "corrections.toml:3: correction 1: text not found",
        ),
        ('[[correction]]\nfind = "le"\nreplace = "la"\n', "occurs"),
        (
            '[[correction]]\nfind = "Uon donne"\nreplace = "L\'on donne"\n\n[[correction]]\nfind = "Uon"\n'
            'replace = "Lon"\n',
            "corrections.toml:5: correction 2: conflicts with the correction at line 1",
        ),
        ('[[correction]]\nfind = "Uon"\nreplace = "L\'on"\nwho = "me"\n', "unknown field 'who'"),
        ('[[correction]\nfind = "Uon"\n', "corrections.toml:1: malformed TOML"),
        ('[[correction]]\nfind = "personnes. On"\nreplace = "personnes; on"\n', "crosses a sentence"),
        (
            '[[correction]]\nfind = "Uon"\nreplace = "L\\u0007on"\n',
            "corrections.toml:3: control character U+0007, which XML cannot carry",
        ),
        ('[[correction]]\nfind = "Uon"\nreplace = "' + "x" * 20_000 + '"\n', "holds 20,000 characters"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", "corrections.toml: malformed TOML: nested too deep"),
    ],
)
def test_bad_corrections_are_one_clear_error(corpus_copy: Path, text: str, expected: str) -> None:
    source = _with_corrections(corpus_copy, text)
    with pytest.raises(AcademieError) as caught:
        encode_source(source)
    assert expected in str(caught.value)
