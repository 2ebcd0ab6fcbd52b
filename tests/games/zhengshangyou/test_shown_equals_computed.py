"""Shown equals computed (#44): random Zheng Shangyou matches played through a ``GameSession`` holding a
``LiveGame``; after every move each figure the controls show (the panel's lines and button labels, the
table's turn line, the picture's counts, scores and places, the summary's points and scores, the window,
its reminder and what a timeout will do) is checked against the engine's own answer read from the state:
its hands, ``check_play`` (the reading ``apply`` uses), ``scoring.hand_points``, ``timing``'s numbers and the
move the timeout makes, worked out here from the rules (§16.6) rather than asked of the code under test.
"""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.games.core import Card, Event
from bot.games.live import LiveGame
from bot.games.zhengshangyou import TIMING, Pass, Play, Return, TakeReturn, TakeTribute, Tribute, cards_text
from bot.games.zhengshangyou.combos import Combo
from bot.games.zhengshangyou.engine import PLAY, RETURN, TAKE_RETURN, TAKE_TRIBUTE, TRIBUTE, State, check_play
from bot.games.zhengshangyou.scoring import hand_points
from bot.games.zhengshangyou.timing import AFK_AFTER_TIMEOUTS, AFK_GRACE_SECONDS, REMINDER_SECONDS
from bot.i18n import t
from cogs.table.controls import controls_for, seating_for
from cogs.table.controls.zhengshangyou import CONTROLS, Draft
from cogs.table.messages import summary_text, table_surface
from cogs.table.session import GameSession, Seat
from cogs.table.words import names
from rendering.zhengshangyou import table_model

from .helpers import table

LANG = "en"
#: (seats, seed, options): every mode, both option switches, short matches
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (4, 1, {"mode": "individual", "target_score": 3}),
    (5, 2, {"target_score": 3, "twos_natural_in_sequences": True}),
    (4, 3, {"mode": "team4", "target_score": 4, "allow_joker_pair": False}),
    (6, 4, {"mode": "team6", "target_score": 12}),
    (7, 5, {"target_score": 3, "tie_rule": "earlier_finisher"}),
]
MAX_MOVES = 1500
#: §16.6: a "Play as" select lists sets first, then sequences, then multiple sequences by larger k
ORDER = {"single": 0, "set": 1, "run": 2, "multi": 3}
#: leaders' hands with multiple sequences that read several ways (R5.6.1: six 5s or 5-5-6-6-7-7; 3x4 or 4x3)
MULTI_HANDS = ["5s 5h 2s 2h BJ RJ 9c", "4c 4d 4h 5c 5d 5h 6c 6d 2c 2d BJ RJ"]


def session_for(seats: int, seed: int, options: dict[str, Any]) -> GameSession:
    """A started game as the Discord layer holds it: two people, computers elsewhere."""
    session = GameSession(id=1, game="zhengshangyou", guild_id=1, channel_id=1, host_id=10, options=dict(options),
                          seed=seed, seats=[Seat("Alice", user_id=10), Seat("Bob", user_id=11)]
                          + [Seat(f"CPU{i}", ai="easy") for i in range(seats - 2)], phase="playing")
    session.live = LiveGame.start("zhengshangyou", seats, seed, options)[0]
    return session


def hand_line(hand: list[Card]) -> str:
    return t(LANG, "zhengshangyou.ui.hand", count=len(hand), cards=cards_text(sorted(hand)) or "—")


def reading_words(combo: Combo) -> str:
    """The "Play as" words for a reading the engine made (``check_play``): its shape and its flags."""
    if combo.kind == "multi":
        text = t(LANG, "zhengshangyou.ui.reading.multi", k=combo.k, m=combo.m)
    else:
        text = t(LANG, f"zhengshangyou.ui.reading.{combo.kind}", n=combo.n)
    flags = [t(LANG, "zhengshangyou.ui.reading.suited")] if combo.kind in ("run", "multi") and combo.suited else []
    if not combo.pure:
        flags.append(t(LANG, "zhengshangyou.ui.reading.impure"))
    return f"{text} ({', '.join(flags)})" if flags else text


def in_listed_order(state: State, seat: int, plays: list[Play]) -> list[Play]:
    def key(play: Play) -> tuple[int, int]:
        combo = check_play(state, seat, play)
        return ORDER[combo.kind], -combo.k if combo.kind == "multi" else 0
    return sorted(plays, key=key)


def select(items: list[discord.ui.Item[Any]], verb: str) -> discord.ui.Select[Any] | None:
    found = [i.item for i in items if getattr(i, "verb", None) == verb and isinstance(i.item, discord.ui.Select)]
    return found[0] if found else None


def buttons(items: list[discord.ui.Item[Any]], verb: str) -> list[discord.ui.Button[Any]]:
    return [i.item for i in items if getattr(i, "verb", None) == verb and isinstance(i.item, discord.ui.Button)]


def expected_outcome(state: State) -> str:
    """§16.6 in words, from the phase and the table alone."""
    if state.phase == PLAY:
        return "pass" if state.top_combo is not None else "lowest_single"
    return {TRIBUTE: "tribute_top", RETURN: "return_low", TAKE_TRIBUTE: "take_higher",
            TAKE_RETURN: "take_higher"}[state.phase]


def expected_timeout_move(state: State, seat: int) -> Any:
    """§16.6's move for ``seat``: pass when following, the lowest single when leading, a top card in suit order
    as tribute, the lowest card as return, the higher card when choosing (a tie: the last player's tribute,
    1st place's return)."""
    hand = state.hands[seat]
    if state.phase == PLAY:
        return Pass() if state.top_combo is not None else Play((min(hand),))
    if state.phase == TRIBUTE:
        top = max(c.rank for c in hand)
        return Tribute(min(c for c in hand if c.rank == top))
    if state.phase == RETURN:
        return Return(min(hand))
    assert state.prev_order is not None
    if state.phase == TAKE_TRIBUTE:
        pool, favourite, kind = state.ex_tributes, state.prev_order[-1], TakeTribute
    else:
        pool, favourite, kind = state.ex_returns, state.prev_order[0], TakeReturn
    best = max(card.rank for _, card in pool)
    tied = [(giver, card) for giver, card in pool if card.rank == best]
    return kind(next((card for giver, card in tied if giver == favourite), tied[0][1]))


def check_timing(session: GameSession, state: State, seen: set[str]) -> None:
    assert session.live.away_after() == AFK_AFTER_TIMEOUTS == 2
    assert session.live.away_grace() == AFK_GRACE_SECONDS == 5.0
    for seat in sorted(session.live.to_act()):  # type: ignore[union-attr]
        assert seating_for(session.game).window_seconds(session, seat) is None  # §16.6: one turn timer for every decision
        assert session.live.reminder(session.turn_timeout) == REMINDER_SECONDS == 20.0
        words = seating_for(session.game).timeout_outcome(session, seat)
        assert words == expected_outcome(state)
        seen.add(words)
        legal = session.live.legal(seat)  # type: ignore[union-attr]
        move = seating_for(session.game).timeout_action(session, seat, legal)
        assert move == expected_timeout_move(state, seat), (words, move)


def check_panel(session: GameSession, state: State, seat: int, rng: random.Random, seen: set[str],
                picked: tuple[Card, ...] | None = None) -> None:
    """The panel's text and components against the state (the engine's own hands, top play and readings);
    ``picked``: the cards ticked in the composer (else, often, those of a random ambiguous lead)."""
    live = session.live
    assert live is not None
    hand = state.hands[seat]
    lines = CONTROLS.panel_lines(session, seat, LANG)
    assert lines[0] == hand_line(hand)
    if state.phase != PLAY:
        assert lines == [hand_line(hand)]
        return
    seat_names = names(session, LANG)
    if state.top_combo is not None:
        assert state.top_seat is not None
        assert lines[1] == t(LANG, "zhengshangyou.ui.to_beat", top=cards_text(state.top_cards),
                             player=seat_names[state.top_seat])
    legal = live.legal(seat)
    on_turn = state.turn == seat
    ambiguous = [a for a in legal if isinstance(a, Play) and a.as_]
    if picked is None and ambiguous and rng.random() < 0.9:
        picked = rng.choice(ambiguous).cards
    if picked is not None:  # a selection of several readings: the "Play as" select
        session.ui.setdefault("drafts", {})[str(seat)] = Draft(set(picked))
    items = CONTROLS.panel_items(session, seat, LANG, legal, 0)
    if not hand:
        assert items is None
        return
    assert items is not None
    play, pass_ = buttons(items, "zs_play")[0], buttons(items, "zs_pass")[0]
    assert play.disabled == (not on_turn)
    assert pass_.disabled == (not on_turn or state.top_combo is None)  # §16.3: no pass on a lead
    quick = select(items, "zs_quick")
    if on_turn:
        assert quick is not None
        for option in quick.options:
            action = legal[int(option.value)]
            if isinstance(action, Pass):
                assert option.label == t(LANG, "zhengshangyou.action.pass")
            elif action.as_:
                seen.add("quick play as")
                assert option.label == t(LANG, "zhengshangyou.ui.quick.play_as", cards=cards_text(action.cards),
                                         reading=reading_words(check_play(state, seat, action)))[:100]
            else:
                assert option.label == t(LANG, "zhengshangyou.ui.quick.play", cards=cards_text(action.cards))[:100]
    else:
        assert quick is None
    draft: Draft = CONTROLS._draft(session, seat)
    play_as = select(items, "zs_as")
    readings = [a for a in legal if isinstance(a, Play) and draft.cards
                and sorted(a.cards) == sorted(draft.cards)]
    if len(readings) > 1:
        listed = in_listed_order(state, seat, readings)
        assert play_as is not None
        assert [o.value for o in play_as.options] == [p.as_ or "-" for p in listed]
        assert [o.label for o in play_as.options] == [
            reading_words(check_play(state, seat, p))[:100] for p in listed]
        # §16.6: the prompt left unanswered leads the first reading it lists
        assert seating_for(session.game).timeout_action(session, seat, legal) == listed[0]
        seen.add("play as")
        session.ui["drafts"].pop(str(seat))
    else:
        assert play_as is None


def check_table(session: GameSession, state: State) -> None:
    """The table's turn line and the picture's figures: counts, scores, places, whose turn."""
    seat_names = names(session, LANG)
    to_act = sorted(session.live.to_act())  # type: ignore[union-attr]
    assert to_act == sorted(session.live.engine.to_act(state))  # type: ignore[union-attr]
    assert CONTROLS.table_lines(session, LANG) == []
    content = table_surface(session, LANG, b"").content
    if to_act:
        who = [f"<@{session.seats[s].user_id}>" if session.seats[s].user_id else seat_names[s] for s in to_act]
        assert t(LANG, "games.table.turn", who=", ".join(who)) in content
    model = table_model(session.view(None), seat_names, LANG)
    places = {seat: i + 1 for i, seat in enumerate(state.out)}
    for seat, shown in enumerate(model.seats):
        assert shown.count == t(LANG, "rendering.count", n=len(state.hands[seat]))
        assert shown.place == places.get(seat)
        assert shown.turn == (state.phase == PLAY and state.turn == seat)
        if state.team_scores is None:
            assert shown.note == t(LANG, "rendering.score", n=state.scores[seat])
    if state.team_scores is not None:
        assert [value for _, value, _ in model.scores] == [str(v) for v in state.team_scores]


def check_summary(session: GameSession, state: State, before: tuple[list[int], list[int] | None],
                  events: list[Event], seen: set[str]) -> None:
    """A hand's end: the summary's points and scores are the engine's scoring of the finishing order."""
    for index, event in enumerate(events):
        if event.kind != "hand_end":
            continue
        order = list(event.data["order"])
        seat_pts, team_pts = hand_points(state.mode, order)
        assert event.data["points"] == seat_pts and event.data["team_points"] == team_pts
        assert event.data["scores"] == [a + b for a, b in zip(before[0], seat_pts, strict=True)]
        if before[1] is not None:
            assert team_pts is not None
            assert event.data["team_scores"] == [a + b for a, b in zip(before[1], team_pts, strict=True)]
        seen.add("summary")
        data = CONTROLS.hand_summary(session, [e for e in events[:index] if e.visible_to is None], dict(event.data))
        final = state.finished
        text = summary_text(session, LANG, data, final)
        seat_names = names(session, LANG)
        for place, seat in enumerate(order, 1):
            line = " ".join([t(LANG, "games.summary.place", place=place), seat_names[seat],
                             t(LANG, "games.summary.points", points=seat_pts[seat]),
                             *([] if final else [t(LANG, "games.summary.score", score=event.data["scores"][seat])])])
            assert line in text.split("\n"), (line, text)
        if not final:  # §16.4: the next leader and the pit, who give tribute now
            assert data["next_leader"] == state.leader and data["pit"] == order[-2:]
            assert state.phase == TRIBUTE or {s for s, _ in state.ex_tributes} <= set(order[-2:])
            assert t(LANG, "seats.zsy.next_hand", leader=seat_names[state.leader],
                     pit=", ".join(seat_names[s] for s in order[-2:])) in text


@pytest.mark.parametrize(("seats", "seed", "options"), GAMES)
def test_every_figure_shown_is_the_engines(seats: int, seed: int, options: dict[str, Any]) -> None:
    assert controls_for("zhengshangyou") is CONTROLS
    session = session_for(seats, seed, options)
    live = session.live
    assert live is not None and live.timing is TIMING
    state: State = live.state
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(MAX_MOVES):
        check_table(session, state)
        if state.finished:
            break
        check_timing(session, state, seen)
        for seat in range(seats):
            check_panel(session, state, seat, rng, seen)
        seat = rng.choice(sorted(live.to_act()))
        legal = live.legal(seat)
        before = (list(state.scores), None if state.team_scores is None else list(state.team_scores))
        events = live.apply(seat, rng.choice(legal))
        check_summary(session, state, before, events, seen)
    assert state.finished
    # the timeout outcomes of play and of the exchange were checked, and at least one hand's summary
    assert {"pass", "lowest_single", "return_low", "take_higher", "summary"} <= seen, seen


def test_the_readings_of_ambiguous_leads_shown_are_the_engines() -> None:
    """Leads whose cards read several ways (R5.6.2), from many deals: the quick-play labels, the "Play as"
    select's order and labels and what its timeout leads."""
    seen: set[str] = set()
    prompts: set[str] = set()
    for seed in range(40 + len(MULTI_HANDS)):
        seats = 4 + seed % 5 if seed < 40 else 4
        session = session_for(seats, seed, {"twos_natural_in_sequences": seed % 2 == 1})
        assert session.live is not None
        if seed >= 40:  # multiple sequences read several ways (R5.6.2): dealt by hand
            session.live.state = table([MULTI_HANDS[seed - 40], "3c 4s", "3d 7d", "3h 7h"])
        state: State = session.live.state
        seat = state.turn
        selections = {tuple(sorted(a.cards)) for a in session.live.legal(seat)  # type: ignore[union-attr]
                      if isinstance(a, Play) and a.as_}
        for cards in sorted(selections)[:40]:
            check_panel(session, state, seat, random.Random(seed), seen, cards)
            assert "play as" in seen
            seen.discard("play as")
            prompts |= {check_play(state, seat, a).kind for a in session.live.legal(seat)  # type: ignore[union-attr]
                        if isinstance(a, Play) and tuple(sorted(a.cards)) == cards}
    assert prompts >= {"set", "run", "multi"} and "quick play as" in seen, (prompts, seen)
