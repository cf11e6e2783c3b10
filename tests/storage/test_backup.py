"""The whole library as one file: a round trip between two data folders, merged by game id."""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from scorers.ledger import Action
from storage import StorageError, open_store
from storage.backup import (
    VERSION,
    MergeReport,
    Progress,
    checking_process,
    export_library,
    import_library,
)
from storage.keeper import GameKeeper
from tests.storage.played_games import (
    PLAYED,
    played_colour_blind,
    played_plotters,
    played_wizard,
)
from tests.storage.test_game_file import stored_rows


def keeper_in(folder: Path) -> GameKeeper:
    return GameKeeper(open_store(folder).store)


def every_game(keeper: GameKeeper) -> dict[str, tuple]:
    """Game id -> its whole record, for every game on the lists."""
    return {
        summary.id: keeper.open(summary.id).ledger.actions
        for summary in keeper.unfinished() + keeper.finished(limit=None)
    }


def test_a_library_moves_every_game_to_another_device_and_back_without_duplicates(
    tmp_path: Path,
) -> None:
    phone, laptop = keeper_in(tmp_path / "phone"), keeper_in(tmp_path / "laptop")
    for play in PLAYED.values():
        play(phone)
    text, count = export_library(phone)
    assert count == 3
    report = import_library(laptop, text.encode())
    assert (report.added, report.updated, report.unchanged, report.refused) == (3, 0, 0, ())
    assert every_game(laptop) == every_game(phone)
    for summary in phone.unfinished() + phone.finished():
        merged = laptop.store.summary(summary.id)
        assert merged.listing == summary.listing
        # Listed with when it was played, not when it was merged.
        assert (merged.created_at, merged.updated_at, merged.finished_at) == (
            summary.created_at,
            summary.updated_at,
            summary.finished_at,
        )
    assert any(summary.finished_at for summary in phone.finished())
    again = import_library(laptop, text.encode())
    assert (again.added, again.updated, again.unchanged) == (0, 0, 3)
    assert every_game(laptop) == every_game(phone)


def test_a_game_taken_further_elsewhere_is_brought_up_to_date(tmp_path: Path) -> None:
    phone, laptop = keeper_in(tmp_path / "phone"), keeper_in(tmp_path / "laptop")
    game = phone.start("wizard", ["Ann", "Ben", "Cas"], 0)
    import_library(laptop, export_library(phone)[0].encode())
    game = phone.apply(game, Action("rename", {"seat": 0, "name": "Anna"}))
    newer, _ = export_library(phone)
    report = import_library(laptop, newer.encode())
    assert (report.added, report.updated, report.unchanged) == (0, 1, 0)
    assert laptop.open(game.id).ledger == game.ledger
    # A game each device took its own way is left as this device has it, and the other
    # way is kept beside it as another version of the game, listed on its line.
    laptop.apply(laptop.open(game.id), Action("rename", {"seat": 1, "name": "Benno"}))
    phone.apply(game, Action("rename", {"seat": 2, "name": "Cassie"}))
    report = import_library(laptop, export_library(phone)[0].encode())
    assert (report.added, report.updated, report.unchanged, report.versions) == (1, 0, 0, 1)
    assert laptop.open(game.id).ledger.state.players == ("Anna", "Benno", "Cas")
    (listed,) = laptop.unfinished()
    (version,) = listed.versions
    assert listed.id == game.id and version.version_of == game.id
    assert laptop.open(version.id).ledger.state.players == ("Anna", "Ben", "Cassie")
    # Merged again, the same backup finds its version here: nothing more.
    again = import_library(laptop, export_library(phone)[0].encode())
    assert (again.added, again.unchanged, again.versions) == (0, 1, 0)


def test_a_game_taken_further_elsewhere_takes_its_last_change_time_along(tmp_path: Path) -> None:
    phone, laptop = keeper_in(tmp_path / "phone"), keeper_in(tmp_path / "laptop")
    game = phone.start("wizard", ["Ann", "Ben", "Cas"], 0)
    import_library(laptop, export_library(phone)[0].encode())
    phone.apply(game, Action("rename", {"seat": 0, "name": "Anna"}))
    import_library(laptop, export_library(phone)[0].encode())
    assert laptop.store.summary(game.id).updated_at == phone.store.summary(game.id).updated_at


def test_a_backup_without_the_games_times_lists_them_as_merged_now(tmp_path: Path) -> None:
    """Backups made before the times were written: the merge's time, as before."""
    phone, laptop = keeper_in(tmp_path / "phone"), keeper_in(tmp_path / "laptop")
    game = played_colour_blind(phone)  # a finished game
    document = json.loads(export_library(phone)[0])
    for entry in document["games"]:
        del entry["updated_at"], entry["finished_at"]
    import_library(laptop, json.dumps(document).encode())
    played, merged = phone.store.summary(game.id), laptop.store.summary(game.id)
    assert merged.updated_at > played.updated_at
    assert merged.finished_at is not None and merged.finished_at > played.finished_at


@pytest.mark.parametrize("name", ["updated_at", "finished_at"])
@pytest.mark.parametrize("value", ["yesterday", "2026-12-04T10:00:00", 5])
def test_a_game_whose_time_is_unreadable_is_refused_naming_the_field(
    tmp_path: Path, name: str, value: object
) -> None:
    phone, laptop = keeper_in(tmp_path / "phone"), keeper_in(tmp_path / "laptop")
    played_wizard(phone)
    document = json.loads(export_library(phone)[0])
    document["games"][0][name] = value
    [refusal] = import_library(laptop, json.dumps(document).encode()).refused
    assert (refusal.error.key, refusal.error.params) == ("storage.import_field", {"field": name})


def test_a_bad_game_is_refused_with_its_reason_and_the_others_are_merged(tmp_path: Path) -> None:
    phone, laptop = keeper_in(tmp_path / "phone"), keeper_in(tmp_path / "laptop")
    wizard, plotters = played_wizard(phone), played_plotters(phone)
    document = json.loads(export_library(phone)[0])
    [bad] = [game for game in document["games"] if game["id"] == wizard.id]
    bad["actions"][1]["data"]["round"] = 9
    report = import_library(laptop, json.dumps(document).encode())
    assert (report.added, report.unchanged) == (1, 0)
    [refusal] = report.refused
    assert refusal.game == "wizard" and refusal.players == ("Ann", "Ben", "Cas")
    assert refusal.error.key == "storage.import_invalid" and refusal.error.params["step"] == 2
    assert list(every_game(laptop)) == [plotters.id]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json",
        json.dumps({"format": "trickpad-game", "version": 1}).encode(),
        json.dumps({"format": "trickpad-library", "version": VERSION + 1, "games": []}).encode(),
        json.dumps({"format": "trickpad-library", "version": 1, "games": {}}).encode(),
        ("[" * 50_000).encode(),
    ],
    ids=["empty", "text", "a game file", "newer", "games not a list", "deep"],
)
def test_a_file_that_is_not_a_library_changes_nothing(tmp_path: Path, content: bytes) -> None:
    laptop = keeper_in(tmp_path / "laptop")
    played_wizard(laptop)
    before = stored_rows(laptop.store)
    with pytest.raises(StorageError):
        import_library(laptop, content)
    assert stored_rows(laptop.store) == before


def test_a_full_disk_during_a_merge_saves_no_game(tmp_path: Path, small_disk) -> None:
    phone = keeper_in(tmp_path / "phone")
    for play in PLAYED.values():
        play(phone)
    text, _ = export_library(phone)
    with open_store(small_disk.path).store as store:
        laptop = GameKeeper(store)
        small_disk.fill()
        with pytest.raises(StorageError) as caught:
            import_library(laptop, text.encode())
        assert caught.value.key == "storage.disk_full"
        assert every_game(laptop) == {}
        small_disk.free()
        assert import_library(laptop, text.encode()).added == 3


# -- a merge writes in short transactions, and still saves all or nothing ------------------


def library_of(folder: Path, games: int) -> bytes:
    """A backup of `games` played games (Wizard in progress, finished Colour-blind in
    turn), more than one run of the store's writes."""
    phone = keeper_in(folder)
    for number in range(games):
        (played_colour_blind if number % 2 else played_wizard)(phone)
    return export_library(phone)[0].encode()


def test_another_phone_saves_while_a_merge_is_being_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storage.staged_import.ACTIONS_PER_TRANSACTION", 10)
    content = library_of(tmp_path / "phone", 4)
    laptop = keeper_in(tmp_path / "laptop")
    game = laptop.start("wizard", ["Ann", "Ben", "Cas"], 0)
    seen: list[tuple[str, int, int]] = []
    other_phone = ThreadPoolExecutor(max_workers=1)

    def meanwhile(progress: Progress) -> None:
        seen.append((progress.step, progress.done, len(laptop.unfinished())))
        if progress.step == "saving" and progress.done < progress.total:
            # Another session's tap, on another thread: the store must not be held.
            renamed = other_phone.submit(
                laptop.apply, laptop.open(game.id), Action("rename", {"seat": 0, "name": "A"})
            )
            renamed.result(timeout=10)

    report = import_library(laptop, content, meanwhile)
    other_phone.shutdown()
    assert report.added == 4
    saving = [entry for entry in seen if entry[0] == "saving"]
    assert len(saving) >= 2, seen  # written in several runs
    assert all(unfinished == 1 for _, _, unfinished in saving)  # staged games stay hidden
    assert laptop.open(game.id).ledger.state.players[0] == "A"
    assert len(every_game(laptop)) == 5


def test_a_merge_that_fails_after_writing_some_runs_saves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storage.staged_import.ACTIONS_PER_TRANSACTION", 10)
    phone = keeper_in(tmp_path / "phone")
    shared = played_wizard(phone)
    laptop = keeper_in(tmp_path / "laptop")
    import_library(laptop, export_library(phone)[0].encode())
    shared = phone.apply(shared, Action("rename", {"seat": 0, "name": "Anna"}))
    for _ in range(3):
        played_wizard(phone)
    content = export_library(phone)[0].encode()
    before = stored_rows(laptop.store)

    def changed_meanwhile(progress: Progress) -> None:
        if progress.step == "saving" and progress.done == progress.total:
            # The game the merge brings up to date changes before the merge is published.
            laptop.apply(laptop.open(shared.id), Action("rename", {"seat": 1, "name": "Benno"}))

    with pytest.raises(StorageError) as caught:
        import_library(laptop, content, changed_meanwhile)
    assert caught.value.key == "storage.changed_elsewhere"
    assert stored_rows(laptop.store) == (before[0], before[1] + 1)  # only the rename
    assert laptop.open(shared.id).ledger.state.players[:2] == ("Ann", "Benno")
    assert len(every_game(laptop)) == 1


def test_games_a_killed_merge_left_half_written_are_hidden_then_removed_on_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storage.staged_import.ACTIONS_PER_TRANSACTION", 10)
    content = library_of(tmp_path / "phone", 3)
    laptop = keeper_in(tmp_path / "laptop")
    played_wizard(laptop)
    before = stored_rows(laptop.store)
    monkeypatch.setattr(laptop.store.imports, "_discard", lambda staged: None)  # the process dies

    def killed(progress: Progress) -> None:
        if progress.step == "saving" and progress.done >= 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_library(laptop, content, killed)
    assert stored_rows(laptop.store) > before  # runs were written ...
    assert len(every_game(laptop)) == 1  # ... and nothing shows them
    assert laptop.store.people.players() == []  # a finished game's results are not counted
    laptop.store.close()
    reopened = keeper_in(tmp_path / "laptop")
    assert stored_rows(reopened.store) == before
    assert import_library(reopened, content).added == 3


def told(report: MergeReport) -> tuple:
    """What a merge report says (an exception equals only itself: its key and params)."""
    refusals = [
        (r.game, r.created_at, r.players, r.error.key, r.error.params) for r in report.refused
    ]
    return report.added, report.updated, report.unchanged, refusals


def test_games_checked_in_a_worker_process_merge_as_those_checked_here(tmp_path: Path) -> None:
    """The server's merge (merge_off_process) reads and replays the file in a worker
    process: added, brought up to date, refused (its error pickled back with its reason)
    and a file refused whole come out as in import_library without one."""
    phone = keeper_in(tmp_path / "phone")
    here, there = keeper_in(tmp_path / "here"), keeper_in(tmp_path / "there")
    wizard, plotters = played_wizard(phone), played_plotters(phone)
    game = phone.start("wizard", ["Ann", "Ben", "Cas"], 0)
    for keeper in (here, there):
        import_library(keeper, export_library(phone)[0].encode())
    phone.apply(game, Action("rename", {"seat": 0, "name": "Anna"}))
    document = json.loads(export_library(phone)[0])
    [bad] = [entry for entry in document["games"] if entry["id"] == plotters.id]
    bad["id"] = "f" * 32  # a new game, whose record is broken
    bad["actions"][1]["data"]["round"] = 9
    content = json.dumps(document).encode()
    with checking_process() as checks:
        report = import_library(here, content, checks=checks)
        with pytest.raises(StorageError) as refused_whole:
            import_library(here, b"not json", checks=checks)
    assert told(report) == told(import_library(there, content))
    assert (report.added, report.updated, report.unchanged) == (0, 1, 1)
    [refusal] = report.refused
    assert refusal.error.key == "storage.import_invalid" and refusal.error.params["step"] == 2
    assert refused_whole.value.key == "storage.import_not_json"
    assert every_game(here) == every_game(there)
    assert here.open(game.id).ledger.state.players[0] == "Anna"
    assert wizard.id in every_game(here)


def test_a_backup_larger_than_a_merge_takes_is_refused_before_it_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = keeper_in(tmp_path / "phone")
    played_wizard(phone)
    played_plotters(phone)
    text, _ = export_library(phone)
    monkeypatch.setattr("storage.backup.MAX_LIBRARY_BYTES", len(text.encode()) // 2)
    with pytest.raises(StorageError) as refused:
        export_library(phone)
    assert refused.value.key == "storage.backup_export_too_large"
    assert refused.value.params["count"] == 2
