"""Where Trickpad reaches into Flet 1.0.5's private parts: only here, and only where no
public API serves. tests/test_flet_internals.py fails when Flet changes what is used here.
"""

import logging

from flet.messaging.session import Session

logger = logging.getLogger(__name__)


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

    handle_known.drops_unknown_controls = True  # type: ignore[attr-defined]
    Session.handle_invoke_method_results = handle_known  # type: ignore[method-assign]
