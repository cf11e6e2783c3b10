"""Colour-blind's trick helper: which card of a trick wins."""

from collections.abc import Sequence

import flet as ft

from scorers import colour_blind
from views.games.trick_helpers import card_fields, check_in_play_order, result_text, use_cards
from views.shell.i18n import t


def colour_blind_result(cards: Sequence[str], winner: int) -> str:
    """Which seat's card wins, and whether an equal rank played later decided it."""
    codes = [colour_blind.parse_card(card) for card in cards]
    rank = codes[winner][:-1]
    key = (
        "rules.colour_blind.result_equal"
        if sum(code[:-1] == rank for code in codes) > 1
        else "rules.colour_blind.result_highest"
    )
    return t(key, winner=winner + 1, card=codes[winner])


@ft.component
def ColourBlindTrickHelper() -> ft.Control:
    """Three card fields in play order and the card that wins the trick."""
    cards, set_card = use_cards(colour_blind.PLAYERS)
    check = check_in_play_order(cards, colour_blind.trick_winner)
    if check.result is None:
        summary = t("rules.colour_blind.waiting")
    else:
        summary = colour_blind_result([c.strip() for c in cards], check.result)
    return ft.Column(
        [
            ft.Text(t("rules.helper.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
            *card_fields(cards, check, t("rules.colour_blind.card_hint"), set_card),
            result_text(summary),
        ]
    )
