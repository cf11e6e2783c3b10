"""One server per data folder: the kernel's lock on trickpad.lock, which names the holder's
address. Locks taken in one process conflict like two servers' (flock is per open file)."""

import functools
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import main
from storage.folder_lock import LOCK_FILENAME, FolderInUse, lock_folder
from views.i18n import t


def test_a_held_folder_is_refused_with_the_holders_address(tmp_path: Path) -> None:
    with lock_folder(tmp_path / "data") as held:
        held.announce("http://127.0.0.1:8550")
        with pytest.raises(FolderInUse) as caught:
            lock_folder(tmp_path / "data")
        assert caught.value.address == "http://127.0.0.1:8550"
        assert caught.value.folder == tmp_path / "data"
        lock_folder(tmp_path / "other").release()  # another folder is another lock
    with lock_folder(tmp_path / "data") as again:
        assert (tmp_path / "data" / LOCK_FILENAME).read_text() == ""  # the old address gone
        again.announce("http://127.0.0.1:8600")
        assert (tmp_path / "data" / LOCK_FILENAME).read_text() == "http://127.0.0.1:8600\n"


def test_a_holder_that_has_not_told_its_address_is_waited_for(tmp_path: Path) -> None:
    held = lock_folder(tmp_path)
    try:
        with pytest.raises(FolderInUse) as caught:
            lock_folder(tmp_path, wait=0.2)
        assert caught.value.address is None
        later = threading.Timer(0.3, held.announce, args=["http://127.0.0.1:9000"])
        later.start()
        with pytest.raises(SystemExit) as refused:
            main.hold_folder(tmp_path)  # waits up to 10 s for the address
        later.join()
        assert str(refused.value) == t(
            "cli.already_running", folder=str(tmp_path), url="http://127.0.0.1:9000"
        )
    finally:
        held.release()


def test_a_folder_freed_while_waiting_is_taken(tmp_path: Path) -> None:
    held = lock_folder(tmp_path)
    later = threading.Timer(0.3, held.release)
    later.start()
    try:
        lock_folder(tmp_path, wait=30).release()
    finally:
        later.join()
        held.release()


def test_main_says_so_when_the_holder_never_tells_its_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(main, "lock_folder", functools.partial(lock_folder, wait=0.2))
    with lock_folder(tmp_path), pytest.raises(SystemExit) as refused:
        main.hold_folder(tmp_path)
    assert str(refused.value) == t("cli.already_running_unknown", folder=str(tmp_path))


def test_a_program_the_server_started_does_not_keep_the_folder(tmp_path: Path) -> None:
    """The browser a server opens may outlive it; the lock must not live on in it.

    Linux lets a spawning parent run on a moment before the child's exec closes the
    close-on-exec descriptors: so the lock is waited for (it is free within microseconds;
    a child that inherited it would hold it for the whole minute)."""
    held = lock_folder(tmp_path)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], close_fds=False)
    try:
        held.release()
        lock_folder(tmp_path, wait=15).release()
    finally:
        child.kill()
        child.wait()
        held.release()
