"""Colour-blind's deal entry: lay the row card by card, then tap each trick's winner.

Every tap is saved at once as a draft, so a half-laid row or half-taken deal survives a
restart, and undo in the app bar takes back one tap at a time. Handlers build on the entry
as it is when tapped, not as it was drawn: quick taps each count, none overwrites another.
"""

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from scorers.colour_blind import (
    RANKS,
    ROW,
    SUITS,
    DealParts,
    captured_cards,
    card_colour,
    good_colour,
    next_capture,
    seat_parts,
    take_trick,
    with_captor,
    with_card_laid,
    without_last_card,
)
from views.i18n import t
from views.table import Table
from views.widgets import identified

MINUS = "\u2212"
# Suit signs from the Cupertino icon font the web client bundles: offline, the browser
# has no text font with the card-suit characters.
SUIT_ICONS = {
    "S": ft.CupertinoIcons.SUIT_SPADE_FILL,
    "H": ft.CupertinoIcons.SUIT_HEART_FILL,
    "D": ft.CupertinoIcons.SUIT_DIAMOND_FILL,
    "C": ft.CupertinoIcons.SUIT_CLUB_FILL,
}
SUIT_SIZE = 14
SUIT_KEYS = {
    "S": "colour_blind.spades",
    "H": "colour_blind.hearts",
    "D": "colour_blind.diamonds",
    "C": "colour_blind.clubs",
}
RANK_KEYS = {
    "A": "colour_blind.ace",
    "J": "colour_blind.jack",
    "Q": "colour_blind.queen",
    "K": "colour_blind.king",
}
COLOUR_KEYS = {"red": "colour_blind.red", "black": "colour_blind.black"}
RED_INK = ft.Colors.RED_700
CARD_WIDTH = 48  # a tap target no smaller than 48 x 48
CARD_HEIGHT = 48
ROW_HEIGHT = 2 * CARD_HEIGHT + 4  # 13 cards take two lines on a phone
PLAYER_BUTTON_HEIGHT = 52


def card_name(card: str) -> str:
    """ "10 of hearts", "Queen of spades": what screen readers and messages say."""
    rank, suit = card[:-1], card[-1]
    spoken_rank = t(RANK_KEYS[rank]) if rank in RANK_KEYS else rank
    return t("colour_blind.card_name", rank=spoken_rank, suit=t(SUIT_KEYS[suit]))


def card_face(
    card: str, *, name: str | None = None, inked: bool = True, struck: bool = False
) -> ft.Row:
    """The card as printed: rank and suit sign, red suits in red. `name` is what screen
    readers say; uninked (a disabled button's grey) when the card cannot be used."""
    color = ink(card) if inked else None
    return ft.Row(
        spacing=1,
        tight=True,
        alignment=ft.MainAxisAlignment.CENTER,
        controls=[
            ft.Text(
                card[:-1],
                semantics_label=name,
                weight=ft.FontWeight.BOLD,
                color=color,
                style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if struck else None,
            ),
            ft.Icon(SUIT_ICONS[card[-1]], color=color, size=SUIT_SIZE),
        ],
    )


def ink(card: str) -> str:
    """Red suits print red, black suits in the theme's text colour."""
    return RED_INK if card_colour(card) == "red" else ft.Colors.ON_SURFACE


def signed(number: int) -> str:
    """A number with a real minus sign (U+2212), as on paper."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def card_chip(
    card: str,
    name: str,
    *,
    on_click: Callable[[], None] | None = None,
    disabled: bool = False,
    struck: bool = False,
    highlighted: bool = False,
) -> ft.Control:
    """A small card button; greyed and struck through when it cannot be used."""
    label = card_face(card, name=name, inked=not disabled, struck=struck)
    style = ft.ButtonStyle(
        padding=0,
        shape=ft.RoundedRectangleBorder(radius=6),
        side=ft.BorderSide(3, ft.Colors.PRIMARY) if highlighted else None,
    )
    return ft.OutlinedButton(
        content=label,
        style=style,
        width=CARD_WIDTH,
        height=CARD_HEIGHT,
        disabled=disabled or on_click is None,
        on_click=(lambda _: on_click()) if on_click else None,
    )


def card_row(cards: list[ft.Control]) -> ft.Row:
    """Cards side by side, wrapping onto the next line."""
    return ft.Row(wrap=True, spacing=4, run_spacing=4, controls=cards)


def picker(table: Table, entry: Mapping[str, Any]) -> ft.Control:
    """All 52 cards by suit; a card already in the row is greyed out and cannot be added."""
    in_row = set(entry["row"])
    sections: list[ft.Control] = []
    for suit in SUITS:
        colour = card_colour("A" + suit)
        sections.append(
            ft.Row(
                spacing=4,
                controls=[
                    ft.Icon(SUIT_ICONS[suit], color=ink("A" + suit), size=SUIT_SIZE),
                    ft.Text(
                        t(
                            "colour_blind.suit_heading",
                            suit=t(SUIT_KEYS[suit]),
                            colour=t(COLOUR_KEYS[colour]),
                        ),
                        color=ink("A" + suit),
                        weight=ft.FontWeight.W_500,
                    ),
                ],
            )
        )
        cards = [rank + suit for rank in RANKS]
        sections.append(
            card_row(
                [
                    card_chip(
                        card,
                        t("colour_blind.add_card", card=card_name(card)),
                        on_click=lambda card=card: table.change(with_card_laid(table.entry, card)),
                        disabled=card in in_row,
                        struck=card in in_row,
                    )
                    for card in cards
                ]
            )
        )
    return ft.Column(spacing=4, controls=sections)


def row_chip(
    entry: Mapping[str, Any],
    index: int,
    players: tuple[str, ...],
    choose: Callable[[int], None] | None,
    chosen: int | None,
) -> ft.Control:
    """A row card: once the row is laid, tap it to give it to a player directly."""
    card, seat = entry["row"][index], entry["captured_by"][index]
    name = card_name(card)
    if seat is not None:
        name = t("colour_blind.taken_by", card=name, player=players[seat])
    if choose is not None:
        name = t("colour_blind.choose_card", card=name)
    return card_chip(
        card,
        name,
        on_click=(lambda: choose(index)) if choose else None,
        struck=seat is not None,
        highlighted=index == chosen or (chosen is None and index == next_capture(entry)),
    )


def player_buttons(
    players: tuple[str, ...], label: Callable[[str], str], on_pick: Callable[[int], None]
) -> list[ft.Control]:
    """One button per player, labelled by `label` (e.g. "Ann won the trick")."""
    return [
        ft.FilledButton(
            label(name),
            height=PLAYER_BUTTON_HEIGHT,
            on_click=lambda _, seat=seat: on_pick(seat),
        )
        for seat, name in enumerate(players)
    ]


def live_line(parts: DealParts) -> str:
    """Good minus bad equals the score, or the negative result and "scores 0"."""
    good, bad = parts.good_sum, parts.bad_sum
    if parts.score != parts.difference:
        return t("colour_blind.live_floored", good=good, bad=bad, result=signed(parts.difference))
    return t("colour_blind.live", good=good, bad=bad, score=parts.score)


def player_summary(entry: Mapping[str, Any], good: str, seat: int, name: str) -> ft.Control:
    """A player's captured cards, good and bad, and what the deal scores for them."""
    captured = captured_cards(entry, seat)
    parts = seat_parts(entry, seat)

    def cards_line(key: str, cards: list[str], total: int) -> ft.Control:
        faces = [card_face(c, name=card_name(c)) for c in cards]
        return ft.Row(wrap=True, spacing=6, controls=[ft.Text(t(key, total=total)), *faces])

    return ft.Column(
        spacing=2,
        controls=[
            ft.Text(name, weight=ft.FontWeight.BOLD),
            cards_line(
                "colour_blind.good_cards",
                [c for c in captured if card_colour(c) == good],
                parts.good_sum,
            ),
            cards_line(
                "colour_blind.bad_cards",
                [c for c in captured if card_colour(c) != good],
                parts.bad_sum,
            ),
            identified(f"live-{seat}", ft.Text(live_line(parts), weight=ft.FontWeight.W_500)),
        ],
    )


def capture_section(
    table: Table, entry: Mapping[str, Any], chosen: int | None, choose: Callable[[int | None], None]
) -> list[ft.Control]:
    """The laid row's good colour, who won each trick (or who took a chosen card), and
    each player's captures so far."""
    players, row, captured_by = table.state.players, entry["row"], entry["captured_by"]
    good = good_colour(row)
    bad = next(colour for colour in COLOUR_KEYS if colour != good)
    controls: list[ft.Control] = [
        identified(
            "good-colour",
            ft.Text(
                t("colour_blind.good_line", good=t(COLOUR_KEYS[good]), bad=t(COLOUR_KEYS[bad])),
                weight=ft.FontWeight.BOLD,
                size=18,
            ),
        )
    ]

    def give(seat: int | None) -> None:
        if chosen is not None and table.change(with_captor(table.entry, chosen, seat)):
            choose(None)

    index = next_capture(entry)
    if chosen is not None:
        name = card_name(row[chosen])
        controls.append(ft.Text(t("colour_blind.who_took", card=name)))
        controls += player_buttons(
            players, lambda player: t("colour_blind.give_card", card=name, player=player), give
        )
        if captured_by[chosen] is not None:
            controls.append(
                ft.OutlinedButton(
                    t("colour_blind.put_back", card=name), on_click=lambda _: give(None)
                )
            )
        controls.append(ft.TextButton(t("entry.cancel"), on_click=lambda _: choose(None)))
    elif index is None:
        controls.append(identified("next-card", ft.Text(t("colour_blind.all_taken"))))
    else:
        next_card = card_name(row[index])
        controls.append(
            identified("next-card", ft.Text(t("colour_blind.next_card", card=next_card)))
        )
        controls += player_buttons(
            players,
            lambda player: t("colour_blind.won_trick", player=player),
            lambda seat: table.change(take_trick(table.entry, seat)),
        )
        controls.append(ft.Text(t("colour_blind.tap_row_hint"), italic=True, size=12))
    controls.append(ft.Divider())
    controls += [player_summary(entry, good, seat, name) for seat, name in enumerate(players)]
    return controls


@ft.component
def ColourBlindPanel(table: Table) -> ft.Control:
    """The deal's entry: the row as laid, then the card picker until the row is full, then who
    captured what."""
    players, entry = table.state.players, table.entry
    row, captured_by = entry["row"], entry["captured_by"]
    chosen, set_chosen = ft.use_state(None)
    if chosen is not None and chosen >= len(row):
        chosen = None  # undo took the chosen card away
    full = len(row) == ROW
    controls: list[ft.Control] = [
        ft.Text(
            t("colour_blind.row_title", count=len(row), cards=ROW),
            theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
        ),
        # Room for the whole row from the start: laying cards never moves the picker.
        ft.Container(
            height=ROW_HEIGHT,
            content=card_row(
                [
                    row_chip(entry, index, players, set_chosen if full else None, chosen)
                    for index in range(len(row))
                ]
            ),
        ),
    ]
    # Always there (disabled once tricks are taken), so nothing below it jumps mid-deal.
    controls.append(
        ft.OutlinedButton(
            t("colour_blind.remove_last"),
            icon=ft.Icons.BACKSPACE_OUTLINED,
            disabled=not row or any(seat is not None for seat in captured_by),
            on_click=lambda _: table.change(without_last_card(table.entry)),
        )
    )
    if full:
        controls += capture_section(table, entry, chosen, set_chosen)
    else:
        controls.append(picker(table, entry))
    return ft.Column(
        controls=controls, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
    )
