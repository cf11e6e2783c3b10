"""Trickpad on a phone alone: the entry the browser runs instead of main.py.

`make site` ships this module with the app's own packages; Flet's web client runs it in
Pyodide (Python in the phone's browser), offline. It takes the games for this tab (one tab
at a time, phone_alone.one_tab), fills the store's folder from the browser's storage
(phone_alone.browser_storage) and renders the same app as the server
(views.app.build_main) for the one session there is: the phone's own, the host of
its games. Every commit is kept in the browser's storage before the screen shows it
(phone_alone.sync_gate). Its table share is the phones-only one, over links to the
other phones (phone_alone.page_relay); it has no server share (no Shares, no share
address) and no upload folder: a picked file is read by the page's own picker, once its
size is within the phone's limits (phone_alone.page_files).
"""

import asyncio
from dataclasses import replace
from functools import partial
from pathlib import Path

import flet as ft

from phone_alone import browser_storage, one_tab, page_files, page_relay
from phone_alone.browser_storage import Keeping
from phone_alone.file_limits import PHONE_FILE_LIMITS
from phone_alone.keeping_told import KeepingTold
from phone_alone.sync_gate import SyncGate
from sharing.table_share.connections import THIS_DEVICE, is_secure
from storage import DB_FILENAME, GameStore, StorageError, open_store
from storage.keeper import GameKeeper
from views.app import build_main
from views.shell.i18n import t
from views.shell.keeping import PHONE_WORDS, BrowserKeeping
from views.shell.messages import said, say_instead
from views.shell.notices import Notice, recovery_notices

MAY_BE_CLEARED_READ = "trickpad_may_be_cleared_read"
"""The device's key for the player's OK to "this browser may clear Trickpad's games"."""
DATA_DIR = Path("/data")
"""The store's folder in the browser's file system, kept in IndexedDB."""


async def main(page: ft.Page) -> None:
    """The tab's session: wait for the games if another tab has them, then open them."""
    if not await one_tab.take(wait=False):
        page.add(ft.Semantics(identifier="phone-other-tab", content=ft.Text(t("phone.other_tab"))))
        await one_tab.take(wait=True)
        page.controls.clear()
    say_instead(PHONE_WORDS)
    keeping = await browser_storage.load(DATA_DIR, DB_FILENAME)
    try:
        opened = open_store(DATA_DIR)
    except StorageError as error:
        page.add(ft.Text(said(error.key, error.params)))
        return
    notices = recovery_notices(opened.recovery, in_browser=True) if opened.recovery else []
    notices += keeping_notices(keeping)
    keeper = GameKeeper(opened.store)
    files, kept = page_files.PageFiles(), BrowserKeeping()
    if keeping.kept:
        keep_before_showing(page, opened.store, KeepingTold(page, keeper, files, kept))
    keeper.at_start()
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
    )(page)


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
    ft.run(main)
