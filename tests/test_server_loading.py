"""serving.screens_loader: the screens load while the browser compiles Flutter, not while it
downloads it, and what they load stays out of the garbage collector's walks."""

import gc
import threading
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import httpx
import pytest
from starlette.staticfiles import StaticFiles

from serving.screens_loader import AppMain, ScreensLoader
from tests.flet_harness import AppHarness

NEVER_BY_ITSELF = 600.0
"""`at_latest` for loaders that must start only when asked (far beyond any test's length)."""


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The process's collector as it was: loading freezes what is alive."""
    yield
    gc.unfreeze()


class Screens:
    """Stands for what the screens load: notes when loading starts, and a session's main."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.shown: list[str] = []

    def load(self) -> AppMain:
        self.started.set()

        async def main(page: ft.Page) -> None:
            self.shown.append("home")

        return main


async def test_what_the_screens_load_is_kept_out_of_the_collectors_walks(unfrozen: None) -> None:
    catalog = {"app.name": ["Trickpad"]}  # stands for what the screens keep to the end

    def load() -> AppMain:
        async def main(page: ft.Page) -> None:
            pass

        return main

    loader = ScreensLoader(load, at_latest=0)
    async with AppHarness() as phone:
        await phone.run(loader.main)
    # Frozen: a full collection no longer walks the objects alive when the screens loaded.
    walked = {id(thing) for thing in gc.get_objects()}
    assert id(catalog) not in walked and id(catalog["app.name"]) not in walked
    assert gc.get_freeze_count() > 0


async def test_a_session_that_comes_first_has_the_screens_loaded_and_waits_for_them(
    unfrozen: None,
) -> None:
    screens = Screens()
    loader = ScreensLoader(screens.load, at_latest=NEVER_BY_ITSELF)
    assert not screens.started.is_set()
    async with AppHarness() as phone:
        await phone.run(loader.main)
    assert screens.started.is_set() and screens.shown == ["home"]


async def test_the_screens_load_once_the_browser_has_the_clients_program(
    tmp_path: Path, unfrozen: None
) -> None:
    """Not while it is still downloading the page and its scripts: loading holds Python's
    lock and slowed every answer then."""
    for name in ("index.html", "flutter_bootstrap.js", "main.dart.wasm"):
        (tmp_path / name).write_bytes(b"\0" * 1000)
    screens = Screens()
    loader = ScreensLoader(screens.load, at_latest=NEVER_BY_ITSELF)
    app = loader.after_client_program(StaticFiles(directory=tmp_path, html=True))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://table") as browser:
        for early in ("/", "/flutter_bootstrap.js"):
            await browser.get(early)
            assert not screens.started.is_set(), early
        assert (await browser.get("/main.dart.wasm")).status_code == 200
    assert screens.started.wait(timeout=30)


def test_a_server_nobody_visits_loads_its_screens_all_the_same(unfrozen: None) -> None:
    screens = Screens()
    ScreensLoader(screens.load, at_latest=0)
    assert screens.started.wait(timeout=30)
