"""What the views know of each game: its name, its entry panel and its score-sheet cells.

Player counts and everything else about the rules come from scorers.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorers.game import GameRules
from scorers.games import GAMES as RULES
from scorers.ledger import GameState
from views.colour_blind_entry import ColourBlindEntry, colour_blind_cell, tied_on_top_note
from views.plotters_entry import PlottersEntry, cards_note, plotters_cell
from views.table import Table
from views.wizard_entry import WizardEntry, wizard_cell


@dataclass(frozen=True)
class GameView:
    game: str
    title_key: str
    blurb_key: str
    # The banner's words for the player who starts the round ("Bidding starts with Ben").
    first_key: str
    entry: Callable[[Table], ft.Control]
    # A player's round on the score sheet, explained by the parts the rules scored.
    cell: Callable[[Mapping[str, Any], int, Mapping[str, Any]], str]
    # An extra banner line while the game runs, when the game has something to say
    # ("Tied on top: another deal is played"); None when it has nothing.
    banner_note: Callable[[GameState], str | None] | None = None

    @property
    def rules(self) -> GameRules:
        return RULES[self.game]


GAMES = (
    GameView(
        "wizard",
        "game.wizard",
        "game.wizard.blurb",
        "banner.bidding_starts",
        WizardEntry,
        wizard_cell,
    ),
    GameView(
        "plotters",
        "game.plotters",
        "game.plotters.blurb",
        "banner.leads",
        PlottersEntry,
        plotters_cell,
        banner_note=cards_note,
    ),
    GameView(
        "colour_blind",
        "game.colour_blind",
        "game.colour_blind.blurb",
        "banner.leads",
        ColourBlindEntry,
        colour_blind_cell,
        tied_on_top_note,
    ),
)
GAMES_BY_ID = {view.game: view for view in GAMES}
