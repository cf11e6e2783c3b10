"""Layer-2 view test harness: a real Flet 1.0.5 session without a browser.

`AppHarness` stands in for the Flutter client. It owns a real
`flet.messaging.session.Session` over `FakeClientConnection`, which records
and msgpack-encodes every outbound message like the socket server does. The
encoding matters for fidelity: it stores the "what the client last saw" list
snapshots that Flet's diff and `use_dialog` consult; without it later patches
are computed against nothing and `messages` would not show what a browser gets.

It acts like a client where a view needs one:
- `click`, `type`, `select`, `toggle`, `go`, `dismiss` apply the client-side
  property change (as `UPDATE_CONTROL_PROPS` would) and dispatch the event;
- `page.push_route()` / `page.navigate()` are answered: the route is applied
  and `route_change` dispatched, as the browser does;
- a dialog closed by the app (`open=False`) gets the `dismiss` event the
  client sends once its pop animation ends;
- `page.get_device_info()` is answered as a browser with `languages`, and
  `ft.SharedPreferences` reads and writes `local_storage` (share one dict
  between two harnesses for two visits from one browser: a reload);
- any other client method call is answered with an error, so a view that
  needs a live client fails loudly instead of hanging.

Every action settles the loop (updates, effects, spawned tasks) and then
raises `AssertionError` if the session reported a crash: Flet catches
exceptions in handlers and effects and only sends them to the client.

This module uses Flet internals and is pinned to flet 1.0.5.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import re
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import flet as ft
import msgpack
from flet.components.component import Component
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.dialog_control import DialogControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    InvokeMethodRequestBody,
    Message,
    MessageAction,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from sharing.table_share.connections import CURRENT_PEER, Peer, is_secure

__all__ = ["AppHarness", "FakeClientConnection", "describe", "own_texts"]

C = TypeVar("C", bound=BaseControl)
TextQuery = str | re.Pattern[str]
ClientMethod = Callable[[BaseControl | None, Any], Any]

_ENCODE = configure_encode_object_for_msgpack(BaseControl)
_CHILD_PRIVATE_FIELDS = frozenset({"_b", "_overlay", "_dialogs"})
_SKIPPED_FIELDS = frozenset({"data", "key", "window"})
_TEXT_FIELDS = ("content", "label", "text", "title", "hint_text", "semantics_label")


def encode(payload: Any) -> bytes:
    """Serialise like the socket server; this also stores Flet's client snapshots."""
    return msgpack.packb(payload, default=_ENCODE)


class FakeClientConnection(Connection):
    """A `Connection` that records outbound messages and answers method calls."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        executor: ThreadPoolExecutor,
        pubsubhub: PubSubHub | None = None,
    ) -> None:
        super().__init__()
        self.loop = loop
        self.executor = executor
        self.pubsubhub = pubsubhub or PubSubHub(loop=loop, executor=executor)
        # The computer's own address, as a browser on the machine running Trickpad sees it.
        self.page_url = "http://127.0.0.1:8550"
        self.page_name = ""
        self.messages: list[Message] = []
        self.sent_at: list[float] = []
        """When each of `messages` was sent, in the loop thread's processor time
        (`time.thread_time()`): unlike the wall clock, it does not run on while other
        programs have the processor."""
        self.client_methods: dict[str, ClientMethod] = {}
        self.session: Session | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.languages: list[str] = ["en-US"]
        self.local_storage: dict[str, Any] = {}

    def send_message(self, message: Message) -> None:
        encode([message.action, message.body])
        self.messages.append(message)
        self.sent_at.append(time.thread_time())
        if message.action == MessageAction.INVOKE_METHOD:
            self._answer(message.body)

    def spawn(self, coro: Any) -> None:
        """Run client-side work as a task that `settle` waits for."""
        task = self.loop.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _answer(self, call: InvokeMethodRequestBody) -> None:
        session = self.session
        assert session is not None, "connection not attached to a session"
        control = session.index.get(call.control_id)
        result: Any = None
        error: str | None = None
        if call.name == "push_route":
            self.spawn(self._navigate(session, call.args["route"]))
        elif call.name == "get_device_info":
            result = self._device_info()
        elif isinstance(control, ft.SharedPreferences):
            result = self._local_storage(call.name, call.args or {})
        elif call.name in self.client_methods:
            try:
                result = self.client_methods[call.name](control, call.args)
            except Exception as ex:
                error = f"{type(ex).__name__}: {ex}"
        else:
            error = (
                f"the view test harness has no client for {call.name}({call.args!r}) "
                f"on {describe(control) if control else call.control_id}; "
                "register a reply in harness.client_methods or fake the service"
            )
        session.handle_invoke_method_results(call.control_id, call.call_id, result, error)

    def _device_info(self) -> dict[str, Any]:
        """What a Chromium tab reports (WebDeviceInfo), in the browser's languages."""
        locales = [
            dict(zip(("language_code", "country_code"), tag.split("-"), strict=False))
            for tag in self.languages
        ]
        return {"browser_name": "chrome", "languages": self.languages, "locales": locales}

    def _local_storage(self, method: str, args: dict[str, Any]) -> Any:
        """SharedPreferences as a browser keeps them: the page's localStorage."""
        storage = self.local_storage
        if method == "set":
            storage[args["key"]] = args["value"]
            return True
        if method == "get":
            return storage.get(args["key"])
        if method == "remove":
            return storage.pop(args["key"], None) is not None
        if method == "contains_key":
            return args["key"] in storage
        raise AssertionError(f"the harness's localStorage has no {method}({args!r})")

    async def _navigate(self, session: Session, route: str) -> None:
        session.apply_page_patch({"route": route})
        await session.dispatch_event(session.page._i, "route_change", {"route": route})


_OPEN_HARNESSES: weakref.WeakSet[AppHarness] = weakref.WeakSet()


class AppHarness:
    """Drives Flet views in-process; see docs/testing-views.md."""

    _session: Session | None

    def __init__(
        self,
        *,
        route: str = "/",
        platform_brightness: ft.Brightness = ft.Brightness.LIGHT,
        width: float = 412,
        height: float = 915,
        settle_timeout: float = 5.0,
        pubsubhub: PubSubHub | None = None,
        client_ip: str = "127.0.0.1",
        via_share: bool = False,
        languages: Sequence[str] = ("en-US",),
        local_storage: dict[str, Any] | None = None,
    ) -> None:
        """`pubsubhub`: share one with another harness to have two screens of one app
        server (each browser tab is a session; all sessions share the server's hub).
        `client_ip`: where the browser connects from (default: this computer, the host), and
        `via_share` whether through the table share's listener: the connection's peer, as the
        server's door notes it (peers.CURRENT_PEER) for the app's `main`.
        `languages`: the browser's languages, preferred first. `local_storage`: the
        browser's storage for the page (share one dict for a reload of the same browser)."""
        self._pubsubhub = pubsubhub
        self.peer = Peer(client_ip, via_share)
        self._languages = list(languages)
        self.local_storage = local_storage if local_storage is not None else {}
        self._initial_page = {
            "client_ip": client_ip,
            "web": True,
            "route": route,
            "platform_brightness": platform_brightness.value,
            "width": width,
            "height": height,
        }
        self.settle_timeout = settle_timeout
        self._executor: ThreadPoolExecutor | None = None
        self._conn: FakeClientConnection | None = None
        self._session: Session | None = None
        self._crashes_seen = 0
        self._dismissed: set[int] = set()
        self._foreign_tasks: set[asyncio.Task[Any]] = set()
        self._waits: set[asyncio.Task[Any]] = set()  # see click_leaving_a_wait

    # ---- lifecycle ------------------------------------------------------

    async def open(self) -> AppHarness:
        """Connect a fresh session, as the client's register handshake does."""
        self._foreign_tasks = set(asyncio.all_tasks())
        self._executor = ThreadPoolExecutor(max_workers=2)
        self._conn = FakeClientConnection(
            asyncio.get_running_loop(), self._executor, self._pubsubhub
        )
        self._conn.languages = self._languages
        self._conn.local_storage = self.local_storage
        self._session = Session(self._conn)
        self._conn.session = self._session
        self._session.apply_page_patch(dict(self._initial_page))
        encode(self._session.get_page_patch())
        _context_page.set(self._session.page)
        _OPEN_HARNESSES.add(self)
        return self

    async def close(self) -> None:
        _OPEN_HARNESSES.discard(self)
        if self._session is not None:
            self._session.close()
            await self._drain_spawned()
            for task in self._pending_tasks():  # app tasks that outlive the session
                task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        _context_page.set(None)

    async def __aenter__(self) -> AppHarness:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def session(self) -> Session:
        assert self._session is not None, "harness not opened: use the fixture or open()"
        return self._session

    @property
    def connection(self) -> FakeClientConnection:
        assert self._conn is not None, "harness not opened: use the fixture or open()"
        return self._conn

    @property
    def page(self) -> ft.Page:
        return self.session.page

    @property
    def messages(self) -> list[Message]:
        """Every message the app sent to the client, in order."""
        return self.connection.messages

    @property
    def client_methods(self) -> dict[str, ClientMethod]:
        """Replies to client method calls, by name: `fn(control, args) -> result`."""
        return self.connection.client_methods

    # ---- mounting -------------------------------------------------------

    async def run(self, main: Callable[[ft.Page], Any]) -> None:
        """Run an app's `main(page)` the way `ft.run` does, then settle."""
        self._bind()
        # As the server's door notes it, with the address the page was opened at.
        peer = dataclasses.replace(self.peer, secure=is_secure(self.connection.page_url or ""))
        noted = CURRENT_PEER.set(peer)
        try:
            result = main(self.page)
            if inspect.isawaitable(result):
                await result
        finally:
            CURRENT_PEER.reset(noted)
        await self.session.after_event(self.page)
        await self.settle()

    async def render(self, component: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """`page.render(component, ...)` (single view), then settle."""
        await self.run(lambda page: page.render(component, *args, **kwargs))

    async def render_views(self, component: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """`page.render_views(component, ...)` (component returns Views), then settle."""
        await self.run(lambda page: page.render_views(component, *args, **kwargs))

    # ---- settling -------------------------------------------------------

    async def settle(self) -> None:
        """Run the loop until updates, effects, dismissals and tasks are done.

        Raises `AssertionError` if the loop does not go quiet within
        `settle_timeout` seconds (a handler still sleeping, or a perpetual
        background task), or if the session reported a crash.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settle_timeout
        quiet_rounds = 0
        while quiet_rounds < 3:
            await asyncio.sleep(0)
            if self._deliver_dismissals():
                quiet_rounds = 0
                continue
            pending = self._pending_tasks()
            if pending:
                quiet_rounds = 0
                remaining = deadline - loop.time()
                if remaining <= 0:
                    raise AssertionError(
                        "view did not settle; still running:\n"
                        + "\n".join(f"  {t!r}" for t in pending)
                    )
                await asyncio.wait(pending, timeout=remaining)
            elif self._session_busy():
                quiet_rounds = 0
            else:
                quiet_rounds += 1
            if loop.time() > deadline:
                raise AssertionError("view did not settle: updates keep being scheduled")
        self.raise_crashes()

    def _pending_tasks(self) -> set[asyncio.Task[Any]]:
        current = asyncio.current_task()
        # Every open session's update scheduler runs for as long as its session: with two
        # harnesses (two tabs of one server), neither may wait for the other's.
        schedulers = {
            getattr(other.session, "_Session__updates_task", None)
            for other in _OPEN_HARNESSES
            if other._session is not None
        }
        waits = {task for other in _OPEN_HARNESSES for task in other._waits}
        ignored = {current, *schedulers, *self._foreign_tasks, *waits}
        return {t for t in asyncio.all_tasks() if t not in ignored and not t.done()}

    def _session_busy(self) -> bool:
        s = self.session
        return bool(
            getattr(s, "_Session__pending_updates", ())
            or getattr(s, "_Session__pending_effects", ())
        )

    def _deliver_dismissals(self) -> bool:
        """Send `dismiss` for dialogs the app closed, as the client does."""
        delivered = False
        for dialog in list(self.page._dialogs.controls):
            if not dialog.open and id(dialog) not in self._dismissed:
                self._dismissed.add(id(dialog))
                self.connection.spawn(self.session.dispatch_event(dialog._i, "dismiss", None))
                delivered = True
        return delivered

    async def _drain_spawned(self) -> None:
        tasks = set(self.connection.tasks)
        if tasks:
            await asyncio.wait(tasks, timeout=self.settle_timeout)

    def crashes(self) -> list[str]:
        """Error texts the session sent to the client (exceptions in handlers/effects)."""
        return [m.body.message for m in self.messages if m.action == MessageAction.SESSION_CRASHED]

    def raise_crashes(self) -> None:
        crashes = self.crashes()
        new = crashes[self._crashes_seen :]
        self._crashes_seen = len(crashes)
        if new:
            raise AssertionError("the app crashed while handling an event:\n" + "\n".join(new))

    # ---- finding controls -----------------------------------------------

    def walk(
        self, within: BaseControl | None = None, include_hidden: bool = False
    ) -> Iterator[BaseControl]:
        """Controls a user could see, depth first: top view, overlay, open dialogs."""
        seen: set[int] = set()
        for root in self._roots(within):
            yield from _walk(root, seen, include_hidden)

    def find_all(
        self,
        type_: type[C] | tuple[type, ...] = BaseControl,
        *,
        text: TextQuery | None = None,
        has_text: TextQuery | None = None,
        tooltip: TextQuery | None = None,
        label: TextQuery | None = None,
        identifier: str | None = None,
        key: Any = None,
        where: Callable[[Any], bool] | None = None,
        within: BaseControl | None = None,
        include_hidden: bool = False,
    ) -> list[C]:
        """All visible controls matching every given criterion, in tree order.

        text: the control's own text (Text value, or a str content/label/text/title);
        has_text: own text or any descendant's; tooltip: str or Tooltip message;
        label: the `label` property (TextField, Switch, Semantics ...);
        identifier: `ft.Semantics(identifier=...)`; key: the control's key
        (a str/int or a ValueKey/ScrollKey with that value).
        """

        def matches(c: BaseControl) -> bool:
            if not isinstance(c, type_) or isinstance(c, Component):
                return False
            if text is not None and not any(_text_matches(text, t) for t in own_texts(c)):
                return False
            if has_text is not None and not any(
                _text_matches(has_text, t)
                for d in _walk(c, set(), include_hidden)
                for t in own_texts(d)
            ):
                return False
            if tooltip is not None and not _text_matches(tooltip, _tooltip_of(c)):
                return False
            if label is not None and not _text_matches(label, _str_or_none(c, "label")):
                return False
            if identifier is not None and getattr(c, "identifier", None) != identifier:
                return False
            if key is not None and not _key_matches(key, c.key):
                return False
            return where is None or where(c)

        return [c for c in self.walk(within, include_hidden) if matches(c)]  # type: ignore[misc]

    def find(self, type_: type[C] | tuple[type, ...] = BaseControl, **criteria: Any) -> C:
        """Exactly one visible control matching the criteria (see `find_all`)."""
        found = self.find_all(type_, **criteria)
        if len(found) == 1:
            return found[0]
        wanted = _describe_query(type_, criteria)
        if not found:
            raise AssertionError(f"no control matches {wanted}; the screen shows:\n{self.dump()}")
        raise AssertionError(
            f"{len(found)} controls match {wanted}, expected one:\n"
            + "\n".join(f"  {describe(c)}" for c in found)
        )

    def views(self) -> list[ft.View]:
        """The page's View stack (top last), unwrapped from components."""
        views = ft.unwrap_component(self.page.views)
        views = views if isinstance(views, list) else [views]
        return [ft.unwrap_component(v) for v in views]

    def texts(self, within: BaseControl | None = None) -> list[str]:
        """Values of all visible `ft.Text` controls, in tree order."""
        return [t for c in self.walk(within) if isinstance(c, ft.Text) for t in own_texts(c)]

    def dialogs(self) -> list[DialogControl]:
        """Open dialogs, snack bars and sheets, oldest first."""
        return [d for d in self.page._dialogs.controls if d.open]

    def dialog(self) -> DialogControl:
        """The single open dialog (use it as `within=` to search inside it)."""
        open_dialogs = self.dialogs()
        assert len(open_dialogs) == 1, f"expected one open dialog, found {open_dialogs!r}"
        return open_dialogs[0]

    def dump(self, within: BaseControl | None = None) -> str:
        """An indented outline of the visible tree, for failure messages."""
        lines: list[str] = []

        def visit(node: Any, depth: int, seen: set[int]) -> None:
            if not _shown(node, False) or id(node) in seen:
                return
            seen.add(id(node))
            if not isinstance(node, Component):
                lines.append("  " * depth + describe(node))
                depth += 1
            for child in _children(node):
                visit(child, depth, seen)

        seen: set[int] = set()
        for root in self._roots(within):
            visit(root, 0, seen)
        return "\n".join(lines)

    # ---- user actions ---------------------------------------------------

    async def dispatch(
        self, control: BaseControl, event: str, data: Any = None, **client_props: Any
    ) -> None:
        """Apply client-side property values, fire `on_<event>`, and settle."""
        self._bind()
        if client_props:
            self.session.apply_patch(control._i, client_props)
        await self.session.dispatch_event(control._i, event, data)
        await self.settle()

    async def click(self, control: BaseControl) -> None:
        """Tap a control: it, or its nearest ancestor with `on_click`, gets "click"."""
        await self.dispatch(self._click_target(control), "click")

    async def click_leaving_a_wait(self, control: BaseControl) -> None:
        """Tap a control whose handler starts a task that waits for another phone (a guest
        waiting for the host to take its reply): the tap settles, the wait goes on, and
        later settles (of any harness: the other phone's) do not wait for it."""
        before = set(asyncio.all_tasks())
        self._bind()
        await self.session.dispatch_event(self._click_target(control)._i, "click", None)
        for _ in range(3):
            await asyncio.sleep(0)
        self._waits |= set(asyncio.all_tasks()) - before
        await self.settle()

    def tap_target_id(self, control: BaseControl) -> int:
        """The id a tap on this control is sent to as the phone has drawn it now (it, or its
        nearest ancestor with `on_click`): for `click_drawn` once the screen has changed."""
        return self._click_target(control)._i

    async def click_drawn(self, control_id: int) -> None:
        """Tap the control the phone drew with this id: a tap made before the phone drew the
        last update reaches the server so, addressed to the control the phone saw then."""
        self._bind()
        await self.session.dispatch_event(control_id, "click", None)
        await self.settle()

    async def press(self, control: BaseControl) -> None:
        """Tap like `click` without settling: for timing a tap while other work runs (its
        update shows in `messages`, sent at `connection.sent_at`)."""
        target = self._click_target(control)
        self._bind()
        await self.session.dispatch_event(target._i, "click", None)

    def _click_target(self, control: BaseControl) -> BaseControl:
        target: BaseControl | None = control
        while target is not None and getattr(target, "on_click", None) is None:
            target = target.parent
        if target is None:
            raise AssertionError(f"nothing handles a click on {describe(control)}")
        self._assert_enabled(target)
        return target

    async def type(self, field: BaseControl, text: str, *, submit: bool = False) -> None:
        """Replace a text field's value as a user would: focus, change, (submit)."""
        self._assert_enabled(field)
        assert not getattr(field, "read_only", False), f"{describe(field)} is read-only"
        await self.dispatch(field, "focus")
        await self.dispatch(field, "change", text, value=text)
        if submit:
            await self.dispatch(field, "submit", text)

    async def type_in_a_row(
        self, typed: Sequence[tuple[BaseControl, str]], then: BaseControl | None = None
    ) -> None:
        """Type into several fields one after another, each before the screen is drawn
        again after the one before (a quick player on a busy server), and tap `then` (a
        button) just as quickly: every event goes to the control as it was found, then the
        session settles."""
        self._bind()
        for field, text in typed:
            self._assert_enabled(field)
            self.session.apply_patch(field._i, {"value": text})
            await self.session.dispatch_event(field._i, "change", text)
        if then is not None:
            await self.session.dispatch_event(self._click_target(then)._i, "click", None)
        await self.settle()

    async def submit(self, field: BaseControl) -> None:
        """Press Enter in a text field."""
        self._assert_enabled(field)
        await self.dispatch(field, "submit", getattr(field, "value", None))

    async def blur(self, control: BaseControl) -> None:
        """Move focus away from a control."""
        await self.dispatch(control, "blur")

    async def select(self, dropdown: ft.Dropdown, value: str) -> None:
        """Choose a Dropdown option by its key (or text when no key is set)."""
        self._assert_enabled(dropdown)
        keys = [o.key if o.key is not None else o.text for o in dropdown.options or []]
        assert value in keys, f"{describe(dropdown)} has no option {value!r}; it has {keys!r}"
        await self.dispatch(dropdown, "select", value, value=value)

    async def toggle(self, control: BaseControl) -> None:
        """Flip a Switch or Checkbox."""
        self._assert_enabled(control)
        value = not getattr(control, "value", False)
        await self.dispatch(control, "change", value, value=value)

    async def change(self, control: BaseControl, value: Any) -> None:
        """Set `value` client-side and fire "change" (Slider, RadioGroup ...)."""
        self._assert_enabled(control)
        await self.dispatch(control, "change", value, value=value)

    async def dismiss(self, dialog: DialogControl) -> None:
        """Dismiss a dialog the way a user does (barrier tap, back, timeout)."""
        self._dismissed.add(id(dialog))
        await self.dispatch(dialog, "dismiss", None, open=False)

    async def go(self, route: str) -> None:
        """Navigate as the browser does: new route, then `route_change` on the page."""
        await self.dispatch(self.page, "route_change", {"route": route}, route=route)

    async def back(self) -> None:
        """System back / AppBar back arrow: `view_pop` for the top view."""
        views = self.views()
        assert len(views) > 1, "there is no view to go back from"
        await self.dispatch(self.page, "view_pop", {"route": views[-1].route})

    async def set_platform_brightness(self, brightness: ft.Brightness) -> None:
        """Switch the device between light and dark mode."""
        await self.dispatch(
            self.page,
            "platform_brightness_change",
            {"brightness": brightness.value},
            platform_brightness=brightness.value,
        )

    # ---- helpers --------------------------------------------------------

    def _bind(self) -> None:
        _context_page.set(self.page)

    def _roots(self, within: BaseControl | None) -> list[BaseControl]:
        if within is not None:
            return [within]
        return [self.views()[-1], self.page._overlay, *self.page._dialogs.controls]

    def _assert_enabled(self, control: BaseControl) -> None:
        node: BaseControl | None = control
        while node is not None:
            if getattr(node, "disabled", False):
                raise AssertionError(f"{describe(control)} is disabled")
            if getattr(node, "visible", True) is False:
                raise AssertionError(f"{describe(control)} is not visible")
            node = node.parent


def own_texts(control: Any) -> list[str]:
    """The text a control itself displays (not its children's)."""
    if isinstance(control, ft.Text):
        # Drawn as one line: the value, then its spans (a suit sign in red, for one).
        value = control.value if isinstance(control.value, str) else ""
        spans = "".join(_span_texts(control.spans or []))
        return [value + spans] if control.spans or isinstance(control.value, str) else []
    return [v for name in _TEXT_FIELDS if isinstance(v := getattr(control, name, None), str)]


def describe(control: Any) -> str:
    """`Button#11 'Add'`-style one-liner used in assertion messages."""
    bits = [f"{type(control).__name__}#{getattr(control, '_i', '?')}"]
    bits += [repr(t) for t in own_texts(control)]
    if (tip := _tooltip_of(control)) is not None:
        bits.append(f"tooltip={tip!r}")
    if (ident := getattr(control, "identifier", None)) is not None:
        bits.append(f"identifier={ident!r}")
    if getattr(control, "key", None) is not None:
        bits.append(f"key={control.key!r}")
    if isinstance(control, ft.TextField | ft.Dropdown | ft.Switch | ft.Checkbox):
        bits.append(f"value={control.value!r}")
    if getattr(control, "disabled", False):
        bits.append("disabled")
    return " ".join(bits)


def _walk(node: Any, seen: set[int], include_hidden: bool) -> Iterator[BaseControl]:
    if not isinstance(node, BaseControl) or id(node) in seen:
        return
    if not _shown(node, include_hidden):
        return
    seen.add(id(node))
    yield node
    for child in _children(node):
        yield from _walk(child, seen, include_hidden)


def _shown(node: Any, include_hidden: bool) -> bool:
    if include_hidden:
        return True
    if getattr(node, "visible", True) is False:
        return False
    return not (isinstance(node, DialogControl) and not node.open)


def _children(node: BaseControl) -> Iterator[BaseControl]:
    for f in dataclasses.fields(node):
        name = f.name
        if name in _SKIPPED_FIELDS or (name.startswith("_") and name not in _CHILD_PRIVATE_FIELDS):
            continue
        value = getattr(node, name, None)
        if isinstance(value, BaseControl):
            yield value
        elif isinstance(value, list | tuple):
            yield from (v for v in value if isinstance(v, BaseControl))


def _span_texts(spans: list[Any]) -> Iterator[str]:
    for span in spans:
        if isinstance(getattr(span, "text", None), str):
            yield span.text
        yield from _span_texts(getattr(span, "spans", None) or [])


def _str_or_none(control: Any, name: str) -> str | None:
    value = getattr(control, name, None)
    return value if isinstance(value, str) else None


def _tooltip_of(control: Any) -> str | None:
    tip = getattr(control, "tooltip", None)
    if isinstance(tip, ft.Tooltip):
        return tip.message if isinstance(tip.message, str) else None
    return tip if isinstance(tip, str) else None


def _text_matches(query: TextQuery, value: str | None) -> bool:
    if value is None:
        return False
    if isinstance(query, re.Pattern):
        return query.search(value) is not None
    return value == query


def _key_matches(wanted: Any, key: Any) -> bool:
    return key == wanted or getattr(key, "value", object()) == wanted


def _describe_query(type_: Any, criteria: dict[str, Any]) -> str:
    name = type_.__name__ if isinstance(type_, type) else repr(type_)
    args = ", ".join(f"{k}={v!r}" for k, v in criteria.items() if v is not None)
    return f"{name}({args})"
