"""The games the pad knows, by name: the one table of games. The ledger and storage look a
game's rules up in it, and the screens list a view for each game in it (views.games.registry).

Adding a game is one line here, after its rules module in scorers/ (docs/adding-a-game.md).
"""

from scorers import colour_blind, plotters, wizard
from scorers.errors import InvalidEntry
from scorers.game import GameRules

GAME_RULES: dict[str, GameRules] = {
    rules.name: rules for rules in (wizard.RULES, plotters.RULES, colour_blind.RULES)
}
"""Every game's rules by name, in the order Home lists the games."""


def rules_for(game: object) -> GameRules:
    """The rules of the game called `game`; refused for a name the pad does not know."""
    if not isinstance(game, str) or game not in GAME_RULES:
        raise InvalidEntry("game.unknown", game=game)
    return GAME_RULES[game]
