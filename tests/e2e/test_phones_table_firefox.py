"""A table of phones across engines: Firefox's phone alone shares a Wizard game and a
Chromium phone joins it, by the texts pasted (tests/e2e/test_phones_table.py plays the
whole table in Chromium). The guest enters a bid, the scorer the rest of the round, and
both show the same totals. WebKit is not here: the WebKitGTK built for automation has no
RTCPeerConnection, and the phone then says to share from another browser
(tests/phone_alone/test_webrtc_bridge.py)."""

import contextlib
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.app_server import ARTIFACTS
from tests.e2e.engines import FirefoxTab, firefox, start_short_wizard
from tests.e2e.steps import expect_score, expect_value, tap, type_into, value_of, wizard_round
from tests.e2e.test_engines import BIDS, BOOT_SECONDS, PLAYERS, STEP_SECONDS, TOTALS, TRICKS
from tests.e2e.test_phones_table import browser, phone
from views.shell.i18n import t

__all__ = ["browser"]  # the module's Chromium, shared with the whole table's journey

pytestmark = [pytest.mark.timeout(600), pytest.mark.after_the_rest]


def test_a_chromium_phone_joins_a_firefox_scorers_table_and_enters_a_bid(
    browser: Browser, site: str, tmp_path: Path
) -> None:
    with firefox(tmp_path) as scorer:
        try:
            scorer.open(site, timeout=BOOT_SECONDS)
            start_short_wizard(scorer, PLAYERS, "1, 2", dealer="Ann")
            context, guest = phone(browser, site)
            scorer.tap(t("share.start"))
            scorer.tap(t("table.invite"))
            invitation = scorer.expect_value("table-invite", re.compile("."), STEP_SECONDS)
            tap(guest, t("table.join"))
            type_into(guest, t("table.invite_field"), invitation)
            tap(guest, t("table.reply"))
            tap(guest, t("table.i_am", player="Cas"))
            expect_value(guest, "table-reply", re.compile("."))
            scorer.type_into(t("table.reply_field"), value_of(guest, "table-reply"))
            scorer.tap(t("table.take"))
            check = value_of(guest, "link-check")
            scorer.expect_value("link-check", check, STEP_SECONDS)
            scorer.tap(t("table.admit", check=check, player="Cas"))
            expect_value(guest, "table-link", t("table.link.open"))
            scorer.expect_value("table-guests", t("table.guests", count=1), STEP_SECONDS)
            scorer.screenshot("phones-table-scorer")
            play_the_round(scorer, guest)
            for seat, total in TOTALS.items():
                expect_score(guest, f"total-{seat}", total)
            scorer.screenshot("phones-table-round-scored")
            context.close()
        finally:
            with contextlib.suppress(Exception):  # a browser that failed draws nothing
                scorer.screenshot("phones-table-last")
            shutil.copy(scorer.console, ARTIFACTS / "firefox-phones-table-console.log")


def play_the_round(scorer: FirefoxTab, guest: Page) -> None:
    """Ann dealt: Ben bids on the scorer's phone, Cas on Cas's own, the rest on the
    scorer's, each step shown on both."""
    steps = wizard_round(BIDS, TRICKS)
    for n, (button, hint) in enumerate(steps):
        if n == 1:
            tap(guest, button)
        else:
            scorer.tap(button)
        scorer.expect_value("entry-hint", hint, STEP_SECONDS)
        expect_value(guest, "entry-hint", as_cas_phone_says(hint))
    scorer.tap(t("entry.score_round"))


def as_cas_phone_says(hint: str) -> str:
    """The scorer's prompt as Cas's own phone says it: Cas is "you", and the round ready is
    the scorer's to score."""
    own = {
        t("wizard.next_bid", player="Cas"): t("wizard.your_bid", player="Cas"),
        t("wizard.next_tricks", player="Cas"): t("wizard.your_tricks", player="Cas"),
        t("entry.ready"): t("entry.ready_for_scorer"),
    }
    return own.get(hint, hint)
