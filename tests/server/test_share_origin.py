"""The table's server refuses a WebSocket from a page of another origin (a site the phone
happens to have open), and takes one from its own: over raw WebSockets, no browser."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as websocket_connect

from tests.app_server import AppServer, serving

SHARE_ADDRESS = "127.0.0.2"  # the table's "Wi-Fi": another loopback address, another listener


@pytest.fixture
def sharing_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[AppServer]:
    """A server of the test's own that shares games on SHARE_ADDRESS (the browser's table
    in tests/e2e/test_share.py has the same)."""
    args = ["--share", "--share-address", SHARE_ADDRESS]
    with serving(tmp_path / "data", request.node.name, args) as server:
        yield server


def test_a_foreign_origin_gets_no_websocket(sharing_server: AppServer) -> None:
    ws_url = sharing_server.url.replace("http://", "ws://") + "/ws"

    def connect(origin: str) -> str:
        try:
            with websocket_connect(ws_url, origin=origin):
                return "opened"
        except InvalidStatus as refused:
            return f"refused {refused.response.status_code}"

    assert connect("http://evil.example") == "refused 403"
    assert connect(sharing_server.url) == "opened"
