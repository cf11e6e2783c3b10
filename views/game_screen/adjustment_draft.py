"""A one-off adjustment as it is being typed (scorers.adjustments): whose score, the points
as text, the reason; and why what is typed cannot be saved, said at its field."""

import re
from dataclasses import dataclass

import flet as ft

from scorers import InvalidEntry
from scorers.adjustments import Adjustment, check_points, check_reason
from scorers.ledger import Action, GameState
from views.shell.messages import Refusal, Refused

WHOLE = re.compile("[+-]?[0-9]+")
"""A whole number as typed: digits, with a sign or not."""

MINUS_SIGNS = ("\u2212", "\u2013")
"""A minus typed as the sheet draws it, or as a phone's keyboard may: read as "-"."""


@dataclass
class AdjustmentDraft(ft.Observable):
    """The form's values; `number` is the adjustment being changed (from 1) and `after` the
    round it follows, None for a new one, which follows the last round scored when it is
    saved. Each field's refusal is shown at it; `refusal` anything else (another phone's
    change, a watcher's tap)."""

    after: int | None = None
    number: int | None = None
    seat: int | None = None
    points: str = ""
    reason: str = ""
    seat_refusal: Refused | None = None
    points_refusal: Refused | None = None
    reason_refusal: Refused | None = None
    refusal: Refused | None = None

    @classmethod
    def of(cls, number: int, adjustment: Adjustment) -> "AdjustmentDraft":
        """The form for changing adjustment `number`, filled in with it."""
        return cls(
            after=adjustment.after,
            number=number,
            seat=adjustment.seat,
            points=str(adjustment.points),
            reason=adjustment.reason,
        )

    def action(self, state: GameState) -> Action | None:
        """The "adjust" action the form holds, or None with each field's refusal set."""
        self.seat_refusal = Refusal("adjust.player_missing") if self.seat is None else None
        self.points_refusal = self.reason_refusal = self.refusal = None
        points: int | None = None
        try:
            points = check_points(read_points(self.points))
        except InvalidEntry as error:
            self.points_refusal = error
        try:
            check_reason(self.reason)
        except InvalidEntry as error:
            self.reason_refusal = error
        if self.seat is None or points is None or self.reason_refusal is not None:
            return None
        number = self.number if self.number is not None else len(state.adjustments) + 1
        data = {
            "number": number,
            "after": self.after if self.after is not None else len(state.rounds),
            "seat": self.seat,
            "points": points,
            "reason": self.reason.strip(),
        }
        return Action("adjust", data)

    def refused(self, reason: Refused) -> None:
        """Show why the saved game refused the adjustment, at the field it is about."""
        key = reason.key
        if key.startswith("adjust.points"):
            self.points_refusal = reason
        elif key.startswith("adjust.reason"):
            self.reason_refusal = reason
        elif key == "players.seat_invalid":
            self.seat_refusal = reason
        else:
            self.refusal = reason


def read_points(typed: str) -> int:
    """The points typed ("-10", "+5", or with a minus sign as the sheet draws it); refused
    when nothing or not a whole number is typed ("adjust.points_missing",
    "adjust.points_not_whole")."""
    text = typed.strip()
    for sign in MINUS_SIGNS:
        text = text.replace(sign, "-")
    if not text:
        raise InvalidEntry("adjust.points_missing")
    if WHOLE.fullmatch(text) is None:
        raise InvalidEntry("adjust.points_not_whole", value=typed.strip())
    return int(text)
