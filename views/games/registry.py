"""The games the screens offer: a GameView for every game in scorers.games' table, in its
order (the order Home lists them).

This table is derived, not listed: a game's view is `VIEW` in
`views/games/<game name>/view.py`, found by the name of each registered rules object, so
adding a game names it in no module here.
"""

from collections.abc import Mapping
from importlib import import_module

from scorers.game import GameRules
from scorers.games import GAME_RULES
from views.games.game_view import GameView
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


def game_views(rules: Mapping[str, GameRules]) -> dict[str, GameView]:
    """The view of each game of `rules` by name, in its order, each saying its messages'
    parameters in the player's words."""
    views = {name: view_of(game) for name, game in rules.items()}
    for name, view in views.items():
        say_params_with(name, view.params_in_words)
    return views


GAME_VIEWS = game_views(GAME_RULES)
"""Every game's view by name, in the order of the rules table (scorers.games.GAME_RULES)."""
