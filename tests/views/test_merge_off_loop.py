"""A backup merged on one phone holds up no other phone: the merge runs on a worker
thread, and another session's tap is answered while it is still running.

Measured by order, not by time: the other phone's update is sent before the merge has
returned. Were the merge on the server's loop, the tap could only be answered after it.
``bench/merge_bench.py`` prints how long such a tap waits."""

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.pubsub.pubsub_hub import PubSubHub

import views.screens.game_files
from storage import open_store
from storage.backup import merge_off_process
from storage.keeper import GameKeeper
from tests.big_game import big_library
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from tests.views.test_busy_server import tap_to_update
from views.app import build_main
from views.shell.i18n import t

GAMES = 150


async def wait_for(condition: Any, what: str) -> None:
    """Let the loop run until `condition()` holds (the harness's settle would wait for the
    merge too); fails after a generous 60 s."""
    for _ in range(6_000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never {what}")


async def test_another_phone_is_answered_while_a_backup_is_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = big_library(tmp_path / "other-device", GAMES)
    merged = threading.Event()

    def merge(*args: Any) -> Any:
        report = merge_off_process(*args)
        merged.set()
        return report

    monkeypatch.setattr(views.screens.game_files, "merge_library", merge)
    executor = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=asyncio.get_running_loop(), executor=executor)
    files = RecordingFiles(picked=content)
    with open_store(tmp_path / "here").store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", ["Ann", "Ben", "Cas", "Dot"], 0)
        main = build_main(keeper, (), RecordingScreenAwake, lambda: files)
        async with AppHarness(pubsubhub=hub) as phone, AppHarness(pubsubhub=hub) as home:
            await phone.run(main)
            await phone.go(f"/game/{game.id}")
            await home.run(main)
            # The tap's handler runs until the merge is done: pressed in a task of its own.
            button = home.find(ft.OutlinedButton, text=t("library.import"))
            merging = asyncio.create_task(home.press(button))
            checked = t("library.checking", done=0, total=GAMES).split("0")[0]
            await wait_for(lambda: any(checked in text for text in home.texts()), "checking")
            await tap_to_update(phone, 1)  # Ben's bid, sent as an update to the phone
            assert not merged.is_set(), "the tap was answered only after the merge"
            await merging
            assert merged.is_set()
            await home.settle()
            summary = t("library.merged", added=GAMES, updated=0, unchanged=0, refused=0)
            assert summary in home.texts()
            await phone.settle()
    executor.shutdown(wait=True)
    with open_store(tmp_path / "here").store as reopened:
        assert len(reopened.finished_games(limit=None)) == GAMES  # the file's, all finished
        assert len(reopened.unfinished_games()) == 1
