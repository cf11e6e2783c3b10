"""The parts every trick helper shares (a game's GameView.trick_helper shows one on the
rules screen): the cards of one trick, tapped in with views.games.card_picker, and what the
rules make of them.

The cards are judged in play order by the rules' own trick function, given the cards up to
each one, so a refusal shows at the card that caused it. Nothing here decides a
rule: who picks, takes or wins comes from `scorers`.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import flet as ft

from scorers.errors import InvalidEntry
from views.shell.i18n import t
from views.shell.messages import params_in_words
from views.shell.widgets import suited_text

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


def refusal_notes(
    check: TrickCheck[R], seats: int, others: Sequence[str | None] = ()
) -> list[str | None]:
    """A note per seat: why the rules refuse its card, at the first card they refuse; at
    the other seats the game's own note (`others`, one per seat from the first), if any."""
    notes: list[str | None] = [*others[:seats], *[None] * (seats - len(others))]
    refusal = check.refusal
    if check.refused_at is not None and refusal is not None and check.refused_at < seats:
        notes[check.refused_at] = t(refusal.key, **params_in_words(refusal.key, refusal.params))
    return notes


@dataclass(frozen=True)
class Trick:
    """The cards tapped so far in play order, and what changes them."""

    cards: tuple[str, ...]
    play: Callable[[str], None]
    take_back: Callable[[], None]
    clear: Callable[[], None]


def use_trick(seats: int) -> Trick:
    """The cards of one trick of `seats` cards at most (fewer when the seats became fewer),
    each change made to the cards as they are then, not as the last drawing saw them:
    taps quicker than the screen is drawn again each count."""
    cards, set_cards = ft.use_state(())

    def play(card: str) -> None:
        set_cards(lambda now: now if len(now) >= seats else (*now, card))

    def take_back() -> None:
        set_cards(lambda now: now[:-1])

    return Trick(tuple(cards[:seats]), play, take_back, lambda: set_cards(()))


def result_text(text: str) -> ft.Control:
    return ft.Semantics(
        identifier=RESULT_ID,
        live_region=True,
        content=suited_text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
    )
