"""An entry panel must render for a finished game too.

Flet re-renders every component subscribed to a changed model, in no fixed order, before
it drops the ones the new screen no longer holds. If the panel's last render raised, the
session's update loop would stop and the screen would freeze (seen in the browser after
the last round)."""

from collections.abc import Callable

import pytest

from scorers.ledger import Action
from storage.keeper import GameKeeper, SavedGame
from tests.flet_harness import AppHarness
from tests.plotters_game import GAME, PLAYERS
from views.game_screen.open_game import OpenGame
from views.games.panel import EntryPanel
from views.games.registry import GAME_VIEWS


def finished_wizard(keeper: GameKeeper) -> SavedGame:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1]})
    entry = {"bids": [1, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    return keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


def finished_plotters(keeper: GameKeeper) -> SavedGame:
    game = keeper.start("plotters", PLAYERS, 0)
    for number, played in enumerate(GAME, start=1):
        entry = {
            "counts": [hand.counts for hand in played.hands],
            "face_up": [list(hand.face_up) if hand.face_up else None for hand in played.hands],
            "ended_early": played.ended_early,
        }
        game = keeper.apply(game, Action("score", {"round": number, "entry": entry}))
    return game


def finished_colour_blind(keeper: GameKeeper) -> SavedGame:
    game = keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0, {"target": 10})
    row = ["AS", "AC", "2S", "2C", "3S", "3C", "10H", "JD", "JH", "QD", "QH", "KD", "KH"]
    entry = {"row": row, "captured_by": [1] * 6 + [0] * 7}
    return keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


FINISHERS: dict[str, Callable[[GameKeeper], SavedGame]] = {
    "wizard": finished_wizard,
    "plotters": finished_plotters,
    "colour_blind": finished_colour_blind,
}


@pytest.mark.parametrize("game", sorted(FINISHERS))
async def test_an_entry_panel_renders_for_a_finished_game(
    harness: AppHarness, keeper: GameKeeper, game: str
) -> None:
    finished = FINISHERS[game](keeper)
    assert finished.ledger.state.is_over
    table, panel = OpenGame(keeper, finished), EntryPanel()
    await harness.render(GAME_VIEWS[game].entry_panel, table, panel)
    assert harness.texts()
