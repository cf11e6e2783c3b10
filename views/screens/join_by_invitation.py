"""Join a table another phone shares, with no computer (views.shell.phone_tables): scan or
paste the scorer's invitation, say who this phone is ("I am Ben", or "Just watching"),
show the reply this phone makes, and once the scorer's phone has taken it, the shared
game opens. A join is given up for good when its screen is
left; one whose link is lost before the game arrived is told on Home."""

from collections.abc import Awaitable, Callable
from functools import partial

import flet as ft

from sharing.phones_only.invitation import BadInvitation, NoConnection
from sharing.phones_only.links import Joining
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.notices import Notice
from views.shell.phone_tables import LOST_BEFORE_COPY, GuestTable, Joined, PhoneTables, told_on
from views.shell.qr import carried_text, pasted_or_scanned, scan
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import identified, message_line

JOIN_TABLE = "/table"
JOIN_AGAIN = "/table/again"
"""Join a table again, its link lost: the camera opens at once to scan the new invitation,
and this phone answers as the player it was (PhoneTables.seat_before)."""


class Pending:
    """The join this screen waits on, as long as the scorer takes: given up for good when
    the screen is left."""

    def __init__(self) -> None:
        self.joining: tuple[Joining, GuestTable] | None = None
        self.abandoned = False

    async def follow(
        self, page: ft.Page, tables: PhoneTables, joined: Joined, failed: Callable[[str], None]
    ) -> None:
        """The game opens once the scorer's phone has taken the reply; a link lost before
        the game arrived is told on Home; another failure is said here (`failed`, in
        words); nothing happens once the screen was left."""
        joining, table, relay = joined
        self.joining = (joining, table)
        try:
            game_id = await tables.follow(joining, table, relay)
        except NoConnection as refused:
            if self.abandoned:
                return
            if refused.key == LOST_BEFORE_COPY:
                tables.news.append(Notice(LOST_BEFORE_COPY))
                page.navigate("/")
            else:
                failed(t(refused.key))
            return
        if not self.abandoned:
            page.navigate(f"/game/{game_id}")

    def abandon(self, tables: PhoneTables | None) -> None:
        self.abandoned = True
        if tables is not None and self.joining is not None:
            tables.abandon(*self.joining)


def who_am_i(
    players: tuple[str, ...], answer: Callable[[int | None], Awaitable[None]]
) -> list[ft.Control]:
    """The question the reply answers: which of the game's players holds this phone, or
    that it only watches."""

    def as_player(player: int | None) -> Callable[[], Awaitable[None]]:
        async def choose() -> None:
            await answer(player)

        return choose

    choices: list[ft.Control] = [
        identified(
            f"join-as-{seat + 1}",
            ft.FilledButton(
                t("table.i_am", player=name), icon=ft.Icons.PERSON, on_click=as_player(seat)
            ),
        )
        for seat, name in enumerate(players)
    ]
    watching = ft.OutlinedButton(
        t("table.just_watching"), icon=ft.Icons.VISIBILITY, on_click=as_player(None)
    )
    choices.append(identified("join-watching", watching))
    return [
        ft.Text(t("table.who_are_you"), weight=ft.FontWeight.BOLD),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=choices),
    ]


def reply_shown(text: str, check: str) -> list[ft.Control]:
    """The reply for the scorer's phone, and the check it will show of it, until it is taken."""
    return [
        ft.Text(t("table.show_reply"), weight=ft.FontWeight.BOLD),
        *carried_text(text, "table-reply"),
        ft.Text(t("table.check_guest")),
        identified("link-check", ft.Text(check, size=36, weight=ft.FontWeight.BOLD)),
        ft.Text(t("table.waiting"), italic=True),
    ]


@ft.component
def JoinTableScreen() -> ft.View:
    """The invitation, who holds this phone, then its reply until the scorer takes it."""
    services = use_services()
    tables = services.tables
    page = ft.context.page
    typed, _ = use_state_from(lambda: {"text": ""})
    invited: tuple[str, ...] | None
    set_invited: Setter[tuple[str, ...] | None]
    invited, set_invited = ft.use_state(None)  # the players the invitation names
    reply: tuple[str, str] | None
    set_reply: Setter[tuple[str, str] | None]
    reply, set_reply = ft.use_state(None)  # the reply's text, and its check
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)
    pending, _ = use_state_from(Pending)
    ft.use_effect(lambda: None, [], cleanup=lambda: pending.abandon(tables))
    route = JOIN_AGAIN if page.route == JOIN_AGAIN else JOIN_TABLE

    use_camera_at_once(route == JOIN_AGAIN, tables, lambda: read(), typed, set_problem)
    if tables is None:  # a server: its share is joined by code (views.screens.join_by_code)
        return screen(route, t("table.join"), [ft.Text(t("table.no_links"))], back_to="/")

    async def read() -> None:
        """The invitation read: who this phone is is asked next, unless it was one of the
        table's players, or watched it, until its link was lost: then it is that again."""
        try:
            players = tables.invited(typed["text"].strip())
        except BadInvitation as refused:
            set_problem(t(refused.key))
            return
        set_problem(None)
        if (before := tables.seat_before(players)) is None:
            set_invited(players)
            return
        await answer(before.player)

    async def answer(player: int | None) -> None:
        tell = told_on(page, services.reconnects)
        try:
            joined = await tables.join(typed["text"].strip(), player, tell)
        except (BadInvitation, NoConnection) as refused:
            set_invited(None)
            set_problem(t(refused.key))
            return
        set_problem(None)
        set_reply((joined[0].reply, joined[0].check))
        failed = partial(failed_join, set_reply, set_problem)
        page.run_task(pending.follow, page, tables, joined, failed)

    if reply is not None:
        step = reply_shown(*reply)
    elif invited is not None:
        step = who_am_i(invited, answer)
    else:
        step = invitation_field(typed, tables, read, set_problem)
    controls = [ft.Text(t("table.join_explain")), *step, message_line(problem)]
    return screen(route, t("table.join"), controls, back_to="/")


def failed_join(
    set_reply: Setter[tuple[str, str] | None], set_problem: Setter[str | None], problem: str
) -> None:
    """A join that failed once its reply showed: the reply goes, and why is said."""
    set_reply(None)
    set_problem(problem)


def invitation_field(
    typed: dict[str, str],
    tables: PhoneTables,
    read: Callable[[], Awaitable[None]],
    say: Callable[[str | None], None],
) -> list[ft.Control]:
    """The scorer's invitation, scanned or pasted (kept in `typed`), and the button that
    reads it (`read`); why it could not be read is said by `say`."""
    return [
        *pasted_or_scanned("join-invite", t("table.invite_field"), typed, tables, read, say),
        ft.FilledButton(t("table.reply"), icon=ft.Icons.REPLY, on_click=read),
    ]


def use_camera_at_once(
    at_once: bool,
    tables: PhoneTables | None,
    read: Callable[[], Awaitable[None]],
    typed: dict[str, str],
    say: Callable[[str | None], None],
) -> None:
    """A hook: when `at_once` (joining again), the camera opens as the screen does; the
    text it reads goes into `typed` and on to `read`, as a scan from its button does."""
    page = ft.context.page

    async def scanned(text: str) -> None:
        typed["text"] = text
        await read()

    def scan_now() -> None:
        if at_once and tables is not None:
            page.run_task(scan, tables, scanned, say)

    ft.use_effect(scan_now, [])
