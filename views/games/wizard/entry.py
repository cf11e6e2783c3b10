"""Wizard's round entry in two steps, each on one screen: the bids, then the tricks, a row
per player in seat order (as in the strip and the sheet: a row never moves); the next player
to act in bidding order is named and their row highlighted, the first bidder marked.

The last bid takes the table to the tricks by itself; once every player but one has their
tricks, the last one's are filled in by the rules (scorers.wizard.filled_in), marked as
such and still changeable, and each row previews the round's points. A phone that may only
watch sees the same rows with their values as text: nothing there to tap."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from scorers.seats import seats_from
from scorers.wizard import (
    counted_bids,
    dealer_restriction,
    filled_seat,
    round_preview,
    with_bid,
    with_cloud,
    with_tricks,
)
from views.game_screen.open_game import OpenGame
from views.shell.i18n import t
from views.shell.widgets import (
    CHIP_SIZE,
    change_text,
    choice_chips,
    icon_button,
    identified,
    number_chips,
)

NAME_WIDTH = 72
BIDS = "bids"
TRICKS = "tricks"


def count_line(key: str, total: int, cards: int) -> str:
    """ "Bids: 6 of 7 (1 under)" and the like."""
    if total < cards:
        gap = t("wizard.under", count=cards - total)
    elif total > cards:
        gap = t("wizard.over", count=total - cards)
    else:
        gap = t("wizard.exact")
    return t(key, total=total, cards=cards, gap=gap)


def bidding_order(table: OpenGame) -> list[int]:
    """The seats from the round's first bidder round the table."""
    return seats_from(table.round_info.first, len(table.state.players))


def next_seat(values: Sequence[int | None], order: list[int]) -> int | None:
    """The first seat in `order` whose value is not entered yet."""
    return next((seat for seat in order if values[seat] is None), None)


def shown_step(table: OpenGame) -> str:
    """Bids until every bid is in; then the tricks, unless this screen was taken back to
    the bids (to change one), where it stays until asked for the tricks again."""
    if any(bid is None for bid in table.entry["bids"]):
        return BIDS
    return table.step_chosen() or TRICKS


def prompt(table: OpenGame) -> str | None:
    """Who acts next in bidding order: the next bidder, then whose tricks come next; None
    once every trick is entered (the line then says whether the round adds up)."""
    order, entry, players = bidding_order(table), table.entry, table.state.players
    if shown_step(table) == BIDS:
        seat = next_seat(entry["bids"], order)
        return t("wizard.bids_done") if seat is None else t("wizard.next_bid", player=players[seat])
    # A filled-in player is no longer asked for: the line says the round is ready instead.
    seat = next_seat(table.completed["tricks"], order)
    return None if seat is None else t("wizard.next_tricks", player=players[seat])


@dataclass(frozen=True)
class RowWords:
    """The catalog keys of a row's chips ("Ben bids 3") and of its clear button."""

    chip: str
    clear: str


BID_WORDS = RowWords("wizard.bid_name", "wizard.clear_bid")
TRICK_WORDS = RowWords("wizard.took_name", "wizard.clear_tricks")
Pick = Callable[[int, int | None], None]
"""Set a seat's value (None clears it), reading the entry as it is when tapped."""


@dataclass(frozen=True)
class RowShows:
    """What a row shows besides its chips: a note (dealer, first bidder, the bid, filled
    in), the round's points as it stands (None: not yet), whether its value was filled in
    by the rules, and whether the phone may only watch (the value as text, no chips)."""

    note: str | None = None
    preview: int | None = None
    filled: bool = False
    read_only: bool = False


@ft.component
def PlayerRow(
    seat: int,
    name: str,
    shows: RowShows,
    cards: int,
    value: int | None,
    forbidden: int | None,
    is_next: bool,
    words: RowWords,
    on_pick: Pick,
) -> ft.Control:
    """A player's name (and a note: dealer, the bid; the round's points) beside their chips
    on one line, and a button that clears the value when there is one; the next player's
    row highlighted. A watching phone's row shows the value as text instead of chips.

    Given plain values only and drawn through `ft.memo`: a tap draws again the rows it
    changed (the tapped one, the one that became next), and of the row that only became
    the next one, not its chips."""
    label: list[ft.Control] = [
        ft.Text(
            name,
            weight=ft.FontWeight.BOLD if is_next else ft.FontWeight.W_500,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        )
    ]
    if shows.note:
        note = ft.Text(shows.note, size=11, italic=True, max_lines=1)
        label.append(identified(f"note-{seat}", note))
    if shows.filled:  # a line of its own: no note cut short to make room for it
        filled = ft.Text(t("wizard.filled_mark"), size=11, italic=True, max_lines=1)
        label.append(identified(f"filled-{seat}", filled))
    if shows.preview is not None:
        # Read after the name and the note ("Ann, bid 1, +30"): the number says it all.
        points = ft.Text(change_text(shows.preview), size=12, weight=ft.FontWeight.BOLD)
        label.append(identified(f"preview-{seat}", points))
    if shows.read_only:
        values: ft.Control = ft.memo(ShownValue)(seat, name, value, shows.filled, words)
    else:
        values = ft.memo(ValueChips)(
            seat, name, cards, value, forbidden, shows.filled, words, on_pick
        )
    row = ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        border_radius=8,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if is_next else None,
        content=ft.Row(
            spacing=6,
            controls=[
                ft.Column(width=NAME_WIDTH, spacing=0, controls=label),
                values,
            ],
        ),
    )
    # The same wrapper on every row, only its name changing: a row that became the next one
    # is not rebuilt, so a tap landing on it while the screen updates still counts.
    return ft.Semantics(
        identifier="next-player" if is_next else "player",
        selected=True if is_next else None,
        content=row,
    )


@ft.component
def ValueChips(
    seat: int,
    name: str,
    cards: int,
    value: int | None,
    forbidden: int | None,
    filled: bool,
    words: RowWords,
    on_pick: Pick,
) -> ft.Control:
    """A row's chips from 0 to the cards dealt, then the button clearing its value (none
    for a value the rules filled in: it is not the player's to clear, only to change)."""
    chips = number_chips(
        range(cards + 1),
        lambda n: t(words.chip, player=name, count=n),
        selected=value,
        forbidden=forbidden,
        on_pick=lambda n: on_pick(seat, n),
    )
    chips.expand = True
    if filled and value is not None:
        chips.controls[value].content.italic = True  # filled in, as Plotters' counts are
    clear: ft.Control = ft.Container(width=CHIP_SIZE)
    if value is not None and not filled:
        # Clearing a value is its own named action; tapping a chosen chip again keeps it.
        clear = icon_button(
            ft.Icons.BACKSPACE_OUTLINED, t(words.clear, player=name), lambda: on_pick(seat, None)
        )
    return ft.Row(expand=True, spacing=6, controls=[chips, clear])


@ft.component
def ShownValue(
    seat: int, name: str, value: int | None, filled: bool, words: RowWords
) -> ft.Control:
    """A watching phone's value: the number entered (as a chip would say it), or a dash."""
    if value is None:
        text = ft.Text("\u2013", size=20, semantics_label=t("wizard.no_value", player=name))
    else:
        text = ft.Text(
            str(value),
            size=20,
            weight=ft.FontWeight.BOLD,
            italic=filled,
            semantics_label=t(words.chip, player=name, count=value),
        )
    return ft.Container(
        expand=True,
        height=CHIP_SIZE,
        alignment=ft.Alignment.CENTER_LEFT,
        content=identified(f"value-{seat}", text),
    )


def bid_section(
    table: OpenGame, order: list[int], set_bid: Pick, read_only: bool
) -> list[ft.Control]:
    """The bids in seat order, the dealer and the first bidder marked, and their total
    against the cards; below the rows, the bid the hook or Canadian rule forbids the
    dealer."""
    state, info, bids = table.state, table.round_info, table.entry["bids"]
    players, cards = state.players, info.cards
    restriction = dealer_restriction(state.round_context(table.round_number), bids)
    up_next = next_seat(bids, order)

    def bid_row(seat: int) -> ft.Control:
        forbidden = restriction[0] if restriction and seat == info.dealer else None
        note = None
        if seat == info.dealer:
            note = t("wizard.dealer_mark")
        elif seat == info.first:
            note = t("wizard.first_mark")
        return ft.memo(PlayerRow)(
            seat,
            players[seat],
            RowShows(note=note, read_only=read_only),
            cards,
            bids[seat],
            forbidden,
            seat == up_next,
            BID_WORDS,
            set_bid,
        )

    bid_total = sum(bid for bid in bids if bid is not None)
    count = ft.Text(
        count_line("wizard.bid_count", bid_total, cards), theme_style=ft.TextThemeStyle.TITLE_MEDIUM
    )
    controls: list[ft.Control] = [
        identified("bid-count", count),
        *[bid_row(seat) for seat in range(len(players))],
    ]
    if restriction:
        # Below the last row: nothing the players tap moves when it shows.
        value, key = restriction
        text = t(key, player=players[info.dealer], value=value, cards=cards)
        controls.append(ft.Text(text, italic=True))
    return controls


def trick_section(
    table: OpenGame, order: list[int], set_tricks: Pick, read_only: bool
) -> list[ft.Control]:
    """The tricks taken in seat order, each beside the bid it is scored against (changed by
    the Cloud, if so) and the points it would score; the one player's tricks the others
    leave to the cards filled in and marked; their total against the cards, and a way back
    to the bids."""
    state, cards = table.state, table.round_info.cards
    players, entry, completed = state.players, table.entry, table.completed
    bids, tricks, counted = entry["bids"], completed["tricks"], counted_bids(entry)
    filled = filled_seat(entry, cards, bomb=state.settings["bomb"])
    preview = round_preview(completed)
    up_next = next_seat(tricks, order)

    def trick_row(seat: int) -> ft.Control:
        if counted[seat] == bids[seat]:
            note = t("wizard.bid_was", bid=bids[seat])
        else:
            note = t("wizard.bid_changed", bid=bids[seat], counted=counted[seat])
        shows = RowShows(note, preview[seat], filled=seat == filled, read_only=read_only)
        return ft.memo(PlayerRow)(
            seat,
            players[seat],
            shows,
            cards,
            tricks[seat],
            None,
            seat == up_next,
            TRICK_WORDS,
            set_tricks,
        )

    trick_total = sum(count for count in tricks if count is not None)
    count = ft.Text(
        count_line("wizard.trick_count", trick_total, cards),
        theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
    )
    header: list[ft.Control] = [identified("trick-count", count)]
    if not read_only:
        header.append(
            ft.TextButton(
                t("wizard.to_bids"), height=CHIP_SIZE, on_click=lambda _: table.choose_step(BIDS)
            )
        )
    return [
        ft.Row(wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=header),
        *[trick_row(seat) for seat in range(len(players))],
    ]


@ft.component
def WizardPanel(table: OpenGame) -> ft.Control:
    """The step the round is at: the bids, or the tricks (and the Cloud's change, when the
    Cloud is in play); for a phone that may only watch, the same rows as text."""
    # Made once for the panel's life, so that the rows' arguments stay equal from tap to tap.
    set_bid = ft.use_callback(
        lambda seat, bid: table.change(with_bid(table.entry, seat, bid)), [table]
    )
    set_tricks = ft.use_callback(
        lambda seat, count: table.change(with_tricks(table.entry, seat, count)), [table]
    )
    order = bidding_order(table)
    read_only = not table.may_enter()
    if shown_step(table) == BIDS:
        controls = bid_section(table, order, set_bid, read_only)
    else:
        controls = trick_section(table, order, set_tricks, read_only)
        # A watcher reads the Cloud's change in the row's note ("bid 1, now 2").
        if table.state.settings["cloud"] and not read_only:
            controls.append(cloud_choice(table, order))
    return ft.Column(controls=controls, spacing=4)


def cloud_choice(table: OpenGame, order: list[int]) -> ft.Control:
    """Who won the Cloud's trick and changed their bid by one (the Jubilee special card)."""
    players = table.state.players
    cloud = table.entry.get("cloud")
    chosen_seat = cloud["seat"] if cloud else None
    change = cloud["change"] if cloud else 1
    seats = [("none", t("wizard.cloud_none"), t("wizard.cloud_none"))] + [
        (str(seat), players[seat], t("wizard.cloud_player", player=players[seat])) for seat in order
    ]

    def pick_seat(value: str) -> None:
        seat = None if value == "none" else int(value)
        current = table.entry.get("cloud")
        table.change(with_cloud(table.entry, seat, current["change"] if current else 1))

    def pick_change(value: str) -> None:
        current = table.entry.get("cloud")
        if current:
            table.change(with_cloud(table.entry, current["seat"], int(value)))

    controls: list[ft.Control] = [
        ft.Text(t("wizard.cloud_title"), theme_style=ft.TextThemeStyle.TITLE_SMALL),
        choice_chips(seats, "none" if chosen_seat is None else str(chosen_seat), pick_seat),
    ]
    if chosen_seat is not None:
        name = players[chosen_seat]
        controls.append(
            choice_chips(
                [
                    ("-1", "\u22121", t("wizard.cloud_down", player=name)),
                    ("1", "+1", t("wizard.cloud_up", player=name)),
                ],
                str(change),
                pick_change,
            )
        )
    return ft.Column(spacing=6, controls=controls)
