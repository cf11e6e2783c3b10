"""The score sheet as CSV, for a spreadsheet: read from the ledger's state, never rescored.

Layout (docs/game-format.md): a header row ("Round", then per player the game's own
columns if it has any (Wizard: "<name> bid", "<name> tricks"), their name and "<name>
total"), one row per scored round (those values, the round's score and the running total per
player), then a "Total" row and a "Place" row (in the total columns). A one-off adjustment
is a row after the round it follows ("Adjustment: misdeal", the points in the adjusted
player's column, everyone's running total). A game with a note on each round (Wizard: its
trump, once one is entered) adds a last column of them. The labels are catalog keys, so the
views can pass their translation; English by default.
"""

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import Any

from scorers import messages
from scorers.adjustments import Adjustment
from scorers.ledger import GameState
from storage.errors import MESSAGES
from storage.keeper import SavedGame

Text = Callable[..., str]


def english(key: str, **params: object) -> str:
    text = MESSAGES.get(key) or messages.english(key)
    return text.format(**params)


def export_csv(game: SavedGame, text: Text = english) -> str:
    """The sheet as CSV text (comma separated, CRLF line ends, as the csv module writes).

    Write it to a file opened with ``newline=""`` so the line ends stay as they are.
    """
    state = game.ledger.state
    rules = state.rules
    places = {standing.seat: standing.place for standing in state.standings()}
    players = range(len(state.players))
    buffer = io.StringIO()
    writer = _Noted(csv.writer(buffer), _notes(state, text))
    header = [
        [
            *(text(key, name=name) for key in rules.sheet_columns),
            name,
            text("storage.sheet_total_of", name=name),
        ]
        for name in state.players
    ]
    writer.writerow(_row(text("storage.sheet_round"), header), 0)
    before = [""] * len(rules.sheet_columns)
    for line, running in state.sheet_lines():
        if isinstance(line, Adjustment):
            label = text("storage.sheet_adjustment", reason=line.reason)
            points = [line.points if seat == line.seat else "" for seat in players]
            writer.writerow(_row(label, ([*before, points[s], running[s]] for s in players)))
            continue
        values = rules.sheet_values(line.entry)
        cells = [
            [*(column[seat] for column in values), line.scores[seat], running[seat]]
            for seat in players
        ]
        writer.writerow(_row(line.number, cells), line.number)
    writer.writerow(_row(text("storage.sheet_total"), ([*before, "", t] for t in state.totals)))
    place_cells = ([*before, "", places[seat]] for seat in players)
    writer.writerow(_row(text("storage.sheet_place"), place_cells))
    return buffer.getvalue()


def _row(label: object, groups: Iterable[Iterable[object]]) -> list[object]:
    """A row: its label, then each player's cells (the game's own, the round, the total)."""
    return [label, *chain.from_iterable(groups)]


def _notes(state: GameState, text: Text) -> list[str] | None:
    """The game's last column: its header (note 0), then each round's note at the round's
    number; None when the game has none for its rounds."""
    rules = state.rules
    if rules.note_column is None:
        return None
    infos = [state.round_info(scored.number) for scored in state.rounds]
    notes = rules.round_notes(state.rounds, infos, state.settings, len(state.players))
    if notes is None:
        return None
    return [text(rules.note_column), *notes]


class _Noted:
    """A csv writer that ends each row it writes with its note, if the game has notes: the
    header's (note 0), a round's (by its number), nothing in any other row (adjustments,
    Total, Place)."""

    def __init__(self, writer: Any, notes: Sequence[str] | None) -> None:
        self._writer = writer
        self._notes = notes

    def writerow(self, row: list[object], note: int | None = None) -> None:
        if self._notes is None:
            self._writer.writerow(row)
            return
        self._writer.writerow([*row, self._notes[note] if note is not None else ""])
