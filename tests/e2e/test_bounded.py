"""What a stranger's socket or request can keep of the server: nothing for long (issue 21).

Against a real `python main.py`, with raw WebSockets speaking Flet's protocol
(tests/e2e/flet_socket.py) and raw HTTP over loopback."""

import asyncio
import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from flet.messaging.protocol import MessageAction
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from serving.socket_guard import POLICY_VIOLATION, REGISTER_WITHIN_SECONDS
from serving.web_guard import MAX_HEADERS
from tests.e2e.conftest import AppServer
from tests.e2e.flet_socket import FLET_FRAME, FletPhone, frame
from tests.test_web_guard import TRICKY_PATHS
from views.shell.i18n import t

PATIENCE = 60.0
"""Every wait for the server: far beyond anything it needs, so a busy machine cannot fail a
test; a server that never does it fails all the same."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[AppServer]:
    """The app with Flet's log on: it says when a connection's handler object is freed."""
    server = AppServer(tmp_path / "data", env={"FLET_LOG_LEVEL": "info"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def open_socket(server: AppServer) -> ClientConnection:
    ws_url = "ws" + server.url.removeprefix("http") + "/ws"
    return await connect(ws_url, origin=server.url, open_timeout=PATIENCE)


async def closed_code(ws: ClientConnection) -> int | None:
    """The close code the server sends, waiting for it (at most PATIENCE seconds)."""
    with pytest.raises(ConnectionClosed) as closed:
        async with asyncio.timeout(PATIENCE):
            while True:
                await ws.recv()
    return closed.value.rcvd.code if closed.value.rcvd else None


def handlers_freed(server: AppServer) -> tuple[int, int]:
    """(Flet connection handlers made, handlers freed), from Flet's log."""
    lines = list(server.output)
    return (
        sum("New FletApp:" in line for line in lines),
        sum("FletApp was garbage collected" in line for line in lines),
    )


def wait_until_all_freed(server: AppServer, made: int) -> None:
    deadline = time.monotonic() + PATIENCE
    while handlers_freed(server) != (made, made) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert handlers_freed(server) == (made, made), "".join(server.output[-30:])


def test_a_silent_socket_is_closed_and_its_handler_freed(server: AppServer) -> None:
    async def silent() -> tuple[int | None, float]:
        ws = await open_socket(server)
        started = time.monotonic()
        return await closed_code(ws), time.monotonic() - started

    code, waited = asyncio.run(silent())
    assert code == POLICY_VIOLATION
    assert waited >= REGISTER_WITHIN_SECONDS * 0.9  # not before its time was up
    wait_until_all_freed(server, made=1)


@pytest.mark.parametrize(
    "first",
    [
        "a text frame",
        b"\x00\xc1",  # not msgpack
        b"\x07",  # an unknown packet type
        frame(MessageAction.CONTROL_EVENT, {"target": 1, "name": "click", "data": None}),
        frame(MessageAction.REGISTER_CLIENT, {"session_id": None}),  # not all Flet wants
    ],
    ids=["text", "bad-msgpack", "unknown-type", "event-first", "short-registration"],
)
def test_a_socket_whose_first_frame_is_no_registration_is_closed_at_once(
    server: AppServer, first: str | bytes
) -> None:
    async def bad() -> tuple[int | None, float]:
        ws = await open_socket(server)
        started = time.monotonic()
        await ws.send(first)
        return await closed_code(ws), time.monotonic() - started

    code, waited = asyncio.run(bad())
    assert code == POLICY_VIOLATION
    assert waited < REGISTER_WITHIN_SECONDS  # for the frame, not for the deadline
    wait_until_all_freed(server, made=1)


def test_a_socket_gone_before_registering_leaves_no_handler(server: AppServer) -> None:
    async def gone() -> None:
        ws = await open_socket(server)
        await ws.close()

    asyncio.run(gone())
    wait_until_all_freed(server, made=1)


def test_a_session_that_sends_a_bad_frame_is_disconnected_and_others_go_on(
    server: AppServer,
) -> None:
    async def session() -> None:
        phone, other = FletPhone(server.url), FletPhone(server.url)
        await phone.open(shows=t("game.wizard"))
        await other.open(shows=t("game.wizard"))
        await phone.send(FLET_FRAME + b"\xc1")  # not msgpack
        await phone.wait_closed(PATIENCE)
        await other.send(frame(MessageAction.UPDATE_CONTROL_PROPS, {"id": 1, "props": {}}))
        await other.close()

    asyncio.run(session())


def header_flood(server: AppServer, sent_at_most: int) -> tuple[int, bytes]:
    """Send one request whose header never ends, until the server stops reading it; the
    bytes sent by then and what the server answered."""
    host, port = "127.0.0.1", server.port
    sent, chunk = 0, b"a" * 4096
    with socket.create_connection((host, port), timeout=PATIENCE) as conn:
        conn.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nX-Endless: ".encode())
        with contextlib.suppress(OSError):  # reset or broken pipe: the server closed it
            while sent < sent_at_most:
                conn.sendall(chunk)
                sent += len(chunk)
        answer = b""
        with contextlib.suppress(OSError):
            while part := conn.recv(65536):
                answer += part
    return sent, answer


def test_an_endless_header_is_refused_and_the_server_goes_on_answering(
    server: AppServer,
) -> None:
    limit = 4 * 1024 * 1024  # what the server would keep without a limit, and more
    sent, answer = header_flood(server, sent_at_most=limit)
    assert sent < limit, "the server kept reading an endless header"
    assert answer.startswith(b"HTTP/1.1 400"), answer[:100]
    assert httpx.get(server.url, timeout=PATIENCE).status_code == 200


def test_a_request_with_too_many_headers_is_refused(server: AppServer) -> None:
    many = {f"x-extra-{n}": "1" for n in range(MAX_HEADERS + 1)}
    assert httpx.get(server.url, headers=many, timeout=PATIENCE).status_code == 431
    assert httpx.get(server.url, timeout=PATIENCE).status_code == 200


def raw_status(server: AppServer, target: str) -> tuple[int, bytes]:
    """GET `target` byte for byte over a raw socket (HTTP clients tidy dot segments)."""
    request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE) as conn:
        conn.sendall(request.encode())
        answer = b""
        while part := conn.recv(65536):
            answer += part
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_the_real_server_serves_no_spelling_of_its_source(server: AppServer) -> None:
    """The same tricky paths as in tests/test_web_guard.py, sent to one real server."""
    served = {}
    for target in TRICKY_PATHS:
        status, body = raw_status(server, target)
        if status != 404 or b"import" in body:
            served[target] = (status, body[:100])
    assert not served
    assert raw_status(server, "/icons/icon-192.png")[0] == 200
