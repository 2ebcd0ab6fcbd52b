"""Shown equals computed (#44): random Gou Ji games played through a ``GameSession``; after every move each
figure the table and the panels state (scores, hand numbers, card counts, the composer's counts and preview,
the pass button, window lengths, what a timeout does, the moves made for a seat, who the computers are) is
checked against the engine's own answer, worked out from the full state by the engine's functions."""

from __future__ import annotations

import math
import random
from typing import Any

import discord
import pytest

from bot.games.core import IllegalAction
from bot.games.gouji import TIMING, Play, ShaoPai, apply, legal_actions, state_from_dict, to_act, view
from bot.games.gouji import engine as gouji
from bot.games.gouji.moves import all_sets, beating_sets
from bot.games.gouji.notation import RANK_TEXT
from bot.games.gouji.scoring import finishing_order, hand_points
from bot.games.gouji.timing import WINDOW_OUTCOMES, WINDOW_SECONDS, window_name
from bot.i18n import t
from cogs.table.controls import seating_for
from cogs.table.controls.gouji import CONTROLS
from cogs.table.controls.gouji_composer import Draft, action_for, composing, draft, grouped_hand
from cogs.table.words import names, reason
from tests.options.test_every_option import session_for

LANG = "en"
PEOPLE = (0, 1)  # session_for seats Alice and Bob; the others are computers


class _Table:
    """The part of ``TableActions`` ``computer_wait`` reads."""

    computer_delay = 1.0


def _copy(state: gouji.State) -> gouji.State:
    return state_from_dict(state.to_dict())


def _trial(state: gouji.State, seat: int, action: Any) -> list[Any] | IllegalAction:
    try:
        return apply(_copy(state), seat, action)
    except IllegalAction as err:
        return err


def _check_table(session: Any, state: gouji.State) -> None:
    """The score line: hand number, its kind, and each team's total, which the settlement of every hand
    (``scoring.hand_points`` of its finishing order) adds up to."""
    totals = [0, 0]
    for hand in state.history:
        points, _ = hand_points(hand["order"])
        totals = [totals[0] + points[0], totals[1] + points[1]]
    assert totals == state.scores
    kind = t(LANG, f"gouji.hand_kind.{state.hand_kind}")
    score = t(LANG, "gouji.ui.scores", hand=state.hand_no, kind=kind, ace=totals[0], bdf=totals[1])
    assert score in CONTROLS.table_lines(session, LANG)


def _expected_preview(session: Any, state: gouji.State, seat: int, mode: str) -> str:
    """The composer's preview as the engine, on the full state, answers the draft."""
    action = action_for(draft(session, seat), mode)
    if action is None:  # the ready-made row offers the sets, when there are any
        sets = [a for a in legal_actions(state, seat) if isinstance(a, ShaoPai if mode == "shao" else Play)]
        return t(LANG, "gouji.ui.quick.empty" if sets else "gouji.ui.preview.empty")
    play = action.play if isinstance(action, ShaoPai) else action
    answer = _trial(state, seat, action)
    if action not in legal_actions(state, seat):
        refused = reason(LANG, answer) if isinstance(answer, IllegalAction) else ""
        return t(LANG, "gouji.ui.preview.illegal", play=str(play), reason=refused)
    assert not isinstance(answer, IllegalAction)
    notes = []
    duel = [e for e in answer if e.kind == "gou_ji"]
    if play.rj:
        notes.append(t(LANG, "gouji.ui.preview.unbeatable"))
    elif duel:
        notes.append(t(LANG, "gouji.ui.preview.starts_gou_ji", target=names(session, LANG)[duel[0].data["target_seat"]]))
    if play.size == state.counts[seat]:
        notes.append(t(LANG, "gouji.ui.preview.last_cards"))
    key = "gouji.ui.preview.shao" if mode == "shao" else "gouji.ui.preview.legal"
    return " ".join([t(LANG, key, play=str(play)), *notes])


def _labels(items: list[discord.ui.Item[Any]] | None) -> tuple[list[str], list[str]]:
    """Button labels and select option labels of a panel."""
    inner = [getattr(item, "item", item) for item in items or []]  # a GameButton/GameSelect wraps its component
    buttons = [item.label or "" for item in inner if isinstance(item, discord.ui.Button)]
    options = [o.label for item in inner if isinstance(item, discord.ui.Select) for o in item.options]
    return buttons, options


def _check_panel(session: Any, state: gouji.State, seat: int, rng: random.Random) -> None:
    hand = state.hands[seat]
    legal = legal_actions(state, seat)
    mode = composing(view(state, seat), seat, legal)
    if mode in ("turn", "shao") and rng.random() < 0.5:  # a draft that may not be playable (an older one)
        pick = rng.choice(all_sets(hand))
        session.ui.setdefault("drafts", {})[str(seat)] = Draft(pick.rank or None, pick.naturals, pick.twos, pick.bj,
                                                               pick.rj)
    lines = CONTROLS.panel_lines(session, seat, LANG)
    assert lines[0] == t(LANG, "gouji.ui.hand", count=sum(hand), cards=grouped_hand(hand) or "—")
    assert sum(hand) == state.counts[seat]
    if mode in ("turn", "shao"):
        assert _expected_preview(session, state, seat, mode) in lines
    buttons, options = _labels(CONTROLS.panel_items(session, seat, LANG, legal, 0))
    if mode in ("turn", "shao"):
        sets = [a.play if isinstance(a, ShaoPai) else a for a in legal if isinstance(a, Play | ShaoPai)]
        for rank in {p.rank for p in sets if p.rank}:  # each rank the composer offers, with the count held
            assert t(LANG, "gouji.ui.rank_option", rank=RANK_TEXT[rank], n=hand[rank]) in options
    if mode == "turn" and gouji.PASS in legal:
        wind = gouji.view(state, None).wind_seat
        if state.top is not None and state.counts[state.top_seat] == 0:
            key = "gouji.ui.button.request_wind" if wind == seat else "gouji.ui.button.allow_wind"
        else:
            key = "gouji.action.pass"
        assert t(LANG, key) in buttons


_OUTCOME_MOVES = {"lowest_single": ("play",), "first_lead": ("play",), "pass": ("pass",),
                  "default_member": ("choose",), "show_threes": ("show_threes", "keep_threes"), "ready": ("ready",),
                  "agree": ("agree",), "insist": ("insist",), "no_swap": ("no_swap",),
                  "tribute_agree": ("jie_fang", "pay", "agree"), "return_lowest": ("return",)}


def _check_clock(session: Any, state: gouji.State) -> None:
    """Window lengths at the session's pace, the reminder, and what the reminder says a timeout does."""
    pace = session.turn_timeout / TIMING.turn_seconds
    for seat in to_act(state):
        name = window_name(state, seat)
        assert name is not None
        assert seating_for(session.game).window_seconds(session, seat) == WINDOW_SECONDS[name] * pace
        assert session.live.reminder(WINDOW_SECONDS[name] * pace) == 15
        outcome = seating_for(session.game).timeout_outcome(session, seat)
        move = seating_for(session.game).timeout_action(session, seat, legal_actions(state, seat))
        assert move == gouji.timeout_action(state, seat)
        assert outcome == ("first_lead" if name == "lead" and state.shao == seat else WINDOW_OUTCOMES[name])
        assert move.kind in _OUTCOME_MOVES[outcome], (outcome, move)
        if outcome == "lowest_single":
            assert move.size == 1 and move.level == min(p.level for p in all_sets(state.hands[seat]) if p.size == 1)


def _check_made_for(session: Any, state: gouji.State) -> None:
    """The computers' claims, the slot's hold, and the automatic pass of a person who opted in."""
    waiting = to_act(state)
    claimers = {s for s in range(6) if s not in waiting and s not in PEOPLE
                and any(isinstance(a, ShaoPai) for a in legal_actions(state, s))}
    assert seating_for(session.game).deciders(session) == claimers
    if state.phase == "play" and state.turn < 0 and state.candidates:
        people = any(c in PEOPLE for c in state.candidates)
        assert (seating_for(session.game).computer_wait(_Table(), session, [2]) == math.inf) == people  # type: ignore[arg-type]
    for seat in PEOPLE:
        made = seating_for(session.game).made_for_them(session, seat, legal_actions(state, seat)) if seat in waiting else None
        cannot_beat = (state.phase == "play" and (state.turn == seat or seat in state.candidates) and state.top is not None
                       and not beating_sets(state.hands[seat], state.top))
        opted = session.options.get("auto_pass_opt_in") and str(seat) in session.ui.get("autopass", {})
        assert made == (gouji.PASS if opted and cannot_beat else None), (seat, made)


@pytest.mark.parametrize(("seed", "options"), [
    (3, {"session_hands": 2, "auto_pass_opt_in": True}),
    (8, {"session_hands": 2, "public_count_display": "exact", "shao_pai_check": "penalty"}),
])
def test_what_the_table_and_panels_say_is_what_the_engine_computes(seed: int, options: dict[str, Any]) -> None:
    session = session_for("gouji", options, seed)
    session.ui["autopass"] = {"0": True}
    state = session.live.state
    rng = random.Random(seed)
    for _ in range(3000):
        if state.finished:
            break
        _check_table(session, state)
        _check_clock(session, state)
        _check_made_for(session, state)
        waiting = sorted(to_act(state) | seating_for(session.game).deciders(session))
        for seat in {rng.choice(waiting), *PEOPLE}:
            _check_panel(session, state, seat, rng)
        seat = rng.choice(waiting)
        legal = legal_actions(state, seat)
        core = [a for a in legal if a.kind in ("play", "pass", "shao_pai", "choose")] or legal
        apply(state, seat, rng.choice(core) if rng.random() < 0.7 else min(core, key=lambda a: getattr(a, "size", 0)))
    assert state.finished and len(state.history) == 2
    assert state.history[-1]["order"] == finishing_order(state.places)


def test_R8_7_the_preview_of_a_shao_pai_leader_s_last_gou_ji_set_says_the_duel_it_starts() -> None:
    """R8.7: the Shao Pai leader's final set is an ordinary play, so a Gou Ji set starts a duel (R7.2). The
    composer used to leave this note out (it re-derived the rule); it now says what the engine does."""
    from bot.games.gouji import parse_play, play_notes
    from tests.games.gouji.helpers import table

    state = table({0: "10 10 10 10 10"}, leader=0)
    state.shao = 0
    last = parse_play("10 10 10 10 10")
    assert last in legal_actions(state, 0)
    assert "gou_ji" in [e.kind for e in _trial(state, 0, last)]  # type: ignore[union-attr]
    assert play_notes(view(state, 0), last) == [("starts_gou_ji", 3), ("last_cards", None)]
