"""Where the player is in the round's entry on this screen: the `EntryPanel`.

The rules keep the entry itself; what they do not keep is where this screen's number pad
enters and which step of the round the player chose to see (Wizard's bids again after they
were done). The game's entry panel and the step bar below it share one EntryPanel, so that
the bar asks what the pad asks; every game gets one and keeps these there, or ignores it
when it has neither a pad nor steps to choose (Colour-blind).
"""

from dataclasses import dataclass
from typing import Generic, TypeVar

import flet as ft

Spot = TypeVar("Spot")
"""Where a game's pad enters, in the game's own terms (Plotters: a seat and a colour)."""


# eq=False: two panels are never "the same" for holding equal values. The step bar is drawn
# through ft.memo, which compares its arguments with ==: a new panel equal to the old one
# would leave the bar following the old.
@dataclass(eq=False)
class EntryPanel(ft.Observable, Generic[Spot]):
    """The pad's place and the step chosen, for one round shown. The game screen makes a new
    one for each round it shows (views.game_screen.screen.KeyedGameScreen), so a round
    scored, undone or opened for correction starts where its game starts it."""

    pad: Spot | None = None
    """Where the pad was moved to last; what None means is the game's (Wizard: back to the
    bidding order; Plotters: nothing left to enter)."""
    pad_moved: bool = False
    """Whether the pad was moved in this round at all: until it is, it is at the game's
    `start` (see `pad_spot`)."""
    step: str | None = None
    """The step the player chose to see, in the game's own words; None: the game decides."""

    def pad_spot(self, start: Spot | None) -> Spot | None:
        """Where the pad enters: where it was moved to last, else `start`."""
        return self.pad if self.pad_moved else start

    def move_pad(self, to: Spot | None) -> None:
        self.pad = to
        self.pad_moved = True

    def choose_step(self, step: str) -> None:
        self.step = step
