"""What Chromium itself counts as transferred for a page (Chrome DevTools Protocol events)."""

from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Page


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
