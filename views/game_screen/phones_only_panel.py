"""Share this table from a phone alone: the other phones join by an invitation each, with no
computer (views.shell.phone_tables). The scorer sees every phone at the table by who holds
it, with its link's state, chooses per phone what it may change, can take one off the
table, and invites the next one (views.game_screen.invite_screen: an invitation, then the
phone's reply, scanned or pasted)."""

from collections.abc import Awaitable, Callable, Sequence

import flet as ft

from sharing.phones_only.host import TableHost
from sharing.rights import PhoneState
from views.game_screen.invite_screen import invite_route, new_invitation
from views.game_screen.table_phones import PhoneLine, phone_name
from views.game_screen.table_share_panel import StopButton, sharing_card
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.phone_tables import PhoneTables, WasAtTable, told_on
from views.shell.services import use_services
from views.shell.widgets import identified, message_line


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
            *[PhoneLine(phone, players, host.allow, host.remove) for phone in host.phones],
            InvitePart(game_id, tables, host),
            *no_wake_lock(services.access.peer.secure),
            StopButton(t("table.stop_question"), stop),
        ],
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


def returning_lines(
    phones: Sequence[WasAtTable],
    players: Sequence[str],
    invite_again: Callable[[], Awaitable[None]],
) -> list[ft.Control]:
    """A line for each phone that was at the table and is not back, with its invitation."""
    lines: list[ft.Control] = []
    for number, phone in enumerate(phones, start=1):
        if phone.player is not None and phone.player < len(players):
            name = t("table.phone_of", player=players[phone.player])
            was, invite = (
                t("table.was_at_table", phone=name),
                t("table.invite_phone_again", phone=name),
            )
        else:
            was, invite = t("table.watcher_was_at_table"), t("table.invite_watcher_again")
        said = identified(f"phone-before-{number}", ft.Text(was))
        again = ft.OutlinedButton(
            invite,
            icon=ft.Icons.PERSON_ADD,
            on_click=invite_again,
        )
        lines.append(ft.Row(wrap=True, controls=[said, again]))
    return lines


@ft.component
def PhonesAway(game_id: str, tables: PhoneTables, players: Sequence[str]) -> ft.Control:
    """Above the scorer's pad, a line for each phone not linked now: one whose link is down
    (it may come back by itself), or one that lost it, with a way to invite it again; and
    each phone that was at the table before this page was loaded, each with its own
    invitation a tap away (the table shared again first, if it is not)."""
    services, page = use_services(), ft.context.page
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)

    async def invite_again() -> None:
        if game_id not in tables.hosted:
            tables.share(game_id, told_on(page, services.reconnects))
        await invite(game_id, tables, set_problem)

    host = tables.hosted.get(game_id)
    lines = returning_lines(tables.were_at_table(game_id), players, invite_again)
    for phone in host.phones if host is not None else ():
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
