"""The folders are the architecture: every module imports only from layers below its own.

Between the top folders: the rules, then storage, then the shares' logic (`sharing`, with
no Flet: the table share's and the phones-only share's), then the screens, then the server,
with the entry scripts on top. Inside `views/`: the shell every screen stands on (`shell`),
the games' views and their contract (`games`),
the screens around the games (`screens`), the game screen (`game_screen`), and `views/app.py`,
the root that routes to them all. Modules of one layer may import each other; an import of
the project's own code inside a function, where it would hide a cycle, is refused in the
layers below the server (main.py and the server load the screens late, for a quick start).
"""

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TOP_LAYERS = [
    "scorers",
    "storage",
    "sharing",
    "views",
    "phone_alone",
    "serving",
    "site_build",
    "main.py",
    "phone.py",
]
VIEW_LAYERS = ["shell", "games", "screens", "game_screen", "app.py"]
NO_HIDDEN_IMPORTS = ("scorers", "storage", "sharing", "views")


def modules(folder: str) -> list[Path]:
    path = REPO / folder
    return [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))


def own_imports(tree: ast.AST) -> Iterator[tuple[ast.stmt, str]]:
    """Each import of the project's own code (an absolute import of a top folder)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in {Path(layer).stem for layer in TOP_LAYERS}:
                yield node, name


def top_layer(name: str) -> int:
    root = name.split(".")[0]
    return next(index for index, layer in enumerate(TOP_LAYERS) if Path(layer).stem == root)


def view_layer(parts: list[str]) -> int:
    """The layer of the module `views.<parts>`: its sub-package, or app (views/app.py)."""
    first = parts[0] if len(parts) > 1 or parts[0] in VIEW_LAYERS else f"{parts[0]}.py"
    return VIEW_LAYERS.index(first)


def views_module(path: Path) -> list[str]:
    """`views/games/wizard/view.py` -> ["games", "wizard", "view"]."""
    return list(path.relative_to(REPO / "views").with_suffix("").parts)


def above(path: Path, name: str) -> bool:
    """Whether `name` is in a layer above the module at `path`."""
    top = Path(path.relative_to(REPO).parts[0]).stem
    if top_layer(name) != top_layer(top):
        return top_layer(name) > top_layer(top)
    module, imported = views_module(path) if top == "views" else [], name.split(".")[1:]
    if not module or not imported or module == ["__init__"]:
        return False
    return view_layer(imported) > view_layer(module)


def upward_imports(layer: str) -> list[str]:
    return [
        f"{path.relative_to(REPO)} imports {name}"
        for path in modules(layer)
        for _, name in own_imports(ast.parse(path.read_text(encoding="utf-8")))
        if above(path, name)
    ]


@pytest.mark.parametrize("layer", TOP_LAYERS)
def test_no_module_imports_a_layer_above_its_own(layer: str) -> None:
    assert upward_imports(layer) == []


def test_every_views_module_has_a_layer() -> None:
    """A new sub-package of views/ is given its place in the order here."""
    for path in modules("views"):
        if views_module(path) != ["__init__"]:
            view_layer(views_module(path))  # raises for a folder the order does not name


def test_the_shares_logic_draws_nothing() -> None:
    """sharing/ is the shares' logic: what is drawn of it is in views/, which uses it."""
    for path in modules("sharing"):
        imported = {name.split(".")[0] for name in imports_of(path)}
        assert "flet" not in imported and "flet_web" not in imported, path


def imports_of(path: Path) -> Iterator[str]:
    """Every module `path` imports, its own code's or another's."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def hidden_imports(layer: str) -> list[str]:
    found = []
    for path in modules(layer):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for _, name in own_imports(function):
                    found.append(f"{path.relative_to(REPO)}: {function.name} imports {name}")
    return found


@pytest.mark.parametrize("layer", NO_HIDDEN_IMPORTS)
def test_no_import_of_our_own_code_hides_in_a_function(layer: str) -> None:
    assert hidden_imports(layer) == []


def test_the_check_sees_an_import_against_the_order() -> None:
    tree = ast.parse("import flet\nfrom views.app import App\ndef f():\n    import storage\n")
    assert [name for _, name in own_imports(tree)] == ["views.app", "storage"]
    shell, game_view = REPO / "views/shell/i18n.py", REPO / "views/games/game_view.py"
    assert above(shell, "views.games.game_view") and not above(game_view, "views.shell.i18n")
    assert above(REPO / "storage/keeper.py", "views.app")
    assert not above(REPO / "views/app.py", "views.game_screen.screen")
