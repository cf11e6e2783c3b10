"""What Chromium itself counts as transferred for a page (Chrome DevTools Protocol events),
and what a browser's console would show a curious player: failed requests, errors, warnings."""

from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Response


@dataclass
class Transfer:
    """Bytes on the wire per request (headers included, as DevTools' "transferred")."""

    sizes: dict[str, int] = field(default_factory=dict)
    urls: dict[str, str] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.sizes.values())

    def largest(self, count: int = 5) -> list[tuple[int, int, str]]:
        """(bytes, status, URL) of the largest responses, for failure messages."""
        ranked = sorted(self.sizes.items(), key=lambda item: -item[1])[:count]
        return [(size, self.statuses.get(key, 0), self.urls.get(key, key)) for key, size in ranked]


def record_transfer(page: Page) -> Transfer:
    """Start counting what `page` downloads over HTTP from now on (not its WebSocket)."""
    transfer = Transfer()
    session = page.context.new_cdp_session(page)

    def on_response(event: dict) -> None:
        transfer.urls[event["requestId"]] = event["response"]["url"]
        transfer.statuses[event["requestId"]] = event["response"]["status"]

    def on_finished(event: dict) -> None:
        transfer.sizes[event["requestId"]] = int(event["encodedDataLength"])

    handlers: list[tuple[str, Callable[[dict], None]]] = [
        ("Network.responseReceived", on_response),
        ("Network.loadingFinished", on_finished),
    ]
    for name, handler in handlers:
        session.on(name, handler)
    session.send("Network.enable")
    return transfer


NOISY_CONSOLE = ("error", "warning")
"""Console messages a clean page never logs (Flet's and Pyodide's start-up notes are logs)."""


def record_console_trouble(context: BrowserContext) -> list[str]:
    """From now on, everything of the context's pages and workers that a browser's console
    shows in red or yellow: a request answered with an error status or not answered at all
    (a file the site does not ship, a font Flutter went looking for), and each error or
    warning logged. One line each, as they happen; a clean page leaves the list empty."""
    trouble: list[str] = []

    def answered(response: Response) -> None:
        if response.status >= 400:
            trouble.append(f"{response.status} {response.url}")

    def failed(request: Request) -> None:
        trouble.append(f"failed {request.url}: {request.failure}")

    def logged(message: ConsoleMessage) -> None:
        if message.type in NOISY_CONSOLE:
            trouble.append(f"console {message.type}: {message.text}")

    def watch(page: Page) -> None:
        page.on("console", logged)

    context.on("response", answered)
    context.on("requestfailed", failed)
    context.on("page", watch)
    for page in context.pages:
        watch(page)
    return trouble
