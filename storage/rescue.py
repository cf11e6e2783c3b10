"""Games brought back from a damaged database that opening set aside (storage.opening).

Each game whose record can still be read and replayed is saved into the fresh store under
its own id, as a backup's games are merged (one staged import: all of them or none); each
game listed there that cannot be is counted, as the lists count a damaged game. The files
set aside are read through a copy and never changed: they stay as they were, for the
player to keep.
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
import tempfile
import zipfile
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from scorers.errors import InvalidEntry
from scorers.ledger import MAX_ACTION_BYTES, Ledger
from storage.errors import StorageError
from storage.game_rows import GAME_ID, GameRecord, GameTimes
from storage.keeper import collector_paused, listing_of
from storage.store import GameStore
from storage.timestamps import from_text

COMPANION_SUFFIXES = ("-wal", "-shm", "-journal")


@dataclass(frozen=True)
class Rescued:
    """What came of bringing the games back: how many were saved in the fresh store, how
    many listed in the damaged file could not be read; `listed` is False when not even
    the damaged file's list of games could be read (then nothing is known of them)."""

    back: int
    lost: int
    listed: bool = True


def bring_back(damaged: Path, store: GameStore) -> Rescued:
    """Save into `store` every game of the database set aside at `damaged` (with its
    companions beside it) that can still be read and replayed."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / damaged.name
        for suffix in ("", "-wal", "-journal"):  # not the log's index: SQLite makes it anew
            source = Path(f"{damaged}{suffix}")
            if source.exists():
                shutil.copyfile(source, f"{copy}{suffix}")
        try:
            records, lost = _readable_games(copy)
        except sqlite3.Error:
            return Rescued(0, 0, listed=False)
    try:
        store.imports.save(records)
    except StorageError:  # a full disk: the fresh store holds none of them
        return Rescued(0, len(records) + lost)
    return Rescued(len(records), lost)


def packed(damaged: Path) -> bytes:
    """The database set aside at `damaged` and its companions, as one zip file to save."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for suffix in ("", *COMPANION_SUFFIXES):
            path = Path(f"{damaged}{suffix}")
            if path.exists():
                archive.write(path, path.name)
    return buffer.getvalue()


def _readable_games(copy: Path) -> tuple[list[GameRecord], int]:
    """The records of the games in the database at `copy` that can be read and replayed,
    and how many others it lists. Raises sqlite3.Error when it lists none at all."""
    with closing(sqlite3.connect(copy)) as connection:
        connection.row_factory = sqlite3.Row
        games = [dict(row) for row in connection.execute("SELECT * FROM games")]
        records: list[GameRecord] = []
        lost = 0
        for row in games:
            if not isinstance(row["id"], str) or not GAME_ID.fullmatch(row["id"]):
                continue  # a backup's game still being staged: never shown, not a game yet
            if row.get("deleted_at") is not None:
                continue  # deleted: not on the lists
            try:
                records.append(_record(connection, row))
            except (sqlite3.Error, ValueError, TypeError, KeyError, RecursionError, InvalidEntry):
                lost += 1
        return records, lost


def _record(connection: sqlite3.Connection, row: dict[str, Any]) -> GameRecord:
    """One game's record, read and replayed; raises whatever its damage makes fail."""
    actions = []
    for kind, data in connection.execute(
        "SELECT kind, CAST(data AS BLOB) FROM actions WHERE game_num = ? ORDER BY seq",
        (row["num"],),
    ):
        if len(data) > MAX_ACTION_BYTES:
            raise ValueError("a step larger than any a game takes")
        actions.append((str(kind), json.loads(data.decode("utf-8"))))
    with collector_paused():
        ledger = Ledger.replay_saved(actions)
    return GameRecord(
        row["id"],
        ledger.state.game,
        datetime.fromisoformat(row["created_at"]),
        [(action.kind, action.data) for action in ledger.actions],
        listing_of(ledger.state),
        times=GameTimes(from_text(row["updated_at"]), from_text(row["finished_at"])),
    )
