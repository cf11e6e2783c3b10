"""Pieces of a picture, each a PNG the size of the browser's view, stacked into one PNG.

Flutter's web renderers draw a capture (ft.Screenshot) on a surface the size of the view in
device pixels: what is taller or wider comes back cut off, what is smaller is padded. A tall
picture is therefore captured a view's height at a time, each piece drawn at the top left
of its capture, and the pieces are cut to their own size and stacked here. Only the standard
library's zlib: the phone alone runs this too.

Cutting needs no decoding: every PNG filter of a row looks only left and up, so a row keeps
its meaning when its right end is dropped, and the rows below a piece are simply left out.
Only a piece's first row, filtered against the blank row above an image, must be made to
stand on its own once another piece's rows are above it.
"""

import struct
import zlib
from collections.abc import Iterator, Sequence

SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA = 6
"""The colour type of Flutter's captures: 8-bit red, green, blue and alpha."""
PIXEL = 4
"""Bytes a pixel."""
NONE, SUB, UP, AVERAGE, PAETH = range(5)
"""PNG's filter types, the first byte of every row."""


def chunks(png: bytes) -> Iterator[tuple[bytes, bytes]]:
    """Each chunk's type and data."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    at = len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        yield png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        at += 12 + length


def filtered_rows(png: bytes) -> tuple[int, list[bytes]]:
    """The picture's width in pixels and its rows as stored (each its filter byte first)."""
    parts = list(chunks(png))
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", parts[0][1])
    if (depth, colour, interlace) != (8, RGBA, 0):
        raise ValueError("only 8-bit RGBA pictures without interlacing are stacked")
    data = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    stride = 1 + width * PIXEL
    return width, [data[row * stride : (row + 1) * stride] for row in range(height)]


def standing_alone(row: bytes) -> bytes:
    """The first row of a picture as one that needs no row above it: read against a blank
    row, Up is no filter, Paeth is Sub, and Average halves the pixel to the left only."""
    kind, data = row[0], row[1:]
    if kind == UP:
        return bytes([NONE]) + data
    if kind == PAETH:
        return bytes([SUB]) + data
    if kind != AVERAGE:
        return row
    pixels = bytearray(data)
    for at in range(PIXEL, len(pixels)):
        pixels[at] = (pixels[at] + pixels[at - PIXEL] // 2) % 256
    return bytes([NONE]) + bytes(pixels)


def chunk(kind: bytes, data: bytes) -> bytes:
    checksum = zlib.crc32(kind + data)
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)


def stacked(pieces: Sequence[tuple[bytes, int]], width: int) -> bytes:
    """One PNG `width` pixels wide: each piece (a PNG, and how many of its rows belong to
    the picture) cut to that width and its rows, below the piece before it."""
    rows: list[bytes] = []
    for number, (png, height) in enumerate(pieces):
        piece_width, piece_rows = filtered_rows(png)
        if width > piece_width or height > len(piece_rows):
            raise ValueError("a piece is smaller than its part of the picture")
        kept = [row[: 1 + width * PIXEL] for row in piece_rows[:height]]
        if number and kept:
            kept[0] = standing_alone(kept[0])
        rows += kept
    header = struct.pack(">IIBBBBB", width, len(rows), 8, RGBA, 0, 0, 0)
    body = zlib.compress(b"".join(rows), 6)
    return SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
