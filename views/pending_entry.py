"""Placeholder entry for games whose round entry is still being built."""

import flet as ft

from views.i18n import t
from views.table import Table


@ft.component
def PendingEntry(table: Table) -> ft.Control:
    return ft.Text(t("entry.pending"))


def pending_cell(entry: object, seat: int) -> str:
    return ""
