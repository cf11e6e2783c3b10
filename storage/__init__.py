"""Durable storage of games as append-only action records (stdlib sqlite3)."""

from storage.errors import StorageError
from storage.game_rows import GameSummary
from storage.opening import DB_FILENAME, OpenResult, Recovery, open_store
from storage.schema import SCHEMA_VERSION
from storage.store import GameStore

__all__ = [
    "DB_FILENAME",
    "SCHEMA_VERSION",
    "GameStore",
    "GameSummary",
    "OpenResult",
    "Recovery",
    "StorageError",
    "open_store",
]
