"""What the game lists show of a game, kept with every write so no list replays a game.

The keeper derives a Listing from the game's state after each action and the store saves
it in the same transaction as the action, so a listing always agrees with the record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Listing:
    """One game as Home and the history show it.

    ``round`` is the round being played (the last one played once the game is over),
    ``round_count`` the game's number of rounds (None when it runs until a target), and
    ``winners`` the seats placed first once the game is over (empty before).
    """

    players: tuple[str, ...]
    round: int
    round_count: int | None
    totals: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(
            {
                "players": list(self.players),
                "round": self.round,
                "round_count": self.round_count,
                "totals": list(self.totals),
                "is_over": self.is_over,
                "winners": list(self.winners),
                "settings": dict(self.settings),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Listing | None:
        """The listing saved as `text`, or None when it is missing or unreadable."""
        try:
            data = json.loads(text)
            listing = cls(
                players=_strings(data["players"]),
                round=int(data["round"]),
                round_count=None if data["round_count"] is None else int(data["round_count"]),
                totals=tuple(int(total) for total in data["totals"]),
                is_over=bool(data["is_over"]),
                winners=tuple(int(seat) for seat in data["winners"]),
                settings=dict(data["settings"]),
            )
        except (TypeError, ValueError, KeyError, RecursionError):
            return None
        return listing


def _strings(values: Sequence[object]) -> tuple[str, ...]:
    if not all(isinstance(value, str) for value in values):
        raise TypeError("player names must be strings")
    return tuple(str(value) for value in values)
