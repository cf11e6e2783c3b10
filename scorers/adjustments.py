"""One-off adjustments: a player's total changed by a whole number, with the table's reason
(a misdeal penalty, a house rule), as a paper pad notes them between two rounds.

Every game has them the same way: they are no round and no game's rules look at them.
An adjustment follows a round (`after`: the rounds scored before it, 0 for one made before
the first round is scored); it counts in the totals from there on, so in the running
totals, the places, the game's end and the exports alike. The ledger keeps them in the
order they were made; an "adjust" action makes or replaces adjustment number n (from 1),
a "remove_adjustment" takes one away: both are undone like any action.

>>> check_adjustment({"after": 2, "seat": 1, "points": -10, "reason": " misdeal "}, 3, 4)
Adjustment(after=2, seat=1, points=-10, reason='misdeal')
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorers.checks import is_whole
from scorers.errors import InvalidEntry
from scorers.seats import check_seat

MOST_POINTS = 10_000
"""The largest adjustment either way: beyond any penalty a table gives (a whole Wizard
game scores a few hundred), so a number typed with extra digits is refused."""

LONGEST_REASON = 80
"""The most characters a reason holds: a few words, shown in the sheet's cell."""


@dataclass(frozen=True)
class Adjustment:
    """`seat`'s total changed by `points` for `reason`, following round `after`."""

    after: int
    seat: int
    points: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "after": self.after,
            "seat": self.seat,
            "points": self.points,
            "reason": self.reason,
        }


def check_points(points: object) -> int:
    """A whole number of points other than 0, at most MOST_POINTS either way."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise InvalidEntry("adjust.points_not_whole", value=points)
    if points == 0:
        raise InvalidEntry("adjust.points_zero")
    if not is_whole(points, -MOST_POINTS, MOST_POINTS):
        raise InvalidEntry("adjust.points_too_large", value=points, most=MOST_POINTS)
    return points


def check_reason(reason: object) -> str:
    """The reason trimmed: some text, at most LONGEST_REASON characters."""
    text = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise InvalidEntry("adjust.reason_missing")
    if len(text) > LONGEST_REASON:
        raise InvalidEntry("adjust.reason_too_long", limit=LONGEST_REASON)
    return text


def check_adjustment(data: Mapping[str, Any], players: int, rounds: int) -> Adjustment:
    """The adjustment an "adjust" action gives, for a table of `players` with `rounds`
    scored: its seat at the table, its points (`check_points`), its reason (`check_reason`)
    and the round it follows, one already scored (or 0)."""
    seat = check_seat(data["seat"], players)
    points = check_points(data["points"])
    reason = check_reason(data["reason"])
    after = data["after"]
    if not is_whole(after, 0, rounds):
        raise InvalidEntry("adjust.after_invalid", after=after, rounds=rounds)
    return Adjustment(after, seat, points, reason)


def adjustment_index(number: object, count: int, *, new: bool) -> int:
    """The index of adjustment `number` (from 1) of `count`; with `new`, number count + 1
    (the next) is allowed too."""
    if not is_whole(number, 1, count + 1 if new else count):
        raise InvalidEntry("adjust.number_invalid", number=number, count=count)
    assert isinstance(number, int)
    return number - 1


def points_after(adjustments: Sequence[Adjustment], players: int) -> dict[int, tuple[int, ...]]:
    """Each seat's adjustments added up, by the round they follow (only rounds with some).

    >>> points_after([Adjustment(1, 0, 5, "a"), Adjustment(1, 2, -3, "b")], 3)
    {1: (5, 0, -3)}
    """
    sums: dict[int, list[int]] = {}
    for adjustment in adjustments:
        sums.setdefault(adjustment.after, [0] * players)[adjustment.seat] += adjustment.points
    return {after: tuple(points) for after, points in sums.items()}
