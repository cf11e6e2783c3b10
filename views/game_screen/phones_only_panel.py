"""Share this table from a phone alone: the other phones join by an invitation each, with no
computer (views.shell.phone_tables). The scorer sees every phone at the table by who holds
it, with its link's state, chooses per phone what it may change, can take one off the
table, and invites the next one (views.game_screen.invite_screen: an invitation, then the
phone's reply, scanned or pasted)."""

from collections.abc import Callable, Sequence

import flet as ft

from sharing.phones_only.host import PhoneAtTable, PhoneState, TableHost
from sharing.rights import Rights
from views.game_screen.invite_screen import invite_route, new_invitation
from views.game_screen.table_share_panel import StopButton, sharing_card
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.phone_tables import PhoneTables, told_on
from views.shell.services import use_services
from views.shell.widgets import CHIP_SIZE, choice_chips, identified, message_line, use_question


@ft.component
def PhoneTablePanel(game_id: str, tables: PhoneTables, players: Sequence[str]) -> ft.Control:
    """For the phone that shares: start, the phones at the table and their rights, invite
    phones one by one, stop."""
    host, set_host = use_state_from(lambda: tables.hosted.get(game_id))
    page, services = ft.context.page, use_services()
    if host is None:
        return ft.OutlinedButton(
            t("share.start"),
            icon=ft.Icons.QR_CODE_2,
            on_click=lambda _: set_host(tables.share(game_id, told_on(page, services.reconnects))),
        )

    def stop() -> None:
        tables.stop(game_id)
        set_host(None)

    return sharing_card(
        t("table.title"),
        [
            *[PhoneLine(phone, players, host) for phone in host.phones],
            InvitePart(game_id, tables, host),
            *no_wake_lock(services.access.peer.secure),
            StopButton(t("table.stop_question"), stop),
        ],
    )


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
def PhoneLine(phone: PhoneAtTable, players: Sequence[str], host: TableHost) -> ft.Control:
    """One phone at the table: who holds it and its link's state (`table-phone-N`), then,
    while it is at the table, what it may change and a way to take it off the table (asked
    first: that phone is told, and keeps its copy)."""
    name = phone_name(phone, players)
    words = t("table.phone_line", phone=name, state=t(STATE_KEYS[phone.state]))
    said = identified(f"table-phone-{phone.number}", ft.Text(words, weight=ft.FontWeight.W_500))
    remove = use_question(
        t("table.remove_question", phone=name),
        t("table.keep_phone"),
        t("table.remove"),
        lambda: host.remove(phone.number),
    )
    if phone.state is PhoneState.GONE:
        return said
    chips = rights_chips(phone, name, lambda rights: host.allow(phone.number, Rights(rights)))
    button = ft.TextButton(
        t("table.remove_phone", phone=name),
        icon=ft.Icons.PERSON_REMOVE,
        height=CHIP_SIZE,
        on_click=lambda _: remove(),
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


def no_wake_lock(secure: bool) -> list[ft.Control]:
    """Where the browser cannot keep the screen on (a page that is not https), the line
    that says so: a locked screen is how a phone most often drops off the table."""
    if secure:
        return []
    return [identified("no-wake-lock", ft.Text(t("table.no_wake_lock"), size=13))]


@ft.component
def InvitePart(game_id: str, tables: PhoneTables, host: TableHost) -> ft.Control:
    """How many phones are at the table, and an invitation for the next one, shown on a
    screen of its own (views.game_screen.invite_screen)."""
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)

    async def invite_next() -> None:
        await invite(game_id, tables, set_problem)

    guests = identified("table-guests", ft.Text(t("table.guests", count=host.guest_count)))
    button = ft.FilledButton(t("table.invite"), icon=ft.Icons.PERSON_ADD, on_click=invite_next)
    return ft.Column([guests, button, message_line(problem)])


async def invite(game_id: str, tables: PhoneTables, say: Setter[str | None]) -> None:
    """Show the invitation for the next phone: the one showing (a phone may be reading it
    already), else a new one; why the browser could not make one is said by `say`."""
    if game_id in tables.inviting or await new_invitation(game_id, tables, say) is not None:
        ft.context.page.navigate(invite_route(game_id))


@ft.component
def PhonesAway(game_id: str, host: TableHost, players: Sequence[str]) -> ft.Control:
    """Above the scorer's pad, a line for each phone not linked now: one whose link is down
    (it may come back by itself), or one that lost it, with a way to invite it again."""
    tables = use_services().tables
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)

    async def invite_again() -> None:
        if tables is not None:
            await invite(game_id, tables, set_problem)

    lines: list[ft.Control] = []
    for phone in host.phones:
        if phone.state is PhoneState.INTERRUPTED:
            words = t("table.phone_interrupted", phone=phone_name(phone, players))
            lines.append(identified(f"phone-away-{phone.number}", ft.Text(words, italic=True)))
        elif phone.state is PhoneState.GONE:
            words = t("table.phone_gone", phone=phone_name(phone, players))
            again = ft.OutlinedButton(
                t("table.invite_again"), icon=ft.Icons.PERSON_ADD, on_click=invite_again
            )
            said = identified(f"phone-away-{phone.number}", ft.Text(words))
            lines.append(ft.Row(wrap=True, controls=[said, again]))
    if problem is not None:
        lines.append(message_line(problem))
    return ft.Column(spacing=4, visible=bool(lines), controls=lines)
