"""One-off adjustments saved, reopened from the SQLite file, exported and imported again,
and written on the CSV score sheet after the round they follow."""

import csv
import io
from pathlib import Path

from scorers.adjustments import Adjustment
from scorers.ledger import Action
from storage import GameStore, open_store
from storage.game_file import export_json, import_json
from storage.keeper import GameKeeper, SavedGame
from storage.score_sheet import export_csv
from tests.storage.played_games import colour_blind_deal, wizard_round


def adjust(number: int, seat: int, points: int, reason: str, after: int) -> Action:
    data = {"number": number, "after": after, "seat": seat, "points": points, "reason": reason}
    return Action("adjust", data)


def adjusted_wizard(keeper: GameKeeper) -> SavedGame:
    """Two rounds of Wizard with a misdeal penalty after round 1 (changed once), a house
    rule's bonus taken back and brought again, and one taken away."""
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    game = wizard_round(keeper, game, [0, 1, 0], [0, 1, 0])  # 20, 30, 20
    game = keeper.apply(game, adjust(1, 1, -10, "misdeal", after=1))
    game = keeper.apply(game, adjust(1, 1, -20, "misdeal, twice", after=1))
    game = keeper.apply(game, adjust(2, 0, 5, "oops", after=1))
    game = keeper.apply(game, Action("remove_adjustment", {"number": 2}))
    game = wizard_round(keeper, game, [0, 0, 2], [0, 0, 2])  # 20, 20, 40
    game = keeper.apply(game, adjust(2, 2, 3, "house rule", after=2))
    game = keeper.apply(game, Action("undo", {}))
    return keeper.apply(game, Action("redo", {}))


def test_adjustments_are_kept_in_the_file_and_come_back_when_it_is_opened_again(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path).store as store:
        game = adjusted_wizard(GameKeeper(store))
    assert game.ledger.state.totals == (40, 30, 63)
    with open_store(tmp_path).store as store:
        reopened = GameKeeper(store).open(game.id)
    assert reopened.ledger.state.adjustments == (
        Adjustment(1, 1, -20, "misdeal, twice"),
        Adjustment(2, 2, 3, "house rule"),
    )
    assert reopened.ledger.state == game.ledger.state
    assert reopened.summary.listing is not None
    assert reopened.summary.listing.totals == (40, 30, 63)


def test_adjustments_go_through_the_game_file_into_another_database(
    tmp_path: Path, store: GameStore
) -> None:
    game = adjusted_wizard(GameKeeper(store))
    text = export_json(game)
    assert '"kind": "adjust"' in text and '"kind": "remove_adjustment"' in text
    with open_store(tmp_path / "elsewhere").store as other:
        copy = import_json(GameKeeper(other), text)
    with open_store(tmp_path / "elsewhere").store as other:
        again = GameKeeper(other).open(copy.id)
    assert again.ledger.actions == game.ledger.actions
    assert again.ledger.state == game.ledger.state
    assert again.ledger.apply(Action("undo", {})).state.totals == (40, 30, 60)


def test_the_csv_sheet_writes_each_adjustment_after_its_round_with_the_totals(
    store: GameStore,
) -> None:
    rows = list(csv.reader(io.StringIO(export_csv(adjusted_wizard(GameKeeper(store))))))
    assert [row[0] for row in rows] == [
        "Round",
        "1",
        "Adjustment: misdeal, twice",
        "2",
        "Adjustment: house rule",
        "Total",
        "Place",
    ]
    # Per player: bid, tricks, points, running total.
    assert rows[2][1:] == ["", "", "", "20", "", "", "-20", "10", "", "", "", "20"]
    assert rows[3][1:] == ["0", "0", "20", "40", "0", "0", "20", "30", "2", "2", "40", "60"]
    assert rows[4][1:] == ["", "", "", "40", "", "", "", "30", "", "", "3", "63"]
    assert [rows[5][4], rows[5][8], rows[5][12]] == ["40", "30", "63"]
    assert [rows[6][4], rows[6][8], rows[6][12]] == ["2", "3", "1"]


def test_an_adjustment_is_counted_in_a_colour_blind_game_to_its_target(store: GameStore) -> None:
    keeper = GameKeeper(store)
    game = keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0, {"target": 20})
    game = colour_blind_deal(keeper, game, [2] * 6 + [0, 1, 0, 1, 0, 1, 0])  # 16, 12, 0
    game = keeper.apply(game, adjust(1, 1, 8, "house rule", after=1))
    assert game.ledger.state.is_over and game.summary.finished_at is not None
    assert keeper.open(game.id).ledger.state.totals == (16, 20, 0)
