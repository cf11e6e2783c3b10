"""Plotters' round entry: each player's cards by colour, the face-up pair, the live score.

Every tap is saved at once as a draft. Refusals come from the rules (table.change) and are
shown at the counter that was changed; the pair and formula come from scorers.plotters.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import flet as ft

from scorers.plotters import (
    COLOURS,
    best_face_up,
    cards_in_play,
    colours_held,
    must_choose_face_up,
    score_parts,
    with_count,
    with_ended_early,
    with_face_up,
)
from views.i18n import t
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
    return t(COLOUR_KEYS[colour])


def names_and(names: Sequence[str]) -> str:
    """ "red and yellow", "blue, green, red and yellow"."""
    if len(names) == 1:
        return names[0]
    return t("plotters.and", first=", ".join(names[:-1]), last=names[-1])


def cards_line(players: int) -> str:
    """ "5 players: red and yellow 1-18, blue and green 1-17": colours grouped by range."""
    in_play = cards_in_play(players)
    groups = [
        t(
            "plotters.cards_range",
            colours=names_and([colour_name(c) for c in COLOURS if in_play[c] == high]),
            high=high,
        )
        for high in sorted(set(in_play.values()), reverse=True)
    ]
    return t("plotters.cards_in_play", players=players, groups=", ".join(groups))


def formula_line(counts: Mapping[str, int], pair: Sequence[str] | None, rule: str) -> str:
    """ "6 x 4 / 2 = 12", or why there is no product: one colour, no cards, nothing down."""
    held = colours_held(counts)
    parts = score_parts(counts, pair, rule)
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


@ft.component
def PlayerCards(table: Table, seat: int) -> ft.Control:
    """One player's four colour counters, face-up toggles, pair line and formula."""
    state, entry = table.state, table.entry
    name = state.players[seat]
    counts: Mapping[str, int] = entry["counts"][seat]
    chosen: list[str] | None = entry["face_up"][seat]
    rule = state.settings["nothing_face_down"]
    # A first face-up colour tapped: the entry keeps only whole pairs, so it waits here.
    # Taps can arrive before the re-render, so handlers read the ref, not `half`.
    half, set_half = ft.use_state(None)
    half_now = ft.use_ref(None)
    typed, set_typed = ft.use_state({})

    def pick(colour: str | None) -> None:
        half_now.current = colour
        set_half(colour)

    choosing = must_choose_face_up(counts)
    held = colours_held(counts)

    def remember(colour: str, text: str, error: str | None) -> None:
        shown = Typed(text, error, table.entry)
        set_typed(lambda now: {**now, colour: shown})

    def forget(colour: str) -> None:
        set_typed(lambda now: {c: v for c, v in now.items() if c != colour})

    def step(colour: str, delta: int) -> None:
        now = table.entry["counts"][seat][colour]
        if table.change(with_count(table.entry, seat, colour, now + delta)):
            forget(colour)
        else:
            remember(colour, str(now), table.message)

    def typed_in(colour: str, text: str) -> None:
        value = text.strip()
        if not value:
            remember(colour, text, None)
        elif not WHOLE_NUMBER.fullmatch(value):
            field = t("plotters.count_field", player=name, colour=colour_name(colour))
            remember(colour, text, t("plotters.not_a_number", field=field, value=value))
        elif int(value) == table.entry["counts"][seat][colour]:
            remember(colour, text, None)
        else:
            ok = table.change(with_count(table.entry, seat, colour, int(value)))
            remember(colour, text, None if ok else table.message)

    def left(colour: str) -> None:
        """Leaving a field shows the saved count again, unless what was typed is wrong."""
        set_typed(lambda now: {c: v for c, v in now.items() if c != colour or v.error is not None})

    def tap_face_up(colour: str) -> None:
        pair, first = table.entry["face_up"][seat], half_now.current
        if pair is not None:
            if colour in pair:
                pick(next(c for c in pair if c != colour))
                table.change(with_face_up(table.entry, seat, None))
            else:
                table.change(with_face_up(table.entry, seat, [pair[1], colour]))
        elif first is None:
            pick(colour)
        elif first == colour:
            pick(None)
        else:
            pick(None)
            table.change(with_face_up(table.entry, seat, [first, colour]))

    if chosen is not None:
        shown_up: Sequence[str] = chosen
        pair_line = t(
            "plotters.face_up_chosen",
            a=colour_name(chosen[0]),
            b=colour_name(chosen[1]),
        )
    elif half is not None:
        shown_up = [half]
        pair_line = t("plotters.face_up_half", colour=colour_name(half))
    elif choosing:
        shown_up = []
        pair_line = None
    elif held >= 2:
        shown_up = best_face_up(counts, rule)
        pair_line = t("plotters.best_pair", a=colour_name(shown_up[0]), b=colour_name(shown_up[1]))
    else:
        shown_up, pair_line = [], None

    def counter(colour: str) -> ft.Control:
        count = counts[colour]
        label = t("plotters.count_field", player=name, colour=colour_name(colour))
        mine = typed.get(colour)
        if mine is not None and mine.entry != table.entry:
            mine = None
        face_up = colour in shown_up
        return ft.Row(
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.START,
            controls=[
                ft.Container(
                    width=18,
                    height=18,
                    margin=ft.Margin.only(top=15),
                    bgcolor=SWATCHES[colour],
                    border_radius=9,
                ),
                ft.Container(
                    width=52,
                    margin=ft.Margin.only(top=13),
                    content=ft.Text(colour_name(colour), weight=ft.FontWeight.W_500),
                ),
                ft.IconButton(
                    icon=ft.Icons.REMOVE,
                    tooltip=t("plotters.decrease", field=label, count=count),
                    disabled=count == 0,
                    on_click=lambda _: step(colour, -1),
                ),
                ft.TextField(
                    label=label,
                    value=mine.text if mine is not None else str(count),
                    error=mine.error if mine is not None else None,
                    width=96,
                    dense=True,
                    text_align=ft.TextAlign.CENTER,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=lambda e: typed_in(colour, e.control.value),
                    on_blur=lambda _: left(colour),
                ),
                ft.IconButton(
                    icon=ft.Icons.ADD,
                    tooltip=t("plotters.increase", field=label, count=count),
                    on_click=lambda _: step(colour, 1),
                ),
                ft.IconButton(
                    icon=ft.Icons.VISIBILITY_OFF_OUTLINED,
                    selected_icon=ft.Icons.VISIBILITY,
                    selected_icon_color=ft.Colors.PRIMARY,
                    selected=face_up,
                    tooltip=t("plotters.face_up_toggle", player=name, colour=colour_name(colour)),
                    on_click=lambda _: tap_face_up(colour),
                ),
            ],
        )

    controls: list[ft.Control] = [
        ft.Text(
            t("plotters.player_cards", player=name, count=sum(counts.values())),
            theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
        ),
        *[counter(colour) for colour in COLOURS],
    ]
    if pair_line is not None:
        controls.append(identified(f"pair-{seat}", ft.Text(pair_line, italic=True)))
    if choosing and chosen is None:
        controls.append(
            identified(
                f"required-{seat}",
                ft.Text(
                    t("plotters.face_up_required", player=name),
                    color=ft.Colors.ERROR,
                    weight=ft.FontWeight.W_500,
                ),
            )
        )
    else:
        controls.append(
            identified(
                f"formula-{seat}",
                ft.Text(formula_line(counts, chosen, rule), weight=ft.FontWeight.BOLD),
            )
        )
    # Not one merged semantic node: every counter and toggle keeps its own accessible name.
    return ft.Card(
        semantic_container=False,
        content=ft.Container(padding=8, content=ft.Column(controls, spacing=6)),
    )


@ft.component
def PlottersPanel(table: Table) -> ft.Control:
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
