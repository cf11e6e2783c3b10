"""Plotters' round entry: each player's cards by colour, the face-up pair, the live score.

Every tap is saved at once as a draft. Refusals come from the rules (table.change) and are
shown at the counter that was changed; the pair and formula come from scorers.plotters.
"""

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorers.plotters import (
    COLOURS,
    best_face_up,
    cards_in_play,
    colours_held,
    must_choose_face_up,
    seat_parts,
    with_count,
    with_ended_early,
    with_face_up,
)
from views.i18n import joined, t
from views.table import Entry, Table
from views.widgets import identified

COLOUR_KEYS = {
    "blue": "plotters.colour.blue",
    "green": "plotters.colour.green",
    "red": "plotters.colour.red",
    "yellow": "plotters.colour.yellow",
}
SWATCHES = {
    "blue": ft.Colors.BLUE_700,
    "green": ft.Colors.GREEN_700,
    "red": ft.Colors.RED_700,
    "yellow": ft.Colors.AMBER_400,
}
WHOLE_NUMBER = re.compile(r"[+-]?\d+", re.ASCII)


def colour_name(colour: str) -> str:
    """The colour's name in the player's language."""
    return t(COLOUR_KEYS[colour])


def cards_line(players: int) -> str:
    """ "5 players: red and yellow 1-18, blue and green 1-17": colours grouped by range."""
    in_play = cards_in_play(players)
    groups = [
        t(
            "plotters.cards_range",
            colours=joined([colour_name(c) for c in COLOURS if in_play[c] == high]),
            high=high,
        )
        for high in sorted(set(in_play.values()), reverse=True)
    ]
    return t("plotters.cards_in_play", players=players, groups=joined(groups))


def formula_line(entry: Entry, seat: int, settings: Mapping[str, Any]) -> str:
    """ "6 x 4 / 2 = 12", or why there is no product: one colour, no cards, nothing down."""
    held = colours_held(entry["counts"][seat])
    parts = seat_parts(entry, seat, settings)
    if held == 0:
        return t("plotters.no_cards", score=parts.score)
    if held == 1:
        return t("plotters.one_colour", score=parts.score)
    if parts.down == 0:
        return t("plotters.formula_nothing_down", a=parts.up_a, b=parts.up_b, score=parts.score)
    return t("plotters.formula", a=parts.up_a, b=parts.up_b, down=parts.down, score=parts.score)


@dataclass(frozen=True)
class Typed:
    """What a player typed into a count field, and why it was not taken, if it was not.
    It is shown while the entry stays as it was when typed (`entry`)."""

    text: str
    error: str | None
    entry: Entry


@dataclass(frozen=True)
class FaceUpTap:
    """After a tap on a face-up toggle: the colour waiting for its partner (`half`), and
    the pair to save when the tap changes the saved pair (`changes_pair`)."""

    half: str | None
    pair: list[str] | None = None
    changes_pair: bool = False


def tap_face_up(pair: Sequence[str] | None, half: str | None, colour: str) -> FaceUpTap:
    """A tap on `colour`'s toggle. The entry keeps only whole pairs, so a first colour
    waits as `half`; tapping a colour of the saved pair leaves its partner waiting, and a
    third colour replaces the older one of the pair."""
    if pair is not None:
        if colour in pair:
            partner = next(c for c in pair if c != colour)
            return FaceUpTap(partner, None, changes_pair=True)
        return FaceUpTap(half, [pair[1], colour], changes_pair=True)
    if half is None:
        return FaceUpTap(colour)
    if half == colour:
        return FaceUpTap(None)
    return FaceUpTap(None, [half, colour], changes_pair=True)


def pair_shown(
    counts: Mapping[str, int], chosen: Sequence[str] | None, half: str | None, rule: str
) -> tuple[Sequence[str], str | None]:
    """The colours shown face up and the line saying why: chosen by the player, half
    chosen, or the best pair the app proposes (none while four colours await a choice)."""
    if chosen is not None:
        return chosen, t(
            "plotters.face_up_chosen", a=colour_name(chosen[0]), b=colour_name(chosen[1])
        )
    if half is not None:
        return [half], t("plotters.face_up_half", colour=colour_name(half))
    if must_choose_face_up(counts) or colours_held(counts) < 2:
        return [], None
    best = best_face_up(counts, rule)
    return best, t("plotters.best_pair", a=colour_name(best[0]), b=colour_name(best[1]))


@dataclass(frozen=True)
class CountTyping:
    """What was typed into a player's count fields (by colour), and the handlers that
    change a count by a step, take a typed count, and leave a field."""

    typed: Mapping[str, Typed]
    step: Callable[[str, int], None]
    typed_in: Callable[[str, str], None]
    left: Callable[[str], None]


@dataclass(frozen=True)
class CountField:
    """One colour's counter as a player sees it, and what its controls do."""

    player: str
    colour: str
    count: int
    typed: Typed | None
    face_up: bool
    typing: CountTyping
    tap_face_up: Callable[[str], None]

    @property
    def label(self) -> str:
        return t("plotters.count_field", player=self.player, colour=colour_name(self.colour))


def swatch(colour: str) -> ft.Control:
    """A round spot of the colour, beside its counter."""
    return ft.Container(
        width=18,
        height=18,
        margin=ft.Margin.only(top=15),
        bgcolor=SWATCHES[colour],
        border_radius=9,
    )


def count_input(field: CountField) -> ft.TextField:
    """The count as a number to type over; what was typed stays, with its refusal."""
    typed, colour = field.typed, field.colour
    return ft.TextField(
        label=field.label,
        value=typed.text if typed is not None else str(field.count),
        error=typed.error if typed is not None else None,
        width=96,
        dense=True,
        text_align=ft.TextAlign.CENTER,
        keyboard_type=ft.KeyboardType.NUMBER,
        on_change=lambda e: field.typing.typed_in(colour, e.control.value),
        on_blur=lambda _: field.typing.left(colour),
    )


def counter(field: CountField) -> ft.Control:
    """A colour's swatch and name, minus, the count, plus, and its face-up toggle."""
    colour, label, count = field.colour, field.label, field.count
    return ft.Row(
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=[
            swatch(colour),
            ft.Container(
                width=52,
                margin=ft.Margin.only(top=13),
                content=ft.Text(colour_name(colour), weight=ft.FontWeight.W_500),
            ),
            ft.IconButton(
                icon=ft.Icons.REMOVE,
                tooltip=t("plotters.decrease", field=label, count=count),
                disabled=count == 0,
                on_click=lambda _: field.typing.step(colour, -1),
            ),
            count_input(field),
            ft.IconButton(
                icon=ft.Icons.ADD,
                tooltip=t("plotters.increase", field=label, count=count),
                on_click=lambda _: field.typing.step(colour, 1),
            ),
            ft.IconButton(
                icon=ft.Icons.VISIBILITY_OFF_OUTLINED,
                selected_icon=ft.Icons.VISIBILITY,
                selected_icon_color=ft.Colors.PRIMARY,
                selected=field.face_up,
                tooltip=t(
                    "plotters.face_up_toggle", player=field.player, colour=colour_name(colour)
                ),
                on_click=lambda _: field.tap_face_up(colour),
            ),
        ],
    )


def score_lines(table: Table, seat: int, pair_line: str | None) -> list[ft.Control]:
    """Below the counters: the pair line, then the live formula, or the demand to choose a
    pair when the player holds all four colours and has not chosen."""
    entry, name = table.entry, table.state.players[seat]
    lines: list[ft.Control] = []
    if pair_line is not None:
        lines.append(identified(f"pair-{seat}", ft.Text(pair_line, italic=True)))
    if must_choose_face_up(entry["counts"][seat]) and entry["face_up"][seat] is None:
        required = t("plotters.face_up_required", player=name)
        text = ft.Text(required, color=ft.Colors.ERROR, weight=ft.FontWeight.W_500)
        return [*lines, identified(f"required-{seat}", text)]
    formula = formula_line(entry, seat, table.state.settings)
    return [*lines, identified(f"formula-{seat}", ft.Text(formula, weight=ft.FontWeight.BOLD))]


def use_count_typing(table: Table, seat: int) -> CountTyping:
    """A hook: every change is tried at once; a refused one keeps what was typed, with the
    reason, at its field."""
    typed, set_typed = ft.use_state({})
    name = table.state.players[seat]

    def remember(colour: str, text: str, error: str | None) -> None:
        shown = Typed(text, error, table.entry)
        set_typed(lambda now: {**now, colour: shown})

    def step(colour: str, delta: int) -> None:
        now = table.entry["counts"][seat][colour]
        if table.change(with_count(table.entry, seat, colour, now + delta)):
            set_typed(lambda typed: {c: v for c, v in typed.items() if c != colour})
        else:
            remember(colour, str(now), table.message)

    def typed_in(colour: str, text: str) -> None:
        value = text.strip()
        if value and not WHOLE_NUMBER.fullmatch(value):
            field = t("plotters.count_field", player=name, colour=colour_name(colour))
            remember(colour, text, t("plotters.not_a_number", field=field, value=value))
        elif not value or int(value) == table.entry["counts"][seat][colour]:
            remember(colour, text, None)
        else:
            ok = table.change(with_count(table.entry, seat, colour, int(value)))
            remember(colour, text, None if ok else table.message)

    def left(colour: str) -> None:
        """Leaving a field shows the saved count again, unless what was typed is wrong."""
        set_typed(lambda now: {c: v for c, v in now.items() if c != colour or v.error is not None})

    return CountTyping(typed, step, typed_in, left)


@ft.component
def PlayerCards(table: Table, seat: int) -> ft.Control:
    """One player's four colour counters, face-up toggles, pair line and formula."""
    state, entry = table.state, table.entry
    name = state.players[seat]
    counts: Mapping[str, int] = entry["counts"][seat]
    # A first face-up colour tapped waits here. Taps can arrive before the re-render, so
    # handlers read the ref, not `half`.
    half, set_half = ft.use_state(None)
    half_now = ft.use_ref(None)
    typing = use_count_typing(table, seat)

    def tapped(colour: str) -> None:
        tap = tap_face_up(table.entry["face_up"][seat], half_now.current, colour)
        half_now.current = tap.half
        set_half(tap.half)
        if tap.changes_pair:
            table.change(with_face_up(table.entry, seat, tap.pair))

    shown_up, pair_line = pair_shown(
        counts, entry["face_up"][seat], half, state.settings["nothing_face_down"]
    )

    def field(colour: str) -> CountField:
        mine = typing.typed.get(colour)
        return CountField(
            player=name,
            colour=colour,
            count=counts[colour],
            typed=mine if mine is not None and mine.entry == table.entry else None,
            face_up=colour in shown_up,
            typing=typing,
            tap_face_up=tapped,
        )

    title = t("plotters.player_cards", player=name, count=sum(counts.values()))
    controls: list[ft.Control] = [
        ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        *[counter(field(colour)) for colour in COLOURS],
        *score_lines(table, seat, pair_line),
    ]
    # Not one merged semantic node: every counter and toggle keeps its own accessible name.
    return ft.Card(
        semantic_container=False,
        content=ft.Container(padding=8, content=ft.Column(controls, spacing=6)),
    )


@ft.component
def PlottersPanel(table: Table) -> ft.Control:
    """The round's entry: the cards counted so far, "ended early", and one card per player."""
    state, entry = table.state, table.entry
    players = len(state.players)
    total = sum(sum(counts.values()) for counts in entry["counts"])
    full = sum(cards_in_play(players).values())
    return ft.Column(
        spacing=8,
        controls=[
            identified(
                "cards-count",
                ft.Text(
                    t("plotters.cards_count", total=total, full=full),
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                ),
            ),
            ft.Switch(
                label=t("plotters.ended_early"),
                value=entry["ended_early"],
                on_change=lambda e: table.change(with_ended_early(table.entry, e.control.value)),
            ),
            *[
                PlayerCards(table, seat, key=f"{table.round_number}-{seat}")
                for seat in range(players)
            ],
        ],
    )
