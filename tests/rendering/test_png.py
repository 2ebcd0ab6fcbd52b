"""The PNG writer: valid palette files that decode to the drawn pixels within a few levels."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from rendering import png
from rendering.common import FELT, GOLD, TEAM_COLORS, to_png


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_png_writer_writes_a_palette_png_close_to_the_drawn_pixels() -> None:
    img = Image.new("RGB", (333, 77), FELT)
    draw = ImageDraw.Draw(img)
    draw.ellipse((10, 5, 200, 70), fill=TEAM_COLORS[1], outline=TEAM_COLORS[0], width=3)
    draw.line((0, 76, 332, 0), fill=(255, 255, 255), width=2)
    decoded = _decode(to_png(img))
    assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == (333, 77)
    diff = ImageChops.difference(decoded.convert("RGB"), img)
    extrema = diff.getextrema()
    assert all(isinstance(band, tuple) and band[1] <= 8 for band in extrema)  # theme colours are in the palette


def test_theme_colours_survive_the_palette() -> None:
    for code in (FELT, GOLD, *TEAM_COLORS):
        rgb = png._rgb(code)
        decoded = _decode(to_png(Image.new("RGB", (4, 4), rgb))).convert("RGB")
        got = decoded.getpixel((1, 1))
        assert isinstance(got, tuple) and max(abs(a - b) for a, b in zip(got, rgb, strict=True)) <= 6, code


def test_png_writer_converts_other_modes_and_is_deterministic() -> None:
    rgba = Image.new("RGBA", (20, 10), (31, 91, 63, 255))
    assert _decode(to_png(rgba)).size == (20, 10)
    assert to_png(rgba) == to_png(rgba.copy())


def test_every_colour_the_renderer_paints_is_in_the_palette_theme() -> None:
    source = Path(png.__file__).parent
    used = set()
    for path in source.glob("*.py"):
        if path.name != "png.py":
            used |= {code.upper() for code in re.findall(r'"(#[0-9A-Fa-f]{6})"', path.read_text(encoding="utf-8"))}
    assert sorted(used - {code.upper() for code in png.THEME}) == []


def test_the_stored_palette_is_what_the_art_gives() -> None:
    # after changing the art, THEME or INKS: `python -m rendering.png` prints the value for png.PALETTE
    assert png.build_palette() == png.PALETTE
    assert len(png.PALETTE) == 768
