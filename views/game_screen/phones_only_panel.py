"""Share this table from a phone alone: the other phones join by an invitation each, with no
computer (views.shell.phone_tables). The host shows an invitation (a QR code and its
text), takes the phone's reply (scanned or pasted), and chooses what joined phones may
do."""

import flet as ft

from sharing.phones_only.host import TableHost
from sharing.phones_only.invitation import (
    ANOTHER_PHONE,
    EXPIRED,
    NO_CONNECTION,
    BadInvitation,
    NoConnection,
)
from views.game_screen.table_share_panel import ENTER, StopButton, rights_choice, sharing_card
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.phone_tables import PhoneTables, told_on
from views.shell.qr import carried_text, pasted_or_scanned
from views.shell.services import use_services
from views.shell.widgets import identified, message_line

SPENT = (EXPIRED, NO_CONNECTION, ANOTHER_PHONE)
"""Why a reply was not taken that uses the invitation up: it expired, the phones did not
connect, or another phone answered it too."""


@ft.component
def PhoneTablePanel(game_id: str, tables: PhoneTables) -> ft.Control:
    """For the phone that shares: start, invite phones one by one, rights, stop."""
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
            rights_choice(host.may_enter, lambda rights: host.allow(rights == ENTER)),
            InvitePart(game_id, tables, host),
            StopButton(t("table.stop_question"), stop),
        ],
    )


@ft.component
def InvitePart(game_id: str, tables: PhoneTables, host: TableHost) -> ft.Control:
    """How many phones joined; an invitation for the next one and the field for its reply.
    The invitation is the share's (PhoneTables.inviting): it shows again when the game's
    screen is opened again, and goes when the share stops."""
    invitation, set_invitation = use_state_from(lambda: tables.inviting.get(game_id))
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)
    typed, _ = use_state_from(lambda: {"text": ""})
    joined, set_joined = ft.use_state(0)  # by this panel: "a phone joined" once one has

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
        typed["text"] = ""
        set_invitation(None)
        set_problem(None)
        set_joined(lambda count: count + 1)

    guests = identified("table-guests", ft.Text(t("table.guests", count=host.guest_count)))
    if invitation is None:
        button = ft.FilledButton(t("table.invite"), icon=ft.Icons.PERSON_ADD, on_click=invite)
        news = [ft.Text(t("table.joined"), italic=True)] if joined and problem is None else []
        return ft.Column([guests, *news, button, message_line(problem)])
    return ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            guests,
            ft.Text(t("table.invite_explain"), size=13),
            *carried_text(invitation.text, "table-invite"),
            *pasted_or_scanned(
                "host-reply", t("table.reply_field"), typed, tables, take, set_problem
            ),
            ft.FilledButton(t("table.take"), icon=ft.Icons.LINK, on_click=take),
            message_line(problem),
        ],
    )
