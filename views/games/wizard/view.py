"""Wizard as the screens show it: bids and tricks by chips, "bid/tricks" on the sheet."""

from collections.abc import Mapping
from typing import Any

import flet as ft

from scorers import wizard
from scorers.game import RoundInfo
from scorers.stats import Record
from views.games.game_view import GameView, StepButton
from views.games.panel import EntryPanel
from views.games.setup_fields import FieldKind, Preset, SettingField, UnreadableSetting
from views.games.table import Table
from views.games.wizard.entry import (
    BIDS,
    TRICKS,
    PadSpot,
    WizardPanel,
    own_turn,
    prompt,
    shown_step,
)
from views.games.wizard.trick import DECK_KEYS, RoundTrickHelper, WizardTrickHelper
from views.games.wizard.trump import SUIT_KEYS, TrumpPart, round_mark, suit_words
from views.shell.i18n import decimal, percent, t


class HandSizesField(SettingField):
    """The short game's hand sizes, typed as "1, 3, 5" (nothing typed: the full game)."""

    def form_value(self, value: Any) -> str:
        """The sizes as typed: "1, 3, 5"; nothing for the full game."""
        return ", ".join(str(size) for size in value) if value else ""

    def value_in_words(self, value: Any) -> str:
        """ "Short game: hand sizes: 1, 3, 5", or the full game."""
        if not value:
            return t("setting.shown", setting=t(self.label_key), value=t("setting.full_game"))
        return super().value_in_words(value)

    def presets(self, players: int) -> tuple[Preset, ...]:
        """The full game (nothing typed) and the published plans of `wizard.round_plans`
        for this many players (none for a table Wizard is not played at)."""
        if not wizard.MIN_PLAYERS <= players <= wizard.MAX_PLAYERS:
            return ()
        plans = wizard.round_plans(players)
        every_card = plans["every_card"]
        return (
            Preset("setting.round_plan.full", {"rounds": wizard.rounds_for(players)}, None),
            Preset(
                "setting.round_plan.every_card",
                {"rounds": len(every_card), "cards": every_card[0]},
                every_card,
            ),
        )

    def read_value(self, shown: str | bool) -> list[int] | None:
        """The sizes typed, split at commas (or semicolons); None when nothing is typed."""
        text = str(shown).replace(";", ",").strip()
        if not text:
            return None
        try:
            return [int(part) for part in text.split(",")]
        except ValueError:
            raise UnreadableSetting(self.label_key) from None


class Wizard(GameView):
    rules = wizard.RULES
    title_key = "game.wizard"
    blurb_key = "game.wizard.blurb"
    first_key = "banner.bidding_starts"
    setting_fields = (
        SettingField("hook", FieldKind.SWITCH, "setting.hook", "setting.hook.help"),
        SettingField("canadian", FieldKind.SWITCH, "setting.canadian", "setting.canadian.help"),
        SettingField(
            "tie_break_by_bids",
            FieldKind.SWITCH,
            "setting.tie_break_by_bids",
            "setting.tie_break_by_bids.help",
        ),
        HandSizesField(
            "round_sizes",
            FieldKind.TEXT,
            "setting.round_sizes",
            "setting.round_sizes.help",
            hint_key="setting.round_sizes.hint",
        ),
        SettingField(
            "anniversary_cards",
            FieldKind.SWITCH,
            "setting.anniversary_cards",
            "setting.anniversary_cards.help",
        ),
        SettingField(
            "shapeshifter", FieldKind.SWITCH, "setting.shapeshifter", "setting.shapeshifter.help"
        ),
        SettingField("deck", FieldKind.CHOICE, "setting.deck", "setting.deck.help", DECK_KEYS),
    )

    def entry_panel(self, table: Table, panel: EntryPanel[PadSpot]) -> ft.Control:
        return WizardPanel(table, panel)

    def banner_part(self, table: Table, compact: bool) -> ft.Control:
        """The card turned up for trump, and what is trump while bids and tricks go in;
        beside it, the trick helper for the round, one tap away."""
        return ft.Row(
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.START,
            controls=[
                ft.Container(expand=True, content=TrumpPart(table, compact)),
                RoundTrickHelper(table),
            ],
        )

    def trick_helper(self) -> ft.Control:
        """Who wins a trick, and who must follow which suit, for any trump and table."""
        return WizardTrickHelper()

    def round_mark(
        self,
        entry: Mapping[str, Any],
        info: RoundInfo,
        players: int,
        settings: Mapping[str, Any],
    ) -> tuple[str, str] | None:
        """The round's trump: its suit's sign, a dash for no trump."""
        return round_mark(entry, info, players, settings)

    def params_in_words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A suit's letter ("H") as its sign and name in the player's language ("♥ Herz")."""
        said = dict(params)
        if said.get("suit") in SUIT_KEYS:
            said["suit"] = suit_words(said["suit"])
        return said

    def step_button(self, table: Table, panel: EntryPanel[PadSpot]) -> StepButton | None:
        """On the bids: "Bids done", taking the table to the tricks once every bid is in."""
        if shown_step(table, panel) != BIDS:
            return None
        done = all(bid is not None for bid in table.entry["bids"])
        return StepButton(t("wizard.to_tricks"), lambda: panel.choose_step(TRICKS), done)

    def prompt(self, table: Table, panel: EntryPanel[PadSpot]) -> str | None:
        return prompt(table, panel)

    def own_turn(self, table: Table, panel: EntryPanel[PadSpot]) -> bool:
        return own_turn(table, panel)

    legend_key = "wizard.sheet_legend"

    def cell(self, entry: Mapping[str, Any], seat: int, settings: Mapping[str, Any]) -> str:
        """The bid the round was scored against (after any Cloud change) / tricks taken."""
        return f"{wizard.counted_bids(entry)[seat]}/{entry['tricks'][seat]}"

    def record_lines(self, record: Record) -> list[str]:
        """Exact bids, how far off, zero bids made, the longest exact run; the Cloud and
        the Bomb where they were played."""
        figures = wizard.RULES.figures(record)
        lines = [
            t(
                "record.wizard.bids",
                exact=percent(figures.exact_rate),
                off=decimal(figures.average_off),
                zero=percent(figures.zero_bids_made),
            ),
            t("record.wizard.run", run=figures.longest_exact_run),
        ]
        if figures.cloud_rounds or figures.bomb_rounds:
            lines.append(
                t("record.wizard.cloud_bomb", cloud=figures.cloud_rounds, bomb=figures.bomb_rounds)
            )
        return lines


VIEW = Wizard()
"""The game as the screens show it (found by views.games.registry by the game's name)."""
