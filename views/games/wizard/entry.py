"""Wizard's round entry in two steps, each on one screen: the bids, then the tricks. A
compact row per player in seat order (as in the strip and the sheet: a row never moves)
shows each value, and one pad below the rows holds every number of the step, 0 to the
cards dealt, wrapped over as many lines as the screen needs: no number is ever scrolled out
of sight, however many cards are dealt.

The pad enters for the next player to act in bidding order, and moves on with each tap;
tapping a row's value brings the pad to that player instead, to change it. The last bid
takes the table to the tricks by itself; once every player but one has their tricks, the
last one's are filled in by the rules (scorers.wizard.filled_in), marked as such and still
changeable, and each row previews the round's points. A phone that may only watch sees the
same rows with their values as text and no pad: nothing there to tap."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from scorers.seats import seats_from
from scorers.wizard import (
    BOMB,
    CLOUD,
    counted_bids,
    dealer_restriction,
    filled_seat,
    round_preview,
    special_cards,
    with_bid,
    with_cloud,
    with_tricks,
)
from views.games.panel import EntryPanel
from views.games.table import Table
from views.shell.hooks import memo
from views.shell.i18n import t
from views.shell.layout import WIDE_ENTRY, ScreenSize, use_screen_size
from views.shell.names import fitted_names
from views.shell.widgets import (
    CHIP_SIZE,
    cell_button,
    change_text,
    choice_chips,
    icon_button,
    identified,
    number_chips,
)

PREVIEW_WIDTH = 34
NAME_SIZE = 14
PHONE_WIDTH = 390
"""The screen's width before the browser has said its size: a 390 px phone's."""
BIDS = "bids"
TRICKS = "tricks"
PadSpot = tuple[str, int]
"""Where the pad was brought by tapping a row: the step and the row's seat."""


def count_line(key: str, total: int, cards: int) -> str:
    """ "Bids: 6 of 7 (1 under)" and the like."""
    if total < cards:
        gap = t("wizard.under", count=cards - total)
    elif total > cards:
        gap = t("wizard.over", count=total - cards)
    else:
        gap = t("wizard.exact")
    return t(key, total=total, cards=cards, gap=gap)


def bidding_order(table: Table) -> list[int]:
    """The seats from the round's first bidder round the table."""
    return seats_from(table.round_info.first, len(table.state.players))


def next_seat(values: Sequence[int | None], order: list[int]) -> int | None:
    """The first seat in `order` whose value is not entered yet."""
    return next((seat for seat in order if values[seat] is None), None)


def shown_step(table: Table, panel: EntryPanel[PadSpot]) -> str:
    """Bids until every bid is in; then the tricks, unless this screen was taken back to
    the bids (to change one), where it stays until asked for the tricks again."""
    if any(bid is None for bid in table.entry["bids"]):
        return BIDS
    return panel.step or TRICKS


def prompt(table: Table, panel: EntryPanel[PadSpot]) -> str | None:
    """Who acts next in bidding order: the next bidder, then whose tricks come next; None
    once every trick is entered (the line then says whether the round adds up). On a
    player's own phone, its player is asked as "you"."""
    order, entry, players = bidding_order(table), table.entry, table.state.players
    own = table.own_seat()
    if shown_step(table, panel) == BIDS:
        seat = next_seat(entry["bids"], order)
        if seat is None:
            return t("wizard.bids_done")
        key = "wizard.your_bid" if seat == own else "wizard.next_bid"
        return t(key, player=players[seat])
    # A filled-in player is no longer asked for: the line says the round is ready instead.
    seat = next_seat(table.completed["tricks"], order)
    if seat is None:
        return None
    return t("wizard.your_tricks" if seat == own else "wizard.next_tricks", player=players[seat])


def own_turn(table: Table, panel: EntryPanel[PadSpot]) -> bool:
    """Whether the round waits for the value of this phone's own player now: bidding has
    reached them, or their tricks come next."""
    own = table.own_seat()
    if own is None:
        return False
    values = table.entry["bids"] if shown_step(table, panel) == BIDS else table.completed["tricks"]
    return next_seat(values, bidding_order(table)) == own


@dataclass(frozen=True)
class StepWords:
    """The catalog keys of a step's words: the pad's chips ("Ben bids 3") and its title
    ("Ben's bid?", on Ben's own phone "Your bid, Ben"), the button clearing a value, and a
    row's value as a button ("Ben's bid: 3. Change") or, before it is entered, as a button
    or a watcher's dash."""

    chip: str
    pad_title: str
    own_pad_title: str
    clear: str
    cell: str


BID_WORDS = StepWords(
    "wizard.bid_name", "wizard.pad_bid", "wizard.your_bid", "wizard.clear_bid", "wizard.bid_cell"
)
TRICK_WORDS = StepWords(
    "wizard.took_name",
    "wizard.pad_tricks",
    "wizard.your_tricks",
    "wizard.clear_tricks",
    "wizard.trick_cell",
)
Pick = Callable[[int, int | None], None]
"""Set a seat's value (None clears it), reading the entry as it is when tapped."""


@dataclass(frozen=True)
class RowShows:
    """What a row shows besides its value: a note (dealer, first bidder, the bid, filled
    in), the round's points as it stands (None: not yet), whether its value was filled in
    by the rules, and whether the phone may only watch (the value as text, not a button)."""

    note: str | None = None
    preview: int | None = None
    filled: bool = False
    read_only: bool = False
    shown_name: str | None = None
    """The name as it fits the row (views.shell.names), None: whole."""


@ft.component
def PlayerRow(
    seat: int,
    name: str,
    shows: RowShows,
    value: int | None,
    on_pad: bool,
    words: StepWords,
    on_select: Callable[[int], None],
) -> ft.Control:
    """A player's name (and a note: dealer, the bid) beside the round's points and the
    value, one line of 48 px; the row the pad enters for highlighted.

    Given plain values only and drawn through `ft.memo`: a tap draws again the rows it
    changed (the one entered, the one the pad moved to), not the others."""
    label: list[ft.Control] = [
        ft.Text(
            shows.shown_name or name,
            size=NAME_SIZE,
            weight=ft.FontWeight.BOLD if on_pad else ft.FontWeight.W_500,
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
    controls: list[ft.Control] = [ft.Column(expand=True, spacing=0, controls=label)]
    if shows.preview is not None:
        # Read after the name and the note ("Ann, bid 1, +30"): the number says it all.
        points = ft.Text(change_text(shows.preview), size=13, weight=ft.FontWeight.BOLD)
        controls.append(
            ft.Container(
                width=PREVIEW_WIDTH,
                alignment=ft.Alignment.CENTER_RIGHT,
                content=identified(f"preview-{seat}", points),
            )
        )
    if shows.read_only:
        controls.append(shown_value(seat, name, value, shows.filled, words))
    else:
        controls.append(value_cell(seat, name, value, shows.filled, on_pad, words, on_select))
    row = ft.Container(
        padding=ft.Padding.only(left=6, right=2),
        border_radius=8,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if on_pad else None,
        content=ft.Row(spacing=4, controls=controls),
    )
    # The same wrapper on every row, only its name changing: a row the pad moved to is
    # not rebuilt, so a tap landing on it while the screen updates still counts.
    return ft.Semantics(
        identifier="next-player" if on_pad else "player",
        selected=True if on_pad else None,
        content=row,
    )


def value_cell(
    seat: int,
    name: str,
    value: int | None,
    filled: bool,
    on_pad: bool,
    words: StepWords,
    on_select: Callable[[int], None],
) -> ft.Control:
    """A row's value (a dash before it is entered), a button that brings the pad to it."""
    if value is None:
        label = t("wizard.cell_empty", player=name)
    else:
        label = t(words.cell, player=name, count=value)
    return cell_button(
        "\u2013" if value is None else str(value),
        label,
        filled=filled,
        on_pad=on_pad,
        style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8)),
        on_tap=lambda: on_select(seat),
        size=18,
    )


def shown_value(
    seat: int, name: str, value: int | None, filled: bool, words: StepWords
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
        width=CHIP_SIZE,
        height=CHIP_SIZE,
        alignment=ft.Alignment.CENTER,
        content=identified(f"value-{seat}", text),
    )


def name_room(size: ScreenSize, step: str) -> float:
    """The width of a name in a row: half the entry (beside the sheet from 900 px, else
    the screen less its padding), less the row's padding, its value and, at the tricks,
    its points."""
    entry = WIDE_ENTRY if size.wide else (size.width or PHONE_WIDTH)
    row = (entry - 20 - 4) / 2
    points = PREVIEW_WIDTH + 4 if step == TRICKS else 0
    return row - 8 - 4 - CHIP_SIZE - points


def player_grid(rows: list[ft.Control]) -> ft.Control:
    """The players two to a line, in seat order as read: six players take three lines, so
    the pad below keeps its place on a phone's screen."""
    return ft.ResponsiveRow(
        spacing=4,
        run_spacing=2,
        controls=[ft.Container(col=6, content=row) for row in rows],
    )


@dataclass(frozen=True)
class PadAt:
    """The pad as drawn: the seat it enters for, its value now, whether the rules filled
    that value in, and the number the rules forbid there (the dealer's bid), if any."""

    seat: int
    value: int | None
    filled: bool = False
    forbidden: int | None = None


def number_pad(
    table: Table, step: str, at: PadAt | None, words: StepWords, pick: Pick
) -> list[ft.Control]:
    """Whose value the pad enters, then every number from 0 to the cards dealt and the
    button clearing the value (none for a value the rules filled in: it is not the
    player's to clear, only to change); with nobody left to enter, how to change one."""
    if at is None:
        return [identified("pad-title", ft.Text(t("wizard.pad_idle"), italic=True))]
    name = table.state.players[at.seat]
    chips = number_chips(
        range(table.round_info.cards + 1),
        lambda n: t(words.chip, player=name, count=n),
        selected=at.value,
        forbidden=at.forbidden,
        filled_in=at.value if at.filled else None,  # in italics, as the row shows it
        on_pick=lambda n: pick(at.seat, n),
    )
    if at.value is not None and not at.filled:
        # Clearing a value is its own named action; tapping a chosen chip again keeps it.
        chips.controls.append(
            icon_button(
                ft.Icons.BACKSPACE_OUTLINED,
                t(words.clear, player=name),
                lambda: pick(at.seat, None),
            )
        )
    # A pad of its own for each player: the second tap of a double tap reaches the pad the
    # first tap left (gone, so the tap is dropped), not the next player's chip in its place.
    chips.key = f"pad-{step}-{at.seat}"
    own = at.seat == table.own_seat()
    title = t(words.own_pad_title if own else words.pad_title, player=name)
    return [identified("pad-title", ft.Text(title, weight=ft.FontWeight.W_500)), chips]


def tapped_seat(panel: EntryPanel[PadSpot], step: str) -> int | None:
    """The seat whose row was tapped to bring the pad to it at this step; None: the pad
    follows the bidding order."""
    spot = panel.pad_spot(None)
    return spot[1] if spot is not None and spot[0] == step else None


@dataclass(frozen=True)
class StepInput:
    """What a step's rows and pad act through: set a seat's value, bring the pad to a
    seat, whether this phone may only watch, and the seat it enters for alone (a player's
    own phone: the pad stays on that player, the other rows are text)."""

    pick: Pick
    select: Callable[[int], None]
    read_only: bool
    names: list[str]
    """The players' names as they fit a row (views.shell.names)."""
    own: int | None = None

    def pad_seat(self, chosen: int | None, next_up: int | None) -> int | None:
        """Whose value the pad enters: this phone's own player's, else the row tapped,
        else the next in bidding order."""
        if self.own is not None:
            return self.own
        return chosen if chosen is not None else next_up

    def row_read_only(self, seat: int) -> bool:
        return self.read_only or (self.own is not None and seat != self.own)


def bid_section(
    table: Table, order: list[int], chosen: int | None, given: StepInput
) -> list[ft.Control]:
    """The bids in seat order, the dealer and the first bidder marked, and their total
    against the cards; the pad; below it, the bid the hook or Canadian rule forbids the
    dealer."""
    state, info, bids = table.state, table.round_info, table.entry["bids"]
    players, cards = state.players, info.cards
    restriction = dealer_restriction(state.round_context(table.round_number), bids)
    pad_seat = given.pad_seat(chosen, next_seat(bids, order))

    def bid_row(seat: int) -> ft.Control:
        note = None
        if seat == info.dealer:
            note = t("wizard.dealer_mark")
        elif seat == info.first:
            note = t("wizard.first_mark")
        return memo(PlayerRow)(
            seat,
            players[seat],
            RowShows(note=note, read_only=given.row_read_only(seat), shown_name=given.names[seat]),
            bids[seat],
            seat == pad_seat,
            BID_WORDS,
            given.select,
        )

    bid_total = sum(bid for bid in bids if bid is not None)
    count = ft.Text(
        count_line("wizard.bid_count", bid_total, cards), theme_style=ft.TextThemeStyle.TITLE_MEDIUM
    )
    controls: list[ft.Control] = [
        identified("bid-count", count),
        player_grid([bid_row(seat) for seat in range(len(players))]),
    ]
    if not given.read_only:
        forbidden = restriction[0] if restriction and pad_seat == info.dealer else None
        at = None if pad_seat is None else PadAt(pad_seat, bids[pad_seat], forbidden=forbidden)
        controls.extend(number_pad(table, BIDS, at, BID_WORDS, given.pick))
    if restriction:
        # Below the pad: nothing the players tap moves when it shows.
        value, key = restriction
        text = t(key, player=players[info.dealer], value=value, cards=cards)
        controls.append(ft.Text(text, italic=True))
    return controls


def trick_section(
    table: Table,
    order: list[int],
    chosen: int | None,
    given: StepInput,
    to_bids: Callable[[], None],
) -> list[ft.Control]:
    """The tricks taken in seat order, each beside the bid it is scored against (changed by
    the Cloud, if so) and the points it would score; the one player's tricks the others
    leave to the cards filled in and marked; their total against the cards, a way back to
    the bids (`to_bids`), and the pad."""
    state, cards = table.state, table.round_info.cards
    players, entry, completed = state.players, table.entry, table.completed
    bids, tricks, counted = entry["bids"], completed["tricks"], counted_bids(entry)
    filled = filled_seat(entry, cards, bomb=BOMB in special_cards(state.settings))
    preview = round_preview(completed)
    pad_seat = given.pad_seat(chosen, next_seat(tricks, order))

    def trick_row(seat: int) -> ft.Control:
        if counted[seat] == bids[seat]:
            note = t("wizard.bid_was", bid=bids[seat])
        else:
            note = t("wizard.bid_changed", bid=bids[seat], counted=counted[seat])
        shows = RowShows(
            note,
            preview[seat],
            filled=seat == filled,
            read_only=given.row_read_only(seat),
            shown_name=given.names[seat],
        )
        return memo(PlayerRow)(
            seat,
            players[seat],
            shows,
            tricks[seat],
            seat == pad_seat,
            TRICK_WORDS,
            given.select,
        )

    trick_total = sum(count for count in tricks if count is not None)
    count = ft.Text(
        count_line("wizard.trick_count", trick_total, cards),
        theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
    )
    header: list[ft.Control] = [identified("trick-count", count)]
    if not given.read_only:
        header.append(
            ft.TextButton(t("wizard.to_bids"), height=CHIP_SIZE, on_click=lambda _: to_bids())
        )
    controls: list[ft.Control] = [
        ft.Row(wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=header),
        player_grid([trick_row(seat) for seat in range(len(players))]),
    ]
    if not given.read_only:
        at = None if pad_seat is None else PadAt(pad_seat, tricks[pad_seat], pad_seat == filled)
        controls.extend(number_pad(table, TRICKS, at, TRICK_WORDS, given.pick))
    return controls


@ft.component
def WizardPanel(table: Table, panel: EntryPanel[PadSpot]) -> ft.Control:
    """The step the round is at: the bids, or the tricks (and the Cloud's change, when the
    Cloud is in play); for a phone that may only watch, the same rows as text."""
    step = shown_step(table, panel)
    chosen = tapped_seat(panel, step)

    def entered(change: Callable[[], bool]) -> None:
        # Once the tapped row's value is in, the pad goes back to the bidding order.
        if change():
            panel.move_pad(None)

    # Made once for the panel's life, so that the rows' arguments stay equal from tap to tap.
    drawn_for = [table, panel, step, table.round_number]
    set_bid = ft.use_callback(
        lambda seat, bid: entered(lambda: table.change(with_bid(table.entry, seat, bid))),
        drawn_for,
    )
    set_tricks = ft.use_callback(
        lambda seat, count: entered(lambda: table.change(with_tricks(table.entry, seat, count))),
        drawn_for,
    )
    select = ft.use_callback(lambda seat: panel.move_pad((step, seat)), drawn_for)
    order = bidding_order(table)
    read_only, own = not table.may_enter(), table.own_seat()
    room = name_room(use_screen_size(), step)
    names = fitted_names(table.state.players, room, NAME_SIZE)
    if step == BIDS:
        given = StepInput(set_bid, select, read_only, names, own)
        controls = bid_section(table, order, chosen, given)
    else:
        given = StepInput(set_tricks, select, read_only, names, own)
        controls = trick_section(table, order, chosen, given, lambda: panel.choose_step(BIDS))
        # A watcher reads the Cloud's change in the row's note ("bid 1, now 2"); who won
        # the Cloud's trick is the table's to say, not one player's own phone.
        if CLOUD in special_cards(table.state.settings) and table.may_score():
            controls.append(cloud_choice(table, order))
    return ft.Column(controls=controls, spacing=4)


def cloud_choice(table: Table, order: list[int]) -> ft.Control:
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
