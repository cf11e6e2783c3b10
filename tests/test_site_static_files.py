"""The phone-alone site's compressed copies and the static server that sends them
(site_build): a browser that accepts brotli or gzip gets the copy, decoded to the very
file; one that accepts neither gets the file."""

import functools
import gzip
import http.server
import io
import random
import shutil
import tarfile
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli
import flet_web
import pytest

from site_build import build
from site_build.__main__ import StaticFiles
from site_build.build import app_archive, write_copies
from site_build.flet_patches import PATCHES

ARCHIVE = random.Random(7).randbytes(20_000)
"""Like a compressed archive: no copy of it is smaller."""
SCRIPT = b"const rounds = [" + b", ".join(str(n).encode() for n in range(3000)) + b"];\n"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    copies = tmp_path / "copies"
    copies.mkdir()
    (tmp_path / "main.dart.js").write_bytes(SCRIPT)
    write_copies(tmp_path / "main.dart.js", copies)
    (tmp_path / "app.tar.gz").write_bytes(ARCHIVE)
    write_copies(tmp_path / "app.tar.gz", copies)  # compressed already: no copy worth keeping
    handler = functools.partial(StaticFiles, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def fetch(url: str, accept: str) -> tuple[str | None, bytes, str]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request) as response:
        return (
            response.headers["Content-Encoding"],
            response.read(),
            response.headers["Content-Type"],
        )


def test_each_browser_gets_the_smallest_copy_it_accepts(served: str) -> None:
    encoding, body, kind = fetch(f"{served}/main.dart.js", "gzip, deflate, br")
    assert (encoding, brotli.decompress(body), kind) == ("br", SCRIPT, "text/javascript")
    assert len(body) < len(SCRIPT) / 3
    encoding, body, _ = fetch(f"{served}/main.dart.js", "gzip")
    assert (encoding, gzip.decompress(body)) == ("gzip", SCRIPT)
    encoding, body, _ = fetch(f"{served}/main.dart.js", "identity")
    assert (encoding, body) == (None, SCRIPT)


def test_a_file_that_does_not_compress_has_no_copy(served: str, tmp_path: Path) -> None:
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("app")) == [
        "app.tar.gz"
    ]
    encoding, body, _ = fetch(f"{served}/app.tar.gz", "br")
    assert (encoding, body) == (None, ARCHIVE)


def test_a_compressed_copy_is_revalidated_not_sent_again(served: str) -> None:
    """A browser (and the service worker filling its cache) asks "changed?" with the date
    it was given; the answer is a 304 with no body, not the copy again."""
    url = f"{served}/main.dart.js"
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br"})
    with urllib.request.urlopen(request) as response:
        modified = response.headers["Last-Modified"]
    assert modified
    again = urllib.request.Request(
        url, headers={"Accept-Encoding": "br", "If-Modified-Since": modified}
    )
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(again)
    assert answer.value.code == 304


def test_a_later_build_takes_the_copies_of_unchanged_files_from_the_earlier_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copies = tmp_path / "copies"
    copies.mkdir()
    first, later = tmp_path / "first", tmp_path / "later"
    for site in (first, later):
        site.mkdir()
        (site / "main.dart.js").write_bytes(SCRIPT)
    write_copies(first / "main.dart.js", copies)

    def compress(data: bytes, encoding: str) -> bytes:
        raise AssertionError(f"{len(data)} bytes compressed again ({encoding})")

    monkeypatch.setattr(build, "compress", compress)
    write_copies(later / "main.dart.js", copies)
    for suffix in (".br", ".gz"):
        name = "main.dart.js" + suffix
        assert (later / name).read_bytes() == (first / name).read_bytes()


def test_the_same_code_is_archived_to_the_same_bytes() -> None:
    """The service worker's version is the site's content: a build of unchanged code must
    not make every phone download the app again."""
    archive = app_archive()
    assert archive[4:8] == bytes(4), "the gzip header carries the time of the build"
    assert app_archive() == archive


def flet_site(folder: Path) -> Path:
    """The files of a site that python_start is written from: the installed Flet's boot
    scripts, Pyodide's runtime and standard library, and an app archive."""
    (folder / "pyodide").mkdir(parents=True)
    web = Path(flet_web.get_package_web_dir())
    for name in PATCHES:
        shutil.copyfile(web / name, folder / name)
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", build.ARCHIVE):
        (folder / name).write_bytes(name.encode())
    return folder


def test_every_patch_of_flets_boot_scripts_is_made_once(tmp_path: Path) -> None:
    """Checked against the Flet installed: an upgrade that changes a patched text fails here
    (and stops the build) before a phone starts Python the old way."""
    site = flet_site(tmp_path)
    build.write_python_start(site)
    for name, patches in PATCHES.items():
        text = (site / name).read_text()
        for _, new in filter(lambda patch: patch[1], patches):  # a removal leaves no text
            assert text.count(new) == 1, (name, new)


def test_python_starts_through_the_kept_start_of_this_build(tmp_path: Path) -> None:
    site = flet_site(tmp_path / "site")
    build.write_python_start(site)
    worker = (site / "python-worker.js").read_text()
    assert '} from "./python_start.mjs";\nstartPythonNow();' in worker
    assert "await startPython({" in worker
    assert 'self.postMessage("initialized");\n        keepStartForNextTime();' in worker
    start = (site / "python_start.mjs").read_text()
    assert "__VERSION__" not in start
    assert f'const ARCHIVE = "{build.ARCHIVE}";' in (site / "app_files.mjs").read_text()
    # Another app archive is another build: its snapshot is not taken for this one's.
    other = flet_site(tmp_path / "other")
    (other / build.ARCHIVE).write_bytes(b"changed code")
    build.write_python_start(other)
    assert (other / "python_start.mjs").read_text() != start


def test_a_changed_flet_worker_stops_the_build(tmp_path: Path) -> None:
    site = flet_site(tmp_path)
    worker = site / "python-worker.js"
    worker.write_text(worker.read_text().replace("loadPyodide({", "loadRuntime({"))
    with pytest.raises(SystemExit, match="Flet's file has changed"):
        build.write_python_start(site)


def test_the_app_archive_is_a_plain_tar_of_plain_files() -> None:
    """What the page's own unpacking reads (site_build/app_files.js): ustar headers, each
    name within them, no other kind of entry."""
    with tarfile.open(fileobj=io.BytesIO(app_archive())) as archive:
        members = archive.getmembers()
    assert members and all(member.isreg() and not member.pax_headers for member in members)


def not_found(url: str) -> tuple[int, bytes]:
    """The status and body of the answer to an address with no file."""
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(url)
    return caught.value.code, caught.value.read()


def test_an_address_with_no_file_gets_the_nearest_fallback_page(
    served: str, tmp_path: Path
) -> None:
    """As GitHub Pages answers: the 404.html nearest above the address, with status 404
    (the site's is its page, so a game's address opens the app); none, a plain 404."""
    assert not_found(f"{served}/game/0123")[0] == 404
    (tmp_path / "404.html").write_bytes(b"<p>the app</p>")
    (tmp_path / "trickpad").mkdir()
    (tmp_path / "trickpad" / "404.html").write_bytes(b"<p>the app below a path</p>")
    assert not_found(f"{served}/game/0123") == (404, b"<p>the app</p>")
    assert not_found(f"{served}/trickpad/game/0123") == (404, b"<p>the app below a path</p>")
    assert not_found(f"{served}/../../etc/game") == (404, b"<p>the app</p>")
