"""Shown equals computed (#44): every figure Goita's table and panels state is the engine's own answer.

Seeded random games are played through the engine (the seats to act pick random legal moves); after every
move the controls build the table lines, every seat's panel lines and the panel buttons of the seat on
turn (also with a first piece picked in the composer), and each number in them is checked against the
state and the engine's scoring and timing functions: the scores and target, the round, the deciders'
count, the last round's points (recomputed by ``scoring``), the piece counts on the panel and the buttons,
which attacks the buttons allow, the window length, the reminder and the timeout outcome the reminder
would say, the move made at once against a king and the move made at expiry.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.games.core.timing import WAIT
from bot.games.goita import (
    GOSHI_GOSHI_POINTS,
    IDLE_SECONDS,
    IDS,
    NUM_PIECES,
    PASS,
    PLAYS,
    TIMING,
    Play,
    State,
    legal_actions,
    out_points,
    parse_piece,
    pawn_hand_points,
    result,
    seat_draw,
    to_act,
)
from bot.games.goita.pieces import GYOKU, OU, SHI
from bot.games.live import LiveGame
from bot.i18n import has, t
from cogs.table.controls import STALLING, WAIT_ALONE, seating_for
from cogs.table.controls.goita import CONTROLS
from cogs.table.session import GameSession, Seat
from cogs.table.words import names

#: (options, the seats people sit in, the server's pace) of each game played
TABLES: list[tuple[dict[str, Any], tuple[int, ...], int]] = [
    ({}, (0, 1), 120),
    ({}, (0,), 45),                                          # no host option: the server's pace is the timer
    ({"turn_timeout": 24}, (0, 1, 2, 3), 45),                # the host's option wins over the pace
    ({"turn_timeout": 0}, (0, 1), 120),                      # timer off: the idle window for leaders
    ({"turn_timeout": 0}, (2,), 30),                         # timer off, nobody else to abort: no window
    ({"auto_pass_vs_king": False, "confirm_moves": True, "rokushi_pair_double": True}, (1, 3), 120),
    ({"deal_ritual": True, "opposing_goshi": "redeal", "target_score": 60}, (0, 2), 90),
    ({"reveal_all_at_round_end": False, "team_draw": "two_pairs", "king_final_attack": True}, (0, 1), 120),
]
MOVES = 260


def _session(options: dict[str, Any], people: tuple[int, ...], pace: int, seed: int) -> GameSession:
    seats = [Seat(f"P{s}", user_id=100 + s) if s in people else Seat(f"CPU{s}", ai="easy") for s in range(4)]
    session = GameSession(id=1, game="goita", guild_id=1, channel_id=1, host_id=100, options=dict(options),
                          seed=seed, seats=seats, phase="playing", turn_timeout=pace)
    session.live = LiveGame.start("goita", 4, seed, options)[0]
    return session


def _name(p: int | str) -> str:
    return t("en", f"goita.piece.{IDS[p] if isinstance(p, int) else p}")


def _names(session: GameSession) -> list[str]:
    return names(session, "en")


def _check_table(session: GameSession, state: State) -> None:
    lines = CONTROLS.table_lines(session, "en")
    seat_names = _names(session)
    points = result(state).team_points
    score_line = t("en", "goita.ui.scores", ns=points[0], ew=points[1], target=state.options["target_score"],
                   ns_names=f"{seat_names[0]} & {seat_names[2]}", ew_names=f"{seat_names[1]} & {seat_names[3]}")
    assert lines[0] == score_line + " · " + t("en", "goita.ui.round", round=state.round_no,
                                              dealer=seat_names[state.dealer])
    if state.phase == "decide":
        chosen = [s for s in state.deciders if state.decisions[s] >= 0]
        assert t("en", "goita.ui.deciding", who=", ".join(seat_names[s] for s in state.deciders),
                 chosen=len(chosen), asked=len(state.deciders),
                 waiting=", ".join(seat_names[s] for s in state.deciders if s not in chosen)) in lines
    last = state.last_round
    if last is not None:
        summary = CONTROLS.summary_lines(session, "en", {}, False)
        assert summary[0] == score_line and summary[1:] == [line for line in lines if line.startswith("Last round")]
        assert last["points"] == _round_points(state, last)
        assert any(f" {last['points']} for " in line for line in lines), lines


def _round_points(state: State, last: dict[str, Any]) -> int:
    """The last round's points by ``scoring``, from what the summary shows."""
    if last["reason"] == "goshi_goshi":
        return GOSHI_GOSHI_POINTS
    if last["reason"] == "pawns":
        counts = Counter(parse_piece(p) for p in last["shown"])
        assert counts[SHI] == last["shown"].count("shi") >= 6
        points = pawn_hand_points([counts[p] for p in range(NUM_PIECES)], state.options["rokushi_pair_double"])
        assert points is not None
        return points
    first, face_down, attack = last["table"][last["winner_seat"]][-1]
    if first is None:  # hidden: not a doubled lead (the doubled pair is always revealed)
        assert not last["doubled"]
        first = "shi" if attack != "shi" else "gon"
    points, doubled = out_points(parse_piece(first), parse_piece(attack), face_down)
    assert doubled == last["doubled"]
    return points


def _check_panel(session: GameSession, state: State, seat: int, rng: random.Random) -> None:
    lines = CONTROLS.panel_lines(session, seat, "en")
    if state.phase == "over":
        assert lines == []
        return
    hand = state.hands[seat]
    held = " · ".join(f"{_name(p)} ×{hand[p]}" for p in range(NUM_PIECES) if hand[p])
    assert lines[0] == t("en", "goita.ui.your_pieces", pieces=held or "—")
    on_turn = state.phase == "play" and state.turn == seat
    responding = on_turn and state.turn != state.attacker
    assert (t("en", "goita.ui.king_unblockable", piece=_name(state.attack), player=_names(session)[state.attacker])
            in lines) == (responding and state.attack in (OU, GYOKU))
    assert (t("en", "goita.ui.king_rule") in lines) == (
        on_turn and (hand[OU] > 0 or hand[GYOKU] > 0) and state.faceup_kings == 0)
    if not on_turn:
        return
    legal = legal_actions(state, seat)
    buttons = CONTROLS.panel_items(session, seat, "en", legal, 0) or []
    picks = {int(b.arg): b for b in buttons if getattr(b, "verb", "") == "pick"}
    assert sorted(picks) == [p for p in range(NUM_PIECES) if hand[p]]
    usable = {a.first for a in legal if isinstance(a, Play)}
    for p, button in picks.items():
        assert f"({hand[p]})" in str(button.item.label)
        assert button.item.disabled == (p not in usable)
    if not usable:
        return
    first = rng.choice(sorted(usable))
    session.ui["first"] = {str(seat): [session.version, first]}
    try:
        attacks = [b for b in CONTROLS.panel_items(session, seat, "en", legal, 0) or []
                   if getattr(b, "verb", "") == "go"]
        left = list(hand)
        left[first] -= 1
        lead = state.turn == state.attacker
        assert [int(b.arg[2]) for b in attacks] == [p for p in range(NUM_PIECES) if left[p]]
        for button in attacks:
            attack = int(button.arg[2])
            assert f"({left[attack]})" in str(button.item.label)
            assert button.item.disabled == (PLAYS[lead][first][attack] not in legal)
    finally:
        session.ui.pop("first", None)


def _others(session: GameSession, seat: int) -> bool:
    return any(s != seat and info.user_id is not None for s, info in enumerate(session.seats))


def _check_clock(session: GameSession, state: State) -> None:
    timer = session.options.get("turn_timeout", session.turn_timeout)  # §12.10: the host's option, else the pace
    for seat in to_act(state):
        if session.seats[seat].user_id is None:
            continue
        leads = state.phase == "play" and state.turn == state.attacker
        alone = leads or state.phase == "decide"
        rules = TIMING.window(state, seat)
        assert rules == (float(state.options["turn_timeout"]) if state.options["turn_timeout"] else
                         float(IDLE_SECONDS) if alone else 0.0)
        shown = seating_for(session.game).window_seconds(session, seat)
        if timer:
            assert shown == timer
        else:
            assert shown == (IDLE_SECONDS if alone and _others(session, seat) else 0)
        assert session.live.reminder(shown or 0.0) == TIMING.reminder(state, shown or 0.0) == (
            (shown or 0.0) / 2 if timer else shown or 0.0)
        outcome = seating_for(session.game).timeout_outcome(session, seat)
        engine_says = TIMING.timeout_outcome(state, seat)
        assert outcome == (WAIT_ALONE if engine_says == WAIT and not _others(session, seat) else engine_says)
        expected = ("computer" if state.phase.startswith("ritual") else "pass" if state.phase == "play" and not leads
                    else "computer" if state.phase == "play" and timer else WAIT)
        assert engine_says == expected
        said = t("en", f"clock.outcome.{outcome}", time="<t:0:R>")  # what the reminder says
        assert has(f"clock.outcome.{outcome}") and "{" not in said
        assert outcome not in STALLING or has(f"clock.moved.{outcome}")  # and the table at expiry
        legal = legal_actions(state, seat)
        assert seating_for(session.game).timeout_action(session, seat, legal) == (PASS if PASS in legal else None)
        king = state.phase == "play" and not leads and state.attack in (OU, GYOKU) and legal == [PASS]
        assert seating_for(session.game).made_for_them(session, seat, legal) == (
            PASS if king and state.options["auto_pass_vs_king"] else None)


@pytest.mark.parametrize(("options", "people", "pace"), TABLES)
def test_every_figure_shown_is_the_engines(options: dict[str, Any], people: tuple[int, ...], pace: int) -> None:
    for seed in (3, 17):
        rng = random.Random(seed)
        session = _session(options, people, pace, seed)
        assert session.live is not None
        state: State = session.live.state
        for _ in range(MOVES):
            _check_table(session, state)
            for seat in range(4):
                _check_panel(session, state, seat, rng)
            _check_clock(session, state)
            waiting = sorted(to_act(state))
            if not waiting:
                break
            seat = rng.choice(waiting)
            session.live.apply(seat, rng.choice(legal_actions(state, seat)))


def test_the_seat_draw_lines_name_the_engines_draw() -> None:
    for options in ({}, {"team_draw": "two_pairs"}, {"team_draw": "choose"}, {"first_dealer": 2}):
        session = _session(options, (0, 1, 2, 3), 120, 11)
        lobby = list(session.seats)
        lines = CONTROLS.seat_draw(session, "en")
        draw = seat_draw(11, options)
        assert session.seats == ([lobby[i] for i in draw.order] if draw.order is not None else lobby)
        for seat, piece in enumerate(draw.pieces or ()):
            assert t("en", "goita.ui.drew", player=_names(session)[seat], piece=_name(piece),
                     seat=t("en", f"goita.seat_{'SENW'[seat]}")) in lines[0]
        first = t("en", "goita.ui.first_dealer", player=_names(session)[draw.dealer])
        assert (first in lines) == draw.dealer_drawn
        state = LiveGame.start("goita", 4, 11, options)[0].state
        assert state.dealer == draw.dealer and state.draw == (None if draw.pieces is None else
                                                              [parse_piece(p) for p in draw.pieces])
