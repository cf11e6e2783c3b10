"""Drawing a component again only when what it shows of an observable object changed.

A component given an observable (as an argument or in its state) is drawn again at every
change of any of its fields, with everything it contains. The game screen holds the open
game, which changes at every tap; its frame (the totals, the sheet, the options) changes
only when a round is scored, corrected or undone. `use_watched` lets such a component
follow one view of the object and be drawn again only when that view changes, while the
parts that show every tap follow the object themselves.
"""

from collections.abc import Callable
from typing import TypeVar

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from views.shell.hooks import use_state_from

T = TypeVar("T")


def use_watched(source: ft.Observable | None, select: Callable[[], T]) -> T:
    """`select()` now; the calling component is drawn again whenever a change of `source`
    changes what `select()` returns (compared with ==), and only then.

    The caller must not hold `source` in its arguments or state (that would draw it again
    at every change): it keeps it in a ref, for example.
    """
    _, set_seen = use_state_from(select)
    # Observables hold their listeners weakly: the ref keeps this one alive while mounted.
    listener: MutableRef[Callable[[object, str | None], None]] = ft.use_ref(None)

    def follow() -> Callable[[], None] | None:
        if source is None:
            return None

        def heard(_sender: object, _field: str | None) -> None:
            set_seen(select())

        listener.current = heard
        stop = source.subscribe(heard)
        set_seen(select())  # a change made between drawing and subscribing
        return stop

    ft.use_effect(follow, [source])
    return select()
