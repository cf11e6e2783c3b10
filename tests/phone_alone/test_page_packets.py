"""The first byte of a packet the page sends the worker says whose it is: the WebRTC links'
(assets/trickpad-webrtc.js, read by phone_alone/webrtc_bridge.py through page_relay.py)
or the picked files' (assets/trickpad-files.js, read by phone_alone/page_files.py). Each
byte is written twice, once in JavaScript and once in Python, and the two must agree."""

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAIRS = [
    ("assets/trickpad-webrtc.js", "phone_alone/webrtc_bridge.py", "PAGE_PACKET"),
    ("assets/trickpad-files.js", "phone_alone/page_files.py", "FILE_PACKET"),
]


def in_javascript(path: str, name: str) -> int:
    (value,) = re.findall(rf"const {name} = (0x[0-9a-fA-F]+);", (REPO / path).read_text())
    return int(value, 16)


def in_python(path: str, name: str) -> int:
    """Read from the source: page_files imports Pyodide's `js`, which only a browser has."""
    for node in ast.parse((REPO / path).read_text()).body:
        targets = [
            target.id for target in getattr(node, "targets", []) if isinstance(target, ast.Name)
        ]
        if isinstance(node, ast.Assign) and targets == [name]:
            value = ast.literal_eval(node.value)
            assert isinstance(value, int)
            return value
    raise AssertionError(f"{path} has no {name}")


@pytest.mark.parametrize(("script", "module", "name"), PAIRS, ids=[name for *_, name in PAIRS])
def test_the_page_and_the_worker_read_one_packet_byte_alike(
    script: str, module: str, name: str
) -> None:
    assert in_javascript(script, name) == in_python(module, name)


def test_each_sender_has_a_byte_of_its_own() -> None:
    assert len({in_python(module, name) for _, module, name in PAIRS}) == len(PAIRS)
