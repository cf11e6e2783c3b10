"""The people register: who played the finished games, their records, and the names two
spellings of one person are merged under (undoably, and never for two who sat at one
game). It reads the results the journal keeps with each finished game's listing.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from scorers.stats import SeatResult
from storage.database import Database
from storage.errors import StorageError

# The person a results row belongs to, once merged names are followed.
PERSON = "coalesce((SELECT same_as FROM same_player WHERE player = r.player), r.player)"

# A finished game of `g` whose results count: the first finished of its versions on the
# lists (storage.versions: one evening that went two ways on two phones counts once).
COUNTED_ONCE = (
    "NOT EXISTS (SELECT 1 FROM games o WHERE o.num < g.num AND o.finished_at IS NOT NULL "
    "AND o.deleted_at IS NULL "
    "AND (o.id = g.version_of OR o.version_of = coalesce(g.version_of, g.id)))"
)


@dataclass(frozen=True)
class PlayerSummary:
    """One person on the Players screen: their name key (merged names share the key they
    were merged into), their name as last written, finished games and wins."""

    player: str
    name: str
    games: int
    wins: int


@dataclass(frozen=True)
class Merged:
    """What one merge of names changed, so that it can be taken back: each name key it
    touched with the person that key was counted as before (None: itself) and after, in
    name order."""

    before: tuple[tuple[str, str | None], ...]
    after: tuple[tuple[str, str | None], ...]


def _people_of(
    connection: sqlite3.Connection, names: set[str]
) -> tuple[tuple[str, str | None], ...]:
    """Each of `names` with the person it is counted as (None: itself), in name order."""
    people = dict.fromkeys(sorted(names))
    marks = ", ".join("?" * len(people))
    for name, person in connection.execute(
        f"SELECT player, same_as FROM same_player WHERE player IN ({marks})", tuple(people)
    ):
        people[name] = person
    return tuple(people.items())


def _played_together(connection: sqlite3.Connection, names: set[str], person: str) -> bool:
    """Whether any of the name keys `names` sat at one game (not deleted) with the person
    `person` under another name: merging them would make one person two seats."""
    marks = ", ".join("?" * len(names))
    row = connection.execute(
        "SELECT 1 FROM results r JOIN games g ON g.num = r.game_num "
        f"WHERE g.deleted_at IS NULL AND r.player IN ({marks}) AND EXISTS "
        "(SELECT 1 FROM results o WHERE o.game_num = r.game_num "
        f"AND o.player NOT IN ({marks}) AND "
        "coalesce((SELECT same_as FROM same_player WHERE player = o.player), o.player) = ?) "
        "LIMIT 1",
        (*names, *names, person),
    ).fetchone()
    return row is not None


class People:
    """Everyone with a finished game in one store; safe to share between threads."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def players(self, game: str | None = None) -> list[PlayerSummary]:
        """Everyone with a finished game (of ``game``, or of any), most games first."""
        with self._db.guard() as connection:
            # With max(), SQLite takes the bare column r.name from the row holding the
            # maximum: the name as written in the person's latest game.
            rows = connection.execute(
                f"SELECT {PERSON} AS person, r.name, count(*), sum(r.place = 1), "
                "max(g.finished_at || g.num) "
                "FROM results r JOIN games g ON g.num = r.game_num "
                f"WHERE g.deleted_at IS NULL AND {COUNTED_ONCE} AND (? IS NULL OR g.game = ?) "
                "GROUP BY person ORDER BY count(*) DESC, person",
                (game, game),
            ).fetchall()
        return [PlayerSummary(*row[:4]) for row in rows]

    def results_of(self, player: str, game: str | None = None) -> list[SeatResult]:
        """A person's finished games (their own name key and every name merged into it),
        oldest first."""
        with self._db.guard() as connection:
            rows = connection.execute(
                "SELECT g.id, g.game, r.name, r.place, r.score, "
                "(SELECT count(*) FROM results o WHERE o.game_num = r.game_num), r.tallies "
                "FROM results r JOIN games g ON g.num = r.game_num "
                "WHERE (r.player = ? OR r.player IN "
                "(SELECT player FROM same_player WHERE same_as = ?)) "
                f"AND g.deleted_at IS NULL AND {COUNTED_ONCE} AND (? IS NULL OR g.game = ?) "
                "ORDER BY g.finished_at, g.num",
                (player, player, game, game),
            ).fetchall()
        return [
            SeatResult(game_id, kind, name, place, score, seats, json.loads(tallies))
            for game_id, kind, name, place, score, seats, tallies in rows
        ]

    def merge_players(self, player: str, into: str) -> Merged:
        """Count every game of the name key ``player`` (and of names merged into it) as
        games of the person ``into``: two spellings of one person. Returns what changed,
        for :meth:`unmerge_players` to take back.

        Refused with ``StorageError("storage.merge_same_game")``, changing nothing, when
        the two sat at one game (not deleted): two players at one table are two people."""
        if player == into:
            return Merged((), ())
        with self._db.write() as connection:
            row = connection.execute(
                "SELECT same_as FROM same_player WHERE player = ?", (into,)
            ).fetchone()
            person = row[0] if row else into
            moved = {player} | {
                name
                for (name,) in connection.execute(
                    "SELECT player FROM same_player WHERE same_as = ?", (player,)
                )
            }
            if person != player and _played_together(connection, moved, person):
                raise StorageError("storage.merge_same_game")
            touched = moved | {into}
            before = _people_of(connection, touched)
            if person == player:  # a name of this person becomes the key they go by
                person = into
                connection.execute("DELETE FROM same_player WHERE player = ?", (into,))
            connection.execute(
                "UPDATE same_player SET same_as = ? WHERE same_as = ?", (person, player)
            )
            connection.execute(
                "INSERT OR REPLACE INTO same_player (player, same_as) VALUES (?, ?)",
                (player, person),
            )
            return Merged(before, _people_of(connection, touched))

    def unmerge_players(self, merged: Merged) -> None:
        """Take back a merge (what :meth:`merge_players` returned), in one transaction.

        Refused with ``StorageError("storage.merge_changed")``, changing nothing, when the
        names it touched were merged otherwise since: undoing would undo that too."""
        if not merged.before:
            return
        with self._db.write() as connection:
            names = {name for name, _ in merged.after}
            if _people_of(connection, names) != merged.after:
                raise StorageError("storage.merge_changed")
            for name, person in merged.before:
                if person is None:
                    connection.execute("DELETE FROM same_player WHERE player = ?", (name,))
                else:
                    connection.execute(
                        "INSERT OR REPLACE INTO same_player (player, same_as) VALUES (?, ?)",
                        (name, person),
                    )
