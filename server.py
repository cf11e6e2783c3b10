"""Serving Trickpad: Flet's web app on a socket of our own, its client compressed.

`ft.run` binds its port itself (too late to report a clash clearly, and without a way to
take a port that only old connections still mention), keeps a closed tab's session for an
hour and serves its client uncompressed. This module builds the same FastAPI app with
`flet_web.fastapi.app` and serves it with uvicorn on a socket bound here.
"""

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import hashlib
import inspect
import logging
import os
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft
import flet_web
import flet_web.fastapi
import uvicorn
from flet.messaging.session import Session
from flet_web.fastapi.flet_app_manager import app_manager
from flet_web.version import version as flet_web_version
from platformdirs import user_cache_dir
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from compressed_client import (
    UNUSED_FONT_FAMILIES,
    CompressedClient,
    Variant,
    lean_font_manifest,
    prepare,
)
from icon_font import icon_fonts
from socket_guard import closed_by_client, registering

if TYPE_CHECKING:  # cryptography takes a tenth of a start to import: only for --share
    from certificate import CertificateFiles

SESSION_TIMEOUT_SECONDS = 60
"""How long the server keeps a session whose connection was cut off (Flet's default: an
hour), for a phone that comes back from a dead spot in the Wi-Fi; Flet sweeps expired
sessions every 10 s. FLET_SESSION_TIMEOUT overrides it. A tab that closed its socket itself
never comes back: its session is deleted at once (`delete_sessions_of_closed_tabs`).

Everything worth keeping is in the database, so a tab that comes back later simply gets a
new session on the same screen."""
MAX_HEADER_BYTES = 16 * 1024
"""The most a request's line and headers may take (uvicorn's h11 parser refuses the rest with
400 and closes), far more than a browser's requests take. httptools, uvicorn's default
parser, enforces no limit: it kept an endless header in memory (tests/e2e/test_bounded.py)."""
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
"""What the client's fast renderer needs on every response (Flet's own middleware also
opens CORS to every origin; Trickpad does not, see web_guard)."""


def listen_socket(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0: a free port). OSError if it cannot listen.

    SO_REUSEADDR lets a restarted server take its port while connections of the stopped
    one linger in TIME_WAIT; a port another server listens on is still refused."""
    family, kind, protocol, _, address = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, protocol)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def client_cache_dir() -> Path:
    """Compressed copies of this install's web client (one folder per flet-web install)."""
    web_dir = flet_web.get_package_web_dir()
    install = hashlib.sha256(str(web_dir).encode()).hexdigest()[:12]
    return Path(user_cache_dir("trickpad", "trickpad")) / f"web-client-{flet_web_version}-{install}"


AppMain = Callable[[ft.Page], Awaitable[None]]
"""A session's entry: it asks the device for its choices before it draws."""


CLIENT_PROGRAM = frozenset({"/main.dart.wasm", "/main.dart.js"})
"""The Flutter client's program, as WebAssembly or, for browsers without WasmGC, as
JavaScript: the last and largest file a browser fetches before it compiles and starts
Flutter, which needs nothing more from the server for a while."""
LOAD_AT_LATEST_SECONDS = 2.0
"""A server that no browser has asked for the client's program yet loads its screens this
long after it starts all the same."""


class ScreensLoader:
    """The screens, imported by a thread of their own while the first browser compiles
    Flutter; a session that comes before they are loaded waits for them.

    Loading them takes about 0.25 s of processor time and holds Python's lock most of it.
    Started with the server, it slowed every file the browser was fetching (the first
    answer came 0.2 s later): the server's loop waited for the lock at each step. So the
    thread starts once the client's program has been sent, when a session comes first (a
    browser that kept the client), or `at_latest` seconds after the start."""

    def __init__(
        self, load: Callable[[], AppMain], at_latest: float = LOAD_AT_LATEST_SECONDS
    ) -> None:
        self._load = load
        self._loaded: Future[AppMain] = Future()
        self._wanted = threading.Event()
        threading.Thread(
            target=self._work, args=(at_latest,), name="load-screens", daemon=True
        ).start()

    def load_now(self) -> None:
        """Start loading, unless it has started (from any thread)."""
        self._wanted.set()

    def _work(self, at_latest: float) -> None:
        self._wanted.wait(at_latest)
        try:
            main = self._load()
        except BaseException as error:
            self._loaded.set_exception(error)
            return
        keep_out_of_collections()
        self._loaded.set_result(main)

    async def main(self, page: ft.Page) -> None:
        """Flet's per-session entry: the loaded screens' own, as soon as they are loaded."""
        self.load_now()
        await (await asyncio.wrap_future(self._loaded))(page)
        collect_after(page)

    def after_client_program(self, app: ASGIApp) -> ASGIApp:
        """`app`, starting to load once it has answered a request for the client's program
        (the file sent, or Not Modified)."""

        async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
            await app(scope, receive, send)
            if scope["type"] == "http" and scope["path"] in CLIENT_PROGRAM:
                self.load_now()

        return wrapped


def keep_out_of_collections() -> None:
    """Move every object alive now (the modules, the catalogs, Babel's data: what the server
    keeps to its end) out of the garbage collector's sight.

    Python's full collection walks every object it tracks; with what the screens import
    that took about 20 ms, landing now and then on a phone's tap. Frozen, a collection walks
    only what sessions made since (`gc.freeze`). No collection first: it would cost 35 ms
    of the start, and the loading left little garbage."""
    gc.freeze()


GARBAGE_DELAY_SECONDS = 1.0
COLLECTED_MESSAGE = "Collected the garbage of closed sessions"
"""Logged (FLET_LOG_LEVEL=info shows it) after each collection, with the number of memory
blocks Python has in use then: tests wait for it and read it."""
logger = logging.getLogger(__name__)
_collection_pending = False
_handler_tasks: set[asyncio.Future[object]] = set()


def release_free_memory() -> None:
    """Give the C heap's free pages back to the system (glibc only; elsewhere nothing).

    Python frees a session's objects into the heap; without this the process keeps the
    pages for its next peak, and its size says nothing about what it still holds."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)


def collect_after(page: ft.Page) -> None:
    """Free a session's memory soon after Flet closes it.

    A session's controls and hooks refer to each other in cycles that only Python's full
    garbage collection finds, and an idle server may not run one for a long time: closed
    sessions then keep their memory. One collection (coalesced when several sessions close
    together) runs a moment after the close, once Flet has let go of the session."""
    previous = page.on_close

    def on_close(event: ft.Event[ft.Page]) -> None:
        global _collection_pending
        if previous and inspect.isawaitable(result := previous(event)):
            task = asyncio.ensure_future(result)
            _handler_tasks.add(task)
            task.add_done_callback(_handler_tasks.discard)
        if not _collection_pending:
            _collection_pending = True
            asyncio.get_running_loop().call_later(GARBAGE_DELAY_SECONDS, collect)

    def collect() -> None:
        global _collection_pending
        _collection_pending = False
        gc.collect()
        release_free_memory()
        logger.info("%s: %d blocks in use", COLLECTED_MESSAGE, sys.getallocatedblocks())

    page.on_close = on_close


def drop_answers_to_earlier_servers() -> None:
    """Let a session ignore a client's answer to a call it never made.

    A page left open while the server restarts connects to a new session, then delivers
    the answer to a call the old server made (the wake lock, asked just before the
    restart). Flet 1.0.5 treats an answer for a control the session does not have as an
    error that drops the connection, and the page stays blank; here it is dropped, as Flet
    already drops an answer to a call it no longer waits for."""
    handle = Session.handle_invoke_method_results
    if getattr(handle, "drops_unknown_controls", False):
        return

    def handle_known(
        session: Session, control_id: int, call_id: str, result: object, error: str | None
    ) -> None:
        if control_id not in session.index:
            logger.info("Dropped an answer for control %s, unknown here", control_id)
            return
        handle(session, control_id, call_id, result, error)

    handle_known.drops_unknown_controls = True  # type: ignore[attr-defined]
    Session.handle_invoke_method_results = handle_known  # type: ignore[method-assign]


def delete_sessions_of_closed_tabs() -> None:
    """Delete a session as soon as its client closes the socket with a close frame (a tab
    closed, reloaded or sent elsewhere), instead of keeping it for SESSION_TIMEOUT_SECONDS.

    Such a client never resumes the session (a reloaded tab gets a new one on the same
    screen), yet Flet kept each one until its sweep after the timeout: 300 tabs opened and
    closed within a minute were all alive at once, and Python's allocator, which gives
    back only its wholly empty 1 MiB arenas, kept the server 30 MiB bigger for good after
    they were freed (tests/e2e/test_bounded.py). A socket cut off without a close frame
    keeps its session for the timeout."""
    disconnect = app_manager.disconnect_session
    if getattr(disconnect, "deletes_closed_tabs", False):
        return

    async def disconnect_or_delete(session_id: str, session_timeout_seconds: int) -> None:
        await disconnect(session_id, session_timeout_seconds)
        if closed_by_client():
            await app_manager.delete_session(session_id)

    disconnect_or_delete.deletes_closed_tabs = True  # type: ignore[attr-defined]
    app_manager.disconnect_session = disconnect_or_delete  # type: ignore[method-assign]


def web_app(
    main: Callable[[ft.Page], Awaitable[None]],
    assets_dir: Path,
    app_name: str,
    app_description: str,
    on_first_run: Callable[[], None] = lambda: None,
    on_cache_error: Callable[[OSError], None] = lambda _: None,
) -> ASGIApp:
    """Flet's app for `main` (title and iOS title `app_name`), its client compressed and its
    sockets closed unless they become sessions (socket_guard)."""
    drop_answers_to_earlier_servers()
    delete_sessions_of_closed_tabs()
    app = flet_web.fastapi.app(
        main,
        assets_dir=str(assets_dir),
        app_name=app_name,
        app_description=app_description,
        no_cdn=True,
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,
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
        return compressed | lean_font_manifest(web_dir, cache_dir, unused)
    except OSError as error:
        on_cache_error(error)
        return {}


def announcing(app: ASGIApp, on_ready: Callable[[], None]) -> ASGIApp:
    """`app`, calling `on_ready` once it has started (Flet's session manager runs)."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await app(scope, receive, send)
            return

        async def watch(message: Message) -> None:
            await send(message)
            if message["type"] == "lifespan.startup.complete":
                on_ready()

        await app(scope, receive, watch)

    return wrapped


@dataclass(frozen=True)
class Listener:
    """One socket the app is served on: plain HTTP, or HTTPS with `tls` (the table share)."""

    app: ASGIApp
    sock: socket.socket
    tls: "CertificateFiles | None" = None


def serve(listeners: Sequence[Listener], on_ready: Callable[[], None]) -> None:
    """Serve every listener until SIGINT or SIGTERM, then close open connections within a
    few seconds. The first listener runs the app's start-up and shut-down (Flet's session
    manager); when any listener stops, all do.

    FLET_LOG_LEVEL (e.g. "info") shows Flet's own log, as it does under `ft.run`."""
    if level := os.environ.get("FLET_LOG_LEVEL"):
        logging.basicConfig(level=level.strip().upper())
    servers = [
        uvicorn.Server(
            uvicorn.Config(
                announcing(listener.app, on_ready) if first else listener.app,
                lifespan="on" if first else "off",
                log_level="warning",
                ws="websockets-sansio",
                http="h11",
                h11_max_incomplete_event_size=MAX_HEADER_BYTES,
                timeout_graceful_shutdown=3,
                ssl_certfile=listener.tls.certificate if listener.tls else None,
                ssl_keyfile=listener.tls.key if listener.tls else None,
            )
        )
        for first, listener in zip((True, *[False] * (len(listeners) - 1)), listeners, strict=True)
    ]

    async def serve_all() -> None:
        tasks = [
            asyncio.create_task(server.serve(sockets=[listener.sock]))
            for server, listener in zip(servers, listeners, strict=True)
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for server in servers:
            server.should_exit = True
        await asyncio.gather(*tasks)

    asyncio.run(serve_all())
