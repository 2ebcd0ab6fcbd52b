"""Goita pieces: shogi-shaped pentagons with their kanji, and the blank back (goita.md §12.7)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.goita import IDS, KANJI, VALUE
from bot.i18n import digits

from . import text as tx
from .kept import kept

SS = 3
FACE_WOOD = (235, 203, 139)
BACK_WOOD = (176, 125, 62)
EDGE = (90, 62, 27)
INK = (26, 18, 10)
KING_INK = (150, 20, 30)

KANJI_OF: dict[str, str] = dict(zip(IDS, KANJI, strict=True))
VALUE_OF: dict[str, int] = dict(zip(IDS, VALUE, strict=True))


def _outline(w: float, h: float) -> list[tuple[float, float]]:
    return [(0.5 * w, 0), (0.86 * w, 0.22 * h), (w, h), (0, h), (0.14 * w, 0.22 * h)]


#: the value's height on a piece, as a share of the piece's: it reads at a phone's width on the table
VALUE_SHARE = 0.33


@kept
def piece(piece_id: str | None, w: int = 60, h: int = 70, tint: bool = False, lang: str = "en") -> Image.Image:
    """A piece sprite (RGBA): face up for an id, the blank back for ``None``.

    ``tint`` shades a face-up piece that only its owner can see (a face-down piece in a
    private image).
    """
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    m = 2 * SS
    pts = [(x * (W - 2 * m) / W + m, y * (H - 2 * m) / H + m) for x, y in _outline(W, H)]
    fill = BACK_WOOD if piece_id is None else ((205, 190, 215) if tint else FACE_WOOD)
    draw.polygon(pts, fill=fill, outline=EDGE, width=2 * SS)
    if piece_id is not None:
        glyph = KANJI_OF.get(piece_id, "?")
        size = int(min(W * 0.56, H * 0.42))
        ink = KING_INK if piece_id in ("ou", "gyoku") else INK
        with tx.language("ja"):  # a Goita piece is written in Japanese forms, whoever looks at it (角, 飛)
            tx.draw_text(draw, (W / 2, H * 0.17), glyph, size, ink, bold=True, align="center")
            tx.draw_text(draw, (W / 2, H * 0.6), digits(lang, str(VALUE_OF.get(piece_id, 0))), int(H * VALUE_SHARE),
                         (96, 64, 28), bold=True, align="center")
    else:
        draw.polygon([(x * 0.7 + W * 0.15, y * 0.7 + H * 0.2) for x, y in pts], outline=(150, 100, 45), width=SS)
    return img.resize((w, h), Image.Resampling.LANCZOS)


#: quarter turns (counter-clockwise) that point a piece's tip at the table centre, per seat S, E, N, W.
TURNS = (None, Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270)


@kept
def turned(piece_id: str | None, seat: int, w: int = 60, h: int = 70, tint: bool = False,
           lang: str = "en") -> Image.Image:
    """The piece as it lies in front of ``seat`` with its tip towards the centre (``rotate_pieces``):
    S upright, E tip left, N tip down, W tip right."""
    sprite = piece(piece_id, w, h, tint, lang)
    turn = TURNS[seat % 4]
    return sprite if turn is None else sprite.transpose(turn)


def all_ids() -> list[str]:
    """Every distinct piece id in table order (王 and 玉 separately)."""
    return list(IDS)
