"""Phone-alone files benchmark: how long the phone's browser takes to read a game file and
to merge a backup, by size, through the real buttons. Prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/phone_files_bench.py [--quick]``.
The site is built and served by `make site`'s static server; one headless Chromium tab
(phone-sized) picks each file as a player does, and the time runs from the pick to the
line that says what came of it. Backups are made of copies of a played Wizard game (each
under its own id), so that every game is checked and replayed as a real one is; game files
are the longest game Trickpad records (MAX_ACTIONS steps), cut to the size asked. The
limits phone.PHONE_FILE_LIMITS sets are chosen from these figures: what a phone several
times slower than this machine still reads within about half a minute.
It also reports how deep Pyodide's json parser goes before it fails, and how.
"""

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Page, expect, sync_playwright

from bench.figures import Row, ms, print_table
from phone_alone.file_limits import PHONE_FILE_LIMITS
from site_build.build import build_site
from storage import open_store
from storage.backup import MAX_LIBRARY_BYTES, export_library
from storage.game_file import export_json
from storage.keeper import GameKeeper
from tests.big_game import long_wizard_ledger
from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS, PHONE, enable_accessibility
from tests.e2e.steps import by_id
from tests.site_server import serving_site
from tests.storage.played_games import played_wizard
from views.shell.i18n import t

MB = 1_000_000
BACKUP_MB = (1, 5, 10)
QUICK_BACKUP_MB = (1,)
GAME_STEPS = (20_000,)
QUICK_GAME_STEPS = (2_000,)
REFUSED_MB = 150
"""A backup over the phone's limit but under the server's: how long it takes to be refused
(unread, by the page's picker, phone_alone/page_files.py; Flet's, which reads a picked file
whole before its size can be checked, crashed the tab on it)."""
DEPTHS = (100, 300, 500, 1_000, 2_000, 5_000)
WAIT_MS = 900_000
PARSE_DEPTH = """depth => {
    try {
        return self.pyodide.runPython(`
import json
try:
    json.loads("[" * ${depth} + "]" * ${depth})
    result = "parsed"
except RecursionError:
    result = "RecursionError"
result
`);
    } catch (error) {
        return String(error).split("\\n")[0];
    }
}"""
"""Run in the Python worker: what Pyodide's json parser makes of a list `depth` deep."""


def backup_of(megabytes: int, folder: Path) -> tuple[Path, int]:
    """A backup of copies of one played game, about `megabytes` large; and its games."""
    with open_store(folder / f"source-{megabytes}").store as store:
        keeper = GameKeeper(store)
        played_wizard(keeper)
        text, _ = export_library(keeper)
    head, _, rest = text.partition('"games": [\n')
    entry, _, tail = rest.rpartition("\n  ]")
    game = json.loads(entry)
    copies = max(1, megabytes * MB // len(entry))
    games = ",\n".join(
        "    " + json.dumps({**game, "id": uuid.uuid4().hex}, ensure_ascii=False)
        for _ in range(copies)
    )
    path = folder / f"backup-{megabytes}mb.json"
    path.write_text(head + '"games": [\n' + games + "\n  ]" + tail, encoding="utf-8")
    return path, copies


def game_file_of(steps: int, folder: Path) -> Path:
    """The longest recorded Wizard game's first `steps` steps, as a game file."""
    with open_store(folder / f"game-{steps}").store as store:
        keeper = GameKeeper(store)
        ledger = long_wizard_ledger(steps)
        text = export_json(keeper.import_ledger(ledger))
    path = folder / f"game-{steps}.json"
    path.write_text(text, encoding="utf-8")
    return path


def picked(page: Page, button: str, path: Path, done: Callable[[], None]) -> float:
    """Seconds from picking `path` with `button` until `done` has seen what came of it."""
    with page.expect_file_chooser(timeout=WAIT_MS) as chooser:
        page.get_by_role("button", name=button).click(timeout=WAIT_MS)
    started = time.monotonic()
    chooser.value.set_files(path)
    done()
    return time.monotonic() - started


def game_read(page: Page, path: Path) -> float:
    """Seconds from picking the game file `path` to its game's screen; then back home."""
    home = page.url
    seconds = picked(
        page, t("files.import"), path, lambda: page.wait_for_url("**/game/**", timeout=WAIT_MS)
    )
    page.goto(home)
    enable_accessibility(page)
    return seconds


def backup_merged(page: Page, path: Path, games: int) -> float:
    """Seconds from picking the backup `path` to the line saying its `games` merged."""
    merged = t("library.merged", added=games, updated=0, unchanged=0, refused=0)
    line = by_id(page, "library-status")
    return picked(
        page, t("library.import"), path, lambda: expect(line).to_have_text(merged, timeout=WAIT_MS)
    )


def refusal_row(page: Page, folder: Path, machine: str) -> Row:
    """The time from picking a backup of REFUSED_MB to its refusal by size on screen."""
    path = folder / "too-large.json"
    with path.open("wb") as file:
        file.truncate(REFUSED_MB * MB)
    size, limit = REFUSED_MB * MB, PHONE_FILE_LIMITS.backup
    refused = t("storage.backup_too_large_here", size=size, limit=limit, most=MAX_LIBRARY_BYTES)
    line = by_id(page, "library-message")
    seconds = picked(
        page,
        t("library.import"),
        path,
        lambda: expect(line).to_have_text(refused, timeout=WAIT_MS),
    )
    return (f"backup of {REFUSED_MB} MB refused by its size", ms(seconds), "", machine)


def depth_rows(page: Page) -> list[Row]:
    """What Pyodide's json parser makes of lists nested each of DEPTHS deep."""
    (python,) = [worker for worker in page.workers if "python-worker" in worker.url]
    return [
        (f"json.loads {depth} deep", python.evaluate(PARSE_DEPTH, depth), "", "")
        for depth in DEPTHS
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smallest sizes only")
    args = parser.parse_args()
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as name, sync_playwright() as playwright:
        folder = Path(name)
        site = build_site(folder / "site")
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            with serving_site(site) as url:
                page = browser.new_context(viewport=PHONE).new_page()
                page.goto(url)
                enable_accessibility(page)
                expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=WAIT_MS)
                for steps in QUICK_GAME_STEPS if args.quick else GAME_STEPS:
                    path = game_file_of(steps, folder)
                    seconds = game_read(page, path)
                    size = f"{path.stat().st_size / MB:.1f} MB"
                    rows.append((f"game file, {steps} steps, {size}", ms(seconds), "", machine))
                    print(*rows[-1], flush=True)
                for megabytes in QUICK_BACKUP_MB if args.quick else BACKUP_MB:
                    path, games = backup_of(megabytes, folder)
                    seconds = backup_merged(page, path, games)
                    size = f"{path.stat().st_size / MB:.1f} MB"
                    rows.append((f"backup, {games} games, {size}", ms(seconds), "", machine))
                    print(*rows[-1], flush=True)
                rows.append(refusal_row(page, folder, machine))
                print(*rows[-1], flush=True)
                rows += depth_rows(page)  # last: a parse too deep kills the tab's Python
        finally:
            browser.close()
    print_table(rows, args.quick)


if __name__ == "__main__":
    main()
