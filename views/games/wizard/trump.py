"""The round's trump in the banner: the card turned up after the deal, tapped in (a suit, a
Jester, a Wizard and then the dealer's suit), and the line saying what is trump while the
bids and tricks are entered. Which cards a round may record, and what they mean, are the
rules' (scorers.wizard); this only shows them."""

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from scorers.game import RoundInfo
from scorers.wizard import (
    JESTER,
    SUITS,
    WIZARD,
    dealer_suits,
    trump_choices,
    trump_suit,
    turns_up_trump,
    with_trump,
    wizard_picks,
)
from views.game_screen.open_game import OpenGame
from views.shell.i18n import t
from views.shell.widgets import choice_chips, icon_button, identified

SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_KEYS = {
    "S": "wizard.suit.spades",
    "H": "wizard.suit.hearts",
    "D": "wizard.suit.diamonds",
    "C": "wizard.suit.clubs",
}
TRUMP_ID = "trump"
"""The Semantics identifier of the banner's trump line (tests read it)."""
NO_TRUMP_MARK = "\u2014"
"""The sheet's mark of a round played without trump (a Jester, or every card dealt)."""


def suit_name(suit: str) -> str:
    """The suit in words, in the player's language ("hearts")."""
    return t(SUIT_KEYS[suit])


def suit_words(suit: str) -> str:
    """The suit's sign and name, as the banner shows a trump: "♥ hearts"."""
    return f"{SUIT_SIGNS[suit]} {suit_name(suit)}"


def trump_line(trump: str | None, dealer: str, turned_up: bool) -> str:
    """What is trump this round, in one line: "Trump: ♥ hearts", a Wizard's suit and who
    picked it, no trump (a Jester, or every card dealt), or that it is not entered."""
    if not turned_up:
        return t("wizard.trump_all_dealt_line")
    if trump is None:
        return t("wizard.trump_not_entered")
    if trump == JESTER:
        return t("wizard.trump_jester_line")
    suit = trump_suit(trump)
    if suit is None:  # a Wizard, the dealer still to pick
        return t("wizard.trump_wizard_pending", dealer=dealer)
    if trump[:1] == WIZARD:
        return t("wizard.trump_wizard_line", suit=suit_words(suit), dealer=dealer)
    return t("wizard.trump_line", suit=suit_words(suit))


def round_mark(entry: Mapping[str, Any], info: RoundInfo, players: int) -> tuple[str, str] | None:
    """The trump of a scored round as the sheet marks it beside the round's number: its suit's
    sign, a dash for no trump; and in words for screen readers. None when not entered."""
    trump = entry.get("trump")
    if not turns_up_trump(info.cards, players) or trump == JESTER:
        return NO_TRUMP_MARK, t("wizard.sheet_no_trump")
    suit = trump_suit(trump)
    if suit is None:
        return None
    return SUIT_SIGNS[suit], t("wizard.sheet_trump", suit=suit_name(suit))


def card_options(dealer: str) -> list[tuple[str, str, str]]:
    """The chips of the card turned up: (value, text, accessible name)."""
    suits = [
        (suit, SUIT_SIGNS[suit], t("wizard.turned_suit", suit=suit_name(suit))) for suit in SUITS
    ]
    return [
        *suits,
        (JESTER, t("wizard.jester"), t("wizard.turned_jester")),
        (WIZARD, t("wizard.wizard_card"), t("wizard.turned_wizard", dealer=dealer)),
    ]


def suit_options(dealer: str) -> list[tuple[str, str, str]]:
    """The chips of the suit the dealer picks after a Wizard (never no trump)."""
    return [
        (suit, SUIT_SIGNS[suit], t("wizard.dealer_picks", dealer=dealer, suit=suit_name(suit)))
        for suit in SUITS
    ]


@ft.component
def TrumpPart(table: OpenGame) -> ft.Control:
    """The banner's trump for the round shown (the one being corrected, else the current one),
    drawn again at every change of the table, its chips only when what they show changed."""
    state, info = table.state, table.round_info
    pick = ft.use_callback(lambda value: table.change(with_trump(table.entry, value)), [table])
    return ft.memo(TrumpChoice)(
        table.entry.get("trump"),
        state.players[info.dealer],
        bool(trump_choices(info.cards, len(state.players))),
        table.may_enter(),
        pick,
        key=f"trump-{table.round_number}-{table.editing}",
    )


@ft.component
def TrumpChoice(
    trump: str | None,
    dealer: str,
    turned_up: bool,
    may_change: bool,
    on_pick: Callable[[str | None], None],
) -> ft.Control:
    """The trump line; under it, for a phone that may enter, the card turned up (a chip per
    suit, a Jester, a Wizard) until one is entered, then the dealer's suit after a Wizard.
    Once a trump is entered its chips fold away behind a button that changes it, and a
    button clears it (a tap, so undo takes it back)."""
    changing, set_changing = ft.use_state(False)
    line = identified(TRUMP_ID, ft.Text(trump_line(trump, dealer, turned_up), size=15))
    if not turned_up or not may_change:
        return line
    settled = trump is not None and trump != WIZARD
    controls: list[ft.Control] = []
    header: list[ft.Control] = [ft.Container(expand=True, content=line)]
    if settled and not changing:
        header.append(
            icon_button(
                ft.Icons.EDIT_OUTLINED, t("wizard.change_trump"), lambda: set_changing(True)
            )
        )
    if trump is not None:
        header.append(
            icon_button(ft.Icons.BACKSPACE_OUTLINED, t("wizard.clear_trump"), lambda: on_pick(None))
        )
    controls.append(ft.Row(spacing=4, controls=header))

    def picked(value: str | None) -> None:
        set_changing(False)
        on_pick(value)

    if not settled or changing:
        turned = trump[:1] if trump and trump[:1] == WIZARD else trump
        controls.append(choice_chips(card_options(dealer), turned or "", picked))
    if dealer_suits(trump) and (not settled or changing):
        chosen = trump[1:] if trump else ""
        controls.append(
            choice_chips(suit_options(dealer), chosen, lambda suit: picked(wizard_picks(suit)))
        )
    return ft.Column(spacing=4, controls=controls)
