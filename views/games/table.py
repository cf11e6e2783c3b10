"""What a game's view may ask of the open game it draws: the `Table` protocol.

The game screen's model (views.game_screen.open_game.OpenGame) is one such table; a game's
view knows it only through this, so the games sit below the game screen and a view can be
tested on any table that keeps the promise. Where this screen's pad enters and the step the
player chose are not the game's: they are in views.games.panel.EntryPanel.
"""

from collections.abc import Mapping
from typing import Any, Protocol

from scorers import InvalidEntry
from scorers.game import RoundInfo
from scorers.ledger import GameState

Entry = Mapping[str, Any]
"""A round's entry as the rules read it (bids, tricks, counts ...)."""


class Table(Protocol):
    """The open game, as one screen shows it."""

    editing: int | None
    """The number of a past round being corrected, else None."""

    def may_enter(self) -> bool:
        """Whether this screen may change the game now (a phone that only watches may not)."""
        ...

    def may_score(self) -> bool:
        """Whether this screen may also do what is the scorer's: score, correct, and set
        what is the whole table's (Wizard's trump); a player's own phone may not."""
        ...

    def own_seat(self) -> int | None:
        """The seat of the player this phone enters for alone (a player's own phone at a
        shared table): its pad is that player's; None when it enters for every seat."""
        ...

    @property
    def state(self) -> GameState: ...

    @property
    def round_number(self) -> int:
        """The round the entry shows: the one being corrected, else the current one."""
        ...

    @property
    def round_info(self) -> RoundInfo: ...

    @property
    def entry(self) -> Entry:
        """The round's entry so far."""
        ...

    @property
    def completed(self) -> Entry:
        """The entry as it would be scored: with what the rules fill in themselves."""
        ...

    def problem(self, entry: Entry | None = None) -> InvalidEntry | None:
        """Why the entry (or the one given) cannot be scored yet, or None."""
        ...

    def change(self, entry: Entry) -> bool:
        """Keep the changed entry; False (and the reason shown) when it is refused."""
        ...

    def submit(self) -> bool:
        """Score the round shown (or save its correction); False (and the reason shown)
        when it is refused."""
        ...
