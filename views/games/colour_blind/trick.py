"""Colour-blind's trick helper: which card of a trick wins."""

from collections.abc import Sequence

import flet as ft

from scorers import colour_blind
from views.games.card_picker import CardPicker, Deck, Suit
from views.games.colour_blind.entry import SUIT_KEYS, SUIT_SIGNS, card_name, card_text
from views.games.trick_helpers import check_in_play_order, refusal_notes, result_text, use_trick
from views.shell.i18n import t
from views.shell.widgets import RED_INK


def deck() -> Deck:
    """A 52-card pack, each suit's ranks from the 2 up to the Ace (the Ace ranks highest)."""
    return Deck(
        suits=tuple(
            Suit(
                suit,
                f"{SUIT_SIGNS[suit]} {t(SUIT_KEYS[suit])}",
                t(SUIT_KEYS[suit]),
                RED_INK if suit in colour_blind.RED_SUITS else None,
            )
            for suit in colour_blind.SUITS
        ),
        numbers=lambda _: colour_blind.PLAY_ORDER,
        code=lambda suit, rank: rank + suit,
        card_text=card_text,
        card_name=lambda suit, rank: card_name(rank + suit),
    )


def colour_blind_result(cards: Sequence[str], winner: int) -> str:
    """Which seat's card wins, and whether an equal rank played later decided it."""
    codes = [colour_blind.parse_card(card) for card in cards]
    rank = codes[winner][:-1]
    key = (
        "rules.colour_blind.result_equal"
        if sum(code[:-1] == rank for code in codes) > 1
        else "rules.colour_blind.result_highest"
    )
    return t(key, winner=winner + 1, card=card_text(codes[winner]))


@ft.component
def ColourBlindTrickHelper() -> ft.Control:
    """The three cards of a trick tapped in play order, and the card that wins it."""
    trick = use_trick(colour_blind.PLAYERS)
    check = check_in_play_order(trick.cards, colour_blind.trick_winner)
    if check.result is None or len(trick.cards) < colour_blind.PLAYERS:
        summary = t("rules.colour_blind.waiting")
    else:
        summary = colour_blind_result(trick.cards, check.result)
    seats = [t("rules.card_label", number=n) for n in range(1, colour_blind.PLAYERS + 1)]
    return ft.Column(
        spacing=8,
        controls=[
            ft.Text(t("rules.helper.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
            CardPicker(
                deck(),
                seats,
                trick.cards,
                trick.play,
                trick.take_back,
                refusal_notes(check, colour_blind.PLAYERS),
            ),
            result_text(summary),
        ],
    )
