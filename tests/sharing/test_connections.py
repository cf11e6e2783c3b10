"""A connection's peer: noted by the server's door from the listener and the transport, and
seen by every task the app starts for that connection (as Flet starts a session's `main`)."""

import asyncio

import httpx
import pytest

from serving.web_guard import guarded
from sharing.table_share.connections import CURRENT_PEER, STRANGER, Peer, is_secure


async def peer_app(scope, receive, send) -> None:
    """Answers with the peer a task of its own sees, the way Flet runs a session."""
    peer = await asyncio.create_task(asyncio.sleep(0, CURRENT_PEER.get()))
    body = f"{peer.address} {peer.via_share} {peer.is_host} {peer.secure}".encode()
    headers = [(b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def peer_seen(
    client: tuple[str, int], *, via_share: bool, page: str = "http://127.0.0.1:8550"
) -> str:
    transport = httpx.ASGITransport(app=guarded(peer_app, via_share=via_share), client=client)

    async def fetch() -> str:
        async with httpx.AsyncClient(transport=transport, base_url=page) as c:
            return (await c.get("/")).text

    return asyncio.run(fetch())


def test_the_door_notes_the_listener_and_the_transports_address() -> None:
    assert peer_seen(("127.0.0.1", 5000), via_share=False) == "127.0.0.1 False True True"
    assert peer_seen(("127.0.0.1", 5000), via_share=True) == "127.0.0.1 True False True"
    assert peer_seen(("192.0.2.20", 5000), via_share=False) == "192.0.2.20 False False True"


def test_the_door_notes_whether_the_page_is_a_secure_context_from_its_address() -> None:
    """Noted as it connects: a session that waits may have lost its connection to ask."""
    phone = ("192.0.2.20", 5000)
    assert peer_seen(phone, via_share=False, page="http://192.0.2.7:8550").endswith(" False")
    assert peer_seen(phone, via_share=True, page="https://192.0.2.7:8551").endswith(" True")


@pytest.mark.parametrize(
    ("peer", "host"),
    [
        (Peer("127.0.0.1", via_share=False), True),
        (Peer("::1", via_share=False), True),
        (Peer("127.0.0.2", via_share=False), True),
        (Peer("127.0.0.1", via_share=True), False),
        (Peer("192.0.2.20", via_share=False), False),
        (Peer("share:127.0.0.1", via_share=False), False),
        (Peer("", via_share=False), False),
        (STRANGER, False),
    ],
)
def test_only_this_computer_on_the_hosts_listener_is_the_host(peer: Peer, host: bool) -> None:
    assert peer.is_host is host


def test_a_connection_nobody_noted_is_a_stranger() -> None:
    assert CURRENT_PEER.get() == STRANGER


@pytest.mark.parametrize(
    ("url", "secure"),
    [
        ("http://127.0.0.1:8550/game/x", True),
        ("http://localhost:8550", True),
        ("http://[::1]:8550", True),
        ("https://192.0.2.7:8550", True),
        ("http://192.0.2.7:8550", False),
        ("http://table.local:8550", False),
    ],
)
def test_a_secure_context_is_https_or_the_computers_own_address(url: str, secure: bool) -> None:
    assert is_secure(url) is secure
