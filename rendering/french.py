"""French-suited card faces, jokers and the back, drawn once per size and cached.

Cards are drawn at three times their size and reduced, which gives smooth edges without
anti-aliased primitives; the result is kept in memory, so a table only pastes sprites.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.games.core.cards import BLACK_JOKER, RANK_NAMES, RED_JOKER, SUIT_SYMBOLS, Card
from bot.i18n import digits, t

from . import text as tx
from .kept import kept

SS = 3  # supersampling factor
CARD_RED = (200, 32, 47)
CARD_BLACK = (26, 26, 26)
FACE = (253, 252, 248)
BACK_BLUE = (32, 74, 135)


def _ink(card: Card) -> tuple[int, int, int]:
    return CARD_RED if card.is_red else CARD_BLACK


def _base(w: int, h: int, fill: tuple[int, int, int], edge: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=7 * SS, fill=fill, outline=edge, width=2 * SS)
    return img, draw


def _finish(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, int, int]) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=fill)


def rank_text(rank: int, lang: str) -> str:
    """A rank as the picture's language writes its digits (a Persian picture has one digit system)."""
    return digits(lang, RANK_NAMES[rank])


def card_label(card: Card, lang: str) -> str:
    """A card in a line of text as players write it: rank and suit ("10♥"), a joker's short name."""
    if card.is_joker:
        return t(lang, "rendering.card.red_joker_short" if card.rank == RED_JOKER else "rendering.card.black_joker_short")
    return rank_text(card.rank, lang) + (SUIT_SYMBOLS[card.suit] if card.suit else "")


#: ranks whose index reads as another rank upside down: underlined, as printed packs do
TURNABLE = frozenset({6, 9})


def _index_rank(draw: ImageDraw.ImageDraw, cx: float, top: float, rank: int, size: int,
                ink: tuple[int, int, int], lang: str) -> None:
    """A corner's rank, underlined when it could read as another rank in the rotated corner (6 and 9)."""
    name = rank_text(rank, lang)
    width = tx.draw_text(draw, (cx, top), name, size, ink, bold=True, align="center")
    if rank in TURNABLE:
        y = top + size * 1.0
        draw.rectangle((cx - width / 2, y, cx + width / 2, y + max(2, size // 12)), fill=ink)


@kept
def card_face(card: Card, w: int = 84, h: int = 118, lang: str = "en") -> Image.Image:
    """The face of ``card`` as an RGBA sprite of ``w`` x ``h``."""
    if card.is_joker:
        return _joker(card.rank == RED_JOKER, w, h, lang)
    img, draw = _base(w, h, FACE, (60, 60, 60))
    if card.suit is None:
        return _rank_only(img, draw, card.rank, w, h, lang)
    ink = _ink(card)
    rank = rank_text(card.rank, lang)
    suit = SUIT_SYMBOLS[card.suit or "S"]
    idx = int(h * 0.25) * SS
    # Corner index: rank over suit, top-left and (rotated) bottom-right.
    corner = Image.new("RGBA", (int(w * 0.42) * SS, int(h * 0.42) * SS), (0, 0, 0, 0))
    cdraw = ImageDraw.Draw(corner)
    rank_size = idx if len(rank) == 1 else int(idx * 0.8)
    _index_rank(cdraw, corner.width / 2, 0, card.rank, rank_size, ink, lang)
    below = idx * (1.07 if card.rank in TURNABLE else 0.95)  # room for the line under a 6 or a 9
    tx.draw_text(cdraw, (corner.width / 2, below), suit, int(idx * 0.8), ink, align="center")
    img.alpha_composite(corner, (int(2 * SS), int(3 * SS)))
    img.alpha_composite(corner.rotate(180), (w * SS - corner.width - 2 * SS, h * SS - corner.height - 3 * SS))
    cx, cy = w * SS / 2, h * SS / 2
    if card.rank in (11, 12, 13):
        # Court cards: a framed panel with the letter and the suit.
        fw, fh = w * SS * 0.44, h * SS * 0.5
        draw.rectangle((cx - fw / 2, cy - fh / 2, cx + fw / 2, cy + fh / 2), fill=(250, 236, 200),
                       outline=ink, width=2 * SS)
        tx.draw_text(draw, (cx, cy - fh * 0.48), rank, int(fh * 0.5), ink, bold=True, align="center")
        tx.draw_text(draw, (cx, cy + fh * 0.02), suit, int(fh * 0.42), ink, align="center")
    else:
        big = int(h * SS * (0.5 if card.rank == 14 else 0.36))
        tx.draw_text(draw, (cx, cy - big * 0.62), suit, big, ink, align="center")
    return _finish(img, w, h)


def _rank_only(img: Image.Image, draw: ImageDraw.ImageDraw, rank: int, w: int, h: int, lang: str) -> Image.Image:
    """A suitless card (Gou Ji: suits never matter in play): the rank large, in navy."""
    ink = (30, 45, 90)
    name = rank_text(rank, lang)
    idx = int(h * 0.25) * SS
    _index_rank(draw, w * SS * 0.22, 3 * SS, rank, idx if len(name) == 1 else int(idx * 0.8), ink, lang)
    big = int(h * SS * (0.42 if len(name) == 1 else 0.34))
    tx.draw_text(draw, (w * SS * 0.55, h * SS * 0.5 - big * 0.55), name, big, ink, bold=True, align="center")
    return _finish(img, w, h)


def _joker(red: bool, w: int, h: int, lang: str) -> Image.Image:
    ink = CARD_RED if red else CARD_BLACK
    img, draw = _base(w, h, FACE, (60, 60, 60))
    band = (252, 214, 90) if red else (170, 170, 170)
    draw.rounded_rectangle((5 * SS, 5 * SS, w * SS - 5 * SS, h * SS - 5 * SS), radius=5 * SS,
                           outline=ink, width=2 * SS)
    cx, cy = w * SS / 2, h * SS * 0.55
    _star(draw, cx, cy, w * SS * 0.33, band)
    _star(draw, cx, cy, w * SS * 0.2, ink)
    label = t(lang, "rendering.card.red_joker_short" if red else "rendering.card.black_joker_short")
    size = int(h * SS * 0.17)
    tx.draw_text(draw, (cx, 7 * SS), label, size, ink, bold=True, align="center",
                 max_width=w * SS - 12 * SS)
    word = t(lang, "rendering.card.joker")
    tx.draw_text(draw, (cx, h * SS * 0.8), word, int(h * SS * 0.11), ink, bold=True, align="center",
                 max_width=w * SS - 12 * SS)
    return _finish(img, w, h)


@kept
def card_back(w: int = 84, h: int = 118) -> Image.Image:
    """The back: a blue lattice inside a white margin."""
    img, draw = _base(w, h, (250, 250, 250), (60, 60, 60))
    m = 5 * SS
    draw.rounded_rectangle((m, m, w * SS - m, h * SS - m), radius=4 * SS, fill=BACK_BLUE)
    step = 8 * SS
    light = (70, 118, 186)
    for k in range(-h * SS, w * SS + h * SS, step):
        draw.line((k, m, k + h * SS, m + h * SS), fill=light, width=SS)
        draw.line((k, h * SS - m, k + h * SS, h * SS - m - h * SS), fill=light, width=SS)
    img2 = Image.new("RGBA", img.size, (0, 0, 0, 0))
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((m, m, w * SS - m, h * SS - m), radius=4 * SS, fill=255)
    img2.paste(img, (0, 0))
    base, bdraw = _base(w, h, (250, 250, 250), (60, 60, 60))
    base.paste(img2, (0, 0), mask)
    bdraw.rounded_rectangle((m, m, w * SS - m, h * SS - m), radius=4 * SS, outline=(20, 40, 80), width=SS)
    return _finish(base, w, h)


def all_faces() -> list[Card]:
    """One card of every face: 52 suited cards and both jokers."""
    return [Card(rank, suit) for suit in ("S", "H", "D", "C") for rank in range(3, 16)] + [
        Card(BLACK_JOKER), Card(RED_JOKER)]
