"""`make site ARGS=--zip`: the site as one archive, for a static host that takes one (or
a folder to unpack it into)."""

import shutil
import zipfile
from pathlib import Path

ZIP_NAME = "trickpad-site.zip"
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
"""Every entry's time, the earliest a zip can hold: the same site is the same archive."""


def zip_site(folder: Path) -> Path:
    """Pack `folder`'s files, at the archive's root and in the order of their paths, into
    trickpad-site.zip beside it; return the archive."""
    archive = folder.with_name(ZIP_NAME)
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    with zipfile.ZipFile(archive, "w") as packed:
        for path in files:
            entry = zipfile.ZipInfo(path.relative_to(folder).as_posix(), ZIP_EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16  # rw-r--r--, whoever built it
            with path.open("rb") as source, packed.open(entry, "w") as target:
                shutil.copyfileobj(source, target)
    return archive
