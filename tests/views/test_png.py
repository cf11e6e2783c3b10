"""Pieces of a picture stacked into one PNG (views.shell.png), read back pixel by pixel."""

import struct
import zlib

import pytest

from views.shell.png import AVERAGE, NONE, PAETH, PIXEL, SUB, UP, chunk, filtered_rows, stacked
from views.shell.png import SIGNATURE as PNG_SIGNATURE

Pixels = list[list[tuple[int, int, int, int]]]


def paeth(left: int, up: int, up_left: int) -> int:
    guess = left + up - up_left
    return min(
        (abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - up_left), 2, up_left)
    )[2]


def predicted(kind: int, row: bytearray, above: bytes, at: int) -> int:
    left = row[at - PIXEL] if at >= PIXEL else 0
    up_left = above[at - PIXEL] if at >= PIXEL else 0
    return {
        NONE: 0,
        SUB: left,
        UP: above[at],
        AVERAGE: (left + above[at]) // 2,
        PAETH: paeth(left, above[at], up_left),
    }[kind]


def encoded(pixels: Pixels, kinds: list[int]) -> bytes:
    """A PNG of the pixels, each row filtered with its kind (as an encoder chooses them)."""
    width, rows, above = len(pixels[0]), [], bytes(len(pixels[0]) * PIXEL)
    for line, kind in zip(pixels, kinds, strict=True):
        raw = bytearray(value for pixel in line for value in pixel)
        out = bytes((raw[at] - predicted(kind, raw, above, at)) % 256 for at in range(len(raw)))
        rows.append(bytes([kind]) + out)
        above = bytes(raw)
    header = struct.pack(">IIBBBBB", width, len(pixels), 8, 6, 0, 0, 0)
    idat = zlib.compress(b"".join(rows))
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def decoded(png: bytes) -> Pixels:
    width, rows = filtered_rows(png)
    above, pixels = bytes(width * PIXEL), []
    for row in rows:
        raw = bytearray(row[1:])
        for at in range(len(raw)):
            raw[at] = (raw[at] + predicted(row[0], raw, above, at)) % 256
        pixels.append([tuple(raw[at : at + PIXEL]) for at in range(0, len(raw), PIXEL)])  # type: ignore[misc]
        above = bytes(raw)
    return pixels


def pattern(width: int, height: int, seed: int) -> Pixels:
    return [
        [
            ((x * 37 + y * 11 + seed) % 256, (x * y + seed) % 256, (y * 53) % 256, 255)
            for x in range(width)
        ]
        for y in range(height)
    ]


@pytest.mark.parametrize("kind", [NONE, SUB, UP, AVERAGE, PAETH])
def test_pieces_cut_and_stacked_keep_every_pixel_whatever_the_filters(kind: int) -> None:
    top, bottom = pattern(7, 5, 1), pattern(7, 4, 99)
    # The lower piece's first row is filtered as if nothing were above it.
    lower = encoded(bottom, [kind, PAETH, AVERAGE, UP])
    picture = stacked([(encoded(top, [kind, UP, AVERAGE, PAETH, SUB]), 3), (lower, 2)], 5)
    assert decoded(picture) == [line[:5] for line in top[:3] + bottom[:2]]


def test_a_piece_smaller_than_its_part_is_refused() -> None:
    with pytest.raises(ValueError, match="smaller"):
        stacked([(encoded(pattern(4, 2, 0), [NONE, NONE]), 3)], 4)
