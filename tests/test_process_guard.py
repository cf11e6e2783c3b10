"""A test run leaves no app server behind, however it stops: a tiny pytest run whose test
holds a server (tests/app_server.py's AppServer) is stopped in each way a run can stop,
and the server's process group must be gone afterwards."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.app_server import REPO_ROOT

INNER_TEST = """
import faulthandler
import os
import signal
import time
from pathlib import Path

import pytest

from tests.app_server import AppServer

# Where a stuck run is stuck (to a file: pytest captures the run's own output).
faulthandler.register(
    signal.SIGUSR1, open(os.environ["STACKS_FILE"], "w"), all_threads=True
)


@pytest.fixture
def server(tmp_path):
    server = AppServer(data_dir=tmp_path / "data")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_holds_a_server(server):
    Path(os.environ["SERVER_PID_FILE"]).write_text(str(server.process.pid))
    if os.environ["HOW"] == "crash":
        os.kill(os.getpid(), signal.SIGKILL)  # this test's own process: an xdist worker
    if os.environ["HOW"] == "passes":
        return
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "Ctrl-C is not heard"
    time.sleep(120)
"""

AS_FROM_A_TERMINAL = """\
import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""
"""Becomes `python ARGS...` (same pid) with Ctrl-C heard, as a shell starts a command. An
ignored or blocked SIGINT passes from parent to child, and the test worker's is no part of
what is tested: in three full runs the inner run slept through its Ctrl-C, as it does
whenever the worker ignores SIGINT."""

FUNCTION_ONLY = ["-o", "timeout_func_only=true"]  # the server's start is not timed

# How the run stops: what the inner run is given, and what is done to it once its server
# is up. "timeout" is pytest-timeout's thread method, which ends the process with
# os._exit (no fixture teardown, no atexit); "timeout-signal" fails the test and tears
# its fixtures down.
WAYS = {
    "passes": ([], None),
    "sigterm": ([], signal.SIGTERM),
    "sigint": ([], signal.SIGINT),
    "sighup": ([], signal.SIGHUP),
    "sigkill": ([], signal.SIGKILL),
    "timeout": (["-o", "timeout=3", "-o", "timeout_method=thread", *FUNCTION_ONLY], None),
    "timeout-signal": (["-o", "timeout=3", "-o", "timeout_method=signal", *FUNCTION_ONLY], None),
    "crash": (["-n", "1"], None),
    "xdist-sigterm": (["-n", "1"], signal.SIGTERM),
    "xdist-sigkill": (["-n", "1"], signal.SIGKILL),
}


def group_members(pgid: int) -> list[str]:
    """The live (not zombie) processes of process group `pgid`, as /proc/PID/stat lines."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces, so split after its ")".
        state, _ppid, pgrp = stat.rsplit(")", 1)[1].split()[:3]
        if int(pgrp) == pgid and state != "Z":
            members.append(stat)
    return members


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(what)
        time.sleep(0.05)


def finished_output(run: subprocess.Popen[str], way: str, stacks: Path) -> str:
    """The inner run's output once it has ended; if it has not ended within a minute, the
    test fails with the stack of each of its threads (a run that hangs must say where)."""
    try:
        return run.communicate(timeout=60)[0]
    except subprocess.TimeoutExpired:
        run.send_signal(signal.SIGUSR1)
        with contextlib.suppress(subprocess.TimeoutExpired):
            run.communicate(timeout=5)
        os.killpg(run.pid, signal.SIGKILL)
        output = run.communicate()[0]
        pytest.fail(f"{way}: the run did not end within a minute:\n{output}\n{stacks.read_text()}")


@pytest.mark.timeout(120)
@pytest.mark.parametrize("way", list(WAYS))
def test_a_stopped_run_leaves_no_server(tmp_path: Path, way: str) -> None:
    options, sig = WAYS[way]
    test_file = tmp_path / "test_inner.py"
    test_file.write_text(INNER_TEST)
    pid_file, stacks = tmp_path / "server.pid", tmp_path / "stacks.txt"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO_ROOT),
        "PYTHONUNBUFFERED": "1",  # a stuck run's output is all there when it is read
        "STACKS_FILE": str(stacks),
        # Only the plugins the run needs (named below): the others take a second to load.
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
        "SERVER_PID_FILE": str(pid_file),
        "HOW": "passes" if way == "passes" else "crash" if way == "crash" else "waits",
    }
    env.pop("PYTEST_XDIST_WORKER", None)  # the inner run's own workers set their own
    command = [
        sys.executable,
        "-c",
        AS_FROM_A_TERMINAL,
        "-m",
        "pytest",
        str(test_file),
        "-p",
        "tests.process_guard",
        "-p",
        "pytest_timeout",
        "-p",
        "xdist.plugin",
        "-p",
        "no:cacheprovider",
        "-c",
        os.devnull,
        "--rootdir",
        str(tmp_path),
        "-q",
        *options,
    ]
    # A session of its own, like a terminal's run: the signal goes to pytest alone.
    run = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    server = None
    try:
        wait_for(
            lambda: (pid_file.exists() and pid_file.read_text()) or run.poll() is not None,
            90,
            "the inner test never started its server",
        )
        assert pid_file.exists(), run.communicate()[0]
        server = int(pid_file.read_text())
        if sig is not None:
            os.kill(run.pid, sig)
        output = finished_output(run, way, stacks)
        # Whatever the kernel sends, it sends at once; a handler may take its few seconds.
        wait_for(
            lambda: not group_members(server),
            15,
            f"{way}: the server's group is still running:\n{group_members(server)}\n{output}",
        )
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        for line in group_members(server) if server else []:
            os.kill(int(line.split()[0]), signal.SIGKILL)
