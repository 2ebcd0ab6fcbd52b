"""Gou Ji's pictures (§13): its public view as a climbing table, its hand; teams are the seat letters ACE and BDF."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from PIL import Image

from bot.games.core.cards import RANK_VALUES, Card
from bot.i18n import number, t

from . import climbing
from . import common as c
from .climbing import SEAT_LETTERS, SeatModel, TableModel
from .climbing import seat_tag as seat_tag  # the table's seat naming, which the summary uses too


def draw_table(view: Any, names: Sequence[str], lang: str) -> Image.Image:
    return climbing.draw_table(table_model(view, names, lang), lang, names)


def draw_hand(view: Any, lang: str) -> Image.Image:
    return climbing.draw_hand(t(lang, "rendering.game.gouji"), hand_cards(view.hand), lang)


def hand_key(view: Any) -> Hashable:
    """The cards: all ``draw_hand`` draws."""
    return tuple(view.hand)


def team_names(lang: str) -> tuple[str, ...]:
    return ("ACE", "BDF")


def _gouji_cards(text: str) -> tuple[Card, ...]:
    """Suitless cards for a Gou Ji set in notation (``Q-Q-2-2``, ``BJ``)."""
    out = []
    for token in text.replace(" ", "-").split("-"):
        if not token:
            continue
        rank = RANK_VALUES.get(token.upper())
        if rank is None:
            continue
        out.append(Card(rank))
    return tuple(out)


def hand_cards(hand: Sequence[str]) -> list[Card]:
    """The private hand (rank notation) as suitless cards."""
    return [Card(RANK_VALUES[token.upper()]) for token in hand if token.upper() in RANK_VALUES]


def _answer(answer: str | None, lang: str) -> str:
    """The last public answer to "how many cards?" (R9.3)."""
    if not answer:
        return ""
    if answer.isdigit():
        return t(lang, "rendering.climb.answer.count", n=int(answer))
    return t(lang, f"rendering.climb.answer.{answer}")


def table_model(view: Any, names: Sequence[str], lang: str) -> TableModel:
    """The Gou Ji public view as a table model (counts shown as the ``bucket`` says, D-20)."""
    seats = []
    for sv in view.seats:
        if sv.bucket == "out":
            count = t(lang, "rendering.climb.out")
        elif sv.bucket in ("more", "ten_or_fewer"):
            count = t(lang, f"rendering.climb.count_{sv.bucket}")
        elif sv.bucket.isdigit():
            count = t(lang, "rendering.count", n=int(sv.bucket))
        else:
            count = "?"
        seats.append(SeatModel(
            name=c.seat_name(names, sv.seat, lang), letter=SEAT_LETTERS[sv.seat], team=sv.team, count=count,
            place=sv.place, passed=sv.passed, turn=view.turn == sv.seat,
            exposed=_gouji_cards("-".join(sv.exposed)) if sv.exposed else (),
            highlight=bool(view.duel and sv.seat in view.duel),
            note=_answer(sv.count_answer, lang) or (t(lang, "rendering.climb.ready")
                                                    if view.phase == "revolution" and view.ready[sv.seat] else ""),
            note_is_figure=bool(sv.count_answer and sv.count_answer.isdigit()),
        ))
    banner = ""
    if view.mode == "gou_ji" and view.duel:
        banner = t(lang, "rendering.climb.mode.gou_ji", a=SEAT_LETTERS[view.duel[0]], b=SEAT_LETTERS[view.duel[1]])
    elif view.mode == "shao_pai" and view.shao_seat is not None:
        banner = t(lang, "rendering.climb.mode.shao_pai", a=SEAT_LETTERS[view.shao_seat])
    elif view.mode == "wind" and view.wind_seat is not None:
        banner = t(lang, "rendering.climb.mode.wind", a=SEAT_LETTERS[view.wind_seat])
    elif view.mode == "endgame" and view.candidates:
        team = "".join(SEAT_LETTERS[s] for s in range(6) if s % 2 == view.candidates[0] % 2)
        banner = t(lang, "rendering.climb.mode.endgame", team=team)
    play: tuple[Card, ...] = ()
    play_seat, play_key = None, ""
    if view.top is not None and view.top_seat is not None:
        play_seat, play_key = view.top_seat, "rendering.climb.last_play"
        play = _gouji_cards(view.top)
    elif view.phase != "play" and view.threes_seat is not None and view.threes_cards:
        play_seat, play_key = view.threes_seat, "rendering.climb.threes"
        play = tuple(Card.parse(text) for text in view.threes_cards)
    label = t(lang, "rendering.climb.no_play") if view.phase == "play" and play_seat is None else ""
    if play_seat is not None:
        label = t(lang, play_key, name=c.seat_name(names, play_seat, lang))
    turn_line = t(lang, "rendering.climb.turn", name=c.seat_name(names, view.turn, lang)) if view.turn is not None else ""
    scores = tuple((t(lang, "rendering.team", name=name), number(lang, v), k)
                   for k, (name, v) in enumerate(zip(("ACE", "BDF"), view.team_scores, strict=True)))
    subtitle = " · ".join([t(lang, "rendering.hand_no", n=view.hand_no),
                           t(lang, f"rendering.climb.hand_kind_{view.hand_kind}")])
    extra: tuple[str, ...] = ()
    if view.phase not in ("play", "finished"):
        extra = (t(lang, "rendering.climb.phase", phase=t(lang, f"rendering.climb.phase_name.{view.phase}")),)
    return TableModel(
        title=t(lang, "rendering.game.gouji"), subtitle=subtitle, seats=tuple(seats), play=play, play_label=label,
        play_detail="", banner=banner, turn_line=turn_line, scores=scores, extra=extra,
        play_seat=play_seat, turn_seat=view.turn, play_template=climbing.template(lang, play_key) if play_key else "",
        turn_template=climbing.template(lang, "rendering.climb.turn"),
    )

