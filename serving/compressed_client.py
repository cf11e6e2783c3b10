"""Flet's web client, compressed once, revalidated cheaply, without fonts nobody uses.

Flet serves its web client (megabytes: tests/e2e/test_serving.py counts them) uncompressed
and lets browsers guess how long to cache it. Here every large file of the client is
compressed once (gzip, and brotli for browsers that accept it) into a cache folder keyed by
the flet-web version; `CompressedClient` then answers requests for those files with the
compressed copy, an ETag and `Cache-Control: no-cache`, so a repeat visit only asks
"changed?" and gets 304s. No request spends CPU on compression. `lean_font_manifest` drops
the KaTeX fonts (for LaTeX in Markdown, which Trickpad never shows) that Flutter would
otherwise load at start, and adds the app's own faces, which Flutter then loads before the
first frame.
"""

import gzip
import hashlib
import json
import mimetypes
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import brotli
import zopfli.gzip
from flet_web import patch_font_manifest_json
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COMPRESSIBLE = frozenset({".js", ".mjs", ".wasm", ".json", ".otf", ".ttf", ".css", ".html"})
MIN_SIZE = 1024
SKIPPED_DIRS = frozenset({"pyodide"})
"""Flet's in-browser Python runtime: never loaded when Python runs on the server."""
PATCHED_BY_FLET = frozenset({"index.html", "manifest.json", "assets/FontManifest.json"})
"""Flet rewrites these at start; they are small and served as Flet patches them."""
FONT_MANIFEST = "assets/FontManifest.json"
UNUSED_FONT_FAMILIES = ("packages/flutter_math_fork/",)
"""KaTeX's fonts, used only for LaTeX in Markdown."""
ENCODINGS = ("br", "gzip")
"""In order of preference: brotli is smaller, gzip is what every browser accepts."""
SUFFIXES = {"br": ".br", "gzip": ".gz"}
REVALIDATE = "no-cache"
"""Browsers keep the files but ask each visit (a 304 is a few hundred bytes): Flet's file
names carry no version, so a long lifetime would keep an old client after an upgrade."""
INDEX_FILE = "index.json"


THOROUGH_GZIP = frozenset(
    {"main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm_heavy.wasm", "canvaskit/skwasm_heavy.js"}
)
"""What a phone on plain HTTP downloads: there browsers take gzip only (brotli needs HTTPS)
and Flutter picks its larger renderer. Zopfli makes these a few percent smaller than
gzip -9 (tests/e2e/test_serving.py holds the phone's first visit to its aim), at the cost
of seconds of one core, once; for the other files gzip -9 does."""


def compress(data: bytes, encoding: str, thorough: bool = False) -> bytes:
    compressed: bytes
    if encoding == "br":
        compressed = brotli.compress(data, quality=9)
    elif thorough:
        compressed = zopfli.gzip.compress(data, numiterations=1)
    else:
        compressed = gzip.compress(data, compresslevel=9, mtime=0)
    return compressed


@dataclass(frozen=True)
class Variant:
    """One compressed copy of a client file, with the validator browsers send back."""

    path: Path
    etag: str


def file_etag(stat: os.stat_result, encoding: str) -> str:
    stamp = f"{stat.st_size}-{stat.st_mtime_ns}-{encoding}".encode()
    return f'"{hashlib.md5(stamp, usedforsecurity=False).hexdigest()}"'


def client_files(web_dir: Path, shadowing_dirs: list[Path]) -> Iterator[tuple[str, Path]]:
    """(URL path, file) of every client file worth compressing and served from `web_dir`."""
    for url_path, path in worth_compressing(web_dir, skipped_dirs=SKIPPED_DIRS):
        if not any((d / url_path).exists() for d in shadowing_dirs):
            yield url_path, path


def worth_compressing(
    root: Path, skipped_dirs: frozenset[str] = frozenset()
) -> Iterator[tuple[str, Path]]:
    """(URL path, file) of the files under `root` that compress well, but for Flet's patched
    ones and the top-level folders `skipped_dirs`."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not (folder == str(root) and d in skipped_dirs))
        for name in sorted(files):
            path = Path(folder, name)
            url_path = path.relative_to(root).as_posix()
            if (
                path.suffix in COMPRESSIBLE
                and url_path not in PATCHED_BY_FLET
                and path.stat().st_size >= MIN_SIZE
            ):
                yield url_path, path


def stamp(path: Path) -> list[int] | None:
    """What tells a changed file: its size and modification time (None if it is gone)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return [stat.st_size, stat.st_mtime_ns]


def read_index(cache_dir: Path) -> dict[str, list[str | int]]:
    """URL path -> [source file, size, modification time] of the copies made last time."""
    try:
        index = json.loads((cache_dir / INDEX_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {
        url: entry for url, entry in index.items() if isinstance(entry, list) and len(entry) == 3
    }


def index_entry(path: Path) -> list[str | int] | None:
    known = stamp(path)
    return None if known is None else [str(path), *known]


def known_client_files(
    web_dir: Path, shadowing_dirs: list[Path], cached: dict[str, list[str | int]]
) -> dict[str, Path]:
    """The client's files worth compressing and not shadowed by the app's.

    Taken from the cache's index when every client file it lists is unchanged (the client
    folder, thousands of files, is then not walked again: starting stays quick); a file
    the index lists from elsewhere (the app's, or a replacement) stands for the client's
    own at that path, if there is one."""
    listed = {}
    for url, entry in cached.items():
        source = Path(str(entry[0]))
        if source.is_relative_to(web_dir) and index_entry(source) != entry:
            return dict(client_files(web_dir, shadowing_dirs))
        if source.is_relative_to(web_dir) or (web_dir / url).is_file():
            listed[url] = web_dir / url
    if not listed:
        return dict(client_files(web_dir, shadowing_dirs))
    return {
        url: path
        for url, path in listed.items()
        if not any((d / url).exists() for d in shadowing_dirs)
    }


def prepare(
    web_dir: Path,
    cache_dir: Path,
    shadowing_dirs: list[Path],
    on_first_run: Callable[[], None] = lambda: None,
    replacements: dict[str, Path] | None = None,
) -> dict[str, dict[str, Variant]]:
    """Compress what the cache lacks (once per file version) and map URL paths to copies.

    `shadowing_dirs` (the app's assets) win over the client: their own large files (fonts)
    are compressed in place of the client's. `replacements` map URL paths to files served
    instead of what is there (a cut-down font). `on_first_run` is called before any
    compressing, to tell the user why the start waits."""
    cached = read_index(cache_dir)
    sources = known_client_files(web_dir, shadowing_dirs, cached)
    for folder in reversed(shadowing_dirs):
        sources.update(worth_compressing(folder))
    sources.update(replacements or {})
    entries = {url: index_entry(path) for url, path in sources.items()}
    stale = [url for url in sources if cached.get(url) != entries[url]]
    if stale:
        on_first_run()
        cache_dir.mkdir(parents=True, exist_ok=True)
        jobs = [(url, encoding) for url in stale for encoding in ENCODINGS]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            # Compression runs in C with the GIL released: the threads share the cores.
            list(pool.map(lambda job: write_variant(sources[job[0]], cache_dir, *job), jobs))
    if stale or set(cached) != set(sources):
        write_atomically(cache_dir / INDEX_FILE, json.dumps(entries, indent=0).encode())
    return {
        url: {
            encoding: Variant(
                cache_dir / (url + SUFFIXES[encoding]), file_etag(path.stat(), encoding)
            )
            for encoding in ENCODINGS
        }
        for url, path in sources.items()
    }


def lean_font_manifest(
    web_dir: Path,
    cache_dir: Path,
    unused_families: tuple[str, ...] = UNUSED_FONT_FAMILIES,
    own_fonts: Mapping[str, str] | None = None,
) -> dict[str, dict[str, Variant]]:
    """Flutter's font manifest without the families whose names start with one of
    `unused_families`, patched as Flet patches it, with `own_fonts` (family -> file, as
    the app's assets folder serves it at the site's root) added after Flutter's own.

    Flutter loads every font of its manifest before it lays out any text (a font the app
    names later, as `page.fonts`, arrives after the first screen was laid out without it).
    Written only when it changes, so its ETag (and browsers' copies) survive restarts."""
    fonts = json.loads((web_dir / FONT_MANIFEST).read_text(encoding="utf-8"))
    kept = [font for font in fonts if not font["family"].startswith(unused_families)]
    # Flutter fetches a manifest's asset from below assets/; ours are served beside it.
    kept += [
        {"family": family, "fonts": [{"asset": f"../{path}"}]}
        for family, path in (own_fonts or {}).items()
    ]
    cache_dir.mkdir(parents=True, exist_ok=True)
    draft = cache_dir / f"FontManifest.json.{os.getpid()}.tmp"
    draft.write_text(json.dumps(kept), encoding="utf-8")
    patch_font_manifest_json(str(draft))  # adds the bundled Roboto, as Flet does offline
    target = cache_dir / "FontManifest.json"
    if stamp(target) is not None and target.read_bytes() == draft.read_bytes():
        draft.unlink()
    else:
        os.replace(draft, target)
    return {FONT_MANIFEST: {"identity": Variant(target, file_etag(target.stat(), "identity"))}}


def write_variant(source: Path, cache_dir: Path, url_path: str, encoding: str) -> None:
    target = cache_dir / (url_path + SUFFIXES[encoding])
    target.parent.mkdir(parents=True, exist_ok=True)
    data = compress(source.read_bytes(), encoding, thorough=url_path in THOROUGH_GZIP)
    write_atomically(target, data)


def write_atomically(target: Path, data: bytes) -> None:
    """Two servers starting at once may both compress, and two threads of one the same
    content (the site's copies are named by it): each writes whole files of its own only."""
    temporary = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


def accepted(header: str) -> set[str]:
    """The encodings an Accept-Encoding header allows (q=0 refuses one)."""
    result = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name and params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            result.add(name.strip().lower())
    return result


class CompressedClient:
    """ASGI middleware: compressed copies for the client's large files, validators for all.

    `variants` maps URL paths to their copies by encoding ("br", "gzip", or "identity" for
    a file served in place of the client's own)."""

    def __init__(
        self, app: ASGIApp, variants: dict[str, dict[str, Variant]], headers: dict[str, str]
    ) -> None:
        self.app = app
        self.variants = variants
        self.headers = headers
        """Headers the wrapped app adds to every response (Flet's cross-origin isolation)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        request_headers = Headers(scope=scope)
        variants = self.variants.get(scope["path"].lstrip("/"), {})
        encodings = accepted(request_headers.get("accept-encoding", "")) | {"identity"}
        for encoding in (*ENCODINGS, "identity"):
            if encoding in encodings and encoding in variants:
                await self.respond(variants[encoding], encoding, scope, receive, send)
                return
        await self.app(scope, receive, self.revalidating(send))

    async def respond(
        self, variant: Variant, encoding: str, scope: Scope, receive: Receive, send: Send
    ) -> None:
        headers = {
            **self.headers,
            "etag": variant.etag,
            "cache-control": REVALIDATE,
            "vary": "Accept-Encoding",
        }
        if_none_match = Headers(scope=scope).get("if-none-match", "")
        if variant.etag in (tag.strip() for tag in if_none_match.split(",")):
            await Response(status_code=304, headers=headers)(scope, receive, send)
            return
        media_type = mimetypes.guess_type(scope["path"])[0] or "application/octet-stream"
        if encoding != "identity":
            headers["content-encoding"] = encoding
        response = FileResponse(variant.path, headers=headers, media_type=media_type)
        await response(scope, receive, send)

    def revalidating(self, send: Send) -> Send:
        """Ask browsers to revalidate everything else too (Starlette already sends ETags)."""

        async def send_with_cache_control(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", REVALIDATE.encode()))
                message = {**message, "headers": headers}
            await send(message)

        return send_with_cache_control
