"""Shared drawing helpers: palette, canvas, panels, badges, PNG encoding."""

from __future__ import annotations

from collections.abc import Sequence

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


RTL_LANGUAGES = frozenset({"fa"})


def para(lang: str) -> bool | None:
    """Paragraph direction for a catalog sentence in ``lang``: right-to-left for Persian, else
    taken from the text (so an English sentence stays left-to-right around a Persian name)."""
    return True if language_of(lang) in RTL_LANGUAGES else None


def canvas(width: int, height: int, color: Color = FELT) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new RGB image and its draw handle."""
    img = Image.new("RGB", (width, height), color)
    return img, ImageDraw.Draw(img)


def to_png(img: Image.Image) -> bytes:
    """PNG bytes of a drawn image (a fixed-palette PNG: see ``png.py``)."""
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
) -> int:
    """A small rounded tag with ``label``; returns its width. ``x`` is its left or right edge."""
    size, bold = tx.legible(size, bold, draw.im.size[0])  # as draw_text will draw it, so the tag fits
    shown = tx.fit(label, size, max_width - 16, bold, rtl) if max_width is not None else tx.clean(label)
    w = int(tx.width(shown, size, bold)) + 16
    h = tx.line_height(size) + 4
    left = x - w if align == "right" else x
    draw.rounded_rectangle((left, y, left + w, y + h), radius=h // 2, fill=fill)
    tx.draw_text(draw, (left + 8, y + 2), shown, size, ink, bold=bold, rtl=rtl)
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


def shadow_paste(base: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a sprite (RGBA) with its alpha."""
    base.paste(sprite, xy, sprite)


def glow(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], color: Color = GOLD, width: int = 4,
         radius: int = 8) -> None:
    """A highlight ring around ``box``."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - width, y0 - width, x1 + width, y1 + width), radius=radius + width,
                           outline=color, width=width)
