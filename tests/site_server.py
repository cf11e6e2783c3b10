"""The phone-alone site (`make site`'s static files) built once for a test run and served
on loopback by a plain static file server, as a host without Trickpad's server serves it.
Fixtures for every layer that reads the site (tests/conftest.py loads them). The site's
builder and server load the app server's packages (seconds): they are imported when a test
first asks for the site, not when a worker starts."""

import contextlib
import fcntl
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def serving_site(folder: Path) -> Iterator[str]:
    """`folder` on a plain static file server on loopback; its address."""
    from site_build.__main__ import StaticFiles

    class QuietStaticFiles(StaticFiles):
        """The site's files without a log line for each request."""

        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(QuietStaticFiles, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site built once for the run: the xdist workers share one folder (built by the
    first to ask, the other waiting for it), which no test changes."""
    from site_build.build import build_site

    if worker_id == "master":
        return build_site(tmp_path_factory.mktemp("phone-alone") / "site")
    run_folder = tmp_path_factory.getbasetemp().parent  # this run's, shared by its workers
    folder, built = run_folder / "phone-alone-site", run_folder / "phone-alone-site.built"
    with (run_folder / "phone-alone-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            build_site(folder)
            built.touch()
    return folder


@pytest.fixture(scope="module")
def site(site_folder: Path) -> Iterator[str]:
    """The module's site, served."""
    with serving_site(site_folder) as url:
        yield url
