"""views.shell.preload: what the first session would otherwise import on its phone's wait."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.app_server import REPO_ROOT
from views.shell.preload import flet_names, preload

CHECK = """
import flet, views.app
from views.shell.preload import flet_names, preload
lazy = [name for name in flet_names() if name not in vars(flet)]
preload()
print(len(lazy), [name for name in flet_names() if name not in vars(flet)])
"""


def test_every_flet_name_the_screens_use_is_imported_before_the_first_session() -> None:
    # A fresh interpreter, as the server starts: importing the screens leaves names unloaded.
    result = subprocess.run(
        [sys.executable, "-c", CHECK], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    lazy, missing = result.stdout.split(" ", 1)
    assert int(lazy) > 0
    assert missing.strip() == "[]"


def test_the_names_are_read_from_every_screen() -> None:
    names = flet_names()
    assert {"Card", "SharedPreferences", "Semantics", "Icons"} <= names


def test_a_second_preload_reads_no_screen_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each session of a server, and the phone alone's start from its snapshot, call it again.
    preload()

    def unread(path: Path, *args: object, **kwargs: object) -> str:
        raise AssertionError(f"{path} read again")

    monkeypatch.setattr(Path, "read_text", unread)
    preload()
