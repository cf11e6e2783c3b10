import threading
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from types import MappingProxyType

import pytest

from storage import GameStore, StorageError, open_store
from storage.errors import ChangedElsewhere
from storage.keeper import GameKeeper
from storage.listing import Listing
from tests.storage.conftest import a_listing, add, new_game

BIDS = {"round": 3, "entry": {"bids": [1, None, 0], "tricks": [None, None, None]}}


def test_actions_round_trip_in_order_across_reopen(tmp_path: Path) -> None:
    written = [
        ("start", {"game": "wizard", "players": ["Ann", "Bö", "Çem"], "first_dealer": 2}),
        ("draft", BIDS),
        ("score", {"round": 3, "entry": {"bids": [1, 2, 0], "tricks": [1, 1, 1]}}),
        ("undo", {}),
        ("rename", {"seat": 1, "name": "Bö 🂡", "flag": True, "none": None, "neg": -4}),
    ]
    with open_store(tmp_path).store as store:
        game_id = store.start_game("wizard", written[0][1], a_listing()).id
        seqs = [add(store, game_id, kind, data) for kind, data in written[1:]]
    assert seqs == [2, 3, 4, 5]
    with open_store(tmp_path).store as reopened:
        assert reopened.actions(game_id) == written


def test_sequence_numbers_are_per_game(store: GameStore) -> None:
    first, second = new_game(store, "wizard"), new_game(store, "plotters")
    assert add(store, first, "draft", {"n": 1}) == 2
    assert add(store, second, "draft", {"n": 1}) == 2
    assert add(store, first, "draft", {"n": 2}) == 3
    assert store.actions(first)[1:] == [("draft", {"n": 1}), ("draft", {"n": 2})]
    assert store.actions(second)[1:] == [("draft", {"n": 1})]


def test_a_new_game_holds_its_start_its_listing_and_a_fresh_hex_id(store: GameStore) -> None:
    start = {"game": "colour_blind", "players": ["Ann", "Ben", "Cas"]}
    summaries = [store.start_game("colour_blind", start, a_listing()) for _ in range(3)]
    assert len({summary.id for summary in summaries}) == 3
    for summary in summaries:
        assert len(summary.id) == 32 and int(summary.id, 16) >= 0
        assert store.actions(summary.id) == [("start", start)]
        assert summary.action_count == 1 and summary.listing == a_listing()
        assert store.summary(summary.id) == summary


def test_read_only_mappings_are_stored_as_objects(store: GameStore) -> None:
    game_id = new_game(store, "wizard")
    add(store, game_id, "draft", MappingProxyType({"entry": MappingProxyType({"a": (1, 2)})}))
    assert store.actions(game_id)[1:] == [("draft", {"entry": {"a": [1, 2]}})]


def test_unserialisable_data_is_refused_before_anything_is_written(store: GameStore) -> None:
    game_id = new_game(store, "wizard")
    with pytest.raises(TypeError):
        add(store, game_id, "draft", {"when": datetime.now(UTC)})
    with pytest.raises(ValueError):
        add(store, game_id, "draft", {"x": float("nan")})
    assert add(store, game_id, "draft", {"ok": 1}) == 2


def test_unknown_game_is_a_storage_error(store: GameStore) -> None:
    for call in (
        lambda: add(store, "0" * 32, "draft", {}),
        lambda: store.actions("0" * 32),
        lambda: store.summary("0" * 32),
        lambda: add(store, "0" * 32, "score", {}, is_over=True),
        lambda: store.delete("0" * 32),
        lambda: store.restore("0" * 32),
    ):
        with pytest.raises(StorageError) as caught:
            call()
        assert caught.value.key == "storage.game_not_found"
        assert caught.value.params == {"game_id": "0" * 32}
        assert str(caught.value) == "That game no longer exists."


def test_timestamps_are_utc_and_updated_at_is_the_last_action(store: GameStore, clock) -> None:
    created = datetime(2026, 5, 1, 20, 0, tzinfo=timezone(timedelta(hours=2)))
    game_id = new_game(store, "wizard", created_at=created)
    row = store.summary(game_id)
    assert row.created_at == created and row.created_at.utcoffset() == timedelta(0)
    assert row.updated_at == created
    add(store, game_id, "draft", {})
    assert store.summary(game_id).updated_at == clock.now
    add(store, game_id, "score", {}, is_over=True)
    row = store.summary(game_id)
    assert row.updated_at == row.finished_at == clock.now


def test_naive_created_at_is_refused(store: GameStore) -> None:
    with pytest.raises(ValueError):
        new_game(store, "wizard", created_at=datetime(2026, 1, 1))


def test_concurrent_appends_from_several_threads(store: GameStore) -> None:
    games = [new_game(store, "wizard") for _ in range(4)]
    shared = new_game(store, "plotters")
    errors: list[BaseException] = []

    def write(game_id: str, worker: int) -> None:
        try:
            for n in range(25):
                add(store, game_id, "draft", {"n": n})
                add(store, shared, "draft", {"worker": worker, "n": n})
                store.unfinished_games()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(g, i)) for i, g in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for game_id in games:
        assert store.actions(game_id)[1:] == [("draft", {"n": n}) for n in range(25)]
    shared_actions = store.actions(shared)[1:]
    assert len(shared_actions) == 100
    for worker in range(4):
        mine = [data["n"] for _, data in shared_actions if data["worker"] == worker]
        assert mine == list(range(25))


def test_an_imported_game_holds_its_actions_in_order_and_appends_after_them(
    store: GameStore,
) -> None:
    written = [("start", {"game": "wizard"}), ("draft", BIDS), ("undo", {})]
    game_id = store.import_game("wizard", written, a_listing(is_over=True)).id
    assert store.actions(game_id) == written
    assert store.summary(game_id).finished_at is not None
    assert add(store, game_id, "redo", {}, is_over=True) == len(written) + 1
    unfinished = store.import_game("plotters", written[:1], a_listing()).id
    assert [summary.id for summary in store.unfinished_games()] == [unfinished]


def test_an_import_with_unserialisable_data_writes_no_game(store: GameStore) -> None:
    with pytest.raises(ValueError):
        store.import_game("wizard", [("start", {}), ("draft", {"x": float("nan")})], a_listing())
    assert store.unfinished_games() == [] and store.finished_games() == []


def test_an_append_expecting_fewer_actions_writes_nothing(store: GameStore) -> None:
    game_id = new_game(store, "wizard")
    add(store, game_id, "draft", {"n": 2}, after=1)
    with pytest.raises(ChangedElsewhere) as caught:
        add(store, game_id, "draft", {"n": 3}, after=1)
    assert caught.value.saved == 2
    assert caught.value.key == "storage.changed_elsewhere"
    assert [data.get("n") for _, data in store.actions(game_id)] == [None, 2]


def test_the_listing_and_finished_flag_are_saved_with_the_action(store: GameStore) -> None:
    game_id = new_game(store)
    over = Listing(
        ("Ann", "Ben", "Cas"), 10, 10, (40, -10, 20), True, (0,), {}, (1, 3, 2), ({}, {}, {})
    )
    summary = store.append(game_id, "score", {"round": 10}, over)
    assert summary.listing == over and summary.finished_at is not None
    assert store.summary(game_id) == summary
    reopened = store.append(game_id, "undo", {}, a_listing())
    assert reopened.listing == a_listing() and reopened.finished_at is None


def test_after_each_commit_is_told_once_the_write_is_on_disk(tmp_path: Path) -> None:
    """The phone-alone app copies the file to the browser's storage from this callback: it
    must see every committed write, each already readable from the file, and no failed one."""
    seen_on_disk: list[int] = []
    with open_store(tmp_path).store as store:
        game_id = new_game(store, "wizard")

        def committed() -> None:
            with open_store(tmp_path).store as reader:
                seen_on_disk.append(len(reader.actions(game_id)))

        store.after_each_commit(committed)
        add(store, game_id, "draft", {"n": 1})
        with pytest.raises(ChangedElsewhere):
            add(store, game_id, "draft", {"n": 2}, after=1)
        add(store, game_id, "draft", {"n": 3}, after=2)
        store.delete(game_id)
    assert seen_on_disk == [2, 3, 3]


def test_a_copy_is_imported_under_its_games_id_or_none_that_is_not_an_id(
    store: GameStore,
) -> None:
    keeper = GameKeeper(store)
    ledger = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0).ledger
    game_id = "0123456789abcdef0123456789abcdef"
    assert not store.has_game(game_id)
    copy = keeper.import_ledger(ledger, game_id)
    assert copy.id == game_id and store.has_game(game_id)
    assert keeper.open(game_id).ledger.actions == ledger.actions
    for not_an_id in ("../x", "0123456789ABCDEF0123456789ABCDEF"):
        with pytest.raises(ValueError):
            keeper.import_ledger(ledger, not_an_id)
    assert len(keeper.unfinished()) == 2  # the game and its copy, nothing half-made
