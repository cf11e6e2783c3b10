"""Trickpad on a phone alone: the entry the browser runs instead of main.py.

`make site` ships this module with the app's own packages; Flet's web client runs it in
Pyodide (Python in the phone's browser), offline. It opens the store in the browser's file
system and renders the same app as the server (views.shell.app.build_main) for the one
session there is: the phone's own, the host of its games. What a phone alone cannot do is
absent: no table share (no Shares, no share address), no upload folder (a picked file's
bytes come with the pick).
"""

from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

from storage import StorageError, open_store
from storage.keeper import GameKeeper
from views.sharing.peers import THIS_DEVICE
from views.shell.app import build_main
from views.shell.i18n import t

DATA_DIR = Path("/data")
"""The store's folder in the browser's file system (Pyodide's, in memory for now)."""


def phone_main(data_dir: Path = DATA_DIR) -> Callable[[ft.Page], Awaitable[None]]:
    """The session entry: the store opened, then the app rendered as on the server."""
    try:
        opened = open_store(data_dir)
    except StorageError as error:
        notice = t(error.key, **error.params)

        async def unavailable(page: ft.Page) -> None:
            page.add(ft.Text(notice))

        return unavailable
    # The store lives in memory until it is kept in the browser's storage: say so, rather
    # than let a player trust a game to a tab that forgets it.
    notices = [t("phone.not_kept")]
    if opened.recovery:
        notices.insert(0, t(opened.recovery.key, **opened.recovery.params))
    notice = " ".join(notices)
    keeper = GameKeeper(opened.store)
    keeper.complete_listings()
    return build_main(keeper, notice, peer=lambda: THIS_DEVICE)


if __name__ == "__main__":
    ft.run(phone_main())
