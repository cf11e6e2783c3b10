"""How a game lies in the database, for the store's parts: its summary as the lists read
it, its actions as the ``actions`` table keeps them (compact JSON), its listing and results.

The store knows nothing about the rules: an action is a ``kind`` string and a JSON object,
and a game's listing (what the lists show) is handed to it with each write.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorers.seats import name_key
from storage.errors import StorageError
from storage.listing import Listing
from storage.timestamps import from_text

SUMMARY_COLUMNS = (
    "id, game, created_at, updated_at, finished_at, deleted_at, CAST(listing AS BLOB), damaged, "
    "(SELECT max(seq) FROM actions WHERE game_num = num), version_of"
)

NOT_LISTED_WITH_ANOTHER = (
    "(version_of IS NULL OR NOT EXISTS "
    "(SELECT 1 FROM games o WHERE o.id = games.version_of AND o.deleted_at IS NULL))"
)
"""A game the lists show on a line of its own: not another version of a game they show
(that game's line shows it: GameSummary.versions)."""

GAME_ID = re.compile(r"[0-9a-f]{32}")
"""A game's id as a store makes them (a uuid4's hex): the same on every phone that holds a
copy of the game."""


@dataclass(frozen=True)
class GameSummary:
    """One game as the lists show it. ``updated_at`` is the time of its last action.

    ``listing`` is None when the game has none yet (a file from before listings) or it
    cannot be read; ``damaged`` says why the game's record could not be read or replayed,
    None for a sound game. ``action_count`` is how many actions the record holds.
    """

    id: str
    game: str
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    deleted_at: datetime | None
    listing: Listing | None
    damaged: str | None
    action_count: int
    version_of: str | None = None
    """The id of the game this is another version of (storage.versions), or None."""
    versions: tuple[GameSummary, ...] = ()
    """On the lists: the other versions of this game, listed with it (oldest first)."""

    @property
    def is_damaged(self) -> bool:
        """Whether the lists must show this game as damaged rather than as a game."""
        return self.damaged is not None or self.listing is None

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> GameSummary:
        game_id, game, created, updated, finished, deleted, listing, damaged, count, version_of = (
            row
        )
        return cls(
            id=game_id,
            game=game,
            created_at=datetime.fromisoformat(created),
            updated_at=datetime.fromisoformat(updated),
            finished_at=from_text(finished),
            deleted_at=from_text(deleted),
            listing=None
            if listing is None
            else Listing.from_json(listing.decode("utf-8", "replace")),
            damaged=damaged,
            action_count=count or 0,
            version_of=version_of,
        )


@dataclass(frozen=True)
class GameTimes:
    """A game's own times as a file brings them (None where an older file has none): a
    merged game is listed with when it was played, not with when it was merged."""

    FIELDS = ("updated_at", "finished_at")
    """The file's names for the times, in this order."""

    updated_at: datetime | None = None
    finished_at: datetime | None = None


@dataclass(frozen=True)
class GameRecord:
    """A game's whole record as a library file holds it, to save under its own id."""

    id: str
    game: str
    created_at: datetime
    actions: Sequence[tuple[str, Mapping[str, Any]]]
    listing: Listing
    # How many of the actions the store already holds; None for a game it does not have.
    after: int | None = None
    # The actions already as the store keeps them (action_text), made by the process that
    # checked them; `actions` is then left empty: nothing is left to encode here.
    texts: Sequence[tuple[str, str]] | None = None
    times: GameTimes = field(default_factory=lambda: GameTimes())
    """When it last changed and ended where it was played, where the file says."""
    version_of: str | None = None
    """For a new game: the id of the game it is another version of (storage.versions)."""

    def action_texts(self) -> Sequence[tuple[str, str]]:
        """The actions as the store keeps them."""
        if self.texts is not None:
            return self.texts
        return [(kind, action_text(kind, data)) for kind, data in self.actions]


def game_num(connection: sqlite3.Connection, game_id: str) -> int:
    row = connection.execute("SELECT num FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise StorageError("storage.game_not_found", game_id=game_id)
    return int(row[0])


def summary_of(connection: sqlite3.Connection, game_id: str) -> GameSummary:
    row = connection.execute(
        f"SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        raise StorageError("storage.game_not_found", game_id=game_id)
    return GameSummary.from_row(row)


def keep_listing(connection: sqlite3.Connection, num: int, listing: Listing, now: str) -> None:
    """Save the game's listing, its finished time and, once it is over, its results."""
    connection.execute(
        "UPDATE games SET listing = ?, finished_at = "
        "CASE WHEN ? THEN coalesce(finished_at, ?) ELSE NULL END WHERE num = ?",
        (listing.to_json(), listing.is_over, now, num),
    )
    connection.execute("DELETE FROM results WHERE game_num = ?", (num,))
    if not listing.is_over:
        return
    connection.executemany(
        "INSERT INTO results (game_num, seat, player, name, place, score, tallies) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (num, seat, name_key(name), name, place, score, json.dumps(dict(tally)))
            for seat, (name, place, score, tally) in enumerate(
                zip(
                    listing.players,
                    listing.places,
                    listing.totals,
                    listing.tallies,
                    strict=True,
                )
            )
        ],
    )


def action_text(kind: str, data: Mapping[str, Any]) -> str:
    """An action's data as compact JSON text, as the ``actions`` table stores it."""
    if not kind:
        raise ValueError("action kind must be a non-empty string")
    if not isinstance(data, Mapping):
        raise TypeError(f"action data must be a mapping, got {type(data).__name__}")
    return json.dumps(
        data, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_as_dict
    )


def _as_dict(value: object) -> dict[str, Any]:
    """JSON fallback: read-only mappings (e.g. ``MappingProxyType``) serialise as objects."""
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable")
