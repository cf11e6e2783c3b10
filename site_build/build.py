"""Writes the site folder: the web client, Pyodide and the app archive."""

import contextlib
import functools
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import tarfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import flet_web

from serving.compressed_client import (
    COMPRESSIBLE,
    ENCODINGS,
    MIN_SIZE,
    SUFFIXES,
    UNUSED_FONT_FAMILIES,
    compress,
    lean_font_manifest,
    write_atomically,
)
from serving.icon_font import icon_fonts
from serving.web_app import client_cache_dir
from site_build.flet_patches import patch_flet_files
from views.shell.fonts import FONTS
from views.shell.i18n import LANGUAGES, t

REPO = Path(__file__).resolve().parents[1]
ENTRY = "phone.py"
"""The module the browser runs instead of main.py."""
ARCHIVE = "app.tar.gz"
APP_PACKAGES = ("scorers", "storage", "sharing", "views", "phone_alone")
APP_ASSETS = ("locales", "rules", "metrics")
"""The assets the Python side reads (catalogs, rules sheets, text widths); the rest are the
client's."""
SITE_ASSETS_SKIPPED = ("make_fonts.py", "make_icon.py")
BROWSER_PACKAGES = ("flet", "flet_charts", "msgpack", "babel", "segno", "repath.py", "six.py")
"""What the app imports in the browser, all pure Python (msgpack without its C extension,
which it does without): flet needs msgpack, repath and six (httpx and oauthlib it skips on
Emscripten); babel is trimmed to the app's languages."""
BABEL_KEPT = frozenset({"root", "no", *LANGUAGES})
"""The locale data babel reads for the app's languages (nb falls back to no, all to root)."""
CLIENT_SKIPPED = frozenset(
    {
        "python",
        "python.bat",
        "python.exe",
        "python_cli_entry.mjs",
        "package.json",
        "ffi.d.ts",
        "pyodide.d.ts",
        "pyodide.js",
        "flutter_service_worker.js",
    }
)
"""Pyodide's command-line runner, typings and classic-script loader: never loaded by a page;
and Flutter's service worker, which unregisters itself (the site has its own, sw.js)."""
CLIENT_SKIPPED_SUFFIXES = (".map", ".whl")
"""Source maps, and micropip's wheels (the archive brings every package; nothing is
installed at run time)."""


def build_site(out: Path, base: str = "/") -> Path:
    """Write the whole app into `out` (emptied first) and return it. `base` is the path the
    host serves it at: "/" at the root of an address, "/trickpad/" for a project page."""
    web_dir = Path(flet_web.get_package_web_dir())
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(web_dir, out, ignore=skipped_client_files)
    cut_client_fonts(web_dir, out)
    assets = REPO / "assets"
    shutil.copytree(
        assets, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*SITE_ASSETS_SKIPPED)
    )
    patch_index(out, web_dir, base)
    shutil.copyfile(out / "index.html", out / FALLBACK_PAGE)
    place_manifest(out, base)
    stop_flutter_service_worker(out)
    (out / ARCHIVE).write_bytes(app_archive())
    write_python_start(out)
    write_service_worker(out)
    write_compressed_copies(out)
    return out


FALLBACK_PAGE = "404.html"
"""The app's page again, under the name static hosts (GitHub Pages and others) answer an
address with no file with: a game's address opens the app when no service worker answers
it (the first visit at that address, or one after the browser dropped the site's data).
Its base href (the page's) makes every file it loads the site's own, at any depth."""


def skipped_client_files(folder: str, names: list[str]) -> list[str]:
    return [
        name for name in names if name in CLIENT_SKIPPED or name.endswith(CLIENT_SKIPPED_SUFFIXES)
    ]


def cut_client_fonts(web_dir: Path, out: Path) -> None:
    """The icon fonts cut to the icons the screens draw and the font manifest without the
    fonts nobody uses, as the server serves them (serving.web_app.client_variants)."""
    cache_dir = client_cache_dir()
    fonts = icon_fonts(web_dir, cache_dir / "icon-fonts")
    for url_path, path in fonts.replacements.items():
        shutil.copyfile(path, out / url_path)
    unused = UNUSED_FONT_FAMILIES + fonts.unused_families
    manifest = lean_font_manifest(web_dir, cache_dir, unused, FONTS)
    for url_path, variants in manifest.items():
        shutil.copyfile(variants["identity"].path, out / url_path)


def patch_index(out: Path, web_dir: Path, base: str) -> None:
    """Flet's page set to run `phone.py` from the archive in Pyodide, all from the folder."""
    version = json.loads((web_dir / "pyodide" / "package.json").read_text(encoding="utf-8"))
    index = out / "index.html"
    flet_web.patch_index_html(
        str(index),
        base,
        app_name=t("app.name"),
        app_description=t("app.description"),
        pyodide=True,
        pyodide_script_path=ENTRY,
        pyodide_version=version["version"],
        app_package_url=ARCHIVE,
        no_cdn=True,
    )
    # Flet writes the runtime's address as a bare specifier, which the worker's import()
    # refuses ("Failed to resolve module specifier"): made relative to the worker's script.
    text = index.read_text(encoding="utf-8")
    text = text.replace('="pyodide/pyodide.mjs"', '="./pyodide/pyodide.mjs"')
    index.write_text(text.replace(PYTHON_SCRIPT, PAGE_SCRIPT + PYTHON_SCRIPT, 1))


def place_manifest(out: Path, base: str) -> None:
    """Trickpad's web app manifest (assets/manifest.json) for a site at `base`: the app
    installed from it opens there, and its every page belongs to it."""
    manifest = out / "manifest.json"
    fields = json.loads(manifest.read_text(encoding="utf-8"))
    fields.update(id=base, start_url=base, scope=base)
    manifest.write_text(json.dumps(fields, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


PYTHON_SCRIPT = '<script src="python.js"></script>'
PAGE_SCRIPT = (REPO / "site_build" / "page.html").read_text(encoding="utf-8")
"""What the page does before Flet's scripts: ask that the games' storage be kept, and
register the site's service worker (sw.js)."""


def app_archive() -> bytes:
    """The app's Python: the entry, its packages and assets, and __pypackages__, as a plain
    tar of plain files, which the page's own unpacking reads (site_build/app_files.js)."""
    buffer = io.BytesIO()
    # The gzip header's time is fixed too: a build of the same code is the same version.
    with (
        gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as packed,
        tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as archive,
    ):
        for name, path in archive_files():
            info = archive.gettarinfo(str(path), arcname=name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with path.open("rb") as file:
                archive.addfile(info, file)
    return buffer.getvalue()


def archive_files() -> Iterator[tuple[str, Path]]:
    """(name in the archive, file) of everything the browser's Python needs."""
    yield ENTRY, REPO / ENTRY
    for package in APP_PACKAGES:
        yield from python_files(REPO / package, package)
    for folder in APP_ASSETS:
        yield from tree(REPO / "assets" / folder, f"assets/{folder}")
    site_packages = Path(flet_web.__file__).resolve().parents[1]
    for name in BROWSER_PACKAGES:
        source = site_packages / name
        if source.is_file():
            yield f"__pypackages__/{name}", source
        elif name == "babel":
            yield from babel_files(source)
        else:
            yield from python_files(source, f"__pypackages__/{name}")


def tree(root: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            yield f"{prefix}/{path.relative_to(root).as_posix()}", path


def python_files(root: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    """A package's files but compiled ones and C extensions (the browser can load none)."""
    for name, path in tree(root, prefix):
        if path.suffix not in (".so", ".pyd", ".pyc", ".c", ".pyx", ".h", ".cpp"):
            yield name, path


def babel_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Babel with the locale data of the app's languages only (of about 1,100 locales)."""
    for name, path in python_files(root, "__pypackages__/babel"):
        data = path.parent.name == "locale-data" and path.suffix == ".dat"
        if not data or path.stem in BABEL_KEPT:
            yield name, path


PYTHON_START = "python_start.mjs"
PYTHON_START_WORKER = "python_start_worker.mjs"
APP_FILES = "app_files.mjs"


def write_python_start(out: Path) -> None:
    """python_start.mjs, its snapshot maker and app_files.mjs with this build's version (the
    app archive's and Pyodide's hash) and archive, and Flet's boot scripts patched to start
    Python through them (site_build/flet_patches.py)."""
    version = hashlib.sha256()
    for name in (ARCHIVE, "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        version.update((out / name).read_bytes())
    templates = REPO / "site_build"
    start = (templates / "python_start.js").read_text(encoding="utf-8")
    (out / PYTHON_START).write_text(start.replace("__VERSION__", version.hexdigest()[:16]))
    shutil.copyfile(templates / "python_start_worker.js", out / PYTHON_START_WORKER)
    files = (templates / "app_files.js").read_text(encoding="utf-8")
    (out / APP_FILES).write_text(files.replace("__ARCHIVE__", ARCHIVE))
    patch_flet_files(out)


FLUTTER_WORKER_SETTINGS = re.compile(r"serviceWorkerSettings: \{[^}]*\},\s*")
"""Flutter's loader replaces any service worker of the page's with its own, which then
unregisters itself: the loader is given no service worker settings."""


def stop_flutter_service_worker(out: Path) -> None:
    bootstrap = out / "flutter_bootstrap.js"
    text, count = FLUTTER_WORKER_SETTINGS.subn("", bootstrap.read_text(encoding="utf-8"))
    if count != 1:
        raise SystemExit(f"{bootstrap}: Flutter's service worker settings have changed")
    bootstrap.write_text(text, encoding="utf-8")


SERVICE_WORKER = "sw.js"
SHELL_SKIPPED = (
    "canvaskit/",
    "main.dart.",
    "assets/NOTICES",
    "assets/packages/media_kit/",
    "assets/packages/flutter_math_fork/",
)
"""Not in the shell every browser is sent: Flutter's renderers (a browser loads one of
them, kept as it loads), the licence text, the video player's scripts and the maths fonts
(never used; the font manifest leaves them out)."""


def write_service_worker(out: Path) -> None:
    """sw.js with this build's version and shell (see site_build/service_worker.js)."""
    files = sorted(path for path in out.rglob("*") if path.is_file())
    version = hashlib.sha256()
    for path in files:
        version.update(path.relative_to(out).as_posix().encode() + b"\0" + path.read_bytes())
    names = [path.relative_to(out).as_posix() for path in files]
    shell = ["./", *(name for name in names if in_shell(name))]
    template = (REPO / "site_build" / "service_worker.js").read_text(encoding="utf-8")
    worker = template.replace("__VERSION__", version.hexdigest()[:16])
    (out / SERVICE_WORKER).write_text(worker.replace("__SHELL__", json.dumps(shell)))


def in_shell(name: str) -> bool:
    """Whether every browser is sent the file on its first visit ("./" is index.html)."""
    skipped = name.startswith(SHELL_SKIPPED) or name.endswith(".symbols")
    return not skipped and name != "index.html"


WORTH_KEEPING = 0.95
"""A compressed copy is written when it is at most this share of the file's size."""


def write_compressed_copies(out: Path) -> None:
    """Beside each file that compresses well, its brotli and gzip copies (`main.dart.wasm.br`,
    `.gz`), for hosts that send a copy the browser accepts (`make site ARGS=--serve`,
    Caddy's `precompressed`, nginx's `gzip_static`): a first visit then downloads a third
    of the bytes. The service worker's version and shell are the files themselves.

    Compressing the site takes a core tens of seconds; the copies are kept by content in
    the client's cache folder, so a later build compresses only the files that changed."""
    files = [
        path
        for path in sorted(out.rglob("*"))
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= MIN_SIZE
    ]
    copies = client_cache_dir() / "site-copies"
    copies.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        list(pool.map(functools.partial(write_copies, copies=copies), files))


def write_copies(path: Path, copies: Path) -> None:
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    for encoding in ENCODINGS:
        copy = compressed(data, encoding, copies / (digest + SUFFIXES[encoding]))
        if len(copy) <= WORTH_KEEPING * len(data):
            path.with_name(path.name + SUFFIXES[encoding]).write_bytes(copy)


def compressed(data: bytes, encoding: str, kept: Path) -> bytes:
    """`data` compressed, from `kept` when an earlier build made it (named by the content's
    hash), else made now and kept there (written whole: two builds may run at once)."""
    with contextlib.suppress(FileNotFoundError):
        return kept.read_bytes()
    copy = compress(data, encoding)
    write_atomically(kept, copy)
    return copy
