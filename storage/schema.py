"""The database schema and its migrations, versioned with ``PRAGMA user_version``.

``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1`` (version 0 is an empty
file). Migrations are append-only: a released migration is never edited, a change is a new
one. All pending steps run in one IMMEDIATE transaction, so a file is never left between
versions and two processes cannot migrate the same file at once.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from scorers import wizard
from storage.connection import immediate_transaction
from storage.errors import StorageError
from storage.format_upgrades import upgraded_setup
from storage.game_rows import action_text
from storage.listing import Listing

Migration = Callable[[sqlite3.Connection], None]


def _create_games_and_actions(connection: sqlite3.Connection) -> None:
    """Version 1: games and their append-only action records.

    ``games.num`` is a compact internal key; the public id is the uuid4 hex ``games.id``.
    Actions are clustered by (game, seq) in a WITHOUT ROWID table, so replaying a game reads
    one contiguous range, and each row carries a 1-2 byte game key instead of a 32-byte id.
    """
    connection.execute(
        """
        CREATE TABLE games (
            num INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT
        )
        """
    )
    connection.execute(
        """
        CREATE TABLE actions (
            game_num INTEGER NOT NULL REFERENCES games (num) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (game_num, seq)
        ) WITHOUT ROWID
        """
    )


def _add_soft_delete_and_listing_indexes(connection: sqlite3.Connection) -> None:
    """Version 2: delete-with-undo (``deleted_at``) and indexes for the two game lists.

    The partial indexes hold exactly the rows each list shows, in display order, so the
    first history page of thousands of finished games is an index walk of 20 entries.
    """
    connection.execute("ALTER TABLE games ADD COLUMN deleted_at TEXT")
    connection.execute(
        """
        CREATE INDEX games_finished_listing ON games (finished_at DESC, num DESC)
        WHERE finished_at IS NOT NULL AND deleted_at IS NULL
        """
    )
    connection.execute(
        """
        CREATE INDEX games_unfinished_listing ON games (updated_at DESC, num DESC)
        WHERE finished_at IS NULL AND deleted_at IS NULL
        """
    )


def _add_listing_damage_and_results(connection: sqlite3.Connection) -> None:
    """Version 3: what the lists and the players' records show, saved with each action.

    ``listing`` (JSON, see storage.listing) lets Home and the history show a game without
    replaying it; games from version 2 have none until the keeper fills it in once.
    ``damaged`` holds why a game's record could not be read or replayed, so one bad record
    is shown as damaged instead of stopping the lists.
    ``results`` holds one row per seat of each finished game (the player's name key, place,
    score and the game's tallies), so the players' records are read, never replayed;
    ``same_player`` records that two name keys were merged into one person.
    """
    connection.execute("ALTER TABLE games ADD COLUMN listing TEXT")
    connection.execute("ALTER TABLE games ADD COLUMN damaged TEXT")
    connection.execute(
        """
        CREATE TABLE results (
            game_num INTEGER NOT NULL REFERENCES games (num) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            place INTEGER NOT NULL,
            score INTEGER NOT NULL,
            tallies TEXT NOT NULL,
            PRIMARY KEY (game_num, seat)
        ) WITHOUT ROWID
        """
    )
    connection.execute("CREATE INDEX results_by_player ON results (player)")
    connection.execute(
        "CREATE TABLE same_player (player TEXT PRIMARY KEY, same_as TEXT NOT NULL) WITHOUT ROWID"
    )


def _name_wizards_special_cards(connection: sqlite3.Connection) -> None:
    """Version 4: a Wizard game's setup names the special cards in its deck where it had
    switches for the Bomb and the Cloud, as a game file of version 5 does
    (``storage.format_upgrades.upgraded_setup``), and its listing's settings with it. A record
    that cannot be read is left as it is: it is shown as damaged either way."""
    rows = connection.execute(
        """
        SELECT actions.game_num, actions.seq, actions.data, games.listing
        FROM actions JOIN games ON games.num = actions.game_num
        WHERE games.game = ? AND actions.kind = 'start'
        """,
        (wizard.RULES.name,),
    ).fetchall()
    for game_num, seq, data, listing_text in rows:
        try:
            setup = upgraded_setup(json.loads(data))
        except (ValueError, RecursionError):
            continue
        if not isinstance(setup, Mapping):
            continue
        connection.execute(
            "UPDATE actions SET data = ? WHERE game_num = ? AND seq = ?",
            (action_text("start", setup), game_num, seq),
        )
        listing = Listing.from_json(listing_text) if listing_text else None
        if listing is not None:
            settings = wizard.upgraded_settings(listing.settings)
            connection.execute(
                "UPDATE games SET listing = ? WHERE num = ?",
                (replace(listing, settings=settings).to_json(), game_num),
            )


def _add_table_phones(connection: sqlite3.Connection) -> None:
    """Version 5: the phones at the table a game is shared with from this phone, as JSON,
    so that a scorer whose page reloaded can invite each again (views.shell.phone_tables).
    This phone's own: never exported, gone with its game."""
    connection.execute(
        """
        CREATE TABLE table_phones (
            game_num INTEGER PRIMARY KEY REFERENCES games (num) ON DELETE CASCADE,
            phones TEXT NOT NULL
        )
        """
    )


def _add_versions(connection: sqlite3.Connection) -> None:
    """Version 6: ``version_of``, the id of the game a game is another version of (two
    copies of one shared game that went their own ways met here: storage.versions); None
    for a game of its own. Listed with that game, and counted once in the records."""
    connection.execute("ALTER TABLE games ADD COLUMN version_of TEXT")
    connection.execute(
        "CREATE INDEX games_versions ON games (version_of) WHERE version_of IS NOT NULL"
    )


MIGRATIONS: Sequence[Migration] = (
    _create_games_and_actions,
    _add_soft_delete_and_listing_indexes,
    _add_listing_damage_and_results,
    _name_wizards_special_cards,
    _add_table_phones,
    _add_versions,
)
SCHEMA_VERSION = len(MIGRATIONS)


def user_version(connection: sqlite3.Connection) -> int:
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(connection: sqlite3.Connection, path: str) -> None:
    """Bring the database up to :data:`SCHEMA_VERSION`; a no-op (and no write) if current.

    Raises ``StorageError("storage.newer_version")`` for a file from a newer app, which is
    left untouched.
    """
    if _check_version(connection, path) == SCHEMA_VERSION:
        return
    with immediate_transaction(connection):
        for version in range(_check_version(connection, path), SCHEMA_VERSION):
            MIGRATIONS[version](connection)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _check_version(connection: sqlite3.Connection, path: str) -> int:
    version = user_version(connection)
    if version > SCHEMA_VERSION:
        raise StorageError(
            "storage.newer_version", path=path, found=version, supported=SCHEMA_VERSION
        )
    return version
