"""The rules screen in a real browser: the sheet renders and the trick helper answers."""

from playwright.sync_api import Page, expect

from tests.e2e.conftest import AppServer, open_app, screenshot
from tests.e2e.steps import type_into
from views.games.trick_helpers import RESULT_ID
from views.screens.rules import rules_route
from views.shell.i18n import t


def type_card(page: Page, number: int, card: str) -> None:
    type_into(page, t("rules.card_label", number=number), card)


# A phone's width, tall enough that every card field of the helper is on screen: Flutter
# does not scroll a field into view for a click, so a field below the fold (or one moved
# down by the helper's answer appearing) could not be clicked.
TALL_PHONE = {"width": 360, "height": 1400}


def test_plotters_sheet_and_trick_helper(browser, reading_server: AppServer) -> None:
    page = open_app(browser, reading_server.url + rules_route("plotters"), TALL_PHONE)
    try:
        expect(page.get_by_text(t("rules.title", game=t("game.plotters")))).to_be_visible(
            timeout=20_000
        )
        for number, card in enumerate(["red 9", "blue 2", "red 14", "green 1"], start=1):
            type_card(page, number, card)
        result = page.locator(f'[flt-semantics-identifier="{RESULT_ID}"]')
        expect(result).to_contain_text("Card 3 (red 14) picks 2 cards")
        screenshot(page, "rules-plotters-phone")
    finally:
        page.close()
