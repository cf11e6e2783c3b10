"""Wizard's trick helper: the trump, the cards of one trick tapped in play order, who wins
and why, and who must follow which suit. On the rules screen for any table; from a round's
banner seeded with the round's trump and its players, the round's leader first.

The judge (`trick_winner`, `win_reason`) and the duty to follow (`led_suit`, `breaks_follow`)
are the rules' (scorers.wizard); this only says them in the player's words.
"""

from collections.abc import Callable, Sequence

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
from views.shell.widgets import CHIP_SIZE, RED_INK, choice_chips, icon_button, identified

FOLLOW_ID = "trick-follow"
"""The Semantics identifier of the line saying what the next card must follow."""
NO_TRUMP = ""
"""The trump chips' value for no trump."""
WIN_KEYS: dict[wizard.WinReason, str] = {
    "first_wizard": "wizard.trick.first_wizard",
    "highest_trump": "wizard.trick.highest_trump",
    "highest_led": "wizard.trick.highest_led",
    "first_jester": "wizard.trick.first_jester",
}
"""The winner's line for each of the rules' reasons (scorers.wizard.WinReason)."""
DECK_KEYS = {"numbers": "setting.deck.numbers", "standard": "setting.deck.standard"}
"""The words of each way a deck marks its cards (scorers.wizard.DECKS)."""


def card_text(code: str, marks: str) -> str:
    """A Wizard card as the screen shows it, marked as the deck in use (`marks`, the "deck"
    setting) marks it: "13♥" or "A♥", "Wizard", "Jester"."""
    if code == wizard.WIZARD:
        return t("wizard.wizard_card")
    if code == wizard.JESTER:
        return t("wizard.jester")
    return f"{wizard.face(code[:-1], marks)}{wizard.SUIT_SIGNS[code[-1]]}"


def deck(marks: str) -> Deck:
    """Wizard's pack in the session's language: four suits of 1 to 13 (marked as `marks`
    says: 2 to A in a standard pack), Wizards, Jesters."""
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
        numbers=lambda _: wizard.NUMBERS,
        code=lambda suit, number: number + suit,
        card_text=lambda code: card_text(code, marks),
        card_name=lambda suit, number: t(
            "wizard.trick.card_name", number=wizard.face(number, marks), suit=suit_name(suit)
        ),
        specials=(
            Special(wizard.WIZARD, t("wizard.wizard_card"), t("wizard.wizard_card"), wizard.COPIES),
            Special(wizard.JESTER, t("wizard.jester"), t("wizard.jester"), wizard.COPIES),
        ),
    )


def winner_line(cards: Sequence[str], seats: Sequence[str], trump: str | None, marks: str) -> str:
    """Who wins the whole trick, with which card and by which rule."""
    winner = wizard.trick_winner(cards, trump)
    reason = wizard.win_reason(cards, trump)
    code = cards[winner]
    suit = code[-1] if code not in (wizard.WIZARD, wizard.JESTER) else None
    return t(
        WIN_KEYS[reason],
        player=seats[winner],
        card=card_text(code, marks),
        suit=suit_name(suit) if suit else "",
    )


def follow_line(cards: Sequence[str], seats: Sequence[str]) -> str:
    """What the next card must follow, and why: nothing led yet; only Jesters (the next
    card sets the suit); a Wizard led (anything goes); a suit led (follow it if you can)."""
    player = seats[len(cards)]
    if not cards:
        return t("wizard.trick.leads_any", player=player)
    suit = wizard.led_suit(cards)
    if suit is not None:
        return t("wizard.trick.must_follow", player=player, suit=suit_name(suit))
    if all(card == wizard.JESTER for card in cards):
        return t("wizard.trick.after_jesters", player=player)
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


def judge(played: Sequence[str], seats: int, trump: str | None) -> str | int | None:
    """The rules' verdict on the cards played so far: the winner's index once every seat has
    played, the led suit before; a card the pack cannot give refused either way."""
    return wizard.trick_winner(played, trump) if len(played) == seats else wizard.led_suit(played)


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
    trump: str | None = None, players: tuple[str, ...] = (), first: int = 0, deck_in_use: str = ""
) -> ft.Control:
    """The trump (seeded with the round's `trump`, a value of the entry's "trump" field),
    who leads (from a round: its `players`, `first` leading; on the rules screen: how many
    play, seat 1 leading), the cards in play order, the duty to follow and the winner. The
    cards are marked as the game's `deck_in_use` marks them; on the rules screen the player
    chooses the marks of the deck at hand."""
    shown_trump, set_trump = ft.use_state(wizard.trump_suit(trump) or NO_TRUMP)
    chosen_marks, set_marks = ft.use_state(wizard.DECKS[0])
    marks = deck_in_use or chosen_marks
    count, set_count = ft.use_state(len(players) or wizard.MIN_PLAYERS)
    leader, set_leader = ft.use_state(first)
    if players:
        seats = [players[seat] for seat in seats_from(leader, len(players))]
    else:
        seats = [t("wizard.trick.seat", number=n) for n in range(1, count + 1)]
    trick = use_trick(len(seats))
    cards = trick.cards
    trump_suit = shown_trump or None
    check = check_in_play_order(cards, lambda played: judge(played, len(seats), trump_suit))
    notes = card_notes(cards, seats, check, marks)
    whole = len(cards) == len(seats) and check.refused_at is None
    summary = winner_line(cards, seats, trump_suit, marks) if whole else t("wizard.trick.waiting")

    def lead(seat: int) -> None:
        set_leader(seat)
        trick.clear()

    controls: list[ft.Control] = [
        ft.Text(t("rules.helper.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
        ft.Text(t("wizard.trick.trump")),
        chip_row(trump_options(), shown_trump, set_trump),
    ]
    if players:
        controls += leader_choice(players, leader, lead)
    else:

        def seat_count(number: int) -> None:
            set_count(number)
            trick.clear()

        controls += seat_count_choice(count, seat_count)
        controls += marks_choice(marks, set_marks)
    controls.append(highest_line(marks))
    controls.append(CardPicker(deck(marks), seats, cards, trick.play, trick.take_back, notes))
    if len(cards) < len(seats) and check.refused_at is None:
        controls.append(identified(FOLLOW_ID, ft.Text(follow_line(cards, seats))))
    controls.append(result_text(summary))
    if whole and players:
        winner = seats[wizard.trick_winner(cards, trump_suit)]
        controls.append(next_trick_button(winner, lambda: lead(players.index(winner))))
    return ft.Column(spacing=8, controls=controls)


def highest_line(marks: str) -> ft.Control:
    """Which card of a suit is the highest, as the deck in use marks it (13, or the ace)."""
    highest = t("wizard.trick.highest", card=wizard.face(wizard.NUMBERS[-1], marks))
    return identified("trick-highest", ft.Text(highest, size=13))


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
    trump: str | None, players: tuple[str, ...], first: int, deck_in_use: str
) -> ft.Control:
    """The banner's button opening the trick helper for the round: its trump, its players
    with the round's leader first."""
    shown, set_shown = ft.use_state(False)
    ft.use_dialog(
        ft.AlertDialog(
            content=ft.Column(
                tight=True,
                scroll=ft.ScrollMode.AUTO,
                controls=[WizardTrickHelper(trump, players, first, deck_in_use)],
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
    the table: the trump entered (or none yet), the players, the round's leader first."""
    state, info = table.state, table.round_info
    return keyed(
        f"trick-{table.round_number}-{table.editing}",
        memo(TrickHelperButton),
        table.entry.get("trump"),
        tuple(state.players),
        info.first,
        state.settings["deck"],
    )
