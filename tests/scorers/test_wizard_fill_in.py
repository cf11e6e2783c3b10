"""The one player's tricks the others leave to the cards filled in, and each player's points
previewed before the round is scored: the rules work both out, the screen only shows them."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers import wizard
from tests.scorers.helpers import context

RULES = wizard.RULES
FOUR = ["Ann", "Ben", "Cas", "Dot"]


def entry(bids: list[int | None], tricks: list[int | None], cloud: dict | None = None) -> dict:
    return {"bids": bids, "tricks": tricks, "cloud": cloud}


def test_the_one_player_without_tricks_takes_what_the_others_left() -> None:
    # Round 5: Ann, Ben and Dot took 1, 2 and 0 of the 5 tricks, so Cas took 2.
    drafted = entry([1, 2, 2, 0], [1, 2, None, 0])
    round_five = context(RULES, FOUR, number=5)
    assert wizard.filled_seat(drafted, 5, bomb=False) == 2
    completed = RULES.completed(drafted, round_five)
    assert completed["tricks"] == [1, 2, 2, 0]
    assert drafted["tricks"] == [1, 2, None, 0]  # the draft itself is left as entered
    checked = RULES.check_entry(completed, round_five, complete=True)
    assert RULES.score(checked, round_five) == (30, 40, 40, 20)


@pytest.mark.parametrize(
    ("tricks", "why"),
    [
        ([1, None, None, 0], "two players still to enter"),
        ([1, 2, 1, 1], "everyone entered"),
        ([3, 2, None, 1], "the others took more than the cards: the rest would be negative"),
    ],
)
def test_nothing_is_filled_in_unless_exactly_one_player_is_left_and_the_rest_is_whole(
    tricks: list[int | None], why: str
) -> None:
    drafted = entry([1, 1, 1, 1], tricks)
    assert wizard.filled_seat(drafted, 5, bomb=False) is None, why
    assert RULES.completed(drafted, context(RULES, FOUR, number=5))["tricks"] == tricks


def test_the_last_player_may_have_taken_none() -> None:
    drafted = entry([1, 2, 0, 2], [1, 2, None, 2])
    assert RULES.completed(drafted, context(RULES, FOUR, number=5))["tricks"] == [1, 2, 0, 2]


def test_with_the_bomb_in_the_game_nothing_is_filled_in() -> None:
    # The Bomb makes one trick nobody's: 4 of 5 tricks may be every trick taken.
    drafted = entry([1, 2, 2, 0], [1, 2, None, 0])
    bomb_game = context(RULES, FOUR, number=5, settings={"anniversary_cards": True})
    assert wizard.filled_seat(drafted, 5, bomb=True) is None
    assert RULES.completed(drafted, bomb_game)["tricks"] == [1, 2, None, 0]


@given(
    cards=st.integers(1, 15),
    data=st.data(),
)
def test_a_filled_in_round_always_adds_up_to_the_cards(cards: int, data: st.DataObject) -> None:
    players = 4
    tricks: list[int | None] = [data.draw(st.integers(0, cards)) for _ in range(players)]
    missing = data.draw(st.integers(0, players - 1))
    tricks[missing] = None
    completed = wizard.filled_in(entry([0] * players, tricks), cards, bomb=False)
    others = sum(count for count in tricks if count is not None)
    if others <= cards:
        assert sum(completed["tricks"]) == cards
        assert completed["tricks"][missing] == cards - others >= 0
    else:
        assert completed["tricks"][missing] is None


def test_the_preview_is_each_players_round_score_once_bid_and_tricks_are_in() -> None:
    drafted = entry([1, 0, 2, 1], [1, 1, None, 3])
    assert wizard.round_preview(drafted) == [30, -10, None, -20]
    assert wizard.round_preview(entry([None, 0, 1, 1], [None] * 4)) == [None] * 4


def test_the_preview_counts_the_clouds_change_of_bid() -> None:
    # Ben bid 1, won the Cloud's trick and raised it to 2, then took 2: his bid is made.
    drafted = entry([0, 1, 2], [0, 2, 1], cloud={"seat": 1, "change": 1})
    assert wizard.round_preview(drafted) == [20, 40, -10]


def test_the_preview_of_a_complete_round_is_what_scoring_gives() -> None:
    round_three = context(RULES, FOUR, number=3)
    drafted = entry([1, 0, 2, 1], [0, 0, 2, None])
    completed = RULES.completed(drafted, round_three)
    checked = RULES.check_entry(completed, round_three, complete=True)
    assert tuple(wizard.round_preview(completed)) == RULES.score(checked, round_three)
