"""A whole Plotters game entered in a real browser at phone size, checked against the rules."""

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, screenshot
from tests.e2e.steps import by_id, enter_players, expect_score, type_into
from tests.plotters_game import GAME, PLAYERS, Round, points
from views.i18n import t

# Tall enough that nothing scrolls: Flutter moves its accessibility nodes a frame after a
# scroll, so a click right after scrolling can land on the control that was there before.
WHOLE_SCREEN = {"width": PHONE["width"], "height": 2400}


def start_game(page: Page) -> None:
    page.get_by_role("button", name=t("game.plotters")).first.click(timeout=20_000)
    enter_players(page, PLAYERS, shown_seats=4)
    page.get_by_role("button", name=t("setup.start")).click()
    expect(by_id(page, "banner-note")).to_have_text(
        "4 players: blue, green, red and yellow 1-14", timeout=10_000
    )


def enter_round(page: Page, played: Round) -> None:
    """Type each count, waiting for the live card count to take it before the next."""
    held = 0
    for player, hand in zip(PLAYERS, played.hands, strict=True):
        for colour, count in hand.counts.items():
            if count:
                name = t(f"plotters.colour.{colour}")
                type_into(page, t("plotters.count_field", player=player, colour=name), str(count))
                held += count
                expect(by_id(page, "cards-count")).to_have_text(
                    t("plotters.cards_count", total=held, full=56)
                )
        for colour in hand.face_up or ():
            name = t(f"plotters.colour.{colour}")
            toggle = page.get_by_label(t("plotters.face_up_toggle", player=player, colour=name))
            toggle.click()
    if played.ended_early:
        page.get_by_role("switch", name=t("plotters.ended_early")).click()


def test_a_whole_game_entered_at_the_table(app_page: Page) -> None:
    start_game(app_page)
    app_page.set_viewport_size(WHOLE_SCREEN)
    score = app_page.get_by_role("button", name=t("entry.score_round"))
    totals = [0] * len(PLAYERS)
    for number, played in enumerate(GAME, start=1):
        enter_round(app_page, played)
        if number == 1:
            app_page.set_viewport_size(PHONE)
            screenshot(app_page, "plotters-entry")
            app_page.set_viewport_size(WHOLE_SCREEN)
        expect(score).to_be_enabled()
        score.click()
        expect(by_id(app_page, f"cell-{number}-0")).to_be_attached()
        totals = [a + b for a, b in zip(totals, points(played), strict=True)]
        for seat, total in enumerate(totals):
            expect_score(app_page, f"total-{seat}", total)
    expect(app_page.get_by_role("group", name=t("standings.title"))).to_be_visible()
