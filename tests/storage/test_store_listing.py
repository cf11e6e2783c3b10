from datetime import timedelta

import pytest

from storage import GameStore, StorageError, open_store
from storage.keeper import GameKeeper
from tests.storage.conftest import add, new_game


def ids(rows) -> list[str]:
    return [row.id for row in rows]


def test_unfinished_games_most_recently_changed_first(store: GameStore) -> None:
    a, b, c = (new_game(store, game) for game in ("wizard", "plotters", "colour_blind"))
    assert ids(store.unfinished_games()) == [c, b, a]
    add(store, a, "draft", {})
    assert ids(store.unfinished_games()) == [a, c, b]
    add(store, b, "draft", {})
    rows = store.unfinished_games()
    assert ids(rows) == [b, a, c]
    assert [row.game for row in rows] == ["plotters", "wizard", "colour_blind"]
    assert all(row.finished_at is None and row.deleted_at is None for row in rows)


def test_finished_flag_moves_games_between_lists_and_can_be_undone(store: GameStore) -> None:
    a, b = new_game(store, "wizard"), new_game(store, "wizard")
    add(store, a, "score", {}, is_over=True)
    assert ids(store.unfinished_games()) == [b]
    assert ids(store.finished_games()) == [a]
    first_finish = store.summary(a).finished_at
    add(store, a, "score", {}, is_over=True)
    assert store.summary(a).finished_at == first_finish
    add(store, a, "undo", {})
    assert store.summary(a).finished_at is None
    assert ids(store.unfinished_games()) == [a, b]
    assert store.finished_games() == []


def test_finished_games_newest_first_in_pages(store: GameStore) -> None:
    games = [new_game(store, "wizard") for _ in range(7)]
    finish_order = [games[i] for i in (3, 0, 6, 1, 5, 2, 4)]
    for game_id in finish_order:
        add(store, game_id, "score", {}, is_over=True)
    newest_first = finish_order[::-1]
    assert ids(store.finished_games(limit=3)) == newest_first[:3]
    assert ids(store.finished_games(limit=3, offset=3)) == newest_first[3:6]
    assert ids(store.finished_games(limit=3, offset=6)) == newest_first[6:]
    assert store.finished_games(limit=3, offset=9) == []
    assert ids(store.finished_games()) == newest_first


def test_soft_delete_hides_and_restore_brings_back_with_actions(store: GameStore) -> None:
    live, done = new_game(store, "wizard"), new_game(store, "wizard")
    add(store, live, "draft", {"n": 1})
    add(store, done, "score", {}, is_over=True)
    store.delete(live)
    store.delete(done)
    assert store.unfinished_games() == []
    assert store.finished_games() == []
    assert store.summary(live).deleted_at is not None
    assert store.actions(live)[1:] == [("draft", {"n": 1})]
    store.restore(live)
    store.restore(done)
    assert ids(store.unfinished_games()) == [live]
    assert ids(store.finished_games()) == [done]
    assert store.summary(live).deleted_at is None


def test_purge_removes_only_games_deleted_before_the_cutoff(store: GameStore, clock) -> None:
    old, recent, kept = (new_game(store, "wizard") for _ in range(3))
    for game_id in (old, recent, kept):
        add(store, game_id, "draft", {"x": 1})
    store.delete(old)
    cutoff = clock.now + timedelta(milliseconds=500)
    store.delete(recent)
    assert store.purge_deleted(older_than=cutoff) == 1
    assert ids(store.unfinished_games()) == [kept]
    store.restore(recent)
    assert store.actions(recent)[1:] == [("draft", {"x": 1})]
    assert ids(store.unfinished_games()) == [kept, recent]
    with pytest.raises(StorageError) as caught:
        store.actions(old)
    assert caught.value.key == "storage.game_not_found"
    assert store.purge_deleted(older_than=clock.now + timedelta(days=1)) == 0


def test_a_game_deleted_is_restorable_until_the_app_starts_again(tmp_path, clock) -> None:
    """Its Undo lasts the session that deleted it; at the next start the game, and the
    players' names it holds, are gone for good."""
    with open_store(tmp_path, clock=clock).store as store:
        gone, restored, kept = (new_game(store, "wizard") for _ in range(3))
        store.delete(gone)
        store.delete(restored)
        store.restore(restored)
    with open_store(tmp_path, clock=clock).store as store:
        GameKeeper(store).at_start()
        assert set(ids(store.unfinished_games())) == {restored, kept}
        with pytest.raises(StorageError) as caught:
            store.restore(gone)
        assert caught.value.key == "storage.game_not_found"
