"""Trickpad on a phone alone: the site `make site` writes, served as plain static files on
loopback (no Trickpad server), runs the app in the browser's Python (Pyodide): Home with
every request answered by the site's own origin, a game kept in the browser's storage
across a reload with the network gone (a later start from the kept snapshot of an earlier
one), and one tab at a time holding the games."""

import json
import re
import shutil
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    Playwright,
    Request,
    Worker,
    expect,
)
from playwright.sync_api import Error as PlaywrightError

from phone_alone.file_limits import PHONE_FILE_LIMITS
from phone_alone.sync_gate import SYNC_PATIENCE
from scorers.ledger import Action
from storage import open_store
from storage.backup import MAX_LIBRARY_BYTES, export_library, import_library
from storage.game_file import MAX_DEPTH, export_json
from storage.keeper import GameKeeper
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_FLAGS,
    enable_accessibility,
    launched,
    screenshot,
    serving_site,
)
from tests.e2e.network import record_console_trouble
from tests.e2e.steps import (
    by_id,
    expect_score,
    expect_value,
    play_wizard_round,
    reveal,
    score_shown,
    start_short_wizard,
    tap,
    wait_for_async,
    wait_for_kept_start,
    wizard_round,
)
from tests.site_server import PROJECT_PAGE
from tests.small_disk import small_disk
from views.shell.i18n import joined, language_name, t
from views.shell.language import menu_name

PHONE_ALONE = {"width": 390, "height": 844}
BOOT_MS = 120_000
"""Pyodide boots in ten seconds or more on a 2-core machine busy with other tests."""

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """A browser of this module's own, with V8's optimising compiler (unlike the served
    app's, tests/e2e/conftest.py SERVED_APP_FLAGS): Pyodide's Python runs slower without."""
    with launched(playwright, CHROMIUM_FLAGS) as browser:
        yield browser


def requests_elsewhere(context: BrowserContext, site: str) -> list[str]:
    """The addresses of the requests the context's pages and workers make to anywhere but
    the site (its origin, and below its path when it has one), as they are made."""
    origin, path = urlparse(site).netloc, urlparse(site).path or "/"
    elsewhere: list[str] = []

    def note(request: Request) -> None:
        address = urlparse(request.url)
        inside = address.netloc == origin and address.path.startswith(path)
        if address.scheme in ("http", "https", "ws", "wss") and not inside:
            elsewhere.append(request.url)

    context.on("request", note)
    return elsewhere


def open_site(context: BrowserContext, url: str) -> Page:
    """A tab on the site once Home (or the game at `url`) has been drawn."""
    page = context.new_page()
    page.goto(url)
    enable_accessibility(page)
    return page


@pytest.mark.every_shape
def test_home_installs_and_a_game_is_kept_offline_and_held_by_one_tab(
    browser: Browser, site: str
) -> None:
    """The site alone shows Home, installable, without leaving its origin; a Wizard round
    at 390x844 and a theme chosen, then reloads: online (the round and the theme are
    there), offline (the site from its
    service worker, the round from the browser's storage, and a new bid saved), and a
    second tab that waits for the first and finds that bid."""
    context = browser.new_context(viewport=PHONE_ALONE)
    elsewhere = requests_elsewhere(context, site)
    trouble = record_console_trouble(context)
    started = time.monotonic()
    page = open_site(context, site)
    expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
    print(f"first screen {time.monotonic() - started:.1f} s after the first navigation")
    expect(page.get_by_role("button", name=t("game.wizard")).first).to_be_visible()
    # Storage the browser may clear when space runs short is named on Home.
    if not page.evaluate("navigator.storage.persisted()"):
        expect(by_id(page, "home-notice")).to_have_text(t("phone.may_be_cleared"))
    screenshot(page, "phone-alone-home")
    # Installable: Chromium finds nothing missing (a test's profile is an incognito one).
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    devtools = context.new_cdp_session(page)
    assert devtools.send("Page.getAppManifest")["errors"] == []
    missing = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in missing if error["errorId"] != "in-incognito"] == []
    devtools.detach()

    start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
    play_wizard_round(page, {"Ben": 1, "Cas": 0, "Ann": 1}, {"Ben": 1, "Cas": 0, "Ann": 0})
    totals = {0: -10, 1: 30, 2: 20}
    for seat, total in totals.items():  # shown, so kept
        expect_score(page, f"total-{seat}", total)
    # The device's choice, read by the page as it loads and handed to Python with its start.
    tap(page, t("theme.system"))
    expect(page.get_by_role("button", name=t("theme.light"))).to_be_visible()
    # After the first start, Python's start is kept; the later starts begin from it.
    wait_for_kept_start(page, timeout=BOOT_MS)
    with page.expect_console_message(from_kept_start, timeout=BOOT_MS):
        reload_and_expect(page, totals)
    expect(page.get_by_role("button", name=t("theme.light"))).to_be_visible()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    with page.expect_console_message(from_kept_start, timeout=BOOT_MS):
        reload_and_expect(page, totals)
    screenshot(page, "phone-alone-offline-game")
    # Round 2, Ben deals: Cas bids first.
    tap(page, t("wizard.bid_name", player="Cas", count=0))
    after_cas = t("wizard.next_bid", player="Ann")
    expect_value(page, "entry-hint", after_cas)  # shown, so kept

    # A second tab waits while the first holds the games, then opens them.
    second_tab_takes_over(context, site, page, after_cas, "phone-alone-other-tab")
    assert not elsewhere, elsewhere
    assert trouble == []  # offline too: nothing asked for that the site did not keep


def test_files_come_and_go_and_the_console_stays_clean(
    browser: Browser, site: str, tmp_path: Path
) -> None:
    """One phone's evening with files, after a look round:
    1. issue 39 (11): the page asks for nothing the site does not ship (Rive's runtime, Noto
       fonts for a glyph our fonts lack: a cut icon font without the language menu's tick
       logged that no font has it) and logs no error or warning, through Home, the language
       menu, a new game's form, files moved and a round's trump;
    2. a server's backup merges into the phone's games; the phone's backup merges into a
       server's store, the game and its totals the same;
    3. through the real buttons, a 10 KB game file nested 5,000 deep (whose parse would
       exhaust the browser's stack and kill Python) and a backup over the phone's own limit
       are each refused with a message where they were picked (the backup unread: one of
       150 MB read whole crashed the tab); then a sound game file opens;
    4. an entry that IndexedDB refuses to keep (a full or broken storage) stays on screen,
       and a dialog says it is not kept and how to keep the game."""
    server_data = tmp_path / "server"
    with open_store(server_data).store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1]})
        entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
        game = keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
        text, _ = export_library(keeper)
        sound = tmp_path / "sound.json"
        fresh = keeper.start("wizard", ["Dee", "Eve", "Fay"], 0, {"round_sizes": [1]})
        sound.write_text(export_json(fresh), encoding="utf-8")
    backup = tmp_path / "server-backup.json"
    backup.write_text(text, encoding="utf-8")
    deep = tmp_path / "deep.json"
    opened = '{"format": "trickpad-game", "version": 2, "game": "wizard", "actions": '
    deep.write_text(opened + "[" * 5_001 + "]" * 5_001 + "}", encoding="utf-8")
    too_large = tmp_path / "too-large.json"
    with too_large.open("wb") as file:
        file.truncate(TOO_LARGE)  # of zero bytes

    context = browser.new_context(viewport=PHONE_ALONE, accept_downloads=True)
    trouble = record_console_trouble(context)
    page = open_site(context, site)
    expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
    page.get_by_role("button", name=menu_name(), exact=True).click()
    expect(page.get_by_role("menuitemcheckbox", name=language_name("en"))).to_be_checked()
    screenshot(page, "phone-alone-language-menu")
    page.keyboard.press("Escape")
    expect(page.get_by_role("menuitemcheckbox", name=language_name("en"))).to_have_count(0)
    page.get_by_role("button", name=t("game.colour_blind")).first.click()
    title = t("new_game.title", game=t("game.colour_blind"))
    expect(page.get_by_text(title, exact=True)).to_be_visible()
    screenshot(page, "phone-alone-new-colour-blind")  # the title's name whole
    tap(page, t("nav.back"))

    pick(page, t("library.import"), backup)
    merged = t("library.merged", added=1, updated=0, unchanged=0, refused=0)
    expect(by_id(page, "library-status")).to_have_text(merged)
    with page.expect_download() as download:
        page.get_by_role("button", name=t("library.export")).click()
    from_phone = download.value.path().read_bytes()
    with open_store(tmp_path / "another-server").store as store:
        keeper = GameKeeper(store)
        report = import_library(keeper, from_phone)
        assert report.added == 1 and not report.refused
        (summary,) = keeper.finished()
        assert keeper.open(summary.id).ledger.state.totals == game.ledger.state.totals

    pick(page, t("files.import"), deep)
    too_deep = t("storage.import_too_deep", depth=5_002, limit=MAX_DEPTH)
    expect(by_id(page, "import-message")).to_have_text(too_deep, timeout=BOOT_MS)
    pick(page, t("library.import"), too_large)
    limit = PHONE_FILE_LIMITS.backup
    refused = t(
        "storage.backup_too_large_here", size=TOO_LARGE, limit=limit, most=MAX_LIBRARY_BYTES
    )
    expect(by_id(page, "library-message")).to_have_text(refused, timeout=BOOT_MS)
    screenshot(page, "phone-alone-bad-files")
    pick(page, t("files.import"), sound)
    expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", player="Eve"))
    tap(page, t("wizard.turned_suit", suit=t("wizard.suit.hearts")))
    expect(by_id(page, "trump")).to_have_text(
        t("wizard.trump_line", suit=f"\u2665 {t('wizard.suit.hearts')}")
    )
    screenshot(page, "phone-alone-trump-hearts")
    assert trouble == []

    (python,) = [worker for worker in page.workers if "python-worker" in worker.url]
    python.evaluate(REFUSE_INDEXEDDB)
    tap(page, t("wizard.bid_name", player="Eve", count=1))
    expect(by_id(page, "phone-not-saved")).to_have_text(t("phone.not_saved"))
    screenshot(page, "phone-alone-not-saved")
    tap(page, t("home.notice_ok"))
    expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", player="Fay"))


def written_fresh(message: ConsoleMessage) -> bool:
    return message.text.startswith("Trickpad: written from a fresh worker")


def test_without_web_locks_a_second_tab_waits_until_the_first_is_closed(
    playwright: Playwright, site: str
) -> None:
    """The site under a name that is no secure context, as plain http on a home server's
    network address is: the browser has no Web Locks. A second tab still says the games are
    open in another tab and opens them, with the first tab's bid, once that tab is closed."""
    rule = f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1"
    with launched(playwright, [*CHROMIUM_FLAGS, rule]) as browser:
        address = site.replace("127.0.0.1", INSECURE_HOST)
        context = browser.new_context(viewport=PHONE_ALONE)
        first = open_site(context, address)
        expect(first.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
        assert first.evaluate("isSecureContext || navigator.locks !== undefined") is False
        start_short_wizard(first, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
        tap(first, t("wizard.bid_name", player="Ben", count=1))
        after_ben = t("wizard.next_bid", player="Cas")
        expect_value(first, "entry-hint", after_ben)  # shown, so kept

        picture = "phone-alone-other-tab-without-locks"
        second_tab_takes_over(context, address, first, after_ben, picture)


def second_tab_takes_over(
    context: BrowserContext, url: str, first: Page, prompt: str, picture: str
) -> None:
    """A second tab at `url` says the games are open in another tab; once the `first` is
    closed it opens them, and Ann, Ben and Cas's game shows the `prompt` the first left."""
    second = open_site(context, url)
    expect(by_id(second, "phone-other-tab")).to_have_text(t("phone.other_tab"), timeout=BOOT_MS)
    screenshot(second, picture)
    first.close()
    expect(second.get_by_text(t("home.in_progress")).first).to_be_visible()
    players = re.compile(re.escape(joined(["Ann", "Ben", "Cas"])))
    second.get_by_role("button", name=players).first.click()
    expect_value(second, "entry-hint", prompt)


INSECURE_HOST = "trickpad.test"
"""A name Chromium is told is 127.0.0.1: unlike that address, no secure context."""


def from_kept_start(message: ConsoleMessage) -> bool:
    return message.text == "Trickpad: Python started from the kept start"


def reload_and_expect(page: Page, totals: dict[int, int]) -> None:
    """Reload the tab at its address; the totals shown once the app has started again."""
    page.reload()
    enable_accessibility(page)
    expect(by_id(page, "total-0")).to_be_visible(timeout=BOOT_MS)
    for seat, total in totals.items():
        expect_score(page, f"total-{seat}", total)


def test_a_new_version_is_taken_on_a_later_visit_and_keeps_the_games(
    browser: Browser, site_folder: Path, tmp_path: Path
) -> None:
    """A site put on the host anew (here: its service worker's version changed) is fetched
    in the background, taken once no tab runs the old one, and opens offline with the
    games of before."""
    folder = Path(shutil.copytree(site_folder, tmp_path / "site"))
    context = browser.new_context(viewport=PHONE_ALONE)
    with serving_site(folder) as url:
        page = open_site(context, url)
        expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
        start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
        expect(by_id(page, "total-0")).to_be_visible()
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        first_version = page.evaluate("caches.keys()")

        worker = folder / "sw.js"
        worker.write_text(worker.read_text().replace(first_version[0][len("trickpad-") :], "2"))
        for copy in folder.glob("sw.js.*"):  # the old version's compressed copies
            copy.unlink()
        page.reload()
        enable_accessibility(page)
        wait_for_async(page, NEW_VERSION_WAITING, timeout=BOOT_MS)
        page.close()
        # The closed tab was the old version's last: the new one takes over. A visit begun
        # before Chromium has counted the tab gone would still be the old version's.
        (new_worker,) = [w for w in context.service_workers if version_of(w) == "2"]
        new_worker.evaluate(NEW_VERSION_TAKEN)

        context.set_offline(True)
        later = open_site(context, url)
        players = re.compile(re.escape(joined(["Ann", "Ben", "Cas"])))
        expect(later.get_by_role("button", name=players).first).to_be_visible(timeout=BOOT_MS)
        wait_for_async(later, ONLY_THE_NEW_VERSION_KEPT, timeout=BOOT_MS)
        assert later.evaluate("navigator.serviceWorker.controller.state") == "activated"


def version_of(worker: Worker) -> str | None:
    """The version a service worker of the site serves; None once it has stopped (the old
    one, as the new one takes over)."""
    try:
        return worker.evaluate("VERSION")
    except PlaywrightError:
        return None


NEW_VERSION_TAKEN = """() => new Promise((taken) => {
    if (self.registration.active?.scriptURL && self.registration.waiting === null) taken();
    else self.addEventListener("activate", () => taken());
})"""
ONLY_THE_NEW_VERSION_KEPT = 'async () => (await caches.keys()).join() === "trickpad-2"'
NEW_VERSION_WAITING = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration !== undefined && registration.waiting !== null;
}"""


REFUSAL = "Error: QuotaExceededError"
REFUSE_INDEXEDDB = f"""() => {{
    const refusal = new Error("{REFUSAL.removeprefix("Error: ")}");
    self.pyodide.FS.filesystems.IDBFS.getDB = (name, callback) => callback(refusal);
    self.Worker = class {{ constructor() {{ throw refusal; }} }};
}}"""
"""Run in the Python worker: every later copy to IndexedDB fails as a full storage does,
IDBFS's and the fresh worker's (phone_alone.fresh_writer) that would write it instead."""


def test_a_full_storage_heals_while_the_tab_is_open_and_a_backup_is_a_tap_away(
    playwright: Playwright, site: str, tmp_path: Path
) -> None:
    """The browser's profile on a disk of its own (Chromium's quota for the site follows
    the disk's size), and the site's quota filled by another database of its own: each
    entry of a round is said not kept, and the dialog's backup holds the game as shown.
    Space given back, with the tab still open: the app takes the storage again by itself,
    says so, and a reload finds the whole round."""
    with (
        small_disk(tmp_path / "disk", PROFILE_DISK) as disk,
        playwright.chromium.launch_persistent_context(
            disk.path / "profile",
            executable_path=str(CHROMIUM),
            args=CHROMIUM_FLAGS,
            viewport=PHONE_ALONE,  # type: ignore[arg-type]  # Playwright's TypedDict
            accept_downloads=True,
            downloads_path=tmp_path / "downloads",
        ) as context,
    ):
        page = open_site(context, site)
        start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
        expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", player="Ben"))
        wait_for_kept_start(page, timeout=BOOT_MS)  # Python's snapshot written before
        assert page.evaluate(FILL_THE_QUOTA) == "QuotaExceededError"

        tap(page, t("wizard.bid_name", player="Ben", count=1))
        expect(by_id(page, "phone-not-saved")).to_have_text(t("phone.not_saved"))
        screenshot(page, "phone-alone-storage-full")
        with page.expect_download() as download:
            tap(page, t("library.export"))
        assert_backup_holds(download.value.path(), tmp_path / "store", bids=[None, 1, None])
        tap(page, t("home.notice_ok"))
        bids, tricks = {"Ben": 1, "Cas": 0, "Ann": 1}, {"Ben": 1, "Cas": 0, "Ann": 0}
        for button, hint in wizard_round(bids, tricks)[1:]:
            tap_not_kept(page, button)
            expect_value(page, "entry-hint", hint)
        tap_not_kept(page, t("entry.score_round"))
        totals = {0: -10, 1: 30, 2: 20}
        for seat, total in totals.items():
            expect_score(page, f"total-{seat}", total)

        page.evaluate(DELETE_THE_FILLER)
        expect(by_id(page, "phone-kept-again")).to_have_text(t("phone.kept_again"))
        reload_and_expect(page, totals)


def test_a_round_on_a_full_disk_is_kept_once_chromium_drops_the_database(
    playwright: Playwright, site: str, tmp_path: Path
) -> None:
    """The disk under the browser's profile filled up (a phone full of photos) and a write
    of the site's failing on it: Chromium closes the site's IndexedDB connections and drops
    its databases (this worker's IndexedDB may stay broken). The tab writes the games back
    at once, from a fresh worker, in the space the drop freed. A round entered on the full
    disk: each entry kept, or said not kept and kept again later; once space is back the
    storage is whole, and a reload (the first) finds the round."""
    with (
        small_disk(tmp_path / "disk", PROFILE_DISK) as disk,
        playwright.chromium.launch_persistent_context(
            disk.path / "profile",
            executable_path=str(CHROMIUM),
            args=CHROMIUM_FLAGS,
            viewport=PHONE_ALONE,  # type: ignore[arg-type]  # Playwright's TypedDict
        ) as context,
    ):
        page = open_site(context, site)
        start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
        expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", player="Ben"))
        wait_for_kept_start(page, timeout=BOOT_MS)
        disk.fill()
        with page.expect_console_message(written_fresh, timeout=BOOT_MS):
            failed = page.evaluate(WRITE_ON_THE_FULL_DISK)
        # The page's write failed on the full disk, or one of the app's own failed first and
        # Chromium was already dropping the site's databases under it.
        assert "FILE_ERROR_NO_SPACE" in failed or "Force close delete origin" in failed, failed
        bids, tricks = {"Ben": 1, "Cas": 0, "Ann": 1}, {"Ben": 1, "Cas": 0, "Ann": 0}
        for button, hint in wizard_round(bids, tricks):
            tap(page, button)
            shown_kept_or_said_not(page, by_id(page, "entry-hint").filter(has_text=hint))
        tap(page, t("entry.score_round"))
        totals = {0: -10, 1: 30, 2: 20}
        shown_kept_or_said_not(page, by_id(page, "total-1").filter(has_text=score_shown(30)))
        for seat, total in totals.items():
            expect_score(page, f"total-{seat}", total)
        disk.free()
        tap(page, t("nav.back"))
        expect(page.get_by_text(t("home.in_progress")).first).to_be_visible()
        expect(by_id(page, "storage-failing")).to_have_count(0)  # kept, or kept again
        page.reload()
        enable_accessibility(page)
        players = re.compile(re.escape(joined(["Ann", "Ben", "Cas"])))
        page.get_by_role("button", name=players).first.click(timeout=BOOT_MS)
        for seat, total in totals.items():
            expect_score(page, f"total-{seat}", total)


WRITE_ON_THE_FULL_DISK = """async () => {
    const database = await new Promise((resolve) => {
        const request = indexedDB.open("filler", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("filler");
        request.onsuccess = () => resolve(request.result);
    });
    return await new Promise((resolve) => {
        const writing = database.transaction("filler", "readwrite");
        writing.objectStore("filler").put(new Uint8Array(1 << 20), 1);
        writing.oncomplete = () => resolve(null);
        writing.onabort = () => resolve(String(writing.error));
    });
}"""
"""A write of the page's own on the full disk: its IO error (the result) ends the site's
IndexedDB connections, the games' too."""
PROFILE_DISK = "320m"
"""Room for the browser's profile with the site's offline copy and Python's snapshot;
Chromium's quota for the site is then a little over 200 MB."""
FILL_THE_QUOTA = """async () => {
    const database = await new Promise((resolve) => {
        const request = indexedDB.open("filler", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("filler");
        request.onsuccess = () => resolve(request.result);
    });
    const put = (size) => new Promise((resolve) => {
        const writing = database.transaction("filler", "readwrite");
        writing.objectStore("filler").put(new Uint8Array(size), Math.random());
        writing.oncomplete = () => resolve(null);
        writing.onabort = () => resolve(writing.error.name);
    });
    let refused = null;
    for (const size of [8 << 20, 1 << 20, 64 << 10, 4 << 10, 256]) {
        while ((refused = await put(size)) === null) {}
    }
    database.close();
    return refused;
}"""
"""Another database of the site's takes all it may, in ever smaller pieces: what is left
holds no file of the games."""
DELETE_THE_FILLER = """() => new Promise((resolve) => {
    indexedDB.deleteDatabase("filler").onsuccess = resolve;
})"""


def shown_kept_or_said_not(page: Page, shown: Locator) -> None:
    """What an entry just made shows is on screen: kept, or said not kept in the dialog that
    comes with it (a full disk may refuse the entry's copy, or leave it unanswered until the
    app gives up on it after SYNC_PATIENCE), to which the player says OK."""
    not_kept = by_id(page, "phone-not-saved")
    expect(shown.or_(not_kept).first).to_be_visible(timeout=(SYNC_PATIENCE + 60) * 1000)
    if not_kept.count():
        tap(page, t("home.notice_ok"))
    expect(shown).to_be_visible()


def tap_not_kept(page: Page, name: str) -> None:
    """Tap the button; the entry is said not kept, and the player says OK."""
    tap(page, name)
    expect(by_id(page, "phone-not-saved")).to_be_visible()
    tap(page, t("home.notice_ok"))


def assert_backup_holds(backup: Path, folder: Path, bids: list[int | None]) -> None:
    """The backup merges into an empty store as one Wizard game with these bids typed."""
    with open_store(folder).store as store:
        keeper = GameKeeper(store)
        assert import_library(keeper, backup.read_bytes()).added == 1
        (summary,) = keeper.unfinished()
        draft = keeper.open(summary.id).ledger.state.draft
        assert draft is not None and draft["bids"] == bids, draft


def test_one_phones_storage_through_its_troubles(browser: Browser, site: str) -> None:
    """One phone's troubles with what the browser keeps, one after the other in one profile
    (Python's start made and kept once, as on a phone), each found and said:
    1. the games' IndexedDB database deleted while the tab runs (as clearing the site's data
       does): the tab lets it go, makes it anew, writes every game back and says so;
    2. IndexedDB holding something else where the store's log was: the other files load,
       Home says a file could not be read (not that the browser refuses storage), and the
       entry is there to download;
    3. the log overwritten with garbage, which SQLite would drop unread: said on Home, and
       the files set aside are there to download;
    4. the service worker and its caches gone (the browser dropped the site's data): a
       game's own address is answered by the static host's fallback page (404.html), which
       is the app, and it opens the game there."""
    context = browser.new_context(viewport=PHONE_ALONE, accept_downloads=True)
    page = open_site(context, site)
    start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
    play_wizard_round(page, {"Ben": 1, "Cas": 0, "Ann": 1}, {"Ben": 1, "Cas": 0, "Ann": 0})
    totals = {0: -10, 1: 30, 2: 20}
    for seat, total in totals.items():  # shown, so kept
        expect_score(page, f"total-{seat}", total)
    page.evaluate(DELETE_THE_GAMES)
    expect(by_id(page, "phone-kept-again")).to_have_text(t("phone.written_back"))
    wait_for_async(page, GAMES_WRITTEN_BACK, timeout=BOOT_MS)
    reload_and_expect(page, totals)
    tap(page, t("nav.back"))

    files = damaged_after_breaking_the_log(
        page, site, {"mode": 0}, "phone.entry_unreadable", "phone-alone-entry-unreadable"
    )
    ((name, content),) = files.items()
    assert re.fullmatch(r"trickpad\.sqlite3\.damaged-\d{8}T\d{6}-wal", name), name
    assert json.loads(content) == {"mode": 0, "timestamp": NOT_A_FILE_TIME}

    files = damaged_after_breaking_the_log(
        page,
        site,
        {"mode": 0o100644, "garbage": 7},
        "phone.log_unreadable_moved_aside",
        "phone-alone-log-unreadable",
    )
    (log,) = [content for name, content in files.items() if name.endswith("-wal")]
    assert set(log) == {7}

    start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
    first_bid = t("wizard.next_bid", player="Ben")
    expect(by_id(page, "entry-hint")).to_have_text(first_bid)
    address = page.url
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.evaluate(FORGET_THE_SITE)
    page.close()
    later = context.new_page()
    response = later.goto(address)
    assert response is not None and response.status == 404  # the host's fallback page
    enable_accessibility(later)
    expect(by_id(later, "entry-hint")).to_have_text(first_bid, timeout=BOOT_MS)
    screenshot(later, "phone-alone-game-address-without-service-worker")


def damaged_after_breaking_the_log(
    page: Page, site: str, entry: dict[str, int], said: str, picture: str
) -> dict[str, bytes]:
    """From Home: a game started, then IndexedDB's entry of the store's log replaced by
    `entry` (BREAK_THE_LOG) and the site opened again: Home says `said`, naming no path of
    the browser's file system; the damaged files it offers for download, by name. The
    player then says OK, and Home tells it no more."""
    start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
    expect(by_id(page, "entry-hint")).to_have_text(t("wizard.next_bid", player="Ben"))
    assert page.evaluate(BREAK_THE_LOG, entry) == "a file"
    page.goto(site)
    enable_accessibility(page)
    notice = by_id(page, "home-notice")
    expect(notice).to_contain_text(t(said), timeout=BOOT_MS)
    assert "/data" not in notice.inner_text()
    screenshot(page, picture)
    with page.expect_download() as download:
        page.get_by_role("button", name=t("home.download_damaged")).click()
    with zipfile.ZipFile(download.value.path()) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    tap(page, t("home.notice_ok"))
    expect(notice).to_have_count(0)
    return files


DELETE_THE_GAMES = """() => new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase("/data");
    request.onsuccess = resolve;
    request.onerror = () => reject(request.error);
})"""
"""Resolves once the database is gone: the tab's connection must have closed for that."""
GAMES_WRITTEN_BACK = """async () => {
    const found = (await indexedDB.databases()).find((database) => database.name === "/data");
    if (found === undefined || found.version !== 21) {
        return false;  // not made anew yet: opening it here would make it, empty
    }
    const database = await new Promise((resolve, reject) => {
        const request = indexedDB.open("/data");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
    const kept = await new Promise((resolve) => {
        const files = database.transaction("FILE_DATA").objectStore("FILE_DATA");
        const count = files.count("/data/trickpad.sqlite3");
        count.onsuccess = () => resolve(count.result === 1);
    });
    database.close();
    return kept;
}"""
"""The games' file is in IndexedDB again (IDBFS keeps each file under its path, in version
21 of a database named after the folder)."""


def test_the_site_runs_under_a_project_pages_path(
    browser: Browser, project_page_host: Path
) -> None:
    """Built with `--base /trickpad/` and served as GitHub Pages serves a project page (below
    that path, without cross-origin isolation), the app opens there, asks for nothing
    outside it, its game's address stays below it, and a reload there opens the game; the
    game's link is made below it too, and opened in a fresh profile a copy is kept."""
    context = browser.new_context(viewport=PHONE_ALONE)
    with serving_site(project_page_host, isolated=False) as url:
        elsewhere = requests_elsewhere(context, url + PROJECT_PAGE)
        page = open_site(context, url + PROJECT_PAGE)
        expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
        assert page.evaluate("crossOriginIsolated") is False
        start_short_wizard(page, ["Ann", "Ben", "Cas"], "1, 2", dealer="Ann")
        first_bid = t("wizard.next_bid", player="Ben")
        expect(by_id(page, "entry-hint")).to_have_text(first_bid)
        assert page.url.startswith(f"{url}{PROJECT_PAGE}game/"), page.url
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.reload()
        enable_accessibility(page)
        expect(by_id(page, "entry-hint")).to_have_text(first_bid, timeout=BOOT_MS)
        kept_copy_of_link(browser, page, url + PROJECT_PAGE, first_bid)
        assert not elsewhere, elsewhere
        manifest = page.request.get(f"{url}{PROJECT_PAGE}manifest.json").json()
        assert manifest["name"] == t("app.name")


def kept_copy_of_link(browser: Browser, page: Page, site: str, hint: str) -> None:
    """Share the open game as a link, open it in a fresh profile (the page moves what
    follows the `#` into the route /link/<text>) and keep a copy: a game of its own there,
    at the same step."""
    share = page.get_by_role("button", name=t("link.share"))
    reveal(page, share)
    share.click()
    address = by_id(page, "link-address")
    expect(address).to_have_text(re.compile(re.escape(f"{site}#g1")))
    opened = open_site(browser.new_context(viewport=PHONE_ALONE), address.inner_text().strip())
    expect(by_id(opened, "link-intro")).to_have_text(t("link.intro"), timeout=BOOT_MS)
    assert opened.url.startswith(f"{site}link/g1"), opened.url
    opened.get_by_role("button", name=t("link.keep")).click()
    expect(by_id(opened, "entry-hint")).to_have_text(hint)
    expect(by_id(opened, "link-intro")).to_have_count(0)  # the link's screen is left
    assert re.fullmatch(rf"{re.escape(site)}game/\w+", opened.url), opened.url
    screenshot(opened, "phone-alone-link-kept")


TOO_LARGE = 150_000_000
"""A backup under a server's limit, over the phone's."""


def pick(page: Page, button: str, path: Path) -> None:
    """Tap `button` and pick the file at `path` in the browser's file chooser."""
    with page.expect_file_chooser(timeout=BOOT_MS) as chooser:
        page.get_by_role("button", name=button).click(timeout=BOOT_MS)
    chooser.value.set_files(path)


FORGET_THE_SITE = """async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
        await registration.unregister();
    }
    for (const name of await caches.keys()) await caches.delete(name);
}"""
"""Run in the page: the service worker and its caches gone, the games (IndexedDB) kept."""


NOT_A_FILE_TIME = "2026-12-04T12:00:00.000Z"
BREAK_THE_LOG = f"""async (entry) => {{
    const asked = (request) => new Promise((resolve, reject) => {{
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    }});
    const db = await asked(indexedDB.open("/data"));
    const entries = db.transaction(["FILE_DATA"], "readwrite").objectStore("FILE_DATA");
    const log = await asked(entries.get("/data/trickpad.sqlite3-wal"));
    const was = log && ArrayBuffer.isView(log.contents) ? "a file" : String(log);
    if (entry.garbage) entry.contents = new Uint8Array(log.contents.length).fill(entry.garbage);
    delete entry.garbage;
    entry.timestamp = new Date("{NOT_A_FILE_TIME}");
    await asked(entries.put(entry, "/data/trickpad.sqlite3-wal"));
    db.close();
    return was;
}}"""
"""Run in the page: IndexedDB's entry of the store's log replaced by `entry` (with
`garbage`: a file of that byte, as long as the log); what the entry was."""
