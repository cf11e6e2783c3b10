"""Keys typed ahead of a busy app are never overwritten by what it drew before seeing them.

Flet applies the properties a phone changed (a text field's value) to the session's
controls the moment they arrive, but runs the event that follows them (`on_change`) later,
as a task, and draws changed components at moments of its own. A component drawn in
between compares the model, which has not seen the new keys yet, with the control, which
has, and sends the model's older text to the phone over what was typed: on a busy phone
"1, 2" became "1, " and the game started with one round. Here a control's changed
properties wait for the event that follows them (or, where none follows, a moment), so the
model and the controls never disagree while a component is drawn.

This reaches into Flet's `Session` (its public methods, replaced once per process):
tests/views/test_typed_ahead.py fails when Flet changes what it relies on.
"""

import asyncio
from typing import Any
from weakref import WeakKeyDictionary

from flet.messaging.session import Session

ALONE_SECONDS = 0.5
"""Properties that no event follows (none of Trickpad's fields send such) are applied
after this."""

_held: "WeakKeyDictionary[Session, dict[int, dict[str, Any]]]" = WeakKeyDictionary()
"""Each session's properties received and not applied yet, by control id, in arrival order."""


def hold_properties_for_their_events() -> None:
    """From now on every session applies a control's changed properties right before the
    event that follows them. Idempotent."""
    if getattr(Session, "_trickpad_typed_ahead", False):
        return
    apply_patch = Session.apply_patch
    dispatch_event = Session.dispatch_event

    def release(session: Session, control_id: int | None = None) -> None:
        """Apply what `session` holds: for one control, or all of it in arrival order."""
        held = _held.get(session, {})
        for held_id in [control_id] if control_id is not None else list(held):
            if held_id in held:
                apply_patch(session, held_id, held.pop(held_id))

    def held_apply_patch(self: Session, control_id: int, patch: dict[str, Any]) -> None:
        if control_id == self.page._i:  # the page's size and such: no event waits on them
            apply_patch(self, control_id, patch)
            return
        held = _held.setdefault(self, {})
        for other in [held_id for held_id in held if held_id != control_id]:
            release(self, other)  # received first, so applied first
        held[control_id] = {**held.get(control_id, {}), **patch}
        try:
            asyncio.get_running_loop().call_later(ALONE_SECONDS, release, self, control_id)
        except RuntimeError:  # no loop runs (a test's set-up): nothing can be drawn meanwhile
            release(self, control_id)

    async def held_dispatch_event(
        self: Session, control_id: int, event_name: str, event_data: Any
    ) -> None:
        release(self)  # everything received before this event
        await dispatch_event(self, control_id, event_name, event_data)

    Session.apply_patch = held_apply_patch  # type: ignore[method-assign]  # the point of this module
    Session.dispatch_event = held_dispatch_event  # type: ignore[method-assign]  # as above
    Session._trickpad_typed_ahead = True  # type: ignore[attr-defined]  # marks it done
