"""The server's door: foreign origins, unknown host names and hidden files are refused,
security headers are sent, and connections through the share are marked."""

import asyncio
from urllib.parse import unquote

import httpx
import pytest
from starlette.types import ASGIApp

from main import ASSETS_DIR
from serving.web_app import web_app
from serving.web_guard import SHARE_MARK, guarded
from views.shell.fonts import FONTS


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


TRICKY_PATHS = [
    "/make_fonts.py/",
    "/make_fonts.py%2f",
    "/make_fonts.py%2F",
    "/make_fonts.py//",
    "/make_fonts%2epy",
    "/make_fonts%252epy",
    "/make_fonts.PY",
    "/Make_Fonts.Py",
    "/make_fonts.py.",
    "/make_fonts.py%20",
    "//make_fonts.py",
    "/./make_fonts.py",
    "/fonts/../make_fonts.py",
    "/fonts/%2e%2e/make_fonts.py",
    "/fonts/%2E%2E%2Fmake_fonts.py",
    "/fonts%5c..%5cmake_fonts.py",
    "/icons/..%2f..%2fmake_icon.py",
    "/.env/",
    "/%2eenv",
    "/fonts/.hidden",
    "/docs/",
    "/DOCS",
    "//docs",
    "/openapi.json/",
    "/Redoc",
]
"""Spellings of a source file, a hidden file or an API page that some file server or
router would still read as that file (as the browser sends them: percent-encoded)."""


@pytest.fixture(scope="module")
def trickpad_app() -> ASGIApp:
    """The app as main.py serves it: Flet's static files and routes behind the door."""

    async def nothing(page: object) -> None:
        pass

    return guarded(web_app(nothing, ASSETS_DIR, "Trickpad", "a score pad"))


def raw_get(app: ASGIApp, target: str) -> tuple[int, bytes]:
    """GET `target` exactly as written (no client tidies it), decoded as uvicorn does."""
    raw_path, _, query = target.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": unquote(raw_path),
             "raw_path": raw_path.encode(), "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8550")], "client": ("127.0.0.1", 5000),
             "server": ("127.0.0.1", 8550)}  # fmt: skip
    status, body, requests = 0, b"", [{"type": "http.request", "body": b""}]

    async def exchange() -> None:
        answered = asyncio.Event()

        async def receive() -> dict:
            if requests:
                return requests.pop()
            await answered.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            nonlocal status, body
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                body += message.get("body", b"")
                if not message.get("more_body"):
                    answered.set()

        await app(scope, receive, send)

    asyncio.run(exchange())
    return status, body


@pytest.mark.parametrize("target", TRICKY_PATHS)
def test_no_spelling_of_a_hidden_path_is_served(trickpad_app: ASGIApp, target: str) -> None:
    status, body = raw_get(trickpad_app, target)
    assert status == 404, (status, body[:200])
    assert b"import" not in body


@pytest.mark.parametrize(
    "target", ["/", "/icons/icon-192.png", f"/{FONTS['Trickpad Symbols']}", "/game/AB12"]
)
def test_the_apps_own_files_and_routes_are_still_served(trickpad_app: ASGIApp, target: str) -> None:
    assert raw_get(trickpad_app, target)[0] == 200


def test_the_source_files_the_tricky_paths_name_exist() -> None:
    """Else the refusals above would prove nothing."""
    assert (ASSETS_DIR / "make_fonts.py").is_file() and (ASSETS_DIR / "make_icon.py").is_file()
