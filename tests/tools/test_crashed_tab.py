"""A browser test is run again when Chromium's renderer crashes or hangs under its tab, and
only then (tests/e2e/conftest.py, pytest_collection_modifyitems): a tiny pytest run with the
browser fixtures, whose tests crash a tab, hang one, or fail on their own."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.app_server import REPO_ROOT

INNER_TEST = """
from pathlib import Path

import contextlib

from playwright.sync_api import Error, expect

RUNS = Path(__file__).with_name("runs")


def test_a_tab_crashes_at_the_first_run(browser):
    page = browser.new_page()
    page.set_content("<p>drawn</p>")
    with RUNS.open("a") as runs:
        runs.write("crash\\n")
    if RUNS.read_text().count("crash") == 1:
        with contextlib.suppress(Error):  # the navigation is aborted by the crash itself
            page.goto("chrome://crash")  # the renderer dies as in Chromium's own crashes
    expect(page.locator("p")).to_have_text("drawn", timeout=5_000)


def test_a_tab_stops_answering_at_the_first_run(browser):
    with RUNS.open("a") as runs:
        runs.write("hang\\n")
    first_run = RUNS.read_text().count("hang") == 1
    page = browser.new_page()
    page.set_content("<p onclick='for (;;) {}'>drawn</p>" if first_run else "<p>drawn</p>")
    page.click("p", timeout=5_000)  # at the first run, the renderer runs nothing after it


def test_a_failure_of_its_own(browser):
    with RUNS.open("a") as runs:
        runs.write("fails\\n")
    page = browser.new_page()
    page.set_content("<p>drawn</p>")
    expect(page.locator("p")).to_have_text("something else", timeout=1_000)
"""


# A hung tab's run waits out a click's 5 s and the probe's 10 s before its rerun.
@pytest.mark.timeout(180)
def test_only_a_crashed_or_hung_tab_gives_a_test_another_run(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(INNER_TEST)
    # Only the plugins the run needs: the others take a second to load.
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    command = [sys.executable, "-m", "pytest", "test_inner.py", "-p", "tests.e2e.conftest"]
    command += ["-p", "pytest_rerunfailures", "-p", "no:cacheprovider", "-c", os.devnull]
    command += ["--rootdir", str(tmp_path), "-q"]
    run = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=150
    )
    summary = run.stdout.strip().splitlines()[-1]
    assert "1 failed, 2 passed, 2 rerun" in summary, run.stdout
    runs = (tmp_path / "runs").read_text().split()
    assert runs == ["crash", "crash", "hang", "hang", "fails"], run.stdout
