"""Plotters' trick helper: who picks the trick's cards, and who takes the rest and leads."""

from collections.abc import Sequence

import flet as ft

from scorers import plotters
from views.games.card_picker import CardPicker, Deck, Suit
from views.games.plotters.entry import colour_name
from views.games.trick_helpers import check_in_play_order, refusal_notes, result_text, use_trick
from views.shell.i18n import t
from views.shell.widgets import choice_chips


def plotters_card_name(card: str, players: int) -> str:
    """A card as a player says it ("blue 7")."""
    colour, number = plotters.parse_card(card, players)
    return t("rules.plotters.card", colour=colour_name(colour), number=number)


def deck(players: int) -> Deck:
    """The cards in play at a table of `players`: four colours, each of its own length."""
    in_play = plotters.cards_in_play(players)
    return Deck(
        suits=tuple(
            Suit(colour, colour_name(colour), colour_name(colour)) for colour in plotters.COLOURS
        ),
        numbers=lambda colour: tuple(str(n) for n in range(1, in_play[colour] + 1)),
        code=lambda colour, number: colour + number,
        card_text=lambda card: plotters_card_name(card, players),
        card_name=lambda colour, number: t(
            "rules.plotters.card", colour=colour_name(colour), number=number
        ),
    )


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
    """The number of players, the cards tapped in play order, and the trick's result."""
    players, set_players = ft.use_state(plotters.MIN_PLAYERS)
    trick = use_trick(players)
    check = check_in_play_order(
        trick.cards, lambda played: plotters.trick_result(played, players), "plotters.trick_size"
    )
    if check.result is None:
        summary = t("rules.plotters.waiting", players=players)
    else:
        summary = plotters_result(trick.cards, players, check.result)
    seats = [t("rules.card_label", number=n) for n in range(1, players + 1)]
    return ft.Column(
        spacing=8,
        controls=[
            ft.Text(t("rules.helper.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
            ft.Text(t("rules.players")),
            choice_chips(
                [
                    (str(n), str(n), t("rules.players_n", count=n))
                    for n in range(plotters.MIN_PLAYERS, plotters.MAX_PLAYERS + 1)
                ],
                str(players),
                lambda value: set_players(int(value)),
            ),
            CardPicker(
                deck(players),
                seats,
                trick.cards,
                trick.play,
                trick.take_back,
                refusal_notes(check, players),
            ),
            result_text(summary),
        ],
    )
