"""A phone without a browser: a raw WebSocket client speaking Flet 1.0.5's msgpack protocol.

A Chromium tab costs a few seconds of the machine's two cores to start Flutter; this client
costs milliseconds, so tests can open hundreds of sessions against a real `python main.py`.
It registers as the Flutter client does (`REGISTER_CLIENT`, flet/messaging/protocol.py, as
flet_web/fastapi/flet_app.py reads it), answers the calls the app makes to a device (its
device info, its localStorage, empty), and can tell when a text has been drawn.

This module speaks Flet's wire format, so it is pinned to flet 1.0.5 like the view harness.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgpack
from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack
from websockets.asyncio.client import ClientConnection, connect

FLET_FRAME = b"\x00"
"""The first byte of every frame carrying a Flet protocol message (0x01 is a data channel)."""
PAGE = {"route": "/", "width": 360.0, "height": 740.0, "platform": "android", "web": True}
"""The page a phone's browser reports when it registers (Flet's `page` snapshot)."""


def frame(action: MessageAction, body: dict[str, Any]) -> bytes:
    """One Flet protocol frame as the Flutter client sends it."""
    return FLET_FRAME + msgpack.packb([action.value, body])


def register_frame(route: str = "/") -> bytes:
    """The first frame of a new session: no session id yet, the page as drawn."""
    return frame(
        MessageAction.REGISTER_CLIENT,
        {"session_id": None, "page_name": "", "page": {**PAGE, "route": route}},
    )


def texts_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a decoded message (a patch's control values)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts_in(key)
            yield from texts_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_in(item)


def answer(name: str, args: dict[str, Any] | None) -> tuple[Any, str | None]:
    """What an empty Chromium tab answers to the app's calls: its device info, and an empty
    localStorage; anything else is answered with an error, as a client without it would."""
    if name == "get_device_info":
        return {"browser_name": "chrome", "languages": ["en-US"], "locales": []}, None
    storage = {"get": None, "set": True, "remove": False, "contains_key": False}
    if name in storage:
        return storage[name], None
    return None, f"the test client has no {name}({args!r})"


@dataclass
class FletPhone:
    """One session over a raw WebSocket to `url` (the server's http://host:port)."""

    url: str
    route: str = "/"
    seen: set[str] = field(default_factory=set)
    session_id: str | None = None
    _socket: ClientConnection | None = None
    _reader: asyncio.Task[None] | None = None
    _drawn: asyncio.Event = field(default_factory=asyncio.Event)
    _wanted: str | None = None

    async def open(self, shows: str) -> None:
        """Register, and return once a message from the server has drawn the text `shows`."""
        self._wanted = shows
        ws_url = "ws" + self.url.removeprefix("http") + "/ws"
        self._socket = await connect(ws_url, origin=self.url, max_size=None, open_timeout=60)  # type: ignore[arg-type]
        await self._socket.send(register_frame(self.route))
        self._reader = asyncio.create_task(self._read())
        drawn = asyncio.create_task(self._drawn.wait())
        await asyncio.wait({drawn, self._reader}, return_when=asyncio.FIRST_COMPLETED)
        if not drawn.done():
            drawn.cancel()
            await self.close()
            raise AssertionError(f"the server closed the session before drawing {shows!r}")

    async def _read(self) -> None:
        assert self._socket is not None
        with contextlib.suppress(Exception):
            async for data in self._socket:
                assert isinstance(data, bytes) and data[:1] == FLET_FRAME, data[:20]
                action, body = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
                if action == MessageAction.REGISTER_CLIENT.value:
                    self.session_id = body["session_id"]
                elif action == MessageAction.INVOKE_METHOD.value:
                    result, error = answer(body["name"], body.get("args"))
                    reply = {"control_id": body["control_id"], "call_id": body["call_id"],
                             "result": result, "error": error}  # fmt: skip
                    await self._socket.send(frame(MessageAction.INVOKE_METHOD, reply))
                if self._wanted is not None and self._wanted in texts_in(body):
                    self._drawn.set()

    async def send(self, data: bytes) -> None:
        """Send one frame as it is."""
        assert self._socket is not None
        await self._socket.send(data)

    async def wait_closed(self, patience: float) -> int | None:
        """Wait (at most `patience` seconds) for the server to close the socket; its code."""
        assert self._socket is not None and self._reader is not None
        async with asyncio.timeout(patience):
            await self._reader
        return self._socket.close_code

    async def close(self) -> None:
        """Close the socket as a tab that goes away does."""
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            await self._reader
