"""The GitHub Actions workflows (.github/workflows) pass actionlint, with shellcheck reading
their `run:` scripts: a mistake is found here, not on GitHub after a push. Both tools are
wheels of the test set-up (pyproject.toml), so the check runs offline, and it is shown to
fail on a broken workflow."""

import re
import subprocess
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
TOOLS = Path(sysconfig.get_path("scripts"))
"""Where pip put the test set-up's commands (this environment's bin/)."""


def actionlint(*workflows: Path) -> subprocess.CompletedProcess[str]:
    """actionlint's findings on the files, one a line, with this set-up's shellcheck (not
    whatever PATH holds, nor none: without one it would skip the scripts unsaid)."""
    return subprocess.run(
        [
            TOOLS / "actionlint",
            "-oneline",
            "-no-color",
            f"-shellcheck={TOOLS / 'shellcheck'}",
            "-pyflakes=",  # no Python scripts in the workflows
            *workflows,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_every_workflow_passes_actionlint() -> None:
    assert [path.name for path in WORKFLOWS] == ["pages.yml"]
    checked = actionlint(*WORKFLOWS)
    assert (checked.returncode, checked.stdout, checked.stderr) == (0, "", "")


BROKEN = """on:
  push:
    branch: main
jobs:
  build:
    runs-on: ubuntu-lastest
    steps:
      - uses: actions/upload-pages-artifact@v5
        with:
          folder: site
      - run: cd $SITE_FOLDER && make site
      - run: echo "${{ github.repo }}"
"""
"""A key misspelt, an unknown runner, an input the action does not take, a script
shellcheck refuses and an expression that names nothing."""


FINDING = re.compile(r"^.+?:(\d+):\d+: .* \[([\w-]+)\]$", re.MULTILINE)
"""A finding's line and kind, from `-oneline`'s `file:line:column: message [kind]`."""


def test_actionlint_finds_each_mistake_of_a_broken_workflow(tmp_path: Path) -> None:
    workflow = tmp_path / "broken.yml"
    workflow.write_text(BROKEN, encoding="utf-8")
    checked = actionlint(workflow)
    assert checked.returncode == 1, checked.stderr
    found = {(int(line), kind) for line, kind in FINDING.findall(checked.stdout)}
    assert found == {
        (3, "syntax-check"),
        (6, "runner-label"),
        (10, "action"),
        (11, "shellcheck"),
        (12, "expression"),
    }, checked.stdout
