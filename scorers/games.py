"""The games the pad knows, by name: the rules the ledger and storage look games up in."""

from collections.abc import Iterator
from contextlib import contextmanager

from scorers import colour_blind, plotters, wizard
from scorers.errors import InvalidEntry
from scorers.game import GameRules

GAMES: dict[str, GameRules] = {
    rules.name: rules for rules in (wizard.RULES, plotters.RULES, colour_blind.RULES)
}


def rules_for(game: object) -> GameRules:
    """The rules of the game called `game`; refused for a name the pad does not know."""
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidEntry("game.unknown", game=game)
    return GAMES[game]


@contextmanager
def registered_rules(rules: GameRules) -> Iterator[GameRules]:
    """One more game known while the block runs (a game that only tests play)."""
    if rules.name in GAMES:
        raise ValueError(f"a game called {rules.name!r} is known already")
    GAMES[rules.name] = rules
    try:
        yield rules
    finally:
        del GAMES[rules.name]
