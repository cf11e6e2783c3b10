"""GameStore: the durable, append-only record of every game's actions.

The store knows nothing about the rules: an action is a ``kind`` string and a JSON object,
and a game's listing (what the lists show) is handed to it with each write.
Every write is its own IMMEDIATE transaction, committed (WAL fsynced, ``synchronous=FULL``)
before the method returns, so whatever the player saw accepted survives a killed app.

Threads: the app serves several browser tabs from one process. The store owns ONE
connection (opened with ``check_same_thread=False``) and serialises every call with a
re-entrant lock. Writes to a single SQLite file are serialised by SQLite anyway, every call
is short (well under a few milliseconds), and one connection keeps the "ack means durable"
reasoning simple: there is no second connection whose view could lag behind.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any

from scorers.seats import name_key
from scorers.stats import SeatResult
from storage.connection import immediate_transaction
from storage.errors import ChangedElsewhere, StorageError, from_sqlite
from storage.listing import Listing
from storage.schema import migrate, user_version
from storage.timestamps import Clock, from_text, to_text, utc_now

# Errors that mean a bug in the caller or the store, not a state of the disk or file.
_PROGRAMMING_ERRORS = (sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.IntegrityError)

# json.loads's own scanner: one JSON value from a position, and where it ends.
_scan_once = json.JSONDecoder().scan_once

_SUMMARY_COLUMNS = (
    "id, game, created_at, updated_at, finished_at, deleted_at, CAST(listing AS BLOB), damaged, "
    "(SELECT max(seq) FROM actions WHERE game_num = num)"
)


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

    @property
    def is_damaged(self) -> bool:
        """Whether the lists must show this game as damaged rather than as a game."""
        return self.damaged is not None or self.listing is None

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> GameSummary:
        game_id, game, created, updated, finished, deleted, listing, damaged, count = row
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
        )


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

    def action_texts(self) -> Sequence[tuple[str, str]]:
        """The actions as the store keeps them."""
        if self.texts is not None:
            return self.texts
        return [(kind, action_text(kind, data)) for kind, data in self.actions]


@dataclass(frozen=True)
class PlayerSummary:
    """One person on the Players screen: their name key (merged names share the key they
    were merged into), their name as last written, finished games and wins."""

    player: str
    name: str
    games: int
    wins: int


STAGED = "staged-"
"""How the ids of games an import is still writing begin (a real id is 32 hex digits)."""
_IS_STAGED = f"id >= '{STAGED}' AND id < 'staged.'"
ACTIONS_PER_TRANSACTION = 4_000
"""About how many actions an import writes per transaction: few enough that another
phone's write, waiting for the store, is not held up noticeably."""
DISCARD_PER_TRANSACTION = 50

# The person a results row belongs to, once merged names are followed.
_PERSON = "coalesce((SELECT same_as FROM same_player WHERE player = r.player), r.player)"


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
        self._connection = connection
        self._clock = clock
        self._lock = threading.RLock()
        self._committed: Callable[[], None] = _nothing
        # database_list names the main file without reading it, so it cannot fail on a
        # damaged or read-only file; the error messages need the path.
        self.path: str = connection.execute("PRAGMA database_list").fetchone()[2]
        with self._guard():
            migrate(connection, self.path)
        self._discard_leftovers()

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
        now = to_text(self._clock())
        with self._write() as connection:
            num = self._game_num(connection, game_id)
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
            self._keep_listing(connection, num, listing, now)
            return self._summary(connection, game_id)

    def import_game(
        self,
        game: str,
        actions: Sequence[tuple[str, Mapping[str, Any]]],
        listing: Listing,
        *,
        created_at: datetime | None = None,
    ) -> GameSummary:
        """Record a new game with all its actions and its listing in ONE transaction.

        Either the game and every action are committed, or (a full disk, an action that
        cannot be serialised) nothing is.
        """
        if not game:
            raise ValueError("game type must be a non-empty string")
        texts = [(kind, action_text(kind, data)) for kind, data in actions]
        game_id = uuid.uuid4().hex
        at = to_text(created_at if created_at is not None else self._clock())
        with self._write() as connection:
            cursor = connection.execute(
                "INSERT INTO games (id, game, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (game_id, game, at, at),
            )
            num = cursor.lastrowid
            assert num is not None
            connection.executemany(
                "INSERT INTO actions (game_num, seq, kind, data) VALUES (?, ?, ?, ?)",
                [(num, seq, kind, text) for seq, (kind, text) in enumerate(texts, start=1)],
            )
            self._keep_listing(connection, num, listing, at)
            return self._summary(connection, game_id)

    def save_records(
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
                now = to_text(self._clock())
                with self._write() as connection:
                    for record, actions in zip(chunk, texts, strict=True):
                        staged.append(self._stage(connection, token, record, actions, now))
                if progress is not None:
                    progress(start + len(chunk))
            now = to_text(self._clock())
            with self._write() as connection:
                for record, num in zip(records, staged, strict=True):
                    self._publish(connection, record, num, now)
        except BaseException:
            self._discard(staged)
            raise

    def set_listing(self, game_id: str, listing: Listing) -> GameSummary:
        """Save a listing worked out afresh (for a game saved before listings were kept);
        the finished time follows it as in :meth:`append`."""
        now = to_text(self._clock())
        with self._write() as connection:
            self._keep_listing(connection, self._game_num(connection, game_id), listing, now)
            return self._summary(connection, game_id)

    def mark_damaged(self, game_id: str, reason: str) -> None:
        """Note that this game's record cannot be read or replayed, and why: the lists then
        show it as damaged. Its actions are kept untouched, for export."""
        self._update(game_id, "damaged = ?", (reason,))

    def delete(self, game_id: str) -> None:
        """Soft-delete: the game leaves both lists but stays restorable until purged."""
        self._update(game_id, "deleted_at = coalesce(deleted_at, ?)", (to_text(self._clock()),))

    def restore(self, game_id: str) -> None:
        """Undo :meth:`delete`."""
        self._update(game_id, "deleted_at = NULL", ())

    def purge_deleted(self, older_than: datetime) -> int:
        """Remove for good the games deleted before ``older_than``; returns how many."""
        with self._write() as connection:
            cursor = connection.execute(
                "DELETE FROM games WHERE deleted_at IS NOT NULL AND deleted_at < ?",
                (to_text(older_than),),
            )
        return cursor.rowcount

    # -- reads ----------------------------------------------------------------------------

    def actions(self, game_id: str) -> list[tuple[str, dict[str, Any]]]:
        """All actions of the game as ``(kind, data)``, in the order they were appended.

        A record whose text is not valid UTF-8 or JSON raises
        ``StorageError("storage.record_unreadable")`` naming the step.
        """
        actions = []
        append = actions.append
        for seq, kind, data in self._rows(game_id):
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
        with self._guard() as connection:
            return self._summary(connection, game_id)

    def unfinished_games(self, limit: int | None = None, offset: int = 0) -> list[GameSummary]:
        """Games in progress (not deleted), most recently changed first: all of them, or
        one page of ``limit`` games."""
        return self._list(
            "finished_at IS NULL AND deleted_at IS NULL ORDER BY updated_at DESC, num DESC "
            "LIMIT ? OFFSET ?",
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
            "finished_at IS NOT NULL AND deleted_at IS NULL AND (? IS NULL OR game = ?) "
            "AND (? IS NULL OR num IN (SELECT game_num FROM results r "
            f"WHERE {_PERSON} = ?)) "
            "ORDER BY finished_at DESC, num DESC LIMIT ? OFFSET ?",
            (game, game, player, player, -1 if limit is None else limit, offset),
        )

    def last_started(self, game: str) -> GameSummary | None:
        """The game of ``game`` started most recently (deleted or not), or None."""
        found = self._list(
            f"game = ? AND NOT ({_IS_STAGED}) ORDER BY created_at DESC, num DESC LIMIT 1",
            (game,),
        )
        return found[0] if found else None

    def players(self, game: str | None = None) -> list[PlayerSummary]:
        """Everyone with a finished game (of ``game``, or of any), most games first."""
        with self._guard() as connection:
            # With max(), SQLite takes the bare column r.name from the row holding the
            # maximum: the name as written in the person's latest game.
            rows = connection.execute(
                f"SELECT {_PERSON} AS person, r.name, count(*), sum(r.place = 1), "
                "max(g.finished_at || g.num) "
                "FROM results r JOIN games g ON g.num = r.game_num "
                "WHERE g.deleted_at IS NULL AND (? IS NULL OR g.game = ?) "
                "GROUP BY person ORDER BY count(*) DESC, person",
                (game, game),
            ).fetchall()
        return [PlayerSummary(*row[:4]) for row in rows]

    def results_of(self, player: str, game: str | None = None) -> list[SeatResult]:
        """A person's finished games (their own name key and every name merged into it),
        oldest first."""
        with self._guard() as connection:
            rows = connection.execute(
                "SELECT g.id, g.game, r.name, r.place, r.score, "
                "(SELECT count(*) FROM results o WHERE o.game_num = r.game_num), r.tallies "
                "FROM results r JOIN games g ON g.num = r.game_num "
                "WHERE (r.player = ? OR r.player IN "
                "(SELECT player FROM same_player WHERE same_as = ?)) "
                "AND g.deleted_at IS NULL AND (? IS NULL OR g.game = ?) "
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
        with self._write() as connection:
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
        with self._write() as connection:
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

    def games_without_listing(self) -> list[str]:
        """Ids of sound games saved before listings were kept (none once filled in)."""
        with self._guard() as connection:
            rows = connection.execute(
                "SELECT id FROM games WHERE listing IS NULL AND damaged IS NULL ORDER BY num"
            ).fetchall()
        return [game_id for (game_id,) in rows]

    def check_writable(self) -> None:
        """Raise ``StorageError("storage.read_only")`` now if the file cannot be written.

        SQLite silently opens a read-only file read-only; without this check the player
        would learn it only when their first entry fails to save. Writes nothing.
        """
        with self._guard() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute(f"PRAGMA user_version = {user_version(connection)}")
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")

    # -- lifetime -------------------------------------------------------------------------

    def after_each_commit(self, callback: Callable[[], None]) -> None:
        """Have `callback()` called after every write that committed (never after one that
        failed), in the writing thread, before the write returns. The phone-alone app
        copies the file to the browser's storage then (phone_alone.sync_gate.SyncGate)."""
        self._committed = callback

    def close(self) -> None:
        with self._lock:
            self._connection.close()

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

    @contextmanager
    def _guard(self) -> Iterator[sqlite3.Connection]:
        """Hold the lock and turn SQLite failures into StorageError."""
        with self._lock:
            try:
                yield self._connection
            except _PROGRAMMING_ERRORS:
                raise
            except sqlite3.Error as exc:
                raise from_sqlite(exc, self.path) from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._guard() as connection:
            with immediate_transaction(connection):
                yield connection
            self._committed()

    def _game_num(self, connection: sqlite3.Connection, game_id: str) -> int:
        row = connection.execute("SELECT num FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StorageError("storage.game_not_found", game_id=game_id)
        return int(row[0])

    def _summary(self, connection: sqlite3.Connection, game_id: str) -> GameSummary:
        row = connection.execute(
            f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StorageError("storage.game_not_found", game_id=game_id)
        return GameSummary.from_row(row)

    def _keep_listing(
        self, connection: sqlite3.Connection, num: int, listing: Listing, now: str
    ) -> None:
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

    def _rows(self, game_id: str) -> list[tuple[int, bytes, bytes]]:
        """The game's action rows, data as raw bytes: a damaged text must not stop the read."""
        with self._guard() as connection:
            num = self._game_num(connection, game_id)
            return connection.execute(
                "SELECT seq, CAST(kind AS BLOB), CAST(data AS BLOB) FROM actions "
                "WHERE game_num = ? ORDER BY seq",
                (num,),
            ).fetchall()

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
            "INSERT INTO games (id, game, created_at, updated_at, deleted_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (token + record.id, record.game, to_text(record.created_at), now, now),
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
        self._keep_listing(connection, num, record.listing, now)
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
                (record.id, now, staged),
            )
            if cursor.rowcount != 1:
                raise ChangedElsewhere(0)
            return
        num = self._game_num(connection, record.id)
        (saved,) = connection.execute(
            "SELECT count(*) FROM actions WHERE game_num = ?", (num,)
        ).fetchone()
        if saved != record.after:
            raise ChangedElsewhere(saved)
        connection.execute("UPDATE actions SET game_num = ? WHERE game_num = ?", (num, staged))
        connection.execute("DELETE FROM games WHERE num = ?", (staged,))
        connection.execute("UPDATE games SET updated_at = ? WHERE num = ?", (now, num))
        self._keep_listing(connection, num, record.listing, now)

    def _discard(self, staged: Sequence[int]) -> None:
        """Remove staged games (with their actions and results), a few per transaction so
        that other writes go on; a failure leaves them hidden, removed at the next open."""
        with suppress(StorageError):
            for start in range(0, len(staged), DISCARD_PER_TRANSACTION):
                part = staged[start : start + DISCARD_PER_TRANSACTION]
                with self._write() as connection:
                    connection.executemany(
                        "DELETE FROM games WHERE num = ?", [(num,) for num in part]
                    )

    def _discard_leftovers(self) -> None:
        """Remove games an import was still staging when its process ended."""
        with suppress(StorageError), self._guard() as connection:
            if connection.execute(f"SELECT 1 FROM games WHERE {_IS_STAGED}").fetchone():
                with immediate_transaction(connection):
                    connection.execute(f"DELETE FROM games WHERE {_IS_STAGED}")

    def _update(self, game_id: str, assignments: str, params: tuple[Any, ...]) -> None:
        with self._write() as connection:
            cursor = connection.execute(
                f"UPDATE games SET {assignments} WHERE id = ?", (*params, game_id)
            )
            if cursor.rowcount == 0:
                raise StorageError("storage.game_not_found", game_id=game_id)

    def _list(self, where_and_order: str, params: tuple[Any, ...]) -> list[GameSummary]:
        with self._guard() as connection:
            rows = connection.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE {where_and_order}", params
            ).fetchall()
        return [GameSummary.from_row(row) for row in rows]


def _nothing() -> None:
    pass


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
