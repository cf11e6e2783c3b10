"""Whose values a change of a round's entry touches (GameRules.owners), per game: a seat's
own fields are that seat's, the round's common fields nobody's, and a Colour-blind row card
is its taker's and whoever held it before; the Plotters mark that the player before the
last has counted is that player's. (What a player's own phone may send follows from
it: tests/sharing/test_rights.py.)"""

from typing import Any

import pytest

from scorers.colour_blind import RULES as COLOUR_BLIND
from scorers.game import GameRules
from scorers.plotters import RULES as PLOTTERS
from scorers.wizard import RULES as WIZARD

NOBODY: frozenset[int] = frozenset()

SEATS = {WIZARD: 3, PLOTTERS: 4, COLOUR_BLIND: 3}
"""The table each change is made at."""

OWNERS: dict[str, tuple[GameRules, list[str | int], Any, Any, frozenset[int]]] = {
    "a Wizard bid": (WIZARD, ["bids", 2], None, 1, frozenset({2})),
    "a Wizard bid taken back": (WIZARD, ["bids", 0], 3, None, frozenset({0})),
    "Wizard tricks": (WIZARD, ["tricks", 5], 0, 2, frozenset({5})),
    "the trump": (WIZARD, ["trump"], None, "H", NOBODY),
    "the Cloud": (WIZARD, ["cloud"], None, {"seat": 1, "change": 1}, NOBODY),
    "the Cloud's winner": (WIZARD, ["cloud", "seat"], 1, 2, NOBODY),
    "every bid at once": (WIZARD, ["bids"], [None] * 3, [1, 0, 1], NOBODY),
    "a bid's seat as text": (WIZARD, ["bids", "1"], None, 1, NOBODY),
    "a Plotters count": (PLOTTERS, ["counts", 3, "red"], 0, 4, frozenset({3})),
    "a seat's face-up pair": (PLOTTERS, ["face_up", 1], None, ["red", "blue"], frozenset({1})),
    "one colour of that pair": (PLOTTERS, ["face_up", 1, 0], "red", "green", frozenset({1})),
    "the round ended early": (PLOTTERS, ["ended_early"], False, True, NOBODY),
    "the player before the last counted": (
        PLOTTERS,
        ["before_last_counted"],
        None,
        True,
        frozenset({2}),
    ),
    "nobody collected a card": (PLOTTERS, ["nobody_collected"], None, True, NOBODY),
    "a row card taken": (COLOUR_BLIND, ["captured_by", 4], None, 1, frozenset({1})),
    "a row card given back": (COLOUR_BLIND, ["captured_by", 4], 2, None, frozenset({2})),
    "a row card taken from another": (COLOUR_BLIND, ["captured_by", 0], 0, 1, frozenset({0, 1})),
    "a card laid on the row": (COLOUR_BLIND, ["row"], ["5H"], ["5H", "KS"], NOBODY),
    "the takers as the row grew": (COLOUR_BLIND, ["captured_by"], [0], [0, None], NOBODY),
    "a row card changed": (COLOUR_BLIND, ["row", 0], "5H", "6H", NOBODY),
}


@pytest.mark.parametrize(
    ("rules", "at", "was", "now", "owners"), OWNERS.values(), ids=OWNERS.keys()
)
def test_a_change_touches_the_values_of_its_owners_alone(
    rules: GameRules, at: list[str | int], was: Any, now: Any, owners: frozenset[int]
) -> None:
    assert rules.owners(at, was, now, SEATS[rules]) == owners


def test_the_player_before_the_last_is_found_at_any_plotters_table() -> None:
    for seats in (4, 5, 6):
        marked = PLOTTERS.owners(["before_last_counted"], True, None, seats)
        assert marked == frozenset({seats - 2})
