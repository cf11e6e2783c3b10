"""Share this table: the host shows a QR code and a code; phones that use it join this game
only, each as one of its players or to watch; the host sees each phone and chooses what
it may change (views.game_screen.table_phones, as at a table of phones alone)."""

from collections.abc import Callable, Sequence

import flet as ft

from sharing.rights import Rights
from sharing.table_share.codes import Share, spaced
from views.game_screen.table_phones import PhoneLine
from views.shell.hooks import use_state_from
from views.shell.i18n import t
from views.shell.live import announce
from views.shell.qr import qr_png
from views.shell.services import use_services
from views.shell.widgets import identified, use_question


def join_address(share_url: str, share: Share) -> str:
    """The address the QR code holds: the server's https address and the table's code."""
    return f"{share_url.rstrip('/')}/join/{share.code}"


@ft.component
def SharePanel(game_id: str, players: Sequence[str]) -> ft.Control:
    """For the host: share the game, show its code, the phones that joined and what each
    may change, stop."""
    services = use_services()
    shares = services.access.shares
    share, set_share = use_state_from(lambda: shares.shared(game_id))
    if services.share_url is None:
        # A server started without sharing says so in a player's words (the command line
        # is for whoever set it up). A phone alone shares with views.game_screen.phones_only_panel.
        return identified("share-off", ft.Text(t("share.off"), size=13))
    if share is None:
        return ft.OutlinedButton(
            t("share.start"),
            icon=ft.Icons.QR_CODE_2,
            on_click=lambda _: set_share(shares.share(game_id)),
        )

    # Bumped when the host changed a phone's rights or took one off: this panel is drawn
    # again at once; the phones hear it (announce), and so does the host's screen.
    _, set_changes = ft.use_state(0)

    def allow(number: int, rights: Rights) -> None:
        shares.allow(game_id, number, rights)
        announce(game_id)
        set_changes(lambda count: count + 1)

    def remove(number: int) -> None:
        shares.remove(game_id, number)
        announce(game_id)
        set_changes(lambda count: count + 1)

    def stop() -> None:
        shares.stop(game_id)
        set_share(None)
        announce(game_id)

    address = join_address(services.share_url, share)
    return sharing_card(
        t("share.title"),
        [
            ft.Image(src=qr_png(address), width=220, height=220, semantics_label=address),
            identified(
                "share-code", ft.Text(spaced(share.code), size=34, weight=ft.FontWeight.BOLD)
            ),
            identified("share-address", ft.Text(address, size=12)),
            ft.Text(t("share.explain"), size=12),
            *[PhoneLine(phone, players, allow, remove) for phone in shares.phones(game_id)],
            StopButton(t("share.stop_question"), stop),
        ],
    )


def sharing_card(title: str, controls: list[ft.Control]) -> ft.Card:
    """The card a shared table's panel is drawn in, the server's or a phone's."""
    return ft.Card(
        content=ft.Container(
            padding=12,
            content=ft.Column(
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM), *controls],
            ),
        )
    )


@ft.component
def StopButton(question: str, stop: Callable[[], None]) -> ft.Control:
    """Stop sharing, once the host has answered `question` (what the joined phones lose)
    with yes: no phone is cut off by one stray tap."""
    ask = use_question(question, t("share.keep_sharing"), t("share.stop"), stop)
    return ft.TextButton(t("share.stop"), icon=ft.Icons.STOP_SCREEN_SHARE, on_click=lambda _: ask())
