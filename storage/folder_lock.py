"""One server per data folder: an OS lock on ``trickpad.lock`` that names the server's address.

Two servers on one folder would each save safely, but neither's screens would ever show the
other's entries (each keeps its own listings and live updates). So a server holds an
exclusive lock on ``trickpad.lock`` in the data folder for as long as it runs, and writes
its address into it; a second server finds the lock taken, reads the address and says where
Trickpad already runs.

The lock is the kernel's (``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), not
the file's existence: the kernel releases it when the process ends in any way, a crash or
``kill -9`` included, so a stale lock cannot block the next start. The descriptor is not
inherited by programs the server starts (the browser), which would otherwise keep the lock
after the server died. The file itself stays: removing it would let a server that opened
it a moment earlier lock a file no longer in the folder. Where Python offers neither
locking call, the folder is not locked and servers are not kept apart.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path

from storage.errors import at_start, from_os

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # the module, or None where it does not exist
try:
    import msvcrt
except ImportError:  # everywhere but Windows
    msvcrt = None  # type: ignore[assignment]  # the module, or None where it does not exist

LOCK_FILENAME = "trickpad.lock"
ADDRESS_WAIT_SECONDS = 10.0
"""How long a second server waits for the first to write its address: the first writes it
as soon as it has its port, a few milliseconds after taking the lock."""
_NO_LOCKS_HERE = {errno.ENOLCK, errno.EINVAL, getattr(errno, "ENOTSUP", -1), errno.EOPNOTSUPP}
"""What a file system that keeps no locks (some network shares) answers."""
_WINDOWS_LOCK_OFFSET = 1 << 20
"""Windows locks byte ranges and refuses reads of a locked one: the lock is on a byte far
past the address, so a second server can still read it."""


class FolderInUse(Exception):
    """Another Trickpad server holds the data folder; `address` is its URL, if it told it."""

    def __init__(self, folder: Path, address: str | None) -> None:
        super().__init__(f"{folder} is in use by the Trickpad server at {address or '?'}")
        self.folder = folder
        self.address = address


class FolderLock:
    """The running server's hold on its data folder, released when it stops (or dies)."""

    def __init__(self, path: Path, descriptor: int) -> None:
        self.path = path
        self._descriptor: int | None = descriptor

    def announce(self, address: str) -> None:
        """Write the server's address where a second server started on the folder reads it.

        A full disk raises StorageError: a server that cannot write 30 bytes cannot save a
        game either, so it should not start."""
        assert self._descriptor is not None, "the lock was released"
        data = f"{address}\n".encode()
        try:
            os.ftruncate(self._descriptor, 0)
            os.lseek(self._descriptor, 0, os.SEEK_SET)
            written = os.write(self._descriptor, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError as error:
            raise at_start(from_os(error, str(self.path)), str(self.path.parent)) from error

    def release(self) -> None:
        """Forget the address and let the next server have the folder."""
        if self._descriptor is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self._descriptor, 0)
        os.close(self._descriptor)  # closing the last descriptor releases the kernel's lock
        self._descriptor = None

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


def lock_folder(folder: Path, wait: float = ADDRESS_WAIT_SECONDS) -> FolderLock:
    """Take `folder` (created if missing) for this server, or raise FolderInUse.

    While another server holds the lock but has not written its address yet (it is still
    claiming its port), wait for the address up to `wait` seconds; if that server stops
    meanwhile, the folder is taken after all. Raises StorageError when the folder or the
    lock file cannot be made (read-only, full disk)."""
    path = folder / LOCK_FILENAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise at_start(from_os(error, str(folder)), str(folder)) from error
    deadline = time.monotonic() + wait
    try:
        while not _try_lock(descriptor):
            address = _read_address(descriptor)
            if address or time.monotonic() > deadline:
                raise FolderInUse(folder, address or None)
            time.sleep(0.05)
    except OSError as error:
        os.close(descriptor)
        raise at_start(from_os(error, str(path)), str(folder)) from error
    except BaseException:
        os.close(descriptor)
        raise
    with contextlib.suppress(OSError):
        os.ftruncate(descriptor, 0)  # an address left by a killed server is no one's now
    return FolderLock(path, descriptor)


def _try_lock(descriptor: int) -> bool:
    """Take the kernel's exclusive lock without waiting; False if another process has it."""
    try:
        if fcntl is not None:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            os.lseek(descriptor, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return False
        if error.errno in _NO_LOCKS_HERE:
            return True  # a file system without locks: start unguarded, as before
        raise
    return True


def _read_address(descriptor: int) -> str:
    os.lseek(descriptor, 0, os.SEEK_SET)
    return os.read(descriptor, 4096).decode("utf-8", "replace").strip()
