"""A fourth game that only the tests play: Tally, each player's points written down per
round for a set number of rounds. It lives entirely under tests/ and reaches the app the
way a real game does: its rules (with its own messages) and its GameView, registered in the
table of games (here for a test's length, with `registered`)."""

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import flet as ft

from scorers.checks import fields, per_seat
from scorers.errors import InvalidEntry
from scorers.game import GameRules, RoundContext
from scorers.games import GAME_RULES
from scorers.messages import GameMessages
from scorers.settings import positive_whole, resolve
from views.games.game_view import GameView
from views.games.panel import EntryPanel
from views.games.registry import GAME_VIEWS
from views.games.setup_fields import FieldKind, SettingField
from views.games.table import Table
from views.shell.i18n import catalog
from views.shell.messages import say_params_with
from views.shell.widgets import number_chips

HIGHEST = 3


def with_points(entry: Mapping[str, Any], seat: int, points: int) -> dict[str, Any]:
    values = list(entry["points"])
    values[seat] = points
    return {"points": values}


REMINDER = "{first} starts: write down each player's points."


class TallyRules(GameRules):
    name = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    messages = GameMessages(reminders={"tally.reminder": REMINDER})

    def resolve_settings(self, given: object, players: int) -> dict[str, Any]:
        return resolve(given, {"rounds": (2, positive_whole)}, self.title)

    def round_count(self, players: int, settings: Mapping[str, Any]) -> int:
        return settings["rounds"]

    def cards_per_player(self, number: int, players: int, settings: Mapping[str, Any]) -> int:
        return 1

    def reminder(
        self, cards: int, dealer: str, first: str, settings: Mapping[str, Any], players: int
    ) -> tuple[str, dict[str, Any]]:
        return "tally.reminder", {"first": first}

    def blank_entry(self, players: int) -> dict[str, Any]:
        return {"points": [None] * players}

    def check_entry(
        self, entry: object, context: RoundContext, *, complete: bool
    ) -> dict[str, Any]:
        data = fields(entry, "Tally", ("points",))
        points = per_seat(data["points"], "points", len(context.players))
        for seat, value in enumerate(points):
            if value is None and complete:
                raise InvalidEntry("entry.missing_field", what="Tally", field=f"points {seat}")
        return {"points": points}

    def score(self, entry: Mapping[str, Any], context: RoundContext) -> tuple[int, ...]:
        return tuple(entry["points"])


def point_name(player: str, points: int) -> str:
    return f"{player} scores {points}"


@ft.component
def TallyPanel(table: Table) -> ft.Control:
    players, points = table.state.players, table.entry["points"]
    return ft.Column(
        [
            number_chips(
                range(HIGHEST + 1),
                lambda n, player=player: point_name(player, n),
                selected=points[seat],
                on_pick=lambda n, seat=seat: table.change(with_points(table.entry, seat, n)),
            )
            for seat, player in enumerate(players)
        ]
    )


class Tally(GameView):
    rules = TallyRules()
    title_key = "tally.title"
    blurb_key = "tally.blurb"
    setting_fields = (SettingField("rounds", FieldKind.NUMBER, "tally.rounds", "tally.help"),)

    def entry_panel(self, table: Table, panel: EntryPanel[Any]) -> ft.Control:
        return TallyPanel(table)

    def cell(self, entry: Mapping[str, Any], seat: int, settings: Mapping[str, Any]) -> str:
        return f"+{entry['points'][seat]}"

    def rules_sheet(self) -> str:
        return "# Tally\n\nWrite down each player's points."


@contextmanager
def registered(view: GameView) -> Iterator[GameView]:
    """The tables of games, rules and views, with one more game while the block runs, as a
    line in scorers/games.py and a view module would add it; the English catalog holds its
    rules' messages meanwhile."""
    assert view.game not in GAME_RULES, f"a game called {view.game!r} is known already"
    GAME_RULES[view.game] = view.rules
    GAME_VIEWS[view.game] = view
    say_params_with(view.game, view.params_in_words)
    catalog.cache_clear()
    try:
        yield view
    finally:
        del GAME_RULES[view.game], GAME_VIEWS[view.game]
        say_params_with(view.game, None)
        catalog.cache_clear()
