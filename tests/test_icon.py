"""The icon generator writes real PNGs: transparent rounded corners, a white T on green."""

import struct
import zlib

from assets.make_icon import GREEN, png


def decode(data: bytes) -> tuple[int, list[bytes]]:
    """Size and RGBA rows of a PNG as make_icon writes it (one IDAT, no row filters)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body)
        chunks[kind] = body
        at += 12 + length
    size, height, depth, colour_type = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (height, depth, colour_type) == (size, 8, 6)
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 4 * size
    rows = [raw[i * stride : (i + 1) * stride] for i in range(size)]
    assert all(row[0] == 0 for row in rows)
    return size, [row[1:] for row in rows]


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, ...]:
    return tuple(rows[y][4 * x : 4 * x + 4])


def test_icon_has_clear_corners_a_green_field_and_a_white_t() -> None:
    size, rows = decode(png(48))
    assert size == 48
    assert pixel(rows, 0, 0)[3] == 0  # the rounded corner is transparent
    assert pixel(rows, 4, 24) == (*GREEN, 255)  # left edge, middle: green
    assert pixel(rows, 24, 12) == (255, 255, 255, 255)  # the T's bar
    assert pixel(rows, 24, 34) == (255, 255, 255, 255)  # the T's stem
    assert pixel(rows, 14, 34) == (*GREEN, 255)  # beside the stem


def test_maskable_icon_fills_every_corner() -> None:
    _, rows = decode(png(48, maskable=True))
    assert pixel(rows, 0, 0) == (*GREEN, 255)
