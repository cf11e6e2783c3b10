"""A table of phones with no computer, in Chromium: three phones (three browser contexts)
on the built site. The scorer's phone shares a Wizard game; a second phone joins by the
invitation's text pasted into "Join a table" and its reply pasted back, and enters a bid;
then the scorer lets phones only watch, and a third joins and watches. Every phone shows
the same totals; the scorer's page is closed, and the phone that entered carries on with
its copy."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from tests.e2e.conftest import CHROMIUM_FLAGS, enable_accessibility, launched, screenshot
from tests.e2e.steps import (
    by_id,
    expect_score,
    expect_value,
    start_short_wizard,
    tap,
    type_into,
    value_of,
    wizard_round,
)
from views.shell.i18n import t

PHONE = {"width": 390, "height": 844}
BOOT_MS = 120_000
"""Pyodide boots in ten seconds or more on a 2-core machine busy with other tests."""
PLAYERS = ["Ann", "Ben", "Cas"]
BIDS = {"Ben": 1, "Cas": 0, "Ann": 1}
TRICKS = {"Ben": 1, "Cas": 0, "Ann": 0}
"""Ann deals: Ben bids 1 and takes it (30), Cas 0 and none (20), Ann 1 and none (-10)."""

pytestmark = pytest.mark.timeout(420)


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """As tests/e2e/test_phone_alone.py's: V8's optimising compiler, for Pyodide."""
    with launched(playwright, CHROMIUM_FLAGS) as browser:
        yield browser


def phone(browser: Browser, site: str) -> tuple[BrowserContext, Page]:
    """A phone of its own (its own storage) on the site's Home."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(site)
    enable_accessibility(page)
    expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
    return context, page


def invite(scorer: Page) -> str:
    """The scorer's next invitation, as its text."""
    tap(scorer, t("table.invite"))
    expect(by_id(scorer, "table-invite")).to_be_visible()
    text = value_of(scorer, "table-invite")
    return text


def join(scorer: Page, guest: Page, invitation: str) -> None:
    """The guest pastes the invitation, the scorer its reply: the guest is at the table."""
    tap(guest, t("table.join"))
    type_into(guest, t("table.invite_field"), invitation)
    tap(guest, t("table.reply"))
    expect(by_id(guest, "table-reply")).to_be_visible(timeout=30_000)
    reply = value_of(guest, "table-reply")
    type_into(scorer, t("table.reply_field"), reply)
    tap(scorer, t("table.take"))
    expect_value(guest, "table-link", t("table.link.open"))


def test_three_phones_share_a_round_and_a_guest_carries_on_when_the_scorer_goes(
    browser: Browser, site: str
) -> None:
    contexts = []
    try:
        contexts, pages = zip(*(phone(browser, site) for _ in range(3)), strict=True)
        scorer, entering, watching = pages
        start_short_wizard(scorer, PLAYERS, "1, 2", dealer="Ann")
        tap(scorer, t("share.start"))
        join(scorer, entering, invite(scorer))
        expect_value(scorer, "table-guests", t("table.guests", count=1))
        screenshot(scorer, "phones-table-scorer")
        # Ann dealt: Ben bids on the scorer's phone, Cas on the guest's.
        tap(scorer, t("wizard.bid_name", player="Ben", count=1))
        expect_value(scorer, "entry-hint", t("wizard.next_bid", player="Cas"))
        expect_value(entering, "entry-hint", t("wizard.next_bid", player="Cas"))
        tap(entering, t("wizard.bid_name", player="Cas", count=0))
        expect_value(scorer, "entry-hint", t("wizard.next_bid", player="Ann"))
        screenshot(entering, "phones-table-guest")
        # From now on phones only watch; a third joins and sees the round as it goes.
        tap(scorer, t("share.view_only"))
        join(scorer, watching, invite(scorer))
        expect(by_id(watching, "following")).to_be_visible()
        for button, hint in wizard_round(BIDS, TRICKS)[2:]:  # Ben's and Cas's bids are in
            tap(scorer, button)
            expect_value(scorer, "entry-hint", hint)
            expect_value(watching, "entry-hint", hint)
        tap(scorer, t("entry.score_round"))
        for page in pages:
            for seat, total in enumerate([-10, 30, 20]):
                expect_score(page, f"total-{seat}", total)
        screenshot(watching, "phones-table-watcher")
        # The scorer's phone dies: the guest that entered keeps every entry, and plays on.
        contexts[0].close()
        expect_value(entering, "table-link", t("table.link.lost"))
        tap(entering, t("table.carry_on"))
        tap(entering, t("wizard.bid_name", player="Cas", count=1))
        expect_value(entering, "entry-hint", t("wizard.next_bid", player="Ann"))
        screenshot(entering, "phones-table-carried-on")
    finally:
        for context in contexts:
            context.close()
