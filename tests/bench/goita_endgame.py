"""Issue 29's measurement: hard against a perfect-information player in the second half of a deal.

Every seat plays easy until at most ``LEFT`` pieces are left in hands; from there one team is hard
(it sees its own view) and the other a perfect player (it sees every hand and plays a move the
exact solver rates best). Each deal is played twice with the teams swapped, so the luck of the
deal cancels. Reported: hard's mean points per deal (its team's round points, negative when the
other team goes out) with a 95% interval over deal pairs, the share of hard's decisions with every
seat at <= 4 pieces where its move is one the solver rates optimal (easy's share at the same
positions too), and the same with worlds drawn uniformly (no weighting by the others' actions).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from bot.games import goita
from bot.games.goita import ai as goita_ai
from bot.games.goita.actions import Action, Play
from bot.games.goita.engine import State
from bot.games.goita.solver import NO_ATTACK, Move, Position, Solver, to_types

LEFT = 18
LATE = 4
_TYPE8 = (0, 0, 1, 2, 3, 4, 5, 6, 7)

Player = Callable[[goita.View, list[Action], random.Random], Action]


def _move(act: Action) -> Move:
    return (_TYPE8[act.first], _TYPE8[act.attack]) if isinstance(act, Play) else (-1, -1)


def _position(state: State) -> Position:
    leading = state.turn == state.attacker
    return Position([to_types(h) for h in state.hands], state.turn, state.attacker,
                    NO_ATTACK if leading or state.attack < 0 else _TYPE8[state.attack], state.faceup_kings > 0,
                    bool(state.options["king_final_attack"]))


def true_values(state: State, solver: Solver, legal: list[Action]) -> dict[Move, int]:
    """The exact value of each legal action's move for the seat to act."""
    moves = list(dict.fromkeys(_move(a) for a in legal))
    return dict(solver.move_values(_position(state), moves))


def perfect_action(state: State, solver: Solver, legal: list[Action]) -> Action:
    """A move the solver rates best, the easy heuristic's favourite among equals."""
    values = true_values(state, solver, legal)
    best = max(values.values())
    order = goita_ai._shortlist(goita.view(state, state.turn), legal, len(legal))
    return next(a for a in order if values[_move(a)] == best)


def opening(seed: int) -> State | None:
    """A fresh deal played by easy everywhere down to ``LEFT`` pieces in hands (None: no such position)."""
    state = goita.new_game(4, seed)
    if state.phase != "play" or state.round_no != 1 or any(state.goshi):
        return None
    rng = random.Random(seed)
    while sum(state.sizes) > LEFT:
        seat = state.turn
        legal = goita.legal_actions(state, seat)
        goita.apply(state, seat, goita.choose_action(goita.view(state, seat), legal, "easy", rng))
        if state.round_no != 1:
            return None
    return state


def play_out(start: State, hard_team: int, hard: Player, seed: int,
             late: list[tuple[bool, bool]]) -> int:
    """The rest of the round: hard's team's points (negative when the other team goes out).

    For each decision of hard with every seat at <= LATE pieces, ``late`` gets (hard optimal, easy optimal)."""
    state = State.from_dict(start.to_dict())
    solver = Solver()
    rng = random.Random(seed * 7 + hard_team)
    while True:
        seat = state.turn
        legal = goita.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        elif seat % 2 == hard_team:
            view = goita.view(state, seat)
            action = hard(view, legal, rng)
            if max(state.sizes) <= LATE:
                values = true_values(state, solver, legal)
                best = max(values.values())
                easy = goita.choose_action(view, legal, "easy", rng)
                late.append((values[_move(action)] == best, values[_move(easy)] == best))
        else:
            action = perfect_action(state, solver, legal)
        for event in goita.apply(state, seat, action):
            if event.kind == "hand_end":
                points = int(event.data["points"])
                return points if event.data["team"] == hard_team else -points


def measure(pairs: int, hard: Player) -> dict[str, float]:
    """Mean points per deal for hard with a 95% interval, deals won, late agreement (hard and easy)."""
    per_pair: list[float] = []
    late: list[tuple[bool, bool]] = []
    won = games = 0
    seed = 0
    while len(per_pair) < pairs:
        seed += 1
        start = opening(70_000 + seed)
        if start is None:
            continue
        results = [play_out(start, team, hard, seed, late) for team in (0, 1)]
        per_pair.append(sum(results) / 2)
        won += sum(r > 0 for r in results)
        games += 2
    mean = statistics.fmean(per_pair)
    half = 1.96 * statistics.stdev(per_pair) / len(per_pair) ** 0.5 if len(per_pair) > 1 else 0.0
    return {"mean": mean, "low": mean - half, "high": mean + half, "won": won / games,
            "late_hard": sum(h for h, _ in late) / max(len(late), 1),
            "late_easy": sum(e for _, e in late) / max(len(late), 1), "late_n": len(late)}


def endgame(pairs: int, budget_s: float) -> dict[str, float]:
    out: dict[str, float] = {}
    players: dict[str, Player] = {
        "hard": lambda view, legal, rng: goita.choose_action(view, legal, "hard", rng, budget_s),
        "hard_uniform": lambda view, legal, rng: goita_ai._hard(view, legal, rng, budget_s, weighted=False),
    }
    for name, player in players.items():
        started = time.process_time()
        m = measure(pairs, player)
        cpu = time.process_time() - started
        out[f"endgame_{name}_points"] = m["mean"]
        out[f"endgame_{name}_points_low"] = m["low"]
        out[f"endgame_{name}_points_high"] = m["high"]
        out[f"endgame_{name}_deals_won"] = m["won"]
        out[f"endgame_{name}_late_agreement"] = m["late_hard"]
        print(f"{name} vs perfect information, from <= {LEFT} pieces left ({pairs} deal pairs, budget "
              f"{budget_s * 1000:.0f} ms): {m['mean']:+.2f} points per deal (95% CI {m['low']:+.2f}, "
              f"{m['high']:+.2f}), {m['won']:.0%} of deals won; late agreement (each seat <= {LATE} pieces) "
              f"{m['late_hard']:.1%} (easy at the same positions {m['late_easy']:.1%}, {m['late_n']} decisions); "
              f"{cpu:.0f} CPU s")
        if name == "hard":
            out["endgame_easy_late_agreement"] = m["late_easy"]
    return out
