"""The phones' other browsers: Firefox and WebKit (Safari's engine), each driven as a player
uses a tab, with the same few steps the journeys and the idle bench need; Chromium too,
through Playwright, for the bench to measure the three alike.

Every browser and driver comes from Debian, every client from PyPI; nothing is downloaded
when a browser starts, and each process started here is ended with its test, or by the
kernel if the test run dies first (tests/process_guard.py).

- Firefox: Debian's `firefox-esr`, headless, through Marionette (Firefox's own automation
  protocol; `marionette-driver` is Mozilla's client). Playwright's WebDriver BiDi channel
  (`channel="moz-firefox"`) cannot open a tab in this Firefox: every new context sends
  `emulation.setMediaFeaturesOverride`, which Firefox 153 ESR answers "unknown command";
  geckodriver is in no registry this project reaches.
- WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver (Debian's `webkit2gtk-driver`,
  W3C WebDriver classic) with Selenium as the client, on an Xvfb display of its own
  (MiniBrowser 2.50 has no headless mode). Selenium only talks to the driver started here:
  no Service, so Selenium Manager is never run.

Flutter paints on a canvas; as in Chromium (tests/e2e/conftest.py) its accessibility tree
is switched on by a click on its placeholder, and values are read by
`[flt-semantics-identifier=...]`. WebDriver classic has no scripts run before the page's
own, no console to listen to and no offline switch: a wait here polls what the page shows,
Firefox's console is read from what it prints (WebKit's is not to be had), and offline is
a stopped server.
"""

import contextlib
import json
import os
import re
import subprocess
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from marionette_driver.marionette import Marionette
from playwright.sync_api import ElementHandle, Page, sync_playwright
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.webkitgtk.options import Options as WebKitOptions

from tests import process_guard
from tests.app_server import ARTIFACTS, free_port, wait_for_port
from views.shell.i18n import t

FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = Path("/usr/bin/Xvfb")
CHROMIUM = Path("/usr/bin/chromium")
"""The bench's Chromium: the whole browser, as bench/ui_bench.py drives it."""
ENGINES = ("firefox", "webkit")
"""The engines beside Chromium that the journeys run in."""
NEEDED = {
    "chromium": {CHROMIUM: "chromium"},
    "firefox": {FIREFOX: "firefox-esr"},
    "webkit": {WEBKIT_DRIVER: "webkit2gtk-driver", MINIBROWSER: "webkit2gtk-driver", XVFB: "xvfb"},
}
"""Each engine's programs and the Debian package that brings each."""

PHONE = {"width": 390, "height": 844}
"""The window asked for; each browser keeps its own least width (Firefox 500 px, WebKit
about 450): the journeys need no exact size."""
WEBKIT_ENV = {"LANG": "en_US.UTF-8"}
"""WebKitGTK under LANG=C.UTF-8 reports the language "C", in which Flutter never starts.
(This locale is not compiled on the machine: GTK warns and the C library keeps "C", but
WebKit takes the language from the variable.)"""
FIREFOX_PREFS = {
    "marionette.port": 0,  # any free port, written to the profile's MarionetteActivePort
    "devtools.console.stdout.content": True,  # the page's and its workers' console, printed
}
STARTUP_SECONDS = 60.0
POLL_SECONDS = 0.1
"""How often a wait asks the page again (WebDriver classic cannot be told of a change)."""
BETWEEN_DOCUMENTS = (
    "Could not parse script result",
    "Callback was not called before the unload event",
)
"""What WebKit's driver says of a script whose page changed documents while it ran: its
result unreadable, or the page unloaded before it answered (going back, seen in CI)."""
TAB_OPENS_SECONDS = 30.0
"""Flutter's client to its accessibility tree, on a machine busy with other tabs."""


class EngineTab(ABC):
    """The tab a browser shows, driven through the browser's own automation; the steps
    shared by every engine are written once here on the few each driver gives."""

    engine: str
    console: Path | None = None
    """Where the browser prints its console, if it does."""

    @abstractmethod
    def run(self, script: str, *args: object) -> Any:
        """The result of `script`, a function body that reads `arguments`."""

    @abstractmethod
    def resolve(self, check: str) -> Any:
        """What the async JavaScript function `check` resolves to (null if it fails). (Not
        through eval: the app's content security policy forbids it, and WebKit holds a
        driver's scripts to it.)"""

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate to `url` and wait for its load."""

    @abstractmethod
    def type_text(self, element: Any, text: str) -> None:
        """Keys typed into `element`, as the phone's keyboard sends them."""

    @abstractmethod
    def png(self) -> bytes:
        """A picture of the tab's viewport."""

    @abstractmethod
    def open_tab(self) -> str:
        """Open another tab of the same browser profile and show it; its handle."""

    @abstractmethod
    def show(self, handle: str) -> None:
        """Drive the tab `handle` from now on."""

    @abstractmethod
    def close(self) -> None:
        """Close the tab driven now."""

    @abstractmethod
    def handle(self) -> str:
        """The tab driven now."""

    @abstractmethod
    def roots(self) -> list[int]:
        """The processes whose trees are this browser (for the idle bench)."""

    def until(self, check: Callable[[], Any], timeout: float, what: Callable[[], str]) -> Any:
        """Ask `check` again until its result is truthy; that result. On time out, the
        failure says `what()` was awaited."""
        deadline = time.monotonic() + timeout
        while True:
            result = check()
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: {what()}, after {timeout:.0f} s")
            time.sleep(POLL_SECONDS)

    def wait_for(self, script: str, *args: object, timeout: float, what: str) -> Any:
        """Ask the page `script` until its result is truthy; that result."""
        return self.until(lambda: self.asked(script, *args), timeout, lambda: f"no {what}")

    def asked(self, script: str, *args: object) -> Any:
        """`script`'s result, or None when the page was between two documents as it ran:
        WebKit's driver then cannot read the result (seen as a second tab opened, and as
        the page went back)."""
        try:
            return self.run(script, *args)
        except WebDriverException as error:
            if not any(said in str(error.msg) for said in BETWEEN_DOCUMENTS):
                raise
            return None

    def wait_for_async(self, check: str, timeout: float, what: str) -> None:
        """Wait until the async JavaScript function `check` resolves to true."""
        self.until(lambda: self.resolve(check), timeout, lambda: f"no {what}")

    def enable_accessibility(self) -> None:
        """Switch Flutter's accessibility tree on, as in Chromium (conftest)."""
        self.wait_for(
            "const placeholder = document.querySelector('flt-semantics-placeholder');"
            "if (placeholder) placeholder.click();"
            "return document.querySelector('flt-semantics') !== null;",
            timeout=TAB_OPENS_SECONDS,
            what="Flutter's accessibility tree",
        )

    def open(self, url: str, timeout: float = TAB_OPENS_SECONDS) -> None:
        """Navigate to `url` and switch the app's accessibility tree on once Flutter runs."""
        self.goto(url)
        self.wait_for(
            "return document.querySelector('flt-semantics-placeholder') !== null;",
            timeout=timeout,
            what="Flutter's client",
        )
        self.enable_accessibility()

    def reload(self, timeout: float) -> None:
        """Load the tab's address again, as a player's reload does, and switch the tree on.

        A fresh navigation to the same address, not WebDriver's Refresh: Firefox's Refresh
        reloads past the service worker (the page then has no controller)."""
        self.open(self.run("return location.href;"), timeout)

    def leave(self, url: str) -> None:
        """Go to `url` in this tab, as a player types another address, leaving the page
        marked: a copy of it brought back from the back-forward cache is told apart from a
        fresh start by the mark."""
        self.run("window.trickpadLeft = true;")
        self.goto(url)

    def back(self, timeout: float) -> None:
        """Go back to the page left (as the browser's back button does) and switch the tree
        on once the page shown is a fresh start, not the copy left."""
        self.run("history.back();")
        self.wait_for(
            "return window.trickpadLeft === undefined"
            " && document.querySelector('flt-semantics-placeholder') !== null;",
            timeout=timeout,
            what="the app started again",
        )
        self.enable_accessibility()

    def button(self, name: str, exact: bool = True, timeout: float = TAB_OPENS_SECONDS) -> Any:
        """The button named `name` (or the first whose name holds it), once it is there."""
        return self.wait_for(FIND_BUTTON, name, exact, timeout=timeout, what=f"button {name!r}")

    def tap(self, name: str, exact: bool = True) -> None:
        """Tap the button whose accessible name is `name` ("Ben bids 3")."""
        self.button(name, exact).click()

    def type_into(self, label: str, text: str) -> None:
        """Replace the text of the field labelled `label`, typed again until the field holds
        it. What it holds is deleted key by key (Control+A leaves Firefox's field empty of
        what follows), with keys to spare: the browser's input may hold less than Flutter's
        field, whose keys can be dropped right after it takes focus, or while a busy page
        lays out a frame (Firefox's phone alone lost ", 2" of "1, 2" so). The caller checks
        that the app has the text."""
        for attempt in range(1, TYPING_ATTEMPTS + 1):
            field = self.focus(label)
            held = self.run(HELD, field)
            self.type_text(field, END + BACKSPACE * (len(held) + len(text)) + text)
            try:
                self.until(
                    lambda field=field: self.run(HELD, field) == text,
                    FIELD_HOLDS_SECONDS,
                    lambda field=field: (
                        f"{text!r} in field {label!r}, which holds " + repr(self.run(HELD, field))
                    ),
                )
                return
            except AssertionError:
                if attempt == TYPING_ATTEMPTS:
                    raise

    def focus(self, label: str) -> Any:
        """The text field labelled `label`, clicked and holding the keyboard's focus, once
        Flutter has drawn a frame since (its text input is wired up after the focus). A
        click a busy browser let go by is clicked again, on the field as found then."""
        for attempt in range(1, FOCUS_ATTEMPTS + 1):
            field = self.wait_for(
                'return document.querySelector(`input[aria-label="${CSS.escape(arguments[0])}"]`);',
                label,
                timeout=TAB_OPENS_SECONDS,
                what=f"field {label!r}",
            )
            field.click()
            try:
                self.wait_for(
                    "return document.activeElement === arguments[0];",
                    field,
                    timeout=TAB_OPENS_SECONDS / FOCUS_ATTEMPTS,
                    what=f"focus on {label!r}",
                )
                break
            except AssertionError:
                if attempt == FOCUS_ATTEMPTS:
                    raise
        self.wait_for_async(TWO_FRAMES, timeout=TAB_OPENS_SECONDS, what="a frame drawn")
        return field

    def value_of(self, identifier: str) -> str | None:
        """The text of the value wrapped in ft.Semantics(identifier=...), if shown."""
        return self.run(VALUE_OF, identifier)

    def expect_value(self, identifier: str, pattern: str | re.Pattern[str], timeout: float) -> str:
        """Wait until the value `identifier` is `pattern` (a text, or a pattern it matches)."""
        wanted = re.compile(f"^{re.escape(pattern)}$") if isinstance(pattern, str) else pattern
        seen: list[str | None] = [None]

        def matches() -> str | None:
            seen[0] = self.value_of(identifier)
            return seen[0] if seen[0] is not None and wanted.search(seen[0]) else None

        return self.until(matches, timeout, lambda: f"{identifier} is {seen[0]!r}, not {pattern!r}")

    def screenshot(self, step: str) -> Path:
        """A picture of the tab in test-artifacts/<engine>-<step>.png, taken once the
        browser has drawn two more frames (the state waited for is then on screen)."""
        self.wait_for_async(
            TWO_FRAMES,
            timeout=TAB_OPENS_SECONDS,
            what="a frame drawn",
        )
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{self.engine}-{step}.png"
        path.write_bytes(self.png())
        return path

    def console_lines(self) -> list[str] | None:
        """What the browser's console printed so far (None where it cannot be read)."""
        if self.console is None:
            return None
        return self.console.read_text(encoding="utf-8", errors="replace").splitlines()


FIND_BUTTON = """
const [name, exact] = arguments;
for (const node of document.querySelectorAll('[role="button"]')) {
  const label = (node.getAttribute("aria-label") || node.textContent).replace(/\\s+/g, " ").trim();
  if (exact ? label === name : label.includes(name)) return node;
}
return null;
"""
"""The first button named `name` (or whose name holds it, as Playwright's inexact names):
Flutter names a button by its label or its text."""
END, BACKSPACE = "\ue010", "\ue003"
"""WebDriver's key codes, the same in every driver."""
PLAYWRIGHT_KEYS = {END: "End", BACKSPACE: "Backspace"}
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
AWAIT = "const done = arguments[arguments.length - 1]; (%s)().then(done, () => done(null));"
"""WebDriver's asynchronous script: the driver's callback is its last argument."""
VALUE_OF = """
const node = document.querySelector(`[flt-semantics-identifier="${CSS.escape(arguments[0])}"]`);
return node === null ? null : (node.getAttribute("aria-label") || node.innerText || "").trim();
"""


class FirefoxTab(EngineTab):
    engine = "firefox"

    def __init__(self, client: Marionette, process: subprocess.Popen, console: Path) -> None:
        self.client, self.process, self.console = client, process, console

    def run(self, script: str, *args: object) -> Any:
        return self.client.execute_script(script, script_args=args, sandbox=None)

    def resolve(self, check: str) -> Any:
        return self.client.execute_async_script(AWAIT % check, sandbox=None)

    def goto(self, url: str) -> None:
        self.client.navigate(url)

    def type_text(self, element: Any, text: str) -> None:
        element.send_keys(text)

    def png(self) -> bytes:
        return self.client.screenshot(format="binary", full=False)

    def open_tab(self) -> str:
        handle = self.client.open(type="tab", focus=True)["handle"]
        self.client.switch_to_window(handle)
        return handle

    def show(self, handle: str) -> None:
        self.client.switch_to_window(handle)

    def close(self) -> None:
        self.client.close()

    def handle(self) -> str:
        return self.client.current_window_handle

    def roots(self) -> list[int]:
        return [self.process.pid]


class WebKitTab(EngineTab):
    engine = "webkit"

    def __init__(self, client: webdriver.Remote, roots: list[int]) -> None:
        self.client, self._roots = client, roots

    def run(self, script: str, *args: object) -> Any:
        return self.client.execute_script(script, *args)

    def resolve(self, check: str) -> Any:
        return self.client.execute_async_script(AWAIT % check)

    def goto(self, url: str) -> None:
        self.client.get(url)

    def type_text(self, element: Any, text: str) -> None:
        element.send_keys(text)

    def png(self) -> bytes:
        return self.client.get_screenshot_as_png()

    def open_tab(self) -> str:
        """A second window of the same profile: MiniBrowser opens WebDriver's new tab behind
        the first (a hidden page, where Flutter draws nothing), where a phone shows the
        tab it opens."""
        self.client.switch_to.new_window("window")
        return self.client.current_window_handle

    def show(self, handle: str) -> None:
        self.client.switch_to.window(handle)

    def close(self) -> None:
        self.client.close()

    def handle(self) -> str:
        return self.client.current_window_handle

    def roots(self) -> list[int]:
        return self._roots


class ChromiumTab(EngineTab):
    """Chromium through Playwright, for the bench to drive the three engines alike (the
    tests drive Chromium through Playwright's own API: tests/e2e/conftest.py)."""

    engine = "chromium"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.messages: list[str] = []
        page.on("console", lambda message: self.messages.append(message.text))

    def run(self, script: str, *args: object) -> Any:
        result = self.page.evaluate_handle(
            f"(args) => (function () {{ {script} }}).apply(null, args)", list(args)
        )
        element = result.as_element()
        return element if element is not None else result.json_value()

    def resolve(self, check: str) -> Any:
        return self.page.evaluate(
            f"async () => {{ try {{ return await ({check})(); }} catch {{ return null; }} }}"
        )

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def type_text(self, element: ElementHandle, text: str) -> None:
        """Typed into the focused field; WebDriver's key codes pressed as the keys they
        name."""
        for key in text:
            if key in PLAYWRIGHT_KEYS:
                self.page.keyboard.press(PLAYWRIGHT_KEYS[key])
            else:
                self.page.keyboard.type(key)

    def png(self) -> bytes:
        return self.page.screenshot()

    def open_tab(self) -> str:
        raise NotImplementedError("the bench keeps one Chromium tab")

    def show(self, handle: str) -> None:
        raise NotImplementedError("the bench keeps one Chromium tab")

    def close(self) -> None:
        self.page.close()

    def handle(self) -> str:
        return "0"

    def console_lines(self) -> list[str] | None:
        """The console of the page and its workers, as Playwright hears it."""
        return self.messages

    def roots(self) -> list[int]:
        """Chromium's first process: the one whose parent is not Chromium (Playwright's
        driver, this process's child, starts it)."""
        for pid in descendants(os.getpid()):
            if read_exe(pid).startswith("/usr/lib/chromium/") and not read_exe(
                parent_of(pid)
            ).startswith("/usr/lib/chromium/"):
                return [pid]
        raise AssertionError("Chromium's process is not found")


def read_exe(pid: int) -> str:
    with contextlib.suppress(OSError):
        return os.readlink(f"/proc/{pid}/exe")
    return ""


def parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[1])


def descendants(root: int) -> list[int]:
    """`root` and every live process below it (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                children.setdefault(parent_of(int(entry.name)), []).append(int(entry.name))
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting.extend(children.get(pid, []))
    return found


def require(engine: str) -> None:
    """Fail, saying what to install, when one of the engine's programs is missing."""
    missing = {package for program, package in NEEDED[engine].items() if not program.exists()}
    if missing:
        packages = " ".join(sorted(missing))
        raise AssertionError(
            f"{engine} needs Debian's {packages}: apt-get install {packages} (bash .ci/run does)"
        )


@contextlib.contextmanager
def started(command: list[str], **popen: Any) -> Iterator[subprocess.Popen]:
    """`command` in a process group of its own, ended when the block ends (or with the test
    run: tests/process_guard.py)."""
    process = subprocess.Popen(
        process_guard.parent_death_program(command), start_new_session=True, **popen
    )
    process_guard.track(process)
    try:
        yield process
    finally:
        process_guard.end_group(process)


def wait_for_file(path: Path, process: subprocess.Popen) -> str:
    """The text of `path` once `process` has written it."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while not path.exists() or not path.read_text().strip():
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"{process.args} wrote no {path.name}")
        time.sleep(POLL_SECONDS)
    return path.read_text().strip()


@contextlib.contextmanager
def firefox(folder: Path) -> Iterator[FirefoxTab]:
    """Debian's Firefox ESR, headless, on a fresh profile in `folder`; its console is
    printed to `folder`/console.log."""
    require("firefox")
    profile = folder / "profile"
    profile.mkdir()
    prefs = "".join(
        f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()
    )
    (profile / "user.js").write_text(prefs)
    console = folder / "console.log"
    size = {"MOZ_HEADLESS_WIDTH": str(PHONE["width"]), "MOZ_HEADLESS_HEIGHT": str(PHONE["height"])}
    command = [str(FIREFOX), "--headless", "--marionette", "--no-remote", "--profile", str(profile)]
    with (
        console.open("w") as output,
        started(
            command, stdout=output, stderr=subprocess.STDOUT, env={**os.environ, **size}
        ) as process,
    ):
        port = int(wait_for_file(profile / "MarionetteActivePort", process))
        client = Marionette(host="127.0.0.1", port=port)
        client.start_session()
        try:
            yield FirefoxTab(client, process, console)
        finally:
            with contextlib.suppress(Exception):  # a browser already gone has no session
                client.delete_session()


@contextlib.contextmanager
def display(folder: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    """An Xvfb display of its own (its number chosen by Xvfb) and its process."""
    ready = folder / "display"
    with ready.open("w") as written:
        command = [str(XVFB), "-displayfd", str(written.fileno()), "-nolisten", "tcp"]
        command += ["-screen", "0", "1280x1024x24"]
        with started(command, pass_fds=(written.fileno(),), stderr=subprocess.DEVNULL) as xvfb:
            yield f":{wait_for_file(ready, xvfb)}", xvfb


@contextlib.contextmanager
def webkit(folder: Path) -> Iterator[WebKitTab]:
    """WebKitGTK's MiniBrowser through WebKitWebDriver, on an Xvfb display of its own;
    each session is a fresh, private profile (MiniBrowser's automation mode)."""
    require("webkit")
    port = free_port()
    env = {**os.environ, **WEBKIT_ENV}
    with (
        display(folder) as (number, xvfb),
        (folder / "webkit.log").open("w") as output,
        started(
            [str(WEBKIT_DRIVER), f"--port={port}", "--host=127.0.0.1"],
            env={**env, "DISPLAY": number},
            stdout=output,
            stderr=subprocess.STDOUT,
        ) as driver,
    ):
        wait_for_port(port, driver)
        options = WebKitOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        client = webdriver.Remote(command_executor=f"http://127.0.0.1:{port}", options=options)
        try:
            client.set_window_rect(width=PHONE["width"], height=PHONE["height"])
            yield WebKitTab(client, [driver.pid, xvfb.pid])
        finally:
            with contextlib.suppress(Exception):
                client.quit()


@contextlib.contextmanager
def chromium(flags: Sequence[str]) -> Iterator[ChromiumTab]:
    """Debian's whole Chromium with `flags` through Playwright, one tab."""
    require("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(flags))
        try:
            yield ChromiumTab(browser.new_page(viewport=PHONE))
        finally:
            browser.close()


@contextlib.contextmanager
def engine_tab(
    engine: str, folder: Path, chromium_flags: Sequence[str] = ()
) -> Iterator[EngineTab]:
    """A tab of `engine` ("chromium", "firefox" or "webkit"), the browser's files in
    `folder`."""
    if engine == "firefox":
        with firefox(folder) as tab:
            yield tab
    elif engine == "webkit":
        with webkit(folder) as tab:
            yield tab
    else:
        with chromium(chromium_flags) as tab:
            yield tab


def start_short_wizard(tab: EngineTab, names: list[str], hand_sizes: str, dealer: str) -> None:
    """From Home: a Wizard game of `names` with these hand sizes ("1, 3"), `dealer` first,
    as steps.start_short_wizard plays it in Chromium. What is typed is typed again until
    the app shows it has it (Flutter can drop the first keys typed into a field that has
    just taken focus): a name once the app offers it as a first dealer, the hand sizes once
    the game opens rather than the form saying what is wrong with them."""
    tab.tap(t("game.wizard"), exact=False)
    for seat, name in enumerate(names):
        if seat >= SHOWN_SEATS:
            tab.tap(t("setup.add_player"))
        for attempt in range(1, TYPING_ATTEMPTS + 1):
            tab.type_into(t("setup.player_n", n=seat + 1), name)
            try:
                tab.button(t("setup.deals_first", name=name), timeout=TYPED_SECONDS)
                break
            except AssertionError:
                if attempt == TYPING_ATTEMPTS:
                    raise
    choose(tab, t("setup.deals_first", name=dealer))
    rounds = t("banner.round_of", number=1, count=len(hand_sizes.split(",")))
    for _ in range(TYPING_ATTEMPTS):
        tab.type_into(t("setting.round_sizes"), hand_sizes)
        tab.tap(t("setup.start"))
        try:
            tab.expect_value("entry-hint", re.compile("."), TYPED_SECONDS)
            # The game has every hand size typed (a lost key can leave a shorter plan).
            tab.expect_value("banner", re.compile(f"^{re.escape(rounds)} "), STARTED_SECONDS)
            return
        except AssertionError:
            refused = tab.value_of("setup-message")
            if refused is None:
                raise
    raise AssertionError(f"{tab.engine}: the game did not start: {refused}")


def choose(tab: EngineTab, name: str) -> None:
    """Tap the choice chip named `name` until the app hears it as the one chosen: a busy
    WebKit lost the tap on a first dealer once, and the game started with a random one."""
    for attempt in range(1, TYPING_ATTEMPTS + 1):
        tab.tap(name)
        try:
            tab.wait_for(CHOSEN, name, True, timeout=TYPED_SECONDS, what=f"{name!r} chosen")
            return
        except AssertionError:
            if attempt == TYPING_ATTEMPTS:
                raise


CHOSEN = FIND_BUTTON.replace("return node;", 'return node.getAttribute("aria-current") === "true";')
"""Whether the button named so is the one chosen of its chips (Flutter's web accessibility
tree says a selected node is aria-current)."""
SHOWN_SEATS = 3
"""The seats Wizard's new-game form starts with."""
TYPING_ATTEMPTS = 3
FOCUS_ATTEMPTS = 3
"""Clicks on a text field before its focus is given up on (within TAB_OPENS_SECONDS)."""
HELD = "return arguments[0].value;"
"""What a browser's text input holds."""
FIELD_HOLDS_SECONDS = 10.0
"""Keys typed reach the browser's input within this, however busy the page."""
STARTED_SECONDS = 5.0
"""The banner is drawn with the entry's hint: once the hint shows, at once."""
TYPED_SECONDS = 30.0
"""A typed text reaches the app and comes back changed on screen within this, on a machine
busy with other browsers (5 s was too short there: CI's bench smoke run)."""
