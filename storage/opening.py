"""Opening the app's database, recovering from a damaged file instead of refusing to start.

A file that is not a SQLite database, is truncated, or fails ``PRAGMA quick_check``, and
one whose write-ahead log is there but unreadable (SQLite would drop it without a word,
and with it every change not yet copied into the main file: in a phone's browser, all of
them), is renamed (with its -wal/-shm/-journal companions as they were before SQLite
touched them, keeping their suffixes so the set can still be opened for rescue) to
``trickpad.sqlite3.damaged-<UTC timestamp>``, and a fresh database is created. Every game
whose record can still be read from the set is brought back into it (storage.rescue). The
result tells the UI what was damaged, where the old file went and how many games came back.

A read-only file, a full disk or a database from a newer app version is NOT damage: those
raise :class:`StorageError` and the file is left exactly where it is.
"""

from __future__ import annotations

import shutil
import sqlite3
import struct
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any

from storage.connection import connect
from storage.errors import MESSAGES, StorageError, at_start, from_os, from_sqlite
from storage.rescue import COMPANION_SUFFIXES, Rescued, bring_back
from storage.store import GameStore
from storage.timestamps import Clock, utc_now

DB_FILENAME = "trickpad.sqlite3"
_SNAPSHOT_INFIX = ".opening"
_DAMAGE_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
UNREADABLE = "unreadable"
"""What was damaged: the database file itself (not a database, cut short, failing checks)."""
LOG_UNREADABLE = "log_unreadable"
"""What was damaged: its write-ahead log, there and holding more than a header, unreadable."""
_RECOVERY_KEYS = {
    UNREADABLE: "storage.damaged_moved_aside",
    LOG_UNREADABLE: "storage.log_unreadable_moved_aside",
}
_WAL_HEADER = 32
_WAL_FRAME_HEADER = 24
_WAL_MAGIC = (0x377F0682, 0x377F0683)
_WAL_VERSION = 3007000


class _DamagedDatabase(Exception):
    def __init__(self, reason: str, cause: str = UNREADABLE) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cause = cause


@dataclass(frozen=True)
class Recovery:
    """A damaged database was set aside; the player should be told what was damaged
    (`cause`: UNREADABLE or LOG_UNREADABLE), where it went and which games came back."""

    moved_to: Path
    reason: str
    cause: str = UNREADABLE
    rescued: Rescued = field(default_factory=lambda: Rescued(0, 0, listed=False))

    @property
    def key(self) -> str:
        return _RECOVERY_KEYS[self.cause]

    @property
    def params(self) -> dict[str, Any]:
        if self.cause == LOG_UNREADABLE:
            return {"path": str(self.moved_to), "log": f"{self.moved_to}-wal"}
        return {"path": str(self.moved_to)}

    def __str__(self) -> str:
        return MESSAGES[self.key].format(**self.params)


@dataclass(frozen=True)
class OpenResult:
    store: GameStore
    path: Path
    recovery: Recovery | None = None


def open_store(data_dir: Path | str, *, clock: Clock = utc_now) -> OpenResult:
    """Open (creating if needed) ``data_dir/trickpad.sqlite3``, checked and migrated.

    Raises StorageError when the folder or file cannot be used at all (read-only, disk full
    as ``storage.disk_full_at_start``, newer format); never for a damaged file, which is
    set aside (see module docstring).
    """
    directory = Path(data_dir)
    path = directory / DB_FILENAME
    try:
        directory.mkdir(parents=True, exist_ok=True)
        snapshots = _snapshot_companions(path)
        try:
            store = _open_checked(path, clock)
        except _DamagedDatabase as damage:
            moved_to = _move_aside(path, snapshots, clock)
            try:
                fresh = _open_checked(path, clock)
            except _DamagedDatabase as again:  # a new empty file cannot be damaged
                raise StorageError(
                    "storage.unavailable", path=str(path), detail=again.reason
                ) from again
            rescued = bring_back(moved_to, fresh)
            return OpenResult(fresh, path, Recovery(moved_to, damage.reason, damage.cause, rescued))
        except BaseException:
            _discard(snapshots)
            raise
        _discard(snapshots)
        return OpenResult(store, path)
    except OSError as exc:
        raise at_start(from_os(exc, str(directory)), str(directory)) from exc
    except StorageError as exc:
        started = at_start(exc, str(directory))
        if started is exc:
            raise
        raise started from exc


def _open_checked(path: Path, clock: Clock) -> GameStore:
    if _log_unreadable(path):
        raise _DamagedDatabase("the write-ahead log is not one", LOG_UNREADABLE)
    try:
        connection = connect(path)
    except sqlite3.Error as exc:
        raise _classify(exc, path) from exc
    try:
        try:
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        except sqlite3.Error as exc:
            raise _classify(exc, path) from exc
        if problems != ["ok"]:
            raise _DamagedDatabase("; ".join(problems[:5]))
        try:
            store = GameStore(connection, clock=clock)
            store.check_writable()
        except StorageError as exc:
            if exc.key == "storage.damaged":
                raise _DamagedDatabase(str(exc.__cause__)) from exc
            raise
        return store
    except BaseException:
        connection.close()
        raise


def _log_unreadable(path: Path) -> bool:
    """Whether the database's write-ahead log holds room for a change but no valid header:
    SQLite takes such a log for an empty one and drops it unread. A log of a header only
    (or none) is a normal one; one cut short inside its first change held nothing yet
    committed."""
    log = Path(f"{path}-wal")
    try:
        with log.open("rb") as file:
            header = file.read(_WAL_HEADER)
            size = log.stat().st_size
    except FileNotFoundError:
        return False
    if size < _WAL_HEADER + _WAL_FRAME_HEADER:
        return False
    magic, version = struct.unpack(">II", header[:8])
    if magic not in _WAL_MAGIC or version != _WAL_VERSION:
        return True
    return _wal_checksum(header[:24], big_endian=bool(magic & 1)) != header[24:32]


def _wal_checksum(data: bytes, *, big_endian: bool) -> bytes:
    """SQLite's checksum of a write-ahead log's header (https://sqlite.org/fileformat.html)."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    first = second = 0
    for index in range(0, len(words), 2):
        first = (first + words[index] + second) & 0xFFFFFFFF
        second = (second + words[index + 1] + first) & 0xFFFFFFFF
    return struct.pack(">II", first, second)


def _classify(exc: sqlite3.Error, path: Path) -> Exception:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _DAMAGE_CODES:
        return _DamagedDatabase(str(exc))
    return from_sqlite(exc, str(path))


def _snapshot_companions(path: Path) -> dict[str, Path]:
    """Copy the -wal/-shm/-journal files that exist before SQLite opens them.

    Closing a connection to a damaged file lets SQLite rewrite, checkpoint or delete its
    companions; the copies keep them as they were, for the moved-aside set. A real copy,
    not a hard link: SQLite writes the -shm in place. Companions exist only after an
    unclean shutdown (the WAL is then at most a few MB), so a normal start copies nothing.
    """
    snapshots: dict[str, Path] = {}
    for suffix in COMPANION_SUFFIXES:
        source = Path(f"{path}{suffix}")
        snapshot = path.with_name(f"{path.name}{_SNAPSHOT_INFIX}{suffix}")
        snapshot.unlink(missing_ok=True)  # left over if an earlier open was killed
        if source.exists():
            shutil.copyfile(source, snapshot)
            snapshots[suffix] = snapshot
    return snapshots


def _discard(snapshots: dict[str, Path]) -> None:
    for snapshot in snapshots.values():
        snapshot.unlink(missing_ok=True)


def _move_aside(path: Path, snapshots: dict[str, Path], clock: Clock) -> Path:
    """Rename the database and its companions; returns the database's new path.

    Companions SQLite left behind are stale for the fresh file and move aside too (or are
    removed when a snapshot of them from before the open was kept instead).
    """
    stamp = clock().astimezone(UTC).strftime("%Y%m%dT%H%M%S")
    base = f"{path.name}.damaged-{stamp}"
    target = path.with_name(base)
    attempt = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *COMPANION_SUFFIXES)):
        attempt += 1
        target = path.with_name(f"{base}-{attempt}")
    path.rename(target)
    for suffix in COMPANION_SUFFIXES:
        leftover = Path(f"{path}{suffix}")
        if suffix in snapshots:
            snapshots[suffix].rename(f"{target}{suffix}")
            leftover.unlink(missing_ok=True)
        elif leftover.exists():
            leftover.rename(f"{target}{suffix}")
    return target
