"""The climbing games' table and hand images (Zheng Shangyou §16, Gou Ji §13).

Both games share one drawing: seats around an oval table in turn order (counter-clockwise on
screen, from the bottom), each with name, team colour, card count, place and pass marker; the
trick's last play fanned in the middle with who played it; a banner for the game state; scores.
Each game has a small adapter from its own View to the ``Table`` model below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image

from bot.games.core.cards import Card
from bot.i18n import is_rtl, number, t

from . import common as c
from . import french
from . import text as tx
from .kept import kept

WIDTH, HEIGHT = 1280, 880
HEADER = 100  # title and team scores, then the subtitle under the title
CARD_W, CARD_H = 120, 168  # the play to beat: the felt is for it (at a phone's 360 px, a card 34 px wide)
SEAT_W, SEAT_H = 300, 150
SEAT_LETTERS = "ABCDEFGH"
#: what a player decides by (whose turn, the play, counts, scores) in a size that reads at a phone's width
KEY = c.key_size(WIDTH)


@dataclass(frozen=True)
class SeatModel:
    """One seat as the image shows it."""

    name: str
    letter: str
    team: int | None
    count: str
    place: int | None
    passed: bool
    turn: bool
    dealer: bool = False
    exposed: tuple[Card, ...] = ()
    highlight: bool = False
    note: str = ""
    note_is_figure: bool = False  #: the note is a figure a player decides by (a score, a said count)


@dataclass(frozen=True)
class TableModel:
    """Everything the table image draws, already in words and cards."""

    title: str
    subtitle: str
    seats: tuple[SeatModel, ...]
    play: tuple[Card, ...]
    play_label: str
    play_detail: str
    banner: str
    turn_line: str
    scores: tuple[tuple[str, str, int | None], ...]  # (label, value, team)
    extra: tuple[str, ...] = field(default_factory=tuple)
    #: the seats whose names are in ``play_label`` and ``turn_line`` (``{name}``): shortened to fit the felt
    play_seat: int | None = None
    turn_seat: int | None = None
    play_template: str = ""
    turn_template: str = ""


def seat_tag(seat: int, team: int | None, lang: str) -> tuple[str, str]:
    """A climbing seat's letter, in its team's colour (grey without teams): on the table and the summary."""
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)], c.team_color(team)


def template(lang: str, key: str) -> str:
    """The catalog sentence ``key`` with ``{name}`` left to fill: the table fills it with the name shortened
    as far as the felt needs (``text.name_in``), never the sentence."""
    return t(lang, key, name="\x00").replace("{", "{{").replace("}", "}}").replace("\x00", "{name}")


def _centre() -> tuple[float, float]:
    return WIDTH / 2, HEADER - 4 + (HEIGHT - HEADER + 4) / 2


def _seat_centre(i: int, n: int, rtl: bool = False) -> tuple[float, float]:
    """Seat ``i`` of ``n``: seat 0 at the bottom, then counter-clockwise on screen (clockwise, the
    mirror image, for a right-to-left reader, so A, B, C run the way the reader's eye does)."""
    theta = 2 * math.pi * i / n
    cx, cy = _centre()
    rx, ry = WIDTH / 2 - SEAT_W / 2 - 16, (HEIGHT - HEADER) / 2 - SEAT_H / 2 - 6
    return cx + (-1 if rtl else 1) * rx * math.sin(theta), cy + ry * math.cos(theta)


def clear_width(n: int, top: float, bottom: float) -> float:
    """The width of the felt's middle band from ``top`` to ``bottom`` that no seat panel of ``n`` covers."""
    cx = WIDTH / 2
    half = WIDTH / 2 - 20
    for i in range(n):
        x, y = _seat_centre(i, n)
        if y - SEAT_H / 2 - 8 < bottom and top < y + SEAT_H / 2 + 8:
            half = min(half, abs(x - cx) - SEAT_W / 2 - 12)
    return max(120.0, 2 * half)


def compact_cards(cards: Sequence[Card], lang: str) -> str:
    """Cards as a short line, repeats counted: "3×2 6×2 8×5 10" (an exposed hand in a seat's panel)."""
    groups: list[tuple[str, int]] = []
    for card in cards:
        label = french.card_label(card, lang)
        if groups and groups[-1][0] == label:
            groups[-1] = (label, groups[-1][1] + 1)
        else:
            groups.append((label, 1))
    return " ".join(label if k == 1 else f"{label}×{number(lang, k)}" for label, k in groups)


def _draw_seat(draw: c.Sketch, seat: SeatModel, centre: tuple[float, float],
               lang: str) -> None:
    x0, y0 = int(centre[0] - SEAT_W / 2), int(centre[1] - SEAT_H / 2)
    box = (x0, y0, x0 + SEAT_W, y0 + SEAT_H)
    rtl = is_rtl(lang)

    def mx(x: float) -> int:  # a position inside the panel, mirrored for a right-to-left reader
        return int(2 * x0 + SEAT_W - x) if rtl else int(x)

    def side(align: str) -> str:
        return {"left": "right", "right": "left"}.get(align, align) if rtl else align

    if seat.turn:
        c.glow(draw, box, c.GOLD, 6, 12)
    fill = "#E4E4E4" if seat.place is not None else c.PANEL
    c.panel(draw, box, fill=fill, outline="#D55E00" if seat.highlight else c.PANEL_EDGE, width=4 if seat.highlight else 2)
    team = seat_tag(0, seat.team, lang)[1]
    stripe = (mx(x0 + 14), y0, mx(x0), y0 + SEAT_H) if rtl else (x0, y0, x0 + 14, y0 + SEAT_H)
    draw.rounded_rectangle(stripe, radius=6, fill=team)
    # Line 1: seat letter, name and, on the seat to act, the turn mark.
    letter_w = c.pill(draw, mx(x0 + 22), y0 + 8, seat.letter, team, size=c.LARGE, align=side("left"))
    name_x = x0 + 22 + letter_w + 8
    right = x0 + SEAT_W - (40 if seat.turn else 10)
    tx.draw_text(draw, (mx(name_x), y0 + 10), seat.name, c.LARGE, c.INK, bold=True, max_width=right - name_x,
                 align=side("left"), name=True)
    if seat.turn:
        tx.draw_text(draw, (mx(x0 + SEAT_W - 10), y0 + 10), "◀" if rtl else "▶", c.LARGE, "#B8860B", bold=True,
                     align=side("right"))
    # Line 2: card count (or the place of a seat that is out), pass, dealer.
    y2 = y0 + 52
    x = x0 + SEAT_W - 10
    para = c.para(lang)
    if seat.passed:
        x -= c.pill(draw, mx(x), y2 + 4, t(lang, "rendering.passed"), "#6E6E6E", align=side("right"), rtl=para) + 6
    if seat.dealer:
        x -= c.pill(draw, mx(x), y2 + 4, t(lang, "rendering.climb.dealer"), "#444444", align=side("right"),
                    rtl=para) + 6
    if seat.place is not None:  # out: its place, not "×0"
        tx.draw_text(draw, (mx(x0 + 24), y2), c.ordinal(lang, seat.place), KEY, "#B8860B", bold=True,
                     max_width=x - x0 - 28, align=side("left"), rtl=para, role="count")
    else:
        back = french.card_back(30, 42)
        draw.paste(back, (mx(x0 + 24 + 30) if rtl else x0 + 24, y2))
        tx.draw_text(draw, (mx(x0 + 62), y2), seat.count, KEY, c.INK, bold=True, max_width=x - x0 - 66,
                     align=side("left"), rtl=para, role="count")
    # Line 3: what the panel's whole width is for (an exposed hand, an answer, a score, "ready").
    y3 = y0 + 100
    if seat.exposed:
        label = t(lang, "rendering.climb.exposed") + ": " + compact_cards(seat.exposed, lang)
        tx.draw_lines(draw, (mx(x0 + 22), y3 - 4), label, c.SMALL, "#8B0000", max_width=SEAT_W - 30,
                      align=side("left"), rtl=para)
    elif seat.note and seat.note_is_figure:
        tx.draw_text(draw, (mx(x0 + 22), y3 - 6), seat.note, KEY, c.INK, bold=True, max_width=SEAT_W - 30,
                     align=side("left"), rtl=para, role="count")
    elif seat.note:
        tx.draw_lines(draw, (mx(x0 + 22), y3 - 4), seat.note, c.SMALL, c.MUTED, max_width=SEAT_W - 30,
                      align=side("left"), rtl=para)


def _fan(draw: c.Sketch, cards: Sequence[Card], cx: float, top: int, max_width: int, lang: str,
         w: int = CARD_W, h: int = CARD_H) -> tuple[int, int]:
    """Draw ``cards`` overlapped and centred on ``cx``; returns the left and right edge."""
    if not cards:
        return int(cx), int(cx)
    step = min(w * 0.62, (max_width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    total = int(w + step * (len(cards) - 1))
    left = int(cx - total / 2)
    for i, card in enumerate(cards):
        sprite = french.card_face(card, w, h, lang)
        draw.paste(sprite, (int(left + i * step), top))
    return left, left + total


@kept
def _table_background(title: str, rtl: bool = False) -> c.Backdrop:
    """Wood, felt, header bar and title (at the reader's starting side): the same for every position
    of a game (copied, never drawn on)."""
    img, draw = c.canvas(WIDTH, HEIGHT, c.WOOD)
    draw.ellipse((150, HEADER + 40, WIDTH - 150, HEIGHT - 40), fill=c.FELT, outline=c.FELT_DARK, width=8)
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill="#2B2118")
    tx.draw_text(draw, (WIDTH - 20 if rtl else 20, 8), title, c.TITLE, c.WHITE, bold=True, max_width=560,
                 align="right" if rtl else "left", rtl=rtl or None)
    return c.Backdrop(img)


def draw_table(model: TableModel, lang: str, names: Sequence[str] = ()) -> Image.Image:
    """The table image for a climbing game."""
    rtl = is_rtl(lang)
    para = c.para(lang)
    img, draw = _table_background(model.title, rtl).sketch()
    x = 16 if rtl else WIDTH - 16
    for label, value, team in reversed(model.scores):  # the first team nearest the title
        w = c.pill(draw, x, 10, f"{label} {value}".strip(), c.team_color(team), size=KEY,
                   align="left" if rtl else "right", max_width=300, rtl=para, role="score")
        x += w + 8 if rtl else -(w + 8)
    tx.draw_text(draw, (WIDTH - 20 if rtl else 20, 56), model.subtitle, c.BODY, "#E8DCC8", max_width=WIDTH - 40,
                 rtl=para, align="right" if rtl else "left")
    n = len(model.seats)
    for i, seat in enumerate(model.seats):
        _draw_seat(draw, seat, _seat_centre(i, n, rtl), lang)
    # Centre: banner, last play, turn line, each as wide as the seats around leave the felt.
    cx, cy = _centre()

    def line(top: float, size: int, text: str, fill: str, role: str = "", bold: bool = True,
             seat: int | None = None, template: str = "") -> None:
        room = clear_width(n, top, top + tx.line_height(size)) - 24
        if seat is not None and template:
            text = tx.name_in(lambda name: template.format(name=name), c.seat_name(names, seat, lang), size, room,
                              bold, para, WIDTH)
        tx.draw_text(draw, (cx, top), text, size, fill, bold=bold, align="center", rtl=para, max_width=room,
                     role=role)

    if model.banner:
        room = clear_width(n, cy - 214, cy - 172) - 24
        bw = min(tx.width(model.banner, c.LARGE, True) + 40, room)
        draw.rounded_rectangle((cx - bw / 2, cy - 214, cx + bw / 2, cy - 172), radius=20, fill="#B3122E")
        tx.draw_text(draw, (cx, cy - 210), model.banner, c.LARGE, c.WHITE, bold=True, align="center", rtl=para,
                     max_width=bw - 24)
    line(cy - 162, KEY, model.play_label, c.WHITE, "play", seat=model.play_seat, template=model.play_template)
    _fan(draw, model.play, cx, int(cy - 116), int(clear_width(n, cy - 116, cy - 116 + CARD_H)) - 24, lang)
    if model.play_detail:
        line(cy + 54, c.LARGE, model.play_detail, "#E8F0E8", bold=False)  # the cards above are the figure
    if model.turn_line:
        line(cy + 88, KEY + 4, model.turn_line, c.GOLD, "turn", seat=model.turn_seat, template=model.turn_template)
    for k, text in enumerate(model.extra[:2]):
        line(cy + 146 + 30 * k, c.BODY, text, "#E8F0E8", bold=False)
    return img


# --- private hand ----------------------------------------------------------------------------

HAND_CARD_W, HAND_CARD_H = 76, 106
COLUMN = 80
STACK_STEP = 30
SUITED_STEP = 50
MAX_STACK = 8


@kept
def _column(cards: tuple[Card, ...], step: int, lang: str) -> Image.Image:
    """A hand's column of cards as pasted one by one on the felt, as one opaque picture: a hand pastes a
    column at once, and columns (a pair of 8s, a single king) come back in every hand."""
    img, draw = c.canvas(HAND_CARD_W, HAND_CARD_H + step * (len(cards) - 1), c.FELT)
    for k, card in enumerate(cards):
        draw.paste(french.card_face(card, HAND_CARD_W, HAND_CARD_H, lang), (0, k * step))
    return img


def draw_hand(title: str, cards: Sequence[Card], lang: str) -> Image.Image:
    """A hand grouped by rank: one column per rank, cards stacked, the count above each column; the card count
    under the game's ``title``. Whose turn it is stays in the panel's words: the picture changes only when the
    hand does, so a turn coming or going is not a picture drawn and sent again (#48).

    Suited cards (Zheng Shangyou) are stacked far enough apart to show rank and suit; suitless
    ones (Gou Ji) only need the rank, so their columns stay short even with 36 cards.
    """
    subtitle = t(lang, "rendering.climb.your_hand", n=len(cards))
    suited = any(card.suit for card in cards)
    step = SUITED_STEP if suited else STACK_STEP
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(cards, key=lambda k: (k.rank, k.suit or "")):
        by_rank.setdefault(card.rank, []).append(card)
    columns = sorted(by_rank, reverse=is_rtl(lang))  # lowest where the reader starts (the right in Persian)
    tallest = max((min(len(v), MAX_STACK) for v in by_rank.values()), default=1)
    width = max(1024, 40 + COLUMN * len(columns))
    height = 64 + 48 + HAND_CARD_H + step * (tallest - 1) + 24
    img, draw = c.canvas(width, height, c.FELT)
    draw.rectangle((0, 0, width, 56), fill="#2B2118")
    rtl = is_rtl(lang)  # the title where the reader starts: at the right in Persian
    tx.draw_text(draw, (width - 20 if rtl else 20, 12), title, c.LARGE, c.WHITE, bold=True, max_width=width / 2,
                 align="right" if rtl else "left", rtl=c.para(lang))
    tx.draw_text(draw, (20 if rtl else width - 20, 14), subtitle, c.BODY, "#E8DCC8", align="left" if rtl else "right",
                 max_width=width / 2 - 40, rtl=c.para(lang))
    if not columns:
        tx.draw_text(draw, (width / 2, 100), t(lang, "rendering.empty_hand"), c.LARGE, c.WHITE, align="center")
    left = (width - COLUMN * len(columns)) / 2
    for i, rank in enumerate(columns):
        group = by_rank[rank]
        x = int(left + i * COLUMN + (COLUMN - HAND_CARD_W) / 2)
        tx.draw_text(draw, (x + HAND_CARD_W / 2, 66), t(lang, "rendering.count", n=len(group)), c.BODY, c.GOLD,
                     bold=True, align="center")
        draw.paste(_column(tuple(group[:MAX_STACK]), step, lang), (x, 106))  # on the felt: nothing is drawn there before
    return img
