"""`python -m site_build [--out FOLDER] [--base PATH] [--zip] [--serve] [--port N]` (see
site_build)."""

import argparse
import contextlib
import email.utils
import functools
import http.server
import sys
from http import HTTPStatus
from io import BytesIO
from pathlib import Path
from typing import BinaryIO

from serving.compressed_client import ENCODINGS, SUFFIXES
from serving.compressed_client import accepted as accepted_encodings
from serving.web_app import ISOLATION_HEADERS
from site_build.build import REPO, build_site
from site_build.site_zip import ZIP_NAME, zip_site


class StaticFiles(http.server.SimpleHTTPRequestHandler):
    """A plain static file server, with the types module scripts and wasm need and the
    headers Flutter's fast renderer needs (the server's too, serving.web_app): without
    them the client takes its JavaScript build, which fetches Rive's runtime from a CDN.
    A file with a compressed copy the browser accepts (site_build.build) is sent as that
    copy, as a host serving precompressed files does. An address with no file gets the
    nearest 404.html above it, with status 404, as GitHub Pages and other static hosts
    answer (the site's is its page: site_build.build.FALLBACK_PAGE)."""

    extensions_map = {  # noqa: RUF012 (the base class's own attribute, replaced)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def send_head(self) -> BinaryIO | BytesIO | None:
        path = Path(self.translate_path(self.path))
        copy = self.compressed_copy(path)
        if copy is None:
            return super().send_head()
        encoding, file = copy
        modified = email.utils.formatdate(path.stat().st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Last-Modified", modified)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(file.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return file.open("rb")

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = self.not_found_page() if code == HTTPStatus.NOT_FOUND else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def not_found_page(self) -> Path | None:
        """The 404.html nearest above the address asked, within the folder served."""
        root = Path(self.directory).resolve()
        folder = Path(self.translate_path(self.path)).resolve()
        for candidate in (folder, *folder.parents):
            if not candidate.is_relative_to(root):
                return None
            page = candidate / "404.html"
            if page.is_file():
                return page
        return None

    def compressed_copy(self, path: Path) -> tuple[str, Path] | None:
        """(encoding, file) of the copy of `path` to send, if there is one it accepts."""
        if not path.is_file():
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding in ENCODINGS:
            copy = path.with_name(path.name + SUFFIXES[encoding])
            if encoding in accepted and copy.is_file():
                return encoding, copy
        return None

    def end_headers(self) -> None:
        for name, value in ISOLATION_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()


def serve(folder: Path, port: int) -> None:
    handler = functools.partial(StaticFiles, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
        server.serve_forever()


def base_path(text: str) -> str:
    """The --base value: a path the page's own addresses can be joined to ("/trickpad/")."""
    if not (text.startswith("/") and text.endswith("/")):
        raise argparse.ArgumentTypeError(
            f"{text!r}: the path the site is served at starts and ends with / (/trickpad/)"
        )
    return text


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m site_build")
    parser.add_argument("--out", type=Path, default=REPO / "site")
    parser.add_argument(
        "--base",
        type=base_path,
        default="/",
        metavar="PATH",
        help="the path the host serves the site at: / (the default) or /trickpad/",
    )
    parser.add_argument("--zip", action="store_true", help=f"also pack it into {ZIP_NAME}")
    parser.add_argument("--serve", action="store_true", help="serve it on loopback after")
    parser.add_argument("--port", type=int, default=8560)
    args = parser.parse_args(argv)
    folder = build_site(args.out.resolve(), args.base)
    size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    print(f"{folder}: {size / 1e6:.1f} MB", flush=True)
    if args.zip:
        archive = zip_site(folder)
        print(f"{archive}: {archive.stat().st_size / 1e6:.1f} MB", flush=True)
    if args.serve:
        serve(folder, args.port)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        run(sys.argv[1:])
