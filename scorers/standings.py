"""Places on the score sheet: shared places for ties, an optional tie-break."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Standing:
    """One seat's place. `note` is a message key (a game's `GameMessages.notes`) when a tie-break
    decided this seat's place among players with the same total."""

    place: int
    seat: int
    total: int
    note: str | None = None
    note_params: Mapping[str, Any] = field(default_factory=dict)


def rank(
    totals: Sequence[int],
    tie_break: Sequence[int] | None = None,
    note: str | None = None,
) -> tuple[Standing, ...]:
    """Highest total first; places are shared on equal totals (1, 1, 3).

    With a tie-break, equal totals are ordered by the larger tie-break value, and
    only a still-equal pair shares its place. The note is attached to every seat of
    a tied total whose tie-break values differ.
    """
    keys = [(total, tie_break[seat] if tie_break else 0) for seat, total in enumerate(totals)]
    standings = []
    for seat, key in enumerate(keys):
        place = 1 + sum(1 for other in keys if other > key)
        same_total = {k[1] for k in keys if k[0] == key[0]}
        decided = tie_break is not None and note is not None and len(same_total) > 1
        standings.append(
            Standing(
                place=place,
                seat=seat,
                total=key[0],
                note=note if decided else None,
                note_params={"value": key[1]} if decided else {},
            )
        )
    return tuple(sorted(standings, key=lambda s: (s.place, s.seat)))
