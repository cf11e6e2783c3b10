"""Scores as the screens write them: one minus sign (U+2212, as printed on paper) in every
game, on the sheet, the standings, the round results and the charts' words."""

MINUS = "\u2212"


def signed(number: int) -> str:
    """A score or total: "20", "0", or a minus sign (not a hyphen) and "20"."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def change(number: int) -> str:
    """What a round changed: "+20", "0", or the minus sign and "20"."""
    return f"+{number}" if number > 0 else signed(number)
