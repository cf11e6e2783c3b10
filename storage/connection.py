"""Opening a SQLite connection configured for durability."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

BUSY_TIMEOUT_SECONDS = 5.0
WAL_CHECKPOINT_PAGES = 64
"""The write-ahead log is copied into the database after this many pages (SQLite's default
is 1,000). On a phone alone every commit copies the log whole into the browser's storage
(phone_alone/browser_storage.py), so a short log keeps a tap late in a game as quick as the
first: bench/phone_alone_bench.py and docs/performance.md."""
WAL_KEPT_BYTES = WAL_CHECKPOINT_PAGES * 4096
"""What a checkpoint leaves of the log's file; SQLite's default keeps the largest it grew to."""


def connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """Open ``path`` in WAL mode with ``synchronous=FULL`` and foreign keys on.

    WAL + FULL: a commit returns only after the write-ahead log is fsynced, so an
    acknowledged action survives a killed process and a power cut. The log is kept short
    (`WAL_CHECKPOINT_PAGES`). The connection is in autocommit mode
    (``isolation_level=None``): the store issues BEGIN/COMMIT itself.
    ``check_same_thread=False`` because the store serialises all use with its own lock.
    """
    mode = "ro" if read_only else "rwc"
    connection = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode={mode}",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
        timeout=BUSY_TIMEOUT_SECONDS,
    )
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA synchronous = FULL")
        if not read_only:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
            connection.execute(f"PRAGMA journal_size_limit = {WAL_KEPT_BYTES}")
    except BaseException:
        connection.close()
        raise
    return connection


@contextmanager
def immediate_transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """Run the block in one write transaction: committed on success, rolled back on error.

    IMMEDIATE takes the write lock up front, so reads inside the block (the next sequence
    number) cannot be invalidated by another writer before the commit.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            # SQLite may already have rolled back (e.g. on SQLITE_FULL); the original
            # error is the one worth reporting.
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        raise
