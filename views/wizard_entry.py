"""Wizard's round entry: bids in bidding order, then tricks, then "Score round"."""

import flet as ft

from scorers.seats import seats_from
from scorers.wizard import counted_bids, dealer_restriction, with_bid, with_cloud, with_tricks
from views.i18n import t
from views.table import Table
from views.widgets import choice_chips, identified, number_chips

NAME_WIDTH = 72


def count_line(key: str, total: int, cards: int) -> str:
    """ "Bids: 6 of 7 (1 under)" and the like."""
    if total < cards:
        gap = t("wizard.under", count=cards - total)
    elif total > cards:
        gap = t("wizard.over", count=total - cards)
    else:
        gap = t("wizard.exact")
    return t(key, total=total, cards=cards, gap=gap)


def player_row(name: str, note: str | None, chips: ft.Control) -> ft.Control:
    """A player's name (and a note: dealer, the bid) beside their chips."""
    label = [ft.Text(name, weight=ft.FontWeight.W_500, no_wrap=True)]
    if note:
        label.append(ft.Text(note, size=11, italic=True))
    return ft.Row(
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=[
            ft.Container(width=NAME_WIDTH, content=ft.Column(spacing=0, controls=label)),
            ft.Container(expand=True, content=chips),
        ],
    )


def bid_section(table: Table, order: list[int]) -> list[ft.Control]:
    """The bids in bidding order, their total against the cards, and, below the dealer's
    row, the bid the hook or Canadian rule forbids the dealer."""
    state, info, bids = table.state, table.round_info, table.entry["bids"]
    players, cards = state.players, info.cards
    restriction = dealer_restriction(state.round_context(table.round_number), bids)

    def bid_row(seat: int) -> ft.Control:
        forbidden = restriction[0] if restriction and seat == info.dealer else None
        dealer = t("wizard.dealer_mark") if seat == info.dealer else None
        chips = number_chips(
            range(cards + 1),
            lambda n: t("wizard.bid_name", player=players[seat], count=n),
            selected=bids[seat],
            forbidden=forbidden,
            on_pick=lambda n: table.change(with_bid(table.entry, seat, n)),
        )
        return player_row(players[seat], dealer, chips)

    bid_total = sum(bid for bid in bids if bid is not None)
    controls: list[ft.Control] = [
        ft.Text(t("wizard.bids_title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        identified("bid-count", ft.Text(count_line("wizard.bid_count", bid_total, cards))),
        *[bid_row(seat) for seat in order],
    ]
    if restriction:
        # Below the dealer's row, the last one: nothing the players tap moves when it shows.
        value, key = restriction
        text = t(key, player=players[info.dealer], value=value, cards=cards)
        controls.append(ft.Text(text, italic=True))
    return controls


def trick_section(table: Table, order: list[int]) -> list[ft.Control]:
    """Once everyone has bid: the tricks taken, each beside the bid it is scored against
    (changed by the Cloud, if so), and their total against the cards."""
    players, cards, entry = table.state.players, table.round_info.cards, table.entry
    bids, tricks, counted = entry["bids"], entry["tricks"], counted_bids(entry)

    def trick_row(seat: int) -> ft.Control:
        if counted[seat] == bids[seat]:
            note = t("wizard.bid_was", bid=bids[seat])
        else:
            note = t("wizard.bid_changed", bid=bids[seat], counted=counted[seat])
        chips = number_chips(
            range(cards + 1),
            lambda n: t(
                "wizard.trick_name" if n == 1 else "wizard.tricks_name",
                player=players[seat],
                count=n,
            ),
            selected=tricks[seat],
            on_pick=lambda n: table.change(with_tricks(table.entry, seat, n)),
        )
        return player_row(players[seat], note, chips)

    trick_total = sum(count for count in tricks if count is not None)
    return [
        ft.Divider(),
        ft.Text(t("wizard.tricks_title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        identified("trick-count", ft.Text(count_line("wizard.trick_count", trick_total, cards))),
        *[trick_row(seat) for seat in order],
    ]


@ft.component
def WizardPanel(table: Table) -> ft.Control:
    """Bids in bidding order, then tricks, then (when the Cloud is in play) its change."""
    info, entry = table.round_info, table.entry
    order = seats_from(info.first, len(table.state.players))
    controls = bid_section(table, order)
    if all(bid is not None for bid in entry["bids"]):
        controls += trick_section(table, order)
        if table.state.settings["cloud"]:
            controls.append(cloud_choice(table, order))
    return ft.Column(controls=controls, spacing=10)


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
                    ("-1", "-1", t("wizard.cloud_down", player=name)),
                    ("1", "+1", t("wizard.cloud_up", player=name)),
                ],
                str(change),
                pick_change,
            )
        )
    return ft.Column(spacing=6, controls=controls)
