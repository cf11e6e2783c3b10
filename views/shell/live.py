"""Every screen live: a save on one phone shows on every other screen of the game within
moments, Home's lists follow, and a phone that slept or reloaded re-reads what was saved.

Saves are announced on Flet's pubsub, which every session of the server shares. A pubsub
handler runs in the sender's session, so it only hops to the listener's own session
(`page.run_task`), where the listener re-reads the saved game from storage: messages carry
an id, never shared state.
"""

import asyncio
from collections.abc import Callable

import flet as ft

FOLLOW_DELAY_SECONDS = 0.1
"""A screen re-reads a save it heard this long after the first one: the saves of a burst
of taps on one phone (they come every few tens of ms) cost every other screen one re-read
together, and the tapping phone's next tap seldom waits behind the others' re-reads, which
all run on the one server loop. A tenth of a second is not seen across a table."""
LISTS = "games"
"""Topic of every change to the lists of games (a game saved, started, deleted...)."""


def game_topic(game_id: str) -> str:
    """Topic of the saves of one game."""
    return f"game:{game_id}"


def announce(game_id: str, page: ft.Page | None = None) -> None:
    """Tell every other session that `game_id` was saved, or who is at its table changed:
    its screens and the lists. From this session's `page` (default: the one drawing)."""
    pubsub = (page or ft.context.page).pubsub
    pubsub.send_others_on_topic(game_topic(game_id), game_id)
    pubsub.send_others_on_topic(LISTS, game_id)


def announce_lists() -> None:
    """Tell every other session that the lists changed (a backup merged, names merged)."""
    ft.context.page.pubsub.send_others_on_topic(LISTS, "")


class Reconnects:
    """What this session's screens re-read when the phone comes back (Flet's on_connect:
    after sleeping, losing the Wi-Fi or a reload, the session missed every message)."""

    def __init__(self) -> None:
        self._screens: dict[str, Callable[[], None]] = {}

    def add(self, topic: str, reread: Callable[[], None]) -> None:
        self._screens[topic] = reread

    def remove(self, topic: str) -> None:
        self._screens.pop(topic, None)

    def tell(self, topic: str) -> None:
        """Have the screen on `topic` re-read now (a change this session heard itself, not
        through the pubsub: a phone alone's has no loop to run handlers on)."""
        reread = self._screens.get(topic)
        if reread is not None:
            reread()

    def __call__(self, _: object = None) -> None:
        for reread in list(self._screens.values()):
            reread()


def use_live(topic: str, reread: Callable[[], None], reconnects: Reconnects) -> None:
    """Call `reread` in this session soon after another session saves on `topic` (once for
    the saves of a moment, see FOLLOW_DELAY_SECONDS), and when the phone reconnects; stop
    when the screen goes."""
    page = ft.context.page
    waiting = ft.use_ref(False)  # a re-read is due in this session

    async def in_this_session() -> None:
        await asyncio.sleep(FOLLOW_DELAY_SECONDS)
        waiting.current = False
        reread()

    async def heard(_topic: str, _message: object) -> None:
        if not waiting.current:
            waiting.current = True
            page.run_task(in_this_session)

    def subscribe() -> None:
        page.pubsub.subscribe_topic(topic, heard)
        reconnects.add(topic, reread)

    def unsubscribe() -> None:
        page.pubsub.unsubscribe_topic(topic)
        reconnects.remove(topic)

    ft.use_effect(subscribe, [topic], cleanup=unsubscribe)
