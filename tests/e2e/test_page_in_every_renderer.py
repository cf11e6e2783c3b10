"""What the page asks for and shows in the renderer Safari and Firefox get.

Flutter gives its WebAssembly renderer (skwasm) to Chromium only; every other browser gets
CanvasKit, which fetches a Noto font from Google's service for any character the families of
a text's style lack, and offline asks again at every layout (flutter/flutter#184449). Here
Chromium is made to take CanvasKit as Safari does, and the app, served and on a phone alone,
in English and in Korean, on Home and in a game, asks for no font it does not ship, nothing
once the screen has settled, and never for Rive's runtime. A browser without WebAssembly
gets a page that says so, and one reporting a language tag Flutter cannot read still starts.
"""

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, Response, expect

from tests.app_server import AppServer
from tests.e2e.conftest import (
    CHROMIUM_FLAGS,
    enable_accessibility,
    launched,
    screenshot,
    wait_until_drawn,
)
from tests.e2e.steps import by_id, start_short_wizard
from tests.e2e.test_phone_alone import BOOT_MS
from views.shell.i18n import language_name, t
from views.shell.language import menu_name

PHONE = {"width": 390, "height": 844}
AS_SAFARI = """
Object.defineProperty(window, "flet", {
  configurable: true,
  set(config) {
    Object.defineProperty(config, "webRenderer", { get: () => "canvaskit", set() {} });
    Object.defineProperty(window, "flet", { value: config, writable: true });
  },
});
"""
"""Flet's page sets `flet.webRenderer` ("auto": skwasm in Chromium); here it stays
"canvaskit", as Flutter's loader chooses in Safari and Firefox."""
FONT_FILE = re.compile(r"\.(woff2?|ttf|otf)(\?|$)")

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """This module's Chromium, with V8's optimising compiler for the phone alone's Python."""
    with launched(playwright, CHROMIUM_FLAGS) as browser:
        yield browser


class Requests:
    """Every request the context's pages and workers make, and the status of each font."""

    def __init__(self, context: BrowserContext) -> None:
        self.urls: list[str] = []
        self.font_statuses: dict[str, int] = {}
        context.on("request", self.note)
        context.on("response", self.answered)

    def note(self, request: Request) -> None:
        self.urls.append(request.url)

    def answered(self, response: Response) -> None:
        if FONT_FILE.search(response.url):
            self.font_statuses[response.url] = response.status


def as_safari(browser: Browser, locale: str) -> tuple[BrowserContext, Requests]:
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.add_init_script(AS_SAFARI)
    return context, Requests(context)


def settled_in_canvaskit(page: Page, requests: Requests, name: str) -> None:
    """The screen settles (a fetch-and-lay-out loop never would) and asks for nothing more;
    every font it asked for is one the app ships; Rive's runtime was never asked for."""
    assert page.evaluate("Boolean(window.flutterCanvasKit)"), "CanvasKit, as in Safari"
    wait_until_drawn(page)
    before = len(requests.urls)
    screenshot(page, name)
    wait_until_drawn(page)
    assert requests.urls[before:] == [], "asked for more while idle"
    assert requests.font_statuses, "the fonts were seen"
    lacking = {url: status for url, status in requests.font_statuses.items() if status >= 400}
    assert lacking == {}, "a font the app does not ship"
    assert not [url for url in requests.urls if "fonts.gstatic" in url or "/noto" in url]
    assert not [url for url in requests.urls if "rive" in url.lower()]


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("ko-KR", "ko")])
def test_the_served_app_in_canvaskit_asks_for_no_font_it_lacks(
    browser: Browser, app_server: AppServer, locale: str, language: str
) -> None:
    context, requests = as_safari(browser, locale)
    page = context.new_page()
    page.goto(app_server.url)
    enable_accessibility(page)
    expect(page.get_by_text(t("home.tagline", language), exact=True)).to_be_visible()
    settled_in_canvaskit(page, requests, f"canvaskit-served-home-{language}")
    start_short_wizard(page, ["민수", "Ann", "Ben"], "1", dealer="Ann", language=language)
    expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", language, player="Ben"))
    settled_in_canvaskit(page, requests, f"canvaskit-served-game-{language}")


def test_the_phone_alone_in_canvaskit_asks_for_no_font_it_lacks(
    browser: Browser, site: str
) -> None:
    """A Korean phone: Home and a game in Korean, then the same game switched to English
    from the language menu (one first visit: each starts Python anew)."""
    context, requests = as_safari(browser, "ko-KR")
    page = context.new_page()
    page.goto(site)
    enable_accessibility(page)
    home = page.get_by_text(t("home.tagline", "ko"), exact=True)
    expect(home).to_be_visible(timeout=BOOT_MS)
    settled_in_canvaskit(page, requests, "canvaskit-phone-alone-home-ko")
    start_short_wizard(page, ["민수", "Ann", "Ben"], "1", dealer="Ann", language="ko")
    expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", "ko", player="Ben"))
    settled_in_canvaskit(page, requests, "canvaskit-phone-alone-game-ko")
    page.get_by_role("button", name=menu_name(), exact=True).click()
    page.get_by_role("menuitemcheckbox", name=language_name("en"), exact=True).click()
    expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", "en", player="Ben"))
    settled_in_canvaskit(page, requests, "canvaskit-phone-alone-game-en")


WITHOUT_WEBASSEMBLY = "delete globalThis.WebAssembly;"
"""Safari's Lockdown Mode: the page's scripts find no WebAssembly at all."""


def test_a_browser_without_webassembly_says_so_in_its_language(
    browser: Browser, app_server: AppServer
) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE", color_scheme="dark")
    context.add_init_script(WITHOUT_WEBASSEMBLY)
    page = context.new_page()
    page.goto(app_server.url)
    said = page.locator("#browser-missing")
    expect(said).to_have_text(t("browser.no_webassembly", "de"))
    expect(said).to_have_attribute("lang", "de")
    screenshot(page, "no-webassembly-de-dark")
    assert page.evaluate("document.querySelector('flutter-view') === null"), "Flutter stays off"


UNREADABLE_LANGUAGE = """
Object.defineProperty(Navigator.prototype, "language", { get: () => "C" });
Object.defineProperty(Navigator.prototype, "languages", { get: () => ["C"] });
"""
"""What WebKitGTK reports when its desktop was started with LANG=C.UTF-8."""


def test_a_browser_reporting_an_unreadable_language_starts_in_english(
    browser: Browser, app_server: AppServer
) -> None:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(UNREADABLE_LANGUAGE)
    page = context.new_page()
    page.goto(app_server.url)
    enable_accessibility(page)
    expect(page.get_by_text(t("home.tagline", "en"), exact=True)).to_be_visible()
