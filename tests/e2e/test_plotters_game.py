"""Plotters entered in a real browser at phone size: a 6-player round that fits one
390 x 844 screen (a whole 4-player game from the pad, checked against the rules round by
round, is proven in-process: tests/views/test_plotters_flow.py)."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import screenshot
from tests.e2e.steps import (
    PHONE_390,
    assert_on_screen,
    by_id,
    enter_players,
    reveal_whole,
    screenshots_light_and_dark,
    tap,
)
from tests.plotters_game import ALL_FOUR, PLAYERS, Round, pad_label, taps
from views.shell.i18n import t

# Tall enough that nothing scrolls, and wide enough for the pad's 0 to 14 on its line:
# Flutter moves its accessibility nodes a frame after a scroll, so a click right after
# scrolling can land on the control that was there before.
WHOLE_SCREEN = {"width": 820, "height": 2400}
SIX = [*PLAYERS, "Eve", "Fay"]


def start_game(page: Page, players: list[str], cards_line: str) -> None:
    page.get_by_role("button", name=t("game.plotters")).first.click(timeout=20_000)
    enter_players(page, players, shown_seats=4)
    page.get_by_role("button", name=t("setup.start")).click()
    expect(by_id(page, "banner-note")).to_have_text(cards_line, timeout=10_000)


def enter_round(page: Page, played: Round) -> None:
    """Tap the pad as it asks: each tap's button appears only once the one before is taken."""
    if played.ended_early:
        page.get_by_role("switch", name=t("plotters.ended_early")).click()
        expect(by_id(page, "card-rule")).to_have_text(t("plotters.rule_early", players=4, full=56))
    for label in taps(played):
        tap(page, label)


# Many taps, each waited for: a busy 2-core machine needs more than the default.
@pytest.mark.timeout(300)
def test_six_players_count_and_choose_face_up_on_one_screen(app_page: Page) -> None:
    page = app_page
    start_game(page, SIX, "6 players: blue, green, red, and yellow 1-21")
    page.set_viewport_size(PHONE_390)
    # Ann holds four colours: her counts, then the face-up choice, all on the first screen.
    for colour, count in ALL_FOUR.hands[0].counts.items():
        tap(page, pad_label("Ann", colour, count))
    expect(by_id(page, "pad-title")).to_have_text(t("plotters.pad_face_up", player="Ann"))
    for face_up in (by_id(page, "cards-count"), by_id(page, "card-rule"), by_id(page, "formula")):
        assert_on_screen(page, face_up)
    assert_on_screen(page, page.get_by_role("button", name=t("entry.score_round")))
    assert_on_screen(page, by_id(page, "cards-5"))  # the last player's row
    # A second tab's pad starts at the first count: the same counts, its own pad.
    screenshots_light_and_dark(page, "plotters-6-face-up")
    tap(page, t("plotters.face_up_toggle", player="Ann", colour=t("plotters.colour.red")))
    tap(page, t("plotters.face_up_toggle", player="Ann", colour=t("plotters.colour.yellow")))
    expect(by_id(page, "pad-title")).to_have_text(
        t("plotters.pad_colour", player="Ben", colour=t("plotters.colour.blue"))
    )
    # The pad's first line is on the first screen with the confirm button; every number of
    # it, 0 to 21, is wholly inside the window's width, reached by scrolling down (wrapped
    # over lines: none behind a sideways scroll).
    first = page.get_by_role("button", name=pad_label("Ben", "blue", 0), exact=True)
    assert_on_screen(page, first)
    assert_on_screen(page, page.get_by_role("button", name=t("entry.score_round")))
    screenshots_light_and_dark(page, "plotters-6-counts")
    for count in range(22):
        chip = page.get_by_role("button", name=pad_label("Ben", "blue", count), exact=True)
        box = reveal_whole(page, chip)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"] + 0.5, box
    screenshot(page, "plotters-6-pad-end")
