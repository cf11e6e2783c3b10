"""The rules screen in a real browser: the sheet renders and the trick helpers answer, the
cards tapped in (a suit or colour, then its number), never typed."""

from playwright.sync_api import Browser, Page, expect

from tests.app_server import AppServer
from tests.e2e.conftest import PHONE, enable_accessibility, open_app, screenshot
from tests.e2e.steps import by_id, expect_value, tap
from views.games.trick_helpers import RESULT_ID
from views.screens.rules import rules_route
from views.shell.i18n import t
from views.shell.screen import TITLE_SIZE
from views.shell.text_width import text_width

# A phone's width, tall enough that every chip of the helper is on screen: Flutter does not
# scroll a chip into view for a click, and the helper grows as cards are played.
TALL_PHONE = {"width": 360, "height": 1400}


def tap_card(page: Page, player: str, suit: str, card: str) -> None:
    """Tap the suit's (colour's) chip for `player`, then the card's number (named `card`)."""
    tap(page, t("picker.suit", suit=suit, player=player))
    tap(page, t("picker.plays", player=player, card=card))


def test_plotters_sheet_and_trick_helper(browser, reading_server: AppServer) -> None:
    page = open_app(browser, reading_server.url + rules_route("plotters"), TALL_PHONE)
    try:
        expect(page.get_by_text(t("rules.title", game=t("game.plotters")))).to_be_visible(
            timeout=20_000
        )
        for seat, (colour, number) in enumerate(
            [("red", 9), ("blue", 2), ("red", 14), ("green", 1)], start=1
        ):
            colour_word = t(f"plotters.colour.{colour}")
            card = t("rules.plotters.card", colour=colour_word, number=number)
            tap_card(page, t("rules.card_label", number=seat), colour_word, card)
        result = by_id(page, RESULT_ID)
        expect(result).to_contain_text("Card 3 (red 14) picks 2 cards")
        screenshot(page, "rules-plotters-phone")
    finally:
        page.close()


def test_wizard_trick_helper_takes_a_trump_and_a_trick_and_names_the_winner(
    browser, reading_server: AppServer
) -> None:
    page = open_app(browser, reading_server.url + rules_route("wizard"), TALL_PHONE)
    try:
        hearts, clubs = t("wizard.suit.hearts"), t("wizard.suit.clubs")
        tap_trump = t("wizard.trick.trump_suit", suit=clubs)
        expect(page.get_by_role("button", name=tap_trump, exact=True)).to_be_visible(timeout=20_000)
        tap(page, tap_trump)
        seat = [t("wizard.trick.seat", number=n) for n in (1, 2, 3)]
        tap(page, t("picker.plays", player=seat[0], card=t("wizard.jester")))
        tap(page, t("picker.suit", suit=hearts, player=seat[1]))
        five = t(
            "picker.plays", player=seat[1], card=t("wizard.trick.card_name", number=5, suit=hearts)
        )
        expect(page.get_by_role("button", name=five, exact=True)).to_be_visible()
        screenshot(page, "rules-wizard-numbers-phone")
        tap(page, five)
        tap_card(page, seat[2], clubs, t("wizard.trick.card_name", number=2, suit=clubs))
        # A Jester led, the 5 of hearts set the suit; the 2 of clubs is trump and wins.
        won = t("wizard.trick.highest_trump", player=seat[2], card="2\u2663", suit=clubs)
        expect_value(page, RESULT_ID, won)
        screenshot(page, "rules-wizard-phone")
    finally:
        page.close()


def lines_when_wrapped(text: str, width: float, font_size: float) -> int:
    """How many lines `text` takes broken at its spaces into lines of `width` px, measured
    as views/shell/text_width.py measures (a hair wider than drawn); a word wider than the
    line alone counts as a line more, since it is cut."""
    lines, line = 0, ""
    for word in text.split(" "):
        joined = f"{line} {word}" if line else word
        if line and text_width(joined, font_size) <= width:
            line = joined
        else:
            lines += 1 if text_width(word, font_size) <= width else 2
            line = word
    return lines


def test_a_long_title_wraps_in_the_app_bar_and_the_rules_table_fits_a_phone(
    browser: Browser, reading_server: AppServer
) -> None:
    """ "Neues Spiel: Mit List und Tücke" beside the bar's buttons on 360 px: two lines in
    the bar, not cut; and Colour-blind's card table (its words are checked against the
    columns' width in tests/views/test_rules_sheets.py)."""
    page = browser.new_page(viewport=PHONE, locale="de-DE")
    try:
        page.goto(reading_server.url + "/new/plotters")
        enable_accessibility(page)
        title = t("new_game.title", "de", game=t("game.plotters", "de"))
        shown = page.get_by_text(title, exact=True)
        expect(shown).to_be_visible(timeout=20_000)
        box = shown.bounding_box()
        assert box is not None and box["height"] > 30 and box["y"] + box["height"] <= 56, box
        assert lines_when_wrapped(title, box["width"], TITLE_SIZE) <= 2, f"cut in {box}"
        screenshot(page, "new-game-long-title-phone")
        page.set_viewport_size(TALL_PHONE)  # the card table in sight
        page.goto(reading_server.url + rules_route("colour_blind"))
        enable_accessibility(page)
        expect(
            page.get_by_text(t("rules.title", "de", game=t("game.colour_blind", "de")))
        ).to_be_visible()
        screenshot(page, "rules-colour-blind-phone")
    finally:
        page.close()
