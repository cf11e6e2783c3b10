"""One trick's cards entered by tapping, the same way in every game's trick helper: a suit
(its sign and name), then a number of that suit; or a card with no suit (Wizard's Wizard
and Jester). Each card goes to the next seat in play order; the last card played can be
taken back. What the cards mean is the rules' (scorers); a helper only says it.

A game describes its pack as a `Deck`: the suits, each suit's numbers, the cards with no
suit, and the code the game's rules read for each card ("13H", "red14", "QS").

Its chip (`picker_chip`, on lines by `chips`) is also the one Wizard's trump is tapped in
with (views.games.wizard.trump).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from views.shell.hooks import Setter
from views.shell.i18n import t
from views.shell.widgets import CHIP_SIZE, identified, suited_text

CARD_ID = "trick-card-{seat}"
"""The Semantics identifier of the card a seat played (tests read it): seat 0 leads."""
NEXT_ID = "trick-next"
"""The Semantics identifier of the line saying whose card the chips enter next."""


@dataclass(frozen=True)
class Suit:
    """A suit of a pack: its code in the rules' card codes, what its chip shows (a sign and
    a name: "♥ hearts"), its name alone for screen readers, the colour of its ink."""

    code: str
    text: str
    name: str
    ink: str | None = None


@dataclass(frozen=True)
class Special:
    """A card with no suit (a Wizard): its code, what its chip shows, its name for screen
    readers, and how many of it the pack holds."""

    code: str
    text: str
    name: str
    copies: int


@dataclass(frozen=True)
class Deck:
    """A game's pack as the picker offers it."""

    suits: tuple[Suit, ...]
    numbers: Callable[[str], Sequence[str]]
    """The numbers (ranks) of a suit, in the order their chips show them."""
    code: Callable[[str, str], str]
    """The rules' code of the card of this suit and number."""
    card_text: Callable[[str], str]
    """A card's code as the screen shows it ("13♥", "blue 7")."""
    card_name: Callable[[str, str], str]
    """The card of this suit and number in words, for screen readers ("13 of hearts")."""
    specials: tuple[Special, ...] = ()
    number_text: Callable[[str], str] = str
    """What a number's chip shows (Wizard's Juggler among them: "7½"); the number itself
    by default."""

    def special(self, code: str) -> Special | None:
        return next((card for card in self.specials if card.code == code), None)


def picker_chip(
    text: str,
    name: str,
    on_pick: Callable[[], None],
    *,
    round_chip: bool,
    text_size: int | None = None,
    selected: bool = False,
    disabled: bool = False,
    ink: str | None = None,
) -> ft.Control:
    """A 48 px chip of a card or a suit named `name` for screen readers; `round_chip`: a
    number's or a sign's circle, else a word's rounded chip; filled when `selected`."""
    label = ft.Text(
        text,
        semantics_label=name,
        size=text_size,
        weight=ft.FontWeight.BOLD if selected else None,
        color=ft.Colors.ON_PRIMARY if selected else ink,
    )
    style = ft.ButtonStyle(
        shape=ft.CircleBorder() if round_chip else ft.StadiumBorder(),
        padding=0 if round_chip else ft.Padding.symmetric(horizontal=12),
        bgcolor=ft.Colors.PRIMARY if selected else None,
        side=ft.BorderSide(1, ft.Colors.PRIMARY) if selected else None,
    )
    return ft.OutlinedButton(
        content=label,
        style=style,
        disabled=disabled,
        on_click=lambda _: on_pick(),
        width=CHIP_SIZE if round_chip else None,
        height=CHIP_SIZE,
    )


def chips(controls: list[ft.Control]) -> ft.Row:
    """Chips on as many lines as they need: every one in sight on a phone."""
    return ft.Row(wrap=True, spacing=4, run_spacing=4, controls=controls)


def seat_line(seat: int, player: str, card: str | None, note: str | None, deck: Deck) -> ft.Control:
    """A seat's card ("Ann: 13♥", a dash before it is played), a note under it (why the
    rules refuse it, or what it says about following suit)."""
    shown = t("picker.seat_card", player=player, card=deck.card_text(card) if card else "\u2013")
    line = identified(CARD_ID.format(seat=seat), suited_text(shown))
    return ft.Column(
        spacing=0,
        controls=[line, ft.Text(note or "", color=ft.Colors.ERROR, size=13, visible=bool(note))],
    )


@ft.component
def CardPicker(
    deck: Deck,
    seats: Sequence[str],
    cards: Sequence[str],
    on_play: Callable[[str], None],
    on_take_back: Callable[[], None],
    notes: Sequence[str | None] = (),
) -> ft.Control:
    """The cards played so far, one line per seat in play order (`seats`, the leader
    first), with a note under a card when there is one (`notes`, by seat); under them,
    until every seat has played, the chips of the next card: a suit, then its number, or
    a card with no suit. A suit card already in the trick cannot be tapped again."""
    suit: str | None
    set_suit: Setter[str | None]
    suit, set_suit = ft.use_state(None)
    played = len(cards)
    controls: list[ft.Control] = [
        seat_line(
            seat,
            player,
            cards[seat] if seat < played else None,
            notes[seat] if seat < len(notes) else None,
            deck,
        )
        for seat, player in enumerate(seats)
    ]
    if played:
        last = deck.card_text(cards[-1])
        controls.append(take_back_button(last, seats[played - 1], on_take_back))
    if played < len(seats):

        def play(code: str) -> None:
            set_suit(None)
            on_play(code)

        def choose(code: str) -> None:
            set_suit(None if code == suit else code)

        chosen = next((s for s in deck.suits if s.code == suit), None)
        controls += next_card_chips(deck, seats[played], cards, chosen, choose, play)
    return ft.Column(spacing=6, controls=controls)


def take_back_button(card: str, player: str, on_take_back: Callable[[], None]) -> ft.Control:
    return ft.TextButton(
        icon=ft.Icons.UNDO,
        content=suited_text(t("picker.take_back", card=card, player=player)),
        height=CHIP_SIZE,
        on_click=lambda _: on_take_back(),
    )


def next_card_chips(
    deck: Deck,
    player: str,
    cards: Sequence[str],
    chosen: Suit | None,
    choose: Callable[[str], None],
    play: Callable[[str], None],
) -> list[ft.Control]:
    """Whose card comes next, the suits and the cards without one, and once a suit is
    chosen its numbers."""
    prompt = (
        t("picker.next_number", player=player, suit=chosen.name)
        if chosen
        else t("picker.next_suit", player=player)
    )
    suit_chips = [
        picker_chip(
            s.text,
            t("picker.suit", suit=s.name, player=player),
            partial(choose, s.code),
            round_chip=False,
            selected=chosen is not None and s.code == chosen.code,
            ink=s.ink,
        )
        for s in deck.suits
    ]
    special_chips = [
        picker_chip(
            card.text,
            t("picker.plays", player=player, card=card.name),
            partial(play, card.code),
            round_chip=False,
            disabled=list(cards).count(card.code) >= card.copies,
        )
        for card in deck.specials
    ]
    lines: list[ft.Control] = [
        identified(NEXT_ID, ft.Text(prompt, weight=ft.FontWeight.W_500)),
        chips([*suit_chips, *special_chips]),
    ]
    if chosen is not None:
        lines.append(chips(number_chips(deck, player, cards, chosen, play)))
    return lines


def number_chips(
    deck: Deck, player: str, cards: Sequence[str], suit: Suit, play: Callable[[str], None]
) -> list[ft.Control]:
    """The numbers of `suit`; one already in the trick cannot be tapped again."""
    numbers: list[ft.Control] = []
    for number in deck.numbers(suit.code):
        code = deck.code(suit.code, number)
        numbers.append(
            picker_chip(
                deck.number_text(number),
                t("picker.plays", player=player, card=deck.card_name(suit.code, number)),
                partial(play, code),
                round_chip=True,
                text_size=16,
                disabled=code in cards,
                ink=suit.ink,
            )
        )
    return numbers
