import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from storage import DB_FILENAME, SCHEMA_VERSION, StorageError, open_store
from storage.connection import connect
from tests.storage.conftest import add, new_game

# The version-1 schema exactly as released; frozen here so the migration is tested against
# a real old file, not against whatever migration 1 happens to create today.
V1_SCHEMA = """
CREATE TABLE games (
    num INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE TABLE actions (
    game_num INTEGER NOT NULL REFERENCES games (num) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_num, seq)
) WITHOUT ROWID;
PRAGMA user_version = 1;
"""


def write_version_1_file(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.executescript(V1_SCHEMA)
    connection.executemany(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
        [
            (1, "a" * 32, "wizard", "2025-01-01T10:00:00.000000+00:00",
             "2025-01-01T11:00:00.000000+00:00", "2025-01-01T11:00:00.000000+00:00"),
            (2, "b" * 32, "plotters", "2025-02-01T10:00:00.000000+00:00",
             "2025-02-01T10:05:00.000000+00:00", None),
        ],
    )  # fmt: skip
    connection.executemany(
        "INSERT INTO actions VALUES (?, ?, ?, ?)",
        [
            (1, 1, "start", '{"game":"wizard","players":["Ann","Ben","Cy"]}'),
            (1, 2, "score", '{"round":1,"entry":{"bids":[0,1,0],"tricks":[0,1,0]}}'),
            (2, 1, "start", '{"game":"plotters","players":["Dee","Eve"]}'),
        ],
    )
    connection.commit()
    connection.close()


def test_version_1_file_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    write_version_1_file(tmp_path / DB_FILENAME)
    result = open_store(tmp_path)
    assert result.recovery is None
    with result.store as store:
        assert [row.id for row in store.finished_games()] == ["a" * 32]
        assert [row.id for row in store.unfinished_games()] == ["b" * 32]
        assert store.actions("a" * 32) == [
            ("start", {"game": "wizard", "players": ["Ann", "Ben", "Cy"]}),
            ("score", {"round": 1, "entry": {"bids": [0, 1, 0], "tricks": [0, 1, 0]}}),
        ]
        assert add(store, "b" * 32, "draft", {"round": 1}) == 2
        store.delete("a" * 32)  # the version-2 column works on migrated rows
        assert store.finished_games() == []
    connection = sqlite3.connect(tmp_path / DB_FILENAME)
    assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    indexes = {row[0] for row in connection.execute("SELECT name FROM sqlite_schema")}
    assert {"games_finished_listing", "games_unfinished_listing"} <= indexes
    connection.close()


def test_file_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    connection = sqlite3.connect(path)
    connection.executescript(
        f"CREATE TABLE future (x); INSERT INTO future VALUES (42);"
        f"PRAGMA user_version = {SCHEMA_VERSION + 1};"
    )
    connection.close()
    with pytest.raises(StorageError) as caught:
        open_store(tmp_path)
    assert caught.value.key == "storage.newer_version"
    assert caught.value.params["found"] == SCHEMA_VERSION + 1
    assert "newer version of Trickpad" in str(caught.value)
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
    assert connection.execute("SELECT x FROM future").fetchall() == [(42,)]
    connection.close()


def test_connections_are_durable_wal_with_foreign_keys(tmp_path: Path) -> None:
    connection = connect(tmp_path / "x.sqlite3")
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)
    connection.close()


def test_purge_cascades_to_the_actions(tmp_path: Path, clock) -> None:
    with open_store(tmp_path, clock=clock).store as store:
        purged, kept = new_game(store, "wizard"), new_game(store, "wizard")
        for n in range(3):
            add(store, purged, "draft", {"n": n})
            add(store, kept, "draft", {"n": n})
        store.delete(purged)
        assert store.purge_deleted(older_than=clock.now + timedelta(seconds=1)) == 1
    connection = sqlite3.connect(tmp_path / DB_FILENAME)
    assert connection.execute("SELECT count(*) FROM actions").fetchone() == (4,)  # kept: 1 + 3
    connection.close()


@pytest.mark.parametrize(
    ("where_and_order", "index"),
    [
        (
            "finished_at IS NOT NULL AND deleted_at IS NULL "
            "ORDER BY finished_at DESC, num DESC LIMIT 20",
            "games_finished_listing",
        ),
        (
            "finished_at IS NULL AND deleted_at IS NULL ORDER BY updated_at DESC, num DESC",
            "games_unfinished_listing",
        ),
    ],
)
def test_listings_walk_their_index_without_sorting(
    tmp_path: Path, where_and_order: str, index: str
) -> None:
    open_store(tmp_path).store.close()
    connection = sqlite3.connect(tmp_path / DB_FILENAME)
    plan = " | ".join(
        row[3]
        for row in connection.execute(
            f"EXPLAIN QUERY PLAN SELECT * FROM games WHERE {where_and_order}"
        )
    )
    connection.close()
    assert index in plan
    assert "TEMP B-TREE" not in plan
