"""Draw Trickpad's icons: a white "T" on a green rounded square.

Pure Python (zlib + struct, no Pillow). Run from anywhere: `python assets/make_icon.py`.
Writes icon.png (512 px, for `flet build`), favicon.png (the browser tab) and icons/ (the
web app's home-screen icons, which Flet serves from assets_dir before its own).
"""

import math
import struct
import zlib
from pathlib import Path

ASSETS = Path(__file__).resolve().parent
GREEN = (46, 125, 50)  # Material green 800, the theme's seed colour
WHITE = (255, 255, 255)
CORNER = 0.18
"""Corner radius of the green square, as a share of the icon's side."""
T_BOXES = ((0.22, 0.22, 0.78, 0.36), (0.43, 0.22, 0.57, 0.80))
"""The T's bar and stem as (left, top, right, bottom) shares of the side."""
T_ROUNDING = 0.02
SAFE_ZONE = 0.8
"""Maskable icons may be cropped to a circle: their T shrinks to fit inside."""


def box_distance(x: float, y: float, box: tuple[float, float, float, float], r: float) -> float:
    """Signed distance from (x, y) to a rounded box (negative inside)."""
    left, top, right, bottom = box
    qx = abs(x - (left + right) / 2) - (right - left) / 2 + r
    qy = abs(y - (top + bottom) / 2) - (bottom - top) / 2 + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def coverage(distance: float, pixel: float) -> float:
    """How much of a pixel a shape covers, from the distance to its edge (anti-aliasing)."""
    return min(max(0.5 - distance / pixel, 0.0), 1.0)


def icon_pixels(size: int, maskable: bool) -> bytes:
    """RGBA rows, each behind PNG's "no filter" byte."""
    pixel = 1 / size
    scale = SAFE_ZONE if maskable else 1.0
    corner = 0.0 if maskable else CORNER
    rows = bytearray()
    for row in range(size):
        rows.append(0)
        y = (row + 0.5) * pixel
        for col in range(size):
            x = (col + 0.5) * pixel
            square = coverage(box_distance(x, y, (0, 0, 1, 1), corner), pixel)
            tx, ty = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
            letter = max(
                coverage(box_distance(tx, ty, box, T_ROUNDING), pixel / scale) for box in T_BOXES
            )
            rgb = (round(g + (w - g) * letter) for g, w in zip(GREEN, WHITE, strict=True))
            rows.extend((*rgb, round(255 * square)))
    return bytes(rows)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size: int, maskable: bool = False) -> bytes:
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(icon_pixels(size, maskable), 9))
        + chunk(b"IEND", b"")
    )


OUTPUTS = {
    "icon.png": (512, False),
    "favicon.png": (64, False),
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/apple-touch-icon-192.png": (192, True),
    "icons/icon-maskable-192.png": (192, True),
    "icons/icon-maskable-512.png": (512, True),
    # Shown (200 px wide) while the web client starts: Trickpad's icon instead of Flet's logo.
    "icons/loading-animation.png": (200, False),
}


def main() -> None:
    for name, (size, maskable) in OUTPUTS.items():
        path = ASSETS / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(png(size, maskable))
        print(f"{path.relative_to(ASSETS)}: {size}x{size}")


if __name__ == "__main__":
    main()
