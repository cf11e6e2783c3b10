import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from storage import DB_FILENAME, StorageError, open_store
from tests.storage.conftest import add, new_game


def make_real_database(directory: Path, games: int = 20) -> list[str]:
    with open_store(directory).store as store:
        ids = [new_game(store, "wizard") for _ in range(games)]
        for game_id in ids:
            for n in range(30):
                add(store, game_id, "draft", {"round": n, "entry": {"bids": [n, None, 1]}})
    return ids


def assert_recovered(tmp_path: Path, clock, original: bytes) -> None:
    result = open_store(tmp_path, clock=clock)
    recovery = result.recovery
    assert recovery is not None
    assert recovery.moved_to == tmp_path / "trickpad.sqlite3.damaged-20261129T141501"
    assert recovery.moved_to.read_bytes() == original
    assert recovery.key == "storage.damaged_moved_aside"
    assert recovery.params == {"path": str(recovery.moved_to)}
    assert str(recovery.moved_to) in str(recovery)
    assert recovery.reason
    with result.store as store:
        assert store.unfinished_games() == []
        game_id = new_game(store, "wizard")
        assert add(store, game_id, "draft", {"round": 1}) == 2
    with open_store(tmp_path).store as reopened:
        assert reopened.actions(game_id)[1:] == [("draft", {"round": 1})]


@pytest.mark.parametrize(
    "garbage",
    [b"\x00not a database at all", os.urandom(5000), b"SQLite format 3\x00" + b"\xff" * 200],
)
def test_garbage_file_is_moved_aside_and_a_fresh_database_used(
    tmp_path: Path, clock, garbage: bytes
) -> None:
    (tmp_path / DB_FILENAME).write_bytes(garbage)
    assert_recovered(tmp_path, clock, garbage)


@pytest.mark.parametrize("keep", [0.05, 0.3, 0.6, 0.9])
def test_truncated_database_is_moved_aside(tmp_path: Path, clock, keep: float) -> None:
    source = tmp_path / "source"
    make_real_database(source)
    data = (source / DB_FILENAME).read_bytes()
    truncated = data[: int(len(data) * keep)]
    (tmp_path / DB_FILENAME).write_bytes(truncated)
    assert_recovered(tmp_path, clock, truncated)


def test_corrupt_page_inside_a_database_is_found_by_quick_check(tmp_path: Path, clock) -> None:
    make_real_database(tmp_path)
    path = tmp_path / DB_FILENAME
    data = bytearray(path.read_bytes())
    page_size = 4096
    middle = len(data) // page_size // 2 * page_size  # an actions page: most pages are
    data[middle : middle + page_size] = os.urandom(page_size)
    path.write_bytes(bytes(data))
    assert_recovered(tmp_path, clock, bytes(data))


def test_companion_files_move_with_the_damaged_database(tmp_path: Path, clock) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"garbage" * 100)
    (tmp_path / f"{DB_FILENAME}-wal").write_bytes(b"old wal")
    (tmp_path / f"{DB_FILENAME}-shm").write_bytes(b"old shm")
    result = open_store(tmp_path, clock=clock)
    result.store.close()
    assert result.recovery is not None
    moved = result.recovery.moved_to
    assert Path(f"{moved}-wal").read_bytes() == b"old wal"
    assert Path(f"{moved}-shm").read_bytes() == b"old shm"


def test_second_damage_in_the_same_second_does_not_overwrite_the_first(
    tmp_path: Path, clock
) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"first garbage" * 50)
    first = open_store(tmp_path, clock=lambda: clock.now)
    first.store.close()
    (tmp_path / DB_FILENAME).write_bytes(b"second garbage" * 50)
    second = open_store(tmp_path, clock=lambda: clock.now)
    second.store.close()
    assert first.recovery is not None and second.recovery is not None
    assert first.recovery.moved_to != second.recovery.moved_to
    assert first.recovery.moved_to.read_bytes() == b"first garbage" * 50
    assert second.recovery.moved_to.read_bytes() == b"second garbage" * 50


def test_healthy_database_is_opened_in_place(tmp_path: Path) -> None:
    ids = make_real_database(tmp_path, games=3)
    result = open_store(tmp_path)
    with result.store as store:
        assert result.recovery is None
        assert result.path == tmp_path / DB_FILENAME
        assert {row.id for row in store.unfinished_games()} == set(ids)
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []


def test_missing_data_directory_is_created(tmp_path: Path) -> None:
    with open_store(tmp_path / "a" / "b").store as store:
        new_game(store, "wizard")
    assert (tmp_path / "a" / "b" / DB_FILENAME).is_file()


def test_data_dir_that_is_a_file_raises_storage_error(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("not a folder")
    with pytest.raises(StorageError) as caught:
        open_store(tmp_path / "blocked")
    assert caught.value.key == "storage.unavailable"
    assert caught.value.params["path"] == str(tmp_path / "blocked")


def test_database_path_that_is_a_directory_raises_storage_error(tmp_path: Path) -> None:
    (tmp_path / DB_FILENAME).mkdir()
    with pytest.raises(StorageError) as caught:
        open_store(tmp_path)
    assert caught.value.key == "storage.unavailable"
    assert (tmp_path / DB_FILENAME).is_dir()


def test_copy_of_damaged_set_can_still_be_opened_for_rescue(tmp_path: Path, clock) -> None:
    """The moved-aside name keeps SQLite's companion naming, so a rescuer can open it."""
    ids = make_real_database(tmp_path / "good", games=2)
    shutil.copy(tmp_path / "good" / DB_FILENAME, tmp_path / DB_FILENAME)
    path = tmp_path / DB_FILENAME
    with sqlite3.connect(path) as reader:
        (page,) = reader.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'")
    reader.close()
    data = bytearray(path.read_bytes())
    start = (page[0] - 1) * 4096
    data[start + 8 : start + 4096] = b"\x00" * (4096 - 8)  # damage the actions' page only
    path.write_bytes(bytes(data))
    result = open_store(tmp_path, clock=clock)
    result.store.close()
    assert result.recovery is not None
    rescue = sqlite3.connect(result.recovery.moved_to)
    found = {row[0] for row in rescue.execute("SELECT id FROM games")}
    rescue.close()
    assert found == set(ids)


def test_real_wal_of_an_unclean_shutdown_is_kept_byte_for_byte(tmp_path: Path, clock) -> None:
    """A killed app leaves its last commits in the WAL; SQLite would checkpoint or delete it
    when closing the damaged file, so the moved-aside WAL must be the one from before."""
    live = tmp_path / "live"
    ids = make_real_database(live)  # closed: all pages checkpointed into the main file
    with open_store(live).store as store:
        add(store, ids[0], "score", {"round": 1})  # this commit lives only in the WAL
        # Copy the files while the connection is open: what a SIGKILL would leave behind.
        for suffix in ("", "-wal", "-shm"):
            shutil.copyfile(live / f"{DB_FILENAME}{suffix}", tmp_path / f"{DB_FILENAME}{suffix}")
    wal = (tmp_path / f"{DB_FILENAME}-wal").read_bytes()
    assert len(wal) > 0
    path = tmp_path / DB_FILENAME
    header_page = path.read_bytes()[:4096]
    path.write_bytes(header_page + os.urandom(path.stat().st_size - 4096))
    result = open_store(tmp_path, clock=clock)
    result.store.close()
    assert result.recovery is not None
    moved = result.recovery.moved_to
    assert Path(f"{moved}-wal").read_bytes() == wal
    names = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(DB_FILENAME))
    assert names == sorted([DB_FILENAME, *(f"{moved.name}{s}" for s in ("", "-wal", "-shm"))])


def test_a_full_disk_at_start_is_said_plainly_not_as_a_disk_io_error(small_disk) -> None:
    """SQLite fails to grow the -shm file of a full disk as a bare "disk I/O error"."""
    existing = small_disk.path / "existing"
    make_real_database(existing, games=2)
    fresh = small_disk.path / "fresh"
    fresh.mkdir()
    before = (existing / DB_FILENAME).read_bytes()
    small_disk.fill()
    for folder in (existing, fresh, small_disk.path / "not-yet-made"):
        with pytest.raises(StorageError) as caught:
            open_store(folder)
        assert caught.value.key == "storage.disk_full_at_start"
        assert caught.value.params == {"path": str(folder)}
        assert "disk I/O error" not in str(caught.value)
    assert (existing / DB_FILENAME).read_bytes() == before
    small_disk.free()
    with open_store(existing).store as store:
        assert len(store.unfinished_games()) == 2
