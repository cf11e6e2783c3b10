"""Flet's hooks typed as they work, where Flet's own types lose what mypy needs.

- `ft.use_state` and `ft.use_ref` take `T | Callable[[], T]`: given a function making the
  first value, mypy cannot tell which side T is on and makes it Never. `use_state_from`
  and `use_ref_from` take the function alone. A state that starts as None is declared
  with its type instead (`chosen: str | None`, `set_chosen: Setter[str | None]`).
- `ft.memo` has no types at all: `memo` keeps the component's parameters.
- `ft.component` keeps the function's parameters, which have no `key`, though the
  component takes one: `keyed` passes it.

The app's observable classes subclass `ft.Observable` rather than take `@ft.observable`,
for the same reason: the decorator makes the class an Observable where mypy cannot see it.
"""

from collections.abc import Callable
from typing import ParamSpec, TypeAlias, TypeVar

import flet as ft
from flet.components.hooks.use_ref import MutableRef

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")

Setter: TypeAlias = Callable[[T | Callable[[T], T]], None]
"""What `ft.use_state` gives to change the state: a new value, or a function of the old."""


def use_state_from(make: Callable[[], T]) -> tuple[T, Setter[T]]:
    """`ft.use_state` whose first value `make()` makes, on the first drawing only."""
    return ft.use_state(make)


def use_ref_from(make: Callable[[], T]) -> MutableRef[T]:
    """`ft.use_ref` whose first value `make()` makes, on the first drawing only."""
    return ft.use_ref(make)


def memo(component: Callable[P, R]) -> Callable[P, R]:
    """`ft.memo(component)`: drawn again only when its arguments change."""
    memoized: Callable[P, R] = ft.memo(component)  # type: ignore[no-untyped-call]  # ft.memo has no annotations
    return memoized


def keyed(key: str | None, component: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`component(*args, key=key, **kwargs)`: a new key mounts a new component."""
    with_key: Callable[..., R] = component
    return with_key(*args, key=key, **kwargs)
