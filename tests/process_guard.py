"""No process a test starts outlives the test run, however the run stops.

A test's server or benchmark runs in a process group of its own (`start_new_session`), so
that it and whatever it starts can be ended together. Every such group is tracked here and
ended by whichever comes first:
- the test's own clean-up (`end_group`, from a fixture's finaliser or a `finally`);
- `end_all`, run at exit (`atexit`: the run ended, Ctrl-C included) and on SIGTERM or SIGHUP
  to pytest (`install_handlers`; the run then stops as if interrupted, its fixtures torn
  down);
- the kernel, when pytest dies without running any Python (SIGKILL, pytest-timeout's
  `os._exit`, a crashed xdist worker): `parent_death_command` starts the process with a
  signal the kernel sends it when the thread that started it is gone.
"""

import atexit
import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from types import FrameType

import pytest

PR_SET_PDEATHSIG = 1

_running: dict[int, tuple[subprocess.Popen, int]] = {}
"""pid (its group's id) -> the process and the signal that stops it cleanly."""
_lock = threading.Lock()
_installed = False

LAUNCHER = """\
import ctypes, os, sys
ctypes.CDLL(None, use_errno=True).prctl(1, int(sys.argv[1]))
if os.getppid() != int(sys.argv[2]):
    sys.exit("the test run that started this process is gone")
os.execv(sys.argv[3], sys.argv[3:])
"""
"""Sets the parent-death signal, then becomes `PROGRAM ARGS...` (same pid, same group)."""


def parent_death_command(python_args: Sequence[str], sig: int = signal.SIGKILL) -> list[str]:
    """`python *python_args`, sent `sig` by the kernel once the calling thread is gone.

    The thread matters: start the process from a thread that lives as long as it should
    (pytest's main thread does)."""
    return parent_death_program([sys.executable, *python_args], sig)


def parent_death_program(command: Sequence[str], sig: int = signal.SIGKILL) -> list[str]:
    """`command` (a program's path and its arguments: a browser, its driver, a display),
    sent `sig` by the kernel once the calling thread is gone."""
    return [sys.executable, "-c", LAUNCHER, str(int(sig)), str(os.getpid()), *command]


def die_with_parent(sig: int = signal.SIGTERM) -> None:
    """Have the kernel send this process `sig` when its parent is gone (an xdist worker
    whose controller was killed); exits at once if the parent is already gone."""
    parent = os.getppid()
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(sig))
    if os.getppid() != parent:
        os.kill(os.getpid(), sig)


def track(process: subprocess.Popen, stop_signal: int = signal.SIGTERM) -> None:
    """Remember a process started with `start_new_session=True` until `end_group`;
    `stop_signal` is what `end_all` sends it first."""
    install_handlers()
    with _lock:
        _running[process.pid] = (process, stop_signal)


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _exited(process: subprocess.Popen, timeout: float) -> bool:
    """Whether the process ends within `timeout` s, left unreaped (a zombie keeps its pid,
    so its group id cannot pass to an unrelated process before the group is killed)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG):
                return True
        except ChildProcessError:  # reaped already
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def _kill_group(process: subprocess.Popen, sig: int) -> None:
    if process.returncode is None:  # not reaped: the group id is still this group's
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)


def end_group(process: subprocess.Popen, sig: int = signal.SIGTERM, grace: float = 10) -> None:
    """Send `sig` to the process's group, wait up to `grace` seconds for the process, then
    kill whatever is left of the group (the process first, if it is still there)."""
    try:
        _kill_group(process, sig)
        _exited(process, grace)
        _kill_group(process, signal.SIGKILL)
        process.wait()
    finally:
        with _lock:
            _running.pop(process.pid, None)


def end_all(grace: float = 5) -> None:
    """End every tracked group: each one's stop signal to all at once, then SIGKILL after
    `grace` s."""
    with _lock:
        tracked = list(_running.values())
    processes = [process for process, _ in tracked]
    for process, stop_signal in tracked:
        _kill_group(process, stop_signal)
    deadline = time.monotonic() + grace
    for process in processes:
        _exited(process, max(0.0, deadline - time.monotonic()))
    for process in processes:
        _kill_group(process, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=1)
        with _lock:
            _running.pop(process.pid, None)


def _stop_run(signum: int, frame: FrameType | None) -> None:
    end_all()
    # pytest then tears down the fixtures (browsers closed) and exits with 128 + signal.
    pytest.exit(f"stopped by {signal.Signals(signum).name}", returncode=128 + signum)


def install_handlers() -> None:
    """Once per process, from the main thread: `end_all` at exit and on SIGTERM/SIGHUP."""
    global _installed
    if _installed or threading.current_thread() is not threading.main_thread():
        return
    _installed = True
    atexit.register(end_all)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) in (signal.SIG_DFL, None):
            signal.signal(sig, _stop_run)


def pytest_configure(config: pytest.Config) -> None:
    """As a pytest plugin (tests/conftest.py names it): the handlers from the start, and an
    xdist worker ends with its controller, its servers with it."""
    install_handlers()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        die_with_parent()
