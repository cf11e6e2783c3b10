"""A German browser opens Trickpad in German (a long title wraps in the app bar, the rules'
table in sight); the player switches to Korean, plays a Wizard round with Korean names,
reloads and is still in Korean, and the Colour-blind rules show their suit signs.
Screenshots (390x844) show Hangul and ♠♥♦♣ drawn by the shipped fonts, with every request
that leaves the computer blocked."""

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from scorers import wizard
from tests.app_server import AppServer
from tests.e2e.conftest import enable_accessibility, screenshot, wait_until_drawn
from tests.e2e.steps import (
    by_id,
    expect_score,
    expect_value,
    go,
    play_wizard_round,
    red_ink_pixels,
    start_short_wizard,
)
from views.screens.rules import rules_route
from views.shell.i18n import language_name, t
from views.shell.language import menu_name
from views.shell.screen import TITLE_SIZE
from views.shell.text_width import text_width
from views.shell.widgets import points_text

PHONE = {"width": 390, "height": 844}
NARROW_PHONE = {"width": 360, "height": 740}
TALL = {"width": 390, "height": 2400}
PLAYERS = ["민수", "지영", "서준"]


def german_phone(browser: Browser, url: str) -> Page:
    """A phone whose browser prefers German, reaching nothing but the app."""
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith(url) else route.abort(),
    )
    page = context.new_page()
    page.goto(url)
    enable_accessibility(page)
    return page


def open_language_menu(page: Page, checked: str) -> None:
    """Open the language menu; the session's language is the one ticked."""
    page.get_by_role("button", name=menu_name(), exact=True).click()
    expect(page.get_by_role("menuitemcheckbox", name=language_name(checked))).to_be_checked()


@pytest.mark.timeout(240)
def test_german_browser_switches_to_korean_plays_a_round_and_keeps_it(
    browser: Browser, app_server: AppServer
) -> None:
    page = german_phone(browser, app_server.url)
    expect(page.get_by_text(t("home.tagline", "de"), exact=True)).to_be_visible(timeout=30_000)
    long_title_wraps_in_the_app_bar(page)
    rules_table_in_german(page)
    open_language_menu(page, checked="de")
    screenshot(page, "language-german-home-menu")  # each language in its own name, 한국어 too
    page.get_by_role("menuitemcheckbox", name=language_name("ko"), exact=True).click()
    expect(page.get_by_text(t("home.tagline", "ko"), exact=True)).to_be_visible()
    start_short_wizard(page, PLAYERS, "1", dealer="민수", language="ko")
    # Tall while playing, so nothing scrolls: Flutter moves its accessibility nodes a frame
    # after a scroll, and a tap right after one can land where a control was before.
    page.set_viewport_size(TALL)
    round_line = t("banner.round_of", "ko", number=1, count=1)
    expect(by_id(page, "banner")).to_contain_text(round_line)
    bids, tricks = [1, 0, 1], [1, 0, 0]  # 지영 bids first: the dealer 민수 bids last
    order = (1, 2, 0)
    play_wizard_round(
        page,
        {PLAYERS[seat]: bids[seat] for seat in order},
        {PLAYERS[seat]: tricks[seat] for seat in order},
        language="ko",
    )
    for seat in range(3):
        expect_score(page, f"total-{seat}", wizard.round_score(bids[seat], tricks[seat]))
    won = t("banner.game_over_won", "ko", names="민수")
    expect_value(page, "banner", won)
    page.set_viewport_size(PHONE)
    screenshot(page, "language-korean-wizard")

    page.reload()
    enable_accessibility(page)
    expect(by_id(page, "banner")).to_have_text(won, timeout=30_000)
    expect_score(page, "total-0", wizard.round_score(1, 1))
    open_language_menu(page, checked="ko")
    screenshot(page, "language-korean-after-reload")
    page.keyboard.press("Escape")

    rules = page.context.new_page()  # another tab of this phone: Korean too
    rules.goto(f"{app_server.url}/rules/colour_blind")
    enable_accessibility(rules)
    example = rules.get_by_text("2♥, J♣, 3♠", exact=True)  # the scoring table's last row
    expect(example).to_be_attached(timeout=30_000)
    expect(rules.get_by_text(t("rules.helper.title", "ko"), exact=True)).to_be_attached()
    while not is_in_view(example):
        rules.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        rules.mouse.wheel(0, 400)
    screenshot(rules, "language-korean-colour-blind-suits")
    # Issue 39 (7): the hearts of the sheet's table are red, as a pack prints them; a
    # cell without a heart or diamond has no red.
    assert red_ink_pixels(rules, example) > 20
    assert red_ink_pixels(rules, rules.get_by_text(points_text(-12))) == 0


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


def long_title_wraps_in_the_app_bar(page: Page) -> None:
    """ "Neues Spiel: Mit List und Tücke" beside the bar's buttons on 360 px: two lines in
    the bar, not cut. From Home's tile to the new game and back."""
    page.set_viewport_size(NARROW_PHONE)
    page.get_by_role("button", name=t("game.plotters", "de")).first.click()
    title = t("new_game.title", "de", game=t("game.plotters", "de"))
    shown = page.get_by_text(title, exact=True)
    expect(shown).to_be_visible()
    wait_until_drawn(page)
    box = shown.bounding_box()
    assert box is not None and box["height"] > 30 and box["y"] + box["height"] <= 56, box
    assert lines_when_wrapped(title, box["width"], TITLE_SIZE) <= 2, f"cut in {box}"
    screenshot(page, "new-game-long-title-phone")
    page.get_by_role("button", name=t("nav.back", "de")).click()
    expect(page.get_by_text(t("home.tagline", "de"), exact=True)).to_be_visible()
    page.set_viewport_size(PHONE)


def rules_table_in_german(page: Page) -> None:
    """Colour-blind's rules in German, their card table in sight (its words are checked
    against the columns' width in tests/views/test_rules_sheets.py); then Home again."""
    page.set_viewport_size(TALL)
    go(page, rules_route("colour_blind"))
    rules_title = t("rules.title", "de", game=t("game.colour_blind", "de"))
    expect(page.get_by_text(rules_title)).to_be_visible()
    screenshot(page, "rules-colour-blind-phone")
    go(page, "/")
    expect(page.get_by_text(t("home.tagline", "de"), exact=True)).to_be_visible()
    page.set_viewport_size(PHONE)


def is_in_view(element: Locator) -> bool:
    try:
        expect(element).to_be_in_viewport(ratio=1, timeout=1_000)
    except AssertionError:
        return False
    return True


def test_a_british_phone_writes_dates_day_first(browser: Browser, app_server: AppServer) -> None:
    """Issue 39 (7): an English browser in Britain (en-GB) got "12/4/26, 1:20 AM", which
    reads as 12 April: its Home writes a game's last change as Britain does, "04/12/2026,
    01:20", the browser's region having reached the server's Python."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.goto(app_server.url)
    enable_accessibility(page)
    start_short_wizard(page, ["Ann", "Ben", "Cas"], "1", dealer="Ann")
    go(page, "/")
    british = re.compile(r"\d\d\/\d\d\/20\d\d, \d\d:\d\d")  # "/" escaped for the selector
    expect(page.get_by_role("button", name=british).first).to_be_visible()
    screenshot(page, "british-phone-home-dates")
