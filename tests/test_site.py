"""The edition as files: pages, anchors, links both ways, escaping, permalinks and exports."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from lxml import html as lxml_html

from academie.ledger import text_ids
from corpus import paths
from rules.catalogue import load_rules
from tests.conftest import build_site, run_academie


def _page(site: Path, name: str) -> lxml_html.HtmlElement:
    return lxml_html.parse(str(site / name)).getroot()


def test_every_passage_and_sentence_is_anchored_on_its_source_page(site_html: Path) -> None:
    page = _page(site_html, "sources/reversis.html")
    anchors = set(page.xpath("//@id"))
    missing = [i for i in text_ids(paths.tei_path("reversis")) if i not in anchors]
    assert not missing, missing[:5]


def test_source_text_is_french_and_the_chrome_english(site_html: Path) -> None:
    page = _page(site_html, "sources/taros-1659.html")
    assert page.get("lang") == "en"
    assert page.xpath("//div[contains(@class, 'tei-source')]/@lang") == ["fr"]


def test_each_change_shows_both_readings_and_who_made_it(site_html: Path) -> None:
    page = _page(site_html, "sources/reversis.html")
    change = page.xpath("//span[@id='reversis.a10.s1']//span[contains(@class, 'tei-choice')]")[0]
    assert change.xpath("string(span[@class='dipl'])") == "Uon"
    assert change.xpath("string(span[@class='reg'])") == "L'on"
    assert "The editors of Académie" in change.xpath("string(span[@class='choice-info'])")


def test_every_rule_has_an_anchor_a_title_a_badge_and_a_page_with_its_citation(site_html: Path) -> None:
    for rule in load_rules():
        page = _page(site_html, f"games/{rule.game}.html")
        section = page.xpath(f"//section[@id='{rule.id}']")
        assert section, rule.id
        assert rule.title in section[0].xpath("string(.//h1|.//h2|.//h3|.//h4)"), rule.id
        assert rule.id not in section[0].xpath("string(.//h1|.//h2|.//h3|.//h4)"), "ids are anchors, not headings"
        assert section[0].xpath(".//span[contains(@class, 'badge')]"), rule.id
        assert section[0].xpath(f".//a[@href='../rules/{rule.id}.html']"), rule.id
        own = _page(site_html, f"rules/{rule.id}.html")
        assert own.xpath(f"//div[contains(@class, 'cite-rule')]//a[@href='../id/{rule.id}.html']"), rule.id
        assert (site_html / "id" / f"{rule.id}.html").exists()


def test_passages_link_to_the_rules_that_cite_them_and_back(site_html: Path) -> None:
    source = _page(site_html, "sources/reversis.html")
    back = source.xpath("//p[@id='reversis.a10.p1']//span[@class='backlinks']//a/@href")
    assert "../games/reversis.html#reversis.deal.hand-sizes" in back
    game = _page(site_html, "games/reversis.html")
    forth = game.xpath("//section[@id='reversis.deal.hand-sizes']//a[contains(@href, 'sources/')]/@href")
    assert "../sources/reversis.html#reversis.a10.s1" in forth


def test_sources_that_share_a_game_are_compared(site_html: Path) -> None:
    table = _page(site_html, "games/tarot.html").xpath("//table[contains(@class, 'comparison')]")[0]
    headers = [" ".join(th.text_content().split()) for th in table.xpath(".//th")]
    assert any("La Marinière" in h and "1659" in h for h in headers), headers
    rows = {r.xpath("string(td[1])").strip(): r for r in table.xpath(".//tbody/tr")}
    pack = rows["The pack"]
    assert pack.xpath("string(td[2])").strip() == "the sources differ"
    links = pack.xpath(".//a/@href")
    assert any("tarots.deck.composition" in h for h in links) and any("taros-1659.deck.composition" in h for h in links)


def test_glossary_and_index_link_to_occurrences(site_html: Path) -> None:
    glossary = _page(site_html, "glossary.html")
    quinola = glossary.xpath("//dt[normalize-space()='quinola']/following-sibling::dd[1]//a/@href")
    assert not quinola, "quinola is a card: it belongs to the index, not the glossary of terms"
    talon = glossary.xpath("//dt[normalize-space()='talon']/following-sibling::dd[1]//a/@href")
    assert any("sources/talon.html#talon.q" in href for href in talon)
    index = _page(site_html, "mentions.html")
    assert any(
        "sources/reversis.html#reversis.a" in h
        for h in index.xpath("//dt[starts-with(., 'quinola')]/following-sibling::dd[1]//a/@href")
    )


def test_dashboard_counts_every_rule(site_html: Path) -> None:
    first = "(//table[contains(concat(' ', @class, ' '), ' dashboard ')])[1]"
    rows = _page(site_html, "dashboard.html").xpath(f"{first}/tbody/tr")
    counted = sum(int(cell.text_content()) for row in rows for cell in row.xpath("td")[2:6])
    assert counted == len(load_rules())


def test_web_annotations_link_each_rule_to_its_passages(site_html: Path) -> None:
    collection = json.loads((site_html / "annotations.jsonld").read_text("utf-8"))
    assert collection["@context"] == "http://www.w3.org/ns/anno.jsonld"
    items = {a["id"]: a for a in collection["first"]["items"]}
    assert len(items) == len(load_rules())
    hand = items["id/reversis.deal.hand-sizes.html"]
    assert hand["type"] == "Annotation"
    assert hand["target"][0]["selector"]["value"] == "//*[@xml:id='reversis.a10.s1']"
    assert (site_html / hand["target"][0]["source"]).exists()


def test_ocr_markup_in_a_source_is_shown_as_text_never_run(tmp_path: Path, corpus_copy: Path) -> None:
    raw = tmp_path / "evil.txt"
    raw.write_text('DU JEU\n\n1. On joue <script>alert("x")</script> & <b>gras</b> "ici".\n', "utf-8")
    added = run_academie("add-source", str(raw), "--id", "evil", "--title", "<i>Evil</i> & co", corpus=corpus_copy)
    assert added.returncode == 0, added.stderr.decode()
    site = build_site(tmp_path / "out", corpus_copy)
    page = (site / "sources" / "evil.html").read_text("utf-8")
    assert "<script>alert" not in page and "<b>gras" not in page and "<i>Evil" not in page
    assert "&lt;script&gt;alert" in page and "&amp; co" in page


def test_serve_serves_the_built_edition(site_html: Path) -> None:
    env = {**os.environ, "ACADEMIE_SITE_BUILD": str(site_html)}
    command = [sys.executable, "-m", "academie.cli", "serve", "--port", "0"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, env=env, cwd=paths.ROOT, text=True) as server:
        try:
            line = server.stdout.readline()
            url = line.split(" at ", 1)[1].split()[0]
            with urllib.request.urlopen(url + "sources/reversis.html", timeout=30) as response:
                assert response.status == 200 and b"reversis.a10.s1" in response.read()
        finally:
            server.terminate()


def test_serve_without_a_built_edition_says_how_to_build_it(tmp_path: Path) -> None:
    env = {**os.environ, "ACADEMIE_SITE_BUILD": str(tmp_path / "nothing")}
    result = subprocess.run(
        [sys.executable, "-m", "academie.cli", "serve"], capture_output=True, env=env, cwd=paths.ROOT, timeout=120
    )
    assert result.returncode == 1 and b"academie build" in result.stderr


def test_a_permalink_to_a_missing_anchor_fails_the_build(tmp_path: Path) -> None:
    import pytest

    from academie.exports import check_anchors
    from corpus.errors import AcademieError

    (tmp_path / "sources").mkdir()
    (tmp_path / "id").mkdir()
    (tmp_path / "sources" / "x.html").write_text('<html><body><p id="x.s1">a</p></body></html>', "utf-8")
    check_anchors(tmp_path / "id", {"x.s1": "../sources/x.html#x.s1"})
    with pytest.raises(AcademieError, match="permalink x.pb1 leads to #x.pb1, which sources/x.html lacks"):
        check_anchors(tmp_path / "id", {"x.pb1": "../sources/x.html#x.pb1"})


def test_a_page_break_before_the_body_and_a_list_heading_are_anchored(site_html: Path) -> None:
    assert _page(site_html, "sources/piquet.html").xpath("//*[@id='piquet.pb34']")
    assert _page(site_html, "sources/taros-1659.html").xpath("//*[@id='taros-1659.sec3.list1.head']")


def test_a_citation_gives_the_printed_page_where_the_source_prints_one(site_html: Path) -> None:
    cited = _page(site_html, "rules/reversis.deal.hand-sizes.html").xpath("string(//p[contains(@class, 'cite-where')])")
    assert "art. 10, p. 85" in cited
    record = next(
        r for r in json.loads((site_html / "rules.json").read_text("utf-8")) if r["id"] == "reversis.deal.hand-sizes"
    )
    assert record["pages"] == ["85"]


def test_every_character_the_edition_prints_has_an_installed_font(site_html: Path) -> None:
    """Each character of the source and rule pages (and the page-break mark) is covered by a font
    fontconfig knows, so that no missing-glyph box is drawn."""
    if shutil.which("fc-list") is None:
        pytest.skip("no fontconfig (fc-list): the browser tests' packages install it")
    shown = {"\u2014"}  # the page-break mark (academie.css)
    for page in [*(site_html / "sources").glob("*.html"), *(site_html / "games").glob("*.html")]:
        shown |= set(_page(site_html, str(page.relative_to(site_html))).xpath("string(//article)"))
    missing = [
        char
        for char in sorted(c for c in shown if ord(c) > 0x7F and not c.isspace())
        if not subprocess.run(["fc-list", f":charset={ord(char):x}"], capture_output=True, text=True).stdout.strip()
    ]
    assert not missing, f"no installed font draws {' '.join(missing)}"
