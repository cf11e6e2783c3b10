import threading
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from types import MappingProxyType

import pytest

from storage import GameStore, StorageError, open_store
from storage.errors import ChangedElsewhere

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
        game_id = store.create_game("wizard")
        seqs = [store.append(game_id, kind, data) for kind, data in written]
    assert seqs == [1, 2, 3, 4, 5]
    with open_store(tmp_path).store as reopened:
        assert reopened.actions(game_id) == written


def test_sequence_numbers_are_per_game(store: GameStore) -> None:
    first, second = store.create_game("wizard"), store.create_game("plotters")
    assert store.append(first, "draft", {"n": 1}) == 1
    assert store.append(second, "draft", {"n": 1}) == 1
    assert store.append(first, "draft", {"n": 2}) == 2
    assert store.actions(first) == [("draft", {"n": 1}), ("draft", {"n": 2})]
    assert store.actions(second) == [("draft", {"n": 1})]


def test_new_game_has_no_actions_and_a_fresh_hex_id(store: GameStore) -> None:
    ids = {store.create_game("colour_blind") for _ in range(3)}
    assert len(ids) == 3
    for game_id in ids:
        assert len(game_id) == 32 and int(game_id, 16) >= 0
        assert store.actions(game_id) == []


def test_read_only_mappings_are_stored_as_objects(store: GameStore) -> None:
    game_id = store.create_game("wizard")
    store.append(game_id, "draft", MappingProxyType({"entry": MappingProxyType({"a": (1, 2)})}))
    assert store.actions(game_id) == [("draft", {"entry": {"a": [1, 2]}})]


def test_unserialisable_data_is_refused_before_anything_is_written(store: GameStore) -> None:
    game_id = store.create_game("wizard")
    with pytest.raises(TypeError):
        store.append(game_id, "draft", {"when": datetime.now(UTC)})
    with pytest.raises(ValueError):
        store.append(game_id, "draft", {"x": float("nan")})
    assert store.append(game_id, "draft", {"ok": 1}) == 1


def test_unknown_game_is_a_storage_error(store: GameStore) -> None:
    for call in (
        lambda: store.append("0" * 32, "draft", {}),
        lambda: store.actions("0" * 32),
        lambda: store.summary("0" * 32),
        lambda: store.set_finished("0" * 32, True),
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
    game_id = store.create_game("wizard", created_at=created)
    row = store.summary(game_id)
    assert row.created_at == created and row.created_at.utcoffset() == timedelta(0)
    assert row.updated_at == created
    store.append(game_id, "draft", {})
    appended_at = clock.now
    store.set_finished(game_id, True)
    row = store.summary(game_id)
    assert row.updated_at == appended_at
    assert row.finished_at is not None and row.finished_at > appended_at


def test_naive_created_at_is_refused(store: GameStore) -> None:
    with pytest.raises(ValueError):
        store.create_game("wizard", created_at=datetime(2026, 1, 1))


def test_concurrent_appends_from_several_threads(store: GameStore) -> None:
    games = [store.create_game("wizard") for _ in range(4)]
    shared = store.create_game("plotters")
    errors: list[BaseException] = []

    def write(game_id: str, worker: int) -> None:
        try:
            for n in range(25):
                store.append(game_id, "draft", {"n": n})
                store.append(shared, "draft", {"worker": worker, "n": n})
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
        assert store.actions(game_id) == [("draft", {"n": n}) for n in range(25)]
    shared_actions = store.actions(shared)
    assert len(shared_actions) == 100
    for worker in range(4):
        mine = [data["n"] for _, data in shared_actions if data["worker"] == worker]
        assert mine == list(range(25))


def test_an_imported_game_holds_its_actions_in_order_and_appends_after_them(
    store: GameStore,
) -> None:
    written = [("start", {"game": "wizard"}), ("draft", BIDS), ("undo", {})]
    game_id = store.import_game("wizard", written, finished=True)
    assert store.actions(game_id) == written
    assert store.summary(game_id).finished_at is not None
    assert store.append(game_id, "redo", {}) == len(written) + 1
    unfinished = store.import_game("plotters", written[:1])
    assert [summary.id for summary in store.unfinished_games()] == [unfinished]


def test_an_import_with_unserialisable_data_writes_no_game(store: GameStore) -> None:
    with pytest.raises(ValueError):
        store.import_game("wizard", [("start", {}), ("draft", {"x": float("nan")})])
    assert store.unfinished_games() == [] and store.finished_games() == []


def test_an_append_expecting_fewer_actions_writes_nothing(store: GameStore) -> None:
    game_id = store.create_game("wizard")
    store.append(game_id, "start", {"n": 1})
    store.append(game_id, "draft", {"n": 2}, after=1)
    with pytest.raises(ChangedElsewhere) as caught:
        store.append(game_id, "draft", {"n": 3}, after=1)
    assert caught.value.saved == 2
    assert caught.value.key == "storage.changed_elsewhere"
    assert [data["n"] for _, data in store.actions(game_id)] == [1, 2]
