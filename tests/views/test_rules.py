"""The rules screen: each game's sheet, the back link, and the two trick helpers."""

import re

import flet as ft
import pytest

from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.games.card_picker import CARD_ID
from views.games.colour_blind.entry import SUIT_KEYS, card_name
from views.games.registry import GAME_VIEWS
from views.games.trick_helpers import RESULT_ID
from views.screens.rules import back_route, rules_route
from views.shell.i18n import t
from views.shell.rules_sheets import rules_sheet
from views.shell.widgets import CHIP_SIZE

GAMES = list(GAME_VIEWS)


async def open_rules(app: AppUnderTest, route: str) -> AppHarness:
    return await app.start(route)


def named(harness: AppHarness, name: str) -> ft.Text:
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name)


async def tap_card(harness: AppHarness, seat: int, suit: str, number: str, card: str) -> None:
    """Tap a card for the seat (1 leads) as a player does: its suit's chip, then its number's
    (`card`: the card in words, as its chip is named)."""
    player = t("rules.card_label", number=seat)
    await harness.click(named(harness, t("picker.suit", suit=suit, player=player)))
    await harness.click(named(harness, t("picker.plays", player=player, card=card)))


def plotters_card(colour: str, number: int) -> str:
    return t("rules.plotters.card", colour=t(f"plotters.colour.{colour}"), number=number)


async def enter_plotters(harness: AppHarness, cards: list[tuple[str, int]]) -> None:
    for seat, (colour, number) in enumerate(cards, start=1):
        colour_word = t(f"plotters.colour.{colour}")
        await tap_card(harness, seat, colour_word, str(number), plotters_card(colour, number))


def colour_blind_card(code: str) -> str:
    return card_name(code)


async def enter_colour_blind(harness: AppHarness, cards: list[str]) -> None:
    for seat, code in enumerate(cards, start=1):
        suit = t(SUIT_KEYS[code[-1]])
        await tap_card(harness, seat, suit, code[:-1], card_name(code))


def note_at(harness: AppHarness, seat: int) -> list[str]:
    """What the helper says under the card of `seat` (1 leads): its line and any note."""
    line = harness.find(ft.Semantics, identifier=CARD_ID.format(seat=seat - 1))
    return [
        text for text in harness.texts(within=line.parent) if text not in harness.texts(within=line)
    ]


def result(harness: AppHarness) -> str:
    return " ".join(harness.texts(within=harness.find(ft.Semantics, identifier=RESULT_ID)))


@pytest.mark.parametrize("game", GAMES)
async def test_each_game_shows_its_sheet(app: AppUnderTest, game: str) -> None:
    harness = await open_rules(app, rules_route(game))
    markdown = harness.find(ft.Markdown)
    assert markdown.value.replace("`", "") == rules_sheet(game)
    assert t("rules.title", game=t(f"game.{game}")) in harness.texts()
    helpers = harness.find_all(ft.Semantics, identifier=RESULT_ID)
    assert len(helpers) == 1
    assert not harness.find_all(ft.TextField)  # cards are tapped, never typed


@pytest.mark.parametrize("game", GAMES)
async def test_every_control_of_the_helpers_has_a_name_and_48_px(
    app: AppUnderTest, game: str
) -> None:
    harness = await open_rules(app, rules_route(game))
    first = (
        t("rules.card_label", number=1) if game != "wizard" else t("wizard.trick.seat", number=1)
    )
    suit_chips = harness.find_all(
        ft.Text, where=lambda c: (c.semantics_label or "").endswith(first + "'s card")
    )
    assert len(suit_chips) == 4
    await harness.click(suit_chips[0])  # its numbers show
    buttons = harness.find_all((ft.OutlinedButton, ft.FilledButton))
    assert len(buttons) >= 4 + 13
    for button in buttons:
        assert button.height == CHIP_SIZE
        assert isinstance(button.content, ft.Text) and button.content.semantics_label
    await harness.click(buttons[-1])  # a card played: it can be taken back
    take_back = harness.find(
        ft.TextButton,
        has_text=re.compile(
            re.escape(t("picker.take_back", card="@", player=first)).replace("@", ".+")
        ),
    )
    assert take_back.height == CHIP_SIZE


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
    five = t("rules.players_n", count=5)
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == five))
    trick = [("red", 9), ("blue", 2), ("red", 14), ("green", 2), ("blue", 7)]
    await enter_plotters(harness, trick)

    picker, picks, taker = expected_plotters_trick(trick, 5)
    assert (picker, picks, taker) == (2, 3, 1)  # red 14; blue 2 was played before green 2

    assert result(harness) == t(
        "rules.plotters.result",
        picker=picker + 1,
        picker_card=plotters_card(*trick[picker]),
        picks=picks,
        taker=taker + 1,
        taker_card=plotters_card(*trick[taker]),
    )


async def test_plotters_helper_with_four_players_gives_the_picker_two_cards(
    app: AppUnderTest,
) -> None:
    harness = await open_rules(app, rules_route("plotters"))
    trick = [("red", 9), ("blue", 2), ("red", 14), ("green", 1)]
    await enter_plotters(harness, trick)
    assert expected_plotters_trick(trick, 4) == (2, 2, 3)  # red 14 picks 2; green 1 takes
    assert result(harness).startswith("Card 3 (red 14) picks 2 cards")
    assert result(harness) == t(
        "rules.plotters.result",
        picker=3,
        picker_card=plotters_card("red", 14),
        picks=2,
        taker=4,
        taker_card=plotters_card("green", 1),
    )


async def test_plotters_numbers_are_the_cards_in_play(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("plotters"))
    player = t("rules.card_label", number=1)
    blue = t("picker.suit", suit=t("plotters.colour.blue"), player=player)
    await harness.click(named(harness, blue))
    numbers = harness.find_all(
        ft.Text,
        where=lambda c: (c.semantics_label or "").startswith(
            t("picker.plays", player=player, card="")
        ),
    )
    assert [n.value for n in numbers] == [str(n) for n in range(1, 15)]  # 4 players: 1-14
    five = t("rules.players_n", count=5)
    await harness.click(named(harness, five))  # blue stays chosen
    numbers = harness.find_all(
        ft.Text,
        where=lambda c: (c.semantics_label or "").startswith(
            t("picker.plays", player=player, card="")
        ),
    )
    assert [n.value for n in numbers] == [str(n) for n in range(1, 18)]  # 5 players: blue 1-17


async def test_cards_tapped_faster_than_the_screen_is_drawn_are_all_kept(
    app: AppUnderTest,
) -> None:
    harness = await open_rules(app, rules_route("colour_blind"))
    player = t("rules.card_label", number=1)
    await harness.click(
        named(harness, t("picker.suit", suit=t("colour_blind.hearts"), player=player))
    )
    four = named(harness, t("picker.plays", player=player, card=card_name("4H")))
    # Two taps on the 4 before the screen is drawn again: the second goes to the next seat.
    await harness.press(four)
    await harness.press(four)
    await harness.settle()
    assert [
        " ".join(
            harness.texts(within=harness.find(ft.Semantics, identifier=CARD_ID.format(seat=s)))
        )
        for s in (0, 1)
    ] == [
        t("picker.seat_card", player=t("rules.card_label", number=n), card="4\u2665")
        for n in (1, 2)
    ]
    # The rules refuse the second 4 of hearts, at its card.
    assert note_at(harness, 2) == [t("colour_blind.trick_duplicate", card="4\u2665")]


async def test_plotters_helper_refuses_a_fourth_colour(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("plotters"))
    await enter_plotters(harness, [("red", 9), ("blue", 2), ("green", 4), ("yellow", 3)])
    refusal = t("plotters.fourth_colour", card=plotters_card("yellow", 3))
    assert note_at(harness, 4) == [refusal]
    assert [note_at(harness, n) for n in (1, 2, 3)] == [[], [], []]
    assert result(harness) == t("rules.plotters.waiting", players=4)
    player = t("rules.card_label", number=4)
    await harness.click(
        harness.find(
            ft.TextButton,
            has_text=t("picker.take_back", card=plotters_card("yellow", 3), player=player),
        )
    )
    assert refusal not in harness.texts()
    await enter_plotters_seat(harness, 4, ("green", 1))
    assert "picks 2 cards" in result(harness)


async def enter_plotters_seat(harness: AppHarness, seat: int, card: tuple[str, int]) -> None:
    colour, number = card
    await tap_card(
        harness, seat, t(f"plotters.colour.{colour}"), str(number), plotters_card(colour, number)
    )


async def test_colour_blind_helper_picks_the_last_of_equal_ranks(app: AppUnderTest) -> None:
    harness = await open_rules(app, rules_route("colour_blind"))
    await enter_colour_blind(harness, ["7S", "QH", "QC"])
    # Both queens outrank the 7; of equal ranks the one played last wins.
    assert result(harness) == t("rules.colour_blind.result_equal", winner=3, card="Q\u2663")
    for seat in (3, 2, 1):
        card = ["7\u2660", "Q\u2665", "Q\u2663"][seat - 1]
        player = t("rules.card_label", number=seat)
        await harness.click(
            harness.find(ft.TextButton, has_text=t("picker.take_back", card=card, player=player))
        )
    await enter_colour_blind(harness, ["AS", "QH", "QC"])  # the Ace ranks highest in play
    assert result(harness) == t("rules.colour_blind.result_highest", winner=1, card="A\u2660")


async def test_rules_are_one_tap_from_home_and_from_a_new_game_form(app: AppUnderTest) -> None:
    harness = await app.start("/")
    for view in GAME_VIEWS.values():
        name = t("home.rules", game=t(view.title_key))
        await harness.click(
            harness.find(
                ft.IconButton,
                where=lambda c, name=name: (
                    isinstance(c.icon, ft.Icon) and c.icon.semantics_label == name
                ),
            )
        )
        assert harness.page.route == rules_route(view.game)
        await harness.go("/")
    await harness.go("/new/plotters")
    await harness.click(harness.find(ft.IconButton, tooltip=t("rules.open")))
    assert harness.page.route == rules_route("plotters", back="/new/plotters")
    await harness.click(harness.find(ft.IconButton, tooltip=t("nav.back")))
    assert harness.page.route == "/new/plotters"


def listed_settings(harness: AppHarness, identifier: str) -> list[str]:
    found = harness.find_all(ft.Semantics, identifier=identifier)
    return found[0].content.value.split("\n") if found else []


async def test_rules_and_game_screen_say_this_games_settings(app: AppUnderTest) -> None:
    settings = {"hook": True, "round_sizes": [1, 3]}
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, settings)
    harness = await app.start(f"/game/{game.id}")
    expected = [
        t("setting.shown", setting=t("setting.hook"), value=t("setting.on")),
        t("setting.shown", setting=t("setting.canadian"), value=t("setting.off")),
        t("setting.shown", setting=t("setting.tie_break_by_bids"), value=t("setting.on")),
        t("setting.shown", setting=t("setting.round_sizes"), value="1, 3"),
        t("setting.shown", setting=t("setting.anniversary_cards"), value=t("setting.off")),
        t("setting.shown", setting=t("setting.shapeshifter"), value=t("setting.off")),
        t("setting.shown", setting=t("setting.deck"), value=t("setting.deck.numbers")),
    ]
    assert listed_settings(harness, "game-settings") == expected
    await harness.click(harness.find(ft.IconButton, tooltip=t("rules.open")))
    assert listed_settings(harness, "this-game-settings") == expected
    # From Home, or for another game's rules, no game's settings are shown.
    await harness.go(rules_route("wizard"))
    assert listed_settings(harness, "this-game-settings") == []
    await harness.go(rules_route("plotters", back=f"/game/{game.id}"))
    assert listed_settings(harness, "this-game-settings") == []


async def test_a_full_wizard_game_and_a_choice_say_their_values_in_words(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    harness = await app.start(rules_route("plotters", back=f"/game/{game.id}"))
    [line] = listed_settings(harness, "this-game-settings")
    said = t("setting.nothing_face_down.divide_by_one")
    assert line == t("setting.shown", setting=t("setting.nothing_face_down"), value=said)
    wizard_game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    await harness.go(rules_route("wizard", back=f"/game/{wizard_game.id}"))
    full = t("setting.shown", setting=t("setting.round_sizes"), value=t("setting.full_game"))
    assert full in listed_settings(harness, "this-game-settings")
