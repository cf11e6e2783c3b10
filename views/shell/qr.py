"""A text carried to another phone: as a QR code its camera reads, and as text to copy;
and the button that reads such a code with this phone's camera."""

import io
from collections.abc import Awaitable, Callable

import flet as ft
import segno

from sharing.phones_only.links import CameraRefused
from views.shell.i18n import t
from views.shell.phone_tables import PhoneTables
from views.shell.widgets import identified

QR_SIZE = 240
READABLE_VERSION = 25
"""The largest QR code offered for a camera to read off another phone's screen: 117
modules a side, about 1,270 characters of an address at error correction L (a screen has
no stains to correct); a larger one's modules grow too small to be told apart."""


def qr_png(text: str) -> bytes:
    """A QR code of `text` as a PNG (segno; an SVG draws badly in Flet)."""
    return _png(segno.make(text, error="m"))


def readable_qr_png(text: str) -> bytes | None:
    """A QR code of `text` as a PNG, at most READABLE_VERSION; None when `text` needs a
    larger one."""
    try:
        code = segno.make_qr(text, error="l", boost_error=False)
    except segno.DataOverflowError:  # longer than the largest code holds
        return None
    return _png(code) if int(code.version) <= READABLE_VERSION else None


def _png(code: segno.QRCode) -> bytes:
    out = io.BytesIO()
    code.save(out, kind="png", scale=6, border=2)
    return out.getvalue()


def carried_text(text: str, identifier: str, side: int = QR_SIZE) -> list[ft.Control]:
    """`text` as a QR code `side` pixels wide, as text (its Semantics `identifier`, read
    out whole), and a button that copies it, to paste on the other phone."""
    return [qr_image(qr_png(text), side), *copied_text(text, identifier)]


def qr_image(png: bytes, side: int) -> ft.Image:
    """A QR code's PNG, `side` pixels wide, named as the code of the text below it."""
    return ft.Image(src=png, width=side, height=side, semantics_label=t("table.qr"))


def copied_text(text: str, identifier: str) -> list[ft.Control]:
    """`text` (its Semantics `identifier`, read out whole) and a button that copies it."""

    async def copy() -> None:
        await ft.Clipboard().set(text)

    return [
        identified(identifier, ft.Text(text, size=11)),
        ft.TextButton(t("table.copy"), icon=ft.Icons.CONTENT_COPY, on_click=copy),
    ]


def pasted_or_scanned(
    identifier: str,
    label: str,
    typed: dict[str, str],
    tables: PhoneTables,
    go_on: Callable[[], Awaitable[None]],
    say: Callable[[str | None], None],
) -> list[ft.Control]:
    """The field for the other phone's text (Semantics `identifier`; what is typed kept in
    `typed["text"]`), and beside it the camera's scan: the text read goes into the field
    and on through `go_on`, as the screen's button takes a pasted one."""

    async def scanned(text: str) -> None:
        typed["text"] = text
        say(None)  # the field is drawn again with the text, whatever comes of it
        await go_on()

    field = ft.TextField(
        label=label,
        value=typed["text"],  # what was typed or read: a refusal draws the screen again
        on_change=lambda e: typed.update(text=e.control.value or ""),
    )
    return [identified(identifier, field), scan_button(tables, scanned, say)]


def scan_button(
    tables: PhoneTables,
    read: Callable[[str], Awaitable[None]],
    say: Callable[[str | None], None],
) -> ft.Control:
    """Scan the other phone's QR code: the text read goes to `read`; why the camera cannot
    be used is said by `say` (the message under the field, which still takes a pasted
    text). The scan runs apart from the tap's handler: it lasts as long as the player aims."""
    page = ft.context.page
    return ft.OutlinedButton(
        t("camera.scan"),
        icon=ft.Icons.QR_CODE_SCANNER,
        on_click=lambda _: page.run_task(scan, tables, read, say),
    )


async def scan(
    tables: PhoneTables, read: Callable[[str], Awaitable[None]], say: Callable[[str | None], None]
) -> None:
    """Scan a QR code with the camera: the text read goes to `read`; why the camera cannot
    be used is said by `say`; a scan cancelled leaves the screen as it was."""
    try:
        text = await tables.scan()
    except CameraRefused as refused:
        say(t(refused.key))
        return
    if text is not None:
        await read(text)
