"""Idle and start-up benchmark in the three engines a table's phones run: Chromium, Firefox
and WebKit (tests/e2e/engines.py drives each). Prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/idle_bench.py [--quick]``.
For each engine, in a fresh profile:
- served (`python main.py`): Home, then a Wizard game's screen (the game made in the store
  beforehand), each left to settle, then the processor time of the browser's whole process
  tree (from /proc, children included; for WebKit its driver and Xvfb too, which draw its
  window) over `--seconds`, and the server's own over the same seconds;
- phone alone (the built site on a static server): the first visit, timed from navigation
  to Home's first button drawn; once Python's start is kept and the service worker holds
  the site, Home idle and then a started game's screen idle, measured as above; a repeat
  visit, and an offline start (the site's server stopped), each timed the same way. The
  starts are run `--starts` times, each in a fresh profile, and their median printed, with
  whether the later starts began from the kept start (the console's line; WebKit's console
  cannot be read through its driver: there only the start kept in IndexedDB is seen).
"""

import argparse
import contextlib
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Row, print_table
from bench.ui_bench import start_server, stop
from main import ASSETS_DIR
from serving.web_app import client_variants
from site_build.build import build_site
from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import free_port, wait_for_port
from tests.e2e.conftest import CHROMIUM_FLAGS, serving_site
from tests.e2e.engines import EngineTab, descendants, engine_tab, start_short_wizard
from tests.e2e.steps import START_KEPT
from views.shell.i18n import t

ENGINES = ("chromium", "firefox", "webkit")
PLAYERS = ["Ann", "Ben", "Cas"]
SETTLE_SECONDS = 5.0
"""After what the screen waits for is shown (and, on the phone alone, Python's start kept
and the service worker in charge), before the idle seconds are counted (none in the smoke
run)."""
BOOT_SECONDS = 180.0
KEPT_START = "Trickpad: Python started from the kept start"
HOME_WATCH = """
const name = arguments[0];
window.__homeSeen = null;
const check = () => {
  const placeholder = document.querySelector("flt-semantics-placeholder");
  if (placeholder && !window.__homeAsked) {
    window.__homeAsked = true;
    placeholder.click();
  }
  for (const node of document.querySelectorAll('[role="button"]')) {
    if ((node.getAttribute("aria-label") || node.textContent).trim().startsWith(name)) {
      window.__homeSeen = performance.now();
      observer.disconnect();
      return;
    }
  }
};
const observer = new MutationObserver(check);
observer.observe(document, {subtree: true, childList: true, attributes: true});
check();
"""
"""Run as soon as the navigation has loaded the page (WebDriver classic runs nothing
earlier): turns Flutter's accessibility tree on as soon as it can be, and notes the moment
Home's first button appears in it, in milliseconds since the navigation started."""


def cpu_seconds(roots: list[int]) -> float:
    """Processor time of the live processes under `roots` (each one's own, and what its
    ended children left it), in seconds."""
    ticks = 0
    for root in roots:
        for pid in descendants(root):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
                ticks += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Idle:
    """How long a screen is left alone: `settle` seconds, then `seconds` measured."""

    settle: float
    seconds: float


def idle_cost(tab: EngineTab, server: int | None, idle: Idle) -> tuple[float, float]:
    """(browser, server) processor seconds over the seconds measured of the screen left
    alone."""
    time.sleep(idle.settle)
    servers = [server] if server is not None else []
    browser_before, server_before = cpu_seconds(tab.roots()), cpu_seconds(servers)
    time.sleep(idle.seconds)
    return cpu_seconds(tab.roots()) - browser_before, cpu_seconds(servers) - server_before


def home_drawn(tab: EngineTab, url: str) -> float:
    """Seconds from navigating to `url` to Home's first button drawn, the tab having left
    the app first (a blank page), as a phone does between visits. (Straight from a game's
    address to Home's, WebKit's new page found the games' Web Lock still held and waited,
    saying the games are open in another tab: docs/performance.md.)"""
    tab.goto("about:blank")
    tab.goto(url)
    tab.run(HOME_WATCH, t("game.wizard"))
    seen = tab.wait_for("return window.__homeSeen;", timeout=BOOT_SECONDS, what="Home drawn")
    return seen / 1000


@dataclass
class Figures:
    idle: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Screen -> (browser, server) processor seconds."""
    starts: dict[str, list[float]] = field(default_factory=dict)
    from_kept_start: list[int] = field(default_factory=list)
    """Per profile, how many of its two later starts said they began from the kept start
    (empty where the console cannot be read)."""


def served(engine: str, folder: Path, idle: Idle, figures: Figures) -> None:
    data = folder / "data"
    with open_store(data).store as store:
        game = GameKeeper(store).start("wizard", PLAYERS, 0, {"round_sizes": [1]}).id
    port = free_port()
    server = start_server(["main.py", "--port", str(port), "--no-browser", "--data-dir", str(data)])
    try:
        wait_for_port(port, server)
        url = f"http://127.0.0.1:{port}"
        with engine_tab(engine, folder, CHROMIUM_FLAGS) as tab:
            tab.open(url)
            tab.button(t("game.wizard"), exact=False)
            figures.idle["served Home"] = idle_cost(tab, server.pid, idle)
            tab.open(f"{url}/game/{game}")
            tab.expect_value("entry-hint", t("wizard.next_bid", player="Ben"), BOOT_SECONDS)
            figures.idle["served game"] = idle_cost(tab, server.pid, idle)
    finally:
        stop(server)


def kept_and_in_charge(tab: EngineTab) -> None:
    """Wait until Python's start is kept and the service worker holds the site."""
    tab.wait_for_async(START_KEPT, timeout=BOOT_SECONDS, what="Python's start kept")
    tab.wait_for(
        "return navigator.serviceWorker.controller !== null;",
        timeout=BOOT_SECONDS,
        what="service worker in charge",
    )


def phone_alone(engine: str, site: Path, folder: Path, idle: Idle | None, figures: Figures) -> None:
    """One fresh profile's starts; the idle figures too unless `idle` is None."""
    with contextlib.ExitStack() as online, engine_tab(engine, folder, CHROMIUM_FLAGS) as tab:
        url = online.enter_context(serving_site(site))
        figures.starts.setdefault("first visit", []).append(home_drawn(tab, url))
        kept_and_in_charge(tab)
        if idle is not None:
            figures.idle["phone alone Home"] = idle_cost(tab, None, idle)
            start_short_wizard(tab, PLAYERS, "1", dealer="Ann")
            tab.expect_value("entry-hint", t("wizard.next_bid", player="Ben"), BOOT_SECONDS)
            figures.idle["phone alone game"] = idle_cost(tab, None, idle)
        figures.starts.setdefault("repeat visit", []).append(home_drawn(tab, url))
        online.close()
        figures.starts.setdefault("offline start", []).append(home_drawn(tab, url))
        lines = tab.console_lines()
        if lines is not None:
            figures.from_kept_start.append(sum(KEPT_START in line for line in lines))


def fresh_folder(parent: Path, name: str) -> Path:
    folder = parent / name
    folder.mkdir()
    return folder


def measure(engine: str, site: Path, parent: Path, idle: Idle, starts: int) -> Figures:
    figures = Figures()
    print(f"{engine}: served", file=sys.stderr, flush=True)
    served(engine, fresh_folder(parent, f"{engine}-served"), idle, figures)
    for number in range(starts):
        print(f"{engine}: phone alone, profile {number + 1}", file=sys.stderr, flush=True)
        folder = fresh_folder(parent, f"{engine}-phone-{number}")
        phone_alone(engine, site, folder, idle if number == 0 else None, figures)
    return figures


def median_row(figure: str, times: list[float]) -> Row:
    """A figure's median time in seconds, measured on each of its runs, as a table row."""
    runs = ", ".join(f"{time:.2f}" for time in times)
    return (figure, f"{statistics.median(times):.2f} s", "", f"median of {len(times)} ({runs})")


def rows_of(engine: str, figures: Figures, machine: str) -> list[Row]:
    rows: list[Row] = []
    for screen, (browser, server) in figures.idle.items():
        rows.append((f"{engine}, {screen} idle, browser", f"{browser:.2f} core-s", "", machine))
        if screen.startswith("served"):
            rows.append((f"{engine}, {screen} idle, server", f"{server:.2f} core-s", "", ""))
    for start, times in figures.starts.items():
        rows.append(median_row(f"{engine}, phone alone {start}, Home drawn", times))
    kept = (
        f"{sum(figures.from_kept_start)} of {2 * len(figures.from_kept_start)} later starts"
        if figures.from_kept_start
        else "kept in IndexedDB; the console cannot be read"
    )
    rows.append((f"{engine}, Python from the kept start", kept, "", ""))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 s idle, 1 profile (smoke run)")
    parser.add_argument("--seconds", type=float, default=20.0, help="idle seconds measured")
    parser.add_argument("--starts", type=int, default=3, help="fresh profiles per engine")
    parser.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES))
    args = parser.parse_args()
    idle = Idle(0.0, 1.0) if args.quick else Idle(SETTLE_SECONDS, args.seconds)
    starts = 1 if args.quick else args.starts
    client_variants(ASSETS_DIR)  # made once per install: not part of any figure
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    print(f"(processor seconds over {idle.seconds:g} s of each screen left alone)")
    with tempfile.TemporaryDirectory(prefix="trickpad-idle-bench-") as temp:
        site = build_site(Path(temp) / "site")
        for engine in args.engines:  # each engine's table as soon as it is measured
            figures = measure(engine, site, Path(temp), idle, starts)
            print_table(rows_of(engine, figures, machine), args.quick)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
