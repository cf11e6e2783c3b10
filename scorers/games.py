"""The games the pad knows, by name."""

from scorers import colour_blind, plotters, wizard
from scorers.errors import InvalidEntry
from scorers.game import GameRules

GAMES: dict[str, GameRules] = {
    rules.name: rules for rules in (wizard.RULES, plotters.RULES, colour_blind.RULES)
}


def rules_for(game: object) -> GameRules:
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidEntry("game.unknown", game=game)
    return GAMES[game]
