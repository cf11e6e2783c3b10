"""Loading the screens in the background, while the first browser compiles Flutter."""

import asyncio
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future

import flet as ft
from starlette.types import ASGIApp, Receive, Scope, Send

from serving.memory import SWEEPER, keep_out_of_collections

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

    Loading them holds Python's lock for most of its processor time. Started with the
    server, it slowed every file the browser was fetching (bench/ui_bench.py's cold start):
    the server's loop waited for the lock at each step. So the thread starts once the
    client's program has been sent, when a session comes first (a browser that kept the
    client), or `at_latest` seconds after the start."""

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
        SWEEPER.sweep_after(page)

    def after_client_program(self, app: ASGIApp) -> ASGIApp:
        """`app`, starting to load once it has answered a request for the client's program
        (the file sent, or Not Modified)."""

        async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
            await app(scope, receive, send)
            if scope["type"] == "http" and scope["path"] in CLIENT_PROGRAM:
                self.load_now()

        return wrapped
