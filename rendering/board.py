"""Leaderboard and end-of-game summary images (the same for every game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from bot.i18n import is_rtl, number, t

from . import common as c
from . import text as tx
from .art import art

WIDTH = 1024
ROW_H = 52
MAX_ROWS = 15
MEDALS = {1: "#D4A017", 2: "#A8A9AD", 3: "#B87333"}


def team_names(game_id: str, lang: str) -> tuple[str, ...]:
    """Team labels of ``game_id`` (its ``rendering/<id>.py``): seat letters for the climbing
    games, the catalog's compass pairs for Goita."""
    return art(game_id).team_names(lang)


def _int_keys(data: Any) -> dict[int, Any]:
    if not isinstance(data, Mapping):
        return {}
    return {int(k): v for k, v in data.items()}


def summary_of(result: Any) -> dict[str, Any]:
    """A summary mapping from an engine ``Result`` or an already-built mapping."""
    if isinstance(result, Mapping):
        return dict(result)
    out = {name: getattr(result, name, None) for name in ("finished", "places", "points", "team_points", "teams")}
    out.update(dict(getattr(result, "summary", None) or {}))
    return out


def _fmt_number(value: Any, lang: str) -> str:
    if isinstance(value, float):
        return number(lang, value, spec=".1f")
    if isinstance(value, int):
        return number(lang, value)
    return str(value)


class Flow:
    """Horizontal positions that mirror for a right-to-left reader: columns written for a
    left-to-right page (``x`` from the left, ``align``) land where a Persian reader looks for them."""

    def __init__(self, width: int, lang: str) -> None:
        self.width, self.rtl = width, is_rtl(lang)

    def x(self, x: float) -> float:
        return self.width - x if self.rtl else x

    def align(self, align: str) -> str:
        if not self.rtl or align == "center":
            return align
        return "right" if align == "left" else "left"

    def box(self, x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int, int]:
        return (self.width - x1, y0, self.width - x0, y1) if self.rtl else (x0, y0, x1, y1)

    def text(self, draw: Any, x: float, y: float, text: str, size: int, fill: str, align: str = "left",
             **kwargs: Any) -> float:
        return tx.draw_text(draw, (self.x(x), y), text, size, fill, align=self.align(align), **kwargs)

    def pill(self, draw: Any, x: int, y: int, label: str, fill: str, **kwargs: Any) -> int:
        """A pill whose leading edge is at ``x`` (its left edge on a left-to-right page)."""
        return c.pill(draw, int(self.x(x)), y, label, fill, align="right" if self.rtl else "left", **kwargs)


def _history(game_id: str, data: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """One tag per hand or round: who gained and how much, in the gainer's colour."""
    items: list[tuple[str, str]] = []
    history = data.get("history")
    if not isinstance(history, list):
        return items
    for i, entry in enumerate(history, 1):
        if not isinstance(entry, Mapping):
            continue
        points = entry.get("points")
        if "winner_seat" in entry:  # a round won by one seat (Go-Stop) or a nagari, not a team's hand
            winner = entry.get("winner_seat")
            if winner is None or not isinstance(points, list):
                items.append((t(lang, "rendering.summary.nagari", n=i), "#4F6272"))
            else:
                who, colour = art(game_id).seat_tag(int(winner), None, lang)
                label = t(lang, "rendering.summary.item", n=i, who=who, points=number(lang, points[int(winner)], signed=True))
                items.append((label, colour))
        elif isinstance(points, list) and len(points) == 2:
            best = max(range(2), key=lambda k: points[k])
            if points[best] <= 0:
                items.append((t(lang, "rendering.summary.draw", n=i), "#4F6272"))
            else:
                who = team_names(game_id, lang)[best]
                label = t(lang, "rendering.summary.item", n=i, who=who, points=number(lang, points[best], signed=True))
                items.append((label, c.team_color(best)))
    return items


def draw_summary(game_id: str, summary: Mapping[str, Any], names: Sequence[str], lang: str) -> Image.Image:
    """Places, names, points and team totals, best first; columns mirrored for a right-to-left reader."""
    data = summary_of(summary)
    places = _int_keys(data.get("places"))
    points = _int_keys(data.get("points"))
    teams = _int_keys(data.get("teams"))
    team_points = _int_keys(data.get("team_points"))
    seats = sorted(set(places) | set(points) | set(range(len(names))))
    seats.sort(key=lambda s: (places.get(s, 99), -int(points.get(s, 0) or 0), s))
    team_h = 110 if team_points else 0
    history = _history(game_id, data, lang)
    per_row = 6
    history_h = (44 + 40 * ((len(history) + per_row - 1) // per_row)) if history else 0
    height = 84 + team_h + 56 + ROW_H * len(seats) + history_h + 60
    img, draw = c.canvas(WIDTH, height, "#22303C")
    flow = Flow(WIDTH, lang)
    rtl = c.para(lang)
    draw.rectangle((0, 0, WIDTH, 70), fill="#15202A")
    flow.text(draw, 24, 16, t(lang, f"rendering.game.{game_id}"), c.TITLE, c.WHITE, bold=True, max_width=520, rtl=rtl)
    flow.text(draw, WIDTH - 24, 22, t(lang, "rendering.finished"), c.LARGE, c.GOLD, align="right", bold=True,
              max_width=420, rtl=rtl)
    y = 84
    if team_points:
        labels = team_names(game_id, lang)
        best = max(team_points.values())
        count = len(team_points)
        box_w = (WIDTH - 48 - 16 * (count - 1)) // max(1, count)
        for i, (team, value) in enumerate(sorted(team_points.items())):
            x0 = 24 + i * (box_w + 16)
            c.panel(draw, flow.box(x0, y, x0 + box_w, y + 92), fill=c.team_color(team),
                    outline="#FFFFFF" if value == best else c.team_color(team), width=4)
            name = t(lang, "rendering.team", name=labels[team % len(labels)])
            flow.text(draw, x0 + 20, y + 12, name, c.LARGE, c.WHITE, bold=True, max_width=box_w - 180, rtl=rtl)
            flow.text(draw, x0 + box_w - 20, y + 30, t(lang, "rendering.points", n=value), c.TITLE, c.WHITE,
                      align="right", bold=True, rtl=rtl)
            if value == best:
                flow.text(draw, x0 + 20, y + 52, t(lang, "rendering.summary.winners"), c.BODY, c.WHITE,
                          max_width=box_w - 180, rtl=rtl)
        y += team_h
    # Column heads.
    flow.text(draw, 24, y + 14, t(lang, "rendering.summary.place"), c.SMALL, "#A8B8C8", bold=True, rtl=rtl)
    flow.text(draw, 150, y + 14, t(lang, "rendering.summary.player"), c.SMALL, "#A8B8C8", bold=True, rtl=rtl)
    flow.text(draw, WIDTH - 24, y + 14, t(lang, "rendering.summary.points"), c.SMALL, "#A8B8C8", align="right",
              bold=True, rtl=rtl)
    y += 52
    for i, seat in enumerate(seats):
        top = y + i * ROW_H
        if i % 2 == 0:
            draw.rectangle((12, top, WIDTH - 12, top + ROW_H - 4), fill="#2B3B49")
        place = places.get(seat)
        if place is not None:
            flow.pill(draw, 24, top + 8, c.ordinal(lang, place), MEDALS.get(place, "#4F6272"), rtl=rtl)
        # the seat's label in its colour, as the table shows them (one naming of seats)
        label, colour = art(game_id).seat_tag(seat, teams.get(seat), lang)
        name_x = 146 + flow.pill(draw, 136, top + 8, label, colour)
        flow.text(draw, name_x, top + 10, c.seat_name(names, seat, lang), c.BODY, c.WHITE, bold=place == 1,
                  max_width=WIDTH - name_x - 200, name=True)
        value = points.get(seat)
        if value is not None:
            flow.text(draw, WIDTH - 24, top + 10, _fmt_number(value, lang), c.BODY, c.WHITE, align="right", bold=True)
    if history:
        y0 = y + ROW_H * len(seats) + 16
        flow.text(draw, 24, y0, t(lang, "rendering.summary.history"), c.SMALL, "#A8B8C8", bold=True, rtl=rtl)
        cell = (WIDTH - 48) // per_row
        for k, (label, colour) in enumerate(history):
            row, col = divmod(k, per_row)
            flow.pill(draw, 24 + col * cell, y0 + 34 + 40 * row, label, colour, max_width=cell - 8, rtl=rtl)
    foot = []
    for key in ("hands", "rounds"):
        if isinstance(data.get(key), int):
            foot.append(t(lang, f"rendering.summary.{key}", n=data[key]))
    if foot:
        flow.text(draw, 24, height - 44, " · ".join(foot), c.SMALL, "#A8B8C8", max_width=WIDTH - 48, rtl=rtl)
    return img


def draw_leaderboard(rows: Sequence[Mapping[str, Any]], title: str, lang: str) -> Image.Image:
    """Ranked rows: position, name, rating, games, wins and points (missing columns stay blank);
    mirrored for a right-to-left reader (position at the right, numbers to the left)."""
    shown = list(rows)[:MAX_ROWS]
    height = 84 + 52 + ROW_H * max(1, len(shown)) + 24
    img, draw = c.canvas(WIDTH, height, "#22303C")
    flow = Flow(WIDTH, lang)
    rtl = c.para(lang)
    draw.rectangle((0, 0, WIDTH, 70), fill="#15202A")
    flow.text(draw, 24, 16, title, c.TITLE, c.WHITE, bold=True, max_width=WIDTH - 48, rtl=rtl)
    columns = (("rating", 620), ("games", 740), ("wins", 860), ("points", WIDTH - 24))
    y = 84
    flow.text(draw, 24, y + 14, "#", c.SMALL, "#A8B8C8", bold=True)
    flow.text(draw, 100, y + 14, t(lang, "rendering.summary.player"), c.SMALL, "#A8B8C8", bold=True, rtl=rtl)
    for key, x in columns:
        flow.text(draw, x, y + 14, t(lang, f"rendering.leaderboard.{key}"), c.SMALL, "#A8B8C8", align="right",
                  bold=True, max_width=110, rtl=rtl)
    y += 52
    if not shown:
        tx.draw_text(draw, (WIDTH / 2, y + 10), t(lang, "rendering.no_rows"), c.BODY, c.WHITE, align="center")
    for i, row in enumerate(shown):
        top = y + i * ROW_H
        if i % 2 == 0:
            draw.rectangle((12, top, WIDTH - 12, top + ROW_H - 4), fill="#2B3B49")
        rank = int(row.get("rank", i + 1))
        flow.pill(draw, 20, top + 8, number(lang, rank), MEDALS.get(rank, "#4F6272"))
        name = str(row.get("name") or "") or t(lang, "rendering.seat", n=i + 1)
        flow.text(draw, 100, top + 10, name, c.BODY, c.WHITE, bold=rank == 1, max_width=620 - 100 - 110, name=True)
        for key, x in columns:
            value = row.get(key)
            if value is not None:
                flow.text(draw, x, top + 10, _fmt_number(value, lang), c.BODY, c.WHITE, align="right", max_width=110)
    return img
