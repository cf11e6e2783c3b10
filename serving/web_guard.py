"""The door of Trickpad's web server: only the app's own pages may talk to it.

- A request whose Origin is not the address it was sent to is refused (403) before it
  reaches Flet, and a WebSocket must name the app's own origin: a page from anywhere else
  can neither read nor change a game through a visitor's browser.
- The address must be an IP address or `localhost`: a name that some other site points at
  this computer (DNS rebinding) is refused.
- Flet's API pages (/docs, /openapi.json, /redoc), source files and hidden files are not
  served, however the path is spelled (see `decided_path`).
- A request with more headers than a browser sends is refused (431).
- Every response carries the usual security headers, and CORS stays closed (Flet's own
  `Access-Control-Allow-Origin: *` is removed).
- Each connection's peer (peers.CURRENT_PEER) is noted from the listener it arrived on and
  the transport's address: the session's rights come from it, never from the page. A
  connection through the table share also has its client address marked, so Flet's session
  ids (hashed from it) never let a phone resume the host's session.
"""

import ipaddress
import posixpath
from urllib.parse import unquote, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sharing.table_share.connections import CURRENT_PEER, Peer, is_secure

SHARE_MARK = "share:"
"""Put before the client address Flet sees for a connection through the share."""
HIDDEN_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/openapi.json", "/redoc"})
HIDDEN_SUFFIXES = (".py", ".pyc")
MAX_HEADERS = 100
"""More headers than a browser sends by far: refused with 431. Their total size is
bounded before they reach the app (server.MAX_HEADER_BYTES)."""
# Flutter's web client: its own code and wasm, inline start-up script, fonts and images
# from this server, and the WebSocket back to it.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' blob:",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self' ws: wss:",
        "worker-src 'self' blob:",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}


def guarded(app: ASGIApp, *, via_share: bool = False) -> ASGIApp:
    """`app` behind the door described above; `via_share` marks the share's listener."""

    async def door(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        refusal = _refusal(scope)
        if refusal is not None:
            await _refuse(scope, receive, send, refusal)
            return
        address, port = scope.get("client") or ("", 0)
        # Set in this connection's own task: what Flet starts for it inherits the value.
        CURRENT_PEER.set(Peer(address, via_share, secure=is_secure(_own_origin(scope))))
        if via_share:
            scope = {**scope, "client": (f"{SHARE_MARK}{address}", port)}
        await app(scope, receive, _with_security_headers(send))

    return door


def _refusal(scope: Scope) -> str | None:
    if len(scope["headers"]) > MAX_HEADERS:
        return "too many headers"
    headers = Headers(scope=scope)
    host = headers.get("host", "")
    if not _is_own_name(host):
        return "unknown host"
    path = decided_path(scope["path"])
    if path in HIDDEN_PATHS or _hidden_file(path):
        return "not found"
    origin = headers.get("origin")
    if origin is None:
        return "no origin" if scope["type"] == "websocket" else None
    return None if origin == _own_origin(scope) else "foreign origin"


def _own_origin(scope: Scope) -> str:
    """The origin of the app's pages as the request addresses them (scheme and Host)."""
    secure = scope.get("scheme") in ("https", "wss")
    return f"{'https' if secure else 'http'}://{Headers(scope=scope).get('host', '')}"


def _is_own_name(host: str) -> bool:
    """Whether the Host header names this computer by address (or as localhost)."""
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def decided_path(path: str) -> str:
    """`path` (as the server decoded it) the way the most lenient file server would read it,
    for the door to decide on: percent-encoding left in it undone (twice-encoded dots and
    slashes too), backslashes read as slashes (Windows), lower case (macOS and Windows
    match names so), and empty, `.` and `..` segments and trailing slashes resolved.

    The static files are looked up after Starlette joins and normalises the segments
    itself: judging only the last part of the raw path let `/make_fonts.py/` and
    `/fonts/../make_fonts.py` through to the source."""
    for _ in range(3):  # an encoding of an encoding of a dot is still not a reason to serve
        decoded = unquote(path)
        if decoded == path:
            break
        path = decoded
    path = path.replace("\\", "/").lower()
    return posixpath.normpath("/" + path.lstrip("/"))


def _hidden_file(path: str) -> bool:
    """Whether any segment of a decided path is hidden (a leading dot) or Python, also with
    the trailing dots and spaces that Windows drops from a file's name."""
    for segment in path.split("/"):
        name = segment.rstrip(". ")
        if segment.startswith(".") or name.endswith(HIDDEN_SUFFIXES):
            return True
    return False


async def _refuse(scope: Scope, receive: Receive, send: Send, reason: str) -> None:
    if scope["type"] == "websocket":
        await receive()  # the connect message
        await send({"type": "websocket.close", "code": 1008, "reason": reason})
        return
    status = {"not found": 404, "too many headers": 431}.get(reason, 403)
    body = reason.encode()
    headers = [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _with_security_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            for name, value in SECURITY_HEADERS.items():
                headers[name] = value
            if "access-control-allow-origin" in headers:
                del headers["access-control-allow-origin"]
        await send(message)

    return sending
