"""The players' records as storage keeps them: written with each finishing action, read
without replaying a game, merged names counted as one person."""

from pathlib import Path

import pytest

from scorers.ledger import Action
from storage import StorageError, open_store
from storage.keeper import GameKeeper, SavedGame
from tests.storage.played_games import played_plotters


def wizard_game(keeper: GameKeeper, players: list[str], bids_and_tricks: list[int]) -> SavedGame:
    """A one-round game (1 card); each seat bids and takes the given 0/1."""
    game = keeper.start("wizard", players, 0, {"round_sizes": [1]})
    entry = {"bids": bids_and_tricks, "tricks": bids_and_tricks, "cloud": None}
    return keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


def test_finished_games_give_each_person_their_games_and_wins(tmp_path: Path) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        wizard_game(keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])  # Ann 30, Ben 20, Cas 20
        wizard_game(keeper, ["ben", "Cas", "Dot"], [0, 1, 0])  # Cas wins
        open_game = keeper.start("wizard", ["Ann", "Eve", "Fay"], 0)
        played_plotters(keeper)  # Ann, Ben, Cas, Dot: undone at the end, so not finished
        summaries = {p.player: (p.name, p.games, p.wins) for p in store.people.players()}
        assert summaries == {
            "ann": ("Ann", 1, 1),
            "ben": ("ben", 2, 0),
            "cas": ("Cas", 2, 1),
            "dot": ("Dot", 1, 0),
        }
        assert [p.player for p in store.people.players("plotters")] == []
        ben = store.people.results_of("ben")
        assert [(r.name, r.place, r.score, r.players) for r in ben] == [
            ("Ben", 2, 20, 3),
            ("ben", 2, 20, 3),
        ]
        # Undoing the final round takes the game out of the records; redoing brings it back.
        game = keeper.open(keeper.finished()[0].id)
        game = keeper.apply(game, Action("undo", {}))
        assert store.people.players()[0].games == 1
        keeper.apply(game, Action("redo", {}))
        assert store.people.players()[0].games == 2
        keeper.delete(game.id)
        assert {p.player: p.games for p in store.people.players()}["cas"] == 1
        assert keeper.open(open_game.id).ledger.state.is_over is False


def test_two_spellings_merged_count_as_one_person(tmp_path: Path) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        wizard_game(keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])
        wizard_game(keeper, ["Anna", "Ben", "Cas"], [1, 0, 0])
        wizard_game(keeper, ["Annie", "Ben", "Cas"], [0, 1, 0])
        store.people.merge_players("anna", into="ann")
        store.people.merge_players("annie", into="anna")  # follows to the person "ann"
        people = {p.player: (p.name, p.games, p.wins) for p in store.people.players()}
        assert people["ann"] == ("Annie", 3, 2)
        assert "anna" not in people and "annie" not in people
        assert [r.name for r in store.people.results_of("ann")] == ["Ann", "Anna", "Annie"]
        store.people.merge_players("ann", into="annie")  # merging back the other way
        people = {p.player: p.games for p in store.people.players()}
        assert people == {"annie": 3, "ben": 3, "cas": 3}


def test_two_who_sat_at_one_game_are_never_merged(tmp_path: Path) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        wizard_game(keeper, ["Ben", "Dot", "Cas"], [1, 0, 0])
        wizard_game(keeper, ["Bennie", "Eve", "Fay"], [1, 0, 0])
        with pytest.raises(StorageError) as refused:
            store.people.merge_players("dot", into="ben")
        assert refused.value.key == "storage.merge_same_game"
        # Nor through a name already merged into one of them, either way round.
        store.people.merge_players("bennie", into="ben")
        with pytest.raises(StorageError):
            store.people.merge_players("dot", into="bennie")
        with pytest.raises(StorageError):
            store.people.merge_players("ben", into="dot")
        people = {p.player: p.games for p in store.people.players()}
        assert people["ben"] == 2 and people["dot"] == 1
        # A deleted game no longer keeps them apart.
        [_, together] = keeper.finished()
        keeper.delete(together.id)
        wizard_game(keeper, ["Dot", "Gus", "Hal"], [1, 0, 0])
        store.people.merge_players("dot", into="bennie")
        assert {p.player: p.games for p in store.people.players()}["ben"] == 2


def test_a_merge_is_taken_back_as_it_was(tmp_path: Path) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        wizard_game(keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])
        wizard_game(keeper, ["Anna", "Dot", "Cas"], [1, 0, 0])
        wizard_game(keeper, ["Annie", "Dot", "Eve"], [0, 1, 0])
        store.people.merge_players("annie", into="anna")
        people = {p.player: p.games for p in store.people.players()}
        merged = store.people.merge_players("anna", into="ann")  # Anna and Annie become Ann
        assert {p.player: p.games for p in store.people.players()}["ann"] == 3
        store.people.unmerge_players(merged)
        assert {p.player: p.games for p in store.people.players()} == people
        assert [r.name for r in store.people.results_of("anna")] == ["Anna", "Annie"]
        # The other way round: a name merged into the player becomes the key they go by.
        merged = store.people.merge_players("anna", into="annie")
        assert {p.player for p in store.people.players()} >= {"annie"}
        store.people.unmerge_players(merged)
        assert {p.player: p.games for p in store.people.players()} == people


def test_an_undo_after_the_names_were_merged_otherwise_changes_nothing(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path).store as store:
        keeper = GameKeeper(store)
        wizard_game(keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])
        wizard_game(keeper, ["Anna", "Dot", "Eve"], [1, 0, 0])
        wizard_game(keeper, ["Annie", "Dot", "Eve"], [1, 0, 0])
        merged = store.people.merge_players("anna", into="ann")
        store.people.merge_players("ann", into="annie")  # another screen, meanwhile
        after = {p.player: p.games for p in store.people.players()}
        with pytest.raises(StorageError) as refused:
            store.people.unmerge_players(merged)
        assert refused.value.key == "storage.merge_changed"
        assert {p.player: p.games for p in store.people.players()} == after
