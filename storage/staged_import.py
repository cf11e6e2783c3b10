"""A staged import: several games' records (a merged backup) saved as ONE change, written
in short transactions so that the other phones' taps never wait long (see
`StagedImport.save`).
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from datetime import datetime

from storage.connection import immediate_transaction
from storage.database import Database
from storage.errors import ChangedElsewhere, StorageError
from storage.game_rows import GameRecord, game_num, keep_listing
from storage.timestamps import to_text

STAGED = "staged-"
"""How the ids of games an import is still writing begin (a real id is 32 hex digits)."""
IS_STAGED = f"id >= '{STAGED}' AND id < 'staged.'"
ACTIONS_PER_TRANSACTION = 4_000
"""About how many actions an import writes per transaction: few enough that another
phone's write, waiting for the store, is not held up noticeably."""
DISCARD_PER_TRANSACTION = 50


class StagedImport:
    """Imports into one store; games being staged are hidden from every list and record."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def save(
        self, records: Sequence[GameRecord], progress: Callable[[int], None] | None = None
    ) -> None:
        """Save several games' records (a library import) as ONE change: all or nothing.

        A record with ``after`` None is a new game kept under its own id; one with ``after``
        extends the saved game that holds exactly ``after`` actions with its actions past
        those. Raises ChangedElsewhere (nothing saved) when a game to extend has changed
        since it was read, or a new game's id has meanwhile been saved.

        Why not one long transaction: it would hold the store (and SQLite's write lock)
        for as long as writing every row takes, and every other phone's tap waits for it.
        So the rows are first written in short transactions, each game hidden under a
        staging id and marked deleted (no list, no record shows it; `progress` is told
        how many records are written so far), and then published in one short transaction
        that only renames and moves them. If anything fails, the staged rows are removed
        again; rows a killed process left staged are removed when the store next opens.
        ``bench/merge_bench.py`` measures how long another phone's tap waits meanwhile.
        """
        token = f"{STAGED}{uuid.uuid4().hex}-"
        staged: list[int] = []
        try:
            for start, chunk in _chunks(records):
                texts = [record.action_texts() for record in chunk]
                now = to_text(self._db.clock())
                with self._db.write() as connection:
                    for record, actions in zip(chunk, texts, strict=True):
                        staged.append(self._stage(connection, token, record, actions, now))
                if progress is not None:
                    progress(start + len(chunk))
            now = to_text(self._db.clock())
            with self._db.write() as connection:
                for record, num in zip(records, staged, strict=True):
                    self._publish(connection, record, num, now)
        except BaseException:
            self._discard(staged)
            raise

    def _stage(
        self,
        connection: sqlite3.Connection,
        token: str,
        record: GameRecord,
        actions: Sequence[tuple[str, str]],
        now: str,
    ) -> int:
        """Write a record's rows under a hidden game (its actions past ``after`` only)."""
        cursor = connection.execute(
            "INSERT INTO games (id, game, created_at, updated_at, deleted_at, version_of) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                token + record.id,
                record.game,
                to_text(record.created_at),
                now,
                now,
                record.version_of,
            ),
        )
        num = cursor.lastrowid
        assert num is not None
        first = (record.after or 0) + 1
        connection.executemany(
            "INSERT INTO actions (game_num, seq, kind, data) VALUES (?, ?, ?, ?)",
            [
                (num, seq, kind, text)
                for seq, (kind, text) in enumerate(actions, start=1)
                if seq >= first
            ],
        )
        keep_listing(connection, num, record.listing, own(record.times.finished_at, now))
        return num

    def _publish(
        self, connection: sqlite3.Connection, record: GameRecord, staged: int, now: str
    ) -> None:
        """Make a staged record the game it is: a constant number of statements for a new
        game; an extension's rows move to the saved game, which must be as it was read."""
        if record.after is None:
            if connection.execute("SELECT 1 FROM games WHERE id = ?", (record.id,)).fetchone():
                raise ChangedElsewhere(0)
            cursor = connection.execute(
                "UPDATE games SET id = ?, deleted_at = NULL, updated_at = ? WHERE num = ?",
                (record.id, own(record.times.updated_at, now), staged),
            )
            if cursor.rowcount != 1:
                raise ChangedElsewhere(0)
            return
        num = game_num(connection, record.id)
        (saved,) = connection.execute(
            "SELECT count(*) FROM actions WHERE game_num = ?", (num,)
        ).fetchone()
        if saved != record.after:
            raise ChangedElsewhere(saved)
        connection.execute("UPDATE actions SET game_num = ? WHERE game_num = ?", (num, staged))
        connection.execute("DELETE FROM games WHERE num = ?", (staged,))
        updated = own(record.times.updated_at, now)
        connection.execute("UPDATE games SET updated_at = ? WHERE num = ?", (updated, num))
        keep_listing(connection, num, record.listing, own(record.times.finished_at, now))

    def _discard(self, staged: Sequence[int]) -> None:
        """Remove staged games (with their actions and results), a few per transaction so
        that other writes go on; a failure leaves them hidden, removed at the next open."""
        with suppress(StorageError):
            for start in range(0, len(staged), DISCARD_PER_TRANSACTION):
                part = staged[start : start + DISCARD_PER_TRANSACTION]
                with self._db.write() as connection:
                    connection.executemany(
                        "DELETE FROM games WHERE num = ?", [(num,) for num in part]
                    )

    def discard_leftovers(self) -> None:
        """Remove games an import was still staging when its process ended."""
        with suppress(StorageError), self._db.guard() as connection:
            if connection.execute(f"SELECT 1 FROM games WHERE {IS_STAGED}").fetchone():
                with immediate_transaction(connection):
                    connection.execute(f"DELETE FROM games WHERE {IS_STAGED}")


def _chunks(records: Sequence[GameRecord]) -> Iterator[tuple[int, Sequence[GameRecord]]]:
    """The records in runs of about ACTIONS_PER_TRANSACTION actions (at least one record),
    with the index each run starts at."""
    start, size = 0, 0
    for index, record in enumerate(records):
        size += len(record.texts if record.texts is not None else record.actions)
        if size >= ACTIONS_PER_TRANSACTION:
            yield start, records[start : index + 1]
            start, size = index + 1, 0
    if start < len(records):
        yield start, records[start:]


def own(moment: datetime | None, now: str) -> str:
    """A merged game's own time, as the store keeps times; `now` where the file has none."""
    return now if moment is None else to_text(moment)
