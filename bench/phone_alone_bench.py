"""Phone-alone benchmark: the site `make site` writes against the server mode, in one
headless Chromium. Prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/phone_alone_bench.py [--quick]``.
The site is built and served by `make site`'s static server (which sends the compressed
copies a browser accepts); a Trickpad server runs beside it on its own data folder. For
the phone alone it measures, in one browser profile:
- the first visit: bytes the static server sent (the page, Python, the app, and what the
  service worker keeps for offline use), counted until the site is all kept;
- a repeat visit: bytes sent, once the service worker holds the site (its own update
  check, sw.js, is the one request that still reaches the network) and the first visit
  has kept Python's start (site_build/python_start.js), and the time from navigation to
  the home's first button;
- a Wizard bid tap's time to its update on screen.
For the server mode: the cold start (server process started to the home's first button
in a fresh profile, as bench/ui_bench.py measures it) and the same bid tap.
Aims (issue #23): first visit <= 12 MB, repeat visit 0 bytes from the network, home from
the cache <= 1.5x the server's cold start, tap median <= 1.5x the server's.
"""

import argparse
import functools
import http.server
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Browser, Page, expect, sync_playwright

from bench.figures import Row, ms, p95, print_table
from bench.ui_bench import (
    CHROMIUM,
    HOME_JS,
    UNTIMED_TAPS,
    ben_bids,
    start_server,
    stop,
    timed_tap,
)
from main import ASSETS_DIR
from serving.web_app import client_variants
from site_build.__main__ import StaticFiles
from site_build.build import build_site
from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import free_port, wait_for_port
from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE, enable_accessibility
from tests.e2e.steps import start_short_wizard, wait_for_kept_start
from views.shell.i18n import t

MB = 1_000_000
PLAYERS = ["Ann", "Ben", "Cas", "Dot"]
BID_COUNT = '[flt-semantics-identifier="bid-count"]'
QUIET_SECONDS = 2.0
"""The site counts as all kept once the static server has sent nothing for this long."""


@dataclass
class Sent:
    """What the static server has sent since `reset`: body bytes, and the paths asked."""

    bytes: int = 0
    paths: list[str] = field(default_factory=list)
    last: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.bytes += size
            self.paths.append(path)
            self.last = time.monotonic()

    def reset(self) -> None:
        with self.lock:
            self.bytes, self.paths, self.last = 0, [], time.monotonic()

    def wait_until_quiet(self) -> None:
        while time.monotonic() - self.last < QUIET_SECONDS:
            time.sleep(0.2)


class CountingStaticFiles(StaticFiles):
    sent: Sent

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        data = source.read()
        outputfile.write(data)
        self.sent.add(self.path, len(data))

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving_site(folder: Path) -> Iterator[tuple[str, Sent]]:
    sent = Sent()
    handler = type("Counting", (CountingStaticFiles,), {"sent": sent})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", sent
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class PhoneFigures:
    first_visit_bytes: int = 0
    first_visit_home: float = 0.0
    repeat_visit_bytes: int = 0
    repeat_visit_paths: list[str] = field(default_factory=list)
    start_kept: float = 0.0
    home_from_cache: float = 0.0
    taps: list[float] = field(default_factory=list)


@dataclass
class ServerFigures:
    cold_start: float = 0.0
    taps: list[float] = field(default_factory=list)


def home_seen(page: Page, url: str) -> float:
    """Seconds from navigating to `url` to the home's first button drawn."""
    page.add_init_script(HOME_JS % json.dumps(t("game.wizard")))
    started = time.time()
    page.goto(url)
    return page.evaluate("window.homeSeen") / 1000 - started


def timed_taps(page: Page, taps: int) -> list[float]:
    chip = ben_bids(page, BID_COUNT)
    for _ in range(UNTIMED_TAPS):
        timed_tap(page, chip(), BID_COUNT)
    return [timed_tap(page, chip(), BID_COUNT) for _ in range(taps)]


def measure_phone(browser: Browser, url: str, sent: Sent, taps: int) -> PhoneFigures:
    figures = PhoneFigures()
    context = browser.new_context(viewport=PHONE)
    try:
        sent.reset()
        first = context.new_page()
        figures.first_visit_home = home_seen(first, url)
        first.evaluate("navigator.serviceWorker.ready")
        first.wait_for_function("navigator.serviceWorker.controller !== null")
        sent.wait_until_quiet()
        figures.first_visit_bytes = sent.bytes
        started = time.monotonic()
        wait_for_kept_start(first, timeout=120_000)
        figures.start_kept = time.monotonic() - started
        first.close()

        sent.reset()
        repeat = context.new_page()
        figures.home_from_cache = home_seen(repeat, url)
        sent.wait_until_quiet()
        figures.repeat_visit_bytes, figures.repeat_visit_paths = sent.bytes, list(sent.paths)

        start_short_wizard(repeat, PLAYERS, "1", dealer="Ann")
        expect(repeat.locator(BID_COUNT)).to_be_visible(timeout=60_000)
        figures.taps = timed_taps(repeat, taps)
    finally:
        context.close()
    return figures


def measure_server(browser: Browser, data_dir: Path, taps: int) -> ServerFigures:
    with open_store(data_dir).store as store:
        game_id = GameKeeper(store).start("wizard", PLAYERS, 0, {"round_sizes": [1]}).id
    port = free_port()
    command = ["main.py", "--port", str(port), "--no-browser", "--data-dir", str(data_dir)]
    started = time.time()
    process = start_server(command)
    figures = ServerFigures()
    context = browser.new_context(viewport=PHONE)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_port(port, process)
        page = context.new_page()
        page.add_init_script(HOME_JS % json.dumps(t("game.wizard")))
        page.goto(url)
        figures.cold_start = page.evaluate("window.homeSeen") / 1000 - started
        page.goto(f"{url}/game/{game_id}")
        enable_accessibility(page)
        expect(page.locator(BID_COUNT)).to_be_visible(timeout=60_000)
        figures.taps = timed_taps(page, taps)
    finally:
        context.close()
        stop(process)
    return figures


def ratio(value: float, base: float) -> str:
    return f"{value / base:.2f}x" if base else "-"


def report(phone: PhoneFigures, server: ServerFigures, machine: str, quick: bool) -> None:
    tap_phone, tap_server = statistics.median(phone.taps), statistics.median(server.taps)
    asked = ", ".join(sorted(set(phone.repeat_visit_paths))) or "nothing"
    cache_ratio = ratio(phone.home_from_cache, server.cold_start)
    rows: list[Row] = [
        ("first visit, bytes sent", f"{phone.first_visit_bytes / MB:.2f} MB", "<= 12 MB", ""),
        ("first visit, home drawn", ms(phone.first_visit_home), "", "Pyodide's first start"),
        ("first visit, then Python's start kept", ms(phone.start_kept), "", "in the background"),
        ("repeat visit, bytes sent", f"{phone.repeat_visit_bytes} B", "0 B", f"asked: {asked}"),
        ("repeat visit, home from the cache", ms(phone.home_from_cache), "", machine),
        ("server mode, cold start", ms(server.cold_start), "", "process start to home"),
        ("home from cache / server cold start", cache_ratio, "<= 1.5x", machine),
        ("tap, phone alone median", ms(tap_phone), "", f"{len(phone.taps)} taps"),
        ("tap, phone alone p95", ms(p95(phone.taps)), "", ""),
        ("tap, server mode median", ms(tap_server), "", f"{len(server.taps)} taps"),
        ("tap, server mode p95", ms(p95(server.taps)), "", ""),
        ("tap median ratio", ratio(tap_phone, tap_server), "<= 1.5x", machine),
    ]
    print_table(rows, quick)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 taps each (smoke run)")
    parser.add_argument("--taps", type=int, default=60, help="timed taps per mode")
    args = parser.parse_args()
    taps = 3 if args.quick else args.taps
    client_variants(ASSETS_DIR)  # made once per install: not part of the cold start
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        site = build_site(Path(folder) / "site")
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            with serving_site(site) as (url, sent):
                phone = measure_phone(browser, url, sent, taps)
            server = measure_server(browser, Path(folder) / "data", taps)
        finally:
            browser.close()
    report(phone, server, machine, args.quick)


if __name__ == "__main__":
    main()
