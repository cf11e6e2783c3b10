"""The type checker's exceptions are explained: in every folder `make test` type-checks
(pyproject.toml's [tool.mypy] files), a `# type: ignore[code]` names its error code and is
followed by a comment saying why the checker is wrong there."""

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHECKED = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"][
    "files"
]
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[\w\-, ]+\])?(?P<rest>.*)$")


def unexplained(line: str) -> bool:
    """Whether a line's `type: ignore` lacks its code or its reason."""
    found = IGNORE.search(line)
    return found is not None and (not found["codes"] or "#" not in found["rest"])


def test_every_type_ignore_in_the_checked_folders_says_why() -> None:
    found = [
        f"{path.relative_to(REPO)}:{number}"
        for folder in CHECKED
        for path in sorted((REPO / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if unexplained(line)
    ]
    assert found == []


def test_the_check_knows_an_explained_ignore() -> None:
    assert unexplained("x = 1  # type: ignore")
    assert unexplained("x = 1  # type: ignore[assignment]")
    assert not unexplained("x = 1  # type: ignore[assignment]  # the module, or None")
    assert not unexplained("x = 1  # a comment")
