"""Flet's web client, compressed once, revalidated cheaply, without fonts nobody uses.

Flet serves its 14 MB web client uncompressed and lets browsers guess how long to cache
it. Here every large file of the client is compressed once (gzip, and brotli for browsers
that accept it) into a cache folder keyed by the flet-web version; `CompressedClient`
then answers requests for those files with the compressed copy, an ETag and
`Cache-Control: no-cache`, so a repeat visit only asks "changed?" and gets 304s.
No request spends CPU on compression. `lean_font_manifest` drops the KaTeX fonts (for
LaTeX in Markdown, which Trickpad never shows) that Flutter would otherwise load at start.
"""

import gzip
import hashlib
import json
import mimetypes
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import brotli
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
"""KaTeX's 13 fonts (0.37 MB compressed), used only for LaTeX in Markdown."""
ENCODINGS = ("br", "gzip")
"""In order of preference: brotli is smaller, gzip is what every browser accepts."""
SUFFIXES = {"br": ".br", "gzip": ".gz"}
REVALIDATE = "no-cache"
"""Browsers keep the files but ask each visit (a 304 is a few hundred bytes): Flet's file
names carry no version, so a long lifetime would keep an old client after an upgrade."""
INDEX_FILE = "index.json"


def compress(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(data, quality=9)
    return gzip.compress(data, compresslevel=9, mtime=0)


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
    for root, dirs, files in os.walk(web_dir):
        dirs[:] = sorted(d for d in dirs if not (root == str(web_dir) and d in SKIPPED_DIRS))
        for name in sorted(files):
            path = Path(root, name)
            url_path = path.relative_to(web_dir).as_posix()
            if (
                path.suffix in COMPRESSIBLE
                and url_path not in PATCHED_BY_FLET
                and path.stat().st_size >= MIN_SIZE
                and not any((d / url_path).exists() for d in shadowing_dirs)
            ):
                yield url_path, path


def stamp(path: Path) -> list[int] | None:
    """What tells a changed file: its size and modification time (None if it is gone)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return [stat.st_size, stat.st_mtime_ns]


def read_index(cache_dir: Path) -> dict[str, list[int]]:
    try:
        return json.loads((cache_dir / INDEX_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def prepare(
    web_dir: Path,
    cache_dir: Path,
    shadowing_dirs: list[Path],
    on_first_run: Callable[[], None] = lambda: None,
) -> dict[str, dict[str, Variant]]:
    """Compress what the cache lacks (once per client version) and map URL paths to copies.

    `shadowing_dirs` (the app's assets) win over the client, so their files are left out.
    `on_first_run` is called before any compressing, to tell the user why the start waits.
    When the cache's index still matches every file it lists, the client folder (thousands
    of files) is not walked again: starting stays quick."""
    cached = read_index(cache_dir)
    unchanged = bool(cached) and all(
        stamp(web_dir / url) == known and not any((d / url).exists() for d in shadowing_dirs)
        for url, known in cached.items()
    )
    if unchanged:
        sources = {url: web_dir / url for url in cached}
    else:
        sources = dict(client_files(web_dir, shadowing_dirs))
        stamps = {url: stamp(path) for url, path in sources.items()}
        stale = [url for url in sources if cached.get(url) != stamps[url]]
        if stale:
            on_first_run()
            cache_dir.mkdir(parents=True, exist_ok=True)
            jobs = [(url, encoding) for url in stale for encoding in ENCODINGS]
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                # Compression runs in C with the GIL released: the threads share the cores.
                list(pool.map(lambda job: write_variant(sources[job[0]], cache_dir, *job), jobs))
        write_atomically(cache_dir / INDEX_FILE, json.dumps(stamps, indent=0).encode())
    return {
        url: {
            encoding: Variant(
                cache_dir / (url + SUFFIXES[encoding]), file_etag(path.stat(), encoding)
            )
            for encoding in ENCODINGS
        }
        for url, path in sources.items()
    }


def lean_font_manifest(web_dir: Path, cache_dir: Path) -> dict[str, dict[str, Variant]]:
    """Flutter's font manifest without the unused families, patched as Flet patches it.

    Written only when it changes, so its ETag (and browsers' copies) survive restarts."""
    fonts = json.loads((web_dir / FONT_MANIFEST).read_text(encoding="utf-8"))
    kept = [font for font in fonts if not font["family"].startswith(UNUSED_FONT_FAMILIES)]
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
    write_atomically(target, compress(source.read_bytes(), encoding))


def write_atomically(target: Path, data: bytes) -> None:
    """Two servers starting at once may both compress: each writes whole files only."""
    temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
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
