"""Wizard's trick helper in the browser (issue 25): the trump tapped in the banner, the
helper opened beside it for that round, a trick tapped in card by card, the winner read."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import open_app, screenshot
from tests.e2e.steps import by_id, expect_value, tap
from views.games.trick_helpers import RESULT_ID
from views.games.wizard.trick import FOLLOW_ID
from views.shell.i18n import t

PLAYERS = ["Ann", "Ben", "Cas"]
# A phone's width, tall enough that the whole helper is on screen: Flutter does not scroll a
# chip into view for a click.
TALL_PHONE = {"width": 390, "height": 1400}


def new_game(data_dir: Path) -> str:
    """Three players, Ann dealing first: started beside the running server (SQLite shares
    the file), as the setup form would start it."""
    with open_store(data_dir).store as store:
        return GameKeeper(store).start("wizard", PLAYERS, 0, {"round_sizes": [3, 2]}).id


def play(page: Page, player: str, card: str) -> None:
    """Tap `player`'s card: "W" (a Wizard), or its number and suit ("12 spades")."""
    if card == "W":
        tap(page, t("picker.plays", player=player, card=t("wizard.wizard_card")))
        return
    number, suit_key = card.split(" ")
    suit = t(f"wizard.suit.{suit_key}")
    tap(page, t("picker.suit", suit=suit, player=player))
    name = t("wizard.trick.card_name", number=number, suit=suit)
    tap(page, t("picker.plays", player=player, card=name))


@pytest.mark.timeout(240)
def test_the_banner_opens_the_trick_helper_with_the_rounds_trump_and_names_the_winner(
    browser: Browser, app_server: AppServer
) -> None:
    game_id = new_game(app_server.data_dir)
    page = open_app(browser, f"{app_server.url}/game/{game_id}", TALL_PHONE)
    expect(by_id(page, "trump")).to_have_text(t("wizard.trump_not_entered"), timeout=30_000)
    spades = t("wizard.suit.spades")
    tap(page, t("wizard.turned_suit", suit=spades))
    expect_value(page, "trump", t("wizard.trump_line", suit=f"\u2660 {spades}"))

    tap(page, t("wizard.trick.open"))
    # Ann deals: Ben leads the first trick.
    expect_value(page, FOLLOW_ID, t("wizard.trick.leads_any", player="Ben"))
    play(page, "Ben", "12 hearts")
    hearts = t("wizard.suit.hearts")
    expect_value(page, FOLLOW_ID, t("wizard.trick.must_follow", player="Cas", suit=hearts))
    play(page, "Cas", "1 spades")
    play(page, "Ann", "13 hearts")
    # Spades are trump, from the banner: Cas's 1 of spades beats both hearts.
    won = t("wizard.trick.highest_trump", player="Cas", card="1\u2660", suit=spades)
    expect_value(page, RESULT_ID, won)
    off_suit = t("wizard.trick.off_suit", player="Cas", card="1\u2660", suit=hearts)
    expect(page.get_by_text(off_suit, exact=True)).to_be_visible()
    screenshot(page, "wizard-trick-helper-banner")

    # The winner leads the next trick; a Wizard there wins it.
    tap(page, t("wizard.trick.next_trick", player="Cas"))
    play(page, "Cas", "5 spades")
    play(page, "Ann", "W")
    play(page, "Ben", "6 spades")
    expect_value(
        page, RESULT_ID, t("wizard.trick.first_wizard", player="Ann", card="Wizard", suit="")
    )
    tap(page, t("wizard.trick.close"))
    expect(page.get_by_role("button", name=t("wizard.trick.close"))).to_have_count(0)
    page.close()
