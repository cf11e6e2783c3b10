"""A text carried to another phone: as a QR code its camera reads, and as text to copy."""

import io

import flet as ft
import segno

from views.shell.i18n import t
from views.shell.widgets import identified

QR_SIZE = 240


def qr_png(text: str) -> bytes:
    """A QR code of `text` as a PNG (segno; an SVG draws badly in Flet)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=6, border=2)
    return out.getvalue()


def carried_text(text: str, identifier: str) -> list[ft.Control]:
    """`text` as a QR code, as text (its Semantics `identifier`, read out whole), and a
    button that copies it, to paste on the other phone (a message, a shared note)."""

    async def copy() -> None:
        await ft.Clipboard().set(text)

    return [
        ft.Image(src=qr_png(text), width=QR_SIZE, height=QR_SIZE, semantics_label=t("table.qr")),
        identified(identifier, ft.Text(text, size=11)),
        ft.TextButton(t("table.copy"), icon=ft.Icons.CONTENT_COPY, on_click=copy),
    ]
