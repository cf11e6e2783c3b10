"""What a connection may hold of the server before it is a request: a few seconds, and a
share of the open files.

1,500 silent plain and 1,500 silent TLS connections to the share's port were all kept: the
TLS ones until the attacker left, and with them 860 MB of the server's memory; at the usual
limit of 1,024 open files the host's own screen then took 53 s to open (issue 40). Now:

- A TLS handshake not done within `HANDSHAKE_WITHIN_SECONDS` is dropped (asyncio's own
  bound, 60 s, made shorter: `bound_tls_handshakes`).
- A connection whose request (its line and headers) is not complete within
  `REQUEST_WITHIN_SECONDS` of its start, or of the end of its previous response, is closed
  (uvicorn waits for a first request for good, and a started one cancels its keep-alive
  timeout).
- One address holds at most `PER_ADDRESS` connections of a listener at once, the share's
  listener at most its share of the open files (`share_of_open_files`); a connection over
  either is closed as it is accepted, before its TLS handshake (`CountingSocket`). A
  connection counts until it closes, a WebSocket's too.
- The server raises its open-files limit to what the system allows (`raise_open_files_limit`)
  and keeps `FILES_KEPT_FOR_HOST` of them out of the share's reach: the host's own screen
  opens whatever the share's port is going through.
"""

import asyncio
import resource
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HANDSHAKE_WITHIN_SECONDS = 10.0
REQUEST_WITHIN_SECONDS = 10.0
"""A phone on a slow network (0.6 s between its packets: tests/server/test_silent.py) sends
its handshake and request within about 6 s; a browser sends its request at once."""
PER_ADDRESS = 32
"""A phone's browser opens at most six connections to a server, and one WebSocket a tab."""
FILES_KEPT_FOR_HOST = 256
"""Open files the share's listener leaves to the rest: the host's screens, the store."""


def raise_open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; the soft limit now.

    Linux starts most processes at 1,024 open files, where the system allows far more: one
    socket is one file, and the share's silent connections used them all."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # a system that refuses: go on with the soft limit
            return soft
        return hard
    return soft


def share_of_open_files(limit: int) -> int:
    """How many connections the share's listener may hold with `limit` open files."""
    return max(PER_ADDRESS, limit - FILES_KEPT_FOR_HOST)


class ConnectionBook:
    """The connections one listener holds open, by their peer's address: each the socket it
    accepted, forgotten once closed (its `fileno()` is then -1)."""

    def __init__(self, per_address: int | None = None, most: int | None = None) -> None:
        self._per_address = per_address
        self._most = most
        self._by_address: dict[str, list[socket.socket]] = {}
        self._open = 0

    def admit(self, conn: socket.socket, address: str) -> bool:
        """Note a connection just accepted from `address`; False (and not noted) if it is one
        too many."""
        held = self._still_open(address)
        if self._most is not None and self._open >= self._most:
            for other in list(self._by_address):
                self._still_open(other)
        if (self._per_address is not None and len(held) >= self._per_address) or (
            self._most is not None and self._open >= self._most
        ):
            return False
        self._by_address.setdefault(address, []).append(conn)
        self._open += 1
        return True

    def _still_open(self, address: str) -> list[socket.socket]:
        held = [conn for conn in self._by_address.get(address, []) if conn.fileno() != -1]
        self._open -= len(self._by_address.get(address, [])) - len(held)
        if held:
            self._by_address[address] = held
        else:
            self._by_address.pop(address, None)
        return held


class CountingSocket(socket.socket):
    """A listening socket that hands asyncio only the connections its book admits, and
    closes the others as they are accepted: before a TLS handshake or a request could
    cost anything."""

    book: ConnectionBook

    def accept(self) -> tuple[socket.socket, Any]:
        while True:
            conn, address = super().accept()  # BlockingIOError once none waits: asyncio's cue
            host = address[0] if isinstance(address, tuple) else ""
            if self.book.admit(conn, host):
                return conn, address
            conn.close()


def counting(sock: socket.socket, book: ConnectionBook) -> CountingSocket:
    """`sock` (listening; unusable afterwards) as a CountingSocket keeping `book`."""
    counted = CountingSocket(sock.family, sock.type, sock.proto, fileno=sock.detach())
    counted.book = book
    return counted


class BoundedHTTP(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for each request's line and headers."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's own signature
        super().connection_made(transport)
        self._await_request()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._deadline is not None and self.conn.their_state is not h11.IDLE:
            self._deadline.cancel()  # the request's line and headers are complete
            self._deadline = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_request()  # the next request on the same connection

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self._deadline is not None:
            self._deadline.cancel()

    def _await_request(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(REQUEST_WITHIN_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.IDLE:
            self.transport.abort()


def bound_tls_handshakes(loop: asyncio.AbstractEventLoop) -> None:
    """Make every TLS server `loop` creates from now on drop a handshake not done within
    HANDSHAKE_WITHIN_SECONDS. uvicorn offers no such setting, and asyncio's 60 s kept 1,500
    silent connections (and their buffers) for a minute at a time."""
    create: Callable[..., Awaitable[asyncio.Server]] = loop.create_server

    async def create_server(*args: Any, **kwargs: Any) -> asyncio.Server:
        if kwargs.get("ssl") is not None:
            kwargs.setdefault("ssl_handshake_timeout", HANDSHAKE_WITHIN_SECONDS)
        return await create(*args, **kwargs)

    loop.create_server = create_server  # type: ignore[method-assign]  # this loop's servers only
