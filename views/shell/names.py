"""Players' names cut to the room their column really has, the same way on every part of a
screen (the totals strip, the entry's rows, the score sheet): whole when they fit, else
their first letters and a full stop ("Maxim."), with more letters where two names would
otherwise read the same. The full name stays what screen readers hear."""

from collections.abc import Sequence

LETTER_EM = 0.57
"""The average width of a letter of a name, as a share of its font size (bold Roboto)."""
FEWEST_LETTERS = 4
"""A name is never cut shorter than this, however narrow its column: "Max." still reads
as someone, "M." does not."""


def letters_that_fit(room: float, font_size: float) -> int:
    """How many letters of a name fit `room` pixels at `font_size` (at least four).

    >>> letters_that_fit(50, 14), letters_that_fit(125, 14)
    (6, 15)
    """
    return max(FEWEST_LETTERS, int(room // (font_size * LETTER_EM)))


def fitted_names(players: Sequence[str], room: float, font_size: float) -> list[str]:
    """Each name as it fits `room` pixels at `font_size`; two different names never read
    the same (more letters for both until they differ).

    >>> fitted_names(["Maximilian", "Christophe", "Christina", "Ann"], 50, 14)
    ['Maxim.', 'Christo.', 'Christi.', 'Ann']
    """
    letters = [letters_that_fit(room, font_size)] * len(players)

    def cut(seat: int) -> str:
        name = players[seat]
        return name if len(name) <= letters[seat] else f"{name[: letters[seat] - 1].rstrip()}."

    shown = [cut(seat) for seat in range(len(players))]
    while True:
        alike = {
            seat
            for seat in range(len(players))
            for other in range(len(players))
            if other != seat and shown[seat] == shown[other] and players[seat] != players[other]
        }
        if not alike:
            return shown
        for seat in alike:  # both names of a pair grow, so they part where they differ
            letters[seat] += 1
            shown[seat] = cut(seat)
