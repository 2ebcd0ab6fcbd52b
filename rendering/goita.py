"""Goita table and hand images (goita.md §12.7–12.8).

Fixed orientation: S at the bottom, E right, N top, W left (counter-clockwise in the image, as
play goes). Each seat's plays are columns of two pieces laid left to right as that player sees
them, the first piece nearer the centre and the attack nearer the player (R6.13).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t

from . import common as c
from . import pieces
from . import text as tx

SIZE = 1024
PW, PH = 60, 70
CENTRE = SIZE / 2
ANCHOR = SIZE / 2 - 210
OUTWARD = ((0, 1), (1, 0), (0, -1), (-1, 0))  # S, E, N, W
RIGHT = ((1, 0), (0, -1), (-1, 0), (0, 1))
TABLE = "#8A5A2B"
SEAT_KEYS = ("S", "E", "N", "W")
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


def _seat_label(lang: str, seat: int) -> str:
    return t(lang, f"rendering.goita.seat.{SEAT_KEYS[seat]}")


def _plate(draw: c.Sketch, view: Any, seat: int, names: Sequence[str],
           lang: str) -> None:
    box = PLATES[seat]
    x0, y0, x1, y1 = box
    if view.turn == seat and not view.finished:
        c.glow(draw, box, c.GOLD, 5, 12)
    c.panel(draw, box)
    team = view.teams[seat] if seat < len(view.teams) else seat % 2
    draw.rounded_rectangle((x0, y0, x0 + 14, y1), radius=6, fill=c.team_color(team))
    lw = c.pill(draw, x0 + 22, y0 + 8, _seat_label(lang, seat), c.team_color(team))
    tx.draw_text(draw, (x0 + 30 + lw, y0 + 8), c.seat_name(names, seat, lang), c.BODY, c.INK, bold=True,
                 max_width=x1 - x0 - 40 - lw, name=True)
    # Hand size as tiny backs, then badges from the right.
    n = view.hand_sizes[seat] if seat < len(view.hand_sizes) else 0
    back = pieces.piece(None, 16, 19)
    for k in range(min(n, 8)):
        draw.paste(back, (x0 + 22 + k * 15, y0 + 50))
    tx.draw_text(draw, (x0 + 28 + 15 * min(n, 8), y0 + 46), t(lang, "rendering.count", n=n), c.SMALL, c.INK,
                 bold=True)
    x = x0 + 22
    if seat in view.passed:
        x += c.pill(draw, x, y0 + 80, t(lang, "rendering.goita.pass"), "#6E6E6E") + 6
    if view.dealer == seat:
        x += c.pill(draw, x, y0 + 80, t(lang, "rendering.goita.dealer"), "#8B0000") + 6
    if seat < len(view.goshi) and view.goshi[seat]:
        c.pill(draw, x, y0 + 80, t(lang, "rendering.goita.goshi"), "#5B3FA0")


def _attack_seat_col(view: Any) -> tuple[int, int] | None:
    if view.attack is None or view.attacker is None:
        return None
    cols = view.table[view.attacker]
    return (view.attacker, len(cols) - 1) if cols else None


@lru_cache(maxsize=8)
def _background(lang: str) -> c.Backdrop:
    """The table top, the empty centre panel and the titled score panel (copied, never drawn on)."""
    img, draw = c.canvas(SIZE, SIZE, TABLE)
    draw.rounded_rectangle((110, 110, SIZE - 110, SIZE - 110), radius=40, fill="#A0703C", outline="#6B4A2B",
                           width=6)
    mid = int(CENTRE)
    c.panel(draw, (mid - 190, mid - 64, mid + 190, mid + 64), fill="#F4EBDD")
    c.panel(draw, (10, 10, 300, 126), fill="#F4EBDD")
    tx.draw_text(draw, (22, 16), t(lang, "rendering.game.goita"), c.BODY, c.INK, bold=True, max_width=270)
    return c.Backdrop(img)


def draw_board(view: Any, names: Sequence[str], lang: str, reveal_own: bool = False) -> Image.Image:
    """The table from ``view``: public when ``view.seat`` is None; with ``reveal_own`` a seat's own
    face-down pieces are drawn face up with a tint (private image)."""
    img, draw = _background(lang).sketch()
    highlight = _attack_seat_col(view)
    rotate = bool((getattr(view, "options", None) or {}).get("rotate_pieces"))

    def sprite(pid: str | None, seat: int, tint: bool = False) -> Image.Image:
        return pieces.turned(pid, seat, PW, PH, tint) if rotate else pieces.piece(pid, PW, PH, tint)

    for seat in range(4):
        cols = view.table[seat] if seat < len(view.table) else ()
        for k, col in enumerate(cols[:4]):
            first_c, attack_c = _piece_centres(seat, k, rotate)
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
    if view.attack is not None and view.attacker is not None:
        piece_name = t(lang, f"rendering.goita.piece.{view.attack}")
        line1 = t(lang, "rendering.goita.attack", piece=piece_name,
                  seat=tx.fit(c.seat_name(names, view.attacker, lang), c.BODY, 150))
    elif view.turn is not None:
        line1 = t(lang, "rendering.goita.leads", seat=tx.fit(c.seat_name(names, view.turn, lang), c.BODY, 200))
    else:
        line1 = ""
    tx.draw_text(draw, (CENTRE, CENTRE - 52), line1, c.BODY, c.INK, bold=True, align="center", max_width=360,
                 rtl=c.para(lang))
    if view.turn is not None and not view.finished and view.attack is not None:
        key = "rendering.goita.next_lead" if view.leading else "rendering.goita.next"
        line2 = t(lang, key, seat=tx.fit(c.seat_name(names, view.turn, lang), c.BODY, 220))
        tx.draw_text(draw, (CENTRE, CENTRE - 16), line2, c.BODY, "#8B5A00", bold=True, align="center", max_width=360,
                     rtl=c.para(lang))
    elif view.finished and view.winner_team is not None:
        tx.draw_text(draw, (CENTRE, CENTRE - 16), t(lang, "rendering.goita.won", team=_team_name(lang, view.winner_team)),
                     c.BODY, "#8B5A00", bold=True, align="center", max_width=360)
    tx.draw_text(draw, (CENTRE, CENTRE + 22), t(lang, "rendering.round_no", n=view.round_no), c.SMALL, c.MUTED,
                 align="center")
    last = view.last_round
    if isinstance(last, dict) and not any(view.table) and last.get("winner_seat") is not None:
        key = "rendering.goita.last_round_doubled" if last.get("doubled") else "rendering.goita.last_round"
        line = t(lang, key, seat=tx.fit(c.seat_name(names, int(last["winner_seat"]), lang), c.SMALL, 140),
                 points=last.get("points", 0), team=_team_name(lang, int(last.get("team", 0))))
        tx.draw_text(draw, (CENTRE, CENTRE + 80), line, c.SMALL, c.WHITE, bold=True, align="center", max_width=560,
                     rtl=c.para(lang))
    chips = bool((getattr(view, "options", None) or {}).get("scoring_chips"))
    for team in (0, 1):
        y = 52 + 36 * team
        c.pill(draw, 22, y, _team_name(lang, team), c.team_color(team))
        if chips:
            _chips(draw, 288, y + 12, view.scores[team])
            continue
        tx.draw_text(draw, (288, y + 2), t(lang, "rendering.goita.score", n=view.scores[team], target=view.target),
                     c.BODY, c.INK, bold=True, align="right")
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
    """All ``draw_hand`` draws: the pieces, the seat's own face-down pieces, and on its turn whether it
    leads or which attack it answers."""
    my_turn = view.turn == view.seat and view.seat is not None
    return (tuple(view.hand or ()), tuple(_own_face_down(view)), my_turn,
            my_turn and view.leading, view.attack if my_turn and not view.leading else None)


def draw_hand(view: Any, lang: str) -> Image.Image:
    """The seat's pieces upright in table order, with counts, and its own face-down pieces."""
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
    if view.turn == view.seat and view.seat is not None:
        if view.leading:
            sub += " · " + t(lang, "rendering.goita.you_lead")
        elif view.attack is not None:
            sub += " · " + t(lang, "rendering.goita.respond_to", piece=t(lang, f"rendering.goita.piece.{view.attack}"))
    tx.draw_text(draw, (width - 20, 14), sub, c.BODY, "#E8DCC8", align="right", max_width=560, rtl=c.para(lang))
    step = HAND_W + 36
    left = (width - step * max(1, len(hand))) // 2 + 18
    if not hand:
        tx.draw_text(draw, (width / 2, 100), t(lang, "rendering.empty_hand"), c.LARGE, c.WHITE, align="center")
    for i, pid in enumerate(hand):
        sprite = pieces.piece(pid, HAND_W, HAND_H)
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
            sprite = pieces.piece(pid, PW, PH, tint=True)
            draw.paste(sprite, (x, y))
            x += PW + 10
    return img


def team_names(lang: str) -> tuple[str, ...]:
    return (t(lang, "rendering.goita.team_ns"), t(lang, "rendering.goita.team_ew"))
