"""The phones at a shared table, as the scorer's panel lists them, whichever share they
joined (a phone alone's, views.game_screen.phones_only_panel, or the server's,
views.game_screen.table_share_panel): who holds each and its link's state
(`table-phone-N`), what it may change, chosen per phone, and a way to take it off the
table, asked first."""

from collections.abc import Callable, Sequence

import flet as ft

from sharing.rights import PhoneAtTable, PhoneState, Rights
from views.shell.i18n import t
from views.shell.widgets import CHIP_SIZE, choice_chips, identified, use_question


def phone_name(phone: PhoneAtTable, players: Sequence[str]) -> str:
    """Who holds the phone: "Ben's phone", or "Phone 3 (watching)" for one that named no
    player."""
    if phone.player is None or phone.player >= len(players):
        return t("table.phone_watching", number=phone.number)
    return t("table.phone_of", player=players[phone.player])


STATE_KEYS = {
    PhoneState.LINKED: "table.state.linked",
    PhoneState.INTERRUPTED: "table.state.interrupted",
    PhoneState.GONE: "table.state.gone",
}


@ft.component
def PhoneLine(
    phone: PhoneAtTable,
    players: Sequence[str],
    allow: Callable[[int, Rights], None],
    remove: Callable[[int], None],
) -> ft.Control:
    """One phone at the table: who holds it and its link's state (`table-phone-N`), then,
    while it is at the table, what it may change and a way to take it off the table (asked
    first: that phone is told, and keeps its copy)."""
    name = phone_name(phone, players)
    words = t("table.phone_line", phone=name, state=t(STATE_KEYS[phone.state]))
    said = identified(f"table-phone-{phone.number}", ft.Text(words, weight=ft.FontWeight.W_500))
    ask_to_remove = use_question(
        t("table.remove_question", phone=name),
        t("table.keep_phone"),
        t("table.remove"),
        lambda: remove(phone.number),
    )
    if phone.state is PhoneState.GONE:
        return said
    chips = rights_chips(phone, name, lambda rights: allow(phone.number, Rights(rights)))
    button = ft.TextButton(
        t("table.remove_phone", phone=name),
        icon=ft.Icons.PERSON_REMOVE,
        height=CHIP_SIZE,
        on_click=lambda _: ask_to_remove(),
    )
    return ft.Column(spacing=2, controls=[said, chips, button])


def rights_chips(phone: PhoneAtTable, name: str, choose: Callable[[str], None]) -> ft.Control:
    """What the phone may change: its own player's values (for a phone that named one),
    everyone's as the scorer, or nothing."""
    options = [(Rights.EVERYONE, "table.rights.everyone"), (Rights.WATCH, "table.rights.watch")]
    if phone.player is not None:
        options.insert(0, (Rights.OWN, "table.rights.own"))
    return choice_chips(
        [
            (rights.value, t(key), t("table.rights.of", phone=name, rights=t(key)))
            for rights, key in options
        ],
        phone.rights.value,
        choose,
    )
