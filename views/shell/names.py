"""Players' names cut to the room their column really has, the same way on every part of a
screen (the totals strip, the entry's rows, the score sheet): whole when they fit, else
as many of their first letters as fit with an ellipsis ("Maximi…"), with more letters
where two names would otherwise read the same. Widths are the font's own
(views/shell/text_width.py), so a name of narrow letters is not cut where it fits and one
of wide letters does not run over. The full name stays what screen readers hear."""

from collections.abc import Sequence

from views.shell.text_width import text_width

ELLIPSIS = "\u2026"
FEWEST_LETTERS = 4
"""A name is never cut shorter than this, however narrow its column: "Max…" still reads
as someone, "M…" does not."""


def cut(name: str, letters: int) -> str:
    """`name` in `letters` characters: whole if it has no more, else its first letters and
    an ellipsis, the convention for a cut word.

    >>> cut("Maximilian", 6), cut("Ann", 6)
    ('Maxim…', 'Ann')
    """
    return name if len(name) <= letters else f"{name[: letters - 1].rstrip()}{ELLIPSIS}"


def fits(text: str, room: float, font_size: float) -> bool:
    """Whether `text` drawn at `font_size` fits `room` pixels."""
    return text_width(text, font_size) <= room


def letters_that_fit(name: str, room: float, font_size: float) -> int:
    """How many characters of `name` are shown in `room` pixels at `font_size`: all when it
    fits, else the most whose cut form fits (never fewer than four).

    >>> letters_that_fit("Maximilian", 50, 14), letters_that_fit("iiiiiiiiiiii", 50, 14)
    (5, 12)
    """
    if fits(name, room, font_size):
        return len(name)
    letters = len(name) - 1
    while letters > FEWEST_LETTERS and not fits(cut(name, letters), room, font_size):
        letters -= 1
    return max(letters, FEWEST_LETTERS)


def fitted_names(
    players: Sequence[str], room: float | Sequence[float], font_size: float
) -> list[str]:
    """Each name as it fits `room` pixels at `font_size` (one room for all, or each seat's
    own); two different names never read the same (more letters for both until they differ).

    >>> fitted_names(["Maximilian", "Christophe", "Christina", "Ann"], 50, 14)
    ['Maxi…', 'Christo…', 'Christi…', 'Ann']
    >>> fitted_names(["Maximilian", "Ann"], [90, 40], 14)
    ['Maximilian', 'Ann']
    """
    rooms = [room] * len(players) if isinstance(room, int | float) else list(room)
    letters = [
        letters_that_fit(name, space, font_size) for name, space in zip(players, rooms, strict=True)
    ]
    shown = [cut(name, count) for name, count in zip(players, letters, strict=True)]
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
            shown[seat] = cut(players[seat], letters[seat])
