"""Shared drawing helpers: palette, canvas, panels, badges, PNG encoding."""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import has, language_of, t

from . import png
from . import text as tx

Color = tuple[int, int, int] | tuple[int, int, int, int] | str

#: Okabe-Ito, safe for the common colour-vision deficiencies; team 0 blue, team 1 orange, ...
TEAM_COLORS: tuple[str, ...] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
FELT = "#1F5B3F"
FELT_DARK = "#17452F"
WOOD = "#6B4A2B"
PANEL = "#F4F1EA"
PANEL_EDGE = "#3A3A3A"
INK = "#1A1A1A"
MUTED = "#5F5F5F"
GOLD = "#FFC107"
WHITE = "#FFFFFF"
RED = "#C8202F"

#: smallest font size used anywhere (phones: text at least 18 px high).
MIN_TEXT = 20
SMALL = 20
BODY = 22
LARGE = 26
TITLE = 32


#: a phone shows a picture about this wide (CSS pixels)
PHONE_WIDTH = 360
#: the smallest font size, in phone pixels, of a figure a player decides by (whose turn, the play, counts,
#: scores, pile headers): a DejaVu capital of about 7 px
PHONE_TEXT = 9


def key_size(image_width: int) -> int:
    """The font size of a figure a player decides by on a picture ``image_width`` wide: ``PHONE_TEXT`` px
    when the picture is shown ``PHONE_WIDTH`` wide."""
    return math.ceil(PHONE_TEXT * image_width / PHONE_WIDTH)


RTL_LANGUAGES = frozenset({"fa"})


def para(lang: str) -> bool | None:
    """Paragraph direction for a catalog sentence in ``lang``: right-to-left for Persian, else
    taken from the text (so an English sentence stays left-to-right around a Persian name)."""
    return True if language_of(lang) in RTL_LANGUAGES else None


#: the side of the squares a ``Sketch`` notes as drawn in
TILE = 16


class Backdrop:
    """A cached background picture, drawn on as copies (never itself), with its palette indices quantized
    once, the first time a picture on it needs them: the encoder takes every square nothing was drawn
    in from them (see ``Sketch``). They cost a byte a pixel (1.1 MB for a 1280 x 880 table)."""

    def __init__(self, img: Image.Image) -> None:
        self.image = img

    @cached_property
    def rows(self) -> Image.Image:
        """The background's palette indices, as the PNG stores them (``png.rows``)."""
        return png.rows(png.quantize(self.image))

    def sketch(self, noted: bool = True) -> tuple[Image.Image, Sketch]:
        """A copy of the background and the draw handle to draw on it with; ``noted=False`` for a picture
        drawn nearly all over, which is quantized whole anyway (noting each box would cost for nothing)."""
        img = self.image.copy()
        return img, Sketch(img, self if noted else None, tx.texts_of(self.image))


class _Drawn:
    """The boxes a ``Sketch`` drew in, kept in its image's ``info`` (with only a weak reference back,
    so a copy of the image, drawn on by other means, is never encoded from it)."""

    def __init__(self, img: Image.Image, backdrop: Backdrop) -> None:
        self.image = weakref.ref(img)
        self.backdrop = backdrop
        self.drawn: list[tuple[float, float, float, float]] = []
        self.area = 0.0  # the boxes' areas added up (overlaps counted twice)

    def note(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Note the box ``x0 <= x < x1``, ``y0 <= y < y1``."""
        self.drawn.append((x0, y0, x1, y1))
        self.area += (x1 - x0) * (y1 - y0)

    def boxes(self) -> list[tuple[int, int, int, int]]:
        """The noted boxes as few pixel boxes of whole squares: runs along each row of squares, a run that
        repeats on the next rows grown down over them."""
        width, height = self.backdrop.image.size
        columns, rows = math.ceil(width / TILE), math.ceil(height / TILE)
        tiles = bytearray(columns * rows)
        for x0, y0, x1, y1 in self.drawn:
            c0, c1 = max(0, math.floor(x0) // TILE), min(columns - 1, (math.ceil(x1) - 1) // TILE)
            r0, r1 = max(0, math.floor(y0) // TILE), min(rows - 1, (math.ceil(y1) - 1) // TILE)
            if c0 <= c1:
                ones = b"\1" * (c1 - c0 + 1)
                for r in range(r0, r1 + 1):
                    tiles[r * columns + c0:r * columns + c1 + 1] = ones
        found: list[tuple[int, int, int, int]] = []
        open_runs: dict[tuple[int, int], int] = {}  # (first, end) column -> first row
        for r in range(rows + 1):
            runs: set[tuple[int, int]] = set()
            if r < rows:
                row = tiles[r * columns:(r + 1) * columns]
                start = row.find(1)
                while start >= 0:
                    end = row.find(0, start)
                    end = columns if end < 0 else end
                    runs.add((start, end))
                    start = row.find(1, end)
            for run in [run for run in open_runs if run not in runs]:
                top = open_runs.pop(run)
                found.append((run[0] * TILE, top * TILE, min(run[1] * TILE, width), min(r * TILE, height)))
            for run in runs:
                open_runs.setdefault(run, r)
        return found

    def encode(self, img: Image.Image) -> bytes:
        """``png.encode(img)``, quantizing only the drawn squares (the same bytes: each pixel is quantized on
        its own)."""
        if self.area > 0.7 * img.width * img.height:  # mostly drawn: one pass over the whole is cheaper
            return png.encode(img)
        boxes = self.boxes()
        covered = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) / (img.width * img.height)
        if covered + 0.01 * len(boxes) > 0.8:  # each box costs about what 1% of the picture does
            return png.encode(img)
        stored = self.backdrop.rows.copy()
        for x0, y0, x1, y1 in boxes:
            stored.paste(png.quantize(img.crop((x0, y0, x1, y1))), (x0 + 1, y0))  # after the filter column
        return png.write_rows(stored)


_DRAWN = "teahouse.drawn"


class Sketch(ImageDraw.ImageDraw):
    """The draw handle of every picture: an ``ImageDraw`` that also pastes sprites (``paste``) and, on a
    copy of a ``Backdrop``, notes the squares it draws in, so ``to_png`` quantizes only those (a table
    changes a quarter of its area per move). Everything drawn on such a copy goes through this handle."""

    def __init__(self, img: Image.Image, backdrop: Backdrop | None = None,
                 texts: Sequence[tx.Drawn] = ()) -> None:
        super().__init__(img)
        self.image = img
        #: every text drawn through this handle, the background's first (``text.texts_of``)
        self.texts: list[tx.Drawn] = list(texts)
        img.info[tx.TEXTS] = self.texts
        self.drawn = _Drawn(img, backdrop) if backdrop is not None else None
        if self.drawn is not None:
            img.info[_DRAWN] = self.drawn

    def _note_xy(self, xy: Any, pad: float) -> None:
        if self.drawn is None:
            return
        xs: Sequence[float]
        ys: Sequence[float]
        if len(xy) == 4 and not isinstance(xy[0], (tuple, list)):  # (x0, y0, x1, y1): most shapes
            xs, ys = (xy[0], xy[2]), (xy[1], xy[3])
        else:
            flat = [v for point in xy for v in (point if isinstance(point, (tuple, list)) else (point,))]
            xs, ys = flat[0::2], flat[1::2]
        self.drawn.note(min(xs) - pad, min(ys) - pad, max(xs) + 1 + pad, max(ys) + 1 + pad)

    def paste(self, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """Paste a sprite at ``xy`` (its top-left corner): an RGBA one with its alpha, another as it is."""
        if self.drawn is not None:
            self.drawn.note(xy[0], xy[1], xy[0] + sprite.width, xy[1] + sprite.height)
        self.image.paste(sprite, xy, sprite if sprite.mode == "RGBA" else None)

    def bitmap(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        bitmap = args[0] if args else kwargs["bitmap"]
        if self.drawn is not None:
            self.drawn.note(xy[0], xy[1], xy[0] + bitmap.width, xy[1] + bitmap.height)
        super().bitmap(xy, *args, **kwargs)

    def rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().rectangle(xy, *args, **kwargs)

    def rounded_rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().rounded_rectangle(xy, *args, **kwargs)

    def ellipse(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().ellipse(xy, *args, **kwargs)

    def line(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        width = kwargs.get("width", args[1] if len(args) > 1 else 0)
        self._note_xy(xy, (width or 0) + 2)
        super().line(xy, *args, **kwargs)

    def polygon(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        width = kwargs.get("width", args[2] if len(args) > 2 else 1)
        self._note_xy(xy, (width or 0) + 2)
        super().polygon(xy, *args, **kwargs)

    # Not used by the pictures today; noted generously so that using them stays correct.
    def arc(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().arc(xy, *args, **kwargs)

    def chord(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().chord(xy, *args, **kwargs)

    def pieslice(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().pieslice(xy, *args, **kwargs)

    def point(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._note_xy(xy, 1)
        super().point(xy, *args, **kwargs)

    def text(self, *args: Any, **kwargs: Any) -> None:
        if self.drawn is not None:
            self.drawn.note(0, 0, self.image.width, self.image.height)
        super().text(*args, **kwargs)


def canvas(width: int, height: int, color: Color = FELT) -> tuple[Image.Image, Sketch]:
    """A new RGB image and its draw handle."""
    img = Image.new("RGB", (width, height), color)
    return img, Sketch(img)


def to_png(img: Image.Image) -> bytes:
    """PNG bytes of a drawn image (a fixed-palette PNG: see ``png.py``); a copy of a ``Backdrop`` drawn
    through its ``Sketch`` quantizes only the squares drawn in."""
    drawn = img.info.get(_DRAWN)
    if isinstance(drawn, _Drawn) and drawn.image() is img:
        return drawn.encode(img)
    return png.encode(img)


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: Color = PANEL,
    outline: Color = PANEL_EDGE,
    width: int = 2,
    radius: int = 10,
) -> None:
    """A rounded box."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def pill(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    label: str,
    fill: Color,
    ink: Color = WHITE,
    size: int = SMALL,
    align: str = "left",
    bold: bool = True,
    max_width: float | None = None,
    rtl: bool | None = None,
    name: bool = False,
    role: str = "",
) -> int:
    """A small rounded tag with ``label``; returns its width. ``x`` is its left or right edge. A label too
    wide for ``max_width`` is drawn smaller (``text.prepare``; only a ``name`` is shortened)."""
    room = max_width - 16 if max_width is not None else None
    shown, drawn_size, drawn_bold = tx.prepare(label, size, bold, draw.im.size[0], room, rtl, name)
    w = int(tx.width(shown, drawn_size, drawn_bold)) + 16
    full = tx.legible(size, bold, draw.im.size[0])[0]
    h = tx.line_height(full) + 4
    left = x - w if align == "right" else x
    draw.rounded_rectangle((left, y, left + w, y + h), radius=h // 2, fill=fill)
    tx.draw_text(draw, (left + 8, y + 2 + (tx.line_height(full) - tx.line_height(drawn_size)) / 2), label, size,
                 ink, bold=bold, rtl=rtl, max_width=room, name=name, role=role)
    return w


def seat_name(names: Sequence[str], seat: int, lang: str) -> str:
    """The player's display name, or "Seat N" when none is given or nothing of it can be drawn."""
    name = names[seat] if 0 <= seat < len(names) else None
    if isinstance(name, str) and tx.clean(name):
        return name
    return t(lang, "rendering.seat", n=seat + 1)


def team_color(team: int | None) -> str:
    """The colour for team ``team`` (grey when the game has no teams)."""
    if team is None:
        return "#7F7F7F"
    return TEAM_COLORS[team % len(TEAM_COLORS)]


def ordinal(lang: str, place: int) -> str:
    """"1st", "2nd", ... from the catalog: spelled out as far as the catalog has words (up to 8th, the
    most seats a game has), so "اول" never stands beside "4م"."""
    key = f"rendering.place.{place}"
    return t(lang, key if has(key) else "rendering.place.n", n=place)


def glow(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], color: Color = GOLD, width: int = 4,
         radius: int = 8) -> None:
    """A highlight ring around ``box``."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - width, y0 - width, x1 + width, y1 + width), radius=radius + width,
                           outline=color, width=width)
