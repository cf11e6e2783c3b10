"""Whether the browser's storage keeps the games right now, on a phone alone.

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
