"""server.loaded_in_background: the screens load while the browser starts Flutter, and what
they load stays out of the garbage collector's walks."""

import gc
from collections.abc import Iterator

import flet as ft
import pytest

from server import loaded_in_background
from tests.flet_harness import AppHarness


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The process's collector as it was: this test freezes what is alive."""
    yield
    gc.unfreeze()


async def test_what_the_screens_load_is_kept_out_of_the_collectors_walks(unfrozen: None) -> None:
    catalog = {"app.name": ["Trickpad"]}  # stands for what the screens keep to the end
    shown: list[str] = []

    def load() -> object:
        async def main(page: ft.Page) -> None:
            shown.append(catalog["app.name"][0])

        return main

    async with AppHarness() as phone:
        await phone.run(loaded_in_background(load))
    assert shown == ["Trickpad"]  # the session ran the loaded main
    # Frozen: a full collection no longer walks the objects alive when the screens loaded.
    walked = {id(thing) for thing in gc.get_objects()}
    assert id(catalog) not in walked and id(catalog["app.name"]) not in walked
    assert gc.get_freeze_count() > 0
