"""PNG encoding: images are reduced to one fixed 256-colour palette and written as 8-bit palette PNGs.

Deflating 3 bytes per pixel was most of the time a table image took. Our images are flat theme
colours, anti-aliased text and a fixed set of card sprites, so one palette (every theme colour
exactly, plus colours chosen from a sheet of all sprites and text ramps) looks the same, takes a
third of the bytes and a third of the time. The palette is built once per process from fixed art,
so the same image always gives the same bytes.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache

from PIL import Image, ImageDraw

from . import text as tx

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: every flat colour the renderer paints (panels, pills, felt, team colours): kept exactly.
THEME = (
    "#000000", "#FFFFFF", "#A8B8C8", "#E8DCC8", "#2B2118", "#4F6272", "#E8F0E8", "#C8202F", "#B8860B", "#5B3FA0",
    "#444444", "#F4EBDD", "#DDDDDD", "#D55E00", "#B3122E", "#8B5A00", "#8B0000", "#6E6E6E", "#6B4A2B",
    "#56B4E9", "#2B3B49", "#22303C", "#15202A", "#0072B2", "#FFF4C2", "#FFC107", "#F4F1EA", "#F2C230",
    "#F2A7BB", "#E69F00", "#E4E4E4", "#D9482B", "#D4A017", "#D2283C", "#D0313D", "#CC79A7", "#C8343C",
    "#BBBBBB", "#B87333", "#A8A9AD", "#A0703C", "#A0522D", "#8A5A2B", "#7FA892", "#7F7F7F", "#7A4A22",
    "#6E8B3D", "#5F5F5F", "#555555", "#4B2E5C", "#3C8C4A", "#3C8060", "#3A3A3A", "#2F6B3A", "#2C6A4C",
    "#2A6E4E", "#245E43", "#224EAA", "#1F5B3F", "#1B1B1B", "#1A1A1A", "#17452F", "#009E73", "#9A9A9A",
    # the grounds of the card and piece sprites (french, hwatu, pieces)
    "#FDFCF8", "#FBF7EE", "#204A87", "#EBCB8B", "#B07D3E", "#CDBED7",
)
#: text colours drawn on the theme colours in the palette sheet (their blends are the text edges).
INKS = ("#FFFFFF", "#1A1A1A", "#FFC107", "#5F5F5F", "#E8DCC8", "#8B5A00", "#A8B8C8", "#C8202F")


def _rgb(code: str) -> tuple[int, int, int]:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def _sheet() -> Image.Image:
    """Every sprite once and every ink on every theme colour: what the palette must cover."""
    from bot.games.core.cards import Card

    from . import french, hwatu, pieces

    sprites: list[Image.Image] = [hwatu.card_face(card) for card in hwatu.all_ids()]
    sprites += [hwatu.card_back(), french.card_back(), pieces.piece(None)]
    sprites += [french.card_face(card) for card in french.all_faces()]
    sprites += [french.card_face(Card(rank)) for rank in range(3, 16)]
    sprites += [pieces.piece(pid, tint=tint) for pid in pieces.all_ids() for tint in (False, True)]
    cell_w, cell_h = 90, 160
    per_row = 16
    rows = (len(sprites) + per_row - 1) // per_row
    swatch_w, swatch_h = 72, 34
    swatches = len(THEME) * len(INKS)
    swatch_rows = (swatches + per_row - 1) // per_row
    sheet = Image.new("RGB", (per_row * max(cell_w, swatch_w), rows * cell_h + swatch_rows * swatch_h), THEME[0])
    draw = ImageDraw.Draw(sheet)
    for i, sprite in enumerate(sprites):
        row, col = divmod(i, per_row)
        x, y = col * cell_w, row * cell_h
        draw.rectangle((x, y, x + cell_w - 1, y + cell_h - 1), fill=THEME[(i * 7) % len(THEME)])
        sheet.paste(sprite, (x + 2, y + 2), sprite if sprite.mode == "RGBA" else None)
    top = rows * cell_h
    for k in range(swatches):
        row, col = divmod(k, per_row)
        ground, ink = THEME[k // len(INKS)], INKS[k % len(INKS)]
        x, y = col * swatch_w, top + row * swatch_h
        draw.rectangle((x, y, x + swatch_w - 1, y + swatch_h - 1), fill=ground)
        tx.draw_text(draw, (x + 4, y + 4), "Ag8ش", 20, ink, bold=k % 2 == 0)
    return sheet


@cache
def palette() -> Image.Image:
    """The fixed palette image: the theme colours exactly, then the sheet's most useful colours."""
    exact = [_rgb(code) for code in dict.fromkeys(THEME)]
    chosen = _sheet().quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = chosen.getpalette() or []
    extra = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)][: 256 - len(exact)]
    colours = exact + [c for c in extra if c not in exact]
    colours += [colours[0]] * (256 - len(colours))
    flat = [v for colour in colours for v in colour]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def _chunk(tag: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))


def encode(img: Image.Image) -> bytes:
    """PNG bytes of ``img`` as an 8-bit palette image (no row filters: flat indices deflate well as they are)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    indexed = img.quantize(palette=palette(), dither=Image.Dither.NONE)
    width, height = indexed.size
    rows = Image.new("P", (width + 1, height), 0)  # column 0 is each row's filter type: 0, none
    rows.paste(indexed, (1, 0))  # same mode: the indices are copied as they are
    data = zlib.compress(rows.tobytes(), 2)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    plte = bytes((indexed.getpalette() or [])[:768])
    return (PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", plte) + _chunk(b"IDAT", data)
            + _chunk(b"IEND", b""))
