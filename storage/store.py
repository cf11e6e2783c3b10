"""GameStore: the durable, append-only record of every game's actions (the journal), with
the store's other parts over the same connection: the people register (`store.people`,
storage.people) and the staged import of a backup (`store.imports`, storage.staged_import).

Every write is its own IMMEDIATE transaction, committed (WAL fsynced, ``synchronous=FULL``)
before the method returns, so whatever the player saw accepted survives a killed app. One
connection and one lock serve every part (storage.database).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from types import TracebackType
from typing import Any

from scorers.ledger import MAX_ACTION_BYTES
from storage.database import Database
from storage.errors import ChangedElsewhere, StorageError
from storage.game_rows import (
    GAME_ID,
    NOT_LISTED_WITH_ANOTHER,
    SUMMARY_COLUMNS,
    GameSummary,
    action_text,
    game_num,
    keep_listing,
    summary_of,
)
from storage.listing import Listing
from storage.people import PERSON, People
from storage.schema import migrate, user_version
from storage.staged_import import IS_STAGED, StagedImport
from storage.timestamps import Clock, to_text, utc_now

# json.loads's own scanner: one JSON value from a position, and where it ends.
_scan_once: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set by __init__; not in typeshed


class GameStore:
    """Games and their actions in one SQLite database; safe to share between threads.

    Every failure of the file or disk is raised as :class:`StorageError` (keys
    ``storage.read_only``, ``storage.disk_full``, ``storage.damaged``,
    ``storage.unavailable``); an unknown game id raises ``storage.game_not_found``.
    Every write is one transaction: a failed write changes nothing, a returned one is
    durable. Each write that changes a game returns the game's summary as committed, read
    in the same transaction, so no later read can fail after the change was saved.
    Timestamps are timezone-aware UTC datetimes.
    """

    def __init__(self, connection: sqlite3.Connection, *, clock: Clock = utc_now) -> None:
        """Wrap a connection from :func:`storage.connection.connect`, migrating its schema."""
        self._db = Database(connection, clock)
        self.path = self._db.path
        with self._db.guard():
            migrate(connection, self.path)
        self.people = People(self._db)
        self.imports = StagedImport(self._db)
        self.imports.discard_leftovers()

    # -- writes ---------------------------------------------------------------------------

    def start_game(
        self,
        game: str,
        start: Mapping[str, Any],
        listing: Listing,
        created_at: datetime | None = None,
    ) -> GameSummary:
        """Record a new game of type ``game`` (e.g. "wizard") with its start action.

        The game, its first action (kind "start", data ``start``) and its listing are one
        transaction: no file can hold a game without its start. The id is a uuid4 hex.
        """
        return self.import_game(game, [("start", start)], listing, created_at=created_at)

    def append(
        self,
        game_id: str,
        kind: str,
        data: Mapping[str, Any],
        listing: Listing,
        *,
        after: int | None = None,
    ) -> GameSummary:
        """Durably append one action with the game's new listing, in one transaction.

        The listing's ``is_over`` sets or clears the finished time (a game finished again
        keeps its first finish time). With ``after``, the action must follow exactly that
        many saved actions, else ChangedElsewhere is raised and nothing is written (another
        screen got there first). When this returns, the action is committed and fsynced.
        """
        text = action_text(kind, data)
        now = to_text(self._db.clock())
        with self._db.write() as connection:
            num = game_num(connection, game_id)
            (seq,) = connection.execute(
                "SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_num = ?", (num,)
            ).fetchone()
            if after is not None and seq - 1 != after:
                raise ChangedElsewhere(seq - 1)
            connection.execute(
                "INSERT INTO actions (game_num, seq, kind, data) VALUES (?, ?, ?, ?)",
                (num, seq, kind, text),
            )
            connection.execute("UPDATE games SET updated_at = ? WHERE num = ?", (now, num))
            keep_listing(connection, num, listing, now)
            return summary_of(connection, game_id)

    def import_game(
        self,
        game: str,
        actions: Sequence[tuple[str, Mapping[str, Any]]],
        listing: Listing,
        *,
        created_at: datetime | None = None,
        game_id: str | None = None,
        version_of: str | None = None,
    ) -> GameSummary:
        """Record a new game with all its actions and its listing in ONE transaction, under
        `game_id` (another phone's copy of one game keeps its id) or a new one; as another
        version of the game `version_of` (storage.versions), when given.

        Either the game and every action are committed, or (a full disk, an action that
        cannot be serialised, an id this store has already) nothing is.
        """
        if not game:
            raise ValueError("game type must be a non-empty string")
        texts = [(kind, action_text(kind, data)) for kind, data in actions]
        if game_id is not None and not GAME_ID.fullmatch(game_id):
            raise ValueError(f"not a game's id: {game_id!r}")
        game_id = game_id or uuid.uuid4().hex
        at = to_text(created_at if created_at is not None else self._db.clock())
        with self._db.write() as connection:
            cursor = connection.execute(
                "INSERT INTO games (id, game, created_at, updated_at, version_of) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, game, at, at, version_of),
            )
            num = cursor.lastrowid
            assert num is not None
            connection.executemany(
                "INSERT INTO actions (game_num, seq, kind, data) VALUES (?, ?, ?, ?)",
                [(num, seq, kind, text) for seq, (kind, text) in enumerate(texts, start=1)],
            )
            keep_listing(connection, num, listing, at)
            return summary_of(connection, game_id)

    def set_listing(self, game_id: str, listing: Listing) -> GameSummary:
        """Save a listing worked out afresh (for a game saved before listings were kept);
        the finished time follows it as in :meth:`append`."""
        now = to_text(self._db.clock())
        with self._db.write() as connection:
            keep_listing(connection, game_num(connection, game_id), listing, now)
            return summary_of(connection, game_id)

    def has_game(self, game_id: str) -> bool:
        """Whether this store holds a game of this id (in the bin, damaged, or not)."""
        with self._db.guard() as connection:
            row = connection.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
        return row is not None

    def remember_table(self, game_id: str, phones: Sequence[Mapping[str, Any]]) -> None:
        """Keep who was at the table the game is shared with from this phone (each phone as
        a small JSON object); none: forget it."""
        with self._db.write() as connection:
            num = game_num(connection, game_id)
            if phones:
                connection.execute(
                    "INSERT OR REPLACE INTO table_phones (game_num, phones) VALUES (?, ?)",
                    (num, json.dumps(list(phones), separators=(",", ":"))),
                )
            else:
                connection.execute("DELETE FROM table_phones WHERE game_num = ?", (num,))

    def remembered_table(self, game_id: str) -> list[dict[str, Any]]:
        """Who `remember_table` kept for the game; none when nothing was kept, or what was
        kept cannot be read (it is only a convenience: the game itself is untouched)."""
        with self._db.guard() as connection:
            row = connection.execute(
                "SELECT phones FROM table_phones JOIN games ON games.num = game_num "
                "WHERE games.id = ?",
                (game_id,),
            ).fetchone()
        try:
            phones = json.loads(row[0]) if row is not None else []
        except (ValueError, RecursionError):
            return []
        if not isinstance(phones, list):
            return []
        return [phone for phone in phones if isinstance(phone, dict)]

    def mark_damaged(self, game_id: str, reason: str) -> None:
        """Note that this game's record cannot be read or replayed, and why: the lists then
        show it as damaged. Its actions are kept untouched, for export."""
        self._update(game_id, "damaged = ?", (reason,))

    def delete(self, game_id: str) -> None:
        """Soft-delete: the game leaves both lists but stays restorable until purged."""
        self._update(game_id, "deleted_at = coalesce(deleted_at, ?)", (to_text(self._db.clock()),))

    def restore(self, game_id: str) -> None:
        """Undo :meth:`delete`."""
        self._update(game_id, "deleted_at = NULL", ())

    def purge_deleted(self, older_than: datetime | None = None) -> int:
        """Remove for good the games deleted before ``older_than`` (default: now); returns
        how many."""
        cutoff = older_than if older_than is not None else self._db.clock()
        with self._db.write() as connection:
            cursor = connection.execute(
                "DELETE FROM games WHERE deleted_at IS NOT NULL AND deleted_at < ?",
                (to_text(cutoff),),
            )
        return cursor.rowcount

    # -- reads ----------------------------------------------------------------------------

    def actions(self, game_id: str) -> list[tuple[str, dict[str, Any]]]:
        """All actions of the game as ``(kind, data)``, in the order they were appended.

        A record whose text is not valid UTF-8 or JSON raises
        ``StorageError("storage.record_unreadable")`` naming the step; one larger than any
        action takes (scorers.ledger.MAX_ACTION_BYTES) ``storage.record_too_large``, unread:
        a step that large would hold up every opening of the game. The bound also keeps a
        damaged record's nesting within 1,000 levels, which the phone's browser parses
        (bench/phone_files_bench.py: 2,000 levels parse, 5,000 exhaust its stack).
        """
        actions: list[tuple[str, dict[str, Any]]] = []
        append = actions.append
        for seq, kind, data in self._rows(game_id):
            if len(data) > MAX_ACTION_BYTES:
                raise StorageError(
                    "storage.record_too_large", step=seq, size=len(data), limit=MAX_ACTION_BYTES
                )
            try:
                text = data.decode("utf-8")
                try:
                    # What json.loads does for the compact text the store writes, without
                    # its three calls and two whitespace matches: a long game has
                    # thousands of rows. Anything else is json.loads's to read or refuse.
                    value, end = _scan_once(text, 0)
                except StopIteration:
                    end = -1
                if end != len(text):
                    value = json.loads(text)
                append((kind.decode("utf-8"), value))
            except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
                raise StorageError("storage.record_unreadable", step=seq) from None
        return actions

    def raw_actions(self, game_id: str) -> list[tuple[int, str, str]]:
        """Every saved action as ``(seq, kind, text)`` exactly as stored, for exporting a
        damaged game's record; bytes that are not UTF-8 become U+FFFD."""
        return [
            (seq, kind.decode("utf-8", "replace"), data.decode("utf-8", "replace"))
            for seq, kind, data in self._rows(game_id)
        ]

    def summary(self, game_id: str) -> GameSummary:
        """One game's listing row, deleted or not."""
        with self._db.guard() as connection:
            return summary_of(connection, game_id)

    def unfinished_games(self, limit: int | None = None, offset: int = 0) -> list[GameSummary]:
        """Games in progress (not deleted), most recently changed first: all of them, or
        one page of ``limit`` games."""
        return self._list(
            f"finished_at IS NULL AND deleted_at IS NULL AND {NOT_LISTED_WITH_ANOTHER} "
            "ORDER BY updated_at DESC, num DESC LIMIT ? OFFSET ?",
            (-1 if limit is None else limit, offset),
        )

    def finished_games(
        self,
        limit: int | None = 20,
        offset: int = 0,
        *,
        game: str | None = None,
        player: str | None = None,
    ) -> list[GameSummary]:
        """Finished games (not deleted), most recently finished first: one page of
        ``limit`` games, or all of them; only games of ``game`` and only games the person
        ``player`` (a name key, merged names included) played, when given."""
        return self._list(
            f"finished_at IS NOT NULL AND deleted_at IS NULL AND {NOT_LISTED_WITH_ANOTHER} "
            "AND (? IS NULL OR game = ?) "
            "AND (? IS NULL OR num IN (SELECT game_num FROM results r "
            f"WHERE {PERSON} = ?)) "
            "ORDER BY finished_at DESC, num DESC LIMIT ? OFFSET ?",
            (game, game, player, player, -1 if limit is None else limit, offset),
        )

    def last_started(self, game: str) -> GameSummary | None:
        """The game of ``game`` started most recently (deleted or not), or None."""
        found = self._list(
            f"game = ? AND NOT ({IS_STAGED}) ORDER BY created_at DESC, num DESC LIMIT 1",
            (game,),
        )
        return found[0] if found else None

    def games_without_listing(self) -> list[str]:
        """Ids of sound games saved before listings were kept (none once filled in)."""
        with self._db.guard() as connection:
            rows = connection.execute(
                "SELECT id FROM games WHERE listing IS NULL AND damaged IS NULL ORDER BY num"
            ).fetchall()
        return [game_id for (game_id,) in rows]

    def check_writable(self) -> None:
        """Raise ``StorageError("storage.read_only")`` now if the file cannot be written.

        SQLite silently opens a read-only file read-only; without this check the player
        would learn it only when their first entry fails to save. Writes nothing.
        """
        with self._db.guard() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute(f"PRAGMA user_version = {user_version(connection)}")
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")

    # -- lifetime -------------------------------------------------------------------------

    def after_each_commit(self, callback: Callable[[], None]) -> None:
        """Have `callback()` called after every write of any part that committed (never
        after one that failed): Database.after_each_commit."""
        self._db.after_each_commit(callback)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- helpers --------------------------------------------------------------------------

    def _rows(self, game_id: str) -> list[tuple[int, bytes, bytes]]:
        """The game's action rows, data as raw bytes: a damaged text must not stop the read."""
        with self._db.guard() as connection:
            num = game_num(connection, game_id)
            return connection.execute(
                "SELECT seq, CAST(kind AS BLOB), CAST(data AS BLOB) FROM actions "
                "WHERE game_num = ? ORDER BY seq",
                (num,),
            ).fetchall()

    def _update(self, game_id: str, assignments: str, params: tuple[Any, ...]) -> None:
        with self._db.write() as connection:
            cursor = connection.execute(
                f"UPDATE games SET {assignments} WHERE id = ?", (*params, game_id)
            )
            if cursor.rowcount == 0:
                raise StorageError("storage.game_not_found", game_id=game_id)

    def versions_of(self, game_id: str) -> list[GameSummary]:
        """The other versions of the game `game_id` (not deleted), oldest first."""
        return self._list("version_of = ? AND deleted_at IS NULL ORDER BY num", (game_id,))

    def _list(self, where_and_order: str, params: tuple[Any, ...]) -> list[GameSummary]:
        """The games the query finds, each with its other versions (all read at once)."""
        with self._db.guard() as connection:
            rows = connection.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM games WHERE {where_and_order}", params
            ).fetchall()
            games = [GameSummary.from_row(row) for row in rows]
            marks = ", ".join("?" * len(games))
            versions: dict[str, list[GameSummary]] = {}
            for row in connection.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM games WHERE version_of IN ({marks}) "
                "AND deleted_at IS NULL ORDER BY num",
                [game.id for game in games],
            ):
                version = GameSummary.from_row(row)
                assert version.version_of is not None
                versions.setdefault(version.version_of, []).append(version)
        return [replace(game, versions=tuple(versions.get(game.id, ()))) for game in games]
