"""Fixing a player's name during the game (a typo at setup, a nickname)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from views.shell.hooks import Setter, use_state_from
from views.shell.i18n import t
from views.shell.messages import Refused, message_of
from views.shell.widgets import TextFields, message_line, on_to_the_next


@dataclass
class NameDraft(ft.Observable):
    """The names as typed so far; nothing is saved until Save."""

    names: tuple[str, ...]

    def typed(self, seat: int, text: str) -> None:
        self.names = tuple(text if i == seat else old for i, old in enumerate(self.names))


@ft.component
def RenamePlayers(
    players: tuple[str, ...], rename: Callable[[Sequence[str]], Refused | None]
) -> ft.Control:
    """A button opening a field per seat; `rename` saves every name at once and says why
    it refused them, if it did.

    The names typed live in one observable draft that every handler reads when it runs, not
    as its drawing saw them: typed faster than the screen is drawn again, no name is lost,
    and Save takes the last one."""
    is_open, set_open = ft.use_state(False)
    draft, _ = use_state_from(lambda: NameDraft(players))
    refusal: Refused | None
    set_refusal: Setter[Refused | None]
    refusal, set_refusal = ft.use_state(None)

    def start(_: ft.Event[ft.TextButton]) -> None:
        draft.names = players
        set_refusal(None)
        set_open(True)

    def save(_: ft.Event[ft.Button]) -> None:
        wanted = [name.strip() for name in draft.names]
        if wanted != list(players):
            reason = rename(wanted)
            if reason is not None:
                set_refusal(reason)
                return
        set_open(False)

    def type_in(seat: int, e: ft.Event[ft.TextField]) -> None:
        draft.typed(seat, e.control.value or "")

    if not is_open:
        return ft.TextButton(t("rename.open"), icon=ft.Icons.EDIT, on_click=start)
    fields: TextFields = {
        seat: ft.TextField(
            label=t("rename.field", n=seat + 1),
            value=name,
            on_change=partial(type_in, seat),
        )
        for seat, name in enumerate(draft.names)
    }
    for seat, field in fields.items():
        field.on_submit = on_to_the_next(fields, seat, partial(draft.typed, seat))
    return ft.Column(
        controls=[
            *fields.values(),
            message_line(None if refusal is None else message_of(refusal)),
            ft.Row(
                controls=[
                    ft.FilledButton(t("rename.save"), on_click=save),
                    ft.OutlinedButton(t("rename.cancel"), on_click=lambda _: set_open(False)),
                ]
            ),
        ]
    )
