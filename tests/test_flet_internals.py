"""What serving.flet_internals takes from Flet's private parts is still there and still
behaves as it did in Flet 1.0.5: this fails when a Flet upgrade changes it."""

import asyncio
import inspect
import logging
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import flet as ft
import pytest
from flet.messaging.session import Session
from flet_web.fastapi.flet_app import FletApp
from flet_web.fastapi.flet_app_manager import app_manager

from serving import socket_guard
from serving.flet_internals import (
    delete_sessions_of_closed_tabs,
    drop_answers_to_earlier_servers,
    keep_sessions_while_they_start,
    take_turns_per_connection,
)
from sharing.fair_share import FairShare
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


async def test_a_socket_closing_while_its_session_starts_leaves_no_error_in_the_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Flet's handler of the socket keeps the session until its main has ended (a page left
    open as the server restarted, cut off again as it came back)."""
    keep_sessions_while_they_start()
    keep_sessions_while_they_start()  # a second server in one process patches nothing more
    drawn: list[str] = []

    async def main(page: ft.Page) -> None:
        handler.dispose()  # as Flet does when the socket closes (Session.disconnect)
        await asyncio.sleep(0)
        drawn.append("game")

    async with AppHarness() as harness:
        handler = FletApp(asyncio.get_running_loop(), ThreadPoolExecutor(1), main, None)
        handler._FletApp__session = harness.session  # type: ignore[attr-defined]
        with caplog.at_level(logging.ERROR):
            await handler._FletApp__on_session_created()  # type: ignore[attr-defined]
    assert drawn == ["game"]
    assert not caplog.records, caplog.text
    assert handler._FletApp__session is None  # type: ignore[attr-defined]  # let go after main


def test_the_dispatch_wrapped_still_takes_a_control_an_event_and_its_data() -> None:
    take_turns_per_connection()
    dispatch = Session.dispatch_event
    take_turns_per_connection()  # a second server in one process wraps nothing more
    assert Session.dispatch_event is dispatch
    # Ours, or views.shell.typed_ahead's wrapper around ours when the screens loaded first.
    assert getattr(dispatch, "takes_turns", False) or any(
        getattr(cell.cell_contents, "takes_turns", False)
        for cell in (getattr(dispatch, "__closure__", None) or ())
    )


async def test_an_event_outside_a_socket_is_dispatched_at_once() -> None:
    """The view tests' sessions (and the typed-ahead wrapper around it) go on working."""
    take_turns_per_connection()
    clicked: list[str] = []
    async with AppHarness() as harness:
        button = ft.Button("tap", on_click=lambda _: clicked.append("tap"))
        await harness.render(lambda: button)
        await harness.session.dispatch_event(button._i, "click", None)
        await harness.settle()
    assert clicked == ["tap"]


async def test_a_sessions_own_page_events_pass_while_its_phone_holds_every_turn() -> None:
    """Flet awaits the page's disconnect event as a socket's handler ends; held behind the
    phone's turns, it kept the handler, and the session, for good."""
    take_turns_per_connection()
    share = FairShare(running=1)
    never = asyncio.Event()
    holding = asyncio.create_task(share.take_turn(never.wait))  # a handler waiting for good
    token = socket_guard._current.set(SimpleNamespace(share=share))  # type: ignore[arg-type]  # only its share is read
    try:
        async with AppHarness() as harness:
            await harness.render(lambda: ft.Text("here"))
            async with asyncio.timeout(10):
                await harness.session.disconnect(60)
    finally:
        socket_guard._current.reset(token)
        holding.cancel()
