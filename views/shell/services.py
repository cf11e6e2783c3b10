"""What the screens need from outside: the saved games, the screen's wake lock, files,
the device's own storage.

Provided once at the root through a context, so tests hand in a keeper on a temporary
database and a wake lock and files that only record (Flet's Wakelock and FilePicker need a
live client).
"""

from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlparse

import flet as ft

from storage.keeper import GameKeeper
from views.sharing.access import Access
from views.shell.device import DeviceStore
from views.shell.live import Reconnects


def is_secure(page_url: str) -> bool:
    """Whether the browser treats the page as a secure context: https, or the computer's
    own loopback address. Elsewhere (http from another device) it has no wake lock."""
    address = urlparse(page_url)
    host = address.hostname or ""
    return (
        address.scheme == "https"
        or host == "localhost"
        or host == "::1"
        or (host.startswith("127."))
    )


class ScreenAwake(Protocol):
    """Keeps the phone's screen on while a game is open."""

    async def set_awake(self, awake: bool) -> None: ...


class WakelockScreen:
    """The real thing: Flet's Wakelock service, created on first use in the page's context."""

    def __init__(self) -> None:
        self._wakelock: ft.Wakelock | None = None

    async def set_awake(self, awake: bool) -> None:
        if self._wakelock is None:
            self._wakelock = ft.Wakelock()
        if awake:
            await self._wakelock.enable()
        else:
            await self._wakelock.disable()


class Files(Protocol):
    """Files on the player's device: one saved from the app, one picked to read."""

    async def save(self, file_name: str, content: bytes) -> None:
        """Hand ``content`` to the device as ``file_name`` (in a browser: a download)."""

    async def pick(self, extension: str) -> bytes | None:
        """The content of one file with that extension the player picks; None if cancelled."""


class FilePickerFiles:
    """The real thing: Flet's FilePicker service, created on first use in the page's context."""

    def __init__(self) -> None:
        self._picker: ft.FilePicker | None = None

    def picker(self) -> ft.FilePicker:
        if self._picker is None:
            self._picker = ft.FilePicker()
        return self._picker

    async def save(self, file_name: str, content: bytes) -> None:
        await self.picker().save_file(file_name=file_name, src_bytes=content)

    async def pick(self, extension: str) -> bytes | None:
        picked = await self.picker().pick_files(
            allow_multiple=False,
            with_data=True,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=[extension],
        )
        return picked[0].bytes if picked else None


@ft.observable
@dataclass
class Preferences:
    """This session's choices, as the device kept them (views.shell.device) or the player changed
    them since (each tab is a phone at the table)."""

    keep_awake: bool = True


@dataclass(frozen=True)
class Services:
    keeper: GameKeeper
    screen_awake: ScreenAwake
    files: Files
    preferences: Preferences
    access: Access
    device: DeviceStore
    startup_notice: str | None = None
    reconnects: Reconnects = field(default_factory=Reconnects)
    share_url: str | None = None
    """The https address phones join at (None when the server does not share tables)."""


ServicesContext = ft.create_context(None)


def use_services() -> Services:
    services = ft.use_context(ServicesContext)
    assert isinstance(services, Services), "App must be rendered with Services"
    return services
