"""GameKeeper: ledgers saved action by action in a real SQLite file."""

from pathlib import Path

import pytest

from scorers import InvalidEntry, wizard
from scorers.ledger import Action, Ledger
from storage import GameStore, StorageError, open_store
from storage.keeper import GameChanged, GameDamaged, GameKeeper
from tests.small_disk import SmallDisk


@pytest.fixture
def keeper(store: GameStore) -> GameKeeper:
    return GameKeeper(store)


def wizard_round(bids: list[int], tricks: list[int], number: int) -> Action:
    return Action("score", {"round": number, "entry": {"bids": bids, "tricks": tricks}})


def test_every_accepted_action_is_there_after_reopening(tmp_path: Path) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
        first = {"bids": [1, 0, None], "tricks": [None] * 3}
        game = keeper.apply(game, Action("draft", {"round": 1, "entry": first}))
        game = keeper.apply(game, wizard_round([1, 0, 0], [1, 0, 0], 1))
        draft = {"bids": [2, None, None], "tricks": [None] * 3}
        game = keeper.apply(game, Action("draft", {"round": 2, "entry": draft}))
        before = game.ledger.state
    with open_store(tmp_path).store as store:
        reopened = GameKeeper(store).open(game.id)
    assert reopened.ledger.state == before
    assert reopened.ledger.actions == game.ledger.actions
    assert reopened.ledger.state.totals == (wizard.round_score(1, 1), 20, 20)
    assert reopened.ledger.state.draft is not None
    assert reopened.ledger.state.draft["bids"] == [2, None, None]


def test_a_refused_action_is_not_saved(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    with pytest.raises(InvalidEntry):
        keeper.apply(game, wizard_round([1, 0, 0], [1, 1, 1], 1))
    assert len(keeper.store.actions(game.id)) == 1
    assert keeper.open(game.id).ledger.actions == game.ledger.actions


def test_a_full_disk_raises_and_saves_nothing(small_disk: SmallDisk) -> None:
    with open_store(small_disk.path).store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
        small_disk.fill()
        with pytest.raises(StorageError) as caught:
            keeper.apply(game, Action("rename", {"seat": 0, "name": "Anna"}))
        assert caught.value.key == "storage.disk_full"
        with pytest.raises(StorageError) as caught:
            keeper.start("wizard", ["Dot", "Eve", "Fay"], first_dealer=0)
        assert caught.value.key == "storage.disk_full"
        assert keeper.open(game.id).ledger.actions == game.ledger.actions
        assert [summary.id for summary in keeper.unfinished()] == [game.id]
        small_disk.free()
        renamed = keeper.apply(game, Action("rename", {"seat": 0, "name": "Anna"}))
        assert keeper.open(game.id).ledger.state.players == renamed.ledger.state.players


def test_finishing_and_unfinishing_moves_the_game_between_lists(keeper: GameKeeper) -> None:
    game = keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], first_dealer=0)
    for number in range(1, 5):
        counts = [
            {colour: 14 if colour == mine else 0 for colour in ("blue", "green", "red", "yellow")}
            for mine in ("blue", "green", "red", "yellow")
        ]
        entry = {"counts": counts, "face_up": [None] * 4, "ended_early": False}
        game = keeper.apply(game, Action("score", {"round": number, "entry": entry}))
    assert game.ledger.state.is_over
    assert [g.id for g in keeper.finished()] == [game.id]
    assert keeper.unfinished() == []
    game = keeper.apply(game, Action("undo", {}))
    assert [g.id for g in keeper.unfinished()] == [game.id]
    assert keeper.finished() == []


def test_rematch_keeps_players_and_settings_and_passes_the_first_deal(
    keeper: GameKeeper,
) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 2, {"hook": True})
    again = keeper.rematch(game)
    assert again.id != game.id
    assert again.ledger.state.players == ("Ann", "Ben", "Cas")
    assert again.ledger.state.settings == game.ledger.state.settings
    assert again.ledger.state.first_dealer == 0


def test_recent_names_come_newest_first_without_repeats(keeper: GameKeeper) -> None:
    keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    keeper.start("wizard", ["Dot", "Ann", "Eve"], 0)
    assert keeper.recent_names() == ["Dot", "Ann", "Eve", "Ben", "Cas"]


def test_edits_of_different_fields_from_two_screens_both_land(keeper: GameKeeper) -> None:
    """Two phones hold the same game; each one's bid lands, and the record replays."""
    phone_a = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    phone_b = keeper.open(phone_a.id)
    phone_a = keeper.apply(phone_a, edit(1, (["bids", 0], None, 1)))
    phone_b = keeper.apply(phone_b, edit(1, (["bids", 1], None, 0), (["bids", 2], None, 0)))
    assert phone_b.ledger.actions == keeper.open(phone_a.id).ledger.actions
    assert phone_b.ledger.action_count == 3
    assert phone_b.ledger.state.draft is not None
    assert phone_b.ledger.state.draft["bids"] == [1, 0, 0]


def test_a_whole_entry_draft_from_a_screen_that_missed_a_change_is_refused(
    keeper: GameKeeper,
) -> None:
    """The old kind of draft carries the whole entry: landing it would erase Ann's bid."""
    phone_a = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    phone_b = keeper.open(phone_a.id)
    keeper.apply(phone_a, Action("draft", {"round": 1, "entry": draft([1, None, None])}))
    with pytest.raises(GameChanged) as caught:
        keeper.apply(phone_b, Action("draft", {"round": 1, "entry": draft([None, 0, 0])}))
    assert caught.value.reason is not None
    assert caught.value.reason.key == "merge.round_changed"
    assert caught.value.game.ledger.state.draft["bids"] == [1, None, None]


def edit(number: int, *changes: tuple[list, object, object]) -> Action:
    data = [{"at": at, "was": was, "now": now} for at, was, now in changes]
    return Action("edit", {"round": number, "changes": data})


def test_an_action_that_no_longer_fits_brings_the_saved_game_and_saves_nothing(
    keeper: GameKeeper,
) -> None:
    phone_a = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    phone_b = keeper.open(phone_a.id)
    keeper.apply(phone_a, wizard_round([1, 0, 0], [1, 0, 0], 1))
    # Phone B, still on round 1, saves a draft for it: round 1 is no longer open.
    with pytest.raises(GameChanged) as caught:
        keeper.apply(phone_b, Action("draft", {"round": 1, "entry": draft([0, 0, 0])}))
    assert caught.value.key == "storage.changed_elsewhere"
    assert caught.value.reason is not None and caught.value.reason.key == "merge.round_scored"
    assert caught.value.game.ledger.state.current_round == 2
    assert len(keeper.store.actions(phone_a.id)) == 2


def draft(bids: list[int | None]) -> dict[str, object]:
    return {"bids": bids, "tricks": [None] * len(bids)}


def test_a_game_saved_lately_is_reopened_without_reading_and_replaying_it_again(
    keeper: GameKeeper, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays: list[int] = []
    replay = Ledger.replay_saved
    monkeypatch.setattr(
        Ledger, "replay_saved", staticmethod(lambda record: replays.append(1) or replay(record))
    )
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    game = keeper.apply(game, wizard_round([1, 0, 0], [1, 0, 0], 1))
    # Every phone at the table re-reads after each save: they share the game as saved.
    assert keeper.open(game.id) is game and keeper.open(game.id) is game
    assert replays == []
    keeper.delete(game.id)  # the store's summary changed: read again, as saved
    assert keeper.open(game.id).ledger.actions == game.ledger.actions
    assert len(replays) == 1


def test_a_save_by_another_keeper_of_the_file_is_seen_at_the_next_open(tmp_path: Path) -> None:
    with open_store(tmp_path).store as first, open_store(tmp_path).store as second:
        here, elsewhere = GameKeeper(first), GameKeeper(second)
        game = here.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
        elsewhere.apply(elsewhere.open(game.id), wizard_round([1, 0, 0], [1, 0, 0], 1))
        assert here.open(game.id).ledger.state.totals == (30, 20, 20)


def test_a_game_marked_damaged_is_not_served_from_memory(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    keeper.store.mark_damaged(game.id, "bad bytes")
    with pytest.raises(GameDamaged):
        keeper.open(game.id)


def test_only_the_games_used_last_are_kept_in_memory(
    keeper: GameKeeper, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = [keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0) for _ in range(17)]
    replays: list[int] = []
    replay = Ledger.replay_saved
    monkeypatch.setattr(
        Ledger, "replay_saved", staticmethod(lambda record: replays.append(1) or replay(record))
    )
    assert keeper.open(games[-1].id) is games[-1]
    assert replays == []
    assert keeper.open(games[0].id).ledger.actions == games[0].ledger.actions  # forgotten
    assert replays == [1]
