"""UI benchmark: Trickpad against a bare Flet app, in one headless Chromium. Prints figures,
asserts nothing.

Run from the repository root: ``.venv/bin/python bench/ui_bench.py [--quick]``.
Each round starts both servers in turn (bare counter, then Trickpad) and measures:
- cold start: from starting the server process to the home screen painted in a fresh
  browser profile (Flutter's accessibility tree showing the home's button);
- taps: a tap on the counter's button, and on a Wizard bid chip, until the text they change
  (the count; "Bids: n of 1") is updated in the page;
- in the first round, server memory (RSS) with the home open, and per additional tab.
With ``--followers 5`` five more tabs stay open on the page tapped (for Trickpad: five
phones following the same game live, which the server updates on every tap; for the bare
counter: five more counters); their scripts are paused, as other phones' screens cost the
tapping phone nothing but the server's time.
Aims (issue #15): cold start <= 1.10x bare, tap p95 <= 1.0x bare, also with five followers.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Browser, CDPSession, Locator, Page, expect, sync_playwright

from bench.figures import Row, ms, p95, print_table
from main import ASSETS_DIR
from serving.web_app import client_variants
from storage import open_store
from storage.keeper import GameKeeper
from tests import process_guard
from tests.app_server import free_port, wait_for_port
from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE, enable_accessibility
from tests.e2e.steps import pad_to
from views.shell.i18n import t

REPO_ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
"""The whole browser, as a phone's is, not the tests' headless shell: the benches' figures
are what a player waits for (the shell started the phone-alone app and its taps at other
ratios to the server's)."""
MIB = 1024 * 1024
EXTRA_TABS = 5
QUICK_EXTRA_TABS = 1
"""The smoke run (--quick) opens fewer: it proves the script's every path, not a figure."""
FOLLOWERS_SETTLE_MS = 3000
UNTIMED_TAPS = 5
"""Taps before the timed ones, on both apps: the state the taps start from, and time for
the tabs just opened (five followers each starting Flutter on the same two cores) to be
done drawing; the first taps after opening them took 40-85 ms instead of 28."""
ARM_JS = """
(watched) => {
  window.tapTime = new Promise((resolve, reject) => {
    const read = () => (document.querySelector(watched) || {}).textContent;
    const before = read();
    let start = null;
    document.addEventListener("pointerdown", () => { start = performance.now(); },
      {capture: true, once: true});
    const observer = new MutationObserver(() => {
      if (start !== null && read() !== before) {
        observer.disconnect();
        resolve(performance.now() - start);
      }
    });
    observer.observe(document.body,
      {subtree: true, childList: true, characterData: true, attributes: true});
    setTimeout(() => { observer.disconnect(); reject(new Error("no change: " + before)); },
      15000);
  });
}
"""
"""Arms a timer: milliseconds from the next pointer press until `watched`'s text changes."""
HOME_JS = """
if (location.pathname === "/") window.homeSeen = new Promise((resolve) => {
  const name = %s;
  let asked = false;
  const check = () => {
    const placeholder = document.querySelector("flt-semantics-placeholder");
    if (placeholder && !asked) { asked = true; placeholder.click(); }
    for (const node of document.querySelectorAll('[role="button"]')) {
      const label = node.getAttribute("aria-label") || node.textContent || "";
      if (label.trim().startsWith(name)) {
        observer.disconnect();
        resolve(performance.timeOrigin + performance.now());
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true});
});
"""
"""Runs in the page before Flutter, on the home's address only (the game's address the taps
open turns the tree on in their set-up): turns on Flutter's accessibility tree as soon as it
can be, and resolves `homeSeen` (milliseconds since the epoch) the moment a button named as
the home's appears in it. Seen from inside the page, not by polling from outside, whose
steps (100 ms, then 250 ms ...) would round the moment up."""


def timed_tap(page: Page, button: Locator, watched: str) -> float:
    """Seconds from pressing `button` (a real mouse click) to its text change on screen."""
    page.evaluate(ARM_JS, watched)
    button.click()
    return page.evaluate("window.tapTime") / 1000


@dataclass
class Figures:
    starts: list[float] = field(default_factory=list)
    taps: list[float] = field(default_factory=list)
    home_rss: int = 0
    per_tab_rss: float = 0.0


@dataclass
class Subject:
    """One app under test: how to start it, see its home, and tap."""

    name: str
    command: Callable[[int], list[str]]
    """Its Python command line for a port, without the interpreter."""
    home_name: str
    """The accessible name its home's first button starts with."""
    prepare_taps: Callable[[Page, str], tuple[Callable[[int], Locator], str]]
    figures: Figures = field(default_factory=Figures)


def rss(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def start_server(python_args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
    """`python *python_args` in a process group of its own, ended with this bench however it
    ends: by `stop`, at exit or on SIGTERM (tests/process_guard), or by the kernel when the
    bench dies first."""
    process = subprocess.Popen(
        process_guard.parent_death_command(python_args),
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    process_guard.track(process)
    return process


def stop(process: subprocess.Popen) -> None:
    process_guard.end_group(process)


def bare_subject() -> Subject:
    def taps(page: Page, url: str) -> tuple[Callable[[int], Locator], str]:
        return (lambda _: page.get_by_role("button", name="Add")), "flt-semantics-host"

    return Subject(
        "bare Flet counter",
        lambda port: [str(REPO_ROOT / "bench" / "bare_counter.py"), str(port)],
        "Add",
        taps,
    )


def ben_bids(page: Page, bid_count: str) -> Callable[[], Locator]:
    """Ben's other bid (0 or 1; nobody else bids): each tap changes the bid count. The pad
    moves on to the next bidder after a bid, so it is brought back to Ben first by a tap
    on his row that is not timed."""
    full = t("wizard.bid_count", total=1, cards=1, gap=t("wizard.exact"))
    ben_pad = t("wizard.pad_bid", player="Ben")

    def chip() -> Locator:
        if page.locator(PAD_TITLE).inner_text().strip() != ben_pad:
            pad_to(page, "Ben")
        bid = 0 if page.locator(bid_count).text_content() == full else 1
        return page.get_by_role("button", name=t("wizard.bid_name", player="Ben", count=bid))

    return chip


PAD_TITLE = '[flt-semantics-identifier="pad-title"]'


def trickpad_subject(data_dir: Path) -> Subject:
    with open_store(data_dir).store as store:
        game_id = GameKeeper(store).start("wizard", ["Ann", "Ben", "Cas", "Dot"], 0).id

    def taps(page: Page, url: str) -> tuple[Callable[[int], Locator], str]:
        page.goto(f"{url}/game/{game_id}")
        enable_accessibility(page)
        watched = '[flt-semantics-identifier="bid-count"]'
        expect(page.locator(watched)).to_be_visible(timeout=30_000)

        chip = ben_bids(page, watched)
        return lambda _: chip(), watched

    return Subject(
        "Trickpad",
        lambda port: [
            str(REPO_ROOT / "main.py"),
            "--port",
            str(port),
            "--no-browser",
            "--data-dir",
            str(data_dir),
        ],
        t("game.wizard"),
        taps,
    )


def open_followers(page: Page, count: int, watched: str) -> list[CDPSession]:
    """`count` more tabs on `page`'s address, each showing `watched`, then paused.

    Headless Chromium runs every tab on this computer's two cores, in front or not; a phone
    at the table draws on its own processor. So each follower's scripts are held by the
    debugger (`Page.setWebLifecycleState` "frozen" was tried first: a visible headless tab
    kept running). The server still sends it every update, which its browser keeps for
    it, and drawing them costs the tapping tab nothing."""
    followers = []
    for _ in range(count):
        follower = page.context.new_page()
        follower.goto(page.url)
        enable_accessibility(follower)
        expect(follower.locator(watched).first).to_be_attached(timeout=60_000)
        control = page.context.new_cdp_session(follower)
        control.send("Debugger.enable")
        control.send("Debugger.pause")
        followers.append(control)
    page.bring_to_front()
    # Six tabs have just started Flutter on two cores: the taps that follow at once measure
    # that start (40-170 ms each for about a second), not a table following a game.
    page.wait_for_timeout(FOLLOWERS_SETTLE_MS)
    return followers


def run_round(
    browser: Browser,
    subject: Subject,
    taps: int,
    extra_tabs: int = 0,
    followers: int = 0,
) -> None:
    """Cold start, the memory of `extra_tabs` more tabs (none: not measured), then `taps`
    timed taps (with `followers` more tabs on the page tapped); the server is stopped after."""
    print(f"{subject.name}: start, {taps} taps", file=sys.stderr, flush=True)
    port = free_port()
    environment = {**os.environ, "FLET_FORCE_WEB_SERVER": "1"}
    start = time.time()
    process = start_server(subject.command(port), environment)
    context = browser.new_context(viewport=PHONE)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_port(port, process)
        page = context.new_page()
        page.add_init_script(HOME_JS % json.dumps(subject.home_name))
        page.goto(url)
        subject.figures.starts.append(page.evaluate("window.homeSeen") / 1000 - start)
        if extra_tabs:
            page.wait_for_load_state("networkidle")
            subject.figures.home_rss = rss(process.pid)
            tabs = [context.new_page() for _ in range(extra_tabs)]
            for tab in tabs:
                tab.goto(url)
                enable_accessibility(tab)
                expect(tab.get_by_role("button", name=subject.home_name).first).to_be_visible(
                    timeout=60_000
                )
            added = rss(process.pid) - subject.figures.home_rss
            subject.figures.per_tab_rss = added / extra_tabs
            for tab in tabs:
                tab.close()
            page.bring_to_front()  # a background tab's frames are throttled
        button, watched = subject.prepare_taps(page, url)
        open_followers(page, followers, watched)
        for number in range(-UNTIMED_TAPS, 0):
            timed_tap(page, button(number), watched)
        for number in range(1, taps + 1):
            subject.figures.taps.append(timed_tap(page, button(number), watched))
    finally:
        context.close()
        stop(process)


def ratio(value: float, bare: float) -> str:
    return f"{value / bare:.2f}x" if bare else "-"


def report(bare: Figures, app: Figures, machine: str, quick: bool, extra_tabs: int) -> None:
    start_bare, start_app = statistics.median(bare.starts), statistics.median(app.starts)
    rows: list[Row] = [
        ("cold start, bare median", ms(start_bare), "", f"{len(bare.starts)} starts"),
        ("cold start, Trickpad median", ms(start_app), "", f"{len(app.starts)} starts"),
        ("cold start ratio", ratio(start_app, start_bare), "<= 1.10x", machine),
    ]
    for label, pick in (("median", statistics.median), ("p95", p95)):
        tap_bare, tap_app = pick(bare.taps), pick(app.taps)
        rows += [
            (f"tap, bare button {label}", ms(tap_bare), "", f"{len(bare.taps)} taps"),
            (f"tap, Wizard bid chip {label}", ms(tap_app), "", f"{len(app.taps)} taps"),
        ]
        rows.append((f"tap {label} ratio", ratio(tap_app, tap_bare), "<= 1.0x (p95)", machine))
    rows += [
        ("server RSS with home open, bare", f"{bare.home_rss / MIB:.1f} MiB", "", ""),
        ("server RSS with home open, Trickpad", f"{app.home_rss / MIB:.1f} MiB", "", ""),
        ("home RSS ratio", ratio(app.home_rss, bare.home_rss), "", machine),
        ("per extra tab, bare", f"{bare.per_tab_rss / MIB:.2f} MiB", "", f"{extra_tabs} tabs"),
        ("per extra tab, Trickpad", f"{app.per_tab_rss / MIB:.2f} MiB", "", f"{extra_tabs} tabs"),
        ("per-tab RSS ratio", ratio(app.per_tab_rss, bare.per_tab_rss), "", machine),
    ]
    print_table(rows, quick)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    quick = "1 round of 3 taps, 1 extra tab, no warm-up (smoke run)"
    parser.add_argument("--quick", action="store_true", help=quick)
    parser.add_argument("--rounds", type=int, default=9, help="cold starts per app")
    parser.add_argument("--taps", type=int, default=16, help="timed taps per app and round")
    parser.add_argument("--followers", type=int, default=0, help="more tabs on the page tapped")
    args = parser.parse_args()
    rounds, taps = (1, 3) if args.quick else (args.rounds, args.taps)
    extra_tabs = QUICK_EXTRA_TABS if args.quick else EXTRA_TABS
    # The compressed client is made once per install: not part of any start measured here.
    client_variants(ASSETS_DIR)
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        if not CHROMIUM.exists():
            raise SystemExit(f"{CHROMIUM} is missing: apt-get install chromium")
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        bare, app = bare_subject(), trickpad_subject(Path(data))
        for subject in () if args.quick else (bare, app):
            run_round(browser, subject, 1)  # untimed: fills the OS file cache and Chromium's
            subject.figures = Figures()
        for number in range(rounds):
            for subject in (bare, app):
                run_round(browser, subject, taps, extra_tabs if number == 0 else 0, args.followers)
        browser.close()
    if args.followers:
        machine += f", {args.followers} followers"
    report(bare.figures, app.figures, machine, args.quick, extra_tabs)


if __name__ == "__main__":
    main()
