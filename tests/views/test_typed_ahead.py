"""Keys typed faster than the app keeps up: the phone's text is never overwritten by what the
app drew before it saw the last keys, and the app ends with every key (views.shell.typed_ahead).

Each key reaches the session as a phone sends it: the field's new value, applied as it
arrives, then the change event, run later as a task. Between keys the loop runs for a
while (the `turns`), so the app draws at every moment relative to them."""

import asyncio
import re

import flet as ft
import pytest

from tests.views.conftest import AppUnderTest
from tests.views.test_setup import fill_names, start_button
from views.shell.i18n import t

TYPED = "1, 2"


@pytest.mark.parametrize("turns", [0, 1, 2, 3, 5])
async def test_hand_sizes_typed_ahead_of_the_app_are_all_kept(
    app: AppUnderTest, turns: int
) -> None:
    harness = await app.start("/new/wizard")
    await fill_names(harness, ["Ann", "Ben", "Cas"])
    field = harness.find(ft.TextField, label=t("setting.round_sizes"))
    sent_before = len(harness.messages)
    events = []
    for end in range(1, len(TYPED) + 1):
        harness.session.apply_patch(field._i, {"value": TYPED[:end]})
        change = harness.session.dispatch_event(field._i, "change", TYPED[:end])
        events.append(asyncio.create_task(change))
        for _ in range(turns):
            await asyncio.sleep(0)
    await asyncio.gather(*events)
    await harness.settle()

    # Nothing the app sent set any field to an earlier text of what was typed.
    earlier = {repr(TYPED[:end]) for end in range(len(TYPED))}
    sent = [repr(message.body) for message in harness.messages[sent_before:]]
    values_sent = {m for text in sent for m in re.findall(r"'value', ('[^']*')", text)}
    assert not values_sent & earlier, sent
    assert harness.find(ft.TextField, label=t("setting.round_sizes")).value == TYPED
    await harness.click(start_button(harness))
    (started,) = app.keeper.unfinished()
    assert app.keeper.open(started.id).ledger.state.round_count == 2
