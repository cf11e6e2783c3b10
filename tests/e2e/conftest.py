"""End-to-end fixtures: the real app server and Debian's Chromium driven by Playwright.

Flutter paints on a canvas; the tests read the app through Flutter's accessibility tree,
which a click on its placeholder turns on (`enable_accessibility`).
"""

import contextlib
import re
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.app_server import ARTIFACTS, AppServer, serving
from tests.site_server import serving_site

CHROMIUM = Path("/usr/bin/chromium-headless-shell")
"""Debian's Chromium in its headless shell (the build Playwright itself runs headless): the
same engine as the browser, without the browser's own windows and pages around each tab,
so a tab starts on about half the processor time (docs/performance.md, the test suite)."""
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}

# Every expectation waits for what the app shows. Playwright's 5 s default is shorter than a
# fresh tab's first drawing of a game on a 2-core machine busy with other browser tabs.
expect.set_options(timeout=20_000)

__all__ = ["serving_site"]  # bench/idle_bench.py serves the site with it


@pytest.fixture
def app_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[AppServer]:
    """A server of the test's own, on an empty data folder."""
    with serving(tmp_path / "data", request.node.name) as server:
        yield server


@pytest.fixture(scope="module")
def reading_server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[AppServer]:
    """One server on an empty data folder for a module's tests that only read it (no game
    started, nothing saved). They stay independent: each opens its own browser context, so
    what a phone keeps (its stored choices, its cache) is the test's own."""
    data_dir = tmp_path_factory.mktemp("reading") / "data"
    with serving(data_dir, request.module.__name__.rsplit(".", 1)[-1]) as server:
        yield server


SERVED_APP_FLAGS = ["--js-flags=--liftoff-only"]
"""For the served app's tabs: V8's baseline WebAssembly compiler only. A test's tab lives
seconds, too short for optimising Flutter's 8.5 MB `main.dart.wasm` to pay back, and a fresh
tab then starts on about half the renderer's processor time (docs/performance.md, the test
suite). The phone-alone tests keep the optimising compiler: their Python runs long enough
in Pyodide's WebAssembly to need it."""


# Package scope: the sync Playwright loop must be gone before the asyncio view tests run.
@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium-headless-shell (bash .ci/run does)."
        )
    with sync_playwright() as playwright:
        yield playwright


@contextlib.contextmanager
def launched(playwright: Playwright, flags: list[str]) -> Iterator[Browser]:
    """Debian's Chromium headless shell with these flags, closed at the end."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=flags)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """The browser of the served app's tests."""
    with launched(playwright, CHROMIUM_FLAGS + SERVED_APP_FLAGS) as browser:
        yield browser


def open_app(
    browser: Browser, url: str, viewport: dict[str, int] = PHONE, color_scheme: str = "light"
) -> Page:
    """A fresh tab on the app with Flutter's accessibility tree switched on; the device's
    colour scheme ("light" or "dark") is what the app's system theme follows."""
    page = browser.new_page(viewport=viewport, color_scheme=color_scheme)  # type: ignore[arg-type]
    page.goto(url)
    enable_accessibility(page)
    return page


# Flutter asks the browser for each frame (window.requestAnimationFrame) and shows what it
# drew later, when the picture comes back from its renderer (transferFromImageBitmap).
# `enable_accessibility` starts counting both, so the frames of every step after it count.
WATCH_FRAMES_JS = """() => {
  if (window.__trickpadFrames !== undefined) return;
  const f = window.__trickpadFrames = {asked: 0, drawn: 0, shown: 0, lastDrawn: -1, lastShown: -1};
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (draw) => {
    f.asked++;
    return request((time) => { f.drawn++; f.lastDrawn = performance.now(); draw(time); });
  };
  const context = ImageBitmapRenderingContext.prototype;
  const show = context.transferFromImageBitmap;
  context.transferFromImageBitmap = function (picture) {
    f.shown++;
    f.lastShown = performance.now();
    return show.call(this, picture);
  };
}"""
# Settled: no frame asked for or outstanding, no picture arrived since the last look, and the
# last picture came after the last frame (a ripple or a page's slide has ended and its last
# frame is on screen).
FRAMES_SETTLED_JS = f"""() => {{
  ({WATCH_FRAMES_JS})();
  const f = window.__trickpadFrames;
  const now = [f.asked, f.shown].join();
  const settled = f.asked === f.drawn && now === f.seen && f.lastShown >= f.lastDrawn;
  f.seen = now;
  return settled;
}}"""
SETTLE_POLL_MS = 100
SETTLE_LIMIT_MS = 10_000
"""A screen still animating after this is pictured as it is (a spinner never settles)."""


def enable_accessibility(page: Page) -> None:
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
    page.evaluate(WATCH_FRAMES_JS)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    # The tree is built after the click; on a 2-core machine busy with other tabs that
    # took over 10 s once (two tests of one run), so the wait allows what the first does.
    page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)


def wait_until_drawn(page: Page) -> None:
    """Wait until Flutter has stopped drawing what the last step started (FRAMES_SETTLED_JS);
    a screen that never settles within SETTLE_LIMIT_MS is taken as it is."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(FRAMES_SETTLED_JS, polling=SETTLE_POLL_MS, timeout=SETTLE_LIMIT_MS)


def screenshot(page: Page, name: str) -> Path:
    """Keep a picture of the screen as a test artifact (test-artifacts/, ignored by git),
    once Flutter has drawn it."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    wait_until_drawn(page)
    page.screenshot(path=str(path))
    return path


DRAWN_PNG_BYTES = 10_000
"""A picture of a blank or loading screen ("Working...") compresses to a few KB; a drawn
screen of this app to tens of KB."""


def painted_screenshot(page: Page, name: str) -> Path:
    """A screenshot once the screen is drawn: Flutter's tree can be ready before a busy
    machine has painted the frame, so the picture is taken again, each time Flutter has
    drawn, until it shows more than a blank or loading screen."""
    for _ in range(40):
        path = screenshot(page, name)
        if path.stat().st_size > DRAWN_PNG_BYTES:
            return path
    raise AssertionError(f"{name}: the screen was never drawn")


def corner_is_dark(page: Page) -> bool:
    """Whether the screen's top-left pixel (the app bar or the page behind it) is dark."""
    picture = page.screenshot(clip={"x": 0, "y": 0, "width": 1, "height": 1})
    chunks, at = [], 8  # after PNG's signature: length, type, data, checksum per chunk
    while at < len(picture):
        length = int.from_bytes(picture[at : at + 4])
        chunks.append((picture[at + 4 : at + 8], picture[at + 8 : at + 8 + length]))
        at += 12 + length
    data = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    # One pixel: whatever the row's filter, its bytes are the colour itself.
    red, green, blue = data[1:4]
    return 299 * red + 587 * green + 114 * blue < 128_000


def settle_in(page: Page, color_scheme: str) -> None:
    """Switch the phone to the colour scheme while the app is open, and wait until the app
    has redrawn itself in it (it follows the system's scheme as it changes)."""
    page.emulate_media(color_scheme=color_scheme)  # type: ignore[arg-type]
    for _ in range(100):
        wait_until_drawn(page)
        if corner_is_dark(page) == (color_scheme == "dark"):
            return
    raise AssertionError(f"the app was not redrawn in {color_scheme} mode")


def dark_screenshot(page: Page, name: str) -> Path:
    """A picture of the screen with the phone switched to dark mode, then back to light."""
    settle_in(page, "dark")
    try:
        return screenshot(page, name)
    finally:
        settle_in(page, "light")


@pytest.fixture
def app_page(browser: Browser, app_server: AppServer) -> Iterator[Page]:
    page = open_app(browser, app_server.url)
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def reading_page(browser: Browser, reading_server: AppServer) -> Iterator[Page]:
    """A fresh tab (its own browser context) on the module's `reading_server`."""
    page = open_app(browser, reading_server.url)
    try:
        yield page
    finally:
        page.close()


def open_pages(item: pytest.Item) -> list[Page]:
    """Every tab the test's browser has open, in every context."""
    browser = getattr(item, "funcargs", {}).get("browser")
    if browser is None:
        return []
    return [page for context in browser.contexts for page in context.pages]


ANSWER_LIMIT_MS = 10_000
"""A tab that runs no script for this long has stopped answering: its renderer hangs."""
TAB_STOPPED_ANSWERING = pytest.StashKey[bool]()


def stopped_answering(page: Page) -> bool:
    """Whether the tab runs no script any more (a hang of Chromium's renderer under it: once
    a whole Wizard game's screenshot waited 30 s for the page's first step)."""
    try:
        page.wait_for_function("true", timeout=ANSWER_LIMIT_MS)
    except PlaywrightTimeoutError:
        return True
    except PlaywrightError:  # closed or crashed: the failure being reported says so
        return False
    return False


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """A failed test's tabs: each that still answers leaves a picture; one that stopped
    answering is named in the report and gives the test another run (`chromium_failed`)."""
    report = yield
    if report.when == "setup":
        item.stash[TAB_STOPPED_ANSWERING] = False
    if report.when == "call" and report.failed:
        for number, page in enumerate(open_pages(item)):
            if page.is_closed():
                continue
            if stopped_answering(page):
                item.stash[TAB_STOPPED_ANSWERING] = True
                report.sections.append(("Chromium", f"tab {number} stopped answering: {page.url}"))
                continue
            # A page that cannot draw any more must not hide the failure being reported.
            with contextlib.suppress(PlaywrightError):
                path = ARTIFACTS / f"failed-{item.name}-{number}.png"
                page.screenshot(path=str(path), timeout=5_000)
    return report


@pytest.fixture(autouse=True)
def close_tabs(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser context a test opened is closed when it ends, however it ends.

    A tab left open keeps drawing (a page whose server is gone animates its reconnection)
    and takes the CPU from the tests after it."""
    ARTIFACTS.mkdir(exist_ok=True)
    yield
    browser = request.node.funcargs.get("browser")
    if browser is not None:
        for context in browser.contexts:
            with contextlib.suppress(PlaywrightError):
                context.close()


CRASHED_TAB = re.compile("Target crashed|Page crashed")
"""What Playwright says when Chromium's renderer process died under a tab (a segfault of
Chromium's own, met about once in ten full runs on the 2-core machine)."""


def messages(error: BaseException | None) -> Iterator[str]:
    """What an error says, and each error it was raised from or while handling."""
    while error is not None:
        yield str(error)
        error = error.__cause__ or error.__context__


def chromium_failed(item: pytest.Item) -> Callable[[BaseException | None], bool]:
    """Whether the test's failure is Chromium's: a tab's renderer crashed or stopped
    answering under it."""

    def failed_under_the_test(error: BaseException | None) -> bool:
        crashed = any(CRASHED_TAB.search(message) for message in messages(error))
        return crashed or item.stash.get(TAB_STOPPED_ANSWERING, False)

    return failed_under_the_test


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test with a browser runs once more if, and only if, Chromium failed under it (a tab
    crashed or stopped answering): that failure is not the app's, and must not stop a run.
    Any other failure stands."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=1, condition=chromium_failed(item)))
