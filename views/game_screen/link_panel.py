"""Share as a link: the game in an address (storage.game_link) that opens it on any phone
with this site, computed afresh from its entries; as a QR code where one is small enough
for a camera to read off the screen, and as text to copy."""

import flet as ft

from scorers.ledger import GameState
from storage import StorageError
from storage.game_link import link_text
from views.game_screen.table_share_panel import sharing_card
from views.shell.i18n import t
from views.shell.messages import message_of
from views.shell.qr import copied_text, qr_image, readable_qr_png
from views.shell.services import use_services
from views.shell.site import game_address
from views.shell.widgets import identified, message_line

LINK_QR_SIZE = 300
"""Wider than an invitation's code: a link's has up to 117 modules a side."""


@ft.component
def ShareLink(state: GameState) -> ft.Control:
    """The button that shows the link of the game `state` shows; once tapped, the link, made
    again as the game goes on (a round scored changes it)."""
    shown, set_shown = ft.use_state(False)
    site = use_services().site_url
    if not shown:
        return ft.OutlinedButton(
            t("link.share"), icon=ft.Icons.LINK, on_click=lambda _: set_shown(True)
        )
    try:
        address = game_address(site, link_text(state))
    except StorageError as error:
        return identified("link-message", message_line(message_of(error)))
    png = readable_qr_png(address)
    code = qr_image(png, LINK_QR_SIZE) if png is not None else ft.Text(t("link.no_qr"), size=12)
    return sharing_card(
        t("link.title"),
        [code, *copied_text(address, "link-address"), ft.Text(t("link.explain"), size=12)],
    )
