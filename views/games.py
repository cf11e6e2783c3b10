"""The games the pad offers: one table of GameViews, in the order Home lists them.

Adding a game is one line here (after its rules module in scorers/ and its GameView module
in views/). Tests register a game of their own with `GAMES.registered(view)`.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from scorers.games import registered_rules
from views.colour_blind import ColourBlind
from views.game_view import GameView
from views.plotters import Plotters
from views.wizard import Wizard


class GameTable:
    """GameViews by game name; iterating gives them in the order they were listed."""

    def __init__(self, *views: GameView) -> None:
        self._views = {view.game: view for view in views}

    def __iter__(self) -> Iterator[GameView]:
        return iter(tuple(self._views.values()))

    def __len__(self) -> int:
        return len(self._views)

    def __contains__(self, game: object) -> bool:
        return game in self._views

    def __getitem__(self, game: str) -> GameView:
        return self._views[game]

    def get(self, game: str) -> GameView | None:
        """The game's view, or None for a name the pad does not know (e.g. from an address)."""
        return self._views.get(game)

    @contextmanager
    def registered(self, view: GameView) -> Iterator[GameView]:
        """The table, and the rules table, with one more game while the block runs."""
        with registered_rules(view.rules):
            self._views[view.game] = view
            try:
                yield view
            finally:
                del self._views[view.game]


GAMES = GameTable(Wizard(), Plotters(), ColourBlind())
