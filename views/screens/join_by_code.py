"""Joining a shared table: the screen a phone without a table sees, at /join/<code> (the
address the host's QR code holds) and wherever else it tries to go."""

import math
from collections.abc import Callable

import flet as ft

from sharing.table_share.codes import normalised
from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import message_line


@ft.component
def JoinScreen() -> ft.View:
    """Enter a table's code (or arrive with it in the address) to join that table."""
    access = use_services().access
    code = ft.use_route_params().get("code", "")
    # What is typed so far: kept without re-rendering, so the field keeps its focus; the
    # code of another table's address, arrived at, replaces it.
    typed, _ = use_state_from(lambda: {"code": code, "address": code})
    if typed["address"] != code:
        typed.update(code=code, address=code)
    refusal: str | None
    set_refusal: Setter[str | None]
    refusal, set_refusal = ft.use_state(None)
    page = ft.context.page

    def join(entered: str) -> None:
        result = access.shares.join(entered, access.peer.address)
        if result.share is None:
            wait = math.ceil(result.wait_seconds)
            set_refusal(t("join.wait", seconds=wait) if wait else t("join.wrong"))
            return
        access.joined = result.share
        page.navigate(f"/game/{result.share.game_id}")

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
    controls: list[ft.Control] = [
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
    if access.joined is not None and access.may_open(access.joined.game_id):
        back = f"/game/{access.joined.game_id}"
        controls.append(ft.TextButton(t("join.back"), on_click=lambda _: page.navigate(back)))
    return screen(f"/join/{code}" if code else "/join", t("join.title"), controls)


def host_only(screen_component: Callable[[], ft.View]) -> Callable[[], ft.View]:
    """A screen only the host sees; any other phone gets the join screen instead."""

    @ft.component
    def HostOnly() -> ft.View:
        if use_services().access.host:
            return screen_component()
        return JoinScreen()

    return HostOnly
