"""PNG encoding: images are reduced to one fixed 256-colour palette and written as 8-bit palette PNGs.

Deflating 3 bytes per pixel was most of the time a table image took. Our images are flat theme
colours, anti-aliased text and a fixed set of card sprites, so one palette (every theme colour
exactly, plus colours chosen from a sheet of all sprites and text ramps) looks the same, takes a
third of the bytes and a third of the time. The palette comes from fixed art, so the same image
always gives the same bytes; it is stored here (``PALETTE``, from ``build_palette``), so no process
spends half a second drawing that sheet before its first image.
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


def build_palette() -> bytes:
    """The palette the art gives: the theme colours exactly, then the sheet's most useful colours
    (768 bytes, RGB). Drawing the sheet takes about half a second, so the result is stored below."""
    exact = [_rgb(code) for code in dict.fromkeys(THEME)]
    chosen = _sheet().quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = chosen.getpalette() or []
    extra = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)][: 256 - len(exact)]
    colours = exact + [c for c in extra if c not in exact]
    colours += [colours[0]] * (256 - len(colours))
    return bytes(v for colour in colours for v in colour)


#: ``build_palette()`` as it was run: a process's first image no longer draws the whole sheet (0.6 s of
#: CPU). A test checks that it is still what the art gives; after changing the art, THEME or INKS,
#: ``python -m rendering.png`` prints the new value to paste here.
PALETTE = bytes.fromhex(
    "000000ffffffa8b8c8e8dcc82b21184f6272e8f0e8c8202fb8860b5b3fa0444444f4ebddddddddd55e00b3122e8b5a00"
    "8b00006e6e6e6b4a2b56b4e92b3b4922303c15202a0072b2fff4c2ffc107f4f1eaf2c230f2a7bbe69f00e4e4e4d9482b"
    "d4a017d2283cd0313dcc79a7c8343cbbbbbbb87333a8a9ada0703ca0522d8a5a2b7fa8927f7f7f7a4a226e8b3d5f5f5f"
    "5555554b2e5c3c8c4a3c80603a3a3a2f6b3a2c6a4c2a6e4e245e43224eaa1f5b3f1b1b1b1a1a1a17452f009e739a9a9a"
    "fdfcf8fbf7ee204a87ebcb8bb07d3ecdbed75e605c9d9f9c9a6120d5a29bdda5196655259c665c5a2b23a591629c282b"
    "ded6d5e6d3a75b9160d35c60212322212c55345d55d4a766f5d061295834ab9226719796636494d45e20cf2829225a9f"
    "a43449f8c321533654b3c9d19b748fdd7586b0c6ae2e843ed235449fadc9ecb6c41d956363a9d46d8a355939975671c2"
    "2c989b143d956fc6ac77c2ed358fc28c72cab9c075f8f5edc7202eb3122df1a6ba89592a22303bcb78a64a2d5b999999"
    "245d423838375b5b5b464645e8e7e58a5a00e7dbc7a8b7c7fec007b378382b6b4c252525eaca8accbdd66c6b6ba8a8ab"
    "bababadcdcdc3b8b497d7d7dd2273b6a492a224da9fef3c2c8333b2a2118152029794a22f3eadcd8472aa0703bd0313c"
    "2e6a39b7860a2b3a486d8a3c56b3e8e59e00009d72d45d00a0522c17442e7ea7924e62721e5a3e5a3ea0f7ecebc92433"
    "f9ebc7c617271b2a58593a15cd1d30820a20f1eef1e9e5dbfdf8d3edf2f0edeef0f4d492f8ba09d4c6e2878786910914"
    "c8c8c697182263615bd96b7395131c1d4783c10719635c5a4675bacb3844e5dbd821305cebb6b82c5898f4d8d8130a04"
    "1b120ae9a997a7abb7b6b3aa322927b82634c6c3b9cac5d7b3a993241c1962441cd8d4c7d6cab8d7646a8a6b43f1c8ca"
    "99a8b6e8a6a9a5989999222ad2c4dbd34955785428b4b9c6a9b2babad2b735322aa6a39a956616aa162ce5d6b8c5b5c9"
    "362918d65a64eaa7b5ba232d8268593866a8000000000000000000000000000000000000000000000000000000000000"
)


@cache
def palette() -> Image.Image:
    """The fixed palette image."""
    pal = Image.new("P", (1, 1))
    pal.putpalette(PALETTE)
    return pal


def _chunk(tag: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))


def quantize(img: Image.Image) -> Image.Image:
    """``img`` as indices into the fixed palette (each pixel on its own: a part quantized alone gets the
    same indices as in the whole)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


def rows(indexed: Image.Image) -> Image.Image:
    """A ``quantize``d image as the PNG stores its rows: a column 0 before it, each row's filter type (0: no
    filter, as flat indices deflate well as they are)."""
    out = Image.new("P", (indexed.width + 1, indexed.height), 0)
    out.paste(indexed, (1, 0))  # same mode: the indices are copied as they are
    return out


def write_rows(stored: Image.Image) -> bytes:
    """PNG bytes (8-bit palette) of an image's ``rows``."""
    width, height = stored.width - 1, stored.height
    data = zlib.compress(stored.tobytes(), 2)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return (PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", PALETTE) + _chunk(b"IDAT", data)
            + _chunk(b"IEND", b""))


def encode(img: Image.Image) -> bytes:
    """PNG bytes of ``img`` as an 8-bit palette image."""
    return write_rows(rows(quantize(img)))


if __name__ == "__main__":
    text = build_palette().hex()
    print("\n".join(f'    "{text[i:i + 96]}"' for i in range(0, len(text), 96)))
