"""Draw the app icon: ``python tools/make_icon.py [OUT_DIR]`` (default ``sprites/``).

Three SET cards fanned on a dark rounded square — one red diamond, two green
ovals, three purple squiggles, which together are a Set. Drawn with pygame
primitives at 1024 px and scaled down smoothly (that is the anti-aliasing).
Writes ``icon.png`` (256 px, the window icon), ``icon.ico`` (Windows) and
``icon.icns`` (macOS); both containers just hold PNG images, which every
current Windows and macOS reads, so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the headless driver is chosen)

ROOT = Path(__file__).resolve().parent.parent
MASTER = 1024
BG_TOP, BG_BOTTOM = (28, 48, 82), (9, 16, 30)
CARD, CARD_EDGE = (252, 251, 247), (214, 210, 200)
RED, GREEN, PURPLE = (226, 35, 70), (22, 160, 90), (112, 56, 186)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512))


def _diamond(w: int, h: int) -> list[tuple[float, float]]:
    return [(w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)]


def _squiggle(w: int, h: int) -> list[tuple[float, float]]:
    """A wavy band: a sine top edge and the same curve shifted down."""
    top, bottom = [], []
    for i in range(41):
        x = w * i / 40
        y = h * 0.3 * math.sin(2 * math.pi * i / 40)
        top.append((x, h * 0.35 + y))
        bottom.append((x, h * 0.65 + y))
    return top + bottom[::-1]


def _symbol(shape: str, color: tuple[int, int, int], w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if shape == "diamond":
        pygame.draw.polygon(surf, color, _diamond(w, h))
    elif shape == "oval":
        pygame.draw.rect(surf, color, surf.get_rect(), border_radius=h // 2)
    else:
        pygame.draw.polygon(surf, color, _squiggle(w, h))
    return surf


def _card(shape: str, color: tuple[int, int, int], count: int) -> pygame.Surface:
    w, h = int(MASTER * 0.3), int(MASTER * 0.5)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, CARD, surf.get_rect(), border_radius=w // 9)
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), width=max(2, w // 60), border_radius=w // 9)
    sw, sh = int(w * 0.72), int(h * 0.2)
    gap = int(h * 0.07)
    total = count * sh + (count - 1) * gap
    y = (h - total) // 2
    for _ in range(count):
        surf.blit(_symbol(shape, color, sw, sh), ((w - sw) // 2, y))
        y += sh + gap
    return surf


def draw() -> pygame.Surface:
    """The icon at MASTER px (square, transparent corners)."""
    icon = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    bg = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    for y in range(MASTER):
        t = y / (MASTER - 1)
        row = tuple(round(a + (b - a) * t) for a, b in zip(BG_TOP, BG_BOTTOM))
        pygame.draw.line(bg, row, (0, y), (MASTER, y))
    mask = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=MASTER // 5)
    bg.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    icon.blit(bg, (0, 0))
    cards = (_card("diamond", RED, 1), _card("oval", GREEN, 2), _card("squiggle", PURPLE, 3))
    # A gentle arc: the side cards tilt outwards and sit a little lower, overlapping only at the edges.
    for face, step in zip(cards, (-1, 0, 1)):
        rotated = pygame.transform.rotate(face, -12 * step)
        centre = (MASTER / 2 + step * MASTER * 0.29, MASTER * (0.5 + 0.035 * abs(step)))
        icon.blit(rotated, rotated.get_rect(center=(round(centre[0]), round(centre[1]))))
    return icon


def png_bytes(surf: pygame.Surface, size: int) -> bytes:
    """``surf`` scaled to ``size`` px square, as PNG file bytes."""
    small = pygame.transform.smoothscale(surf, (size, size))
    buf = io.BytesIO()
    pygame.image.save(small, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (size -> PNG bytes)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_bytes(images: dict[bytes, bytes]) -> bytes:
    """A macOS .icns holding PNG images (icon type -> PNG bytes)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build(out_dir: Path = ROOT / "sprites") -> list[Path]:
    """Write icon.png, icon.ico and icon.icns into ``out_dir``; the paths written."""
    master = draw()  # surfaces, scaling and PNG saving need no pygame.init()
    files = {
        "icon.png": png_bytes(master, 256),
        "icon.ico": ico_bytes({s: png_bytes(master, s) for s in ICO_SIZES}),
        "icon.icns": icns_bytes({kind: png_bytes(master, s) for kind, s in ICNS_TYPES}),
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in files.items():
        path = out_dir / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def main(argv: list[str]) -> int:
    for path in build(Path(argv[0]) if argv else ROOT / "sprites"):
        print(f"{path} {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
