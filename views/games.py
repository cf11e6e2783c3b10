"""How the views name the three games; player counts come from the rules."""

from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    """One game on the home screen."""

    game: str
    title_key: str
    blurb_key: str
    min_players: int
    max_players: int


GAMES = (
    GameEntry("wizard", "game.wizard", "game.wizard.blurb", 3, 6),
    GameEntry("plotters", "game.plotters", "game.plotters.blurb", 4, 6),
    GameEntry("colour_blind", "game.colour_blind", "game.colour_blind.blurb", 3, 3),
)
GAMES_BY_ID = {entry.game: entry for entry in GAMES}
