"""Whether the browser's storage keeps the games right now, on a phone alone, and how the
phone says storage messages.

The phone's glue (phone.py) sets it as the copies to IndexedDB fail and succeed again;
Home offers a backup file while they fail. A server's store has no such state (None).
"""

from dataclasses import dataclass

import flet as ft


@dataclass
class BrowserKeeping(ft.Observable):
    failing: bool = False
    """The browser refused the last copy: the games are whole in this tab's memory only,
    and the app tries again until it takes them."""


PHONE_WORDS = {
    "storage.damaged_moved_aside": "phone.damaged_moved_aside",
    "storage.log_unreadable_moved_aside": "phone.log_unreadable_moved_aside",
    "storage.read_only": "phone.storage_refused",
    "storage.unavailable": "phone.storage_refused",
    "storage.damaged": "phone.storage_damaged",
    "storage.disk_full_at_start": "phone.storage_full",
    "storage.newer_version": "phone.newer_version",
}
"""The phone's words for the storage messages that name a file (views.shell.messages.
say_instead): on a server it is one its host can find, in the browser a path in Pyodide's
memory no player can reach. Each says what happened, what is safe and the one thing to do,
in the browser's terms."""
