"""Invite a phone to the table this phone shares (views.shell.phone_tables): a screen of its
own, so that on a phone the invitation's QR code shows whole, its text can be copied, and
the reply's field and "Let the phone join" are in reach, nothing covering them. Once the
phone has joined, the game's screen is shown again."""

import flet as ft

from sharing.phones_only.invitation import (
    ANOTHER_PHONE,
    EXPIRED,
    NO_CONNECTION,
    BadInvitation,
    NoConnection,
)
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.layout import use_screen_size
from views.shell.phone_tables import PhoneTables
from views.shell.qr import carried_text, pasted_or_scanned
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import identified, message_line

SPENT = (EXPIRED, NO_CONNECTION, ANOTHER_PHONE)
"""Why a reply was not taken that uses the invitation up: it expired, the phones did not
connect, or another phone answered it too."""
QR_SHARE_OF_HEIGHT = 0.3
"""The QR code's side, as a share of the window's height: on a 360x640 phone the code, its
text, the reply's field and "Let the phone join" fit one screen under the app bar, with
nothing to scroll (a phone's camera reads a code this size from a hand's length)."""


def invite_route(game_id: str) -> str:
    return f"/game/{game_id}/invite"


@ft.component
def InviteScreen() -> ft.View:
    """The invitation for the next phone, and the field for its reply."""
    game_id = ft.use_route_params().get("game_id", "")
    tables = use_services().tables
    back = f"/game/{game_id}"
    if tables is None or game_id not in tables.hosted:  # a server, or the share stopped
        not_shared = [ft.Text(t("table.not_shared"))]
        return screen(invite_route(game_id), t("table.invite"), not_shared, back_to=back)
    return screen(invite_route(game_id), t("table.invite"), [Invite(game_id, tables)], back_to=back)


@ft.component
def Invite(game_id: str, tables: PhoneTables) -> ft.Control:
    """The invitation the share shows (PhoneTables.inviting; a new one when there is none),
    and once the reply is taken, the game's screen again."""
    invitation, set_invitation = use_state_from(lambda: tables.inviting.get(game_id))
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)
    typed, _ = use_state_from(lambda: {"text": ""})
    size = use_screen_size()

    async def invite() -> None:
        try:
            set_invitation(await tables.invite(game_id))
            set_problem(None)
        except NoConnection as refused:
            set_problem(t(refused.key))

    async def take() -> None:
        if invitation is None:
            return
        try:
            await tables.take(game_id, invitation, typed["text"].strip())
        except (BadInvitation, NoConnection) as refused:
            set_problem(t(refused.key))
            if refused.key in SPENT:  # the next phone needs a new invitation
                tables.withdraw(game_id)
                set_invitation(None)
            return
        ft.context.page.navigate(f"/game/{game_id}")

    if invitation is None:
        button = ft.FilledButton(t("table.invite"), icon=ft.Icons.PERSON_ADD, on_click=invite)
        return ft.Column([button, message_line(problem)])
    qr_side = min(240, int(size.height * QR_SHARE_OF_HEIGHT)) if size.height else 240
    return ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=6,
        controls=[
            ft.Text(t("table.invite_explain"), size=13),
            *carried_text(invitation.text, "table-invite", qr_side),
            *pasted_or_scanned(
                "host-reply", t("table.reply_field"), typed, tables, take, set_problem
            ),
            identified(
                "table-take",
                ft.FilledButton(t("table.take"), icon=ft.Icons.LINK, on_click=take),
            ),
            message_line(problem),
        ],
    )
