"""A benchmark script run to its end as its smoke test runs it, and the rows it prints."""

import signal
import subprocess

from tests import process_guard
from tests.app_server import REPO_ROOT


def bench_rows(args: list[str], timeout: float) -> dict[str, str]:
    """Run `python *args` from the repository root; each printed row by its figure's name
    (the text before the table's first gap). The run must end well."""
    # SIGINT is what stops a benchmark cleanly: its servers and browsers are ended in its
    # `finally`s. It is sent by the kernel too if this process dies first.
    bench = subprocess.Popen(
        process_guard.parent_death_command(args, signal.SIGINT),
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    process_guard.track(bench, signal.SIGINT)
    try:
        stdout, stderr = bench.communicate(timeout=timeout)
    finally:
        process_guard.end_group(bench, signal.SIGINT)
    assert bench.returncode == 0, stderr
    return {line.split("  ")[0]: line for line in stdout.splitlines()}
