"""A damaged store is never silent and never a dead end (storage.opening, storage.rescue):
a write-ahead log SQLite would drop is found and said, and every game whose record can
still be read from the files set aside comes back into the fresh store, counted, on real
SQLite files damaged as a disk or a browser damages them."""

import io
import os
import shutil
import sqlite3
import zipfile
from pathlib import Path

from storage import DB_FILENAME, open_store
from storage.keeper import GameKeeper, SavedGame
from storage.opening import LOG_UNREADABLE, UNREADABLE
from storage.rescue import packed
from tests.storage.played_games import PLAYED, played_wizard
from tests.storage.test_journal import damage_one_action

SUFFIXES = ("", "-wal", "-shm")


def play_all(folder: Path) -> dict[str, SavedGame]:
    """Each played game in a store at `folder`, closed (checkpointed into the main file)."""
    with open_store(folder).store as store:
        keeper = GameKeeper(store)
        return {name: play(keeper) for name, play in PLAYED.items()}


def left_by_a_kill(live: Path, into: Path) -> None:
    """The files of the open store at `live` copied to `into`, as a killed app leaves them."""
    into.mkdir(exist_ok=True)
    for suffix in SUFFIXES:
        source = live / f"{DB_FILENAME}{suffix}"
        if source.exists():
            shutil.copyfile(source, into / f"{DB_FILENAME}{suffix}")


def games_in(keeper: GameKeeper) -> dict[str, SavedGame]:
    return {game.id: keeper.open(game.id) for game in keeper.unfinished() + keeper.finished()}


def test_an_unreadable_log_is_said_and_the_games_of_the_main_file_come_back(
    tmp_path: Path, clock
) -> None:
    """A store whose latest game lives only in its log, the log overwritten: SQLite would
    open the main file alone without a word. It is set aside instead, said as the log's
    damage, and the games the main file holds come back as they were."""
    live = tmp_path / "live"
    before = play_all(live)
    with open_store(live).store as store:
        GameKeeper(store).start("wizard", ["Ann", "Ben", "Cas"], 0)  # in the log only
        left_by_a_kill(live, tmp_path / "data")
    log = tmp_path / "data" / f"{DB_FILENAME}-wal"
    garbage = os.urandom(log.stat().st_size)
    log.write_bytes(garbage)

    result = open_store(tmp_path / "data", clock=clock)
    recovery = result.recovery
    assert recovery is not None
    assert (recovery.cause, recovery.key) == (LOG_UNREADABLE, "storage.log_unreadable_moved_aside")
    assert Path(f"{recovery.moved_to}-wal").read_bytes() == garbage  # kept, to download
    assert (recovery.rescued.back, recovery.rescued.lost, recovery.rescued.listed) == (3, 0, True)
    with result.store as store:
        back = games_in(GameKeeper(store))
    assert {game_id: game.ledger for game_id, game in back.items()} == {
        game.id: game.ledger for game in before.values()
    }


def test_a_store_held_in_its_log_alone_is_not_lost_without_a_word(tmp_path: Path, clock) -> None:
    """As in a phone's browser: the main file not yet written, every game in the log. An
    unreadable log leaves nothing to bring back, and that is said."""
    live = tmp_path / "live"
    live.mkdir()
    with open_store(live).store as store:
        GameKeeper(store).start("wizard", ["Ann", "Ben", "Cas"], 0)
        left_by_a_kill(live, tmp_path / "data")
    log = tmp_path / "data" / f"{DB_FILENAME}-wal"
    log.write_bytes(b"\x00" * log.stat().st_size)
    result = open_store(tmp_path / "data", clock=clock)
    result.store.close()
    assert result.recovery is not None and result.recovery.cause == LOG_UNREADABLE
    assert result.recovery.rescued.back == 0


def test_a_sound_log_of_an_unclean_shutdown_is_no_damage(tmp_path: Path) -> None:
    live = tmp_path / "live"
    live.mkdir()
    with open_store(live).store as store:
        game = played_wizard(GameKeeper(store))
        left_by_a_kill(live, tmp_path / "data")
    assert (tmp_path / "data" / f"{DB_FILENAME}-wal").stat().st_size > 4096
    result = open_store(tmp_path / "data")
    with result.store as store:
        assert result.recovery is None
        assert GameKeeper(store).open(game.id).ledger == game.ledger


def test_each_game_that_can_be_read_comes_back_and_the_others_are_counted(
    tmp_path: Path, clock
) -> None:
    """A main file failing its check (an index page overwritten) whose games' rows still
    read, one game's record damaged too: the others come back, that one is counted."""
    played = play_all(tmp_path)
    path = tmp_path / DB_FILENAME
    damage_one_action(path, played["wizard"].id, 3, lambda data: data.replace(b"{", b"[", 1))
    with sqlite3.connect(path) as reader:
        ((page,),) = reader.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_games_1'"
        )
    reader.close()
    data = bytearray(path.read_bytes())
    start = (page - 1) * 4096
    data[start : start + 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))

    result = open_store(tmp_path, clock=clock)
    recovery = result.recovery
    assert recovery is not None and recovery.cause == UNREADABLE
    assert (recovery.rescued.back, recovery.rescued.lost) == (2, 1)
    with result.store as store:
        back = games_in(GameKeeper(store))
    assert set(back) == {played["plotters"].id, played["colour_blind"].id}
    assert back[played["plotters"].id].ledger == played["plotters"].ledger


def test_a_file_that_is_no_database_brings_nothing_back_and_says_so(tmp_path: Path, clock) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"\x00not a database" * 300)
    result = open_store(tmp_path, clock=clock)
    result.store.close()
    assert result.recovery is not None
    assert not result.recovery.rescued.listed


def test_the_files_set_aside_are_packed_in_one_file_to_download(tmp_path: Path, clock) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"garbage" * 100)
    (tmp_path / f"{DB_FILENAME}-wal").write_bytes(b"old wal")
    result = open_store(tmp_path, clock=clock)
    result.store.close()
    assert result.recovery is not None
    moved = result.recovery.moved_to
    with zipfile.ZipFile(io.BytesIO(packed(moved))) as archive:
        assert {name: archive.read(name) for name in archive.namelist()} == {
            moved.name: b"garbage" * 100,
            f"{moved.name}-wal": b"old wal",
        }
