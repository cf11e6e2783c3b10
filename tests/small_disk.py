"""A real full disk for tests: a small tmpfs mounted for the test, filled on demand.

Mounting needs root (as in CI, where a failed mount fails the test). Elsewhere the test is
skipped with the reason.
"""

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class SmallDisk:
    """A mounted tmpfs at `path`; `fill` takes every free byte, `free` gives them back."""

    path: Path

    @property
    def filler(self) -> Path:
        return self.path / "filler"

    def fill(self) -> None:
        chunk = b"\0" * 4096
        descriptor = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while os.write(descriptor, chunk):
                pass
        except OSError as error:
            if error.errno != errno.ENOSPC:
                raise
        finally:
            os.close(descriptor)
        # tmpfs allocates whole pages: what is left can hold no SQLite page.
        assert os.statvfs(self.path).f_bavail == 0

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)


@contextlib.contextmanager
def small_disk(where: Path, size: str = "4m") -> Iterator[SmallDisk]:
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        reason = f"cannot mount a tmpfs here: {mounted.stderr.strip()}"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI runs as root and must run this test)")
        pytest.skip(reason)
    try:
        yield SmallDisk(where)
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)
