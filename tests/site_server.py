"""The phone-alone site (`make site`'s static files) built once for a test run and served
on loopback by a plain static file server, as a host without Trickpad's server serves it:
at the root of an address, or below a project page's path.
Fixtures for every layer that reads the site (tests/conftest.py loads them). The site's
builder and server load the app server's packages (seconds): they are imported when a test
first asks for the site, not when a worker starts."""

import contextlib
import fcntl
import functools
import http.server
import threading
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def serving_site(folder: Path, isolated: bool = True) -> Iterator[str]:
    """`folder` on a plain static file server on loopback; its address. Not `isolated`:
    without the cross-origin isolation headers, as GitHub Pages serves a site (it sends no
    header a site asks for)."""
    from site_build.__main__ import StaticFiles

    class QuietStaticFiles(StaticFiles):
        """The site's files without a log line for each request."""

        def log_message(self, format: str, *args: object) -> None:
            pass

        def end_headers(self) -> None:
            if isolated:
                super().end_headers()
            else:  # past StaticFiles' own, which adds the isolation headers
                http.server.SimpleHTTPRequestHandler.end_headers(self)

    handler = functools.partial(QuietStaticFiles, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def made_once_for_the_run(
    tmp_path_factory: pytest.TempPathFactory,
    worker_id: str,
    name: str,
    make: Callable[[Path], object],
) -> Path:
    """The folder `name`, written by `make` once for the run: the xdist workers share it
    (made by the first to ask, the others waiting for it), and no test changes it."""
    if worker_id == "master":
        folder = tmp_path_factory.mktemp(name)
        make(folder)
        return folder
    run_folder = tmp_path_factory.getbasetemp().parent  # this run's, shared by its workers
    folder, made = run_folder / name, run_folder / f"{name}.made"
    with (run_folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            make(folder)
            made.touch()
    return folder


@pytest.fixture(scope="module")
def site_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site built once for the run, for the root of an address."""
    from site_build.build import build_site

    return made_once_for_the_run(tmp_path_factory, worker_id, "phone-alone-site", build_site)


PROJECT_PAGE = "/trickpad/"
"""The path a project page is served at (https://<owner>.github.io/trickpad/)."""


@pytest.fixture(scope="module")
def project_page_host(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A host's folder with the site below PROJECT_PAGE, as GitHub Pages serves a
    repository's: the archive `make site ARGS="--base /trickpad/ --zip"` writes, unpacked
    there (built once for the run)."""
    return made_once_for_the_run(
        tmp_path_factory, worker_id, "project-page", made_for_a_project_page
    ).joinpath("host")


def made_for_a_project_page(folder: Path) -> None:
    from site_build.__main__ import run
    from site_build.site_zip import ZIP_NAME

    run(["--out", str(folder / "site"), "--base", PROJECT_PAGE, "--zip"])
    with zipfile.ZipFile(folder / ZIP_NAME) as archive:
        archive.extractall(folder / "host" / PROJECT_PAGE.strip("/"))


@pytest.fixture(scope="module")
def site(site_folder: Path) -> Iterator[str]:
    """The module's site, served."""
    with serving_site(site_folder) as url:
        yield url
