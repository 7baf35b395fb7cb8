"""The edition in a real browser: headless Debian Chromium driven by Playwright (no browser download).

Skipped, saying how to install it, where Chromium or Playwright is missing; `.ci/run` installs both.
Screenshots of every test go to test-artifacts/screenshots/.
"""

from __future__ import annotations

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
    assert {links.nth(i).inner_text() for i in range(links.count())} >= {"reversis.deal.hand-sizes"}
    links.filter(has_text="reversis.deal.hand-sizes").first.click()
    page.wait_for_url("**/games/reversis.html#reversis.deal.hand-sizes")
    assert page.evaluate("document.querySelector(':target').id") == "reversis.deal.hand-sizes"
    assert page.locator("section#reversis\\.deal\\.hand-sizes .badge").first.inner_text() == "holds"


def test_search_for_quinola_finds_the_reversis_passage(page, base_url: str) -> None:
    page.goto(base_url + "search.html?q=quinola")
    page.wait_for_selector("#search-results ul.search li a", timeout=20000)
    hrefs = page.eval_on_selector_all("#search-results ul.search li a", "links => links.map(a => a.href)")
    assert any("sources/reversis.html" in href for href in hrefs), hrefs
    with page.expect_navigation(wait_until="load"):  # read the page once it has loaded, not while it streams in
        page.click("#search-results ul.search li a[href*='sources/reversis.html']")
    assert "Quinola" in page.locator(".tei-source").inner_text()


def test_a_change_explains_itself_on_hover(page, base_url: str) -> None:
    page.goto(base_url + "sources/taros-1659.html")
    change = page.locator(".tei-choice.choice-reg").first
    change.hover()
    info = change.locator(".choice-info")
    assert info.is_visible()
    assert "regularised from" in info.inner_text() and "certainty" in info.inner_text()


def test_citation_shows_the_absolute_permalink_which_resolves(page, base_url: str) -> None:
    page.goto(base_url + "games/reversis.html#reversis.deal.hand-sizes")
    link = page.locator("section#reversis\\.deal\\.hand-sizes .cite-rule a.permalink-url")
    assert link.inner_text() == base_url + "id/reversis.deal.hand-sizes.html"
    link.click()
    page.wait_for_url("**/games/reversis.html#reversis.deal.hand-sizes")


@pytest.mark.parametrize("name", ["sources/reversis.html", "games/tarot.html", "dashboard.html", "mentions.html"])
def test_pages_fit_a_phone_screen(browser, base_url: str, name: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(base_url + name)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / f"phone-{name.replace('/', '-')}.png"))
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    context.close()
    assert overflow <= 1, f"{name} is {overflow}px wider than the screen"
