"""The one SQLite connection the store's parts share, and the lock that serialises them.

Threads: the app serves several browser tabs from one process. The store owns ONE
connection (opened with ``check_same_thread=False``) and serialises every call with a
re-entrant lock. Writes to a single SQLite file are serialised by SQLite anyway, every call
is short (well under a few milliseconds), and one connection keeps the "ack means durable"
reasoning simple: there is no second connection whose view could lag behind.
"""

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from storage.connection import immediate_transaction
from storage.errors import from_sqlite
from storage.timestamps import Clock, utc_now

# Errors that mean a bug in the caller or the store, not a state of the disk or file.
_PROGRAMMING_ERRORS = (sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.IntegrityError)


class Database:
    """A connection from :func:`storage.connection.connect`, its lock and its clock.

    `guard()` holds the lock and turns a failure of the file or disk into StorageError;
    `write()` is that around one IMMEDIATE transaction, committed (and fsynced) when the
    block ends, after which the `after_each_commit` callback runs."""

    def __init__(self, connection: sqlite3.Connection, clock: Clock = utc_now) -> None:
        self.connection = connection
        self.clock = clock
        self.lock = threading.RLock()
        self.committed: Callable[[], None] = _nothing
        # database_list names the main file without reading it, so it cannot fail on a
        # damaged or read-only file; the error messages need the path.
        self.path: str = connection.execute("PRAGMA database_list").fetchone()[2]

    @contextmanager
    def guard(self) -> Iterator[sqlite3.Connection]:
        """Hold the lock and turn SQLite failures into StorageError."""
        with self.lock:
            try:
                yield self.connection
            except _PROGRAMMING_ERRORS:
                raise
            except sqlite3.Error as exc:
                raise from_sqlite(exc, self.path) from exc

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        with self.guard() as connection:
            with immediate_transaction(connection):
                yield connection
            self.committed()

    def after_each_commit(self, callback: Callable[[], None]) -> None:
        """Have `callback()` called after every write that committed (never after one that
        failed), in the writing thread, before the write returns. The phone-alone app
        copies the file to the browser's storage then (phone_alone.sync_gate.SyncGate)."""
        self.committed = callback

    def close(self) -> None:
        with self.lock:
            self.connection.close()


def _nothing() -> None:
    pass
