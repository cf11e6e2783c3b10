"""Joining a shared table: the screen a phone without a table sees, at /join/<code> (the
address the host's QR code holds) and wherever else it tries to go. Once the code is
right, the phone says who holds it ("I am Ben", or to watch), as a phone joining a table
of phones alone does (views.screens.join_by_invitation.who_am_i)."""

import math
from collections.abc import Callable

import flet as ft

from sharing.table_share.codes import Share, normalised
from storage import StorageError
from views.screens.join_by_invitation import who_am_i
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.live import announce
from views.shell.messages import message_of
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import message_line


@ft.component
def JoinScreen() -> ft.View:
    """Enter a table's code (or arrive with it in the address), then say who holds this
    phone, to join that table."""
    services = use_services()
    access = services.access
    code = ft.use_route_params().get("code", "")
    # What is typed so far: kept without re-rendering, so the field keeps its focus; the
    # code of another table's address, arrived at, replaces it.
    typed, _ = use_state_from(lambda: {"code": code, "address": code})
    if typed["address"] != code:
        typed.update(code=code, address=code)
    refusal: str | None
    set_refusal: Setter[str | None]
    refusal, set_refusal = ft.use_state(None)
    found: tuple[Share, tuple[str, ...]] | None
    set_found: Setter[tuple[Share, tuple[str, ...]] | None]
    found, set_found = ft.use_state(None)  # the share the code opens, and its players
    page = ft.context.page

    def join(entered: str) -> None:
        result = access.shares.join(entered, access.peer.address)
        if result.share is None:
            wait = math.ceil(result.wait_seconds)
            set_refusal(t("join.wait", seconds=wait) if wait else t("join.wrong"))
            return
        try:
            players = services.keeper.open(result.share.game_id).ledger.state.players
        except StorageError as error:
            set_refusal(message_of(error))
            return
        set_refusal(None)
        set_found((result.share, players))

    def join_from_address() -> None:
        # A phone at a table already stays there (arriving at its own table's address
        # again, it goes back to the game); one whose share ended tries this code.
        joined = access.joined
        if not code:
            return
        if joined is None or not access.may_open(joined.game_id):
            join(code)
        elif joined.code == normalised(code):
            page.navigate(f"/game/{joined.game_id}")

    ft.use_effect(join_from_address, [code])
    route = f"/join/{code}" if code else "/join"
    if found is not None:

        def stopped_meanwhile() -> None:
            set_found(None)
            set_refusal(t("join.wrong"))  # its code opens nothing now

        return screen(route, t("join.title"), [TakeSeat(*found, stopped_meanwhile)])
    controls = code_form(typed, join, refusal, access.was_removed())
    if access.joined is not None and access.may_open(access.joined.game_id):
        back = f"/game/{access.joined.game_id}"
        controls.append(ft.TextButton(t("join.back"), on_click=lambda _: page.navigate(back)))
    return screen(route, t("join.title"), controls)


def code_form(
    typed: dict[str, str], join: Callable[[str], None], refusal: str | None, removed: bool
) -> list[ft.Control]:
    """The code's field (holding what was `typed`), the button that tries it, and why the
    last one was refused; above, for a phone the host took off its table, that it was."""
    return [
        *([ft.Text(t("join.removed"), weight=ft.FontWeight.W_500)] if removed else []),
        ft.Text(t("join.explain")),
        ft.TextField(
            label=t("join.code"),
            # What is typed, not the address's code: a refusal redraws the screen, and the
            # player corrects the code they typed.
            value=typed["code"],
            capitalization=ft.TextCapitalization.CHARACTERS,
            on_change=lambda e: typed.update(code=e.control.value or ""),
            on_submit=lambda _: join(typed["code"]),
        ),
        ft.FilledButton(
            t("join.join"), icon=ft.Icons.LOGIN, on_click=lambda _: join(typed["code"])
        ),
        message_line(refusal),
    ]


@ft.component
def TakeSeat(share: Share, players: tuple[str, ...], stopped: Callable[[], None]) -> ft.Control:
    """Who holds this phone, asked once the code opened `share`: the phone joins as that
    player (or to watch), and the game opens; `stopped` when the share ended meanwhile."""
    access, page = use_services().access, ft.context.page

    async def take_seat(player: int | None) -> None:
        if not access.join(share, player):
            stopped()
            return
        announce(share.game_id)  # the host's list of phones shows this one
        page.navigate(f"/game/{share.game_id}")

    return ft.Column(controls=who_am_i(players, take_seat))


def host_only(screen_component: Callable[[], ft.View]) -> Callable[[], ft.View]:
    """A screen only the host sees; any other phone gets the join screen instead."""

    @ft.component
    def HostOnly() -> ft.View:
        if use_services().access.host:
            return screen_component()
        return JoinScreen()

    return HostOnly
