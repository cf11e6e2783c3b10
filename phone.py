"""Trickpad on a phone alone: the entry the browser runs instead of main.py.

`make site` ships this module with the app's own packages; Flet's web client runs it in
Pyodide (Python in the phone's browser), offline. As soon as it runs, while the page's
Flutter still loads, it takes the games for this tab (one tab at a time,
phone_alone.one_tab), fills the store's folder from the browser's storage
(phone_alone.browser_storage) and opens them; once the page connects, it renders the same
app as the server (views.app.build_main) for the one session there is: the phone's own, the
host of its games. Every commit is kept in the browser's storage before the screen shows it
(phone_alone.sync_gate). Its table share is the phones-only one, over links to the other
phones (phone_alone.page_relay); it has no server share (no Shares, no share address) and no
upload folder: a picked file is read by the page's own picker, once its size is within the
phone's limits (phone_alone.page_files).
"""

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import flet as ft
import flet_js  # type: ignore[import-not-found]  # Flet's bridge to its worker, in the browser only

from phone_alone import browser_storage, one_tab, page_files, page_relay
from phone_alone.browser_storage import Keeping
from phone_alone.file_limits import PHONE_FILE_LIMITS
from phone_alone.keeping_told import KeepingTold
from phone_alone.sync_gate import SyncGate
from sharing.table_share.connections import THIS_DEVICE, is_secure
from storage import DB_FILENAME, GameStore, OpenResult, StorageError, open_store
from storage.keeper import GameKeeper
from views.app import build_main
from views.shell.device import BrowserDevice, DeviceStore, ReadAheadDevice
from views.shell.i18n import t
from views.shell.keeping import PHONE_WORDS, BrowserKeeping
from views.shell.messages import said, say_instead
from views.shell.notices import Notice, recovery_notices

MAY_BE_CLEARED_READ = "trickpad_may_be_cleared_read"
"""The device's key for the player's OK to "this browser may clear Trickpad's games"."""
DATA_DIR = Path("/data")
"""The store's folder in the browser's file system, kept in IndexedDB."""


@dataclass(frozen=True)
class Games:
    """This tab's games, opened: how the browser keeps them, and the store's keeper."""

    keeping: Keeping
    opened: OpenResult
    keeper: GameKeeper


async def games_for_this_tab() -> Games | None:
    """The games, taken for this tab and opened; None while another tab holds them."""
    if not await one_tab.take(wait=False):
        return None
    return await opened_games()


async def opened_games() -> Games:
    """The store's folder filled from the browser's storage and the store opened, as the
    app starts (storage.keeper.GameKeeper.at_start); StorageError when it cannot be. What
    opening writes is kept in the browser's storage before the page's first frame
    (keep_before_showing), and done again by the next start should the tab close first."""
    keeping = await browser_storage.load(DATA_DIR, DB_FILENAME)
    opened = open_store(DATA_DIR)
    keeper = GameKeeper(opened.store)
    keeper.at_start()
    return Games(keeping, opened, keeper)


def session(games_ahead: Awaitable[Games | None]) -> Callable[[ft.Page], Awaitable[None]]:
    """The tab's session, given the games' opening started ahead of it (see __main__)."""

    async def main(page: ft.Page) -> None:
        """Wait for the games if another tab has them, then show them."""
        say_instead(PHONE_WORDS)
        try:
            games = await games_ahead
            if games is None:
                page.add(
                    ft.Semantics(
                        identifier="phone-other-tab", content=ft.Text(t("phone.other_tab"))
                    )
                )
                await one_tab.take(wait=True)
                page.controls.clear()
                games = await opened_games()
        except StorageError as error:
            page.add(ft.Text(said(error.key, error.params)))
            return
        await show(page, games)

    return main


async def show(page: ft.Page, games: Games) -> None:
    """The app on `page`, for the games of this tab."""
    opened, keeper = games.opened, games.keeper
    notices = recovery_notices(opened.recovery, in_browser=True) if opened.recovery else []
    notices += keeping_notices(games.keeping)
    files, kept = page_files.PageFiles(), BrowserKeeping()
    if games.keeping.kept:
        keep_before_showing(page, opened.store, KeepingTold(page, keeper, files, kept))
    # The page's own address says whether the browser may keep the screen on (is_secure).
    device = replace(THIS_DEVICE, secure=is_secure(page.url or ""))
    await build_main(
        keeper,
        notices,
        peer=lambda: device,
        links=page_relay.bridge,
        files=lambda: files,
        file_limits=PHONE_FILE_LIMITS,
        keeping=kept,
        device=device_read_ahead(),
    )(page)


def device_read_ahead() -> Callable[[], DeviceStore]:
    """The device's answers the page read as it loaded and handed to Python with its start
    (site_build/page.html, in the args of Flet's start: site_build/flet_patches.py); where
    there are none (a page whose storage could not be read), the session asks the page."""
    args = flet_js.args.to_py() if flet_js.args else {}
    answers = args.get("trickpad_device")
    if not isinstance(answers, dict):
        return BrowserDevice
    kept, languages = answers.get("kept"), answers.get("languages")
    if not isinstance(kept, dict) or not isinstance(languages, list):
        return BrowserDevice
    return lambda: ReadAheadDevice(kept, [str(language) for language in languages])


def keep_before_showing(page: ft.Page, store: GameStore, told: KeepingTold) -> None:
    """Every commit kept in the browser's storage before the page is sent another frame;
    while the storage fails, it is tried again until it takes the whole store."""
    connection = page.session.connection
    # The browser's connection (Flet's Pyodide one) sends each frame through send_callback.
    sends = connection.send_callback  # type: ignore[attr-defined]  # not on the base class
    later = asyncio.get_running_loop().call_later
    gate = told.gate = SyncGate(partial(browser_storage.sync, DATA_DIR), sends, told, later)
    connection.send_callback = gate.send  # type: ignore[attr-defined]  # as above
    store.after_each_commit(gate.committed)
    browser_storage.when_lost(gate.emptied)
    page.on_app_lifecycle_state_change = told.shown
    gate.committed()  # what opening wrote (a new file, a damaged one set aside)


def keeping_notices(keeping: Keeping) -> list[Notice]:
    """What Home says about where the games are kept, when it is less than for good (that
    the browser may clear them is said until the player has read it once), and of entries
    the browser kept that could not be read, offered for download."""
    if not keeping.kept:
        return [Notice("phone.not_kept")]
    notices = []
    if keeping.unread is not None:
        notices.append(Notice("phone.entry_unreadable", attachment=keeping.unread))
    if not keeping.persistent:
        notices.append(Notice("phone.may_be_cleared", remembered=MAY_BE_CLEARED_READ))
    return notices


if __name__ == "__main__":
    # The page hands Flet's worker its start as it loads (site_build/flet_patches.py), so
    # this runs while Flutter still loads: the games are opened meanwhile, not once the
    # page's session has begun.
    ft.run(session(asyncio.ensure_future(games_for_this_tab())))
