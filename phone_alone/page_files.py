"""The phone alone's files: saved by Flet's picker, picked by the page's own picker
(assets/trickpad-files.js) so that a file's size is known before it is read.

Flet's picker reads a picked file whole and sends it to this worker before anything can
look at its size: a backup of 150 MB crashes the tab before it could be refused
(bench/phone_files_bench.py). The page's picker answers a pick with the file's name and
size, and reads the file only when `PickedFile.read` asks for it, so a file over the
phone's limits (phone_alone/file_limits.py) is refused unread.
"""

import asyncio
import itertools
import json

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only

from storage.errors import StorageError
from views.shell.services import FilePickerFiles, PickedFile

FILE_PACKET = 0x03
"""The first byte of the page's answers (trickpad-files.js); the WebRTC bridge's are 0x02."""
DONE = 0
"""The status byte of an answer that holds what was asked (else the read failed)."""


class PageFiles:
    """Files on the phone: saved as a download by Flet's picker, picked by the page's."""

    def __init__(self) -> None:
        self._saver = FilePickerFiles()
        self._asks = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[bytes]] = {}
        js.self.addEventListener("message", create_proxy(self._received))

    async def save(self, file_name: str, content: bytes) -> None:
        await self._saver.save(file_name, content)

    async def pick(self, extension: str) -> PickedFile | None:
        answer = json.loads(await self._asked({"do": "pick", "accept": f".{extension}"}))
        if "size" not in answer:
            return None  # cancelled
        return PickedFile(answer["name"], answer["size"], lambda: self._asked({"do": "read"}))

    async def _asked(self, request: dict[str, object]) -> bytes:
        """The page's answer to `request`."""
        ask = next(self._asks)
        answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._waiting[ask] = answer
        message = {"trickpadFile": {**request, "ask": ask}}
        js.self.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
        return await answer

    def _received(self, event: object) -> None:
        data = event.data  # type: ignore[attr-defined]  # a JavaScript MessageEvent
        if not js.ArrayBuffer.isView(data) or data.length < 6 or data[0] != FILE_PACKET:
            return  # Flet's, or the WebRTC bridge's (phone_alone.page_relay)
        packet = data.to_bytes()
        answer = self._waiting.pop(int.from_bytes(packet[1:5], "big"), None)
        if answer is None or answer.done():
            return
        if packet[5] == DONE:
            answer.set_result(packet[6:])
        else:
            answer.set_exception(StorageError("storage.upload_failed"))
