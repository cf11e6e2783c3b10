"""Plotters' trick helper: who picks the trick's cards, and who takes the rest and leads."""

from collections.abc import Sequence

import flet as ft

from scorers import plotters
from views.games.plotters.entry import COLOUR_KEYS, colour_name
from views.games.trick_helpers import card_fields, check_in_play_order, result_text, use_cards
from views.shell.i18n import t
from views.shell.widgets import choice_chips


def in_rule_words(card: str) -> str:
    """A card as the player wrote it in their language ("Rot 14") in the words the rules
    read ("red 14"); English words and the rules' one-letter colours pass as written."""
    text = card.strip()
    for colour in COLOUR_KEYS:
        word = colour_name(colour).lower()
        if text.lower().startswith(word):
            return colour + text[len(word) :]
    return text


def plotters_card_name(card: str, players: int) -> str:
    """A card as a player says it ("blue 7")."""
    colour, number = plotters.parse_card(card, players)
    return t("rules.plotters.card", colour=colour_name(colour), number=number)


def plotters_result(cards: Sequence[str], players: int, result: plotters.TrickResult) -> str:
    """Who picks (with their card and how many cards they pick) and who takes the rest and leads."""
    picker = {
        "picker": result.picker + 1,
        "picker_card": plotters_card_name(cards[result.picker], players),
        "picks": result.picks,
    }
    if result.taker is None:
        return t("rules.plotters.result_all_trump", **picker)
    return t(
        "rules.plotters.result",
        **picker,
        taker=result.taker + 1,
        taker_card=plotters_card_name(cards[result.taker], players),
    )


@ft.component
def PlottersTrickHelper() -> ft.Control:
    """The number of players, a card field per player in play order, and the trick's result."""
    players, set_players = ft.use_state(plotters.MIN_PLAYERS)
    cards, set_card = use_cards(plotters.MAX_PLAYERS)
    in_trick = cards[:players]
    read = [in_rule_words(card) for card in in_trick]
    check = check_in_play_order(
        read, lambda played: plotters.trick_result(played, players), "plotters.trick_size"
    )
    if check.result is None:
        summary = t("rules.plotters.waiting", players=players)
    else:
        summary = plotters_result(read, players, check.result)
    return ft.Column(
        [
            ft.Text(t("rules.helper.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
            ft.Text(t("rules.plotters.players")),
            choice_chips(
                [
                    (str(n), str(n), t("rules.plotters.players_n", count=n))
                    for n in range(plotters.MIN_PLAYERS, plotters.MAX_PLAYERS + 1)
                ],
                str(players),
                lambda value: set_players(int(value)),
            ),
            *card_fields(in_trick, check, t("rules.plotters.card_hint"), set_card),
            result_text(summary),
        ]
    )
