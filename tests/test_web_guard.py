"""The server's door: foreign origins, unknown host names and hidden files are refused,
security headers are sent, and connections through the share are marked."""

import asyncio

import httpx
import pytest

from web_guard import SHARE_MARK, guarded


async def echo_app(scope, receive, send) -> None:
    """Answers with the client address it saw; Flet would add CORS for everyone."""
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": scope["client"][0]})
        await send({"type": "websocket.close", "code": 1000})
        return
    body = scope["client"][0].encode()
    headers = [(b"access-control-allow-origin", b"*"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def get(path: str, *, via_share: bool = False, **headers: str) -> httpx.Response:
    transport = httpx.ASGITransport(app=guarded(echo_app, via_share=via_share))

    async def fetch() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8550") as c:
            return await c.get(path, headers=headers)

    return asyncio.run(fetch())


def websocket(origin: str | None, host: str = "127.0.0.1:8550") -> list[dict]:
    """The messages the app (behind the door) sends to a WebSocket connecting with `origin`."""
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    scope = {"type": "websocket", "path": "/ws", "scheme": "ws", "headers": headers,
             "client": ("127.0.0.1", 5000)}  # fmt: skip
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(guarded(echo_app)(scope, receive, send))
    return sent


def test_the_apps_own_pages_are_served_with_security_headers_and_no_open_cors() -> None:
    response = get("/", origin="http://127.0.0.1:8550")
    assert response.status_code == 200
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert "access-control-allow-origin" not in response.headers
    assert get("/icons/icon-192.png").status_code == 200  # a plain visit sends no Origin


@pytest.mark.parametrize(
    ("path", "headers", "status"),
    [
        ("/", {"origin": "http://evil.example"}, 403),
        ("/", {"origin": "http://127.0.0.1:9999"}, 403),
        ("/", {"host": "rebound.example:8550"}, 403),
        ("/docs", {}, 404),
        ("/openapi.json", {}, 404),
        ("/make_icon.py", {}, 404),
        ("/.env", {}, 404),
    ],
)
def test_foreign_origins_unknown_names_and_hidden_files_are_refused(
    path: str, headers: dict[str, str], status: int
) -> None:
    assert get(path, **headers).status_code == status


def test_a_websocket_must_come_from_the_apps_own_page() -> None:
    assert websocket("http://127.0.0.1:8550")[0]["type"] == "websocket.accept"
    for origin in ("http://evil.example", None):
        [closed] = websocket(origin)
        assert closed["type"] == "websocket.close" and closed["code"] == 1008


def test_connections_through_the_share_are_never_the_hosts() -> None:
    assert get("/").text == "127.0.0.1"
    assert get("/", via_share=True).text == f"{SHARE_MARK}127.0.0.1"
