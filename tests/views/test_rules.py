"""The rules screen: each game's sheet, the back link, and the two trick helpers."""

import flet as ft
import pytest

from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.games.registry import GAME_VIEWS
from views.games.trick_helpers import RESULT_ID
from views.screens.rules import back_route, rules_route
from views.screens.rules_sheets import rules_sheet
from views.shell.i18n import t

GAMES = [view.game for view in GAME_VIEWS]


async def open_rules(app: AppUnderTest, route: str) -> AppHarness:
    return await app.start(route)


def card_field(harness: AppHarness, number: int) -> ft.TextField:
    return harness.find(ft.TextField, label=t("rules.card_label", number=number))


async def enter_cards(harness: AppHarness, cards: list[str]) -> None:
    for number, card in enumerate(cards, start=1):
        await harness.type(card_field(harness, number), card)


def result(harness: AppHarness) -> str:
    return " ".join(harness.texts(within=harness.find(ft.Semantics, identifier=RESULT_ID)))


@pytest.mark.parametrize("game", GAMES)
async def test_each_game_shows_its_sheet(app: AppUnderTest, game: str) -> None:
    harness = await open_rules(app, rules_route(game))
    assert harness.find(ft.Markdown).value == rules_sheet(game)
    assert t("rules.title", game=t(f"game.{game}")) in harness.texts()
    helpers = harness.find_all(ft.Semantics, identifier=RESULT_ID)
    assert len(helpers) == (0 if game == "wizard" else 1)


@pytest.mark.parametrize("game", ["plotters", "colour_blind"])
async def test_every_control_of_the_helpers_has_a_name(app: AppUnderTest, game: str) -> None:
    harness = await open_rules(app, rules_route(game))
    for field in harness.find_all(ft.TextField):
        assert field.label
    for button in harness.find_all(ft.IconButton):
        assert button.tooltip


async def test_back_goes_home_or_to_the_route_given(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("wizard"))
    await harness.click(harness.find(ft.IconButton, tooltip=t("nav.back")))
    assert harness.page.route == "/"
    await harness.go(rules_route("wizard", back="/new/wizard"))
    await harness.click(harness.find(ft.IconButton, tooltip=t("nav.back")))
    assert harness.page.route == "/new/wizard"


def test_back_only_follows_routes_of_this_app() -> None:
    assert back_route("/rules/wizard?back=/game/12") == "/game/12"
    assert back_route("/rules/wizard") == "/"
    assert back_route("/rules/wizard?back=https://example.com") == "/"
    assert back_route("/rules/wizard?back=//example.com") == "/"


async def test_an_unknown_game_says_so(app: AppUnderTest) -> None:
    harness = await open_rules(app, "/rules/poker")
    assert t("game.unknown", game="poker") in harness.texts()


def expected_plotters_trick(cards: list[tuple[str, int]], players: int) -> tuple[int, int, int]:
    """RULES.md: the led colour is trump; the highest trump picks 2 cards (3 with 5 or 6
    players); the lowest other card, the earlier one on equal numbers, takes the rest."""
    trump = cards[0][0]
    picker = max((number, i) for i, (colour, number) in enumerate(cards) if colour == trump)[1]
    taker = min((number, i) for i, (colour, number) in enumerate(cards) if colour != trump)[1]
    return picker, 2 if players == 4 else 3, taker


async def test_plotters_helper_names_picker_and_taker(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("plotters"))
    five = t("rules.plotters.players_n", count=5)
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == five))
    trick = [("red", 9), ("blue", 2), ("red", 14), ("green", 2), ("blue", 7)]
    assert len(harness.find_all(ft.TextField)) == 5
    await enter_cards(harness, [f"{colour} {number}" for colour, number in trick])

    picker, picks, taker = expected_plotters_trick(trick, 5)
    assert (picker, picks, taker) == (2, 3, 1)  # red 14; blue 2 was played before green 2

    def name(index: int) -> str:
        colour, number = trick[index]
        return t("rules.plotters.card", colour=t(f"plotters.colour.{colour}"), number=number)

    assert result(harness) == t(
        "rules.plotters.result",
        picker=picker + 1,
        picker_card=name(picker),
        picks=picks,
        taker=taker + 1,
        taker_card=name(taker),
    )


async def test_cards_typed_faster_than_the_screen_is_drawn_are_all_kept(
    app: AppUnderTest,
) -> None:
    harness = await open_rules(app, rules_route("plotters"))
    cards = ["red 9", "blue 2", "red 14", "green 1"]
    # Each field's change comes before the screen is drawn again after the one before.
    await harness.type_in_a_row(list(zip(harness.find_all(ft.TextField), cards, strict=True)))
    assert [field.value for field in harness.find_all(ft.TextField)] == cards

    def name(colour: str, number: int) -> str:
        return t("rules.plotters.card", colour=t(f"plotters.colour.{colour}"), number=number)

    assert result(harness) == t(
        "rules.plotters.result",
        picker=3,
        picker_card=name("red", 14),
        picks=2,
        taker=4,
        taker_card=name("green", 1),
    )


async def test_plotters_helper_refuses_a_fourth_colour(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("plotters"))
    await enter_cards(harness, ["red 9", "blue 2", "g4", "yellow 3"])
    assert card_field(harness, 4).error == t("plotters.fourth_colour", card="yellow3")
    assert [card_field(harness, n).error for n in (1, 2, 3)] == [None, None, None]
    assert result(harness) == t("rules.plotters.waiting", players=4)
    await harness.type(card_field(harness, 4), "green 1")
    assert card_field(harness, 4).error is None
    assert "picks 2 cards" in result(harness)


async def test_colour_blind_helper_picks_the_last_of_equal_ranks(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("colour_blind"))
    await enter_cards(harness, ["7S", "qh", "QC"])
    # Both queens outrank the 7; of equal ranks the one played last wins.
    assert result(harness) == t("rules.colour_blind.result_equal", winner=3, card="QC")
    await harness.type(card_field(harness, 1), "as")  # the Ace ranks highest in play
    assert result(harness) == t("rules.colour_blind.result_highest", winner=1, card="AS")


async def test_colour_blind_helper_refuses_a_card_that_does_not_exist(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("colour_blind"))
    await enter_cards(harness, ["10H", "1Z", "QS"])
    assert card_field(harness, 2).error == t("colour_blind.card_invalid", card="1Z")
    assert card_field(harness, 1).error is None
    assert result(harness) == t("rules.colour_blind.waiting")
