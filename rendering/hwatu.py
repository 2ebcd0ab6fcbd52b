"""The hwatu pack drawn from primitives (gostop.md R1.7): 48 month cards, the jokers and a back.

Each month has a plant motif in its palette; the type adds one dominant shape (bright disc with
光, ribbon band, animal), and the index corner (month number and type letter) is always drawn
because newcomers cannot read hwatu art. Sprites are drawn once per size at 3x and reduced.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.games.gostop import IDS
from bot.i18n import digits, t

from . import text as tx
from .kept import kept

SS = 3
GROUND = (251, 247, 238)
OUTLINE = (40, 40, 40)
BACK_RED = (179, 18, 46)

Pt = tuple[float, float]
RGB = tuple[int, int, int]


def _hex(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


PINE, SUN, BLOSSOM, PINK, WIST, IRIS, LEAF = (_hex(c) for c in (
    "#2F6B3A", "#C8202F", "#D2283C", "#F2A7BB", "#4B2E5C", "#5B3FA0", "#3C8C4A"))
PEONY, CLOVER, BROWN, HILL, MOON, CHRYS, MAPLE, WILLOW = (_hex(c) for c in (
    "#D0313D", "#C8343C", "#7A4A22", "#1B1B1B", "#FFF4C2", "#F2C230", "#D9482B", "#6E8B3D"))
BLACK: RGB = (32, 32, 32)
RIBBON_RED: RGB = (206, 30, 48)
RIBBON_BLUE: RGB = (34, 78, 170)
GREY: RGB = (150, 150, 150)


class Pen:
    """Drawing in unit coordinates (0..1 across and down the card), supersampled."""

    def __init__(self, img: Image.Image, mirror: bool = False) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img)
        self.w, self.h = img.size
        self.mirror = mirror

    def p(self, x: float, y: float) -> Pt:
        if self.mirror:
            x = 1 - x
        return (x * self.w, y * self.h)

    def s(self, d: float) -> float:
        return d * self.w

    def circle(self, x: float, y: float, r: float, fill: RGB, outline: RGB | None = None) -> None:
        cx, cy = self.p(x, y)
        rr = self.s(r)
        self.draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=outline,
                          width=max(1, SS) if outline else 0)

    def ellipse(self, x: float, y: float, rx: float, ry: float, fill: RGB) -> None:
        cx, cy = self.p(x, y)
        self.draw.ellipse((cx - self.s(rx), cy - self.s(ry), cx + self.s(rx), cy + self.s(ry)), fill=fill)

    def poly(self, pts: list[Pt], fill: RGB, outline: RGB | None = None) -> None:
        self.draw.polygon([self.p(x, y) for x, y in pts], fill=fill, outline=outline)

    def line(self, pts: list[Pt], fill: RGB, width: float) -> None:
        self.draw.line([self.p(x, y) for x, y in pts], fill=fill, width=max(1, int(self.s(width))), joint="curve")

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: RGB) -> None:
        a, b = self.p(x0, y0), self.p(x1, y1)
        self.draw.rectangle((min(a[0], b[0]), a[1], max(a[0], b[0]), b[1]), fill=fill)

    def flower(self, x: float, y: float, r: float, petal: RGB, centre: RGB, petals: int = 5) -> None:
        for i in range(petals):
            a = i * 2 * math.pi / petals - math.pi / 2
            self.circle(x + 0.55 * r * math.cos(a), y + 0.55 * r * math.sin(a) * self.w / self.h, r * 0.5, petal)
        self.circle(x, y, r * 0.28, centre)


# --- month motifs --------------------------------------------------------------------------

def _pine(pen: Pen, full: bool) -> None:
    pen.line([(0.15, 0.95), (0.3, 0.7), (0.55, 0.55), (0.85, 0.42)], BROWN, 0.05)
    for x, y in ((0.3, 0.62), (0.6, 0.5), (0.82, 0.38)) + (((0.2, 0.82),) if full else ()):
        for k in range(9):
            a = math.pi + k * math.pi / 8
            pen.line([(x, y), (x + 0.2 * math.cos(a), y + 0.13 * math.sin(a))], PINE, 0.03)
        pen.ellipse(x, y - 0.01, 0.1, 0.035, PINE)


def _plum(pen: Pen, full: bool) -> None:
    pen.line([(0.05, 0.9), (0.35, 0.65), (0.5, 0.45), (0.9, 0.25)], BLACK, 0.06)
    pen.line([(0.5, 0.45), (0.6, 0.7), (0.85, 0.78)], BLACK, 0.04)
    for x, y in ((0.3, 0.62), (0.55, 0.38), (0.8, 0.27), (0.65, 0.68), (0.85, 0.8), (0.42, 0.52)):
        pen.flower(x, y, 0.11, BLOSSOM, (250, 220, 120))


def _cherry(pen: Pen, full: bool) -> None:
    pen.line([(0.0, 0.45), (0.5, 0.3), (1.0, 0.2)], BROWN, 0.04)
    for x, y in ((0.15, 0.36), (0.35, 0.28), (0.55, 0.22), (0.75, 0.3), (0.9, 0.18), (0.45, 0.42), (0.7, 0.45),
                 (0.25, 0.5)):
        pen.flower(x, y, 0.12, PINK, (255, 255, 255))


def _wisteria(pen: Pen, full: bool) -> None:
    for i, x in enumerate((0.2, 0.38, 0.56, 0.74, 0.9)):
        length = 0.55 + 0.15 * ((i * 7) % 3) / 2
        pen.line([(x, 0.05), (x - 0.03, 0.05 + length)], BLACK, 0.03)
        for k in range(6):
            y = 0.12 + k * length / 6.5
            pen.ellipse(x - 0.03 * k / 6 + 0.04, y, 0.035, 0.015, BLACK)
            pen.ellipse(x - 0.03 * k / 6 - 0.04, y + 0.02, 0.035, 0.015, WIST)


def _iris(pen: Pen, full: bool) -> None:
    for x in (0.15, 0.3, 0.5, 0.7, 0.85):
        pen.poly([(x - 0.04, 0.98), (x + 0.04, 0.98), (x + 0.1 * (0.5 - x), 0.35)], LEAF)
    for x, y in ((0.3, 0.35), (0.62, 0.28), (0.8, 0.45)):
        pen.poly([(x, y - 0.1), (x + 0.08, y), (x, y + 0.05), (x - 0.08, y)], IRIS)
        pen.ellipse(x, y + 0.02, 0.05, 0.025, (120, 90, 200))


def _peony(pen: Pen, full: bool) -> None:
    for x, y in ((0.2, 0.7), (0.8, 0.65), (0.5, 0.82)):
        pen.poly([(x, y - 0.12), (x + 0.15, y), (x, y + 0.1), (x - 0.15, y)], LEAF)
    for x, y, r in ((0.35, 0.45, 0.2), (0.7, 0.38, 0.16)):
        pen.circle(x, y, r, PEONY)
        pen.circle(x, y, r * 0.65, (232, 110, 130))
        pen.circle(x, y, r * 0.3, PEONY)


def _clover(pen: Pen, full: bool) -> None:
    for k in range(4):
        x0 = 0.1 + 0.25 * k
        pts = [(x0 + 0.3 * u, 0.95 - 0.75 * u + 0.4 * u * u) for u in (0, 0.25, 0.5, 0.75, 1)]
        pen.line(pts, BROWN, 0.02)
        for x, y in pts[1:]:
            pen.circle(x + 0.03, y, 0.035, CLOVER)
            pen.circle(x - 0.03, y + 0.03, 0.03, CLOVER)


def _pampas(pen: Pen, full: bool, sky: RGB = SUN) -> None:
    pen.rect(0, 0, 1, 0.55, sky)
    pen.poly([(0, 0.45), (0.3, 0.42), (0.55, 0.5), (1.0, 0.47), (1.0, 1.0), (0, 1.0)], HILL)
    for k in range(7):
        x = 0.08 + 0.14 * k
        pen.line([(x, 0.5), (x + 0.05, 0.36)], HILL, 0.015)


def _chrys(pen: Pen, full: bool) -> None:
    pen.line([(0.5, 1.0), (0.45, 0.55), (0.3, 0.35)], LEAF, 0.03)
    pen.line([(0.45, 0.6), (0.75, 0.4)], LEAF, 0.03)
    for x, y, r in ((0.3, 0.33, 0.16), (0.75, 0.38, 0.14), (0.55, 0.2, 0.12)):
        pen.flower(x, y, r, CHRYS, (200, 130, 20), petals=10)


def _maple(pen: Pen, full: bool) -> None:
    pen.line([(0.0, 0.2), (0.5, 0.35), (0.95, 0.3)], BROWN, 0.025)
    leaves: tuple[tuple[float, float, float], ...] = ((0.25, 0.35, 0.12), (0.55, 0.42, 0.14), (0.82, 0.3, 0.11),
                                                      (0.4, 0.18, 0.1))
    if full:
        pen.line([(0.1, 0.95), (0.45, 0.7), (0.9, 0.62)], BROWN, 0.025)
        leaves += ((0.3, 0.72, 0.13), (0.62, 0.66, 0.12), (0.85, 0.78, 0.12), (0.15, 0.58, 0.1))
    for x, y, r in leaves:
        pts: list[Pt] = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a) * pen.w / pen.h))
        pen.poly(pts, MAPLE)


def _paulownia(pen: Pen, full: bool, tint: RGB = BLACK) -> None:
    for x, y in ((0.25, 0.8), (0.75, 0.78), (0.5, 0.68)):
        pen.ellipse(x, y, 0.2, 0.09, tint)
        pen.line([(x, y - 0.07), (x, y + 0.07)], GROUND, 0.01)
    pen.line([(0.5, 0.6), (0.5, 0.2)], (120, 90, 60), 0.025)
    for k in range(5):
        pen.circle(0.5 + (0.06 if k % 2 else -0.06), 0.22 + 0.08 * k, 0.04, (140, 100, 170))


def _willow(pen: Pen, full: bool) -> None:
    for x in (0.55, 0.7, 0.85, 0.98):
        pen.line([(x, 0.0), (x - 0.08, 0.3), (x - 0.05, 0.65)], WILLOW, 0.02)
        for k in range(5):
            pen.ellipse(x - 0.06 - 0.005 * k, 0.1 + 0.11 * k, 0.02, 0.03, WILLOW)
    for k in range(9):
        x = 0.05 + 0.11 * k
        pen.line([(x, 0.05 + 0.08 * (k % 3)), (x - 0.05, 0.25 + 0.08 * (k % 3))], GREY, 0.008)


MOTIFS = {1: _pine, 2: _plum, 3: _cherry, 4: _wisteria, 5: _iris, 6: _peony, 7: _clover, 8: _pampas,
          9: _chrys, 10: _maple, 11: _paulownia, 12: _willow}


# --- type overlays --------------------------------------------------------------------------

def _bright_badge(pen: Pen) -> None:
    pen.circle(0.78, 0.12, 0.16, SUN, (255, 255, 255))
    cx, cy = pen.p(0.78, 0.12)
    size = int(pen.s(0.2))
    tx.draw_text(pen.draw, (cx, cy - size * 0.62), "光", size, (255, 255, 255), bold=True, align="center")


def _ribbon(pen: Pen, color: RGB, writing: bool, grey: bool = False) -> None:
    pts = [(0.36, 0.3), (0.62, 0.3), (0.58, 0.82), (0.64, 0.9), (0.34, 0.9), (0.4, 0.82)]
    pen.poly(pts, color, OUTLINE)
    if writing:
        for k in range(3):
            y = 0.4 + 0.12 * k
            pen.line([(0.47, y), (0.52, y + 0.06)], BLACK, 0.025)
    if grey:
        pen.rect(0.43, 0.3, 0.53, 0.82, GREY)


def _crane(pen: Pen) -> None:
    pen.circle(0.4, 0.22, 0.2, SUN)
    pen.ellipse(0.5, 0.72, 0.22, 0.1, (255, 255, 255))
    pen.poly([(0.3, 0.7), (0.12, 0.62), (0.3, 0.76)], BLACK)
    pen.line([(0.62, 0.7), (0.68, 0.5), (0.62, 0.42)], BLACK, 0.03)
    pen.circle(0.62, 0.41, 0.035, SUN)
    pen.line([(0.45, 0.8), (0.43, 0.95)], BLACK, 0.015)
    pen.line([(0.55, 0.8), (0.57, 0.95)], BLACK, 0.015)


def _bird(pen: Pen, x: float, y: float, body: RGB, wing: RGB, scale: float = 1.0, beak: RGB = (230, 160, 40)) -> None:
    pen.ellipse(x, y, 0.14 * scale, 0.055 * scale, body)
    pen.circle(x + 0.12 * scale, y - 0.03 * scale, 0.06 * scale, body)
    pen.poly([(x + 0.17 * scale, y - 0.04 * scale), (x + 0.25 * scale, y - 0.02 * scale),
              (x + 0.17 * scale, y - 0.01 * scale)], beak)
    pen.poly([(x - 0.05 * scale, y - 0.02 * scale), (x + 0.05 * scale, y - 0.02 * scale),
              (x - 0.08 * scale, y - 0.14 * scale)], wing)
    pen.poly([(x - 0.12 * scale, y), (x - 0.25 * scale, y - 0.04 * scale), (x - 0.22 * scale, y + 0.04 * scale)], wing)
    pen.circle(x + 0.14 * scale, y - 0.04 * scale, 0.012 * scale, BLACK)


def _cuckoo(pen: Pen) -> None:
    pen.circle(0.3, 0.3, 0.16, (240, 190, 40))
    pen.circle(0.36, 0.27, 0.14, GROUND)
    _bird(pen, 0.55, 0.55, (70, 60, 60), (40, 30, 30))


def _geese(pen: Pen) -> None:
    for x, y in ((0.25, 0.2), (0.5, 0.28), (0.75, 0.36)):
        _bird(pen, x, y, BLACK, BLACK, 0.55, beak=BLACK)


def _curtain(pen: Pen) -> None:
    for k in range(6):
        pen.rect(k / 6, 0.55, (k + 1) / 6, 1.0, SUN if k % 2 == 0 else (255, 255, 255))
    pen.line([(0, 0.56), (1, 0.56)], BLACK, 0.02)


def _butterflies(pen: Pen) -> None:
    for x, y, c in ((0.3, 0.2, (60, 110, 200)), (0.72, 0.62, (240, 200, 40))):
        pen.poly([(x, y), (x - 0.12, y - 0.08), (x - 0.1, y + 0.06)], c, OUTLINE)
        pen.poly([(x, y), (x + 0.12, y - 0.08), (x + 0.1, y + 0.06)], c, OUTLINE)
        pen.line([(x, y - 0.04), (x, y + 0.05)], BLACK, 0.015)


def _boar(pen: Pen) -> None:
    pen.ellipse(0.48, 0.6, 0.3, 0.12, BROWN)
    pen.poly([(0.72, 0.52), (0.92, 0.6), (0.72, 0.7)], BROWN)
    pen.circle(0.8, 0.57, 0.015, BLACK)
    pen.line([(0.86, 0.63), (0.82, 0.58)], (255, 255, 255), 0.015)
    for x in (0.3, 0.4, 0.58, 0.66):
        pen.line([(x, 0.68), (x, 0.8)], BROWN, 0.04)
    pen.poly([(0.5, 0.48), (0.56, 0.42), (0.6, 0.49)], (90, 50, 20))


def _deer(pen: Pen) -> None:
    pen.ellipse(0.45, 0.66, 0.22, 0.08, (176, 110, 50))
    pen.line([(0.62, 0.62), (0.7, 0.45)], (176, 110, 50), 0.06)
    pen.ellipse(0.74, 0.44, 0.07, 0.03, (176, 110, 50))
    pen.line([(0.68, 0.42), (0.62, 0.3), (0.56, 0.27)], BROWN, 0.015)
    pen.line([(0.64, 0.34), (0.7, 0.28)], BROWN, 0.015)
    for x in (0.3, 0.36, 0.54, 0.6):
        pen.line([(x, 0.7), (x, 0.86)], (176, 110, 50), 0.025)
    for x, y in ((0.4, 0.64), (0.5, 0.66), (0.45, 0.6)):
        pen.circle(x, y, 0.015, (250, 240, 220))


def _bridge(pen: Pen) -> None:
    pts: list[Pt] = [(0.05, 0.62), (0.5, 0.72), (0.2, 0.84), (0.95, 0.95)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        pen.poly([(x0, y0), (x1, y1), (x1, y1 + 0.05), (x0, y0 + 0.05)], (130, 84, 40), OUTLINE)


def _cup(pen: Pen) -> None:
    pen.poly([(0.28, 0.58), (0.72, 0.58), (0.6, 0.74), (0.4, 0.74)], SUN, OUTLINE)
    pen.rect(0.44, 0.74, 0.56, 0.8, SUN)
    pen.ellipse(0.5, 0.58, 0.22, 0.03, (150, 20, 30))
    cx, cy = pen.p(0.5, 0.64)
    size = int(pen.s(0.12))
    tx.draw_text(pen.draw, (cx, cy - size * 0.7), "壽", size, (240, 200, 60), bold=True, align="center")


def _phoenix(pen: Pen) -> None:
    pen.poly([(0.2, 0.55), (0.45, 0.3), (0.55, 0.45)], SUN)
    pen.poly([(0.45, 0.35), (0.9, 0.15), (0.7, 0.45)], (40, 150, 80))
    pen.poly([(0.45, 0.4), (0.95, 0.4), (0.6, 0.55)], CHRYS)
    pen.circle(0.24, 0.5, 0.06, SUN)
    pen.circle(0.22, 0.49, 0.015, BLACK)


def _rain_man(pen: Pen) -> None:
    pen.poly([(0.04, 0.5), (0.36, 0.28), (0.7, 0.5)], SUN, OUTLINE)
    for x in (0.2, 0.36, 0.52):
        pen.line([(0.36, 0.29), (x, 0.5)], (120, 20, 30), 0.008)
    pen.line([(0.36, 0.3), (0.4, 0.62)], BROWN, 0.018)
    pen.poly([(0.32, 0.55), (0.58, 0.55), (0.64, 0.86), (0.3, 0.86)], (245, 245, 245), OUTLINE)
    pen.circle(0.46, 0.5, 0.07, (240, 210, 170), OUTLINE)
    pen.rect(0.38, 0.42, 0.54, 0.46, BLACK)
    pen.line([(0.38, 0.86), (0.35, 0.95)], BLACK, 0.04)
    pen.line([(0.54, 0.86), (0.58, 0.95)], BLACK, 0.04)
    pen.ellipse(0.82, 0.92, 0.09, 0.04, (90, 150, 60))
    pen.circle(0.77, 0.89, 0.015, BLACK)


def _swallow(pen: Pen) -> None:
    pen.poly([(0.2, 0.45), (0.55, 0.55), (0.85, 0.42), (0.55, 0.62)], BLACK)
    pen.poly([(0.5, 0.58), (0.3, 0.85), (0.58, 0.62)], BLACK)
    pen.circle(0.55, 0.57, 0.04, RIBBON_RED)


def _drum(pen: Pen) -> None:
    pen.rect(0.0, 0.62, 1.0, 0.86, RIBBON_RED)
    for k in range(5):
        x = 0.1 + 0.2 * k
        pen.circle(x, 0.74, 0.07, BLACK)
        pen.circle(x, 0.74, 0.03, RIBBON_RED)


def _double_badge(pen: Pen, label: str = "2") -> None:
    pen.circle(0.8, 0.88, 0.13, BLACK)
    cx, cy = pen.p(0.8, 0.88)
    size = int(pen.s(0.2))
    tx.draw_text(pen.draw, (cx, cy - size * 0.62), label, size, (255, 255, 255), bold=True, align="center")


def _split_badge(pen: Pen, label: str) -> None:
    size = int(pen.s(0.16))
    wide = tx.width(label, size, True) + pen.s(0.08)
    x1, y1 = pen.s(0.97), pen.h - pen.s(0.05)
    pen.draw.rounded_rectangle((x1 - wide, y1 - size * 1.3, x1, y1), radius=int(pen.s(0.05)), fill=BLACK)
    tx.draw_text(pen.draw, (x1 - wide / 2, y1 - size * 1.25), label, size, (255, 255, 255), bold=True, align="center")


#: the corner index's month and type letter, as shares of the card's width: on a table card they read at a
#: phone's 360 px (``index_size``)
INDEX_MONTH, INDEX_TAG = 0.4, 0.38


def index_size(w: int) -> tuple[float, float]:
    """The font sizes, in the card's own pixels, of the month and the type letter in the corner of a card
    ``w`` wide."""
    return INDEX_MONTH * w, INDEX_TAG * w


def _index(pen: Pen, month: str, tag: str) -> None:
    size = int(pen.s(INDEX_MONTH))
    small = int(pen.s(INDEX_TAG))
    wide = max(tx.width(month, size, True), tx.width(tag, small, True)) + pen.s(0.08)
    height = size * 1.1 + small * 1.1
    pen.draw.rounded_rectangle((pen.s(0.03), pen.s(0.03), pen.s(0.03) + wide, pen.s(0.03) + height),
                               radius=int(pen.s(0.05)), fill=(255, 255, 255, 235), outline=OUTLINE, width=SS)
    x = pen.s(0.03) + wide / 2
    tx.draw_text(pen.draw, (x, pen.s(0.04)), month, size, (20, 20, 20), bold=True, align="center")
    tx.draw_text(pen.draw, (x, pen.s(0.04) + size * 1.05), tag, small, (150, 20, 30), bold=True, align="center")


def _parse(card_id: str) -> tuple[int, str]:
    if card_id.startswith("joker"):
        return 0, card_id
    month, _, kind = card_id.partition("-")
    return int(month[1:]), kind


def _tag(kind: str, lang: str) -> str:
    for word in ("bright", "animal", "ribbon", "junk", "joker"):
        if kind.startswith(word):
            return t(lang, f"rendering.hwatu.tag.{word}")
    return "?"


def _draw_face(pen: Pen, month: int, kind: str, lang: str) -> None:
    full = kind in ("junk1", "junk2")
    if month == 8:
        _pampas(pen, full, sky=(255, 255, 255) if kind == "junk2" else SUN)
    elif month == 11 and kind == "junk-double":
        _paulownia(pen, full, tint=(200, 60, 40))
    elif not (month == 1 and kind == "bright"):
        MOTIFS[month](pen, full)
    else:
        _pine(pen, False)
    if kind == "bright":
        {1: _crane, 3: _curtain, 8: lambda p: p.circle(0.5, 0.3, 0.3, MOON), 11: _phoenix, 12: _rain_man}[month](pen)
        _bright_badge(pen)
    elif kind == "ribbon":
        if month in (1, 2, 3):
            _ribbon(pen, RIBBON_RED, True)
        elif month in (6, 9, 10):
            _ribbon(pen, RIBBON_BLUE, False)
        elif month == 12:
            _ribbon(pen, RIBBON_RED, False, grey=True)
        else:
            _ribbon(pen, RIBBON_RED, False)
    elif kind == "animal":
        animals = {
            2: lambda p: _bird(p, 0.55, 0.5, (150, 160, 50), (110, 120, 30)),
            4: _cuckoo,
            5: _bridge,
            6: _butterflies,
            7: _boar,
            8: _geese,
            9: _cup,
            10: _deer,
            12: _swallow,
        }
        animals[month](pen)
        if month == 9:
            _split_badge(pen, t(lang, "rendering.hwatu.cup_badge"))
    elif kind == "junk-double":
        if month == 12:
            _drum(pen)
        _double_badge(pen)


@kept
def card_face(card_id: str, w: int = 64, h: int = 104, lang: str = "en") -> Image.Image:
    """The face of hwatu card ``card_id`` (``m08-bright``, ``joker-3``) as an RGBA sprite."""
    with tx.language(lang):  # kept per language: its words and its Han forms
        return _card_face(card_id, w, h, lang)


def _card_face(card_id: str, w: int, h: int, lang: str) -> Image.Image:
    month, kind = _parse(card_id)
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    r = 6 * SS
    if month == 0:
        draw.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=r, fill=(212, 170, 40), outline=OUTLINE,
                               width=2 * SS)
        draw.rounded_rectangle((4 * SS, 4 * SS, w * SS - 4 * SS, h * SS - 4 * SS), radius=r, fill=(255, 255, 255))
        value = kind.split("-")[1]
        big = int(w * SS * 0.42)
        tx.draw_text(draw, (w * SS / 2, h * SS * 0.5), "+" + digits(lang, value), big, (150, 20, 30), bold=True, align="center")
        word = t(lang, f"rendering.hwatu.joker{value}")
        tx.draw_text(draw, (w * SS / 2, h * SS * 0.8), word, int(w * SS * 0.17), (20, 20, 20), bold=True,
                     align="center", max_width=w * SS * 0.9)
        pen = Pen(img)
        _index(pen, "★", t(lang, "rendering.hwatu.tag.joker"))
        return img.resize((w, h), Image.Resampling.LANCZOS)
    draw.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=r, fill=GROUND)
    face = Image.new("RGBA", img.size, (0, 0, 0, 0))
    pen = Pen(face, mirror=kind == "junk2")
    _draw_face(pen, month, kind, lang)
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=r, fill=255)
    img.paste(face, (0, 0), Image.composite(face.getchannel("A"), mask, mask))
    _index(Pen(img), digits(lang, str(month)), _tag(kind, lang))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=r, outline=OUTLINE, width=2 * SS)
    return img.resize((w, h), Image.Resampling.LANCZOS)


@kept
def card_back(w: int = 64, h: int = 104) -> Image.Image:
    """Solid deep red with a darker inset (R1.7)."""
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=6 * SS, fill=BACK_RED, outline=OUTLINE,
                           width=2 * SS)
    m = 7 * SS
    draw.rounded_rectangle((m, m, w * SS - m, h * SS - m), radius=3 * SS, fill=(130, 10, 32))
    draw.rounded_rectangle((m + 3 * SS, m + 3 * SS, w * SS - m - 3 * SS, h * SS - m - 3 * SS), radius=3 * SS,
                           outline=(200, 60, 80), width=SS)
    return img.resize((w, h), Image.Resampling.LANCZOS)


def all_ids() -> list[str]:
    """Every card id of the 50-card deck, in the rules table order."""
    return list(IDS)
