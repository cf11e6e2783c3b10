"""The web client's files are compressed once and served compressed, with validators."""

import gzip
import json
import os
from pathlib import Path

import brotli
import httpx
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from serving.compressed_client import (
    CompressedClient,
    Variant,
    accepted,
    lean_font_manifest,
    prepare,
)

BIG_JS = b"function play(card) { return card; }\n" * 2_000


def make_web_dir(root: Path) -> Path:
    web = root / "web"
    (web / "canvaskit").mkdir(parents=True)
    (web / "pyodide").mkdir()
    (web / "main.dart.js").write_bytes(BIG_JS)
    (web / "canvaskit" / "skwasm.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 40)
    (web / "small.js").write_bytes(b"let x = 1;")
    (web / "logo.png").write_bytes(b"\x89PNG" + b"0" * 4_000)
    (web / "index.html").write_bytes(b"<html>" + b" " * 4_000)
    (web / "favicon.js").write_bytes(b"// Flet's own, shadowed by the app's\n" * 100)
    (web / "pyodide" / "pyodide.asm.js").write_bytes(BIG_JS)
    return web


def test_large_client_files_get_gzip_and_brotli_copies_that_decompress_to_the_original(
    tmp_path: Path,
) -> None:
    web = make_web_dir(tmp_path)
    assets = tmp_path / "assets"
    assets.mkdir()
    (assets / "favicon.js").write_text("// the app's own")
    variants = prepare(web, tmp_path / "cache", [assets])
    # Not the small, the already compressed, the patched, the shadowed, or Pyodide's files.
    assert sorted(variants) == ["canvaskit/skwasm.wasm", "main.dart.js"]
    copies = variants["main.dart.js"]
    assert brotli.decompress(copies["br"].path.read_bytes()) == BIG_JS
    assert gzip.decompress(copies["gzip"].path.read_bytes()) == BIG_JS
    assert copies["br"].path.stat().st_size < len(BIG_JS) / 10
    assert copies["br"].etag != copies["gzip"].etag


def test_a_second_start_compresses_nothing_and_a_changed_file_is_compressed_again(
    tmp_path: Path,
) -> None:
    web = make_web_dir(tmp_path)
    cache = tmp_path / "cache"
    first_runs: list[bool] = []
    prepare(web, cache, [], lambda: first_runs.append(True))
    copy = cache / "main.dart.js.br"
    written = copy.stat().st_mtime_ns
    prepare(web, cache, [], lambda: first_runs.append(True))
    assert first_runs == [True]
    assert copy.stat().st_mtime_ns == written

    changed = BIG_JS.replace(b"play", b"deal")
    (web / "main.dart.js").write_bytes(changed)
    os.utime(web / "main.dart.js", ns=(1, 1))
    prepare(web, cache, [], lambda: first_runs.append(True))
    assert first_runs == [True, True]
    assert brotli.decompress(copy.read_bytes()) == changed


def test_accept_encoding_is_read_with_its_refusals() -> None:
    assert accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted("gzip;q=1.0, br;q=0") == {"gzip"}
    assert accepted("") == set()


def client_for(tmp_path: Path) -> httpx.AsyncClient:
    """An HTTP client talking to the middleware over Flet's kind of static files."""
    web = make_web_dir(tmp_path)
    variants = prepare(web, tmp_path / "cache", [])
    static = Starlette(routes=[Mount("/", StaticFiles(directory=web))])
    app = CompressedClient(static, variants, {"Cross-Origin-Opener-Policy": "x"})
    return httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://test")


async def test_each_browser_gets_the_best_encoding_it_accepts_and_a_304_when_unchanged(
    tmp_path: Path,
) -> None:
    client = client_for(tmp_path)
    async with client:
        brotli_reply = await client.get("/main.dart.js", headers={"Accept-Encoding": "gzip, br"})
        assert brotli_reply.headers["content-encoding"] == "br"
        assert brotli_reply.content == BIG_JS  # the test client decodes it as a browser would
        assert brotli_reply.headers["content-type"].startswith("text/javascript")
        assert brotli_reply.headers["cache-control"] == "no-cache"
        assert brotli_reply.headers["vary"] == "Accept-Encoding"
        assert brotli_reply.headers["cross-origin-opener-policy"] == "x"

        gzip_reply = await client.get("/main.dart.js", headers={"Accept-Encoding": "gzip"})
        assert gzip_reply.headers["content-encoding"] == "gzip"
        assert gzip_reply.content == BIG_JS

        plain = await client.get("/main.dart.js", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert plain.content == BIG_JS
        assert plain.headers["cache-control"] == "no-cache"

        again = await client.get(
            "/main.dart.js",
            headers={"Accept-Encoding": "gzip, br", "If-None-Match": brotli_reply.headers["etag"]},
        )
        assert again.status_code == 304
        assert again.content == b""


async def test_files_that_are_not_compressed_still_carry_validators(tmp_path: Path) -> None:
    client = client_for(tmp_path)
    async with client:
        logo = await client.get("/logo.png", headers={"Accept-Encoding": "gzip, br"})
        assert "content-encoding" not in logo.headers
        assert logo.headers["cache-control"] == "no-cache"
        again = await client.get("/logo.png", headers={"If-None-Match": logo.headers["etag"]})
        assert again.status_code == 304


def test_the_font_manifest_leaves_out_katex_keeps_the_rest_adds_roboto_and_our_faces(
    tmp_path: Path,
) -> None:
    web = make_web_dir(tmp_path)
    (web / "assets").mkdir()
    fonts = [
        {"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]},
        {"family": "packages/flutter_math_fork/KaTeX_Main", "fonts": [{"asset": "k.ttf"}]},
        {"family": "packages/cupertino_icons/CupertinoIcons", "fonts": [{"asset": "c.ttf"}]},
    ]
    (web / "assets" / "FontManifest.json").write_text(json.dumps(fonts))
    ours = {"Trickpad Symbols": "fonts/TrickpadSymbols-Regular.ttf"}
    variants = lean_font_manifest(web, tmp_path / "cache", own_fonts=ours)
    served = variants["assets/FontManifest.json"]["identity"]
    manifest = json.loads(served.path.read_text())
    families = [font["family"] for font in manifest]
    assert families == [
        "MaterialIcons",
        "packages/cupertino_icons/CupertinoIcons",
        "Trickpad Symbols",
        "Roboto",
    ]
    # Flutter asks for a manifest's font below assets/: ours are one folder up, at the root.
    assert manifest[2]["fonts"] == [{"asset": "../fonts/TrickpadSymbols-Regular.ttf"}]
    # Unchanged on the next start: browsers keep their copy across restarts.
    assert lean_font_manifest(web, tmp_path / "cache", own_fonts=ours) == variants


async def test_a_file_served_in_place_of_the_clients_own_needs_no_encoding(
    tmp_path: Path,
) -> None:
    web = make_web_dir(tmp_path)
    replacement = tmp_path / "index.html"
    replacement.write_text("<title>Trickpad</title>")
    variants = {"index.html": {"identity": Variant(replacement, '"v1"')}}
    static = Starlette(routes=[Mount("/", StaticFiles(directory=web))])
    app = CompressedClient(static, variants, {})
    transport = httpx.ASGITransport(app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        reply = await client.get("/index.html", headers={"Accept-Encoding": "gzip, br"})
        assert reply.text == "<title>Trickpad</title>"
        assert "content-encoding" not in reply.headers
        assert reply.headers["etag"] == '"v1"'


def test_the_apps_own_fonts_and_files_served_in_place_of_the_clients_are_compressed(
    tmp_path: Path,
) -> None:
    web = make_web_dir(tmp_path)
    assets = tmp_path / "assets"
    (assets / "fonts").mkdir(parents=True)
    app_font = b"\0\1\0\0" + b"glyph outline " * 500
    (assets / "fonts" / "Suits.ttf").write_bytes(app_font)
    cut_client = tmp_path / "cut.js"
    cut_client.write_bytes(b"// cut down\n" * 200)
    cache = tmp_path / "cache"
    variants = prepare(web, cache, [assets], replacements={"main.dart.js": cut_client})
    assert gzip.decompress(variants["fonts/Suits.ttf"]["gzip"].path.read_bytes()) == app_font
    assert brotli.decompress(variants["main.dart.js"]["br"].path.read_bytes()) == (
        cut_client.read_bytes()
    )
    # Back to the client's own file when the replacement goes.
    variants = prepare(web, cache, [assets])
    assert brotli.decompress(variants["main.dart.js"]["br"].path.read_bytes()) == BIG_JS


def test_what_a_phone_on_plain_http_downloads_gets_the_smallest_gzip(tmp_path: Path) -> None:
    web = make_web_dir(tmp_path)
    renderer = web / "canvaskit" / "skwasm_heavy.wasm"
    renderer.write_bytes(BIG_JS + bytes(range(256)) * 40)
    variants = prepare(web, tmp_path / "cache", [])
    thorough = variants["canvaskit/skwasm_heavy.wasm"]["gzip"].path.read_bytes()
    assert gzip.decompress(thorough) == renderer.read_bytes()
    assert len(thorough) < len(gzip.compress(renderer.read_bytes(), compresslevel=9))
