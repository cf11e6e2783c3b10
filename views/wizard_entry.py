"""Wizard's round entry: bids in bidding order, then tricks, then "Score round"."""

from collections.abc import Mapping
from typing import Any

import flet as ft

from scorers.seats import seats_from
from scorers.wizard import dealer_restriction
from views.i18n import t
from views.table import Table
from views.widgets import number_chips


def count_line(key: str, total: int, cards: int) -> str:
    """ "Bids: 6 of 7 (1 under)" and the like."""
    if total < cards:
        gap = t("wizard.under", count=cards - total)
    elif total > cards:
        gap = t("wizard.over", count=total - cards)
    else:
        gap = t("wizard.exact")
    return t(key, total=total, cards=cards, gap=gap)


def with_value(entry: Mapping[str, Any], field: str, seat: int, value: int) -> dict[str, Any]:
    """The entry with one player's bid or tricks set; the same value again clears it."""
    values = list(entry[field])
    values[seat] = None if values[seat] == value else value
    return {**entry, field: values}


@ft.component
def WizardEntry(table: Table) -> ft.Control:
    state, info, entry = table.state, table.round_info, table.entry
    players, cards = state.players, info.cards
    order = seats_from(info.first, len(players))
    bids, tricks = entry["bids"], entry["tricks"]
    restriction = dealer_restriction(state.round_context(table.round_number), bids)
    all_bid = all(bid is not None for bid in bids)

    def player_label(seat: int) -> ft.Text:
        dealer = f" · {t('wizard.dealer_mark')}" if seat == info.dealer else ""
        return ft.Text(players[seat] + dealer, weight=ft.FontWeight.W_500)

    def bid_row(seat: int) -> ft.Control:
        forbidden = restriction[0] if restriction and seat == info.dealer else None
        return ft.Column(
            spacing=4,
            controls=[
                player_label(seat),
                number_chips(
                    range(cards + 1),
                    lambda n: t("wizard.bid_name", player=players[seat], count=n),
                    selected=bids[seat],
                    forbidden=forbidden,
                    on_pick=lambda n: table.change(with_value(entry, "bids", seat, n)),
                ),
            ],
        )

    def trick_row(seat: int) -> ft.Control:
        return ft.Column(
            spacing=4,
            controls=[
                ft.Text(
                    t("wizard.bid_was", player=players[seat], bid=bids[seat]),
                    weight=ft.FontWeight.W_500,
                ),
                number_chips(
                    range(cards + 1),
                    lambda n: t("wizard.tricks_name", player=players[seat], count=n),
                    selected=tricks[seat],
                    on_pick=lambda n: table.change(with_value(entry, "tricks", seat, n)),
                ),
            ],
        )

    bid_total = sum(bid for bid in bids if bid is not None)
    controls: list[ft.Control] = [
        ft.Text(t("wizard.bids_title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        ft.Text(count_line("wizard.bid_count", bid_total, cards)),
    ]
    if restriction:
        key, value = restriction[1], restriction[0]
        controls.append(
            ft.Text(
                t(key, player=players[info.dealer], value=value, cards=cards),
                italic=True,
            )
        )
    controls += [bid_row(seat) for seat in order]
    if all_bid:
        trick_total = sum(count for count in tricks if count is not None)
        controls += [
            ft.Divider(),
            ft.Text(t("wizard.tricks_title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            ft.Text(count_line("wizard.trick_count", trick_total, cards)),
            *[trick_row(seat) for seat in order],
        ]
    return ft.Column(controls=controls, spacing=10)


def wizard_cell(entry: Mapping[str, Any], seat: int) -> str:
    """What the score sheet shows of a player's round: bid / tricks."""
    return f"{entry['bids'][seat]}/{entry['tricks'][seat]}"
