"""Goita table and hand images (goita.md §12.7–12.8).

Fixed orientation: S at the bottom, E right, N top, W left (counter-clockwise in the image, as
play goes). Each seat's plays are columns of two pieces laid left to right as that player sees
them, the first piece nearer the centre and the attack nearer the player (R6.13).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import is_rtl, t

from . import common as c
from . import pieces
from . import text as tx
from .kept import kept

SIZE = 1024
PW, PH = 68, 80  # a piece's value reads at a phone's 360 px (pieces.VALUE_SHARE of its height)
CENTRE = SIZE / 2
ANCHOR = SIZE / 2 - 210
OUTWARD = ((0, 1), (1, 0), (0, -1), (-1, 0))  # S, E, N, W
RIGHT = ((1, 0), (0, -1), (-1, 0), (0, 1))
TABLE = "#8A5A2B"
SEAT_KEYS = ("S", "E", "N", "W")
#: whose turn, the attack, counts and scores, in a size that reads at a phone's width
KEY = c.key_size(SIZE)
SCORE_BOX = (10, 10, 300, 126)
#: name plate boxes per seat (x0, y0, x1, y1), clear of the play zones.
PLATES = (
    (352, 898, 672, 1014),
    (744, 180, 1014, 296),
    (352, 10, 672, 126),
    (10, 722, 280, 838),
)


def _piece_centres(seat: int, k: int, rotate: bool = False) -> tuple[tuple[float, float], tuple[float, float]]:
    """Centres of the first piece and the attack of play ``k`` of ``seat`` (§12.7 formula).

    Upright pieces lie across E's and W's rows, so those rows space by the height; turned pieces
    (``rotate_pieces``) lie the same way for every seat.
    """
    ox, oy = OUTWARD[seat]
    rx, ry = RIGHT[seat]
    along_width = rotate or seat in (0, 2)
    p = PW + 8 if along_width else PH + 8
    q = PH + 6 if along_width else PW + 6
    ax, ay = CENTRE + ox * ANCHOR, CENTRE + oy * ANCHOR
    along = (k - 1.5) * p
    attack = (ax + along * rx + 0.5 * q * ox, ay + along * ry + 0.5 * q * oy)
    first = (ax + along * rx - 0.5 * q * ox, ay + along * ry - 0.5 * q * oy)
    return first, attack


def _paste_piece(draw: c.Sketch, sprite: Image.Image, centre: tuple[float, float]) -> tuple[int, int, int, int]:
    x, y = int(centre[0] - sprite.width / 2), int(centre[1] - sprite.height / 2)
    draw.paste(sprite, (x, y))
    return x, y, x + sprite.width, y + sprite.height


class _Mirror:
    """The table as a right-to-left reader sees it (Persian): mirrored left to right, so E sits at the left
    and the score panel at the top right; the pieces themselves are not mirrored, only where they lie."""

    def __init__(self, lang: str) -> None:
        self.rtl = is_rtl(lang)

    def x(self, x: float) -> float:
        return SIZE - x if self.rtl else x

    def box(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = box
        return (SIZE - x1, y0, SIZE - x0, y1) if self.rtl else box

    def side(self, align: str) -> str:
        return {"left": "right", "right": "left"}.get(align, align) if self.rtl else align

    def centre(self, xy: tuple[float, float]) -> tuple[float, float]:
        return (SIZE - xy[0], xy[1]) if self.rtl else xy

    def turn(self, seat: int) -> int:
        """The seat whose quarter turn points a piece at the centre from where ``seat`` sits here."""
        return {1: 3, 3: 1}.get(seat, seat) if self.rtl else seat


def _seat_label(lang: str, seat: int) -> str:
    return t(lang, f"rendering.goita.seat.{SEAT_KEYS[seat]}")


def _plate(draw: c.Sketch, view: Any, seat: int, names: Sequence[str],
           lang: str) -> None:
    m = _Mirror(lang)
    box = m.box(PLATES[seat])
    x0, y0, x1, y1 = box
    lx = x1 if m.rtl else x0  # the edge the reader starts from

    def at(dx: float) -> int:  # ``dx`` in from the reader's starting edge
        return int(lx - dx if m.rtl else lx + dx)

    if view.turn == seat and not view.finished:
        c.glow(draw, box, c.GOLD, 6, 12)
    c.panel(draw, box)
    label, colour = seat_tag(seat, view.teams[seat] if seat < len(view.teams) else None, lang)
    draw.rounded_rectangle((x1 - 14, y0, x1, y1) if m.rtl else (x0, y0, x0 + 14, y1), radius=6, fill=colour)
    lw = c.pill(draw, at(22), y0 + 8, label, colour, align=m.side("left"))
    tx.draw_text(draw, (at(30 + lw), y0 + 8), c.seat_name(names, seat, lang), c.BODY, c.INK, bold=True,
                 max_width=x1 - x0 - 40 - lw, align=m.side("left"), name=True)
    # Hand size as tiny backs, then the count, then badges.
    n = view.hand_sizes[seat] if seat < len(view.hand_sizes) else 0
    back = pieces.piece(None, 16, 19)
    for k in range(min(n, 8)):
        draw.paste(back, (at(22 + k * 15 + (16 if m.rtl else 0)), y0 + 50))
    tx.draw_text(draw, (at(28 + 15 * min(n, 8)), y0 + 42), t(lang, "rendering.count", n=n), KEY, c.INK,
                 bold=True, align=m.side("left"), rtl=c.para(lang), role="count")
    x = 22
    for shown, key, fill in ((seat in view.passed, "rendering.goita.pass", "#6E6E6E"),
                             (view.dealer == seat, "rendering.goita.dealer", "#8B0000"),
                             (seat < len(view.goshi) and view.goshi[seat], "rendering.goita.goshi", "#5B3FA0")):
        if shown:
            x += c.pill(draw, at(x), y0 + 80, t(lang, key), fill, align=m.side("left"), rtl=c.para(lang)) + 6


def _attack_seat_col(view: Any) -> tuple[int, int] | None:
    if view.attack is None or view.attacker is None:
        return None
    cols = view.table[view.attacker]
    return (view.attacker, len(cols) - 1) if cols else None


@kept
def _background(lang: str) -> c.Backdrop:
    """The table top, the empty centre panel and the titled score panel (copied, never drawn on)."""
    img, draw = c.canvas(SIZE, SIZE, TABLE)
    draw.rounded_rectangle((110, 110, SIZE - 110, SIZE - 110), radius=40, fill="#A0703C", outline="#6B4A2B",
                           width=6)
    mid = int(CENTRE)
    c.panel(draw, (mid - 215, mid - 84, mid + 215, mid + 66), fill="#F4EBDD")
    m = _Mirror(lang)
    c.panel(draw, m.box(SCORE_BOX), fill="#F4EBDD")
    tx.draw_text(draw, (m.x(22), 16), t(lang, "rendering.game.goita"), c.BODY, c.INK, bold=True, max_width=270,
                 align=m.side("left"), rtl=c.para(lang))
    return c.Backdrop(img)


def draw_board(view: Any, names: Sequence[str], lang: str, reveal_own: bool = False) -> Image.Image:
    """The table from ``view``: public when ``view.seat`` is None; with ``reveal_own`` a seat's own
    face-down pieces are drawn face up with a tint (private image)."""
    img, draw = _background(lang).sketch()
    highlight = _attack_seat_col(view)
    rotate = bool((getattr(view, "options", None) or {}).get("rotate_pieces"))

    m = _Mirror(lang)

    def sprite(pid: str | None, seat: int, tint: bool = False) -> Image.Image:
        if rotate:
            return pieces.turned(pid, m.turn(seat), PW, PH, tint, lang)
        return pieces.piece(pid, PW, PH, tint, lang)

    for seat in range(4):
        cols = view.table[seat] if seat < len(view.table) else ()
        for k, col in enumerate(cols[:4]):
            first_c, attack_c = (m.centre(xy) for xy in _piece_centres(seat, k, rotate))
            if col.face_down and (col.first is None or not reveal_own):
                first = sprite(None, seat)
            else:
                first = sprite(col.first, seat, col.face_down)
            _paste_piece(draw, first, first_c)
            attack = sprite(col.attack, seat)
            box = (int(attack_c[0] - attack.width / 2), int(attack_c[1] - attack.height / 2),
                   int(attack_c[0] + attack.width / 2), int(attack_c[1] + attack.height / 2))
            if highlight == (seat, k):
                c.glow(draw, box, c.GOLD, 5, 8)
            _paste_piece(draw, attack, attack_c)
        _plate(draw, view, seat, names, lang)
    # Centre panel: the current attack and who acts.
    para = c.para(lang)

    def with_name(key: str, seat: int, size: int, room: float, **values: Any) -> str:
        """The sentence ``key`` about ``seat``, its name shortened (never the sentence) to fit ``room``."""
        return tx.name_in(lambda name: t(lang, key, seat=name, **values), c.seat_name(names, seat, lang), size,
                          room, True, para, SIZE)

    room = 410
    lines: list[tuple[str, str, str]] = []  # (text, colour, role): the attack and who made it, then who acts
    if view.attack is not None and view.attacker is not None:
        piece_name = t(lang, f"rendering.goita.piece.{view.attack}")
        lines.append((t(lang, "rendering.goita.attack", piece=piece_name), c.INK, "play"))
        lines.append((with_name("rendering.goita.attack_by", view.attacker, KEY, room), c.INK, "play"))
    elif view.turn is not None:
        lines.append((with_name("rendering.goita.leads", view.turn, KEY, room), "#8B5A00", "turn"))
    if view.turn is not None and not view.finished and view.attack is not None:
        key = "rendering.goita.next_lead" if view.leading else "rendering.goita.next"
        lines.append((with_name(key, view.turn, KEY, room), "#8B5A00", "turn"))
    elif view.finished and view.winner_team is not None:
        lines.append((t(lang, "rendering.goita.won", team=_team_name(lang, view.winner_team)), "#8B5A00", "turn"))
    for k, (text, colour, role) in enumerate(lines):
        tx.draw_text(draw, (CENTRE, CENTRE - 78 + 36 * k), text, KEY, colour, bold=True, align="center",
                     max_width=room, rtl=para, role=role)
    tx.draw_text(draw, (CENTRE, CENTRE + 34), t(lang, "rendering.round_no", n=view.round_no), c.SMALL, c.MUTED,
                 align="center", rtl=para)
    last = view.last_round
    if isinstance(last, dict) and not any(view.table) and last.get("winner_seat") is not None:
        key = "rendering.goita.last_round_doubled" if last.get("doubled") else "rendering.goita.last_round"
        line = with_name(key, int(last["winner_seat"]), c.SMALL, 560, points=last.get("points", 0),
                         team=_team_name(lang, int(last.get("team", 0))))
        tx.draw_text(draw, (CENTRE, CENTRE + 80), line, c.SMALL, c.WHITE, bold=True, align="center", max_width=560,
                     rtl=c.para(lang))
    chips = bool((getattr(view, "options", None) or {}).get("scoring_chips"))
    for team in (0, 1):
        y = 46 + 38 * team
        c.pill(draw, int(m.x(22)), y + 2, _team_name(lang, team), c.team_color(team), align=m.side("left"),
               rtl=para)
        if chips:
            _chips(draw, int(m.x(288) + (48 if m.rtl else 0)), y + 14, view.scores[team])
            continue
        tx.draw_text(draw, (m.x(288), y), t(lang, "rendering.goita.score", n=view.scores[team], target=view.target),
                     KEY, c.INK, bold=True, align=m.side("right"), rtl=para, role="score")
    return img


def _chips(draw: ImageDraw.ImageDraw, right: int, y: int, score: int) -> None:
    """V3: a team's total as 50-point (gold, larger) and 10-point (white) chips, right-aligned at ``right``."""
    fifties, tens = divmod(max(0, score), 50)
    chips = [12] * fifties + [8] * (tens // 10)
    x = right
    for radius in reversed(chips[:14]):
        fill = c.GOLD if radius == 12 else c.PANEL
        draw.ellipse((x - 2 * radius, y - radius, x, y + radius), fill=fill, outline=c.INK, width=2)
        x -= 2 * radius + 3


def _team_name(lang: str, team: int) -> str:
    return t(lang, "rendering.goita.team_ns" if team == 0 else "rendering.goita.team_ew")


def draw_table(view: Any, names: Sequence[str], lang: str) -> Image.Image:
    """The public table (never a hand, never a face-down identity)."""
    return draw_board(view, names, lang, reveal_own=False)


HAND_W, HAND_H = 84, 98


def _own_face_down(view: Any) -> list[str]:
    if view.seat is None or view.seat >= len(view.table):
        return []
    return [col.first for col in view.table[view.seat] if col.face_down and col.first is not None]


def hand_key(view: Any) -> Hashable:
    """All ``draw_hand`` draws: the pieces and the seat's own face-down pieces."""
    return tuple(view.hand or ()), tuple(_own_face_down(view))


def draw_hand(view: Any, lang: str) -> Image.Image:
    """The seat's pieces upright in table order, with counts, and its own face-down pieces. Whether it leads
    or which attack it answers stays in the panel's words: the picture changes only when the pieces do (#48)."""
    order = {pid: i for i, pid in enumerate(pieces.all_ids())}
    hand = sorted(view.hand or (), key=lambda p: order.get(p, 99))
    counts = Counter(hand)
    own_down = _own_face_down(view)
    width = 1024
    height = 64 + HAND_H + 90 + (90 if own_down else 0)
    img, draw = c.canvas(width, height, TABLE)
    draw.rectangle((0, 0, width, 56), fill="#2B2118")
    tx.draw_text(draw, (20, 12), t(lang, "rendering.game.goita"), c.LARGE, c.WHITE, bold=True, max_width=400)
    sub = t(lang, "rendering.goita.your_pieces", n=len(hand))
    tx.draw_text(draw, (width - 20, 14), sub, c.BODY, "#E8DCC8", align="right", max_width=560, rtl=c.para(lang))
    step = HAND_W + 36
    left = (width - step * max(1, len(hand))) // 2 + 18
    if not hand:
        tx.draw_text(draw, (width / 2, 100), t(lang, "rendering.empty_hand"), c.LARGE, c.WHITE, align="center")
    for i, pid in enumerate(hand):
        sprite = pieces.piece(pid, HAND_W, HAND_H, lang=lang)
        draw.paste(sprite, (left + i * step, 76))
    for pid, n in counts.items():  # one label centred under each kind
        first = hand.index(pid)
        centre = left + first * step + (n - 1) * step / 2 + HAND_W / 2
        label = t(lang, f"rendering.goita.piece.{pid}")
        if n > 1:
            label += " " + t(lang, "rendering.count", n=n)
        tx.draw_text(draw, (centre, 76 + HAND_H + 10), label, c.SMALL, c.WHITE, bold=True, align="center",
                     max_width=step * n - 10)
    if own_down:
        y = 76 + HAND_H + 56
        tx.draw_text(draw, (20, y + 18), t(lang, "rendering.goita.your_face_down"), c.BODY, c.WHITE, bold=True)
        x = 20 + int(tx.width(t(lang, "rendering.goita.your_face_down"), c.BODY, True)) + 16
        for pid in own_down:
            sprite = pieces.piece(pid, PW, PH, tint=True, lang=lang)
            draw.paste(sprite, (x, y))
            x += PW + 10
    return img


def seat_tag(seat: int, team: int | None, lang: str) -> tuple[str, str]:
    """A Goita seat's compass letter in its team's colour (N–S blue, E–W orange): table and summary."""
    return _seat_label(lang, seat), c.team_color(seat % 2 if team is None else team)


def team_names(lang: str) -> tuple[str, ...]:
    return (t(lang, "rendering.goita.team_ns"), t(lang, "rendering.goita.team_ew"))
