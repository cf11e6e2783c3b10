"""The row cards nobody was given yet go to the one player given none: every row card is
captured by someone, so two players' captures fix the third's."""

from hypothesis import given
from hypothesis import strategies as st

from scorers import colour_blind
from tests.scorers.helpers import context

RULES = colour_blind.RULES
THREE = ["Ann", "Bob", "Cy"]
ROW = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]


def entry(captured_by: list[int | None]) -> dict:
    return {"row": list(ROW), "captured_by": captured_by}


def test_the_player_given_no_card_takes_the_rest():
    given_so_far = entry([0, 1, None, 0, None, 1, None, None, 0, 1, None, None, None])
    assert colour_blind.rest_taker(given_so_far) == 2
    filled = colour_blind.filled_in(given_so_far)
    assert filled["captured_by"] == [0, 1, 2, 0, 2, 1, 2, 2, 0, 1, 2, 2, 2]
    RULES.check_entry(filled, context(RULES, THREE), complete=True)


def test_nothing_is_filled_in_while_two_players_have_no_card_or_the_row_is_short():
    for unsure in (
        entry([0, None, None, None, None, None, None, None, None, None, None, None, None]),
        {"row": ROW[:12], "captured_by": [0, 1] + [None] * 10},
        entry([0, 1, 2] + [None] * 10),  # everyone has a card: whose are the others?
    ):
        assert colour_blind.rest_taker(unsure) is None
        assert colour_blind.filled_in(unsure) == unsure


def test_a_tap_on_a_filled_in_card_makes_the_rest_the_player_s_own():
    given_so_far = entry([0, 1] + [None] * 11)
    tapped = colour_blind.with_capture(given_so_far, 5, 2)
    assert tapped["captured_by"] == [0, 1] + [2] * 11
    moved = colour_blind.with_capture(tapped, 5, 0)
    assert moved["captured_by"][5] == 0


@given(st.lists(st.integers(0, 2), min_size=13, max_size=13), st.integers(0, 2))
def test_two_players_captures_give_back_the_whole_deal(captors: list[int], left_out: int) -> None:
    # Enter every card but those of one player; the fill-in gives back the deal as played
    # whenever that player is the only one with no card entered.
    entered = [None if seat == left_out else seat for seat in captors]
    others_have_cards = all(seat in entered for seat in range(3) if seat != left_out)
    if left_out in captors and others_have_cards:
        assert colour_blind.filled_in(entry(entered))["captured_by"] == captors
    else:
        assert colour_blind.filled_in(entry(entered))["captured_by"] == entered
