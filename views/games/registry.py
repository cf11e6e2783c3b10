"""The games the screens offer: a GameView for every game in scorers.games' table, in its
order (the order Home lists them).

This table is derived, not listed: a game's view is `VIEW` in
`views/games/<game name>/view.py`, found by the name of each registered rules object, so
adding a game names it in no module here.
Tests add a game of their own with `GAME_VIEWS.registered(view)`.
"""

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import import_module

from scorers.game import GameRules
from scorers.games import GAME_RULES, registered_rules
from views.games.game_view import GameView
from views.shell.i18n import catalog
from views.shell.messages import say_params_with


def view_of(rules: GameRules) -> GameView:
    """The view of the game these rules are: `VIEW` in `views/games/<rules.name>/view.py`,
    which must show these very rules; a game without one fails loudly at start."""
    module_name = f"views.games.{rules.name}.view"
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name is None or not f"{module_name}.".startswith(f"{missing.name}."):
            raise  # a module the view itself imports is missing
        raise LookupError(
            f"the game {rules.name!r} has rules but no views/games/{rules.name}/view.py"
        ) from None
    view = getattr(module, "VIEW", None)
    if not isinstance(view, GameView) or view.rules is not rules:
        raise LookupError(
            f"views/games/{rules.name}/view.py has no VIEW showing the {rules.name!r} rules"
        )
    return view


class GameViews:
    """GameViews by game name; iterating gives them in the order of the rules table."""

    def __init__(self, rules: Mapping[str, GameRules]) -> None:
        self._views = {name: view_of(game) for name, game in rules.items()}
        for name, view in self._views.items():
            say_params_with(name, view.params_in_words)

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
        """The table, and the rules table, with one more game while the block runs; the
        English catalog holds its rules' messages meanwhile."""
        with registered_rules(view.rules):
            self._views[view.game] = view
            say_params_with(view.game, view.params_in_words)
            catalog.cache_clear()
            try:
                yield view
            finally:
                del self._views[view.game]
                say_params_with(view.game, None)
                catalog.cache_clear()


GAME_VIEWS = GameViews(GAME_RULES)
