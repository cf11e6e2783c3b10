"""Small pieces: every function of the screens reads on one screen of its own (at most 60
lines); a longer one is split into parts that each have a name."""

import ast
from pathlib import Path

VIEWS = Path(__file__).resolve().parent.parent / "views"
MOST_LINES = 60


def long_functions(source: str) -> list[tuple[str, int]]:
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MOST_LINES
    ]


def test_no_view_function_is_longer_than_a_screen() -> None:
    found = {
        str(path.relative_to(VIEWS)): long
        for path in sorted(VIEWS.rglob("*.py"))
        if (long := long_functions(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_count_sees_a_long_function() -> None:
    body = "\n".join(f"    x{n} = {n}" for n in range(MOST_LINES))
    assert long_functions(f"def f():\n{body}\n") == [("f", MOST_LINES + 1)]
    assert long_functions("def g():\n    pass\n") == []
