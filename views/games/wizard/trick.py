"""Wizard's trick helper: the trump, the cards of one trick tapped in play order, who wins
and why, and who must follow which suit. On the rules screen for any table; from a round's
banner seeded with the round's trump and its players, the round's leader first.

The judge (`trick_winner`, `trick_taker`, `win_reason`) and the duty to follow (`led_suit`,
`breaks_follow`) are the rules' (scorers.wizard); this only says them in the player's words.
The special cards in the game's deck (on the rules screen: those the player turns on) are
offered with the others: the Juggler and the Cloud among a suit's numbers, at 7½ and 9¾.
"""

from collections.abc import Callable, Sequence
from typing import TypeVar

import flet as ft

from scorers import wizard
from scorers.seats import seats_from
from views.games.card_picker import CardPicker, Deck, Special, Suit
from views.games.table import Table
from views.games.trick_helpers import (
    TrickCheck,
    check_in_play_order,
    refusal_notes,
    result_text,
    use_trick,
)
from views.games.wizard.trump import RED_SUITS, chip_row, suit_name, suit_words
from views.shell.hooks import keyed, memo
from views.shell.i18n import t
from views.shell.widgets import (
    CHIP_SIZE,
    RED_INK,
    choice_chips,
    icon_button,
    identified,
    labelled_switch,
)

FOLLOW_ID = "trick-follow"
"""The Semantics identifier of the line saying what the next card must follow."""
NO_TRUMP = ""
"""The trump chips' value for no trump."""
WIN_KEYS: dict[wizard.WinReason, str] = {
    "dragon": "wizard.trick.dragon",
    "fairy": "wizard.trick.fairy",
    "first_wizard": "wizard.trick.first_wizard",
    "highest_trump": "wizard.trick.highest_trump",
    "highest_led": "wizard.trick.highest_led",
    "first_jester": "wizard.trick.first_jester",
}
"""The winner's line for each of the rules' reasons (scorers.wizard.WinReason)."""
DECK_KEYS = {"numbers": "setting.deck.numbers", "standard": "setting.deck.standard"}
"""The words of each way a deck marks its cards (scorers.wizard.DECKS)."""
CARD_KEYS = {
    wizard.WIZARD: "wizard.wizard_card",
    wizard.JESTER: "wizard.jester",
    wizard.DRAGON: "wizard.card.dragon",
    wizard.FAIRY: "wizard.card.fairy",
    wizard.BOMB: "wizard.card.bomb",
    wizard.SHAPESHIFTER_WIZARD: "wizard.card.shapeshifter_wizard",
    wizard.SHAPESHIFTER_JESTER: "wizard.card.shapeshifter_jester",
    wizard.JUGGLER: "wizard.card.juggler",
    wizard.CLOUD: "wizard.card.cloud",
}
"""The name of each card without a number (the Juggler and the Cloud: with their rank)."""
SUITED_FACES = {wizard.JUGGLER: "7\u00bd", wizard.CLOUD: "9\u00be"}
"""The chips of the Juggler and the Cloud among a suit's numbers: where they rank."""
SPECIAL_SETS = {
    "anniversary_cards": wizard.ANNIVERSARY_CARDS,
    "shapeshifter": wizard.SHAPESHIFTER,
}
"""On the rules screen: the special cards each switch adds (the game's settings' names)."""
SET_KEYS = {
    "anniversary_cards": "setting.anniversary_cards",
    "shapeshifter": "setting.shapeshifter",
}
"""The words of each switch: the game's settings' own."""


def card_text(code: str, marks: str) -> str:
    """A Wizard card as the screen shows it, marked as the deck in use (`marks`, the "deck"
    setting) marks it: "13♥" or "A♥", "Wizard", "Jester", "Dragon", "Juggler 7½♥"."""
    if code in CARD_KEYS:
        return t(CARD_KEYS[code])
    sign = wizard.SUIT_SIGNS[code[-1]]
    if code[:-1] in CARD_KEYS:
        return f"{t(CARD_KEYS[code[:-1]])}{sign}"
    return f"{wizard.face(code[:-1], marks)}{sign}"


def suit_numbers(specials: frozenset[str]) -> tuple[str, ...]:
    """A suit's chips in rank order: 1 to 13, with the Juggler after 7 and the Cloud after
    9 when they are in the deck."""
    numbers: list[str] = []
    for number in wizard.NUMBERS:
        numbers.append(number)
        numbers += [
            card
            for card, rank in wizard.SUITED_RANKS.items()
            if int(rank) == int(number) and card in specials
        ]
    return tuple(numbers)


def number_name(suit: str, number: str, marks: str) -> str:
    """A suit's chip in words: "13 of hearts", "Juggler 7½ in hearts"."""
    if number in CARD_KEYS:
        return t("wizard.trick.special_in", card=t(CARD_KEYS[number]), suit=suit_name(suit))
    return t("wizard.trick.card_name", number=wizard.face(number, marks), suit=suit_name(suit))


def deck(marks: str, specials: frozenset[str]) -> Deck:
    """Wizard's pack in the session's language: four suits of 1 to 13 (marked as `marks`
    says: 2 to A in a standard pack), Wizards, Jesters, and the `specials` in the deck."""
    return Deck(
        suits=tuple(
            Suit(
                suit,
                suit_words(suit),
                suit_name(suit),
                RED_INK if suit in RED_SUITS else None,
            )
            for suit in wizard.SUITS
        ),
        numbers=lambda _: suit_numbers(specials),
        code=lambda suit, number: number + suit,
        card_text=lambda code: card_text(code, marks),
        card_name=lambda suit, number: number_name(suit, number, marks),
        number_text=lambda number: SUITED_FACES.get(number, number),
        specials=(
            Special(wizard.WIZARD, t("wizard.wizard_card"), t("wizard.wizard_card"), wizard.COPIES),
            Special(wizard.JESTER, t("wizard.jester"), t("wizard.jester"), wizard.COPIES),
            *[
                Special(code, t(CARD_KEYS[code]), t(CARD_KEYS[code]), 1)
                for code in CARD_KEYS
                if code in specials
            ],
        ),
    )


def winner_line(
    cards: Sequence[str],
    seats: Sequence[str],
    trump: str | None,
    marks: str,
    specials: frozenset[str],
) -> str:
    """Who takes the whole trick, with which card and by which rule; with the Bomb in it,
    that nobody does and who leads next. Under it, what the Juggler and the Cloud ask."""
    winner = wizard.trick_winner(cards, trump, specials)
    code, player = cards[winner], seats[winner]
    if wizard.trick_taker(cards, trump, specials) is None:
        lines = [t("wizard.trick.bomb", player=player, card=card_text(code, marks))]
    else:
        suit = wizard.card_suit(code)
        reason = WIN_KEYS[wizard.win_reason(cards, trump, specials)]
        lines = [
            t(
                reason,
                player=player,
                card=card_text(code, marks),
                suit=suit_name(suit) if suit else "",
            )
        ]
        if any(card[:-1] == wizard.CLOUD for card in cards):
            lines.append(t("wizard.trick.cloud", player=player))
    if any(card[:-1] == wizard.JUGGLER for card in cards):
        lines.append(t("wizard.trick.juggler"))
    return "\n".join(lines)


def follow_line(cards: Sequence[str], seats: Sequence[str], specials: frozenset[str]) -> str:
    """What the next card must follow, and why: nothing led yet; only Jesters or cards
    that count as one so far (the next card sets the suit); a Wizard or the Dragon led
    (anything goes); a suit led (follow it if you can)."""
    player = seats[len(cards)]
    if not cards:
        return t("wizard.trick.leads_any", player=player)
    suit = wizard.led_suit(cards, specials)
    if suit is not None:
        return t("wizard.trick.must_follow", player=player, suit=suit_name(suit))
    leading = [card for card in cards if card not in wizard.LEAVES_SUIT_OPEN]
    if not leading:
        return t("wizard.trick.after_jesters", player=player)
    if leading[0] == wizard.DRAGON:
        return t("wizard.trick.after_dragon", player=player)
    return t("wizard.trick.after_wizard", player=player)


def follow_notes(cards: Sequence[str], seats: Sequence[str], marks: str) -> list[str | None]:
    """Under each card of another suit than the one led: it was right only for a player
    who had none of the led suit."""
    notes: list[str | None] = []
    for index, card in enumerate(cards):
        before = cards[:index]
        if wizard.breaks_follow(before, card):
            led = suit_name(wizard.led_suit(before) or "")
            notes.append(
                t(
                    "wizard.trick.off_suit",
                    player=seats[index],
                    card=card_text(card, marks),
                    suit=led,
                )
            )
        else:
            notes.append(None)
    return notes


def judge(
    played: Sequence[str], seats: int, trump: str | None, specials: frozenset[str]
) -> str | int | None:
    """The rules' verdict on the cards played so far: the winner's index once every seat has
    played, the led suit before; a card the pack (with the `specials` in the deck) cannot
    give refused either way."""
    if len(played) == seats:
        return wizard.trick_winner(played, trump, specials)
    return wizard.led_suit(played, specials)


def trump_options() -> list[tuple[str, str, str]]:
    """The helper's trump chips: a suit's sign (named "Trump: hearts"), or no trump."""
    return [
        *[
            (suit, wizard.SUIT_SIGNS[suit], t("wizard.trick.trump_suit", suit=suit_name(suit)))
            for suit in wizard.SUITS
        ],
        (NO_TRUMP, t("wizard.trick.no_trump"), t("wizard.trick.no_trump")),
    ]


@ft.component
def WizardTrickHelper(
    trump: str | None = None,
    players: tuple[str, ...] = (),
    first: int = 0,
    deck_in_use: str = "",
    specials_in_deck: frozenset[str] | None = None,
) -> ft.Control:
    """The trump (seeded with the round's `trump`, a value of the entry's "trump" field),
    who leads (from a round: its `players`, `first` leading; on the rules screen: how many
    play, seat 1 leading), the cards in play order, the duty to follow and the winner. The
    cards are marked as the game's `deck_in_use` marks them, and the special cards are the
    game's `specials_in_deck` (scorers.wizard.special_cards); on the rules screen the player
    chooses the marks and the special cards of the deck at hand."""
    shown_trump, set_trump = ft.use_state(wizard.trump_suit(trump) or NO_TRUMP)
    chosen_marks, set_marks = ft.use_state(wizard.DECKS[0])
    chosen_sets, set_sets = ft.use_state(frozenset[str]())
    marks = deck_in_use or chosen_marks
    specials = specials_in_deck
    if specials is None:  # the rules screen's: the sets chosen
        specials = frozenset[str]().union(*(SPECIAL_SETS[name] for name in chosen_sets))
    count, set_count = ft.use_state(len(players) or wizard.MIN_PLAYERS)
    leader, set_leader = ft.use_state(first)
    seats = [players[seat] for seat in seats_from(leader, len(players))] or [
        t("wizard.trick.seat", number=n) for n in range(1, count + 1)
    ]
    trick = use_trick(len(seats))
    cards = trick.cards
    trump_suit = shown_trump or None
    check = check_in_play_order(
        cards, lambda played: judge(played, len(seats), trump_suit, specials)
    )
    notes = card_notes(cards, seats, check, marks)
    whole = len(cards) == len(seats) and check.refused_at is None
    summary = whole and winner_line(cards, seats, trump_suit, marks, specials)

    lead = clearing(set_leader, trick.clear)
    controls: list[ft.Control] = [
        ft.Text(t("rules.helper.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
        ft.Text(t("wizard.trick.trump")),
        chip_row(trump_options(), shown_trump, set_trump),
    ]
    if players:
        controls += leader_choice(players, leader, lead)
    else:  # on the rules screen: the table and the deck at hand, each choice a new trick
        controls += seat_count_choice(count, clearing(set_count, trick.clear))
        controls += marks_choice(marks, set_marks)
        controls += special_sets_choice(chosen_sets, clearing(set_sets, trick.clear))
    controls.append(highest_line(marks, specials))
    controls.append(
        CardPicker(deck(marks, specials), seats, cards, trick.play, trick.take_back, notes)
    )
    if len(cards) < len(seats) and check.refused_at is None:
        controls.append(identified(FOLLOW_ID, ft.Text(follow_line(cards, seats, specials))))
    controls.append(result_text(summary or t("wizard.trick.waiting")))
    if whole and players:
        winner = seats[wizard.trick_winner(cards, trump_suit, specials)]
        controls.append(next_trick_button(winner, lambda: lead(players.index(winner))))
    return ft.Column(spacing=8, controls=controls)


T = TypeVar("T")


def clearing(set_value: Callable[[T], None], clear: Callable[[], None]) -> Callable[[T], None]:
    """`set_value`, then `clear` (a choice of the table or the deck starts a new trick)."""

    def set_and_clear(value: T) -> None:
        set_value(value)
        clear()

    return set_and_clear


def highest_line(marks: str, specials: frozenset[str]) -> ft.Control:
    """Which card of a suit is the highest, as the deck in use marks it (13, or the ace);
    with special cards in the deck, that they may always be played."""
    highest = t("wizard.trick.highest", card=wizard.face(wizard.NUMBERS[-1], marks))
    if specials:
        highest += " " + t("wizard.trick.specials_any_time")
    return identified("trick-highest", ft.Text(highest, size=13))


def special_sets_choice(
    chosen: frozenset[str], choose: Callable[[frozenset[str]], None]
) -> list[ft.Control]:
    """On the rules screen: which special cards the deck at hand holds, a switch per set
    (as the game's settings have them)."""

    def switch(name: str) -> ft.Control:
        def turn(on: bool) -> None:
            choose(chosen | {name} if on else chosen - {name})

        return labelled_switch(t(SET_KEYS[name]), name in chosen, turn)

    return [switch(name) for name in SPECIAL_SETS]


def next_trick_button(winner: str, lead: Callable[[], None]) -> ft.Control:
    """Once a round's trick is judged: its winner leads the next one."""
    return ft.OutlinedButton(
        content=ft.Text(t("wizard.trick.next_trick", player=winner)),
        height=CHIP_SIZE,
        on_click=lambda _: lead(),
    )


def card_notes(
    cards: Sequence[str], seats: Sequence[str], check: TrickCheck[str | int | None], marks: str
) -> list[str | None]:
    """A note under each seat's card: why the rules refuse it, else its duty to follow,
    said of the cards the rules accept (up to the first refused)."""
    accepted = cards if check.refused_at is None else cards[: check.refused_at]
    return refusal_notes(check, len(seats), follow_notes(accepted, seats, marks))


def marks_choice(marks: str, choose: Callable[[str], None]) -> list[ft.Control]:
    """On the rules screen: how the deck at hand marks its cards (1 to 13, or 2 to A)."""
    label = t("setting.deck")
    return [
        ft.Text(label),
        choice_chips(
            [
                (
                    kind,
                    t(DECK_KEYS[kind]),
                    t("setup.choose", setting=label, option=t(DECK_KEYS[kind])),
                )
                for kind in wizard.DECKS
            ],
            marks,
            choose,
        ),
    ]


def leader_choice(
    players: Sequence[str], leader: int, lead: Callable[[int], None]
) -> list[ft.Control]:
    """A round's helper: which of the round's players leads the trick."""
    return [
        ft.Text(t("wizard.trick.who_leads")),
        choice_chips(
            [
                (str(seat), name, t("wizard.trick.player_leads", player=name))
                for seat, name in enumerate(players)
            ],
            str(leader),
            lambda value: lead(int(value)),
        ),
    ]


def seat_count_choice(count: int, choose: Callable[[int], None]) -> list[ft.Control]:
    """The rules screen's helper: how many play (seat 1 leads)."""
    return [
        ft.Text(t("rules.players")),
        choice_chips(
            [
                (str(n), str(n), t("rules.players_n", count=n))
                for n in range(wizard.MIN_PLAYERS, wizard.MAX_PLAYERS + 1)
            ],
            str(count),
            lambda value: choose(int(value)),
        ),
    ]


@ft.component
def TrickHelperButton(
    trump: str | None,
    players: tuple[str, ...],
    first: int,
    deck_in_use: str,
    specials_in_deck: frozenset[str],
) -> ft.Control:
    """The banner's button opening the trick helper for the round: its trump, its players
    with the round's leader first."""
    shown, set_shown = ft.use_state(False)
    ft.use_dialog(
        ft.AlertDialog(
            content=ft.Column(
                tight=True,
                scroll=ft.ScrollMode.AUTO,
                controls=[WizardTrickHelper(trump, players, first, deck_in_use, specials_in_deck)],
            ),
            actions=[ft.TextButton(t("wizard.trick.close"), on_click=lambda _: set_shown(False))],
            on_dismiss=lambda _: set_shown(False),
        )
        if shown
        else None
    )
    return icon_button(ft.Icons.STYLE_OUTLINED, t("wizard.trick.open"), lambda: set_shown(True))


@ft.component
def RoundTrickHelper(table: Table) -> ft.Control:
    """The trick helper's button for the round the banner shows, following every change of
    the table: the trump entered (or none yet), the players, the round's leader first, the
    special cards in the game's deck."""
    state, info = table.state, table.round_info
    return keyed(
        f"trick-{table.round_number}-{table.editing}",
        memo(TrickHelperButton),
        table.entry.get("trump"),
        tuple(state.players),
        info.first,
        state.settings["deck"],
        wizard.special_cards(state.settings),
    )
