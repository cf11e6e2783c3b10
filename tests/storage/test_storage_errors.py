"""Read-only and full storage, produced for real: a ``mode=ro`` connection (tests run as root,
who ignores file modes) and ``PRAGMA max_page_count`` capping the database's size."""

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import DB_FILENAME, GameStore, StorageError, open_store
from storage.connection import connect
from tests.storage.conftest import add, new_game


@pytest.fixture
def saved_game(tmp_path: Path, clock) -> str:
    with open_store(tmp_path, clock=clock).store as store:
        game_id = new_game(store, "wizard")
        store.delete(new_game(store, "plotters"))
    return game_id


@pytest.fixture
def read_only_store(tmp_path: Path, saved_game: str, clock) -> Iterator[GameStore]:
    with GameStore(connect(tmp_path / DB_FILENAME, read_only=True), clock=clock) as store:
        yield store


def snapshot(store: GameStore, game_id: str) -> tuple[object, ...]:
    return (
        store.actions(game_id),
        store.summary(game_id),
        store.unfinished_games(),
        store.finished_games(),
    )


def test_read_only_store_reads_but_refuses_every_write(
    read_only_store: GameStore, saved_game: str
) -> None:
    before = snapshot(read_only_store, saved_game)
    assert before[0] == [("start", {"game": "wizard", "players": ["Ann", "Ben", "Cas"]})]
    writes = [
        lambda: new_game(read_only_store, "wizard"),
        lambda: add(read_only_store, saved_game, "draft", {"round": 1}),
        lambda: add(read_only_store, saved_game, "score", {}, is_over=True),
        lambda: read_only_store.delete(saved_game),
        lambda: read_only_store.purge_deleted(read_only_store.summary(saved_game).updated_at),
    ]
    for write in writes:
        with pytest.raises(StorageError) as caught:
            write()
        assert caught.value.key == "storage.read_only"
        assert caught.value.params == {"path": str(Path(read_only_store.path))}
        assert "read-only" in str(caught.value)
        assert not isinstance(caught.value, sqlite3.Error)
    assert snapshot(read_only_store, saved_game) == before


def test_check_writable_reports_a_read_only_store_up_front(read_only_store: GameStore) -> None:
    with pytest.raises(StorageError) as caught:
        read_only_store.check_writable()
    assert caught.value.key == "storage.read_only"
    assert read_only_store.unfinished_games() != []  # still readable afterwards


def test_check_writable_on_a_writable_store_changes_nothing(
    tmp_path: Path, saved_game: str
) -> None:
    with open_store(tmp_path).store as store:
        before = snapshot(store, saved_game)
        store.check_writable()
        store.check_writable()
        assert snapshot(store, saved_game) == before
        assert add(store, saved_game, "draft", {}) == 2


def test_read_only_file_needing_migration_is_a_storage_error(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / DB_FILENAME).close()  # an empty, version-0 file
    with pytest.raises(StorageError) as caught:
        GameStore(connect(tmp_path / DB_FILENAME, read_only=True))
    assert caught.value.key == "storage.read_only"


def full_store(tmp_path: Path, clock) -> GameStore:
    """The saved database, capped at its current size: the next new page hits SQLITE_FULL."""
    connection = connect(tmp_path / DB_FILENAME)
    (pages,) = connection.execute("PRAGMA page_count").fetchone()
    connection.execute(f"PRAGMA max_page_count = {pages}")
    return GameStore(connection, clock=clock)


def test_full_disk_is_a_storage_error_and_stores_nothing(
    tmp_path: Path, saved_game: str, clock
) -> None:
    big = {"entry": {"note": "x" * 50_000}}
    with full_store(tmp_path, clock) as store:
        before = snapshot(store, saved_game)
        with pytest.raises(StorageError) as caught:
            add(store, saved_game, "draft", big)
        assert caught.value.key == "storage.disk_full"
        assert "device is full" in str(caught.value)
        assert snapshot(store, saved_game) == before
    with open_store(tmp_path, clock=clock).store as reopened:
        assert snapshot(reopened, saved_game) == before
        # The refused action took no sequence number: the next one is number 2.
        assert add(reopened, saved_game, "draft", big) == 2


def test_full_disk_while_creating_games_leaves_no_partial_game(
    tmp_path: Path, saved_game: str, clock
) -> None:
    with full_store(tmp_path, clock) as store:
        created = []
        with pytest.raises(StorageError) as caught:
            for _ in range(10_000):
                created.append(new_game(store, "wizard" * 40))
        assert caught.value.key == "storage.disk_full"
        listed = {row.id for row in store.unfinished_games()}
    assert listed == {saved_game, *created}
    with open_store(tmp_path, clock=clock).store as reopened:
        assert {row.id for row in reopened.unfinished_games()} == listed
