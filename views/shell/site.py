"""Where this app is on the web, and a game's link there: the app's first page with the
game's text (storage.game_link) after the `#`.

A browser sends no server what follows the `#`, and Flutter's router does not read it: the
app's page (assets/index.html) moves such a text into the route ``/link/<text>`` before
the app starts, so the served app and the phone alone both open it as a route.
"""

from urllib.parse import urlsplit, urlunsplit

LINK_ROUTE = "link"
"""The route a game's link opens at: ``/link/<the link's text>``."""

_PAGE_SCHEMES = {"ws": "http", "wss": "https"}
"""A served page's address as Flet gives it (its socket's), and the page's own scheme."""


def site_address(page_url: str, first_route: str) -> str:
    """The address of the app's first page, from the address the page was opened at
    (`page_url`: the server's socket, or a phone alone's page address) and the route it
    was opened at (`first_route`, which the page's address ends with on a phone alone:
    ``https://example.org/trickpad/game/3f2a`` opened at ``/game/3f2a``).

    >>> site_address("ws://127.0.0.1:8550", "/game/3f2a")
    'http://127.0.0.1:8550/'
    >>> site_address("https://example.org/trickpad/game/3f2a", "/game/3f2a")
    'https://example.org/trickpad/'
    """
    address = urlsplit(page_url)
    path = address.path
    route = first_route.split("?")[0].strip("/")
    if route and path.rstrip("/").endswith(f"/{route}"):
        path = path.rstrip("/")[: -len(route)]
    if not path.endswith("/"):
        path += "/"
    scheme = _PAGE_SCHEMES.get(address.scheme, address.scheme)
    return urlunsplit((scheme, address.netloc, path, "", ""))


def game_address(site: str, text: str) -> str:
    """The link of a game whose link text is `text`, on the app at `site`."""
    return f"{site}#{text}"
