"""The parts every trick helper shares (a game's GameView.trick_helper shows one on the
rules screen): enter the cards of one trick, see what the rules make of it.

The cards are judged in play order by the rules' own trick function, given the cards up to
each one, so a refusal shows at the field of the card that caused it. Nothing here decides a
rule: who picks, takes or wins comes from `scorers`.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import flet as ft

from scorers.errors import InvalidEntry
from views.game_screen.open_game import in_words
from views.shell.i18n import t

R = TypeVar("R")

RESULT_ID = "trick-result"
"""The Semantics identifier of a helper's result text (browser tests find it by this)."""


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
            error=t(refusal.key, **in_words(refusal.key, refusal.params)) if refusal else None,
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
        # From the cards as they are now, not as this handler's drawing saw them: a field
        # typed into before the screen was drawn again would otherwise undo the last one.
        set_cards(lambda now: (*now[:index], value, *now[index + 1 :]))

    return cards, set_card
