"""The app as the browser tests and the tests of `main.py` meet it: `python main.py` started
in a process group of its own on a free port, read until it prints its address, and ended
however the test run ends. Only the standard library and tests/process_guard.py: a tiny
pytest run that holds a server (tests/test_process_guard.py) starts without the browser's
packages or the app's."""

import contextlib
import os
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests import process_guard

REPO_ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO_ROOT / "test-artifacts"
URL_LINE = re.compile(r"^(http://\S+)$")


@dataclass
class AppServer:
    """A running `python main.py`; `restart()` kills it like a crash and starts it again on
    the same port. `port` 0 picks a free one at the first start; `env` adds variables and
    `args` flags."""

    data_dir: Path
    port: int = 0
    env: dict[str, str] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    process: subprocess.Popen[str] | None = None
    url: str = ""
    output: list[str] = field(default_factory=list)

    def start(self) -> None:
        # Its own process group, ended by stop(), by process_guard at exit or on SIGTERM,
        # and by the kernel if this process dies first.
        command = [
            "main.py",
            "--port",
            str(self.port),
            "--no-browser",
            "--data-dir",
            str(self.data_dir),
            *self.args,
        ]
        self.process = subprocess.Popen(
            process_guard.parent_death_command(command),
            cwd=REPO_ROOT,
            env={**os.environ, **self.env},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        process_guard.track(self.process)
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            match = URL_LINE.match(line.strip())
            if match:
                self.url = match.group(1)
                self.port = int(self.url.rsplit(":", 1)[1])
                # Keep reading: a full pipe would block the server on its next log line.
                threading.Thread(target=self._drain, args=(self.process,), daemon=True).start()
                return
        status = self.process.wait()
        process_guard.end_group(self.process)
        raise RuntimeError(f"main.py exited ({status}) before printing its URL")

    def _drain(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.output.append(line)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is None:
            return
        process_guard.end_group(self.process, sig)
        self.process = None

    def rss(self) -> int:
        """The server process's resident size in bytes, as the kernel counts it."""
        assert self.process is not None
        with open(f"/proc/{self.process.pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS line")

    def restart(self) -> None:
        self.stop(signal.SIGKILL)
        self.start()


@contextlib.contextmanager
def serving(data_dir: Path, log_name: str, args: Sequence[str] = ()) -> Iterator[AppServer]:
    """A server on `data_dir` started with `args`, stopped afterwards, its log kept as
    server-<log_name>.log."""
    server = AppServer(data_dir=data_dir, args=list(args))
    server.start()
    try:
        yield server
    finally:
        server.stop()
        ARTIFACTS.mkdir(exist_ok=True)
        log = ARTIFACTS / f"server-{log_name}.log"
        log.write_text("".join(server.output), encoding="utf-8")


def free_port() -> int:
    """A port nothing listens on now, for a process to listen on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen) -> None:
    """Wait until `process` listens on `port` on loopback; fail if it exits first."""
    while process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.01)
    raise RuntimeError(f"{process.args} exited with {process.returncode}")
