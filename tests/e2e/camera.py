"""A phone's camera in Chromium: its fake capture device (CAMERA_FLAGS) plays a video file,
written here as YUV4MPEG2 (Y4M, 4:2:0) from a picture, such as the QR code a phone shows
(views.shell.qr.qr_png). Chromium opens the file each time a page starts the camera, so a
test may write what the camera sees just before the scan."""

import struct
import zlib
from pathlib import Path

FRAME = (640, 480)
"""A phone camera's smallest usual picture: the code, at its own size, in the middle."""


def camera_flags(video: Path) -> list[str]:
    """Chromium's flags for a camera that plays `video`, allowed without asking."""
    return [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]


def show_to_camera(video: Path, png: bytes | None) -> None:
    """What the camera sees from now on: the picture `png` (greyscale, 1 bit, as segno
    writes a QR code) in the middle of a white frame; None: white only."""
    width, height = FRAME
    luma = bytearray(b"\xff" * (width * height))
    if png is not None:
        rows = grey_pixels(png)
        left, top = (width - len(rows[0])) // 2, (height - len(rows)) // 2
        for y, row in enumerate(rows):
            start = (top + y) * width + left
            luma[start : start + len(row)] = row
    chroma = b"\x80" * (width * height // 2)  # U and V planes, a quarter each: no colour
    header = f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode()
    frame = b"FRAME\n" + bytes(luma) + chroma
    video.write_bytes(header + frame * 2)


def grey_pixels(png: bytes) -> list[bytes]:
    """The rows of a 1-bit greyscale PNG, a byte per pixel (0 black, 255 white)."""
    chunks, at = {}, 8
    data = b""
    while at < len(png):
        length = int.from_bytes(png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        chunks[kind] = body
        data += body if kind == b"IDAT" else b""
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (1, 0), "a 1-bit greyscale PNG"
    stride = (width + 7) // 8
    raw = zlib.decompress(data)
    rows: list[bytes] = []
    previous = bytes(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        row = unfiltered(line[0], bytearray(line[1:]), previous)
        rows.append(bytes(255 if row[x // 8] >> (7 - x % 8) & 1 else 0 for x in range(width)))
        previous = row
    return rows


def unfiltered(kind: int, row: bytearray, above: bytes) -> bytes:
    """A PNG row without its filter (one byte per step at a bit depth under 8)."""
    for i, value in enumerate(row):
        left = row[i - 1] if i else 0
        up, up_left = above[i], above[i - 1] if i else 0
        if kind == 1:
            value += left
        elif kind == 2:
            value += up
        elif kind == 3:
            value += (left + up) // 2
        elif kind == 4:
            guess = left + up - up_left
            near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up))
            near = min(near, (abs(guess - up_left), 2, up_left))
            value += near[2]
        row[i] = value & 0xFF
    return bytes(row)
