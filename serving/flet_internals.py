"""Where Trickpad reaches into Flet 1.0.5's private parts: only here, and only where no
public API serves. tests/test_flet_internals.py fails when Flet changes what is used here.
"""

import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from flet.messaging.session import Session
from flet_web.fastapi.flet_app import FletApp
from flet_web.fastapi.flet_app_manager import app_manager

from serving.socket_guard import current_share, ended_for_good

logger = logging.getLogger(__name__)
_own_event: ContextVar[bool] = ContextVar("trickpad_own_event", default=False)
"""Set while Flet starts, disconnects or closes a session: the page events it dispatches
then (connect, disconnect, close) are the server's own, not the phone's."""


def drop_answers_to_earlier_servers() -> None:
    """Let a session ignore a client's answer to a call it never made.

    A page left open while the server restarts connects to a new session, then delivers
    the answer to a call the old server made (the wake lock, asked just before the
    restart). Flet 1.0.5 treats an answer for a control the session does not have as an
    error that drops the connection, and the page stays blank; here it is dropped, as Flet
    already drops an answer to a call it no longer waits for."""
    handle = Session.handle_invoke_method_results
    if getattr(handle, "drops_unknown_controls", False):
        return

    def handle_known(
        session: Session, control_id: int, call_id: str, result: object, error: str | None
    ) -> None:
        if control_id not in session.index:
            logger.info("Dropped an answer for control %s, unknown here", control_id)
            return
        handle(session, control_id, call_id, result, error)

    handle_known.drops_unknown_controls = True  # type: ignore[attr-defined]  # a mark on our function, read above
    Session.handle_invoke_method_results = handle_known  # type: ignore[method-assign, assignment]  # Flet's method, replaced on purpose


def delete_sessions_of_closed_tabs() -> None:
    """Delete a session as soon as its client closes the socket with a close frame (a tab
    closed, reloaded or sent elsewhere), instead of keeping it for the session timeout.

    Such a client never resumes the session (a reloaded tab gets a new one on the same
    screen), yet Flet kept each one until its sweep after the timeout: tabs opened and
    closed within a minute were all alive at once, and Python's allocator, which gives back
    only its wholly empty arenas, kept the server bigger for good after they were freed
    (tests/e2e/test_bounded.py). A socket cut off without a close frame keeps its session
    for the timeout; one the server closed for sending more than a person can tap is
    deleted too, so that its phone cannot take the flood up again where it was."""
    disconnect = app_manager.disconnect_session
    if getattr(disconnect, "deletes_closed_tabs", False):
        return

    async def disconnect_or_delete(session_id: str, session_timeout_seconds: int) -> None:
        await disconnect(session_id, session_timeout_seconds)
        if ended_for_good():
            await app_manager.delete_session(session_id)

    disconnect_or_delete.deletes_closed_tabs = True  # type: ignore[attr-defined]  # a mark on our function
    app_manager.disconnect_session = disconnect_or_delete


def keep_sessions_while_they_start() -> None:
    """Let Flet's handler of a socket keep its session until the session's `main` ends.

    A page left open while the server restarts can drop the socket it came back on while
    its new session waits (for the screens, for the device's answers) and come back on
    another. Flet 1.0.5's handler of the dropped socket lets go of the session as the socket
    closes (`FletApp.dispose`), yet goes on running `main` and then fails on its own last
    steps with the session gone, logged as "Unhandled error processing page session". Here
    it lets go once `main` has ended; the session, drawn meanwhile, is sent on the
    connection the page came back on."""
    start = FletApp._FletApp__on_session_created
    if getattr(start, "keeps_session", False):
        return
    dispose = FletApp.dispose
    starting: set[FletApp] = set()
    disposed: set[FletApp] = set()

    async def start_keeping(app: FletApp) -> None:
        starting.add(app)
        try:
            await start(app)
        finally:
            starting.discard(app)
            if app in disposed:
                disposed.discard(app)
                dispose(app)

    def dispose_once_started(app: FletApp) -> None:
        if app in starting:
            disposed.add(app)
            return
        dispose(app)

    start_keeping.keeps_session = True  # type: ignore[attr-defined]  # a mark on our function
    FletApp._FletApp__on_session_created = start_keeping
    FletApp.dispose = dispose_once_started


def take_turns_per_connection() -> None:
    """Run each event of a connection in one of that connection's turns
    (sharing.fair_share): a phone's events beyond its few turns wait parked, off the
    loop, instead of each being a task the loop runs at once.

    Flet 1.0.5's receive loop starts every CONTROL_EVENT as a task of its own
    (`FletApp.__on_message`), so a phone that sent 20,000 events had 20,000 tasks sharing
    the loop with the other phones' taps, which waited behind them for two minutes
    (issue 40). The task inherits the connection's context, where the socket's guard keeps
    its allowance; an event dispatched outside a socket (the view tests) runs at once."""
    dispatch = Session.dispatch_event
    if getattr(dispatch, "takes_turns", False):
        return

    async def dispatch_in_turn(
        session: Session, control_id: int, event_name: str, event_data: Any
    ) -> None:
        share = current_share()
        if share is None or _own_event.get():
            await dispatch(session, control_id, event_name, event_data)
            return
        await share.take_turn(lambda: dispatch(session, control_id, event_name, event_data))

    dispatch_in_turn.takes_turns = True  # type: ignore[attr-defined]  # a mark on our function
    Session.dispatch_event = dispatch_in_turn  # type: ignore[method-assign, assignment]  # Flet's method, wrapped on purpose
    _mark_the_sessions_own_events()


def _mark_the_sessions_own_events() -> None:
    """Let the page events Flet dispatches itself as a session starts, loses its socket or
    closes pass without a turn: Flet awaits the disconnect event as the socket's handler
    ends, and with the turns held by handlers that wait for answers the phone will never
    send, that handler, and its session, waited for good."""
    connect, disconnect = Session.connect, Session.disconnect
    close: Callable[[Session], None] = Session.close  # untyped in Flet

    def own(step: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
        async def marked(session: Session, *args: Any) -> None:
            token = _own_event.set(True)
            try:
                await step(session, *args)
            finally:
                _own_event.reset(token)

        return marked

    def close_marked(session: Session) -> None:
        token = _own_event.set(True)  # the close event's task is made here, with it set
        try:
            close(session)
        finally:
            _own_event.reset(token)

    Session.connect = own(connect)  # type: ignore[method-assign, assignment]  # Flet's method, wrapped on purpose
    Session.disconnect = own(disconnect)  # type: ignore[method-assign, assignment]  # as above
    Session.close = close_marked  # type: ignore[method-assign]  # as above
