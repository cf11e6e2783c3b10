"""The player told how the browser keeps the games, and the storage tried again while it
fails (phone_alone.sync_gate's Listener, for phone.py).

An entry the browser did not keep is said at once, in a dialog with the backup of every
game a tap away (one dialog at a time: a second failure while it is open says nothing
new). While the storage fails, Home says so (views.shell.keeping) and the copy is tried
again every RETRY_SECONDS, with each new entry and when the tab is shown again; once the
browser takes everything, the player is told the games are safe again.
"""

import asyncio

import flet as ft

from phone_alone.sync_gate import SyncGate
from storage.keeper import GameKeeper
from views.screens.keeping import kept_again_bar, not_kept_dialog, written_back_bar
from views.shell.keeping import BrowserKeeping
from views.shell.services import Files

RETRY_SECONDS = 5.0
"""How often a failing storage is tried again: soon after space comes back, rarely enough
to cost nothing (a copy that fails is one IndexedDB transaction)."""
SHOWN = (ft.AppLifecycleState.SHOW, ft.AppLifecycleState.RESUME)


class KeepingTold:
    """Says on `page` what becomes of the games kept through `gate` (set once made)."""

    def __init__(
        self, page: ft.Page, keeper: GameKeeper, files: Files, keeping: BrowserKeeping
    ) -> None:
        self._page, self._keeper, self._files, self._keeping = page, keeper, files, keeping
        self.gate: SyncGate | None = None
        self._dialog: ft.AlertDialog | None = None
        self._retrying = False

    def not_kept(self, reason: str) -> None:
        if self._dialog is None or not self._dialog.open:
            self._dialog = not_kept_dialog(self._keeper, self._files)
            self._page.show_dialog(self._dialog)

    def failing(self, reason: str) -> None:
        print(f"Trickpad: IndexedDB did not take the games: {reason}")
        self._page.run_task(self._set_failing, True)
        if not self._retrying:
            self._retrying = True
            self._page.run_task(self._retry_while_failing)

    def kept_again(self) -> None:
        print("Trickpad: IndexedDB keeps every game again")
        self._kept(kept_again_bar())

    def written_back(self) -> None:
        print("Trickpad: IndexedDB emptied under the tab holds every game again")
        self._kept(written_back_bar())

    def _kept(self, bar: ft.SnackBar) -> None:
        self._page.run_task(self._set_failing, False)
        if self._dialog is not None and self._dialog.open:
            self._dialog.open = False
            self._dialog.update()
        self._page.show_dialog(bar)

    def shown(self, event: ft.AppLifecycleStateChangeEvent) -> None:
        """The tab is shown again: a failing storage is tried at once."""
        if event.state in SHOWN and self.gate is not None and self.gate.failing:
            self.gate.retry()

    async def _retry_while_failing(self) -> None:
        while self.gate is not None and self.gate.failing:
            await asyncio.sleep(RETRY_SECONDS)
            self.gate.retry()
        self._retrying = False

    async def _set_failing(self, failing: bool) -> None:
        """In the page's context: the screens that show it are drawn anew."""
        self._keeping.failing = failing
