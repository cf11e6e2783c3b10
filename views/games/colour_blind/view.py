"""Colour-blind as the screens show it: the row and its captures, "good-bad" on the sheet,
deals played to a target, and a trick helper."""

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import flet as ft

from scorers import colour_blind
from scorers.ledger import GameState
from scorers.stats import Record
from views.games.colour_blind.entry import MINUS, ColourBlindPanel, card_text, is_card
from views.games.colour_blind.trick import ColourBlindTrickHelper
from views.games.game_view import GameView
from views.games.panel import EntryPanel
from views.games.setup_fields import FieldKind, SettingField
from views.games.table import Table
from views.shell.i18n import decimal, t


class ColourBlind(GameView):
    rules = colour_blind.RULES
    title_key = "game.colour_blind"
    blurb_key = "game.colour_blind.blurb"
    result_key = "result.title_deal"
    undo_keys: ClassVar[Mapping[str, str]] = {
        "score": "undo.score_deal",
        "correction": "undo.correction_deal",
        "corrected": "undo.corrected_deal",
        "change": "undo.change_deal",
        "entry": "undo.entry_deal",
    }
    sheet_keys: ClassVar[Mapping[str, str]] = {
        "header": "sheet.deal",
        "cell": "sheet.cell_deal",
        "edit": "sheet.edit_deal",
    }
    chart_keys: ClassVar[Mapping[str, str]] = {
        "after": "chart.after_deal",
        "point": "chart.point_deal",
    }
    setting_fields = (
        SettingField("target", FieldKind.NUMBER, "setting.target", "setting.target.help"),
    )

    def params_in_words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A card code ("3S") as the app shows cards, with its suit sign ("3♠")."""
        said = dict(params)
        if is_card(said.get("card")):
            said["card"] = card_text(said["card"])
        return said

    def trick_helper(self) -> ft.Control:
        return ColourBlindTrickHelper()

    def entry_panel(self, table: Table, panel: EntryPanel[Any]) -> ft.Control:
        """The deal's entry: no pad, and its steps follow the row (the panel is not used)."""
        return ColourBlindPanel(table)

    legend_key = "colour_blind.sheet_legend"

    def cell(self, entry: Mapping[str, Any], seat: int, settings: Mapping[str, Any]) -> str:
        """The good sum minus the bad sum of the player's captured cards ("21-4")."""
        parts = colour_blind.seat_parts(entry, seat)
        return f"{parts.good_sum}{MINUS}{parts.bad_sum}"

    def round_label(
        self, round_number: int, round_count: int | None, settings: Mapping[str, Any]
    ) -> str:
        """Deals are played until someone reaches the target: "Deal 3 · target 100"."""
        return " · ".join(
            [t("banner.deal", number=round_number), t("banner.target", target=settings["target"])]
        )

    def progress(
        self,
        rounds_played: int,
        round_count: int | None,
        totals: Sequence[int],
        settings: Mapping[str, Any],
    ) -> float:
        """The leader's way to the target."""
        target: int = settings["target"]
        return min(1.0, max(totals, default=0) / target)

    def prompt(self, table: Table, panel: EntryPanel[Any]) -> str | None:
        """What the deal needs next: the rest of the row, then the cards each player took
        (until the one player given none is certain to have the rest)."""
        entry = table.entry
        left = colour_blind.ROW - len(entry["row"])
        if left:
            return t("colour_blind.prompt_row", count=left)
        if None in entry["captured_by"] and colour_blind.rest_taker(entry) is None:
            return t("colour_blind.capture_hint")
        return None

    def banner_note(self, state: GameState) -> str | None:
        """Said when the target is reached but the top is shared."""
        if colour_blind.target_reached_but_tied(state.totals, state.settings):
            return t("colour_blind.tied_on_top", total=max(state.totals))
        return None

    def record_lines(self, record: Record) -> list[str]:
        """Deals on average, deals to reach the target, deals floored at 0."""
        figures = colour_blind.RULES.figures(record)
        return [
            t(
                "record.colour_blind.deals",
                average=decimal(figures.average_deal),
                deals=decimal(figures.deals_per_game),
                floored=figures.floored,
            )
        ]


VIEW = ColourBlind()
"""The game as the screens show it (found by views.games.registry by the game's name)."""
