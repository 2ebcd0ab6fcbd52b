"""Worlds the hard player imagines: never against a hard fact, and better guesses when weighed by evidence."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.goita import State, apply, choose_action, legal_actions, new_game, to_act, view
from bot.games.goita.actions import PASS, PLAYS, Action, Play
from bot.games.goita.ai import solve_worlds
from bot.games.goita.inference import Inference, World
from bot.games.goita.pieces import COPIES, GYOKU, IDS, NUM_PIECES, SHI
from bot.games.goita.policy import easy_move
from bot.games.goita.solver import NO_ATTACK, Position, Solver, to_types

from .helpers import crafted

TYPE8 = (0, 0, 1, 2, 3, 4, 5, 6, 7)


def positions(level: str, count: int, seed0: int, left: int = 32,
              options: dict[str, Any] | None = None) -> list[State]:
    """Positions of the first round with at most ``left`` pieces in hands, reached by ``level`` play."""
    out: list[State] = []
    seed = seed0
    while len(out) < count:
        seed += 1
        state = new_game(4, seed, options)
        rng = random.Random(seed)
        stop = rng.randrange(4, 30)
        for _ in range(200):
            if state.phase == "over" or state.round_no != 1:
                break
            if state.phase == "play" and (sum(state.sizes) <= left and len(state.history) >= min(stop, 30)):
                out.append(state)
                break
            seat = min(to_act(state))
            legal = legal_actions(state, seat)
            apply(state, seat, choose_action(view(state, seat), legal, level, rng))
    return out


def replay(state: State, seat: int, world: World) -> None:
    """Deal the world's starting hands and replay the round's history through the engine: every
    action must be legal (R6.3–R6.11, R6.9 kings included) and the pawn check (R5) must agree."""
    v = view(state, seat)
    start = [h[:] for h in world.hands]
    for s in range(4):
        for col, first in zip(v.table[s], world.firsts[s], strict=True):
            assert 0 <= first < NUM_PIECES
            if col.first is not None:
                assert first == IDS.index(col.first)               # face-up pieces stay what they are
            start[s][first] += 1
            start[s][IDS.index(col.attack)] += 1
    # counts: every piece exactly once; every hand as big as the view says; the viewer's own hand as it is
    assert [sum(h[p] for h in start) for p in range(NUM_PIECES)] == list(COPIES)
    assert [sum(h) for h in world.hands] == list(state.sizes)
    assert world.hands[seat] == state.hands[seat]
    # the pawn check: nobody started with 6+ pawns, and 5 exactly for the seats shown to hold five
    for s in range(4):
        assert start[s][SHI] <= 5
        assert (start[s][SHI] == 5) == state.goshi[s]
    game = crafted([" ".join(IDS[p] for p in range(NUM_PIECES) for _ in range(h[p])) for h in start],
                   dealer=state.dealer, **state.options)
    game.goshi = list(state.goshi)
    played = [0, 0, 0, 0]
    for step in v.history:
        action: Action
        if step.kind == "pass":
            action = PASS
        else:
            assert step.attack is not None
            first = world.firsts[step.seat][played[step.seat]]
            played[step.seat] += 1
            action = PLAYS[step.kind == "lead"][first][IDS.index(step.attack)]
        assert action in legal_actions(game, step.seat), (step, action)
        apply(game, step.seat, action)


def test_drawn_worlds_never_contradict_a_hard_fact() -> None:
    king_facts = goshi_seen = 0
    for level, options in (("random", {"king_final_attack": False}), ("easy", {"king_final_attack": True}),
                           ("random", {"king_final_attack": True})):
        for state in positions(level, 40, 100 if level == "easy" else 200, options=options):
            seat = state.turn
            infer = Inference(view(state, seat))
            king_facts += infer.king is not None
            goshi_seen += any(state.goshi)
            rng = random.Random(seat)
            for _ in range(15):
                replay(state, seat, infer.draw(rng))
    assert king_facts >= 2 and goshi_seen >= 1              # the R6.9 and five-pawn facts were exercised


def test_a_king_attack_before_any_king_is_up_places_the_other_king_with_the_attacker() -> None:
    # East holds both kings and attacks with 王 at once (R6.9(b)): 玉 stays with East in every world
    state = crafted(["gon shi shi shi kin kin gin gin", "ou gyoku hisha kaku kin gin bakko gon",
                     "shi shi shi hisha kaku kin gin bakko", "shi shi shi shi bakko bakko gon gon"], dealer=0)
    apply(state, 0, PLAYS[1][8][7])                         # South leads し face down, 香
    apply(state, 1, PASS)
    apply(state, 2, PASS)
    apply(state, 3, PLAYS[0][7][7])                         # West blocks 香, attacks 香
    apply(state, 0, PASS)
    apply(state, 1, PASS)
    apply(state, 2, PASS)
    apply(state, 3, PLAYS[1][6][6])                         # West leads 馬 face down, attacks 馬
    apply(state, 0, PASS)
    apply(state, 1, PLAYS[0][6][0])                         # East blocks 馬 with 馬, attacks 王
    infer = Inference(view(state, 2))
    assert infer.king is not None and infer.king[:2] == (1, 1)
    rng = random.Random(0)
    for _ in range(50):
        world = infer.draw(rng)
        assert world.hands[1][1] == 1
        replay(state, 2, world)


def overlap(state: State, worlds: list[World], seat: int) -> float:
    """The share of the other seats' hands that the worlds place correctly, on average."""
    good = total = 0
    for world in worlds:
        for s in range(4):
            if s != seat:
                good += sum(min(a, b) for a, b in zip(world.hands[s], state.hands[s], strict=True))
                total += state.sizes[s]
    return good / total


def test_weighting_by_the_others_actions_guesses_hands_better_than_uniform_worlds() -> None:
    weighted = uniform = 0.0
    states = positions("easy", 25, 300, left=18)
    for i, state in enumerate(states):
        infer = Inference(view(state, state.turn))
        weighted += overlap(state, infer.sample(random.Random(i), 100, weighted=True), state.turn)
        uniform += overlap(state, infer.sample(random.Random(i), 100, weighted=False), state.turn)
    assert weighted / len(states) > uniform / len(states) + 0.03


def test_a_weight_below_its_floor_is_zero_and_every_other_weight_is_exact() -> None:
    # hard stops weighing a world once it is sure to count for nothing beside a heavier one: the floor
    # must never change a weight that reaches it, and must zero every one that does not
    cut = 0
    for i, state in enumerate(positions("easy", 12, 700, left=18)):
        infer = Inference(view(state, state.turn), Solver())
        rng = random.Random(i)
        for _ in range(20):
            world = infer.draw(rng)
            full = infer.weight(world)
            assert 0.0 < full <= 1.0
            for floor in (full / 3, full, min(full * 3, 1.0), 1.0):
                assert infer.weight(world, floor) == (full if full >= floor else 0.0)
            cut += full < 1.0
    assert cut > 50                                     # most worlds explain something less than perfectly


def test_the_model_of_the_others_is_exactly_the_easy_player() -> None:
    # inference explains the others' actions with easy_move: on any position it must choose what easy
    # chooses, or the true hands would be judged unlikely
    checked = 0
    for level, options in (("easy", {"king_final_attack": False}), ("random", {"king_final_attack": True})):
        for state in positions(level, 60, 400, options=options):
            seat = state.turn
            v = view(state, seat)
            legal = legal_actions(state, seat)
            easy = choose_action(v, legal, "easy", random.Random(0))
            down = [0] * NUM_PIECES
            public = [0] * NUM_PIECES
            for cols in v.table:
                for col in cols:
                    public[IDS.index(col.attack)] += 1
                    if col.first is not None:
                        if col.face_down:
                            down[IDS.index(col.first)] += 1
                        else:
                            public[IDS.index(col.first)] += 1
            faceup = sum(1 for cols in v.table for col in cols for p in (col.attack, None if col.face_down
                         else col.first) if p is not None and IDS.index(p) <= GYOKU)
            assert faceup == v.faceup_kings
            want = (easy.first, easy.attack) if isinstance(easy, Play) else (-1, -1)
            got = easy_move(list(state.hands[seat]), down, public, faceup, bool(options["king_final_attack"]),
                            v.leading, -1 if v.attack is None else IDS.index(v.attack),
                            v.attacker is not None and v.attacker == (seat + 2) % 4)
            assert got == want, (v.hand, v.history[-3:])
            checked += 1
    assert checked == 120


def late_positions(count: int, seed0: int) -> list[State]:
    """First-round positions reached by easy play where every seat holds at most 4 pieces and the seat
    to act has more than one distinct move (issue 29's late positions)."""
    out: list[State] = []
    seed = seed0
    while len(out) < count:
        seed += 1
        state = new_game(4, seed)
        rng = random.Random(seed)
        while state.phase == "play" and state.round_no == 1:
            seat = min(to_act(state))
            legal = legal_actions(state, seat)
            if max(state.sizes) <= 4 and len({solver_move(a) for a in legal}) > 1:
                out.append(state)
                break
            apply(state, seat, choose_action(view(state, seat), legal, "easy", rng))
    return out


def solver_move(action: Action) -> tuple[int, int]:
    return (TYPE8[action.first], TYPE8[action.attack]) if isinstance(action, Play) else (-1, -1)


@pytest.mark.slow  # a statistical comparison over many positions: with ``pytest -m slow``
def test_weighting_by_evidence_picks_optimal_moves_more_often_than_uniform_worlds() -> None:
    # hard's exact decision over a fixed number of worlds (no clock): at late positions of easy play, the
    # worlds weighed by the others' actions lead to a move the perfect-information solver rates best
    # more often than worlds drawn from the hard facts alone
    agree = {True: 0, False: 0}
    decided = 0
    for i, state in enumerate(late_positions(200, 500)):
        seat = state.turn
        legal = legal_actions(state, seat)
        pos = Position([to_types(h) for h in state.hands], seat, state.attacker,
                       NO_ATTACK if state.attacker in (seat, -1) else TYPE8[state.attack],
                       state.faceup_kings > 0, bool(state.options["king_final_attack"]))
        values = dict(Solver().move_values(pos, list({solver_move(a) for a in legal})))
        best = max(values.values())
        if min(values.values()) == best:
            continue                                    # every move is optimal: nothing to tell apart
        decided += 1
        for weighted in (True, False):
            act = solve_worlds(view(state, seat), legal, random.Random(i), 40, weighted)
            agree[weighted] += values[solver_move(act)] == best
    assert decided >= 150
    assert agree[True] >= agree[False] + decided * 0.04, (agree, decided)


def test_worlds_of_the_chain_never_contradict_a_hard_fact() -> None:
    # hard's exact endgame walks from world to world by swapping two hidden pieces: every world it
    # reaches must still be a deal that could have been played as the view says
    moved = king_facts = goshi_seen = 0
    for level, options in (("random", {"king_final_attack": False}), ("easy", {"king_final_attack": True})):
        for state in positions(level, 30, 100 if level == "easy" else 200, left=20, options=options):
            seat = state.turn
            infer = Inference(view(state, seat))
            king_facts += infer.king is not None
            goshi_seen += any(state.goshi)
            rng = random.Random(seat)
            chain = infer.chain(rng, start=4, fresh=0.0)
            last = None
            for step in range(60):
                world = next(chain)
                if step % 6 == 0:
                    replay(state, seat, world)
                moved += last is not None and world is not last
                last = world
    assert moved > 300 and king_facts >= 1 and goshi_seen >= 1   # it moved; R6.9 and R5.6 were exercised


class _Toy(Inference):
    """Inference with a weight that only looks at the pawns of the seat after the viewer (cheap, known)."""

    def weight(self, world: World, floor: float = 0.0) -> float:
        w = 0.3 ** world.hands[(self.me + 1) % 4][SHI]
        return w if w >= floor else 0.0


def test_the_chain_finds_worlds_in_proportion_to_prior_times_weight() -> None:
    # Metropolis-Hastings must keep the deal's prior (two pieces swapped as often as swapped back) and
    # weigh by ``weight``: the chain's mean pawn count for the weighed seat matches importance weighting
    # of independent draws, and it is far from the unweighted mean
    for state in positions("random", 3, 900, left=20):
        infer = _Toy(view(state, state.turn))
        nxt = (state.turn + 1) % 4
        rng = random.Random(1)
        draws = [infer.draw(rng) for _ in range(6000)]
        weights = [infer.weight(w) for w in draws]
        weighted = sum(w.hands[nxt][SHI] * x for w, x in zip(draws, weights, strict=True)) / sum(weights)
        plain = sum(w.hands[nxt][SHI] for w in draws) / len(draws)
        chain = infer.chain(random.Random(2))
        walked = [next(chain).hands[nxt][SHI] for _ in range(6000)]
        assert abs(sum(walked) / len(walked) - weighted) < 0.12, (weighted, plain)
        assert plain - weighted > 0.25                  # (200,000 steps: within 0.01 of the weighted mean)
