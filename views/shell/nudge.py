"""A player's own phone nudges its holder when the round reaches them ("Your bid, Ben"):
once per occasion, where the phone can vibrate (views.shell.services.Nudger)."""

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from views.shell.services import use_services


def use_nudge(due: bool, occasion: object) -> None:
    """Nudge once when `due` becomes true for this `occasion` (a round's step): drawing
    the screen again, or another phone's tap, does not nudge twice."""
    nudger = use_services().nudger
    page = ft.context.page
    nudged: MutableRef[object] = ft.use_ref(None)

    def on_change() -> None:
        if due and nudged.current != occasion:
            nudged.current = occasion
            page.run_task(nudger.nudge)

    ft.use_effect(on_change, [due, occasion])
