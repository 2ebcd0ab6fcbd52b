"""Go-Stop table and hand images (gostop.md §13.6–13.7).

The layout sits in twelve fixed month slots (1–6 above, 7–12 below) beside the stock; each
player has a panel with name, dealer chip, hand count, Go count, pass credits and the captures
grouped by type (bright, animal, ribbon, junk by value) with counts and set-progress pips.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.gostop import ID_OF, MONTH, TYPE
from bot.i18n import has, is_rtl, join, number, t

from . import common as c
from . import hwatu
from . import text as tx
from .kept import kept

WIDTH = 1200
CW, CH = 76, 122  # layout cards (R1.7): the corner's month reads at a phone's 360 px
MW, MH = 54, 88  # captured cards
HW, HH = 96, 156  # hand cards
HAND_STEP = HW + 28  # room for a badge under each card: ten cards still fit in 1280 px
SLOT_W = 150
HEADER = 60
PANEL_H = 216
COMPACT_H = 60
SLOT_LABEL = 38  # the month's number above its cards
LAYOUT_H = 2 * (CH + SLOT_LABEL + 12) + 10
LAYOUT_TOP = HEADER + 4
SEAT_LETTERS = "ABCDEFG"
#: whose turn, counts, scores and pile headers, in a size that reads at a phone's width
KEY = c.key_size(WIDTH)


def _type_of(card_id: str) -> str:
    return TYPE[ID_OF[card_id]] if card_id in ID_OF else "junk"


def _month_of(card_id: str) -> int:
    return MONTH[ID_OF[card_id]] if card_id in ID_OF else 0


def _slot_corner(m: int, lang: str = "en") -> tuple[int, int]:
    """The top-left corner of month ``m``'s slot in the layout: 1–6 above, 7–12 below, running the way the
    reader reads (right to left in Persian, like the players' panels)."""
    row, col = divmod(m - 1, 6)
    x = 20 + col * (SLOT_W + 4)
    return (WIDTH - x - SLOT_W if is_rtl(lang) else x), LAYOUT_TOP + row * (CH + SLOT_LABEL + 12)


def _slot(draw: c.Sketch, m: int, lang: str, filled: bool) -> None:
    """Month ``m``'s slot and name, lit when it holds cards (an empty one is in the background)."""
    x, y = _slot_corner(m, lang)
    rtl = is_rtl(lang)
    draw.rounded_rectangle((x, y, x + SLOT_W, y + CH + SLOT_LABEL + 6), radius=8,
                           fill="#2A6E4E" if filled else "#245E43", outline="#3C8060" if filled else "#2C6A4C", width=2)
    tx.draw_text(draw, (x + SLOT_W - 8 if rtl else x + 8, y), t(lang, "rendering.gostop.month", n=m), KEY,
                 c.WHITE if filled else "#7FA892", bold=True, align="right" if rtl else "left", rtl=c.para(lang),
                 role="pile")


def _draw_layout(draw: c.Sketch, view: Any, lang: str, marked: set[str]) -> None:
    stacks = {s.month: s.creator_seat for s in view.stacks}
    rtl = is_rtl(lang)
    for m in range(1, 13):
        x, y = _slot_corner(m, lang)
        cards = view.layout[m - 1] if m - 1 < len(view.layout) else ()
        if cards:
            _slot(draw, m, lang, filled=True)
        step = min(40, (SLOT_W - 12 - CW) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        order = list(enumerate(cards))  # right to left in Persian, pasted leftmost first: every corner shows
        for k, card in reversed(order) if rtl else order:
            cx, cy = (x + SLOT_W - 6 - CW - k * step if rtl else x + 6 + k * step), y + SLOT_LABEL
            if card in marked:
                c.glow(draw, (cx, cy, cx + CW, cy + CH), c.GOLD, 4, 6)
            draw.paste(hwatu.card_face(card, CW, CH, lang), (cx, cy))
        if m in stacks:
            label = t(lang, "rendering.gostop.ppuk")
            creator = stacks[m]
            if creator is not None:
                label += " " + SEAT_LETTERS[creator]
            w = min(tx.width(label, c.SMALL, True) + 16, SLOT_W)
            c.pill(draw, int(x + SLOT_W / 2 - w / 2), y + SLOT_LABEL + CH - 22, label, c.RED, size=c.SMALL,
                   max_width=SLOT_W)


PIP = 14  # a set-progress pip and its gap


def _pips(draw: ImageDraw.ImageDraw, x: int, y: int, have: int, total: int, color: str, rtl: bool = False) -> int:
    """``total`` pips, ``have`` of them filled, from ``x`` (leftwards from ``x`` for a right-to-left reader)."""
    for k in range(total):
        left = x - (k + 1) * PIP + 2 if rtl else x + k * PIP
        draw.ellipse((left, y, left + PIP - 3, y + PIP - 3), fill=color if k < have else None, outline=color, width=2)
    return total * PIP


#: the rows of a player's capture groups, from the panel's top: header, pips and points, cards, set bonuses
HEAD_Y, PIPS_Y, CARDS_Y, SETS_Y = 0, 44, 74, 166


def _group(draw: c.Sketch, cards: list[str], x: int, y: int, width: int,
           label: str, lang: str, marked: set[str]) -> None:
    rtl = is_rtl(lang)  # the label where the reader starts: the group's right end in Persian
    tx.draw_text(draw, (x + width if rtl else x, y + HEAD_Y), label, KEY, c.INK, bold=True, max_width=width,
                 align="right" if rtl else "left", rtl=c.para(lang), role="pile")
    if not cards:
        return
    step = min(MW + 2, (width - MW) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    order = list(enumerate(cards))  # right to left in Persian, pasted leftmost first: every corner shows
    for k, card in reversed(order) if rtl else order:
        cx, cy = int(x + width - MW - k * step) if rtl else int(x + k * step), y + CARDS_Y
        if card in marked:
            c.glow(draw, (cx, cy, cx + MW, cy + MH), c.GOLD, 3, 5)
        draw.paste(hwatu.card_face(card, MW, MH, lang), (cx, cy))


class _Mirror:
    """x positions and alignments of a left-to-right drawing, mirrored for a right-to-left reader."""

    def __init__(self, lang: str) -> None:
        self.rtl = is_rtl(lang)

    def x(self, x: int) -> int:
        return WIDTH - x if self.rtl else x

    def side(self, align: str) -> str:
        return {"left": "right", "right": "left"}.get(align, align) if self.rtl else align


def _panel_height(pv: Any) -> int:
    """Players out of the round (gwangpalli) get a one-line panel, so 4–7 seats still fit."""
    return PANEL_H if pv.status == "playing" or pv.captures else COMPACT_H


def _panel_box(top: int, height: int) -> tuple[int, int, int, int]:
    return 10, top, WIDTH - 10, top + height - 8


def _panel(draw: c.Sketch, top: int, height: int, playing: bool) -> None:
    """A player's panel: a compact one, or a full one of a player in the round, is in the background."""
    c.panel(draw, _panel_box(top, height), fill=c.PANEL if playing and height == PANEL_H else "#DDDDDD")


def _draw_compact(draw: ImageDraw.ImageDraw, view: Any, pv: Any, names: Sequence[str], top: int, lang: str) -> None:
    box = _panel_box(top, COMPACT_H)  # the panel itself is in the background
    x0, y0 = box[0] + 12, top + 12
    m = _Mirror(lang)
    letter_w = c.pill(draw, m.x(x0), y0, *seat_tag(pv.seat, None, lang), align=m.side("left"))
    tx.draw_text(draw, (m.x(x0 + letter_w + 8), y0), c.seat_name(names, pv.seat, lang), c.BODY, c.INK, bold=True,
                 max_width=420, align=m.side("left"), name=True)
    parts = [t(lang, f"rendering.gostop.status.{pv.status}")]
    if view.dealer == pv.seat:
        parts.append(t(lang, "rendering.dealer"))
    tx.draw_text(draw, (m.x(WIDTH - 30), y0 + 2), " · ".join(p for p in parts if p), c.BODY, c.MUTED,
                 align=m.side("right"), rtl=c.para(lang), max_width=600)


def _draw_player(draw: c.Sketch, view: Any, pv: Any, names: Sequence[str],
                 top: int, lang: str, marked: set[str]) -> None:
    if _panel_height(pv) == COMPACT_H:
        _draw_compact(draw, view, pv, names, top, lang)
        return
    box = _panel_box(top, PANEL_H)
    turn = view.turn == pv.seat
    if turn:
        c.glow(draw, box, c.GOLD, 5, 12)
    if turn or pv.status != "playing":  # else the background has it; the glow goes under it
        _panel(draw, top, PANEL_H, pv.status == "playing")
    x0, y0 = box[0] + 12, top + 10
    m = _Mirror(lang)  # the player's block where a Persian reader starts, the piles then leftwards
    name = c.seat_name(names, pv.seat, lang)
    letter_w = c.pill(draw, m.x(x0), y0, *seat_tag(pv.seat, None, lang), size=c.BODY, align=m.side("left"))
    tx.draw_text(draw, (m.x(x0 + letter_w + 8), y0), name, c.BODY, c.INK, bold=True, max_width=256 - letter_w,
                 align=m.side("left"), name=True)
    y = y0 + 38
    back = hwatu.card_back(24, 38)
    draw.paste(back, (m.x(x0 + 24) if m.rtl else x0, y))
    xb = x0 + 32 + int(tx.draw_text(draw, (m.x(x0 + 32), y), t(lang, "rendering.count", n=pv.hand_count), KEY, c.INK,
                                    bold=True, align=m.side("left"), rtl=c.para(lang), role="count")) + 10
    if view.dealer == pv.seat:
        xb += c.pill(draw, m.x(xb), y + 2, t(lang, "rendering.dealer"), "#444444", align=m.side("left")) + 6
    if pv.go_count:
        xb += c.pill(draw, m.x(xb), y + 2, t(lang, "rendering.gostop.go", n=pv.go_count), "#B3122E",
                     align=m.side("left"), rtl=c.para(lang)) + 6
    parts = breakdown(view, pv)
    factor = parts.get("multiplier", 1)
    if factor > 1:
        c.pill(draw, m.x(xb), y + 2, t(lang, "rendering.gostop.multiplier", n=factor), "#5B3FA0",
               align=m.side("left"), rtl=c.para(lang))
    y += 44
    go_bonus = parts.get("go_bonus", 0)
    if go_bonus:  # the Go points (R7.9 go_add) on top of the captured score, the total in the key size
        score_line = t(lang, "rendering.gostop.score_go", base=pv.score, go=go_bonus,
                       total=parts.get("score_with_go", pv.score))
        tx.draw_text(draw, (m.x(x0), y), score_line, c.BODY, c.INK, bold=True, max_width=262, rtl=c.para(lang),
                     align=m.side("left"))
        tx.draw_text(draw, (m.x(x0), y + 28), t(lang, "rendering.score", n=parts.get("score_with_go", pv.score)), KEY,
                     c.INK, bold=True, max_width=262, rtl=c.para(lang), align=m.side("left"), role="score")
        y += 28
    else:
        tx.draw_text(draw, (m.x(x0), y), t(lang, "rendering.score", n=pv.score), KEY, c.INK, bold=True,
                     max_width=262, rtl=c.para(lang), align=m.side("left"), role="score")
    y += 42
    extras = [t(lang, f"rendering.gostop.factor.{name}", n=parts[key]) for name, key in FACTORS
              if parts.get(key, 1) > 1]
    if pv.pass_credits:
        extras.append(t(lang, "rendering.gostop.pass_credits", n=pv.pass_credits))
    if pv.ppuks:
        extras.append(t(lang, "rendering.gostop.ppuks", n=pv.ppuks))
    if pv.shaken:
        extras.append(t(lang, "rendering.gostop.shaken", months=join(lang, (number(lang, m) for m in pv.shaken))))
    if pv.status != "playing":
        extras.append(t(lang, f"rendering.gostop.status.{pv.status}"))
    if pv.go_count and pv.last_go_score:
        extras.append(t(lang, "rendering.gostop.must_beat", n=pv.last_go_score))
    tx.draw_text(draw, (m.x(x0), y), " · ".join(extras), c.SMALL, c.MUTED, max_width=262, rtl=c.para(lang),
                 align=m.side("left"))
    for k, card in enumerate(pv.shown[:8]):  # shaken triples / chongtong quad: public hand cards
        draw.paste(hwatu.card_face(card, 26, 42, lang), (m.x(x0 + k * 29 + 26) if m.rtl else x0 + k * 29,
                                                          min(y + 26, top + PANEL_H - 56)))
    # Captures grouped by type.
    caps = list(pv.captures)
    groups: dict[str, list[str]] = {"bright": [], "animal": [], "ribbon": [], "junk": []}
    for card in sorted(caps, key=lambda k: (_month_of(k) or 99, k)):
        kind = _type_of(card)
        groups["junk" if kind == "joker" else kind].append(card)
    x = 296
    labels = {kind: t(lang, "rendering.gostop.group.junk", n=pv.junk_value) if kind == "junk"
              else t(lang, f"rendering.gostop.group.{kind}", n=len(groups[kind])) for kind in groups}
    widths = group_widths(labels, lang)
    for kind in ("bright", "animal", "ribbon", "junk"):
        gx = m.x(x + widths[kind]) if m.rtl else x  # the group's left edge (groups run leftwards in Persian)
        _points(draw, parts, kind, gx, y0, widths[kind], lang)
        _group(draw, groups[kind], gx, y0, widths[kind], labels[kind], lang, marked)
        start = gx + widths[kind] if m.rtl else gx  # pips from where the reader starts
        if kind == "animal":
            _pips(draw, start, y0 + PIPS_Y + 8, parts.get("bird_count", 0), 3, "#444444", m.rtl)
        if kind == "ribbon":
            for count, color in (("hong_count", "#C8202F"), ("cheong_count", "#224EAA"), ("cho_count", "#A0522D")):
                start += (-1 if m.rtl else 1) * (_pips(draw, start, y0 + PIPS_Y + 8, parts.get(count, 0), 3, color,
                                                       m.rtl) + 8)
        x += widths[kind] + 16
    draw.line((m.x(282), y0, m.x(282), top + PANEL_H - 20), fill="#BBBBBB", width=2)


#: the share of the capture area each group starts from (junk piles up most)
GROUP_SHARE = {"bright": 0.18, "animal": 0.25, "ribbon": 0.25}


@lru_cache(maxsize=256)
def _header_width(label: str) -> int:
    return math.ceil(tx.width(label, KEY, True)) + 8


def group_widths(labels: dict[str, str], lang: str) -> dict[str, int]:
    """Each capture group's width: its share of the area, widened to hold its header in the key size (taken
    from the junk pile, which has the most room to overlap its cards)."""
    room = WIDTH - 30 - 296 - 3 * 16
    widths = {kind: int(room * share) for kind, share in GROUP_SHARE.items()}
    widths["junk"] = room - sum(widths.values())
    for kind in ("bright", "animal", "ribbon"):
        widths[kind] = max(widths[kind], _header_width(labels[kind]))
    widths["junk"] = room - sum(widths[kind] for kind in GROUP_SHARE)
    return widths


#: score_parts keys per capture group: the group's own points, then its set bonuses (R6.1–R6.8).
GROUP_POINTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "bright": ("brights", ()),
    "animal": ("animals", ("godori",)),
    "ribbon": ("ribbons", ("hong_dan", "cheong_dan", "cho_dan")),
    "junk": ("junk", ()),
}
#: the factors of the winner's multiplier (R7.9), shown when they double anything.
FACTORS = (("go", "go_mult"), ("shake", "shake_mult"), ("nagari", "nagari_mult"), ("meong_dda", "meong_dda"))


def breakdown(view: Any, pv: Any) -> dict[str, int]:
    """``pv``'s score by category and the multipliers a win would carry now (R6.1–R6.8, R7.9), as the
    engine puts them in the view's ``score_parts``: the renderer computes no rule of its own."""
    given = view.score_parts
    return dict(given[pv.seat]) if 0 <= pv.seat < len(given) else {}


def _points(draw: ImageDraw.ImageDraw, parts: dict[str, int], kind: str, x: int, y0: int, width: int,
            lang: str) -> int:
    """The group's points at the right of its label (returns that tag's width) and its set bonuses
    under its cards."""
    own, sets = GROUP_POINTS[kind]
    points = parts.get(own, 0)
    colour = "#2F6B3A" if points else "#9A9A9A"
    rtl = is_rtl(lang)
    tag_w = c.pill(draw, x if rtl else x + width, y0 + PIPS_Y, t(lang, "rendering.gostop.points", n=points), colour,
                   align="left" if rtl else "right", rtl=c.para(lang))
    px = x
    for name in sets:
        if parts.get(name, 0):
            px += c.pill(draw, px, y0 + SETS_Y, t(lang, f"rendering.gostop.set.{name}", n=parts[name]), "#8B5A00",
                         max_width=x + width - px, rtl=c.para(lang)) + 4
    if kind == "junk" and parts.get("cup_as_junk"):
        c.pill(draw, px, y0 + SETS_Y, t(lang, "rendering.gostop.cup_as_junk"), "#6E6E6E", max_width=x + width - px,
               rtl=c.para(lang))
    return tag_w


STOCK_X = 20 + 6 * (SLOT_W + 4) + 20
STOCK_W = WIDTH - 10 - STOCK_X  # the stock's column beside the months (at the left in Persian)


def _stock_centre(lang: str) -> float:
    return WIDTH - (STOCK_X + STOCK_W / 2) if is_rtl(lang) else STOCK_X + STOCK_W / 2


@kept  # 4.6 MB each (and 1.2 MB of indices once needed); a language has a few panel layouts
def _table_background(lang: str, panels: tuple[int, ...]) -> c.Backdrop:
    """Felt, header bar, title, the stock pile, the twelve empty month slots and the players' panels
    (``panels``: their heights) as they are before anything is drawn in them: the same for every
    position with these panels (copied, never drawn on)."""
    img, draw = c.canvas(WIDTH, HEADER + LAYOUT_H + sum(panels) + 12, c.FELT)
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill="#2B2118")
    m = _Mirror(lang)
    tx.draw_text(draw, (m.x(20), 10), t(lang, "rendering.game.gostop"), c.TITLE, c.WHITE, bold=True, max_width=330,
                 align=m.side("left"), rtl=c.para(lang))
    back = hwatu.card_back(CW, CH)
    for k in range(3):
        draw.paste(back, (int(_stock_centre(lang) - CW / 2 - 3 + k * 3), HEADER + 20 + k * 3))
    for month in range(1, 13):
        _slot(draw, month, lang, filled=False)
    top = HEADER + LAYOUT_H
    for height in panels:
        _panel(draw, top, height, playing=True)
        top += height
    return c.Backdrop(img)


def draw_table(view: Any, names: Sequence[str], lang: str) -> Image.Image:
    """The public Go-Stop table (only public facts: layout, captures, counts, scores)."""
    players = list(view.players)
    # drawn nearly all over (slots, panels, captures): quantized whole, nothing to note
    img, draw = _table_background(lang, tuple(_panel_height(pv) for pv in players)).sketch(noted=False)
    sub = [t(lang, "rendering.round_no", n=view.round_no), t(lang, "rendering.target", n=view.target)]
    m = _Mirror(lang)
    tx.draw_text(draw, (m.x(360), 16), " · ".join(sub), c.BODY, "#E8DCC8", max_width=360, rtl=c.para(lang),
                 align=m.side("left"))
    if view.nagari_streak:
        c.pill(draw, m.x(WIDTH - 16), 12, t(lang, "rendering.gostop.nagari", n=2 ** view.nagari_streak), c.RED,
               align=m.side("right"), rtl=c.para(lang))
    elif view.turn is not None:
        line = tx.name_in(lambda name: t(lang, "rendering.climb.turn", name=name), c.seat_name(names, view.turn, lang),
                          KEY, 470, True, c.para(lang), WIDTH)
        c.pill(draw, m.x(WIDTH - 16), 4, line, "#B8860B", size=KEY, align=m.side("right"), rtl=c.para(lang),
               max_width=490, role="turn")
    last = view.last_turn
    marked = set(last.played) | set(last.flipped)
    captured = set(last.captured)
    _draw_layout(draw, view, lang, marked)
    # Stock at the right end of the layout.
    sc = _stock_centre(lang)
    tx.draw_text(draw, (sc, HEADER + CH + 34), t(lang, "rendering.gostop.stock", n=view.stock_count), KEY,
                 c.WHITE, bold=True, align="center", max_width=STOCK_W, rtl=c.para(lang), role="count")
    if view.layout_face_down:
        tx.draw_text(draw, (sc, HEADER + CH + 78), t(lang, "rendering.gostop.face_down", n=view.layout_face_down),
                     c.SMALL, "#E8F0E8", align="center", max_width=STOCK_W, rtl=c.para(lang))
    events = [e for e in last.events if has(f"rendering.gostop.event.{e}")]
    if events:
        banner = " · ".join(t(lang, f"rendering.gostop.event.{e}") for e in events[:3])
        bw = min(tx.width(banner, c.LARGE, True) + 30, STOCK_W)
        y = HEADER + CH + 116
        draw.rounded_rectangle((sc - bw / 2, y, sc + bw / 2, y + 40), radius=18, fill=c.RED)
        tx.draw_text(draw, (sc, y + 4), banner, c.LARGE, c.WHITE, bold=True, align="center", max_width=bw - 20,
                     rtl=c.para(lang))
    top = HEADER + LAYOUT_H
    for pv in players:
        _draw_player(draw, view, pv, names, top, lang, captured | marked)
        top += _panel_height(pv)
    return img


def hand_key(view: Any) -> Hashable:
    """All ``draw_hand`` draws: the hand, the layout's count per month, the stacked months, and the
    seat's score, pass credits and shown cards."""
    me = next((p for p in view.players if p.seat == view.seat), None)
    mine = None if me is None else (me.score, me.pass_credits, tuple(me.shown))
    return (tuple(view.hand), tuple(len(cards) for cards in view.layout), frozenset(s.month for s in view.stacks),
            mine)


def draw_hand(view: Any, lang: str) -> Image.Image:
    """The private hand: one row sorted by month, a match badge under each card, triples bracketed."""
    hand = sorted(view.hand, key=lambda k: (_month_of(k) or 99, k), reverse=is_rtl(lang))  # as the months run
    layout_by_month = {m + 1: len(cards) for m, cards in enumerate(view.layout)}
    stacks = {s.month for s in view.stacks}
    width = max(1024, 40 + len(hand) * HAND_STEP)
    height = 60 + 40 + HH + 110
    img, draw = c.canvas(width, height, c.FELT)
    draw.rectangle((0, 0, width, 52), fill="#2B2118")
    rtl = is_rtl(lang)  # title where the reader starts
    tx.draw_text(draw, (width - 20 if rtl else 20, 10), t(lang, "rendering.game.gostop"), c.LARGE, c.WHITE,
                 bold=True, max_width=400, align="right" if rtl else "left", rtl=c.para(lang))
    me = next((p for p in view.players if p.seat == view.seat), None)
    if me is not None:
        line = t(lang, "rendering.score", n=me.score)
        if me.pass_credits:
            line += " · " + t(lang, "rendering.gostop.pass_credits", n=me.pass_credits)
        tx.draw_text(draw, (20 if rtl else width - 20, 12), line, c.BODY, "#E8DCC8", align="left" if rtl else "right",
                     max_width=width / 2,
                     rtl=c.para(lang))
    if not hand:
        tx.draw_text(draw, (width / 2, 120), t(lang, "rendering.empty_hand"), c.LARGE, c.WHITE, align="center")
    left = (width - len(hand) * HAND_STEP) // 2
    months = [_month_of(k) for k in hand]
    shown = set(me.shown) if me is not None else set()
    y = 100
    for i, card in enumerate(hand):
        x = left + i * HAND_STEP
        if card in shown:
            c.glow(draw, (x, y, x + HW, y + HH), "#56B4E9", 4, 6)
        draw.paste(hwatu.card_face(card, HW, HH, lang), (x, y))
        m = months[i]
        if m == 0:
            badge = t(lang, "rendering.gostop.match.joker")
        elif m in stacks:
            badge = t(lang, "rendering.gostop.match.stack")
        elif layout_by_month.get(m, 0):
            badge = t(lang, "rendering.gostop.match.n", n=layout_by_month[m])
        else:
            badge = t(lang, "rendering.gostop.match.none")
        fill = "#0072B2" if (m and layout_by_month.get(m, 0)) else "#555555"
        room = HAND_STEP - 2  # a badge never reaches the next card's badge
        w = min(tx.width(badge, c.SMALL, True) + 16, room)
        c.pill(draw, int(x + HW / 2 - w / 2), y + HH + 8, badge, fill, max_width=room, rtl=c.para(lang))
    # Bracket triples of one month with the hint.
    for m in sorted(set(months)):
        idx = [i for i, k in enumerate(months) if k == m]
        if m == 0 or len(idx) < 3:
            continue
        x0 = left + idx[0] * HAND_STEP - 4
        x1 = left + idx[-1] * HAND_STEP + HW + 4
        draw.line((x0, 94, x0, 84, x1, 84, x1, 94), fill=c.GOLD, width=3)
        hint = t(lang, "rendering.gostop.bomb" if layout_by_month.get(m, 0) else "rendering.gostop.shake")
        tx.draw_text(draw, ((x0 + x1) / 2, 56), hint, c.SMALL, c.GOLD, bold=True, align="center")
    return img


def team_names(lang: str) -> tuple[str, ...]:
    return ("A", "B", "C", "D")


def seat_tag(seat: int, team: int | None, lang: str) -> tuple[str, str]:
    """A Go-Stop seat's letter in the seat's own colour (every player for themself): table and summary."""
    return SEAT_LETTERS[seat], c.team_color(seat)
