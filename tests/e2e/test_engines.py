"""Trickpad in the phones' other browsers: Firefox and WebKit (the engine of every iPhone's
browser), each driven through its own automation (tests/e2e/engines.py), in both modes:
the served app (`python main.py`) and the phone alone (the built site on a plain static
server). Each journey is one tab's steps following on, in a browser of its own."""

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app_server import ARTIFACTS, AppServer
from tests.e2e.conftest import serving_site
from tests.e2e.engines import ENGINES, EngineTab, engine_tab, start_short_wizard
from tests.e2e.steps import START_KEPT, score_shown, wizard_round
from views.shell.i18n import joined, t

PLAYERS = ["Ann", "Ben", "Cas"]
BIDS = {"Ben": 1, "Cas": 0, "Ann": 1}
TRICKS = {"Ben": 1, "Cas": 0, "Ann": 0}
TOTALS = {0: -10, 1: 30, 2: 20}
"""Ann dealt: Ben bid 1 and took it (20 + 10), Cas bid 0 and took none (20), Ann bid 1
and took none (-10)."""
STEP_SECONDS = 30.0
"""A tap's update on a 2-core machine busy with other browsers."""
BOOT_SECONDS = 180.0
"""Pyodide's first start: 25 s in WebKit on an idle machine, more beside other tests."""
KEPT_START = "Trickpad: Python started from the kept start"

pytestmark = [pytest.mark.timeout(600), pytest.mark.after_the_rest]


@pytest.fixture(params=ENGINES)
def tab(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EngineTab]:
    """A browser of the test's own; its last picture, and Firefox's console, are kept in
    test-artifacts/ however the test ends."""
    with engine_tab(request.param, tmp_path) as tab:
        try:
            yield tab
        finally:
            name = request.node.originalname.removeprefix("test_")
            with contextlib.suppress(Exception):  # a browser that failed draws nothing
                tab.screenshot(f"{name}-last")
            if tab.console is not None:
                shutil.copy(tab.console, ARTIFACTS / f"{tab.engine}-{name}-console.log")


def score_the_round(tab: EngineTab) -> None:
    """From Home: a short Wizard game started, its first round scored, the totals shown."""
    start_short_wizard(tab, PLAYERS, "1, 2", dealer="Ann")
    for button, hint in wizard_round(BIDS, TRICKS):
        tab.tap(button)
        tab.expect_value("entry-hint", hint, STEP_SECONDS)
    tab.tap(t("entry.score_round"))
    expect_totals(tab, STEP_SECONDS)


def expect_totals(tab: EngineTab, timeout: float) -> None:
    for seat, total in TOTALS.items():
        tab.expect_value(f"total-{seat}", score_shown(total), timeout)


def test_a_round_is_scored_on_the_served_app(app_server: AppServer, tab: EngineTab) -> None:
    """Home, then a short Wizard game started and its first round scored. (The server is
    the first fixture: it stops after the browser's last picture is taken.)"""
    tab.open(app_server.url)
    tab.button(t("game.wizard"), exact=False)
    tab.screenshot("served-home")
    score_the_round(tab)
    tab.screenshot("served-round-scored")


def kept_starts(tab: EngineTab) -> int:
    """How often the console has said Python began from the kept start (0 where the
    console cannot be read)."""
    return sum(KEPT_START in line for line in tab.console_lines() or [])


def test_the_phone_alone_keeps_a_round_offline_in_one_tab(
    tab: EngineTab, site_folder: Path
) -> None:
    """The site alone: a round scored, a reload that keeps it, a start with the site's
    server gone (offline: WebDriver classic has no offline switch, and a stopped server is
    what offline means to the page), and a second tab that says the games are open in
    another, then holds them once the first has gone to another address (a page kept in
    the browser's back-forward cache lets go of them too: WebKit keeps it), while the
    first, brought back, starts again and waits its turn.

    Python starts from the kept start after the first visit: Firefox's console says so.
    WebKit's console cannot be read through its driver (MiniBrowser prints it only outside
    automation, and WebKitWebDriver 2.50 has no BiDi log): there the start kept in
    IndexedDB is checked, and the later starts' speed says the rest (docs/performance.md)."""
    with contextlib.ExitStack() as online:
        site = online.enter_context(serving_site(site_folder))
        tab.open(site, timeout=BOOT_SECONDS)
        tab.button(t("game.wizard"), exact=False, timeout=BOOT_SECONDS)
        tab.screenshot("phone-alone-home")
        score_the_round(tab)
        tab.wait_for_async(START_KEPT, timeout=BOOT_SECONDS, what="Python's start kept")
        tab.wait_for(
            "return navigator.serviceWorker.controller !== null;",
            timeout=BOOT_SECONDS,
            what="service worker in charge",
        )
        started_kept = kept_starts(tab)
        tab.reload(timeout=BOOT_SECONDS)
        expect_totals(tab, BOOT_SECONDS)
        online.close()
    tab.reload(timeout=BOOT_SECONDS)
    expect_totals(tab, BOOT_SECONDS)
    if tab.console_lines() is not None:
        assert kept_starts(tab) == started_kept + 2, "\n".join(tab.console_lines() or [])
    tab.screenshot("phone-alone-offline-game")
    # Round 2, Ben deals: Cas bids first.
    tab.tap(t("wizard.bid_name", player="Cas", count=0))
    after_cas = t("wizard.next_bid", player="Ann")
    tab.expect_value("entry-hint", after_cas, STEP_SECONDS)  # shown, so kept

    first = tab.handle()
    second = tab.open_tab()
    tab.open(site, timeout=BOOT_SECONDS)
    tab.expect_value("phone-other-tab", t("phone.other_tab"), BOOT_SECONDS)
    tab.screenshot("phone-alone-other-tab")
    tab.show(first)
    tab.leave("about:blank")  # the player goes elsewhere in the first tab
    tab.show(second)
    tab.button(joined(PLAYERS), exact=False, timeout=BOOT_SECONDS).click()
    tab.expect_value("entry-hint", after_cas, STEP_SECONDS)
    tab.screenshot("phone-alone-second-tab")
    tab.show(first)
    tab.back(BOOT_SECONDS)  # and comes back: the page starts again, and waits its turn
    tab.expect_value("phone-other-tab", t("phone.other_tab"), BOOT_SECONDS)
