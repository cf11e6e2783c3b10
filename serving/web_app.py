"""Flet's FastAPI app for Trickpad: its client compressed, its sockets guarded, its uploads."""

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import flet as ft
import flet_web
import flet_web.fastapi
from flet_web.version import version as flet_web_version
from platformdirs import user_cache_dir
from starlette.types import ASGIApp

from serving.compressed_client import (
    UNUSED_FONT_FAMILIES,
    CompressedClient,
    Variant,
    lean_font_manifest,
    prepare,
)
from serving.flet_internals import (
    delete_sessions_of_closed_tabs,
    drop_answers_to_earlier_servers,
    keep_sessions_while_they_start,
    take_turns_per_connection,
)
from serving.icon_font import icon_fonts
from serving.socket_guard import registering
from views.shell.fonts import FONTS

SESSION_TIMEOUT_SECONDS = 60
"""How long the server keeps a session whose connection was cut off (Flet's default: an
hour), for a phone that comes back from a dead spot in the Wi-Fi; Flet sweeps expired
sessions now and then. FLET_SESSION_TIMEOUT overrides it. A tab that closed its socket
itself never comes back: its session is deleted at once
(flet_internals.delete_sessions_of_closed_tabs).

Everything worth keeping is in the database, so a tab that comes back later simply gets a
new session on the same screen."""
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
"""What the client's fast renderer needs on every response (Flet's own middleware also
opens CORS to every origin; Trickpad does not, see web_guard)."""


def client_cache_dir() -> Path:
    """Compressed copies of this install's web client (one folder per flet-web install)."""
    web_dir = flet_web.get_package_web_dir()
    install = hashlib.sha256(str(web_dir).encode()).hexdigest()[:12]
    return Path(user_cache_dir("trickpad", "trickpad")) / f"web-client-{flet_web_version}-{install}"


@dataclass(frozen=True)
class Uploads:
    """Where picked files arrive by HTTP upload, and the largest one the route takes.

    A picked file's bytes sent over the WebSocket would be one message, and uvicorn drops
    the connection at a message over 16 MiB: larger files come this way instead
    (views.shell.services.FilePickerFiles). The addresses are signed with a key made anew at
    each start, so only a session of this server can hand one out."""

    folder: Path
    max_bytes: int


def web_app(
    main: Callable[[ft.Page], Awaitable[None]],
    assets_dir: Path,
    app_name: str,
    app_description: str,
    on_first_run: Callable[[], None] = lambda: None,
    on_cache_error: Callable[[OSError], None] = lambda _: None,
    uploads: "Uploads | None" = None,
) -> ASGIApp:
    """Flet's app for `main` (title and iOS title `app_name`), its client compressed, its
    sockets closed unless they become sessions (socket_guard), and Flet's upload route
    (PUT /upload, signed addresses) when `uploads` is given."""
    drop_answers_to_earlier_servers()
    delete_sessions_of_closed_tabs()
    keep_sessions_while_they_start()
    take_turns_per_connection()
    app = flet_web.fastapi.app(
        main,
        assets_dir=str(assets_dir),
        app_name=app_name,
        app_description=app_description,
        no_cdn=True,
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,
        upload_dir=str(uploads.folder) if uploads else None,
        max_upload_size=uploads.max_bytes if uploads else None,
        secret_key=secrets.token_urlsafe(32) if uploads else None,
    )
    variants = client_variants(assets_dir, on_first_run, on_cache_error)
    return CompressedClient(registering(app), variants, ISOLATION_HEADERS)


def client_variants(
    assets_dir: Path,
    on_first_run: Callable[[], None] = lambda: None,
    on_cache_error: Callable[[OSError], None] = lambda _: None,
) -> dict[str, dict[str, Variant]]:
    """The compressed copies of the web client, made now if this install has none yet, with
    the Material icon font cut to the icons the screens draw.

    Without a writable cache folder the client is served as Flet serves it (uncompressed):
    slower on the first visit, never a reason not to start."""
    web_dir, cache_dir = Path(flet_web.get_package_web_dir()), client_cache_dir()
    try:
        fonts = icon_fonts(web_dir, cache_dir / "icon-fonts")
        compressed = prepare(web_dir, cache_dir, [assets_dir], on_first_run, fonts.replacements)
        unused = UNUSED_FONT_FAMILIES + fonts.unused_families
        return compressed | lean_font_manifest(web_dir, cache_dir, unused, FONTS)
    except OSError as error:
        on_cache_error(error)
        return {}
