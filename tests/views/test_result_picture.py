"""Share the result: the card the picture is made of shows the game's places and totals,
winner first; the phone's captures are stacked into one picture, which is saved where the
browser has no share sheet for files."""

import struct
import zlib
from typing import Any

import flet as ft

from tests.views.conftest import AppUnderTest
from tests.views.test_home import finished_wizard
from views.game_screen.result_card import CARD_WIDTH
from views.shell.i18n import t
from views.shell.png import SIGNATURE, chunk, filtered_rows
from views.shell.widgets import points_text

VIEW = (412, 915)
"""The harness's page in device pixels (it reports no pixel ratio: one)."""
HEIGHT = 600


def view_capture(control: ft.Control, args: dict[str, Any]) -> bytes:
    """What Flutter's web renderer gives for a capture: a PNG of the whole view."""
    width, height = VIEW
    rows = (b"\x00" + b"\xff" * width * 4) * height
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    return SIGNATURE + body


async def test_the_picture_shows_the_places_winner_first_and_is_saved(app: AppUnderTest) -> None:
    game = finished_wizard(app.keeper, ["Eve", "Fay", "한결"])
    totals = game.ledger.state.totals
    harness = await app.start(f"/game/{game.id}")
    captures: list[dict[str, Any]] = []
    harness.client_methods["capture"] = lambda control, args: (
        captures.append(args) or view_capture(control, args)
    )
    await harness.click(harness.find(ft.OutlinedButton, text=t("picture.share")))

    places = harness.find_all(
        ft.Semantics, where=lambda s: str(s.identifier or "").startswith("picture-place-")
    )
    assert [place.identifier for place in places] == [
        "picture-place-1",
        "picture-place-2",
        "picture-place-0",
    ]
    assert [harness.texts(within=place) for place in places] == [
        [f"1. Fay: {points_text(totals[1])}"],
        [f"2. 한결: {points_text(totals[2])}"],
        [f"3. Eve: {points_text(totals[0])}"],
    ]
    winner = places[0].content
    assert isinstance(winner, ft.Container) and winner.bgcolor == "#FFF1C2"
    assert places[1].content.bgcolor is None
    assert t("picture.making") in harness.texts()

    # Once the phone has laid the card out, it is captured and the picture offered.
    card = harness.find(ft.Container, where=lambda c: c.on_size_change is not None)
    await harness.dispatch(card, "size_change", {"w": CARD_WIDTH, "h": HEIGHT})
    assert captures and all(args["pixel_ratio"] == 1.0 for args in captures)
    await harness.click(harness.find(ft.FilledButton, text=t("picture.save")))
    [(name, picture)] = app.files.saved.items()
    assert name.startswith("trickpad-wizard-") and name.endswith("-eve-fay-한결.png")
    width, rows = filtered_rows(picture)
    assert (width, len(rows)) == (CARD_WIDTH, HEIGHT)
    assert t("picture.saved", file=name) in harness.texts()
