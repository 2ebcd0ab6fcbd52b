"""The PNG writer: valid files that decode to exactly the drawn pixels."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from rendering.common import to_png


def test_png_writer_round_trips_the_pixels() -> None:
    img = Image.new("RGB", (333, 77), "#1F5B3F")
    draw = ImageDraw.Draw(img)
    draw.ellipse((10, 5, 200, 70), fill="#E69F00", outline="#0072B2", width=3)
    draw.line((0, 76, 332, 0), fill=(255, 255, 255), width=2)
    decoded = Image.open(io.BytesIO(to_png(img)))
    decoded.load()
    assert decoded.format == "PNG" and decoded.mode == "RGB" and decoded.size == (333, 77)
    assert ImageChops.difference(decoded, img).getbbox() is None


def test_png_writer_converts_other_modes() -> None:
    rgba = Image.new("RGBA", (20, 10), (10, 20, 30, 255))
    decoded = Image.open(io.BytesIO(to_png(rgba)))
    assert decoded.convert("RGB").getpixel((5, 5)) == (10, 20, 30)
