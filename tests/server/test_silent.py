"""Connections that never become a request cost the server a few seconds and nothing after
(issue 40, item 2): against one real `main.py --share` over raw sockets, each test from
loopback addresses of its own (the share's listener counts connections by address), so
none depends on another.

The server is started with a soft limit of open files below its hard one, as most systems
start a process, to see it raise its own."""

import contextlib
import itertools
import resource
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from serving.connection_limits import (
    HANDSHAKE_WITHIN_SECONDS,
    PER_ADDRESS,
    REQUEST_WITHIN_SECONDS,
)
from tests.app_server import AppServer

SHARE_ADDRESS = "127.0.0.2"  # the table's "Wi-Fi": another loopback address, another listener
PATIENCE = 60.0
MIB = 1024 * 1024
MEMORY_BOUND = 50 * MIB
"""What the issue allows the server to keep after the connections close (it kept 860 MB)."""
LOW_SOFT_LIMIT = 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lowered = min(LOW_SOFT_LIMIT, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (lowered, hard))  # the server inherits it
    app = AppServer(
        tmp_path_factory.mktemp("silent") / "data",
        args=["--share", "--share-address", SHARE_ADDRESS],
    )
    try:
        app.start()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        yield app
    finally:
        app.stop()


def tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False  # the share's certificate is the host's own
    context.verify_mode = ssl.CERT_NONE
    return context


def connect(server: AppServer, source: str, *, share: bool = True) -> socket.socket:
    """A TCP connection to the share's listener (or the host's) from loopback address
    `source`."""
    host = SHARE_ADDRESS if share else "127.0.0.1"
    return socket.create_connection(
        (host, server.port), timeout=PATIENCE, source_address=(source, 0)
    )


def handshaken(server: AppServer, source: str) -> ssl.SSLSocket:
    return tls().wrap_socket(connect(server, source), server_hostname=SHARE_ADDRESS)


def seconds_until_closed(conn: socket.socket) -> float:
    """Wait (at most PATIENCE) for the server to close `conn`; the seconds it took."""
    started = time.monotonic()
    with contextlib.suppress(OSError), conn:  # a reset is a close too
        while conn.recv(4096):
            pass
    return time.monotonic() - started


def get(conn: socket.socket, host: str) -> int:
    """GET / on `conn`; the status of the answer."""
    conn.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    return int(conn.recv(4096).split(b" ")[1])


def test_the_server_raises_its_open_files_limit_to_the_hard_one(server: AppServer) -> None:
    assert server.process is not None
    limits = Path(f"/proc/{server.process.pid}/limits").read_text(encoding="ascii")
    soft, hard = next(
        line.split()[3:5] for line in limits.splitlines() if line.startswith("Max open files")
    )
    assert soft == hard


def test_connections_that_say_nothing_are_closed_after_a_few_seconds(server: AppServer) -> None:
    silent: list[tuple[str, Callable[[], socket.socket], float]] = [
        ("plain", lambda: connect(server, "127.0.1.1", share=False), REQUEST_WITHIN_SECONDS),
        ("TLS, no handshake", lambda: connect(server, "127.0.1.2"), HANDSHAKE_WITHIN_SECONDS),
        ("TLS, no request", lambda: handshaken(server, "127.0.1.3"), REQUEST_WITHIN_SECONDS),
    ]  # fmt: skip
    with ThreadPoolExecutor(len(silent)) as pool:
        waited = list(pool.map(lambda case: seconds_until_closed(case[1]()), silent))
    for (name, _, within), seconds in zip(silent, waited, strict=True):
        assert within * 0.9 <= seconds < within + 5, f"{name}: closed after {seconds:.1f} s"


def test_a_request_that_never_ends_is_closed_too(server: AppServer) -> None:
    """Slowloris: a header line every second, never the blank line that ends them."""
    conn = handshaken(server, "127.0.1.4")
    conn.sendall(f"GET / HTTP/1.1\r\nHost: {SHARE_ADDRESS}\r\n".encode())
    started = time.monotonic()
    with contextlib.suppress(OSError):
        while time.monotonic() - started < PATIENCE:
            conn.sendall(b"X-Slow: 1\r\n")
            time.sleep(1.0)  # the attacker's pace, not a wait for the server
    assert time.monotonic() - started < REQUEST_WITHIN_SECONDS + 5


class SlowNetwork:
    """A relay that holds every chunk `delay` seconds each way: a phone at the far end of
    a busy Wi-Fi (round trips of twice `delay`)."""

    def __init__(self, target: tuple[str, int], delay: float) -> None:
        self._target, self._delay = target, delay
        self._listener = socket.create_server(("127.0.1.5", 0))
        self.address = self._listener.getsockname()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                phone, _ = self._listener.accept()
                server = socket.create_connection(self._target, source_address=("127.0.1.5", 0))
                for a, b in ((phone, server), (server, phone)):
                    threading.Thread(target=self._carry, args=(a, b), daemon=True).start()

    def _carry(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                time.sleep(self._delay)  # the network's latency
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self._listener.close()


PIECES = 10


def test_a_phone_on_a_slow_network_still_connects(server: AppServer) -> None:
    """Round trips of 0.6 s (a crowded Wi-Fi's worst), its request's headers in ten pieces
    0.6 s apart: the request takes 6 s of its 10 (counted from the handshake's end)."""
    network = SlowNetwork((SHARE_ADDRESS, server.port), delay=0.3)
    try:
        started = time.monotonic()
        raw = socket.create_connection(network.address, timeout=PATIENCE)
        conn = tls().wrap_socket(raw, server_hostname=SHARE_ADDRESS)
        request = f"GET / HTTP/1.1\r\nHost: {SHARE_ADDRESS}:{server.port}\r\n\r\n".encode()
        cuts = [len(request) * n // PIECES for n in range(PIECES + 1)]
        pieces = [request[a:b] for a, b in itertools.pairwise(cuts)]
        for piece in pieces:
            conn.sendall(piece)
            time.sleep(0.6)  # the phone's pace
        status = int(conn.recv(4096).split(b" ")[1])
        took = time.monotonic() - started
        conn.close()
    finally:
        network.close()
    assert status == 200
    assert took > PIECES * 0.6, took  # slow enough to mean something


def test_one_address_holds_a_bounded_number_of_connections(server: AppServer) -> None:
    """Counted from the connection's start, before any TLS handshake."""
    held = [connect(server, "127.0.2.1") for _ in range(PER_ADDRESS)]
    try:
        over = connect(server, "127.0.2.1")  # closed as it is accepted
        assert seconds_until_closed(over) < REQUEST_WITHIN_SECONDS * 0.5
        with handshaken(server, "127.0.2.2") as other:  # another phone is served meanwhile
            assert get(other, SHARE_ADDRESS) == 200
        for conn in held:  # each still open: its handshake and request are answered
            tls_conn = tls().wrap_socket(conn, server_hostname=SHARE_ADDRESS)
            assert get(tls_conn, SHARE_ADDRESS) == 200
    finally:
        for conn in held:
            conn.close()


def silent_crowd(server: AppServer, addresses: int, first: int) -> None:
    """From each of `addresses` loopback addresses, PER_ADDRESS silent connections: half of
    them TLS connections that say nothing after their handshake, half never beginning one;
    returns once the server has closed them all. The host's page is asked for while they
    are open."""
    sources = [f"127.0.{first + n // 250}.{n % 250 + 1}" for n in range(addresses)]
    conns: list[socket.socket] = []
    for source in sources:
        conns += [handshaken(server, source) for _ in range(PER_ADDRESS // 2)]
        conns += [connect(server, source) for _ in range(PER_ADDRESS // 2)]
    with ThreadPoolExecutor(8) as pool:
        closing = pool.map(seconds_until_closed, conns)
        # The host's own address answers meanwhile.
        assert httpx.get(server.url, timeout=PATIENCE).status_code == 200
        list(closing)


@pytest.mark.timeout(300)
def test_the_memory_of_silent_connections_is_given_back(server: AppServer) -> None:
    silent_crowd(server, addresses=4, first=10)  # what the server makes once and keeps
    before = server.rss()
    silent_crowd(server, addresses=24, first=20)  # 768 connections, half of them TLS
    grown = server.rss() - before
    print(f"RSS {before / MIB:.0f} MiB before, {grown / MIB:+.1f} MiB after")
    assert grown < MEMORY_BOUND, f"the server kept {grown / MIB:.1f} MiB"
