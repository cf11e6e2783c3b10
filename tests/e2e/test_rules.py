"""The rules screen and a long title as Chromium draws them (the sheets and the trick
helpers, tapped card by card, are proven in-process: tests/views/test_rules.py and
tests/views/test_wizard_trick.py)."""

from playwright.sync_api import Browser, expect

from tests.app_server import AppServer
from tests.e2e.conftest import PHONE, enable_accessibility, screenshot
from views.screens.rules import rules_route
from views.shell.i18n import t
from views.shell.screen import TITLE_SIZE
from views.shell.text_width import text_width

# A phone's width, tall enough that every chip of the helper is on screen: Flutter does not
# scroll a chip into view for a click, and the helper grows as cards are played.
TALL_PHONE = {"width": 360, "height": 1400}


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
