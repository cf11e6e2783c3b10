"""Colour-blind's deal entry in two steps: lay the row (one tap a card), then give each row
card to the player who took it.

Each player has a line of the row's cards: a tap gives the card to that player, whether
after each trick (the card at the uncovered end is marked) or after the deal from the cards
before each player. The one player given no card takes the rest (scorers.colour_blind
.filled_in), so a deal needs two players' cards at most: 13 + 8 + 1 taps.

Every tap is saved at once as a draft, so a half-laid row or half-taken deal survives a
restart, and undo in the app bar takes back one tap at a time. Handlers build on the entry
as it is when tapped, not as it was drawn: quick taps each count, none overwrites another.
"""

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import flet as ft

from scorers.colour_blind import (
    RANKS,
    ROW,
    SUITS,
    DealParts,
    card_colour,
    good_colour,
    next_capture,
    rest_taker,
    seat_parts,
    with_capture,
    with_card_laid,
    without_last_card,
)
from views.games.table import Table
from views.shell.i18n import t
from views.shell.widgets import RED_INK, identified, marked

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

CARD_WIDTH = 48  # a tap target no smaller than 48 x 48
CARD_HEIGHT = 48
GAP = 4
ELSEWHERE_OPACITY = 0.3
"""A card another player holds, in this player's line: there to move it with a tap, but
faint, so that a line reads as its own cards and the cards still to give."""


SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
"""The suit signs as text (♠♥♦♣), drawn by the app's own fonts, as the rules sheets write
cards ("3♠")."""


def card_text(card: str) -> str:
    """A card as text, its rank as the card faces show it and its suit sign: "3♠", "10♥"."""
    return f"{card[:-1]}{SUIT_SIGNS[card[-1]]}"


def is_card(value: object) -> bool:
    """Whether `value` is a card code of the pack ("3S", "10H"), not something typed."""
    return isinstance(value, str) and value[-1:] in SUITS and value[:-1] in RANKS


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
    on_click: Callable[[], object] | None = None,
    disabled: bool = False,
    struck: bool = False,
    highlighted: bool = False,
    taken: bool = False,
    elsewhere: bool = False,
) -> ft.Control:
    """A small card button; greyed and struck through when it cannot be used, filled when
    `taken` by the player whose line it is in, faint when another player holds it."""
    label = card_face(card, name=name, inked=not disabled, struck=struck)
    style = ft.ButtonStyle(
        padding=0,
        shape=ft.RoundedRectangleBorder(radius=6),
        side=ft.BorderSide(3, ft.Colors.PRIMARY) if highlighted else None,
    )
    return ft.OutlinedButton(
        content=label,
        style=marked(style, "tonal" if taken else None),
        width=CARD_WIDTH,
        height=CARD_HEIGHT,
        disabled=disabled or on_click is None,
        on_click=(lambda _: on_click()) if on_click else None,
        opacity=ELSEWHERE_OPACITY if elsewhere else 1.0,
    )


def card_grid(cards: list[ft.Control], key: str | None = None) -> ft.Row:
    """Card buttons side by side, seven to a phone's line."""
    return ft.Row(wrap=True, spacing=GAP, run_spacing=GAP, controls=cards, key=key)


def picker(table: Table, entry: Mapping[str, Any]) -> ft.Control:
    """All 52 cards, each suit on lines of its own (a line never mixes two suits, so a
    card is found by its suit first; each shows its suit sign, red suits in red); a card
    already in the row is greyed out and cannot be added. One tap lays a card."""
    in_row = set(entry["row"])

    def lay(card: str) -> None:
        table.change(with_card_laid(table.entry, card))

    return ft.Column(
        spacing=GAP,
        controls=[
            card_grid(
                [
                    card_chip(
                        card,
                        t("colour_blind.add_card", card=card_name(card)),
                        on_click=partial(lay, card),
                        disabled=card in in_row,
                        struck=card in in_row,
                    )
                    for card in (rank + suit for rank in RANKS)
                ],
                key=f"suit-{suit}",
            )
            for suit in SUITS
        ],
    )


def remove_last(table: Table) -> ft.Control:
    """Takes the card laid last back off the row (until a card is given to a player)."""
    return ft.OutlinedButton(
        t("colour_blind.remove_last"),
        icon=ft.Icons.BACKSPACE_OUTLINED,
        height=CARD_HEIGHT,
        disabled=not table.entry["row"],
        on_click=lambda _: table.change(without_last_card(table.entry)),
    )


def laid_row(table: Table, entry: Mapping[str, Any]) -> ft.Control:
    """The row as laid so far, small, and the button taking the last card back."""
    row = entry["row"]
    faces: list[ft.Control] = [card_face(card, name=card_name(card)) for card in row]
    title = t("colour_blind.row_title", count=len(row), cards=ROW)
    heading = identified("row-title", ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
    return ft.Column(
        spacing=GAP,
        controls=[
            ft.Row(
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                controls=[heading, *([remove_last(table)] if table.may_score() else [])],
            ),
            ft.Row(wrap=True, spacing=5, run_spacing=2, controls=faces),
        ],
    )


def live_line(parts: DealParts) -> str:
    """Good minus bad equals the score, or the negative result and "scores 0"."""
    good, bad = parts.good_sum, parts.bad_sum
    if parts.score != parts.difference:
        return t("colour_blind.live_floored", good=good, bad=bad, result=signed(parts.difference))
    return t("colour_blind.live", good=good, bad=bad, score=parts.score)


def capture_line(table: Table, seat: int) -> ft.Control:
    """A player's line: name and deal so far, then the row's cards; a tap gives a card to
    this player. The cards filled in for the player given no card show tinted."""
    entry, completed = table.entry, table.completed
    name = table.state.players[seat]
    row, captured_by = entry["row"], entry["captured_by"]
    filled = rest_taker(entry) == seat
    upcoming = next_capture(entry)
    note = t("colour_blind.filled_in") if filled else None
    title = t("colour_blind.player_line", player=name, live=live_line(seat_parts(completed, seat)))

    def chip(index: int) -> ft.Control:
        card, captor = row[index], completed["captured_by"][index]
        spoken = card_name(card)
        if captor == seat:
            key = "colour_blind.filled_card" if captured_by[index] is None else "colour_blind.took"
        elif captor is None:
            key = "colour_blind.give_card"
        else:
            key = "colour_blind.give_card_from"
        other = table.state.players[captor] if captor is not None else ""
        # A player's own phone takes a card from the row, never from another player.
        theirs = table.own_seat() is not None and captured_by[index] not in (None, seat)
        return card_chip(
            card,
            t(key, card=spoken, player=name, other=other),
            on_click=lambda: table.change(with_capture(table.entry, index, seat)),
            disabled=theirs,
            elsewhere=captor is not None and captor != seat,
            highlighted=index == upcoming,
            taken=captor == seat,
        )

    texts: list[ft.Control] = [
        identified(f"live-{seat}", ft.Text(title, weight=ft.FontWeight.W_500))
    ]
    if note is not None:
        texts.append(identified("filled-in", ft.Text(note, italic=True, size=12)))
    return ft.Column(
        spacing=GAP,
        controls=[
            ft.Row(texts, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            card_grid([chip(index) for index in range(len(row))]),
        ],
    )


def capture_section(table: Table, entry: Mapping[str, Any]) -> list[ft.Control]:
    """The laid row's good colour, then a line of the row's cards per player; on a
    player's own phone, that player's line first, the others' shown, not tapped."""
    good = good_colour(entry["row"])
    own = table.own_seat()
    seats = list(range(len(table.state.players)))
    if own is not None:
        seats = [own, *(seat for seat in seats if seat != own)]
    bad = next(colour for colour in COLOUR_KEYS if colour != good)
    return [
        identified(
            "good-colour",
            ft.Text(
                t("colour_blind.good_line", good=t(COLOUR_KEYS[good]), bad=t(COLOUR_KEYS[bad])),
                weight=ft.FontWeight.BOLD,
            ),
        ),
        *[
            ft.Container(
                disabled=own is not None and seat != own, content=capture_line(table, seat)
            )
            for seat in seats
        ],
        *(
            [remove_last(table)]
            if table.may_score() and not any(s is not None for s in entry["captured_by"])
            else []
        ),
    ]


@ft.component
def ColourBlindPanel(table: Table) -> ft.Control:
    """The deal's entry: the row and the card picker until the row is full, then who took
    which row card."""
    entry = table.entry
    if len(entry["row"]) == ROW:
        controls = capture_section(table, entry)
    elif table.own_seat() is None:
        controls = [laid_row(table, entry), picker(table, entry)]
    else:  # the row is laid on the scorer's phone: a player's own phone waits for it
        controls = [laid_row(table, entry)]
    return ft.Column(controls=controls, spacing=8)
