"""Storage failures as player-facing errors: a stable key, params and an English sentence.

Callers (the views) never see a raw ``sqlite3`` exception: every database or file-system
failure is translated here into a :class:`StorageError` whose ``key`` the UI translates.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

NEARLY_FULL_BYTES = 1 << 20
"""Free space below which a SQLite I/O error is taken for a full disk (see from_sqlite)."""

MESSAGES: Mapping[str, str] = {
    "storage.damaged_moved_aside": (
        "Trickpad's saved games could not be read, so it started a fresh file. "
        "The damaged file was kept as {path}."
    ),
    "storage.log_unreadable_moved_aside": (
        "Trickpad's latest saved changes could not be read (their file, {log}, is "
        "damaged), so it set its files aside as {path} and started a fresh file."
    ),
    "storage.games_brought_back": (
        "Games brought back from the damaged file: {back}; games in it that could not be "
        "read: {lost}."
    ),
    "storage.no_games_brought_back": "No game could be read from the damaged file.",
    "storage.read_only": (
        "Trickpad cannot save: {path} is read-only. "
        "Nothing was changed; check the permissions of Trickpad's data folder."
    ),
    "storage.disk_full": (
        "Trickpad cannot save: the device is full. "
        "Nothing was changed; free some space and try again."
    ),
    "storage.disk_full_at_start": (
        "Trickpad cannot start: the disk holding its data folder {path} is full. "
        "Nothing was changed; free some space and start Trickpad again."
    ),
    "storage.damaged": (
        "Trickpad's data file {path} is damaged. "
        "Restart the app: it will set the damaged file aside and start a fresh one."
    ),
    "storage.newer_version": (
        "The data file {path} was written by a newer version of Trickpad "
        "(format {found}; this version reads up to {supported}). Please update Trickpad."
    ),
    "storage.game_not_found": "That game no longer exists.",
    "storage.record_unreadable": "Step {step} of this game's saved record cannot be read.",
    "storage.record_too_large": (
        "Step {step} of this game's saved record takes {size} bytes, more than any step of "
        "a game takes (at most {limit}), so it is not read."
    ),
    "storage.game_damaged": (
        "This game's saved record is damaged, so it cannot be shown: {reason} "
        "Every other game is fine. You can save its record to a file or delete it."
    ),
    "storage.changed_elsewhere": (
        "This game was changed on another screen meanwhile; it now shows what was saved "
        "there. Please check and enter your change again."
    ),
    "storage.unavailable": "Trickpad cannot use its data file {path}: {detail}.",
    "storage.import_not_json": (
        "This file cannot be imported: it is not a Trickpad game file (its text is not "
        "valid JSON; it may be cut short). Nothing was imported."
    ),
    "storage.import_not_trickpad": (
        "This file cannot be imported: it is not a Trickpad game file. Nothing was imported."
    ),
    "storage.import_field": (
        "This game file is damaged: its field '{field}' is missing or holds the wrong kind "
        "of value. Nothing was imported."
    ),
    "storage.import_version": (
        "This game was exported by a newer version of Trickpad (file format {found}; this "
        "version reads up to {supported}). Please update Trickpad. Nothing was imported."
    ),
    "storage.import_game_unknown": (
        "This file holds a game of '{game}', which this version of Trickpad does not know. "
        "Nothing was imported."
    ),
    "storage.import_game_mismatch": (
        "This game file is damaged: it says it holds a game of '{game}', but its record "
        "starts a game of '{actual}'. Nothing was imported."
    ),
    "storage.import_too_large": (
        "This file is too large to be a Trickpad game: {size} bytes, and a game file holds "
        "at most {limit}. Nothing was imported."
    ),
    "storage.import_too_large_here": (
        "This file is too large for this browser: {size} bytes, and it reads game files of "
        "at most {limit} in good time. Nothing was imported; a computer running Trickpad "
        "imports game files of up to {most} bytes."
    ),
    "storage.backup_too_large_here": (
        "This backup is too large for this browser: {size} bytes, and it merges backups of "
        "at most {limit} in good time. Nothing was merged; a computer running Trickpad "
        "merges backups of up to {most} bytes."
    ),
    "storage.backup_too_large": (
        "This backup is too large: {size} bytes, and Trickpad merges backups of at most "
        "{limit} bytes. Nothing was merged."
    ),
    "storage.backup_export_too_large": (
        "These {count} games are too many for one backup: it would be larger than the "
        "{limit} bytes a merge takes. Export the games you want to keep one by one."
    ),
    "storage.upload_failed": (
        "The file did not reach Trickpad (the connection broke off). Nothing was imported; "
        "try again."
    ),
    "storage.import_too_long": (
        "This game file holds {count} steps, more than any game needs (at most {limit}). "
        "Nothing was imported."
    ),
    "storage.import_too_deep": (
        "This game file is damaged: its values are nested {depth} levels deep, and a game "
        "file nests at most {limit}. Nothing was imported."
    ),
    "storage.import_bad_text": (
        "This game file is damaged: it holds text that is not valid Unicode (a lone "
        "surrogate). Nothing was imported."
    ),
    "storage.import_empty": (
        "This game file holds no game: its list of actions is empty. Nothing was imported."
    ),
    "storage.import_invalid": (
        "This game cannot be imported: step {step} of its record is not valid. {reason} "
        "Nothing was imported."
    ),
    "storage.link_damaged": (
        "This link cannot be opened: it does not hold a whole Trickpad game (it may have "
        "been cut short or changed on its way). Nothing was changed."
    ),
    "storage.link_too_large": (
        "This link cannot be opened: it holds far more than a game's link ever does. "
        "Nothing was changed."
    ),
    "storage.link_version": (
        "This link was made by a newer version of Trickpad. Please update Trickpad to open "
        "it. Nothing was changed."
    ),
    "storage.link_game_unknown": (
        "This link holds a game of '{game}', which this version of Trickpad does not know. "
        "Nothing was changed."
    ),
    "storage.link_invalid": (
        "This link's game cannot be shown: step {step} of it is not valid. {reason} "
        "Nothing was changed."
    ),
    "storage.link_game_too_long": (
        "This game is too long for a link ({size} characters, and a link holds at most "
        "{limit}). Export it as a game file instead."
    ),
    "storage.merge_same_game": (
        "These two sat at the same game, so they are two people: nothing was merged."
    ),
    "storage.merge_changed": (
        "These names were merged otherwise meanwhile (on another screen), so nothing was undone."
    ),
    # the score sheet (CSV export): column and row labels, not errors
    "storage.sheet_round": "Round",
    "storage.sheet_total_of": "{name} total",
    "storage.sheet_total": "Total",
    "storage.sheet_place": "Place",
    "storage.sheet_adjustment": "Adjustment: {reason}",
}


class StorageError(Exception):
    """A storage failure the player must be told about; nothing was half-written."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params: dict[str, Any] = params
        super().__init__(MESSAGES[key].format(**params))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by key and params (a merge's refusals come back from a worker process);
        Exception's own pickling would call the class with the message alone."""
        return (_storage_error, (self.key, self.params))


def _storage_error(key: str, params: dict[str, Any]) -> StorageError:
    return StorageError(key, **params)


class ChangedElsewhere(StorageError):
    """The game has actions this screen has not seen: another tab or phone saved them.

    Raised by an append that expected to follow a given action; nothing was written."""

    def __init__(self, saved: int) -> None:
        super().__init__("storage.changed_elsewhere")
        self.saved = saved


def from_sqlite(exc: sqlite3.Error, path: str) -> StorageError:
    """Translate a SQLite failure on the database at ``path``."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if code is not None else None
    if primary == sqlite3.SQLITE_READONLY:
        return StorageError("storage.read_only", path=path)
    if primary == sqlite3.SQLITE_FULL or (primary == sqlite3.SQLITE_IOERR and _no_room(path)):
        return StorageError("storage.disk_full", path=path)
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return StorageError("storage.damaged", path=path)
    return StorageError("storage.unavailable", path=path, detail=str(exc))


def from_os(exc: OSError, path: str) -> StorageError:
    """Translate a file-system failure (creating the folder, moving a damaged file aside)."""
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return StorageError("storage.read_only", path=path)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return StorageError("storage.disk_full", path=path)
    return StorageError("storage.unavailable", path=path, detail=exc.strerror or str(exc))


def _no_room(path: str) -> bool:
    """Whether the disk holding `path` is (all but) full.

    SQLite reports a full disk as SQLITE_FULL only where it writes pages; growing the -shm
    file at open (SQLITE_IOERR_SHMSIZE), a WAL write or an fsync fail as a bare "disk I/O
    error", which tells a player nothing. With (almost) no space left, that is the cause."""
    folder = Path(path).parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        return shutil.disk_usage(folder).free < NEARLY_FULL_BYTES
    except OSError:
        return False


def at_start(error: StorageError, folder: str) -> StorageError:
    """The error to stop a starting server with: a full disk is said as such, since "cannot
    save" or "try again" is no answer to a start that has saved nothing yet."""
    if error.key == "storage.disk_full":
        return StorageError("storage.disk_full_at_start", path=folder)
    return error
