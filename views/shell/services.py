"""What the screens need from outside: the saved games, the screen's wake lock, files,
the device's own storage.

Provided once at the root through a context, so tests hand in a keeper on a temporary
database and a wake lock and files that only record (Flet's Wakelock and FilePicker need a
live client).
"""

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import flet as ft

from sharing.table_share.access import Access
from storage.backup import MAX_LIBRARY_BYTES
from storage.errors import StorageError
from storage.game_file import MAX_FILE_BYTES
from storage.keeper import GameKeeper
from views.shell.device import DeviceStore
from views.shell.keeping import BrowserKeeping
from views.shell.live import Reconnects
from views.shell.notices import Notice
from views.shell.phone_tables import PhoneTables


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
            await self._wakelock.enable()  # type: ignore[no-untyped-call]  # Flet leaves it unannotated
        else:
            await self._wakelock.disable()  # type: ignore[no-untyped-call]  # Flet leaves it unannotated


class Nudger(Protocol):
    """A short vibration, where the phone has one: the round has reached its player."""

    async def nudge(self) -> None: ...


class HapticNudger:
    """The real thing: Flet's HapticFeedback service (the browser's `navigator.vibrate`,
    which Android's browsers have and iPhones' do not), made on first use."""

    def __init__(self) -> None:
        self._haptics: ft.HapticFeedback | None = None

    async def nudge(self) -> None:
        if self._haptics is None:
            self._haptics = ft.HapticFeedback()
        await self._haptics.vibrate()  # type: ignore[no-untyped-call]  # Flet leaves it unannotated


@dataclass(frozen=True)
class PickedFile:
    """A file the player picked, known by its size before its bytes are sent: a file too
    large to import is refused where it was picked, without sending it at all."""

    name: str
    size: int
    read: Callable[[], Awaitable[bytes]]
    """Fetch the content (in a browser: upload it to the server)."""


@dataclass(frozen=True)
class FileLimits:
    """The largest game file and backup this device reads, refused by their size where
    they are picked: the formats' own limits on a server; less on a phone alone, whose
    browser reads a file slower and may run out of memory on one the formats allow
    (phone.PHONE_FILE_LIMITS, measured by bench/phone_files_bench.py)."""

    game_file: int = MAX_FILE_BYTES
    backup: int = MAX_LIBRARY_BYTES


class Files(Protocol):
    """Files on the player's device: one saved from the app, one picked to read."""

    async def save(self, file_name: str, content: bytes) -> None:
        """Hand ``content`` to the device as ``file_name`` (in a browser: a download)."""

    async def pick(self, extension: str) -> PickedFile | None:
        """One file with that extension the player picks; None if cancelled."""


UPLOAD_URL_SECONDS = 600
"""How long a picked file's upload address stays valid (a large backup over slow Wi-Fi)."""


class FilePickerFiles:
    """The real thing: Flet's FilePicker service, created on first use in the page's context.

    A picked file is sent by HTTP upload to the server's upload route (serving.web_app)
    when it has one, `uploads` being the folder that route writes to: a WebSocket message
    has a size limit (uvicorn's 16 MiB) and a larger one drops the phone's connection. The
    upload goes in the background of the loop, as a request of its own; the file is read
    and removed off the loop. Without `uploads` (a server with no upload route) the bytes
    come with the pick, as one socket message."""

    def __init__(self, uploads: Path | None = None) -> None:
        self._picker: ft.FilePicker | None = None
        self._uploads = uploads
        self._uploading: dict[str, asyncio.Future[None]] = {}

    def picker(self) -> ft.FilePicker:
        """The page's FilePicker, made with its upload handler already set: Flutter's
        client sends an upload's progress only for a handler it knew of when the upload
        began (it checks the control's `on_upload`), so one set later is never called."""
        if self._picker is None:
            self._picker = ft.FilePicker(on_upload=self._on_upload)
        return self._picker

    def _on_upload(self, event: ft.FilePickerUploadEvent) -> None:
        """An upload's progress, from the client: its end (or failure) settles the wait."""
        done = self._uploading.get(event.file_name)
        if done is None or done.done():
            return
        if event.error:
            done.set_exception(StorageError("storage.upload_failed"))
        elif event.progress is not None and event.progress >= 1.0:
            done.set_result(None)

    async def save(self, file_name: str, content: bytes) -> None:
        await self.picker().save_file(file_name=file_name, src_bytes=content)

    async def pick(self, extension: str) -> PickedFile | None:
        picked = await self.picker().pick_files(
            allow_multiple=False,
            with_data=self._uploads is None,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=[extension],
        )
        if not picked:
            return None
        file = picked[0]
        uploads = self._uploads
        if uploads is None or file.size == 0:
            # An empty file has nothing to send (and the client's upload of one never
            # reports its end: its progress stays at 0).
            content = file.bytes or b""

            async def read() -> bytes:
                return content

            return PickedFile(file.name, file.size, read)
        return PickedFile(file.name, file.size, lambda: self._upload(file, uploads))

    async def _upload(self, file: ft.FilePickerFile, uploads: Path) -> bytes:
        """Upload the picked file, then read it (and remove it) off the loop."""
        name = f"{uuid.uuid4().hex}.upload"
        url = ft.context.page.get_upload_url(name, UPLOAD_URL_SECONDS)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # The client names its progress events by the picked file's own name.
        self._uploading[file.name] = done
        try:
            await self.picker().upload(
                [ft.FilePickerUploadFile(upload_url=url, id=file.id, name=file.name)]
            )
            await done
        finally:
            self._uploading.pop(file.name, None)
        return await asyncio.to_thread(_take, uploads / name)


def _take(path: Path) -> bytes:
    """The uploaded file's content; the file is removed."""
    try:
        return path.read_bytes()
    except OSError:
        raise StorageError("storage.upload_failed") from None
    finally:
        path.unlink(missing_ok=True)


@dataclass
class Preferences(ft.Observable):
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
    site_url: str
    """This app's first page, as the browser opened it: a game's link is made on it
    (views.shell.site)."""
    startup_notices: tuple[Notice, ...] = ()
    """What Home tells the player as it opens (views.shell.notices)."""
    reconnects: Reconnects = field(default_factory=Reconnects)
    share_url: str | None = None
    """The https address phones join at (None when the server does not share tables)."""
    tables: PhoneTables | None = None
    """The phones-only share of a phone alone (None on a server)."""
    file_limits: FileLimits = field(default_factory=FileLimits)
    keeping: BrowserKeeping | None = None
    """Whether the browser's storage keeps the games now (a phone alone; None on a server)."""
    nudger: Nudger = field(default_factory=HapticNudger)


ServicesContext: ft.ContextProvider[Services | None] = ft.create_context(None)


def use_services() -> Services:
    services = ft.use_context(ServicesContext)
    assert isinstance(services, Services), "App must be rendered with Services"
    return services
