"""What serving.flet_internals takes from Flet's private parts is still there and still
behaves as it did in Flet 1.0.5: this fails when a Flet upgrade changes it."""

import inspect

import flet as ft
from flet.messaging.session import Session
from flet_web.fastapi.flet_app_manager import app_manager

from serving.flet_internals import delete_sessions_of_closed_tabs, drop_answers_to_earlier_servers
from tests.flet_harness import AppHarness


def test_the_method_replaced_still_takes_an_answer_by_control_and_call() -> None:
    drop_answers_to_earlier_servers()
    handle = Session.handle_invoke_method_results
    assert getattr(handle, "drops_unknown_controls", False)
    drop_answers_to_earlier_servers()  # a second server in one process patches nothing more
    assert Session.handle_invoke_method_results is handle
    assert list(inspect.signature(handle).parameters) == [
        "session", "control_id", "call_id", "result", "error"
    ]  # fmt: skip


async def test_an_answer_for_a_control_this_session_lacks_is_dropped() -> None:
    drop_answers_to_earlier_servers()
    async with AppHarness() as harness:
        await harness.render(lambda: ft.Text("here"))
        unknown = max(harness.session.index) + 1000
        harness.session.handle_invoke_method_results(unknown, "call-of-an-earlier-server", 1, None)
        await harness.settle()  # no crash reported: the connection would have been dropped
        assert "here" in harness.texts()


def test_the_session_managers_disconnect_is_still_one_to_wrap() -> None:
    delete_sessions_of_closed_tabs()
    disconnect = app_manager.disconnect_session
    assert getattr(disconnect, "deletes_closed_tabs", False)
    delete_sessions_of_closed_tabs()
    assert app_manager.disconnect_session is disconnect
    wrapped = inspect.unwrap(type(app_manager).disconnect_session)
    assert list(inspect.signature(wrapped).parameters) == [
        "self", "session_id", "session_timeout_seconds"
    ]  # fmt: skip
    assert inspect.iscoroutinefunction(type(app_manager).delete_session)
