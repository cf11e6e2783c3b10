"""Plotters as the screens show it: counts by colour, "6x4/2" on the sheet, colours named
in messages, a trick helper."""

import re
from collections.abc import Mapping
from typing import Any

import flet as ft

from scorers import plotters
from scorers.ledger import GameState
from scorers.stats import Record
from views.games.game_view import GameView
from views.games.panel import EntryPanel
from views.games.plotters.entry import (
    COLOUR_KEYS,
    FACE_UP,
    PlottersPanel,
    Spot,
    cards_line,
    colour_name,
    pad_question,
    pad_spot,
)
from views.games.plotters.trick import PlottersTrickHelper
from views.games.setup_fields import FieldKind, SettingField
from views.games.table import Table
from views.shell.i18n import decimal, t

PAIR_OWED = ("plotters.face_up_required", "plotters.face_up_one")
"""The rules' problems of a player's face-up pair still to be chosen."""
CARD_CODE = re.compile("(" + "|".join(plotters.COLOURS) + r")(\d{1,2})")
"""A card as the rules write it in their messages: its colour's id and its number."""


class Plotters(GameView):
    rules = plotters.RULES
    title_key = "game.plotters"
    blurb_key = "game.plotters.blurb"
    setting_fields = (
        SettingField(
            "nothing_face_down",
            FieldKind.CHOICE,
            "setting.nothing_face_down",
            "setting.nothing_face_down.help",
            {
                "divide_by_one": "setting.nothing_face_down.divide_by_one",
                "zero": "setting.nothing_face_down.zero",
            },
        ),
    )

    def params_in_words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A colour id ("red") as the colour's name in the player's language ("Rot"); a card
        as the rules write it ("red14") as a player says it ("Rot 14")."""
        said = dict(params)
        if said.get("colour") in COLOUR_KEYS:
            said["colour"] = colour_name(said["colour"])
        card = CARD_CODE.fullmatch(str(said.get("card", "")))
        if card is not None:
            said["card"] = t("rules.plotters.card", colour=colour_name(card[1]), number=card[2])
        return said

    def trick_helper(self) -> ft.Control:
        return PlottersTrickHelper()

    def entry_panel(self, table: Table, panel: EntryPanel[Spot]) -> ft.Control:
        return PlottersPanel(table, panel)

    legend_key = "plotters.sheet_legend"

    def cell(self, entry: Mapping[str, Any], seat: int, settings: Mapping[str, Any]) -> str:
        """The face-up counts over the face-down ones ("6x4/2"), as the rules scored them."""
        counts = entry["counts"][seat]
        held = [colour for colour in plotters.COLOURS if counts.get(colour)]
        if not held:
            return t("plotters.cell_no_cards")
        if len(held) == 1:
            return t("plotters.cell_one_colour", count=counts[held[0]], colour=colour_name(held[0]))
        parts = plotters.seat_parts(entry, seat, settings)
        if parts.down == 0:
            return t("plotters.cell_nothing_down", a=parts.up_a, b=parts.up_b)
        return t("plotters.cell", a=parts.up_a, b=parts.up_b, down=parts.down)

    def prompt(self, table: Table, panel: EntryPanel[Spot]) -> str | None:
        """While some player's cards are not counted at all, what to do (the card total so
        far is at the top of the entry); a face-up pair owed by another player than the one
        the pad enters for (the filled-in last player, say) waits until the pad gets there
        or is done: meanwhile the bar asks what the pad asks. Otherwise what is still off,
        as it is."""
        problem = table.problem()
        if problem is None:
            return None
        uncounted = any(not any(held.values()) for held in table.completed["counts"])
        if problem.key == "plotters.total_cards" and uncounted:
            return t("plotters.prompt")
        spot = pad_spot(table, panel)
        if problem.key in PAIR_OWED and spot is not None:
            owed_by = table.state.players.index(problem.params["player"])
            if spot != (owed_by, FACE_UP):
                return pad_question(table, spot)
        return None

    def banner_note(self, state: GameState) -> str:
        """Which cards are dealt at a table of this size."""
        return cards_line(len(state.players))

    def record_lines(self, record: Record) -> list[str]:
        """Rounds on average and at best, zeros from one colour, face-up pairs chosen."""
        figures = plotters.RULES.figures(record)
        return [
            t(
                "record.plotters.rounds",
                average=decimal(figures.average_round),
                best=figures.best_round,
                zero=figures.one_colour_zero,
            ),
            t(
                "record.plotters.pairs",
                chosen=figures.pairs_chosen,
                best=figures.best_pair_chosen,
            ),
        ]


VIEW = Plotters()
"""The game as the screens show it (found by views.games.registry by the game's name)."""
