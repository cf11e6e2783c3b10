"""Join a table another phone shares, with no computer (views.shell.phone_tables): scan or
paste the scorer's invitation, show the reply this phone makes, and once the scorer's
phone has taken it, the shared game opens."""

import flet as ft

from views.sharing.invitation import BadInvitation, NoConnection
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.phone_tables import told_on
from views.shell.qr import carried_text, pasted_or_scanned
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import message_line

JOIN_TABLE = "/table"


@ft.component
def JoinTableScreen() -> ft.View:
    """The invitation scanned or pasted, then this phone's reply shown until the scorer
    takes it."""
    services = use_services()
    tables = services.tables
    page = ft.context.page
    typed, _ = use_state_from(lambda: {"text": ""})
    reply: str | None
    set_reply: Setter[str | None]
    reply, set_reply = ft.use_state(None)
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)
    if tables is None:  # a server: its share is joined by code (views.screens.join)
        return screen(JOIN_TABLE, t("table.join"), [ft.Text(t("table.no_links"))], back_to="/")

    async def answer() -> None:
        try:
            joining, table, relay = await tables.join(
                typed["text"].strip(), told_on(page, services.reconnects)
            )
        except (BadInvitation, NoConnection) as refused:
            set_problem(t(refused.key))
            return
        set_problem(None)
        set_reply(joining.reply)

        async def follow() -> None:  # as long as the scorer takes: not in the tap's handler
            try:
                game_id = await tables.follow(joining, table, relay)
            except NoConnection as refused:
                set_reply(None)
                set_problem(t(refused.key))
                return
            page.navigate(f"/game/{game_id}")

        page.run_task(follow)

    controls: list[ft.Control] = [ft.Text(t("table.join_explain"))]
    if reply is None:
        controls += [
            *pasted_or_scanned(
                "join-invite", t("table.invite_field"), typed, tables, answer, set_problem
            ),
            ft.FilledButton(t("table.reply"), icon=ft.Icons.REPLY, on_click=answer),
        ]
    else:
        controls += [
            ft.Text(t("table.show_reply"), weight=ft.FontWeight.BOLD),
            *carried_text(reply, "table-reply"),
            ft.Text(t("table.waiting"), italic=True),
        ]
    controls.append(message_line(problem))
    return screen(JOIN_TABLE, t("table.join"), controls, back_to="/")
