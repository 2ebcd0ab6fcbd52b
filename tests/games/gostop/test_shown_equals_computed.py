"""Issue #44: every number the Go-Stop panel and table state is the engine's own answer.

Seeded random games under several option sets are played through a ``GameSession`` holding a ``LiveGame``,
as the Discord layer holds them. After every move the hand panel of the seat to act (its lines and the labels
of its buttons), the table's lines and public buttons, the clock's answers (window, reminder, what a timeout
does) and, at a hand's end, the summary are read in English and each figure in them is compared with the
engine's scoring, settlement and timing functions called on the state.
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.games.gostop import legal_actions
from bot.games.gostop.scoring import go_terms, nagari_mult, settlement
from bot.games.gostop.timing import TIMING, TURN_SECONDS, safe_choice, safe_choice_words
from bot.games.live import LiveGame
from cogs.table.controls import controls_for, seating_for
from cogs.table.controls.gostop_summary import names
from cogs.table.session import GameSession, Seat

from .test_go_label import _said

CONTROLS = controls_for("gostop")
#: option sets that change what the panel and the table say (Go terms, nagari, presets, junk hand-overs, …)
GAMES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (2, {"preset": "matgo"}),
    (2, {"go_linear": True, "nagari_cumulative": False}),
    (3, {"go_scoring": "plus_n", "go_add_dropped_at_3": True, "steal_choice": "ask"}),
    (3, {"go_add_dropped_at_3": True, "missions": True, "syodang": True}),
    (4, {"gwangpalli": True, "shake_nov_dec_x4": True}),
]
POINTS = r"(\d+) points?"
SEEDS = 8


def _session(seats: int, seed: int, options: dict[str, Any]) -> GameSession:
    options = {"rounds": 2, **options}
    session = GameSession(id=1, game="gostop", guild_id=1, channel_id=1, host_id=10, options=dict(options), seed=seed,
                          seats=[Seat("Alice", user_id=10), Seat("Bob", user_id=11)]
                          + [Seat(f"CPU{i}", ai="easy") for i in range(seats - 2)], phase="playing")
    session.live = LiveGame.start("gostop", seats, seed, options)[0]
    return session


def _labels(items: list[Any] | None) -> list[str]:
    return [str(item.item.label) for item in items or [] if isinstance(item.item, discord.ui.Button)]


def _check_button(label: str, st: Any, seat: int, who: list[str], seen: set[str]) -> None:
    if label.startswith("Go #"):
        seen.add("go")
        before = go_terms(st.options, st.gos[seat])[0]
        count, go_add, go_mult = _said(label, before)
        assert (count, go_add, go_mult) == (st.gos[seat] + 1, *go_terms(st.options, st.gos[seat] + 1)), label
    elif label.startswith("Stop — "):
        seen.add("stop")
        pays = settlement(st, seat)[0]
        shown = dict(part.rsplit(" pays ", 1) for part in label.removeprefix("Stop — ").split(" · "))
        assert shown == {who[q]: str(amount) for q, amount in pays.items()}, label
    elif label.startswith("Flip only"):
        seen.add("flip")
        assert re.search(r"\((\d+) left\)", label).group(1) == str(st.credits[seat]), label  # type: ignore[union-attr]


def _check_panel(session: GameSession, st: Any, seat: int, who: list[str], seen: set[str]) -> None:
    for line in CONTROLS.panel_lines(session, seat, "en"):
        if found := re.search(r"your score (\d+), target (\d+)", line):
            seen.add("score")
            assert found.groups() == (str(st.score(seat)), str(st.target)), line
        elif found := re.search(rf"You have {POINTS}: \*\*Go\*\*", line):
            assert found.group(1) == str(st.score(seat)), line
        elif found := re.match(r"(.+) steals (\d+) junk from you", line):
            assert found.groups() == (who[st.cur["thief"]], str(st.cur["queue"][0][1])), line
            seen.add("give")
    for label in _labels(CONTROLS.panel_items(session, seat, "en", legal_actions(st, seat), 0)):
        _check_button(label, st, seat, who, seen)


def _check_table(session: GameSession, st: Any, who: list[str], seen: set[str]) -> None:
    lines = CONTROLS.table_lines(session, "en")
    banner = [line for line in lines if line.startswith("After nagari")]
    if not st.finished:
        rounds = [found for line in lines
                  if (found := re.fullmatch(rf"Round (\d+) of (\d+) · dealer (.+) · target {POINTS}", line))]
        assert len(rounds) == 1, lines
        assert rounds[0].groups() == (str(st.round_no + 1), str(st.options["rounds"]), who[st.dealer], str(st.target))
        assert len(banner) == (1 if st.nagari_streak else 0), lines
    for line in banner:
        seen.add("nagari")
        assert line == f"After nagari this round pays ×{nagari_mult(st)}.", line
    for line in lines:
        if found := re.fullmatch(rf"(.+) has {POINTS}: Go or Stop\?", line):
            assert found.groups() == (who[st.turn], str(st.score(st.turn))), line
    for label in _labels(CONTROLS.table_items(session, "en")):
        _check_button(label, st, st.turn, who, seen)


def _check_clock(session: GameSession, st: Any, seat: int) -> None:
    legal = legal_actions(st, seat)
    assert seating_for(session.game).window_seconds(session, seat) is None  # §13.4: one turn length for every decision
    assert seating_for(session.game).paced(session, TURN_SECONDS) == session.turn_timeout
    assert seating_for(session.game).timeout_outcome(session, seat) == safe_choice_words(legal) == TIMING.timeout_outcome(st, seat)
    assert seating_for(session.game).timeout_action(session, seat, legal) == safe_choice(legal)
    assert seating_for(session.game).made_for_them(session, seat, legal) == (legal[0] if len(legal) == 1 else None)


def _check_summary(session: GameSession, st: Any, events: list[Any], who: list[str], seen: set[str]) -> None:
    """The Stop's lines charge what the engine booked as the settlement; the chips line is the engine's."""
    index = next(i for i, e in enumerate(events) if e.kind == "hand_end")
    end = events[index]
    summary = CONTROLS.hand_summary(session, [e for e in events[:index] if e.visible_to is None], dict(end.data))
    session.hand_summary = summary
    lines = CONTROLS.summary_lines(session, "en", summary, final=False)
    charged = [int(found.group(1)) for line in lines if (found := re.search(r" = (\d+)$", line))]
    booked = [amount for _, _, amount, why in end.data["payments"] if why == "settlement"]
    seen.add("settlement" if booked else "summary")
    assert sum(charged) == sum(booked), (lines, end.data["payments"])
    chips = [line for line in lines if line.startswith("Chips: ")]
    assert chips == ["Chips: " + " · ".join(f"{who[s]} {c:+d}" if c else f"{who[s]} 0"
                                            for s, c in enumerate(end.data["chips"]))], lines


@pytest.mark.parametrize(("seats", "options"), GAMES, ids=lambda v: str(v))
def test_every_figure_shown_is_the_engines(seats: int, options: dict[str, Any]) -> None:
    seen: set[str] = set()
    for seed in range(SEEDS):
        session = _session(seats, seed, options)
        live = session.live
        assert live is not None
        st = live.state
        who = names(session, "en")
        rng = random.Random(seed)
        for _ in range(400):
            _check_table(session, st, who, seen)
            if st.finished:
                break
            (seat,) = live.to_act()
            _check_panel(session, st, seat, who, seen)
            _check_clock(session, st, seat)
            events = live.apply(seat, rng.choice(live.legal(seat)))
            if any(e.kind == "hand_end" for e in events):
                _check_summary(session, st, events, who, seen)
        assert st.finished
    assert {"go", "stop", "score", "settlement"} <= seen, seen
