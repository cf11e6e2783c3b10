"""Trick helpers for the rules screen: enter the cards of one trick, see what the rules make
of it.

The cards are judged in play order by the rules' own trick function, given the cards up to
each one, so a refusal shows at the field of the card that caused it. Nothing here decides a
rule: who picks, takes or wins comes from `scorers`.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import flet as ft

from scorers import colour_blind, plotters
from scorers.errors import InvalidEntry
from views.i18n import t
from views.widgets import choice_chips

R = TypeVar("R")

RESULT_ID = "trick-result"
"""The Semantics identifier of a helper's result text (browser tests find it by this)."""

COLOUR_NAMES = {
    "blue": "rules.colour.blue",
    "green": "rules.colour.green",
    "red": "rules.colour.red",
    "yellow": "rules.colour.yellow",
}


@dataclass(frozen=True)
class TrickCheck(Generic[R]):
    """The verdict on the cards entered: the first refused card, or the rules' result once
    every card is entered and accepted."""

    refused_at: int | None = None
    refusal: InvalidEntry | None = None
    result: R | None = None


def check_in_play_order(
    cards: Sequence[str], judge: Callable[[list[str]], R], incomplete_key: str | None = None
) -> TrickCheck[R]:
    """Judge the first card, then the first two, and so on; stop at a blank or refused card.

    `incomplete_key` is the refusal `judge` gives a trick that merely lacks cards.
    """
    entered = [card.strip() for card in cards]
    result: R | None = None
    for index, card in enumerate(entered):
        if not card:
            return TrickCheck()
        try:
            result = judge(entered[: index + 1])
        except InvalidEntry as refusal:
            if refusal.key != incomplete_key:
                return TrickCheck(refused_at=index, refusal=refusal)
            result = None
    return TrickCheck(result=result)


def card_fields(
    cards: Sequence[str],
    check: TrickCheck[object],
    hint: str,
    on_card: Callable[[int, str], None],
) -> list[ft.Control]:
    """One labelled text field per card in play order; a refusal shows at its card."""

    def field(index: int, card: str) -> ft.TextField:
        refusal = check.refusal if check.refused_at == index else None
        return ft.TextField(
            label=t("rules.card_label", number=index + 1),
            hint_text=hint,
            value=card,
            error=t(refusal.key, **refusal.params) if refusal else None,
            on_change=lambda e: on_card(index, e.control.value or ""),
        )

    return [field(index, card) for index, card in enumerate(cards)]


def result_text(text: str) -> ft.Control:
    return ft.Semantics(
        identifier=RESULT_ID,
        live_region=True,
        content=ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
    )


def use_cards(count: int) -> tuple[tuple[str, ...], Callable[[int, str], None]]:
    """The text of `count` card fields (blank at first) and a setter for one of them."""
    cards, set_cards = ft.use_state(("",) * count)

    def set_card(index: int, value: str) -> None:
        set_cards((*cards[:index], value, *cards[index + 1 :]))

    return cards, set_card


def plotters_card_name(card: str, players: int) -> str:
    colour, number = plotters.parse_card(card, players)
    return t("rules.plotters.card", colour=t(COLOUR_NAMES[colour]), number=number)


def plotters_result(cards: Sequence[str], players: int, result: plotters.TrickResult) -> str:
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
    players, set_players = ft.use_state(plotters.MIN_PLAYERS)
    cards, set_card = use_cards(plotters.MAX_PLAYERS)
    in_trick = cards[:players]
    check = check_in_play_order(
        in_trick, lambda played: plotters.trick_result(played, players), "plotters.trick_size"
    )
    if check.result is None:
        summary = t("rules.plotters.waiting", players=players)
    else:
        summary = plotters_result([c.strip() for c in in_trick], players, check.result)
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


def colour_blind_result(cards: Sequence[str], winner: int) -> str:
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
