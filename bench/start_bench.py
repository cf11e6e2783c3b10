"""Start-up benchmark of the phone alone, stage by stage. Prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/start_bench.py [--quick]``.
Builds the site, serves it as `make site` does and, in Chromium, for each of `--runs`
fresh profiles, at full speed and with the page's processor slowed 4x (CDP's
`Emulation.setCPUThrottlingRate`, set on the page: its workers, Python's among them, run
at full speed): the first visit, then, once Python's start is kept, a repeat visit from
the cache. Each stage's time is counted from the navigation (the page's time origin) to
the console line that marks it, as it reaches the bench, or to Home's first button drawn;
the median of the runs is printed. `--quick`: one profile, at full speed; `--speeds 4`:
slowed 4x only.
`--engines firefox webkit` adds their starts at full speed (bench/idle_bench.py's, Home
drawn only: their consoles carry no stages to read).
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from bench.figures import Row, print_table
from bench.idle_bench import Figures, fresh_folder, median_row, phone_alone
from bench.ui_bench import CHROMIUM, HOME_JS
from main import ASSETS_DIR
from serving.web_app import client_variants
from site_build.build import build_site
from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE
from tests.e2e.steps import wait_for_kept_start
from tests.site_server import serving_site
from views.shell.i18n import t

STAGES = (
    ("Flutter loaded", ("Flutter app loaded",)),
    ("worker started", ("Trickpad: Python's worker started", "Starting up Python worker")),
    ("Flutter connects", ("Trickpad: Flutter connects", "Starting up Python worker")),
    ("Python up", ("Trickpad: Python started", "python_module_name:")),
    ("app unpacked", ("Trickpad: the app is in place", "Adding __pypackages__")),
    ("app running", ("Python worker initialized",)),
)
"""Each stage and the console lines that mark it, the first line seen of the first of
them that is said (this build's own marks first, Flet's where a build has none)."""
HOME = "Home drawn"
SPEEDS = (1, 4)
"""Chromium's processor throttling rates measured: full speed, and slowed 4x."""
VISITS = ("first visit", "repeat visit")


class Console:
    """The moments (seconds since the epoch) the page's and its workers' console lines
    reached the bench, from the latest `clear` on."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, str]] = []

    def heard(self, message: ConsoleMessage) -> None:
        self.lines.append((time.time(), message.text))

    def clear(self) -> None:
        self.lines = []

    def first(self, marks: tuple[str, ...]) -> float | None:
        for mark in marks:
            for moment, text in self.lines:
                if text.startswith(mark):
                    return moment
        return None


def visit(page: Page, url: str, console: Console) -> dict[str, float]:
    """Seconds from the navigation to each stage seen, and to Home drawn."""
    console.clear()
    page.goto(url)
    home = page.evaluate("window.homeSeen") / 1000
    origin = page.evaluate("performance.timeOrigin") / 1000
    stages = {HOME: home - origin}
    for stage, marks in STAGES:
        moment = console.first(marks)
        if moment is not None:
            stages[stage] = moment - origin
    return stages


def watched(page: Page, console: Console) -> Page:
    page.on("console", console.heard)
    page.on("worker", lambda worker: worker.on("console", console.heard))
    return page


@contextmanager
def watched_tab(browser: Browser, console: Console) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    try:
        context.add_init_script(HOME_JS % json.dumps(t("game.wizard")))
        yield watched(context.new_page(), console)
    finally:
        context.close()


def slowed(page: Page, rate: int) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def one_profile(browser: Browser, url: str, rate: int) -> dict[str, dict[str, float]]:
    """A fresh profile's first visit and, once its start is kept, its repeat visit."""
    console = Console()
    with watched_tab(browser, console) as first:
        slowed(first, rate)
        first_visit = visit(first, url, console)
        first.wait_for_function("navigator.serviceWorker.controller !== null")
        wait_for_kept_start(first, timeout=180_000)
        repeat = watched(first.context.new_page(), console)
        first.close()
        slowed(repeat, rate)
        return dict(zip(VISITS, (first_visit, visit(repeat, url, console)), strict=True))


def chromium_rows(url: str, runs: int, speeds: tuple[int, ...]) -> list[Row]:
    measured: dict[tuple[int, str], list[dict[str, float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            for rate in speeds:
                for number in range(runs):
                    print(f"chromium {rate}x: profile {number + 1}", file=sys.stderr, flush=True)
                    for visit_name, stages in one_profile(browser, url, rate).items():
                        measured.setdefault((rate, visit_name), []).append(stages)
        finally:
            browser.close()
    rows: list[Row] = []
    for (rate, visit_name), samples in measured.items():
        for stage in (*(name for name, _ in STAGES), HOME):
            times = [sample[stage] for sample in samples if stage in sample]
            if times:
                runs_text = ", ".join(f"{value:.2f}" for value in times)
                where = f"median of {len(times)} ({runs_text})"
                speed = "full speed" if rate == 1 else f"CPU {rate}x slower"
                figure = f"chromium {speed}, {visit_name}: {stage}"
                rows.append((figure, f"{statistics.median(times):.2f} s", "", where))
    return rows


def engine_rows(engine: str, site: Path, runs: int) -> list[Row]:
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix=f"trickpad-start-{engine}-") as temp:
        for number in range(runs):
            print(f"{engine}: profile {number + 1}", file=sys.stderr, flush=True)
            phone_alone(engine, site, fresh_folder(Path(temp), str(number)), None, figures)
    return [
        median_row(f"{engine} full speed, {start}: {HOME}", times)
        for start, times in figures.starts.items()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one profile, at full speed")
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles per speed")
    parser.add_argument(
        "--speeds", type=int, nargs="+", default=SPEEDS, help="Chromium's slowdowns: 1 4"
    )
    parser.add_argument("--engines", nargs="*", choices=("firefox", "webkit"), default=[])
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    client_variants(ASSETS_DIR)  # made once per install: not part of any figure
    with tempfile.TemporaryDirectory(prefix="trickpad-start-bench-") as temp:
        site = build_site(Path(temp) / "site")
        with serving_site(site) as url:
            rows = chromium_rows(url, runs, (1,) if args.quick else tuple(args.speeds))
        for engine in args.engines:
            rows += engine_rows(engine, site, runs)
    print_table(rows, args.quick)


if __name__ == "__main__":
    main()
