"""No crash, full disk or bad record leaves the app unusable: whole writes or nothing, lists
that never fail, and one damaged game that harms only itself."""

import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from scorers.ledger import Action
from storage import DB_FILENAME, StorageError, open_store
from storage.keeper import GameDamaged, GameKeeper, SavedGame, listing_of
from tests.small_disk import small_disk
from tests.storage.fault_writer import KILLED
from tests.storage.played_games import PLAYED, played_plotters, played_wizard

WRITER = Path(__file__).with_name("fault_writer.py")
REPO_ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096


def run_writer(data_dir: Path, stop_at: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(WRITER), str(data_dir), str(stop_at)],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )


def assert_every_game_agrees_with_its_record(keeper: GameKeeper) -> int:
    """Home's queries succeed, and every listed game replays to its listing and flag."""
    listed = keeper.unfinished() + keeper.finished(limit=10_000)
    keeper.recent_names()
    for summary in listed:
        game = keeper.open(summary.id)  # a game without its start would be damaged
        assert summary.listing == listing_of(game.ledger.state)
        assert (summary.finished_at is not None) == game.ledger.state.is_over
    return len(listed)


@pytest.mark.timeout(240)  # 34 writers started and killed: a second each, more on a busy machine
def test_a_crash_between_any_two_statements_leaves_every_game_consistent(
    tmp_path: Path,
) -> None:
    dry_run = tmp_path / "dry-run"
    open_store(dry_run).store.close()
    finished = run_writer(dry_run, 0)
    assert finished.returncode == 0, finished.stderr
    statements = int(finished.stdout)
    data = tmp_path / "data"
    open_store(data).store.close()
    rng = random.Random(9)
    stops = sorted({1, 2, statements, *rng.sample(range(1, statements + 1), 30)})
    for stop in stops:
        crashed = run_writer(data, stop)
        assert crashed.returncode == KILLED, crashed.stderr
        result = open_store(data)
        assert result.recovery is None
        with result.store as store:
            assert_every_game_agrees_with_its_record(GameKeeper(store))


class RecordingKeeper(GameKeeper):
    """Remembers the last game each write returned: what the player saw acknowledged."""

    acknowledged: dict[str, SavedGame]

    def start(self, *args: object, **kwargs: object) -> SavedGame:
        game = super().start(*args, **kwargs)  # type: ignore[arg-type]
        self.acknowledged[game.id] = game
        return game

    def apply(self, game: SavedGame, action: Action) -> SavedGame:
        saved = super().apply(game, action)
        self.acknowledged[saved.id] = saved
        return saved


# From no room at all to room for every game: each level fails a different write.
@pytest.mark.parametrize("free_pages", range(0, 290, 10))
def test_a_full_disk_at_any_level_saves_whole_writes_or_nothing(
    tmp_path: Path, free_pages: int
) -> None:
    with small_disk(tmp_path / "disk", size="6m") as disk, open_store(disk.path).store as store:
        keeper = RecordingKeeper(store)
        keeper.acknowledged = {}
        disk.fill()
        with disk.filler.open("r+b") as filler:
            filler.truncate(max(0, filler.seek(0, 2) - free_pages * PAGE))
        refused = None
        try:
            for play in PLAYED.values():
                play(keeper)
        except StorageError as error:
            refused = error
        assert refused is None or refused.key == "storage.disk_full"
        assert refused is not None or free_pages > 0
        assert assert_every_game_agrees_with_its_record(keeper) == len(keeper.acknowledged)
        for game_id, seen in keeper.acknowledged.items():
            assert keeper.open(game_id).ledger == seen.ledger
        disk.free()


def damage_one_action(path: Path, game_id: str, seq: int, change: Callable[[bytes], bytes]) -> None:
    connection = sqlite3.connect(path)
    with connection:
        (num,) = connection.execute("SELECT num FROM games WHERE id = ?", (game_id,)).fetchone()
        (data,) = connection.execute(
            "SELECT CAST(data AS BLOB) FROM actions WHERE game_num = ? AND seq = ?", (num, seq)
        ).fetchone()
        connection.execute(
            "UPDATE actions SET data = CAST(? AS TEXT) WHERE game_num = ? AND seq = ?",
            (change(data), num, seq),
        )
    connection.close()


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.replace(b"{", b"[", 1),  # no longer JSON
        lambda data: data[:-1] + b"\xff",  # no longer UTF-8
        lambda data: data.replace(b'"round":1', b'"round":7', 1),  # JSON the rules refuse
        lambda data: data + b"}",  # JSON, then more
        lambda data: data + b' {"round":1}',  # two JSON values
        lambda data: data.replace(b'"round":1', b'"round":1.0', 1),  # JSON, but a float
        lambda data: data[:-1] + b',"pad":"' + b"x" * 2_000 + b'"}',  # larger than any step
        lambda data: data[:-1] + b',"pad":' + b"[" * 990 + b"]" * 990 + b"}",  # nested deep
    ],
    ids=[
        "not-json",
        "not-utf8",
        "refused",
        "json-then-more",
        "two-values",
        "float",
        "too-large",
        "too-deep",
    ],
)
def test_one_damaged_action_harms_only_its_own_game(
    tmp_path: Path, change: Callable[[bytes], bytes]
) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        damaged, sound = played_wizard(keeper), played_plotters(keeper)
    damage_one_action(tmp_path / DB_FILENAME, damaged.id, 3, change)
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        assert {game.id for game in keeper.unfinished() + keeper.finished()} == {
            damaged.id,
            sound.id,
        }
        with pytest.raises(GameDamaged) as caught:
            keeper.open(damaged.id)
        assert "Step 3" in caught.value.params["reason"]
        assert keeper.open(sound.id).ledger == sound.ledger
        [listed] = [game for game in keeper.unfinished() if game.id == damaged.id]
        assert listed.is_damaged and listed.listing == damaged.summary.listing
        record = keeper.raw_record(damaged.id).splitlines()
        assert len(record) == 1 + damaged.ledger.action_count
        keeper.delete(damaged.id)
        assert [game.id for game in keeper.unfinished() + keeper.finished()] == [sound.id]


def test_a_record_with_blanks_around_its_json_still_opens(tmp_path: Path) -> None:
    """The store writes compact JSON, but any JSON text it holds is read, as json.loads
    reads it (a file written by hand, or by an older Trickpad)."""
    with open_store(tmp_path).store as store:
        game = played_wizard(GameKeeper(store))
    for seq, change in enumerate([b" \n%s", b"%s\r\n", b"\t%s "], start=2):
        damage_one_action(
            tmp_path / DB_FILENAME, game.id, seq, lambda data, change=change: change % data
        )
    with open_store(tmp_path).store as store:
        assert GameKeeper(store).open(game.id).ledger == game.ledger
        assert not store.summary(game.id).is_damaged


def test_games_saved_before_listings_get_theirs_once_and_empty_ones_are_damaged(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        games = [play(keeper) for play in PLAYED.values()]
    connection = sqlite3.connect(tmp_path / DB_FILENAME)
    with connection:  # as a version-2 file holds them, with a start cut off by a crash
        connection.execute("UPDATE games SET listing = NULL")
        connection.execute(
            "INSERT INTO games (id, game, created_at, updated_at) VALUES (?, ?, ?, ?)",
            ("e" * 32, "wizard", "2026-01-01T10:00:00+00:00", "2026-01-01T10:00:00+00:00"),
        )
    connection.close()
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        assert keeper.complete_listings() == 4
        assert keeper.complete_listings() == 0
        for game in games:
            assert store.summary(game.id).listing == listing_of(game.ledger.state)
        empty = store.summary("e" * 32)
        assert empty.is_damaged and "nothing to replay" in (empty.damaged or "")
        keeper.delete(empty.id)
        assert assert_every_game_agrees_with_its_record(keeper) == 3
