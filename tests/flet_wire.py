"""A Flet client written by hand: it speaks Flet 1.0.5's WebSocket protocol to a real
server the way Flutter's client does, and also the way no honest client would.

It registers, answers the device's questions as a browser does, and can write any page
field (`UPDATE_CONTROL_PROPS` on the page, which Flet applies as it is), send any event or
any bytes at all. Tests use it to play a stranger on the café's Wi-Fi who tells the server
lies about itself, a socket that sends what Flet cannot read, and hundreds of phones: a
Chromium tab costs seconds of the machine's two cores to start Flutter, this client
milliseconds. What the server draws arrives as patches of control trees; `texts` collects
every string in them, so a test can ask whether a name or a screen's title ever reached it.

The wire format: each WebSocket binary frame is a type byte (0 for a protocol message) and
a MessagePack `[action, body]` (flet/messaging/protocol.py, pinned to flet 1.0.5).
"""

import contextlib
import socket
import ssl
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

FLET_FRAME = b"\x00"
"""The first byte of every frame carrying a Flet protocol message (0x01 is a data channel)."""
PAGE_ID = 1
"""The page's control id in every new session (Flet numbers the page first)."""
BROWSER = {"browser_name": "chrome"}


class WireClient:
    """One session of a hand-made client; `url` is the server's address (http or https)."""

    def __init__(self, url: str, languages: tuple[str, ...] = ("en-US",)) -> None:
        secure = url.startswith("https://")
        tls = ssl.create_default_context()
        tls.check_hostname = False  # the table share's certificate is the host's own
        tls.verify_mode = ssl.CERT_NONE
        self._socket: ClientConnection = connect(
            url.replace("http", "ws", 1) + "/ws",
            origin=url,
            ssl=tls if secure else None,
            open_timeout=60,
            max_queue=None,  # keep reading what the server sends while a test only sends
            legacy=True,  # connected here, closed by close()
        )
        self._languages = list(languages)
        self.texts: list[str] = []
        self.patches = 0
        self.session_id: str | None = None
        """The session's id, once the server has answered the registration."""
        self.buttons: dict[str, int] = {}
        """The id of each control with a click handler that was sent, by its label."""

    def close(self) -> None:
        """Close the socket with a close frame, as a tab that is closed does."""
        self._socket.close()

    def cut_off(self) -> None:
        """Drop the connection without a close frame, as a phone in a Wi-Fi dead spot."""
        self._socket.socket.shutdown(socket.SHUT_RDWR)
        self._socket.socket.close()

    def __enter__(self) -> "WireClient":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def send(self, action: MessageAction, body: dict[str, Any]) -> None:
        self._socket.send(frame(action, body))

    def send_bytes(self, data: bytes) -> None:
        """Send one frame as it is, readable by Flet or not."""
        self._socket.send(data)

    def register(self, page: dict[str, Any]) -> None:
        """Ask for a new session with `page` as the client's first snapshot of the page, and
        wait for the answer."""
        snapshot = {"route": "/", "web": True, "width": 390, "height": 844, **page}
        self.send(
            MessageAction.REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": snapshot}
        )
        # As Flutter's client does, nothing more until the server has answered: a socket
        # that sends another frame first is closed (serving.socket_guard).
        self.wait_for(lambda _: self.session_id is not None)

    def patch_page(self, props: dict[str, Any]) -> None:
        """Write page fields, as Flutter's client does for the window's size or the route."""
        self.send(MessageAction.UPDATE_CONTROL_PROPS, {"id": PAGE_ID, "props": props})

    def click(self, control_id: int) -> None:
        """Tap a control, as Flutter's client reports a button's press."""
        self.send(
            MessageAction.CONTROL_EVENT, {"target": control_id, "name": "click", "data": None}
        )

    def go(self, route: str, **forged: Any) -> None:
        """Change the route as the browser's address bar does, writing `forged` fields too."""
        self.patch_page({"route": route, **forged})
        self.send(
            MessageAction.CONTROL_EVENT,
            {"target": PAGE_ID, "name": "route_change", "data": {"route": route}},
        )

    def wait_for(self, shown: Callable[[list[str]], bool], timeout: float = 30.0) -> None:
        """Read what the server sends (answering its questions) until `shown(texts)` holds;
        AssertionError if it does not within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not shown(self.texts):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                last = self.texts[-12:]
                raise AssertionError(f"not shown within {timeout} s; last texts: {last}")
            try:
                data = self._socket.recv(timeout=remaining)
            except TimeoutError:
                continue
            self._take(data)

    def wait_for_text(self, text: str, timeout: float = 30.0) -> None:
        self.wait_for(lambda texts: text in texts, timeout)

    def wait_closed(self, timeout: float = 30.0) -> int | None:
        """Read (answering) until the server closes the socket; the code it closed with.
        TimeoutError if it is still open after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        try:
            while (remaining := deadline - time.monotonic()) > 0:
                with contextlib.suppress(TimeoutError):
                    self._take(self._socket.recv(timeout=remaining))
        except ConnectionClosed:
            return self._socket.close_code
        raise TimeoutError(f"the server kept the socket open for {timeout} s")

    def _take(self, data: str | bytes) -> None:
        assert isinstance(data, bytes) and data[:1] == FLET_FRAME, f"not a message: {data!r}"
        action, body = msgpack.unpackb(
            data[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False
        )
        if action == MessageAction.INVOKE_METHOD.value:
            self._answer(body)
        if action == MessageAction.REGISTER_CLIENT.value:
            self.session_id = body["session_id"]
        if action in (MessageAction.REGISTER_CLIENT.value, MessageAction.PATCH_CONTROL.value):
            self.texts.extend(strings_in(body))
            self.buttons.update(buttons_in(body))
            self.patches += action == MessageAction.PATCH_CONTROL.value
        if action == MessageAction.SESSION_CRASHED.value:
            self.texts.append(body["message"])  # what Flet's client shows instead of the page

    def _answer(self, call: dict[str, Any]) -> None:
        """A browser's answers: its languages, an empty localStorage, nothing else; and a
        route the server pushes is gone to, as Flutter's client does."""
        if call["name"] == "get_device_info":
            locales = [{"language_code": tag.split("-")[0]} for tag in self._languages]
            result: Any = {**BROWSER, "languages": self._languages, "locales": locales}
        else:
            result = None
        self.send(
            MessageAction.INVOKE_METHOD,
            {
                "control_id": call["control_id"],
                "call_id": call["call_id"],
                "result": result,
                "error": None,
            },
        )
        if call["name"] == "push_route":
            self.go(call["args"]["route"])


def frame(action: MessageAction, body: dict[str, Any]) -> bytes:
    """One Flet protocol frame as the Flutter client sends it."""
    return FLET_FRAME + msgpack.packb([action.value, body])


def buttons_in(value: object) -> Iterator[tuple[str, int]]:
    """(label, id) of every control inside a decoded message that has a click handler and
    its label as its content (Flet's buttons: `{"_i": id, "content": label, "on_click":
    true}`)."""
    if isinstance(value, dict):
        if value.get("on_click") is True and isinstance(value.get("content"), str):
            yield value["content"], value["_i"]
        for item in value.values():
            yield from buttons_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from buttons_in(item)


def strings_in(value: object) -> Iterator[str]:
    """Every string inside a decoded message, keys left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)
