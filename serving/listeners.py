"""The sockets Trickpad is served on, and uvicorn serving the app on each of them."""

import asyncio
import logging
import os
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import uvicorn
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from serving.connection_limits import BoundedHTTP, ConnectionBook, bound_tls_handshakes, counting

if TYPE_CHECKING:  # cryptography is slow to import (bench/ui_bench.py's cold start): --share
    from serving.certificate import CertificateFiles

MAX_HEADER_BYTES = 16 * 1024
"""The most a request's line and headers may take (uvicorn's h11 parser refuses the rest with
400 and closes), far more than a browser's requests take. httptools, uvicorn's default
parser, enforces no limit: it kept an endless header in memory (tests/e2e/test_bounded.py)."""


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
    """One socket the app is served on: plain HTTP, or HTTPS with `tls` (the table share),
    its open connections in `book` (serving.connection_limits)."""

    app: ASGIApp
    sock: socket.socket
    tls: "CertificateFiles | None" = None
    book: ConnectionBook = field(default_factory=ConnectionBook)


def server_config(listener: Listener, on_ready: Callable[[], None] | None) -> uvicorn.Config:
    """uvicorn's settings for one listener; the one given `on_ready` runs the app's start-up
    and shut-down, and calls it once started."""
    return uvicorn.Config(
        announcing(listener.app, on_ready) if on_ready else listener.app,
        lifespan="on" if on_ready else "off",
        log_level="warning",
        ws="websockets-sansio",
        http=BoundedHTTP,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_graceful_shutdown=3,
        ssl_certfile=listener.tls.certificate if listener.tls else None,
        ssl_keyfile=listener.tls.key if listener.tls else None,
    )


def serve(listeners: Sequence[Listener], on_ready: Callable[[], None]) -> None:
    """Serve every listener until SIGINT or SIGTERM, then close open connections within a
    few seconds. The first listener runs the app's start-up and shut-down (Flet's session
    manager); when any listener stops, all do. Connections that send no request, or no TLS
    handshake, in time are closed, and each listener holds what its book allows.

    FLET_LOG_LEVEL (e.g. "info") shows Flet's own log, as it does under `ft.run`."""
    if level := os.environ.get("FLET_LOG_LEVEL"):
        logging.basicConfig(level=level.strip().upper())
    servers = [
        uvicorn.Server(server_config(listener, on_ready if first else None))
        for first, listener in zip((True, *[False] * (len(listeners) - 1)), listeners, strict=True)
    ]

    async def serve_all() -> None:
        bound_tls_handshakes(asyncio.get_running_loop())
        tasks = [
            asyncio.create_task(server.serve(sockets=[counting(listener.sock, listener.book)]))
            for server, listener in zip(servers, listeners, strict=True)
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for server in servers:
            server.should_exit = True
        await asyncio.gather(*tasks)

    asyncio.run(serve_all())
