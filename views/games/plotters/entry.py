"""Plotters' round entry: one compact row per player (four colour counts and the face-up
pair) and, below the rows, a pad for the count or the face-up colours being entered.

Every tap is saved at once as a draft. A count is one tap on the pad, which then moves on to
the next count, so a player's four counts are four taps, as on paper. In a round that went
the full 14 tricks the last player's counts are filled in from the cards in play
(scorers.plotters.filled_in). Refusals come from the rules (table.change) and show once,
below the entry; the pair and formula come from scorers.plotters.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from scorers.plotters import (
    COLOURS,
    HAND,
    best_face_up,
    cards_in_play,
    chosen_pair,
    colours_held,
    fills_last_seat,
    must_choose_face_up,
    seat_parts,
    toggled_face_up,
    with_count,
    with_ended_early,
    with_face_up,
    with_nobody_collected,
)
from views.games.panel import EntryPanel
from views.games.table import Entry, Table
from views.shell.i18n import joined, t
from views.shell.widgets import (
    CHIP_SIZE,
    Mark,
    cell_button,
    identified,
    marked,
    number_chips,
    use_question,
)

COLOUR_KEYS = {
    "blue": "plotters.colour.blue",
    "green": "plotters.colour.green",
    "red": "plotters.colour.red",
    "yellow": "plotters.colour.yellow",
}
HEADING_KEYS = {
    "blue": "plotters.heading.blue",
    "green": "plotters.heading.green",
    "red": "plotters.heading.red",
    "yellow": "plotters.heading.yellow",
}
SWATCHES = {
    "blue": ft.Colors.BLUE_700,
    "green": ft.Colors.GREEN_700,
    "red": ft.Colors.RED_700,
    "yellow": ft.Colors.AMBER_400,
}
FACE_UP = "face_up"
"""The pad's spot for a player's face-up colours (the other spots are colours)."""
NAME_WIDTH = 60
PAIR_WIDTH = 84
GAP = 4


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
class FaceUp:
    """A player's face-up colours as shown: the colours, whether the player chose them (or
    the app proposes them as the best), and whether a choice is still owed."""

    colours: Sequence[str]
    chosen: bool
    owed: bool


def face_up_shown(entry: Entry, seat: int, rule: str) -> FaceUp:
    """Chosen (whole or half), the best pair proposed, or nothing (one colour or none, or
    four colours waiting for the player's choice)."""
    counts, chosen = entry["counts"][seat], entry["face_up"][seat]
    owed = must_choose_face_up(counts) and chosen_pair(entry, seat) is None
    if chosen:
        return FaceUp(chosen, chosen=True, owed=owed)
    if owed or colours_held(counts) < 2:
        return FaceUp((), chosen=False, owed=owed)
    return FaceUp(best_face_up(counts, rule), chosen=False, owed=False)


def face_up_words(shown: FaceUp) -> str:
    """ "red and yellow", "best: red and yellow", "red and ?", "choose two" or a dash."""
    names = [colour_name(c) for c in shown.colours]
    if len(names) == 2:
        return t("plotters.pair" if shown.chosen else "plotters.pair_best", a=names[0], b=names[1])
    if names:
        return t("plotters.pair_one", colour=names[0])
    return t("plotters.pair_choose") if shown.owed else t("plotters.pair_none")


Spot = tuple[int, str]
"""Where the pad enters: a seat and one of its colours, or FACE_UP."""


def owes_pair(entry: Entry, seat: int) -> bool:
    return must_choose_face_up(entry["counts"][seat]) and chosen_pair(entry, seat) is None


def first_open(draft: Entry, completed: Entry, seat: int) -> Spot | None:
    """Where entering goes on at `seat`: its first colour; for a filled-in last seat only
    the face-up pair it owes; None past the last seat."""
    players = len(draft["counts"])
    if seat >= players:
        return None
    if seat == players - 1 and fills_last_seat(draft):
        return (seat, FACE_UP) if owes_pair(completed, seat) else None
    return seat, COLOURS[0]


def next_spot(draft: Entry, completed: Entry, done: Spot) -> Spot | None:
    """After `done` was entered: the seat's next colour, then the pair it owes (four
    colours), then the next seat."""
    seat, what = done
    if what != FACE_UP:
        later = COLOURS[COLOURS.index(what) + 1 :]
        if later and not (seat == len(draft["counts"]) - 1 and fills_last_seat(draft)):
            return seat, later[0]
        if owes_pair(completed, seat):
            return seat, FACE_UP
    return first_open(draft, completed, seat + 1)


def pad_spot(table: Table, panel: EntryPanel[Spot]) -> Spot | None:
    """Where the pad enters: where it was moved to in the round shown, else the first open
    spot. The panel holds the spot as of the last tap, however quick the next one. On a
    player's own phone, that player's spots only: once theirs are in, nowhere."""
    own = table.own_seat()
    spot = panel.pad_spot(first_open(table.entry, table.completed, own or 0))
    return None if own is not None and spot is not None and spot[0] != own else spot


def pad_question(table: Table, spot: Spot) -> str:
    """What the pad asks at `spot`: "Cas: green cards?", "Dot: which two stay face up?";
    on the player's own phone "Your green cards, Cas?"."""
    seat, what = spot
    name, own = table.state.players[seat], seat == table.own_seat()
    if what == FACE_UP:
        return t("plotters.pad_your_face_up" if own else "plotters.pad_face_up", player=name)
    key = "plotters.pad_your_colour" if own else "plotters.pad_colour"
    return t(key, player=name, colour=colour_name(what))


def cell_style(colour: str | None, selected: bool) -> ft.ButtonStyle:
    side = ft.BorderSide(3 if selected else 1, SWATCHES[colour] if colour else ft.Colors.OUTLINE)
    return ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8), side=side)


def count_cell(
    name: str, colour: str, count: int, filled: bool, selected: bool, on_tap: Callable[[], None]
) -> ft.Control:
    """A colour's count in a player's row; tapping it brings the pad to it."""
    label = t(
        "plotters.count_cell_filled" if filled else "plotters.count_cell",
        player=name,
        colour=colour_name(colour),
        count=count,
    )
    return cell_button(
        str(count),
        label,
        filled=filled,
        on_pad=selected,
        style=cell_style(colour, selected),
        on_tap=on_tap,
    )


def pair_cell(name: str, shown: FaceUp, selected: bool, on_tap: Callable[[], None]) -> ft.Control:
    """A player's face-up colours in words; tapping it brings the face-up choice to the pad."""
    words = face_up_words(shown)
    lines = [colour_name(c) for c in shown.colours] or [words]
    if len(lines) == 1 and shown.colours:
        lines.append("?")
    text = ft.Text(
        "\n".join(lines),
        semantics_label=t("plotters.face_up_cell", player=name, pair=words),
        size=12,
        italic=not shown.chosen,
        color=ft.Colors.ERROR if shown.owed else None,
        text_align=ft.TextAlign.CENTER,
    )
    return ft.OutlinedButton(
        content=text,
        width=PAIR_WIDTH,
        height=CHIP_SIZE,
        style=marked(cell_style(None, selected), "tonal" if selected else None),
        on_click=lambda _: on_tap(),
    )


def header_row() -> ft.Control:
    """The colour and "Face up" headings over the columns."""

    def heading(text: str, width: int, colour: str | None = None) -> ft.Control:
        return ft.Container(
            width=width,
            border=ft.Border.only(bottom=ft.BorderSide(3, SWATCHES[colour])) if colour else None,
            content=ft.Text(text, size=12, text_align=ft.TextAlign.CENTER, no_wrap=True),
        )

    return ft.Row(
        spacing=GAP,
        controls=[
            heading("", NAME_WIDTH),
            *[heading(t(HEADING_KEYS[c]), CHIP_SIZE, c) for c in COLOURS],
            heading(t("plotters.heading.face_up"), PAIR_WIDTH),
        ],
    )


def player_row(
    table: Table, seat: int, spot: Spot | None, select: Callable[[Spot], None]
) -> ft.Control:
    """A player's name, card count and score as entered so far, four counts, and the
    face-up pair."""
    completed, name = table.completed, table.state.players[seat]
    counts = completed["counts"][seat]
    filled = seat == len(table.state.players) - 1 and fills_last_seat(table.entry)
    cards = t("plotters.row_cards", count=sum(counts.values()))
    score = t("plotters.row_score", score=seat_parts(completed, seat, table.state.settings).score)
    shown = face_up_shown(completed, seat, table.state.settings["nothing_face_down"])
    return ft.Row(
        spacing=GAP,
        controls=[
            ft.Container(
                width=NAME_WIDTH,
                content=ft.Column(
                    spacing=0,
                    controls=[
                        ft.Text(name, weight=ft.FontWeight.W_500, no_wrap=True),
                        identified(f"cards-{seat}", ft.Text(cards, size=11)),
                        identified(f"preview-{seat}", ft.Text(score, size=11)),
                    ],
                ),
            ),
            *[
                count_cell(
                    name,
                    colour,
                    counts[colour],
                    filled,
                    spot == (seat, colour),
                    partial(select, (seat, colour)),
                )
                for colour in COLOURS
            ],
            pair_cell(name, shown, spot == (seat, FACE_UP), lambda: select((seat, FACE_UP))),
        ],
    )


def number_pad(
    table: Table, spot: tuple[int, str], on_pick: Callable[[int], None]
) -> list[ft.Control]:
    """0 up to the cards of this colour in play, every one in sight (wrapped over lines)."""
    seat, colour = spot
    name, in_play = table.state.players[seat], cards_in_play(len(table.state.players))
    chips = number_chips(
        range(in_play[colour] + 1),
        lambda n: t("plotters.pad_count", player=name, colour=colour_name(colour), count=n),
        selected=table.completed["counts"][seat][colour],
        on_pick=on_pick,
    )
    # A pad of its own for each count: the second tap of a double tap reaches the pad the
    # first tap left, not the next count's button in the same place.
    chips.key = f"pad-{seat}-{colour}"
    return [chips]


def face_up_pad(table: Table, seat: int, on_tap: Callable[[str], None]) -> list[ft.Control]:
    """The four colours in words, the chosen ones filled and the proposed ones tinted."""
    name = table.state.players[seat]
    shown = face_up_shown(table.completed, seat, table.state.settings["nothing_face_down"])
    buttons: list[ft.Control] = []
    for colour in COLOURS:
        label = t("plotters.face_up_toggle", player=name, colour=colour_name(colour))
        fill: Mark = "filled" if shown.chosen else "tonal"
        mark = fill if colour in shown.colours else None
        buttons.append(
            ft.OutlinedButton(
                content=ft.Text(t(HEADING_KEYS[colour]), semantics_label=label),
                height=CHIP_SIZE,
                style=marked(cell_style(colour, colour in shown.colours), mark),
                on_click=lambda _, colour=colour: on_tap(colour),
            )
        )
    return [ft.Row(buttons, wrap=True, spacing=GAP, run_spacing=GAP, key=f"face-up-{seat}")]


def rule_line(table: Table) -> str:
    """The card-total rule the round is checked against, said before it can be broken."""
    players = len(table.state.players)
    full = HAND * players
    if table.entry["ended_early"]:
        return t("plotters.rule_early", players=players, full=full)
    if not any(table.entry["counts"][-1].values()):
        return t("plotters.rule_full_filled", full=full, player=table.state.players[-1])
    return t("plotters.rule_full", full=full)


@ft.component
def PlottersPanel(table: Table, panel: EntryPanel[Spot]) -> ft.Control:
    """The round's entry: the cards counted, "ended early" and its rule, a row per player,
    and the pad for the count or the face-up pair being entered."""
    state, completed = table.state, table.completed
    players = len(state.players)

    def pick(number: int) -> None:
        spot = pad_spot(table, panel)
        if spot is None or spot[1] == FACE_UP:
            return
        seat, colour = spot
        # The last seat's filled-in counts become its own with its first change.
        base = table.completed if seat == players - 1 else table.entry
        if table.change(with_count(base, seat, colour, number)):
            panel.move_pad(next_spot(table.entry, table.completed, spot))

    def tap_face_up(colour: str) -> None:
        spot = pad_spot(table, panel)
        if spot is None:
            return
        before = table.entry["face_up"][spot[0]]
        now = toggled_face_up(before, colour)
        # The pad moves on once a pair is made from a first colour, not while changing one.
        made = before is not None and len(before) == 1 and now is not None and len(now) == 2
        if table.change(with_face_up(table.entry, spot[0], now)) and made:
            panel.move_pad(next_spot(table.entry, table.completed, spot))

    total = sum(sum(counts.values()) for counts in completed["counts"])
    spot = pad_spot(table, panel)
    own = table.own_seat()
    rows: list[ft.Control] = [
        # On a player's own phone the other players' rows are shown, not tapped.
        ft.Container(
            disabled=own is not None and seat != own,
            content=player_row(table, seat, spot, panel.move_pad),
        )
        for seat in range(players)
    ]
    controls: list[ft.Control] = [
        *round_header(table, total, sum(cards_in_play(players).values())),
        header_row(),
        ft.Column(spacing=2, controls=rows),
        *pad_section(table, spot, pick, tap_face_up),
    ]
    return ft.Column(controls, spacing=4)


def round_header(table: Table, total: int, full: int) -> list[ft.Control]:
    """The cards counted of those in play and the rule they are checked against, beside
    "Ended early"; for a round ended early with nothing counted, the way to say that nobody
    collected a card."""
    counted = ft.Column(
        spacing=0,
        expand=True,
        controls=[
            identified(
                "cards-count",
                ft.Text(
                    t("plotters.cards_count", total=total, full=full),
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                ),
            ),
            identified("card-rule", ft.Text(rule_line(table), size=12, italic=True)),
        ],
    )
    early = ft.Switch(
        label=t("plotters.ended_early"),
        height=CHIP_SIZE,
        value=table.entry["ended_early"],
        disabled=not table.may_score(),  # the table's to say, not one player's own phone
        on_change=lambda e: table.change(with_ended_early(table.entry, e.control.value)),
    )
    header: list[ft.Control] = [
        ft.Row([counted, early], vertical_alignment=ft.CrossAxisAlignment.CENTER)
    ]
    if table.entry["ended_early"] and total == 0 and table.may_score():
        header.append(NobodyCollected(table))
    return header


@ft.component
def NobodyCollected(table: Table) -> ft.Control:
    """For a round that ended early with nothing counted: it ended in its first trick, and
    nobody collected a card. Scored, once asked and confirmed, as 0 for everyone; undone
    and corrected as any round (scorers.plotters.with_nobody_collected)."""

    def score_zero() -> None:
        if table.change(with_nobody_collected(table.entry)):
            table.submit()

    question, score = t("plotters.nobody_collected_question"), t("plotters.nobody_collected_score")
    ask = use_question(question, t("entry.cancel"), score, score_zero)
    return ft.OutlinedButton(
        t("plotters.nobody_collected"),
        icon=ft.Icons.BLOCK,
        height=CHIP_SIZE,
        on_click=lambda _: ask(),
    )


def pad_section(
    table: Table,
    spot: Spot | None,
    pick: Callable[[int], None],
    tap_face_up: Callable[[str], None],
) -> list[ft.Control]:
    """What the pad enters now (at `spot`) and that player's live formula, then the pad."""
    if spot is None:
        own = table.own_seat()
        idle = (
            t("plotters.pad_your_idle", player=table.state.players[own])
            if own is not None
            else t("plotters.pad_idle")
        )
        return [identified("pad-title", ft.Text(idle, italic=True))]
    seat, what = spot
    title = pad_question(table, spot)
    if what == FACE_UP:
        keys = face_up_pad(table, seat, tap_face_up)
    else:
        keys = number_pad(table, (seat, what), pick)
    formula = formula_line(table.completed, seat, table.state.settings)
    heading = ft.Row(
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        controls=[
            identified("pad-title", ft.Text(title, weight=ft.FontWeight.W_500)),
            identified("formula", ft.Text(formula)),
        ],
    )
    return [heading, *keys]
