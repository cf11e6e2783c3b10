"""Carries phone_alone.webrtc_bridge's requests to the page and the page's messages back.

The worker posts the page a plain object with a "trickpadWebRTC" key, which the page's
links (assets/trickpad-webrtc.js, served by index.html's Worker subclass) take before
Flet's handler sees it. The page answers with a Uint8Array: byte 0x02 (PAGE_PACKET), then
UTF-8 JSON; Flet's worker hands that to its own connection too, which drops it, and the
listener added here reads it.
"""

import functools
import json

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only

from phone_alone.webrtc_bridge import PAGE_PACKET, Message, WebRTCBridge


@functools.cache
def bridge() -> WebRTCBridge:
    """The worker's one bridge to its page's links, listening from its first use."""
    links = WebRTCBridge(post)

    def received(event: object) -> None:
        data = event.data  # type: ignore[attr-defined]  # a JavaScript MessageEvent
        if not js.ArrayBuffer.isView(data):
            return  # Flet's first message: the worker's settings
        packet = data.to_bytes()
        if packet[:1] == bytes([PAGE_PACKET]):
            links.delivered(json.loads(packet[1:].decode("utf-8")))

    js.self.addEventListener("message", create_proxy(received))
    return links


def post(message: Message) -> None:
    js.self.postMessage(to_js({"trickpadWebRTC": message}, dict_converter=js.Object.fromEntries))
