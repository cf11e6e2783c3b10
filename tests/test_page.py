"""The app's page (assets/index.html, which Flet serves and the site build patches in place
of its own) is Flet's page with Trickpad's block added, and that block knows the app's
languages."""

import re
from pathlib import Path

import flet_web

from storage.game_link import MARK
from views.shell.i18n import LANGUAGES
from views.shell.site import LINK_ROUTE

PAGE = Path(__file__).resolve().parent.parent / "assets" / "index.html"
OURS = re.compile(r"  <!-- Trickpad: begin .*?<!-- Trickpad: end -->\n", re.DOTALL)


def test_the_page_is_flets_own_with_our_block_after_the_app_config() -> None:
    """Flet's page changes with Flet: an upgrade that changes it fails here, to be copied
    anew (with our block after `<!-- fletAppConfig -->`)."""
    page = PAGE.read_text(encoding="utf-8")
    flets = (Path(flet_web.get_package_web_dir()) / "index.html").read_text(encoding="utf-8")
    (block,) = OURS.findall(page)
    assert OURS.sub("", page) == flets
    assert (
        page.index("<!-- fletAppConfig -->")
        < page.index(block)
        < page.index('<script src="python.js">')
    )


def test_the_page_says_what_is_missing_in_each_language_the_app_has() -> None:
    (listed,) = re.findall(r"const languages = \[(.*?)\];", PAGE.read_text(encoding="utf-8"))
    assert re.findall(r'"(\w+)"', listed) == list(LANGUAGES)


def test_the_page_moves_a_game_link_into_the_route_the_app_opens() -> None:
    """What follows a game link's `#` reaches no server and no Flutter router: the page
    makes it the route /link/<text> (views.shell.site)."""
    ours = OURS.findall(PAGE.read_text(encoding="utf-8"))[0]
    assert f'location.hash.startsWith("#{MARK}")' in ours
    assert f"${{document.baseURI}}{LINK_ROUTE}/${{text}}" in ours
