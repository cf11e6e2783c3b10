"""Invite a phone to the table this phone shares (views.shell.phone_tables): a screen of its
own, so that on a phone the invitation's QR code shows whole, its text can be copied, and
the reply's field and "Let the phone join" are in reach, nothing covering them. A reply is
admitted only once the scorer has compared its check with the digits the invited phone
shows (nobody outside the table gets in by copying the invitation). Once the phone has
joined, the game's screen is shown again."""

from collections.abc import Awaitable, Callable

import flet as ft

from sharing.phones_only.invitation import BadInvitation, NoConnection
from sharing.phones_only.links import Invitation, Reply
from storage import StorageError
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.layout import use_screen_size
from views.shell.messages import message_of
from views.shell.phone_tables import PhoneTables
from views.shell.qr import carried_text, pasted_or_scanned
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import identified, message_line

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
    """The invitation the share shows (PhoneTables.inviting; a new one when there is none);
    a reply to it, then its check beside what the replying phone shows; once admitted, the
    game's screen again."""
    invitation, set_invitation = use_state_from(lambda: tables.inviting.get(game_id))
    problem: str | None
    set_problem: Setter[str | None]
    problem, set_problem = ft.use_state(None)
    checking: tuple[str, Reply] | None
    set_checking: Setter[tuple[str, Reply] | None]
    checking, set_checking = ft.use_state(None)  # (reply, what it says) shown to compare
    typed, _ = use_state_from(lambda: {"text": ""})
    size = use_screen_size()

    async def invite() -> None:
        made = await new_invitation(game_id, tables, set_problem)
        if made is not None:
            set_invitation(made)
            set_problem(None)

    async def look() -> None:
        """A reply pasted or scanned: never taken before its check is compared."""
        if invitation is None:
            return
        reply = typed["text"].strip()
        try:
            set_checking((reply, invitation.read(reply)))
            set_problem(None)
        except BadInvitation as refused:
            set_problem(t(refused.key))

    async def admit() -> None:
        if invitation is None or checking is None:
            return
        set_checking(None)
        try:
            await tables.take(game_id, invitation, checking[0])
        except (BadInvitation, NoConnection) as refused:
            set_problem(t(refused.key))
            set_invitation(tables.inviting.get(game_id))  # none once it is used up
            return
        ft.context.page.navigate(f"/game/{game_id}")

    def refuse() -> None:
        typed["text"] = ""
        set_checking(None)
        set_problem(t("table.check_refused"))

    if invitation is None:
        button = ft.FilledButton(t("table.invite"), icon=ft.Icons.PERSON_ADD, on_click=invite)
        return ft.Column([button, message_line(problem)])
    if checking is not None:
        said = checking[1]
        who = None if said.player is None else invitation.players[said.player]
        return check_step(said.check, who, admit, refuse)
    qr_side = min(240, int(size.height * QR_SHARE_OF_HEIGHT)) if size.height else 240
    reply_part = pasted_or_scanned(
        "host-reply", t("table.reply_field"), typed, tables, look, set_problem
    )
    return invitation_step(invitation.text, qr_side, reply_part, look, problem)


async def new_invitation(
    game_id: str, tables: PhoneTables, say: Callable[[str], None]
) -> Invitation | None:
    """A new invitation to the shared game (PhoneTables.invite); None when the browser
    could not make one, or the game could not be read, which `say` is told in words."""
    try:
        return await tables.invite(game_id)
    except NoConnection as refused:
        say(t(refused.key))
    except StorageError as error:
        say(message_of(error))
    return None


def invitation_step(
    text: str,
    qr_side: int,
    reply_part: list[ft.Control],
    look: Callable[[], Awaitable[None]],
    problem: str | None,
) -> ft.Control:
    """The invitation (its QR code `qr_side` wide, its text to copy), then the reply's
    field and camera (`reply_part`) and the button that checks the reply (`look`)."""
    return ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=6,
        controls=[
            ft.Text(t("table.invite_explain"), size=13),
            *carried_text(text, "table-invite", qr_side),
            *reply_part,
            identified(
                "table-take",
                ft.FilledButton(t("table.take"), icon=ft.Icons.LINK, on_click=look),
            ),
            message_line(problem),
        ],
    )


def check_step(
    check: str,
    player: str | None,
    admit: Callable[[], Awaitable[None]],
    refuse: Callable[[], None],
) -> ft.Control:
    """The reply's check, to compare with the digits the invited phone shows, and who that
    phone says it is (`player`'s, None: a phone that watches): a reply made by a stranger
    from a copy of the invitation shows other digits there, and is refused."""
    admit_words = (
        t("table.admit_watching", check=check)
        if player is None
        else t("table.admit", check=check, player=player)
    )
    return ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=12,
        controls=[
            ft.Text(t("table.check_host"), size=15),
            identified("link-check", ft.Text(check, size=36, weight=ft.FontWeight.BOLD)),
            identified(
                "table-admit", ft.FilledButton(admit_words, icon=ft.Icons.CHECK, on_click=admit)
            ),
            ft.OutlinedButton(t("table.refuse"), icon=ft.Icons.BLOCK, on_click=lambda _: refuse()),
        ],
    )
