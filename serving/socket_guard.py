"""WebSockets that never become a session are closed, and Flet's handler for them ends.

Flet 1.0.5's handler (flet_web/fastapi/flet_app.py, `FletApp.handle`) waits for its send
loop to end, and only a session ends that loop: a socket that disconnects, or sends a frame
Flet cannot read, before it has registered (the client's `REGISTER_CLIENT` message) leaves
the handler waiting for good, and a socket that stays silent is never closed at all. Each
keeps its connection, its tasks and its buffers, and the server's shut-down waits for them.

`registering` wraps the app: a socket must send a well-formed registration as its first
frame, and be answered, within `REGISTER_WITHIN_SECONDS` of being accepted. Otherwise it is
closed (1008), and Flet's handler is told the client left; a handler that still has not
returned `GIVE_UP_SECONDS` later is cancelled (which cancels the send loop it waits on).
Once Flet has answered the registration the socket is the session's, and Flet's own rules
apply: a bad frame then ends the session's connection.

The guard also notes how a socket ended (`closed_by_client`): a tab that is closed, reloaded
or sent elsewhere closes its socket with a close frame, and will never resume its session; a
socket cut off by the network ends without one, and its client may come back.
A frame Flet sends after its client has gone is dropped: Flet's handler would otherwise end
with the error before letting go of the session, which nothing would ever delete.

Once a socket has registered, every frame it sends passes its `FairShare` (the phone's
allowance, sharing.fair_share) before Flet reads it, and each of its events waits for
one of the socket's turns (flet_internals.take_turns_per_connection). A socket that keeps
sending more than a person can tap is told so on its screen (Flet's "session crashed"
message, in the language its browser asks for), its session ends for good, and the socket,
read no further, is closed once the message has been shown.
"""

import asyncio
import contextlib
import logging
from contextvars import ContextVar
from dataclasses import fields

import msgpack
from flet.messaging.protocol import MessageAction, RegisterClientRequestBody
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sharing.fair_share import TOO_FAST_KEY, FairShare
from sharing.table_share.connections import CURRENT_PEER
from views.shell.i18n import best_language, t

REGISTER_WITHIN_SECONDS = 5.0
"""A browser registers in the same round trip that opens the socket; five seconds leave a
slow phone and a busy server room, and a Flutter client that is cut off reconnects."""
GIVE_UP_SECONDS = 1.0
"""How long Flet's handler may take to return once told that an unregistered client left."""
POLICY_VIOLATION = 1008
MESSAGE_SHOWN_SECONDS = 20.0
"""How long a phone closed for sending too much keeps the reason on its screen before its
socket closes (and Flet's client connects again, to a new session)."""
MESSAGE_SEND_SECONDS = 2.0
"""How long the server waits for the reason, or the close, to be taken by the client."""
CLIENT_CLOSE_CODES = frozenset({1000, 1001})
"""A close frame's code from a client that ends its socket for good: normal closure, and
"going away" (a browser's tab closed or navigated away)."""
REGISTRATION_FIELDS = frozenset(field.name for field in fields(RegisterClientRequestBody))
"""The keys Flet unpacks a registration's body into (`RegisterClientRequestBody(**body)`)."""

logger = logging.getLogger(__name__)
_current: ContextVar["_Watch | None"] = ContextVar("trickpad_socket", default=None)


def closed_by_client() -> bool:
    """Whether the socket whose task runs this has been closed by its client with a close
    frame that ends it for good (CLIENT_CLOSE_CODES); False outside a socket's task."""
    watch = _current.get()
    return watch is not None and watch.client_close_code in CLIENT_CLOSE_CODES


def ended_for_good() -> bool:
    """Whether the socket whose task runs this will never resume its session: closed by its
    client for good, or by the server for sending more than a person can tap."""
    watch = _current.get()
    return closed_by_client() or (watch is not None and watch.share.ended)


def current_share() -> FairShare | None:
    """The allowance of the socket whose task runs this (an event's task inherits it from
    the socket's); None outside a socket's task."""
    watch = _current.get()
    return watch.share if watch is not None else None


def crashed_frame(text: str) -> bytes:
    """Flet's "session crashed" message: Flet's client shows `text` in place of the page."""
    body: bytes = msgpack.packb([MessageAction.SESSION_CRASHED.value, {"message": text}])
    return b"\x00" + body


def browser_language(scope: Scope) -> str:
    """The language of Trickpad's catalogs the request's browser asks for first."""
    wanted = Headers(scope=scope).get("accept-language", "")
    return best_language(tag.split(";")[0].strip() for tag in wanted.split(","))


def is_registration(message: Message) -> bool:
    """Whether a received WebSocket message is a registration Flet can read: a binary frame
    `[0x00][msgpack [REGISTER_CLIENT, body]]` whose body has exactly the fields Flet wants."""
    data = message.get("bytes")
    if not data or data[0] != 0:
        return False
    try:
        decoded = msgpack.unpackb(data[1:])
    except Exception:  # msgpack raises several unrelated types for malformed input
        return False
    return (
        isinstance(decoded, list)
        and len(decoded) == 2
        and decoded[0] == MessageAction.REGISTER_CLIENT.value
        and isinstance(decoded[1], dict)
        and set(decoded[1]) == REGISTRATION_FIELDS
    )


class _Watch:
    """One socket's way to its session: the deadline, and ending it when it is missed."""

    def __init__(self, send: Send, within: float) -> None:
        self._send = send
        self._closed = False
        # The host's own screen is slowed like any, never ended: a window dragged for long
        # sends its size at every frame, and the host is the table.
        self.share = FairShare() if CURRENT_PEER.get().via_share else FairShare(patience=None)
        self._within = within
        self._loop = asyncio.get_running_loop()
        self._deadline: asyncio.TimerHandle | None = None
        self._closing: asyncio.Task[None] | None = None
        self._limit: asyncio.Timeout | None = None
        self.registered = False
        self.asked = False
        """Whether the first frame was a registration: frames after it pass before Flet has
        answered (a client may send its page's changes right behind it)."""
        self.reason = ""
        self.client_close_code: int | None = None

    async def run(self, app: ASGIApp, scope: Scope, receive: Receive) -> None:
        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                self.client_close_code = message.get("code")
            if self.reason:
                return message
            if message["type"] == "websocket.receive" and self.asked:
                return await self._in_turn(message, scope)
            if self.registered:
                return message
            if message["type"] == "websocket.disconnect":
                self._give_up("left before registering")
            elif message["type"] == "websocket.receive" and not self.asked:
                if not is_registration(message):
                    await self._close("a first frame that is no registration")
                    return {"type": "websocket.disconnect", "code": POLICY_VIOLATION}
                self.asked = True
            return message

        _current.set(self)
        try:
            async with asyncio.timeout(None) as self._limit:
                await app(scope, receiving, self._sending)
        except TimeoutError:
            if self._limit is None or not self._limit.expired():
                raise
            logger.info("Ended Flet's handler of a socket that %s", self.reason)
        finally:
            self._limit = None
            if self._deadline is not None:
                self._deadline.cancel()

    async def _sending(self, message: Message) -> None:
        if message["type"] == "websocket.accept" and self._deadline is None:
            self._deadline = self._loop.call_later(self._within, self._expire)
        elif message["type"] == "websocket.send" and not self.registered:
            # Flet sends nothing before its answer to the registration.
            self.registered = True
            if self._deadline is not None:
                self._deadline.cancel()
        if self._closed:
            return  # Flet's last frames for a socket the guard has closed
        if message["type"] != "websocket.send":
            await self._send(message)
            return
        try:
            await self._send(message)
        except OSError:
            # The client has gone while Flet was still sending (a tab closed as a large
            # screen was being drawn). Raised, this ended Flet's handler before it let go of
            # the session, which was then kept for good; dropped, the handler goes on to the
            # disconnect its receive loop is being handed, and the session is let go.
            logger.debug("Dropped a frame for a client that has gone")

    async def _in_turn(self, message: Message, scope: Scope) -> Message:
        """`message` once the socket's allowance takes it; a disconnect for Flet once the
        socket has been slowed for too long and is closed."""
        if await self.share.admit():
            return message
        await self._end_too_fast(scope)
        return {"type": "websocket.disconnect", "code": POLICY_VIOLATION}

    async def _end_too_fast(self, scope: Scope) -> None:
        """Tell the phone why on its screen and let Flet's handler end (its receive loop is
        handed a disconnect); the socket is closed once the message has been shown."""
        self.reason = "sent more than a person can tap"
        logger.warning(
            "Closed a socket that sent more than a person can tap (%d messages taken, %d slowed)",
            self.share.taken,
            self.share.slowed,
        )
        text = t(TOO_FAST_KEY, browser_language(scope))
        self._closed = True
        # A client that reads nothing would keep the send waiting for good.
        with contextlib.suppress(Exception):  # the client may have gone meanwhile
            async with asyncio.timeout(MESSAGE_SEND_SECONDS):
                await self._send({"type": "websocket.send", "bytes": crashed_frame(text)})

    async def leave_the_message_shown(self) -> None:
        """Close the socket after MESSAGE_SHOWN_SECONDS, read no further meanwhile.

        Flet's client shows a "session crashed" message in place of the page, and replaces
        it with its loading screen as soon as its socket closes, to connect again: closed
        at once, the phone would flash the message and come back to a new session."""
        await asyncio.sleep(MESSAGE_SHOWN_SECONDS)
        with contextlib.suppress(Exception):  # the client may have gone meanwhile
            async with asyncio.timeout(MESSAGE_SEND_SECONDS):
                await self._send({"type": "websocket.close", "code": POLICY_VIOLATION})

    def _expire(self) -> None:
        if not self.registered and not self.reason:
            self._closing = asyncio.ensure_future(self._close("did not register in time"))

    async def _close(self, reason: str) -> None:
        """Close the socket; the server then hands Flet's pending receive a disconnect."""
        self.reason = reason
        with contextlib.suppress(Exception):  # the client may have gone meanwhile
            await self._send({"type": "websocket.close", "code": POLICY_VIOLATION})
        self._give_up(reason)

    def _give_up(self, reason: str) -> None:
        self.reason = self.reason or reason
        if self._limit is not None and self._limit.when() is None:
            self._limit.reschedule(self._loop.time() + GIVE_UP_SECONDS)


def registering(app: ASGIApp, within: float = REGISTER_WITHIN_SECONDS) -> ASGIApp:
    """`app`, its WebSockets closed unless they register within `within` seconds with a
    well-formed first frame, and Flet's handler of every unregistered socket ended."""

    async def watched(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        watch = _Watch(send, within)
        await watch.run(app, scope, receive)
        if watch.share.ended:
            await watch.leave_the_message_shown()

    return watched
