"""Two short Wizard games played in the browser, then the Players screen and the charts."""

import pytest
from playwright.sync_api import Browser, expect

from tests.app_server import AppServer
from tests.e2e.conftest import dark_screenshot, open_app, screenshot
from tests.e2e.steps import by_id, expect_value, play_wizard_round, start_short_wizard, tap
from views.shell.i18n import t
from views.shell.widgets import points_text

PHONE = {"width": 390, "height": 844}


@pytest.mark.timeout(300)
def test_players_figures_and_the_game_chart_after_two_games(
    browser: Browser, app_server: AppServer
) -> None:
    page = open_app(browser, app_server.url, PHONE)
    start_short_wizard(page, ["Ann", "Ben", "Cas"], "1", dealer="Ann")
    # Game 1, Ann deals: Ben bids 1 and takes it; everyone exact. Ben 30, Cas 20, Ann 20.
    play_wizard_round(page, {"Ben": 1, "Cas": 0, "Ann": 0}, {"Ben": 1, "Cas": 0, "Ann": 0})
    expect_value(page, "standing-1", t("standings.line", place=1, name="Ben", total=30))
    tap(page, t("standings.rematch"))
    # Game 2, Ben deals: Cas makes 1, Ann 0; Ben bids 1 and takes none. Cas 30, Ann 20, Ben -10.
    play_wizard_round(page, {"Cas": 1, "Ann": 0, "Ben": 1}, {"Cas": 1, "Ann": 0, "Ben": 0})
    final = t("chart.final", scores=f"Cas 30, Ann 20, and Ben {points_text(-10)}")
    expect_value(page, "final-chart", final)
    expect_value(
        page,
        "totals-chart",
        t("chart.after_round", number=1, scores=f"Cas 30, Ann 20, and Ben {points_text(-10)}"),
    )
    by_id(page, "final-chart").scroll_into_view_if_needed()
    screenshot(page, "players-final-chart-light")
    dark_screenshot(page, "players-final-chart-dark")

    page.get_by_role("button", name=t("nav.back")).click()
    tap(page, t("players.open"))
    expect_value(page, "player-ben", t("players.line", games=2, wins=1, rate="50%"))
    expect_value(page, "player-ann", t("players.line", games=2, wins=0, rate="0%"))
    page.get_by_role("button", name="Ben").first.click()
    expect_value(page, "record-wizard-0", t("players.games_wins", games=2, wins=1, rate="50%"))
    expect_value(
        page,
        "record-wizard-1",
        t("players.scores", average="10.0", best=30, worst=points_text(-10)),
    )
    bids = t("record.wizard.bids", exact="50%", off="0.5", zero=t("number.none"))
    expect_value(page, "record-wizard-3", bids)
    page.get_by_role("button", name=t("players.compare_with", name="Cas")).click()
    both = t(
        "players.head_to_head",
        games=2,
        first="Ben",
        first_ahead=1,
        second="Cas",
        second_ahead=1,
        level=0,
    )
    expect(by_id(page, "head-to-head")).to_have_text(both)
    screenshot(page, "players-phone")
