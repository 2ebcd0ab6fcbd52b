"""Zheng Shangyou's pictures (§16): its public view as a climbing table, its hand; teams are A and B.

Everything drawn is the view's: counts, scores, the play to beat and its reading.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from PIL import Image

from bot.games.zhengshangyou import ComboView, View
from bot.i18n import digits, number, t

from . import climbing
from . import common as c
from .climbing import SEAT_LETTERS, SeatModel, TableModel
from .climbing import seat_tag as seat_tag  # the table's seat naming, which the summary uses too


def draw_table(view: View, names: Sequence[str], lang: str) -> Image.Image:
    return climbing.draw_table(table_model(view, names, lang), lang, names)


def draw_hand(view: View, lang: str) -> Image.Image:
    return climbing.draw_hand(t(lang, "rendering.game.zhengshangyou"), list(view.hand), lang)


def hand_key(view: View) -> Hashable:
    """The cards: all ``draw_hand`` draws."""
    return tuple(view.hand)


def team_names(lang: str) -> tuple[str, ...]:
    return ("A", "B")


def _combo_text(combo: ComboView | None, lang: str) -> str:
    if combo is None:
        return ""
    if combo.kind == "single":
        words = t(lang, "rendering.climb.combo.single")
    elif combo.kind == "set":
        words = t(lang, "rendering.climb.combo.set", n=combo.size)
    elif combo.kind == "run":
        words = t(lang, "rendering.climb.combo.run", n=combo.size)
    else:
        words = t(lang, "rendering.climb.combo.multi", ranks=combo.ranks, per=combo.per_rank)
    extras = []
    if combo.suited and combo.kind != "single":
        extras.append(t(lang, "rendering.climb.combo.suited"))
    if not combo.pure:
        extras.append(t(lang, "rendering.climb.combo.impure"))
    text = " · ".join([words, *extras])
    return f"{text} — {digits(lang, combo.reading)}" if combo.reading else text


def table_model(view: View, names: Sequence[str], lang: str) -> TableModel:
    """The Zheng Shangyou public view as a table model."""
    n = view.seats
    teams = view.teams
    places = {seat: i + 1 for i, seat in enumerate(view.out_order)}
    seats = []
    for s in range(n):
        seats.append(SeatModel(
            name=c.seat_name(names, s, lang), letter=SEAT_LETTERS[s], team=teams[s] if teams else None,
            count=t(lang, "rendering.count", n=view.counts[s]), place=places.get(s),
            passed=s in view.passed, turn=view.turn == s, dealer=view.dealer == s,
            note=t(lang, "rendering.score", n=view.scores[s]) if view.team_scores is None else "",
            note_is_figure=True,
        ))
    play_seat = view.top_seat if view.top_seat is not None and view.top_cards else None
    if play_seat is not None:
        label = t(lang, "rendering.climb.last_play", name=c.seat_name(names, play_seat, lang))
    else:
        label = t(lang, "rendering.climb.no_play")
    turn_line = ""
    if view.turn is not None:
        turn_line = t(lang, "rendering.climb.turn", name=c.seat_name(names, view.turn, lang))
    scores: tuple[tuple[str, str, int | None], ...]
    if view.team_scores is not None:
        scores = tuple((t(lang, "rendering.team", name="AB"[k]), number(lang, v), k) for k, v in enumerate(view.team_scores))
    else:
        scores = ((t(lang, "rendering.target", n=view.target_score), "", None),)
    subtitle = " · ".join([t(lang, f"rendering.climb.zsy_mode.{view.mode}"), t(lang, "rendering.hand_no", n=view.hand_no)])
    extra: tuple[str, ...] = ()
    if view.phase != "play" and view.exchange is not None:
        extra = (*extra, t(lang, "rendering.climb.exchange"))
    return TableModel(
        title=t(lang, "rendering.game.zhengshangyou"), subtitle=subtitle, seats=tuple(seats),
        play=tuple(view.top_cards), play_label=label, play_detail=_combo_text(view.top, lang), banner="",
        turn_line=turn_line, scores=scores, extra=extra, play_seat=play_seat, turn_seat=view.turn,
        play_template=climbing.template(lang, "rendering.climb.last_play"), turn_template=climbing.template(lang, "rendering.climb.turn"),
    )
