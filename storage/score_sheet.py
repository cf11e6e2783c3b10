"""The score sheet as CSV, for a spreadsheet: read from the ledger's state, never rescored.

Layout (docs/game-format.md): a header row ("Round", then per player their name and
"<name> total"), one row per scored round (the round's score and the running total per
player), then a "Total" row and a "Place" row (in the total columns). The labels are
catalog keys, so the views can pass their translation; English by default.
"""

import csv
import io
from collections.abc import Callable, Iterable
from itertools import chain

from storage.errors import MESSAGES
from storage.keeper import SavedGame

Text = Callable[..., str]


def english(key: str, **params: object) -> str:
    return MESSAGES[key].format(**params)


def export_csv(game: SavedGame, text: Text = english) -> str:
    """The sheet as CSV text (comma separated, CRLF line ends, as the csv module writes).

    Write it to a file opened with ``newline=""`` so the line ends stay as they are.
    """
    state = game.ledger.state
    places = {standing.seat: standing.place for standing in state.standings()}
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    header = [(name, text("storage.sheet_total_of", name=name)) for name in state.players]
    writer.writerow(_row(text("storage.sheet_round"), header))
    for scored, running in zip(state.rounds, state.running_totals(), strict=True):
        writer.writerow(_row(scored.number, zip(scored.scores, running, strict=True)))
    writer.writerow(_row(text("storage.sheet_total"), (("", t) for t in state.totals)))
    place_cells = (("", places[seat]) for seat in range(len(state.players)))
    writer.writerow(_row(text("storage.sheet_place"), place_cells))
    return buffer.getvalue()


def _row(label: object, pairs: Iterable[tuple[object, object]]) -> list[object]:
    """A row: its label, then two cells per player (round column, total column)."""
    return [label, *chain.from_iterable(pairs)]
