"""Can the three card colours be told apart?  Colour-vision simulation and CIELAB distances.

``python tools/colourvision.py [WIDTH]`` prints, as JSON, the minimum ΔE per
palette × colour-symbol setting × condition over the 81 pairs of faces that
differ only in colour (faces drawn ``WIDTH`` pixels wide, 180 by default), the
inks' own minimum ΔE, and the colour symbols' shapes at several card sizes.

- Colour: sRGB (IEC 61966-2-1) to linear RGB to CIE XYZ (D65) to CIELAB;
  ΔE is CIE76, the straight distance in L*a*b*.
- Conditions: ``normal``; ``greyscale`` (relative luminance Y with the
  Rec. 709 weights, shown as a grey of that L*); ``protanopia``,
  ``deuteranopia`` and ``tritanopia``: the matrices of Machado, Oliveira &
  Fernandes 2009 (*A physiologically-based model for simulation of color
  vision deficiency*, IEEE TVCG 15(6)) at severity 1.0, applied to linear
  RGB and clipped to 0..1.
- A pair of faces is compared pixel by pixel (each drawn over the table
  felt): its ΔE is the ``PATCH``-th largest per-pixel ΔE, ``PATCH`` being a
  share of the card's pixels.  So "ΔE 25" says the two faces differ by at
  least 25 over at least that much of the card: the inks of the symbols, and
  with colour symbols on, the symbols' differing silhouettes too.
"""

from __future__ import annotations

import json
import os
import sys
from array import array
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

CONDITIONS = ("normal", "greyscale", "protanopia", "deuteranopia", "tritanopia")
MACHADO = {  # severity 1.0, rows give linear R, G, B
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
_XYZ = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))  # linear sRGB -> XYZ
_WHITE = (0.95047, 1.0, 1.08883)  # D65
PATCH = 0.005  # a pair must differ over this share of the card (about 10×10 px on a 180 px card)
CUE_SIZES = (48, 72, 120, 180, 300)  # card widths the colour symbols are checked at


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _f(t: float) -> float:
    return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29


def lab(rgb: Sequence[int], condition: str = "normal") -> tuple[float, float, float]:
    """CIELAB of an sRGB colour (0..255 each) as seen under ``condition``.

    >>> [round(v, 1) for v in lab((255, 255, 255))]
    [100.0, 0.0, 0.0]

    :raises ValueError: on an unknown condition.
    """
    if condition not in CONDITIONS:
        raise ValueError(f"unknown condition {condition!r}: one of {', '.join(CONDITIONS)}")
    lin = [_linear(int(v)) for v in rgb[:3]]
    if condition in MACHADO:
        lin = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin)))) for row in MACHADO[condition]]
    x, y, z = (sum(m * c for m, c in zip(row, lin)) for row in _XYZ)
    if condition == "greyscale":
        x, z = y * _WHITE[0], y * _WHITE[2]  # a grey of the same luminance
    fx, fy, fz = _f(x / _WHITE[0]), _f(y / _WHITE[1]), _f(z / _WHITE[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Sequence[float], b: Sequence[float]) -> float:
    """CIE76 colour difference: the distance between two L*a*b* colours.

    >>> round(delta_e(lab((0, 0, 0)), lab((255, 255, 255))), 1)
    100.0
    """
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def ink_table(palettes: dict) -> dict:
    """Per palette and condition, the smallest ΔE between two of its three inks (from the numbers alone)."""
    out = {}
    for name, inks in palettes.items():
        out[name] = {}
        for cond in CONDITIONS:
            labs = [lab(c, cond) for c in inks]
            out[name][cond] = round(min(delta_e(labs[i], labs[j]) for i in range(3) for j in range(i + 1, 3)), 1)
    return out


# ----- rendered faces ------------------------------------------------------------------
def _pixels(surface) -> array:
    """A face drawn over the table felt, as one 32-bit int per pixel (R, G, B in the low bytes)."""
    import pygame

    from sprites.theme import BG_TOP

    flat = pygame.Surface(surface.get_size())
    flat.fill(BG_TOP)
    flat.blit(surface, (0, 0))
    px = array("I", pygame.image.tobytes(flat, "RGBX"))
    if sys.byteorder == "big":
        px.byteswap()
    return px


def _rgb(key: int) -> tuple[int, int, int]:
    return key & 0xFF, (key >> 8) & 0xFF, (key >> 16) & 0xFF


class Comparer:
    """Per-pixel ΔE between faces, with each colour's L*a*b* worked out once per condition."""

    def __init__(self) -> None:
        self._labs: dict[str, dict[int, tuple[float, float, float]]] = {c: {} for c in CONDITIONS}

    def _lab(self, key: int, condition: str) -> tuple[float, float, float]:
        known = self._labs[condition]
        v = known.get(key)
        if v is None:
            v = known[key] = lab(_rgb(key), condition)
        return v

    def pair(self, a: array, b: array, patch: int) -> dict[str, float]:
        """Per condition, the ΔE by which faces ``a`` and ``b`` differ over at least ``patch`` pixels."""
        counts = Counter(p for p in zip(a, b) if p[0] != p[1])
        out = {}
        for cond in CONDITIONS:
            ranked = sorted(((delta_e(self._lab(x, cond), self._lab(y, cond)), n) for (x, y), n in counts.items()),
                            reverse=True)
            total, found = 0, 0.0
            for d, n in ranked:
                total += n
                if total >= patch:
                    found = d
                    break
            out[cond] = found
        return out


def face_table(width: int = 180) -> dict:
    """Per palette, colour-symbol setting and condition: the smallest pair ΔE over the 81
    colour-only pairs of faces, and the pair (card codes) where it is found."""
    from game.cards import DECK, code, features
    from sprites.cardart import CardArt
    from sprites.theme import PALETTES

    comparer, out = Comparer(), {}
    for name in PALETTES:
        out[name] = {}
        for cue in (False, True):
            art = CardArt(width, name, cue)
            faces = {c: _pixels(art.face(c)) for c in DECK}
            patch = max(1, round(PATCH * art.w * art.h))
            worst: dict[str, tuple[float, str]] = {}
            for a in DECK:
                for b in DECK:
                    fa, fb = features(a), features(b)
                    if a < b and fa[0] == fb[0] and fa[2:] == fb[2:]:
                        for cond, d in comparer.pair(faces[a], faces[b], patch).items():
                            if cond not in worst or d < worst[cond][0]:
                                worst[cond] = (d, f"{code(a)}/{code(b)}")
            out[name]["symbols on" if cue else "symbols off"] = {
                cond: {"min": round(d, 1), "pair": p} for cond, (d, p) in worst.items()}
    return out


def cue_shapes(width: int, palette: str = "standard") -> list[dict]:
    """The colour symbols of one card size: for each colour, its pixels (the face with the symbol
    against the face without), their count and bounding boxes as shares of the card width."""
    from game.cards import card
    from sprites.cardart import CardArt

    on, off = CardArt(width, palette, True), CardArt(width, palette, False)
    out = []
    for c in (card("1RDE"), card("1GDE"), card("1PDE")):
        a, b = _pixels(on.face(c)), _pixels(off.face(c))
        pixels = {i for i, (p, q) in enumerate(zip(a, b)) if p != q}
        w = on.w
        boxes = []
        for half in ({i for i in pixels if i % w < w // 2}, {i for i in pixels if i % w >= w // 2}):
            if half:
                xs, ys = [i % w for i in half], [i // w for i in half]
                boxes.append(tuple(round(v / w, 3) for v in (min(xs), min(ys), max(xs) + 1, max(ys) + 1)))
        out.append({"pixels": pixels, "count": len(pixels), "boxes": boxes, "card": (on.w, on.h)})
    return out


def cue_table() -> dict:
    """Per card width: each colour symbol's pixels as a share of the card, and for each pair of
    colours the share of their symbols' pixels (union) that only one of them covers."""
    out = {}
    for w in CUE_SIZES:
        shapes = cue_shapes(w)
        cw, ch = shapes[0]["card"]
        apart = {}
        for i, j in ((0, 1), (0, 2), (1, 2)):
            a, b = shapes[i]["pixels"], shapes[j]["pixels"]
            apart[f"{'RGP'[i]}/{'RGP'[j]}"] = round(len(a ^ b) / max(1, len(a | b)), 2)
        out[str(w)] = {"share_of_card": [round(s["count"] / (cw * ch), 4) for s in shapes], "apart": apart}
    return out


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from sprites.theme import PALETTES

    width = int(argv[0]) if argv else 180
    print(json.dumps({"width": width, "patch": PATCH, "faces": face_table(width), "inks": ink_table(PALETTES),
                      "symbols": cue_table()}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
