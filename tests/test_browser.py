"""The edition in a real browser: headless Debian Chromium driven by Playwright (no browser download).

Skipped, saying how to install it, where Chromium or Playwright is missing; `.ci/run` installs both.
Screenshots of every test go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from corpus import paths

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = paths.ROOT / "test-artifacts" / "screenshots"
HIGHLIGHT = "rgb(255, 243, 163)"  # :target in site/_static/academie.css

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (make test installs it)")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium: install it with `apt-get install chromium`"
)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def base_url(site_html: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(site_html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, request: pytest.FixtureRequest) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    yield tab
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=False)
    context.close()


def _visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


def test_reading_switches_to_diplomatic_and_back_and_is_remembered(page, base_url: str) -> None:
    page.goto(base_url + "sources/reversis.html")
    original = "#reversis\\.a10\\.s1 .tei-choice >> nth=0"
    assert page.locator(f"{original} >> .reg").is_visible()
    assert not page.locator(f"{original} >> .dipl").is_visible()
    page.click(".reading-switch")
    assert page.locator(f"{original} >> .dipl").is_visible()
    assert page.locator(f"{original} >> .dipl").inner_text() == "Uon"
    assert not page.locator(f"{original} >> .reg").is_visible()
    page.goto(base_url + "sources/piquet.html")  # another page: the choice is remembered
    assert page.evaluate("document.documentElement.classList.contains('reading-diplomatic')")
    assert page.get_attribute(".reading-switch", "aria-pressed") == "true"
    page.click(".reading-switch")
    assert not page.evaluate("document.documentElement.classList.contains('reading-diplomatic')")
    assert _visible(page, ".tei-choice .reg")


def test_rule_link_leads_to_its_passage_highlighted(page, base_url: str) -> None:
    page.goto(base_url + "games/reversis.html")
    page.click("section#reversis\\.deal\\.hand-sizes a[href*='sources/reversis.html#reversis.a10.s1']")
    page.wait_for_url("**/sources/reversis.html#reversis.a10.s1")
    assert page.evaluate("document.querySelector(':target').id") == "reversis.a10.s1"
    assert page.evaluate("getComputedStyle(document.querySelector(':target')).backgroundColor") == HIGHLIGHT
    assert page.locator("#reversis\\.a10\\.s1").is_visible()


def test_passage_links_back_to_every_rule_that_cites_it(page, base_url: str) -> None:
    page.goto(base_url + "sources/reversis.html#reversis.a10.p1")
    links = page.locator("#reversis\\.a10\\.p1 .backlinks a")
    titles = {links.nth(i).inner_text() for i in range(links.count())}
    assert "Hand sizes: eleven cards, twelve to the dealer" in titles, titles
    links.filter(has_text="Hand sizes").first.click()
    page.wait_for_url("**/games/reversis.html#reversis.deal.hand-sizes")
    assert page.evaluate("document.querySelector(':target').id") == "reversis.deal.hand-sizes"
    assert page.locator("section#reversis\\.deal\\.hand-sizes .badge").first.inner_text() == "holds"


def _search(page, base_url: str, query: str) -> list[str]:
    """The anchors Pagefind's results lead to, for a query typed in the theme's search box."""
    page.goto(base_url + "index.html")
    page.fill("input[name='q']", query)
    page.press("input[name='q']", "Enter")
    page.wait_for_selector(".pagefind-ui__result-link", timeout=20000)
    page.wait_for_timeout(500)  # the last results stream in
    return page.eval_on_selector_all(".pagefind-ui__result-link", "links => links.map(a => a.href)")


def test_search_finds_passages_and_rules_at_their_anchors(page, base_url: str) -> None:
    found = _search(page, base_url, "quinola")
    assert any("sources/reversis.html#reversis.a" in href for href in found), found
    assert any("/rules/" in href for href in found), found
    snippets = " ".join(page.locator(".pagefind-ui__result-excerpt").all_inner_texts())
    assert "Quinola" in snippets or "quinola" in snippets
    # the filters stream in after the results: wait for all three (on a loaded machine one came late)
    page.wait_for_function("document.querySelectorAll('.pagefind-ui__filter-name').length >= 3", timeout=20000)
    facets = page.locator(".pagefind-ui__filter-name").all_inner_texts()
    assert {"Source", "Game", "Kind"} <= {f.strip().capitalize() for f in facets}, facets


def test_search_ignores_accents(page, base_url: str) -> None:
    assert sorted(_search(page, base_url, "ecart")) == sorted(_search(page, base_url, "écart"))


def test_a_change_explains_itself_in_review_mode_only(page, base_url: str) -> None:
    page.goto(base_url + "sources/taros-1659.html")
    change = page.locator(".tei-choice.choice-reg").first
    change.hover()
    assert not change.locator(".choice-info").is_visible()
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.tei-choice')).backgroundColor") == "rgba(0, 0, 0, 0)"
    )
    page.click(".review-switch")
    change.hover()
    info = change.locator(".choice-info")
    assert info.is_visible()
    assert "regularised from" in info.inner_text() and "certainty" in info.inner_text()


def test_tab_order_on_a_source_page_reaches_the_text_not_every_change(page, base_url: str) -> None:
    page.goto(base_url + "sources/reversis.html")
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stops.append(
            page.evaluate(
                "(e => e.className + '|' + (e.name || e.textContent.trim().slice(0, 30)))(document.activeElement)"
            )
        )
    assert not any(stop.startswith("tei-choice") for stop in stops), stops
    assert any("|q" in stop for stop in stops[:10]), "the search box comes early"
    assert any("reading-switch" in stop for stop in stops), stops
    page.click(".review-switch")
    assert page.evaluate("document.querySelector('.tei-choice').tabIndex") == 0


def test_journey_citing_the_reversis_hand_sizes(page, base_url: str) -> None:
    """Home -> games -> Reversis -> the hand sizes -> its page -> every field of the citation, and the BibTeX."""
    page.goto(base_url)
    page.click("a:has-text('Games and their rules') >> nth=0")
    page.click("article a:has-text('Reversis: rules')")
    page.click("section#reversis\\.deal\\.hand-sizes a.rule-page-link")
    page.wait_for_url("**/rules/reversis.deal.hand-sizes.html")
    box = page.locator(".cite-rule").first
    text = box.inner_text()
    facts = {"version": "0.2.0", "title": "Hand sizes: eleven cards, twelve to the dealer", "where": "art. 10, p. 85"}
    for name, value in facts.items():
        assert value in text, name
    for field in ("APA", "MLA", "Du Reversis", "reversis.a10.s1", "regularised reading", "Accessed"):
        assert field in text, field
    permalink = base_url + "id/reversis.deal.hand-sizes.html"
    assert box.locator("a.permalink-url").inner_text() == permalink
    assert permalink in box.locator(".cite-apa").inner_text()
    assert box.locator(".access-date").inner_text() == datetime.date.today().isoformat()
    page.click(".copy-citation")
    copied = box.get_attribute("data-copied")
    assert "art. 10, p. 85" in copied and permalink in copied and "Accessed" in copied
    assert box.locator("a.download-bib").get_attribute("href") == "../cite/reversis.deal.hand-sizes.bib"
    bibtex = page.request.get(base_url + "cite/reversis.deal.hand-sizes.bib").text()
    for field in (
        "@online{reversis.deal.hand-sizes",
        "title = {Hand sizes",
        "version = {0.2.0}",
        "art. 10, p. 85",
        "@incollection{reversis",
        "pages = {85}",
        "Du Reversis",
    ):
        assert field in bibtex, field
    assert page.request.get(base_url + "cite/reversis.deal.hand-sizes.ris").text().startswith("TY  - ELEC")
    page.click("a.permalink-url")
    page.wait_for_url("**/rules/reversis.deal.hand-sizes.html#rule-page-reversis.deal.hand-sizes")


def test_journey_reviewing_piquet_changes_by_agent(page, base_url: str) -> None:
    page.goto(base_url + "sources/piquet.html")
    page.click("a:has-text('every change')")
    page.wait_for_url("**/sources/piquet-changes.html*")
    rows = page.locator("table.changes tbody tr")
    total = rows.count()
    agents = page.locator("select[name='agent'] option").all_inner_texts()
    spacing = next(a for a in agents if "Spacing" in a)
    page.select_option("select[name='agent']", spacing)
    shown = [rows.nth(i) for i in range(total) if rows.nth(i).is_visible()]
    assert 0 < len(shown) < total
    assert all(spacing in row.locator("td").nth(3).inner_text() for row in shown)
    assert all(row.locator("td").nth(5).inner_text().strip() for row in shown), "each change gives its reason"
    page.select_option("select[name='cert']", "high")
    assert not any(rows.nth(i).is_visible() for i in range(total)), "the spacing agent is never highly certain"
    page.select_option("select[name='cert']", "")
    shown[0].locator("td >> nth=6 >> a").click()
    page.wait_for_url("**/sources/piquet.html#piquet.*")
    assert page.evaluate("document.querySelector(':target') !== null")


def test_journey_comparing_the_tarot_sources_to_the_marked_58(page, base_url: str) -> None:
    page.goto(base_url + "games/tarot.html")
    row = page.locator("table.comparison tbody tr", has_text="The pack")
    assert row.locator("td").nth(1).inner_text() == "the sources differ"
    assert "1659" in page.locator("table.comparison th").all_inner_texts()[-1]
    page.click("section#tarots\\.count\\.58-others .rule-where a >> nth=0")
    page.wait_for_url("**/sources/tarots.html#tarots.a3.s1")
    crux = page.locator(":target .crux")
    assert crux.inner_text() == "58"
    crux.click()
    page.wait_for_url("**/games/tarot.html#tarots.count.58-others")


def test_a_rule_page_carries_zotero_meta_tags(page, base_url: str) -> None:
    page.goto(base_url + "rules/reversis.deal.hand-sizes.html")
    meta = page.eval_on_selector_all(
        "meta[name^='citation_']", "tags => Object.fromEntries(tags.map(t => [t.name, t.content]))"
    )
    assert meta["citation_title"] == "Hand sizes: eleven cards, twelve to the dealer"
    assert meta["citation_author"] == "The editors of Académie"
    assert meta["citation_publication_date"].count("/") == 2
    assert page.locator(".edition-facts").inner_text().count("CC BY 4.0") == 1


PHONE_PAGES = [
    "index.html",
    "sources/reversis.html",
    "sources/talon.html",
    "sources/piquet-changes.html",
    "sources/reversis-parallel.html",
    "games/tarot.html",
    "games/reversis.html",
    "rules/reversis.counters.panier-worth.html",
    "dashboard.html",
    "mentions.html",
    "bibliography.html",
    "search.html?q=talon",
]


@pytest.mark.parametrize("name", PHONE_PAGES)
def test_pages_fit_a_phone_screen_with_navigation_at_the_top(browser, base_url: str, name: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(base_url + name)
    phone.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / f"phone-{name.replace('/', '-').replace('?', '-')}.png"))
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    menu = phone.locator("label[for='__navigation']").first.bounding_box()
    context.close()
    assert overflow <= 1, f"{name} is {overflow}px wider than the screen"
    assert menu is not None and menu["y"] < 80, "the navigation opens from the top of the page"
