"""Wizard's trump in the browser (issue 25): the card turned up is tapped in the banner,
stays in sight while the bids and tricks go in, and marks the round on the score sheet;
a Wizard turned up asks the dealer's suit."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import open_app, screenshot
from tests.e2e.steps import PHONE_390, by_id, expect_value, play_wizard_round, tap
from views.shell.i18n import t

PLAYERS = ["Ann", "Ben", "Cas"]


def new_game(data_dir: Path) -> str:
    """Three players, hands of 1 and 2, Ann dealing first: started beside the running server
    (SQLite shares the file), as the setup form would start it."""
    with open_store(data_dir).store as store:
        return GameKeeper(store).start("wizard", PLAYERS, 0, {"round_sizes": [1, 2]}).id


@pytest.mark.timeout(240)
def test_a_trump_tapped_in_the_banner_is_shown_and_marks_the_round_on_the_sheet(
    browser: Browser, app_server: AppServer
) -> None:
    game_id = new_game(app_server.data_dir)
    page = open_app(browser, f"{app_server.url}/game/{game_id}", PHONE_390)
    expect(by_id(page, "trump")).to_have_text(t("wizard.trump_not_entered"), timeout=30_000)
    screenshot(page, "wizard-trump-chips-390")

    hearts = t("wizard.suit.hearts")
    tap(page, t("wizard.turned_suit", suit=hearts))
    trump = t("wizard.trump_line", suit=f"\u2665 {hearts}")
    expect_value(page, "trump", trump)
    # Folded away once entered: a button changes it, and the chips are gone.
    expect(page.get_by_role("button", name=t("wizard.change_trump"), exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=t("wizard.turned_jester"), exact=True)).to_have_count(0)

    play_wizard_round(page, {"Ben": 1, "Cas": 0, "Ann": 0}, {"Ben": 1, "Cas": 0, "Ann": 0})
    marked = t("sheet.edit_round_marked", number=1, mark=t("wizard.sheet_trump", suit=hearts))
    expect(page.get_by_role("button", name=marked, exact=True)).to_be_visible()

    # Round 2, Ben deals: a Wizard turned up, then Ben's suit.
    expect(by_id(page, "trump")).to_have_text(t("wizard.trump_not_entered"))
    tap(page, t("wizard.turned_wizard", dealer="Ben"))
    expect_value(page, "trump", t("wizard.trump_wizard_pending", dealer="Ben"))
    spades = t("wizard.suit.spades")
    tap(page, t("wizard.dealer_picks", dealer="Ben", suit=spades))
    picked = t("wizard.trump_wizard_line", suit=f"\u2660 {spades}", dealer="Ben")
    expect_value(page, "trump", picked)
    screenshot(page, "wizard-trump-390")

    # A reload shows the trump as saved.
    again = open_app(browser, f"{app_server.url}/game/{game_id}", PHONE_390)
    expect(by_id(again, "trump")).to_have_text(picked, timeout=30_000)
    again.close()
