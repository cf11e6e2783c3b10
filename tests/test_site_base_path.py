"""The site built for a project page (`make site ARGS="--base /trickpad/ --zip"`, as
.github/workflows/pages.yml builds it for GitHub Pages) and served below that path: the
page, its manifest, its service worker and every file they name are found there, and none
of them names an address outside it. A base that is not such a path is refused."""

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest

from site_build.__main__ import run
from tests.site_server import PROJECT_PAGE, serving_site

pytestmark = pytest.mark.timeout(300)  # the build, if no test before it made it


@pytest.fixture(scope="module")
def page(project_page_host: Path) -> Iterator[str]:
    """The site's address below the project page's path."""
    with serving_site(project_page_host) as url:
        yield url + PROJECT_PAGE


def fetched(url: str) -> bytes:
    with urllib.request.urlopen(url) as response:
        return bytes(response.read())


def assert_found_below(page: str, addresses: list[str], against: str) -> None:
    """Each address, read as the browser reads it from `against`, is below the page's path
    and answered there (a folder's address only the former)."""
    assert addresses
    for address in addresses:
        url = urljoin(against, address)
        assert url.startswith(page), f"{address} from {against} is {url}"
        if not url.endswith("/"):
            with urllib.request.urlopen(urllib.request.Request(url, method="HEAD")) as answer:
                assert answer.status == 200, url


class Addresses(HTMLParser):
    """The page's base and the addresses its elements load (src, href)."""

    def __init__(self) -> None:
        super().__init__()
        self.base: str | None = None
        self.loaded: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value is not None:
                if tag == "base":
                    self.base = value
                else:
                    self.loaded.append(value)


FLET_ADDRESS = re.compile(r'\b(\w+(?:Url|Base))\s*[:=]\s*"([^"]*)"')
"""Flet's settings that are addresses (pyodideUrl, assetBase...), as its page's defaults
(`name: "value"`) and as patched (`flet.name = "value"`): the last one is in force."""


def test_the_page_and_what_it_loads_are_below_the_path(page: str) -> None:
    text = fetched(page).decode()
    addresses = Addresses()
    addresses.feed(text)
    assert addresses.base == PROJECT_PAGE
    assert_found_below(page, addresses.loaded, page)
    settings = dict(FLET_ADDRESS.findall(text))
    assert {"pyodideUrl", "appPackageUrl", "assetBase", "canvasKitBaseUrl"} <= set(settings)
    assert_found_below(page, list(settings.values()), page)
    worker = re.findall(r'serviceWorker\.register\("([^"]+)"\)', text)
    assert [urljoin(page, address) for address in worker] == [f"{page}sw.js"]


def test_a_games_address_below_the_path_opens_the_app(page: str) -> None:
    """As GitHub Pages answers an address with no file: the nearest 404.html, the page."""
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(f"{page}game/0123")
    assert answer.value.code == 404
    assert answer.value.read() == fetched(page)


def test_the_installed_app_opens_and_stays_below_the_path(page: str) -> None:
    manifest = json.loads(fetched(f"{page}manifest.json"))
    assert manifest["id"] == manifest["start_url"] == manifest["scope"] == PROJECT_PAGE
    icons = [icon["src"] for icon in manifest["icons"]]
    assert_found_below(page, icons, f"{page}manifest.json")


def test_the_service_worker_keeps_files_from_below_the_path(page: str) -> None:
    worker = fetched(f"{page}sw.js").decode()
    written = re.search(r"^const SHELL = (\[.*\]);$", worker, re.M)
    assert written is not None
    shell = json.loads(written[1])
    assert "app.tar.gz" in shell
    assert_found_below(page, shell, f"{page}sw.js")


@pytest.mark.parametrize("base", ["trickpad", "/trickpad", "trickpad/"])
def test_a_base_that_is_not_a_folders_path_is_refused(
    base: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        run(["--base", base])
    assert refused.value.code == 2
    assert "starts and ends with /" in capsys.readouterr().err
