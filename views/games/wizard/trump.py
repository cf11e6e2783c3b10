"""The round's trump in the banner: the card turned up after the deal, tapped in (a suit, a
Jester, a Wizard and then the dealer's suit), and the line saying what is trump while the
bids and tricks are entered. Which cards a round may record, and what they mean, are the
rules' (scorers.wizard); this only shows them."""

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import flet as ft

from scorers.game import RoundInfo
from scorers.wizard import (
    JESTER,
    NAMED_NO_TRUMP,
    NO_TRUMP,
    SUIT_SIGNS,
    SUITS,
    WEREWOLF,
    WIZARD,
    laid_for_trump,
    trump_choices,
    trump_suit,
    turns_up_trump,
    werewolf_names,
    with_trump,
    wizard_picks,
)
from views.games.card_picker import chips, picker_chip
from views.games.table import Table
from views.shell.hooks import keyed, memo
from views.shell.i18n import t
from views.shell.widgets import RED_INK, icon_button, identified, suited_text

SUIT_KEYS = {
    "S": "wizard.suit.spades",
    "H": "wizard.suit.hearts",
    "D": "wizard.suit.diamonds",
    "C": "wizard.suit.clubs",
}
TRUMP_ID = "trump"
"""The Semantics identifier of the banner's trump line (tests read it)."""


def suit_name(suit: str) -> str:
    """The suit in words, in the player's language ("hearts")."""
    return t(SUIT_KEYS[suit])


def suit_words(suit: str) -> str:
    """The suit's sign and name, as the banner shows a trump: "♥ hearts"."""
    return f"{SUIT_SIGNS[suit]} {suit_name(suit)}"


def trump_line(trump: str | None, dealer: str, turned_up: bool, may_change: bool = True) -> str:
    """What is trump this round, in one line: "Trump: ♥ hearts", a Wizard's suit and who
    picked it, what the Werewolf's holder named, no trump (a Jester, or every card dealt),
    or that it is not entered (to be tapped, or for a phone that may only watch, not yet)."""
    if not turned_up:
        return t("wizard.trump_all_dealt_line")
    if trump is None:
        return t("wizard.trump_not_entered" if may_change else "wizard.trump_not_yet")
    if trump == JESTER:
        return t("wizard.trump_jester_line")
    laid, suit = laid_for_trump(trump), trump_suit(trump)
    if laid == WEREWOLF:
        if trump == WEREWOLF:
            return t("wizard.trump_werewolf_pending")
        if suit is None:
            return t("wizard.trump_werewolf_no_trump")
        return t("wizard.trump_werewolf_line", suit=suit_words(suit))
    if suit is None:  # a Wizard, the dealer still to pick
        return t("wizard.trump_wizard_pending", dealer=dealer)
    if laid == WIZARD:
        return t("wizard.trump_wizard_line", suit=suit_words(suit), dealer=dealer)
    return t("wizard.trump_line", suit=suit_words(suit))


def round_mark(
    entry: Mapping[str, Any], info: RoundInfo, players: int, settings: Mapping[str, Any]
) -> tuple[str, str] | None:
    """The trump of a scored round as the sheet marks it beside the round's number: its suit's
    sign, a dash for no trump; and in words for screen readers. None when not entered.
    Nothing entered in a round that turns up no card (it deals every card of the game's
    deck, special cards included: `settings`) is marked no trump."""
    trump = entry.get("trump")
    suit = trump_suit(trump)
    no_trump = trump in (JESTER, werewolf_names(NAMED_NO_TRUMP))
    dealt_all = not turns_up_trump(info.cards, players, settings)
    if no_trump or (trump is None and dealt_all):
        return NO_TRUMP, t("wizard.sheet_no_trump")
    if suit is None:
        return None
    return SUIT_SIGNS[suit], t("wizard.sheet_trump", suit=suit_name(suit))


RED_SUITS = frozenset({"H", "D"})


def trump_chip(
    value: str, text: str, name: str, *, selected: bool, on_pick: Callable[[str], None]
) -> ft.Control:
    """The chip of a card or suit that can be trump, filled when it is the one chosen;
    screen readers hear `name` ("hearts turned up"). A suit's sign is a round chip in the
    suit's ink, a word a rounded one."""
    sign = value in SUIT_SIGNS
    return picker_chip(
        text,
        name,
        partial(on_pick, value),
        round_chip=sign,
        text_size=20 if sign else None,
        selected=selected,
        ink=RED_INK if value in RED_SUITS else None,
    )


def chip_row(
    options: list[tuple[str, str, str]], selected: str | None, on_pick: Callable[[str], None]
) -> ft.Row:
    """The chips of `options` (value, text, accessible name) on as many lines as they need:
    every card that can turn up in sight, as every number of the pad is."""
    return chips(
        [
            trump_chip(value, text, name, selected=value == selected, on_pick=on_pick)
            for value, text, name in options
        ]
    )


def card_options(dealer: str, werewolf: bool) -> list[tuple[str, str, str]]:
    """The chips of the card turned up: (value, text, accessible name); the Werewolf laid
    in its place when it is in the deck (`werewolf`)."""
    suits = [
        (suit, SUIT_SIGNS[suit], t("wizard.turned_suit", suit=suit_name(suit))) for suit in SUITS
    ]
    cards = [
        *suits,
        (JESTER, t("wizard.jester"), t("wizard.turned_jester")),
        (WIZARD, t("wizard.wizard_card"), t("wizard.turned_wizard", dealer=dealer)),
    ]
    if werewolf:
        cards.append((WEREWOLF, t("wizard.card.werewolf"), t("wizard.turned_werewolf")))
    return cards


def werewolf_options() -> list[tuple[str, str, str]]:
    """The chips of what the Werewolf's holder names: a suit, or no trump."""
    return [
        *[
            (suit, SUIT_SIGNS[suit], t("wizard.werewolf_names", suit=suit_name(suit)))
            for suit in SUITS
        ],
        (NAMED_NO_TRUMP, t("wizard.trick.no_trump"), t("wizard.werewolf_names_no_trump")),
    ]


def suit_options(dealer: str) -> list[tuple[str, str, str]]:
    """The chips of the suit the dealer picks after a Wizard (never no trump)."""
    return [
        (suit, SUIT_SIGNS[suit], t("wizard.dealer_picks", dealer=dealer, suit=suit_name(suit)))
        for suit in SUITS
    ]


@ft.component
def TrumpPart(table: Table, compact: bool) -> ft.Control | None:
    """The banner's trump for the round shown (the one being corrected, else the current one),
    drawn again at every change of the table, its chips only when what they show changed.
    Nothing in a round that deals every card, unless the banner is `compact`: its reminder
    says "no trump" then, and a compact banner has none."""
    state, info = table.state, table.round_info

    def pick_trump(value: str | None) -> None:
        table.change(with_trump(table.entry, value))

    pick = ft.use_callback(pick_trump, [table])
    choices = trump_choices(info.cards, len(state.players), state.settings)
    turned_up = bool(choices)
    return keyed(
        f"trump-{table.round_number}-{table.editing}",
        memo(TrumpChoice),
        table.entry.get("trump"),
        state.players[info.dealer],
        turned_up,
        table.may_score(),
        pick,
        not turned_up and not compact,
        WEREWOLF in choices,
    )


@ft.component
def TrumpChoice(
    trump: str | None,
    dealer: str,
    turned_up: bool,
    may_change: bool,
    on_pick: Callable[[str | None], None],
    hidden: bool,
    werewolf: bool,
) -> ft.Control:
    """The trump line; under it, for a phone that may enter, the card turned up (a chip per
    suit, a Jester, a Wizard, and the Werewolf when it is in the deck) until one is entered,
    after a Wizard the dealer's suit, after the Werewolf what its holder names.
    Once a trump is entered its chips fold away behind a button that changes it, and a
    button clears it (each a tap, which undo takes back)."""
    changing, set_changing = ft.use_state(False)
    if hidden:
        return ft.Container(visible=False)
    line = identified(
        TRUMP_ID, suited_text(trump_line(trump, dealer, turned_up, may_change), size=15)
    )
    if not turned_up or not may_change:
        return line
    header: list[ft.Control] = [ft.Container(expand=True, content=line)]
    settled = trump is not None and trump not in (WIZARD, WEREWOLF)
    if settled and not changing:
        change = t("wizard.change_trump")
        header.append(icon_button(ft.Icons.EDIT_OUTLINED, change, lambda: set_changing(True)))
    if trump is not None:
        header.append(
            icon_button(ft.Icons.BACKSPACE_OUTLINED, t("wizard.clear_trump"), lambda: on_pick(None))
        )
    controls: list[ft.Control] = [
        ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=header)
    ]

    def picked(value: str | None) -> None:
        set_changing(False)
        on_pick(value)

    if trump == WIZARD:  # the dealer picks one of four suits, never no trump
        controls.append(chip_row(suit_options(dealer), None, lambda s: picked(wizard_picks(s))))
    elif trump == WEREWOLF:  # its holder names a suit or no trump
        controls.append(chip_row(werewolf_options(), None, lambda c: picked(werewolf_names(c))))
    elif trump is None or changing:
        controls.append(chip_row(card_options(dealer, werewolf), laid_for_trump(trump), picked))
    return ft.Column(spacing=2, controls=controls)
