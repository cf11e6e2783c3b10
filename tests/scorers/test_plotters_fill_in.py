"""The last player's counts filled in from the cards in play, and face-up taps kept in a
draft: a full round deals out every card in play, so the others' counts fix the last one's."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers import plotters
from tests.scorers.helpers import context, refused

RULES = plotters.RULES
FOUR = ["Ann", "Bob", "Cy", "Di"]


def entry(
    *counts: tuple[int, int, int, int], ended_early: bool = False, counted: bool = True
) -> dict:
    """A draft of these counts; `counted`: the player before the last was entered to their
    last colour (as the pad marks it)."""
    rows = [dict(zip(plotters.COLOURS, row, strict=True)) for row in counts]
    drafted = {"counts": rows, "face_up": [None] * len(rows), "ended_early": ended_early}
    return {**drafted, "before_last_counted": True} if counted else drafted


def test_the_last_player_holds_what_the_others_did_not_take():
    # Four players, 1-14 in every colour: Di holds 14 minus the others' cards of each.
    drafted = entry((6, 4, 4, 0), (8, 0, 0, 6), (0, 10, 4, 0), (0, 0, 0, 0))
    assert plotters.fills_last_seat(drafted)
    assert plotters.filled_in(drafted)["counts"][-1] == {
        "blue": 0,
        "green": 0,
        "red": 6,
        "yellow": 8,
    }


def test_five_players_use_each_colour_s_own_count_in_play():
    # Red and yellow run to 18, blue and green to 17.
    drafted = entry((3, 3, 4, 4), (3, 3, 4, 4), (3, 3, 4, 4), (3, 3, 4, 4), (0, 0, 0, 0))
    assert plotters.filled_in(drafted)["counts"][-1] == {
        "blue": 5,
        "green": 5,
        "red": 2,
        "yellow": 2,
    }


def test_nothing_is_filled_in_once_the_last_player_has_a_count_or_the_round_ended_early():
    typed = entry((6, 4, 4, 0), (8, 0, 0, 6), (0, 10, 4, 0), (0, 0, 5, 0), counted=False)
    early = entry(
        (6, 4, 4, 0), (8, 0, 0, 6), (0, 10, 4, 0), (0, 0, 0, 0), ended_early=True, counted=False
    )
    for drafted in (typed, early):
        assert not plotters.fills_last_seat(drafted)
        assert plotters.filled_in(drafted) == drafted


def test_a_filled_in_round_passes_the_rules_full_round_check():
    drafted = entry((6, 4, 4, 0), (8, 0, 0, 6), (0, 10, 4, 0), (0, 0, 0, 0))
    with refused("plotters.total_cards", "42", "56"):
        RULES.check_entry(drafted, context(RULES, FOUR), complete=True)
    RULES.check_entry(plotters.filled_in(drafted), context(RULES, FOUR), complete=True)


def recount(hands: list[dict[str, int]], players: int) -> dict[str, int]:
    """The last hand worked out the slow way: lay out every card in play, strike off the
    others' cards one by one, and count what is left of each colour."""
    deck = [
        (colour, number)
        for colour, high in plotters.cards_in_play(players).items()
        for number in range(1, high + 1)
    ]
    for hand in hands[:-1]:
        for colour, count in hand.items():
            for _ in range(count):
                deck.remove(next(card for card in deck if card[0] == colour))
    return {colour: sum(1 for card in deck if card[0] == colour) for colour in plotters.COLOURS}


@given(players=st.integers(4, 6), seed=st.integers(0, 2**32 - 1))
def test_the_fill_in_matches_a_recount_of_a_dealt_out_round(players: int, seed: int) -> None:
    # Every card in play collected by someone, in piles of any size.
    shuffled = random.Random(seed)
    hands = [dict.fromkeys(plotters.COLOURS, 0) for _ in range(players)]
    for colour, high in plotters.cards_in_play(players).items():
        for _ in range(high):
            hands[shuffled.randrange(players)][colour] += 1
    drafted = {
        "counts": [*hands[:-1], dict.fromkeys(plotters.COLOURS, 0)],
        "face_up": [None] * players,
        "ended_early": False,
    }
    if hands[-2]["yellow"]:
        assert plotters.filled_in(drafted)["counts"][-1] == recount(hands, players) == hands[-1]
    else:  # the player before the last without yellow looks not counted yet: nothing filled
        assert plotters.filled_in(drafted) == drafted
    # Once the last colour of the player before the last is entered, the rest is the last's.
    counted = plotters.with_count(drafted, players - 2, "yellow", hands[-2]["yellow"])
    assert plotters.filled_in(counted)["counts"][-1] == recount(hands, players)


def test_nothing_is_filled_in_before_the_player_before_the_last_is_counted():
    drafted = entry((6, 4, 4, 0), (8, 0, 0, 6), (0, 0, 0, 0), (0, 0, 0, 0), counted=False)
    assert not plotters.fills_last_seat(drafted)
    # Nor while that player is counted part way: their later colours are not in yet.
    part_way = entry((6, 4, 4, 0), (8, 0, 0, 6), (5, 0, 0, 0), (0, 0, 0, 0), counted=False)
    assert not plotters.fills_last_seat(part_way)


def test_an_earlier_player_who_took_no_cards_does_not_stop_the_fill_in():
    # Ben took nothing; Cas, the player before the last, is counted: Dot holds the rest.
    drafted = entry((6, 4, 4, 0), (0, 0, 0, 0), (8, 0, 0, 6), (0, 0, 0, 0))
    assert plotters.fills_last_seat(drafted)
    assert plotters.filled_in(drafted)["counts"][-1] == {
        "blue": 0,
        "green": 10,
        "red": 10,
        "yellow": 8,
    }


@pytest.mark.parametrize(
    ("chosen", "colour", "now"),
    [
        (None, "red", ["red"]),
        (["red"], "red", None),
        (["red"], "blue", ["red", "blue"]),
        (["red", "blue"], "red", ["blue"]),
        (["red", "blue"], "green", ["blue", "green"]),
    ],
)
def test_face_up_taps(chosen, colour, now):
    assert plotters.toggled_face_up(chosen, colour) == now


def test_a_draft_keeps_the_first_face_up_colour_but_a_scored_round_needs_the_pair():
    drafted = entry((2, 3, 4, 5), (5, 4, 3, 2), (7, 0, 7, 0), (0, 7, 0, 7))
    drafted["face_up"][0] = ["red"]
    checked = RULES.check_entry(drafted, context(RULES, FOUR), complete=False)
    assert checked["face_up"][0] == ["red"]
    assert plotters.chosen_pair(drafted, 0) is None
    with refused("plotters.face_up_one", "Ann", "red"):
        RULES.check_entry(drafted, context(RULES, FOUR), complete=True)


def test_a_player_before_the_last_who_took_nothing_does_not_stop_the_fill_in():
    # Cy took nothing: the scorer goes through Cy's four colours with 0, and Di holds the rest.
    drafted = entry((6, 4, 4, 0), (8, 0, 0, 6), (0, 0, 0, 0), (0, 0, 0, 0), counted=False)
    for colour in plotters.COLOURS[:-1]:
        drafted = plotters.with_count(drafted, 2, colour, 0)
        assert not plotters.fills_last_seat(drafted)
    counted = plotters.with_count(drafted, 2, "yellow", 0)
    assert plotters.filled_in(counted)["counts"][-1] == {
        "blue": 0,
        "green": 10,
        "red": 10,
        "yellow": 8,
    }
    # Later changes keep the mark; the rules keep it in a draft and refuse anything but yes/no.
    kept = plotters.with_face_up(plotters.with_ended_early(counted, False), 0, None)
    assert plotters.fills_last_seat(kept)
    checked = RULES.check_entry(counted, context(RULES, FOUR), complete=False)
    assert checked["before_last_counted"] is True
    forged = {**counted, "before_last_counted": 1}
    with refused("plotters.before_last_counted_invalid", "1"):
        RULES.check_entry(forged, context(RULES, FOUR), complete=False)
