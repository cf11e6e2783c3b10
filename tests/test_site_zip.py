"""`make site ARGS=--zip` (site_build.site_zip): the site as one archive beside its folder,
which unpacks to the very files, and is the same bytes whenever the same files were
written."""

import os
import zipfile
from pathlib import Path

from site_build.site_zip import zip_site

FILES = {
    "index.html": b"<base href='/'>",
    "pyodide/pyodide.mjs": b"export const loadPyodide = 1;",
    "assets/locales/en.json": b'{"app.name": "Trickpad"}',
    "sw.js": b"const VERSION = 'one';",
}


def write_site(folder: Path, names: list[str]) -> Path:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(FILES[name])
    return folder


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }


def test_the_archive_beside_the_site_unpacks_to_its_files(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", list(FILES))
    archive = zip_site(site)
    assert archive == tmp_path / "trickpad-site.zip"
    with zipfile.ZipFile(archive) as packed:
        assert packed.namelist() == [
            "assets/locales/en.json",
            "index.html",
            "pyodide/pyodide.mjs",
            "sw.js",
        ]
        packed.extractall(tmp_path / "unpacked")
    assert files_of(tmp_path / "unpacked") == FILES


def test_the_same_files_are_the_same_archive_whenever_and_however_written(
    tmp_path: Path,
) -> None:
    """Written in another order, a day later, by someone whose files only they may read:
    an archive a host already has is not sent again for nothing."""
    first = zip_site(write_site(tmp_path / "first" / "site", list(FILES))).read_bytes()
    later = write_site(tmp_path / "later" / "site", list(reversed(FILES)))
    for path in later.rglob("*"):
        if path.is_file():
            os.utime(path, (path.stat().st_mtime + 86_400,) * 2)
            path.chmod(0o600)
    assert zip_site(later).read_bytes() == first
