"""Renderer benchmark over many distinct positions, warm and from a cold process.

    python -m tests.bench.rendering [--quick]

For each game, random games played by the engines give a few hundred distinct positions (the
public view at every step, and the acting seat's hand); each is rendered once:

* ``<game>_table.warm_*`` / ``<game>_hand.warm_*``: in this process, caches warm (one image of
  each kind drawn first and not counted), every position a sample;
* ``<game>_table.cold_*``: the same kind of positions rendered by fresh processes, a batch of
  positions each, every image but each process's first counted; ``<game>_table.first_*`` is that
  first image of each process alone (fonts, card art and Pillow's first use).

Each has wall-clock and CPU-time percentiles (``..._p50_ms``, ``..._cpu_p99_ms``) and its sample
count (``...n``); on a shared machine compare the CPU ones. Summaries, rule tables and the
leaderboard are one fixed picture each, timed ``repeats`` times warm. Goal (issue #25): table
picture, distinct positions, warm, p99 <= 20 ms; <= 300 KB per image.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from bot.games import GAMES
from bot.games.registry import engine
from tests.bench.timing import Samples

WARM = {True: 30, False: 600}  # distinct positions per game (and per kind), warm
COLD = {True: (1, 5), False: (6, 61)}  # (processes, positions each) per game, cold; quick: one process for all
SEED0 = {"warm": 1, "cold": 100_000}  # warm and cold positions come from different games


def positions(game_id: str, seed: int, count: int) -> Iterator[tuple[Any, Any]]:
    """``count`` distinct (public view, acting seat's view) pairs from random games from ``seed`` on."""
    from rendering.gallery import SEATS

    module = engine(game_id)
    seen: set[str] = set()
    while True:
        rng = random.Random(seed)
        state = module.new_game(SEATS[game_id], seed, None)
        for _ in range(5000):
            acting = sorted(module.to_act(state))
            if not acting:
                break
            seat = rng.choice(acting)
            public = module.view(state, None)
            key = repr(public)
            if key not in seen:
                seen.add(key)
                yield public, module.view(state, seat)
                if len(seen) >= count:
                    return
            legal = module.legal_actions(state, seat)
            if not legal or module.result(state).finished:
                break
            module.apply(state, seat, rng.choice(legal))
        seed += 1


def _render_all(game_id: str, seed: int, count: int, table: Samples, hand: Samples, kb: list[float]) -> None:
    from rendering import render_hand, render_table
    from rendering.gallery import NAMES, SEATS

    names = NAMES[: SEATS[game_id]]
    for public, private in positions(game_id, seed, count):
        with table.time():
            data = render_table(game_id, public, names)
        kb.append(len(data) / 1024)
        with hand.time():
            render_hand(game_id, private)


def _cold_child(specs: list[str]) -> None:
    """In a fresh process: for each ``game:seed:count``, render ``count`` positions; print each image's
    times as JSON."""
    found = {}
    for spec in specs:
        game_id, seed, count = spec.split(":")
        table, hand = Samples(), Samples()
        _render_all(game_id, int(seed), int(count), table, hand, [])
        found[game_id] = {"table": [table.wall, table.cpu], "hand": [hand.wall, hand.cpu]}
    print(json.dumps(found))


Cold = dict[str, dict[str, Samples]]  # game -> "table", "hand", "first" (a process's first image)


def _cold(quick: bool) -> Cold:
    """Fresh processes render positions: a batch of each game per process (quick: one for all games)."""
    processes, each = COLD[quick]
    batches = [[f"{game.id}:{SEED0['cold'] + 1000 * b}:{each}"] for game in GAMES for b in range(processes)]
    if quick:
        batches = [[spec for batch in batches for spec in batch]]
    found: Cold = {game.id: {"table": Samples(), "hand": Samples(), "first": Samples()} for game in GAMES}
    for batch in batches:
        done = subprocess.run([sys.executable, "-m", "tests.bench.rendering", "--cold", *batch],
                              capture_output=True, text=True, check=True)
        numbers = json.loads(done.stdout.strip().splitlines()[-1])
        for position, (game_id, times) in enumerate(numbers.items()):
            skip = 1 if position == 0 else 0  # the process's very first image is reported on its own
            for kind in ("table", "hand"):
                wall, cpu = times[kind]
                found[game_id][kind].wall += wall[skip:]
                found[game_id][kind].cpu += cpu[skip:]
            if position == 0:
                found[game_id]["first"].add(times["table"][0][0], times["table"][1][0])
    return found


def _fixed_cases() -> dict[str, Callable[[], bytes]]:
    """The pictures that do not change with the position: one each."""
    from rendering import render_leaderboard, render_summary, render_table
    from rendering.gallery import NAMES, SEATS, _summary, play_out, rules_table, sample_leaderboard

    cases: dict[str, Callable[[], bytes]] = {}
    for game in GAMES:
        module, state = play_out(game.id, 11)
        names = NAMES[: SEATS[game.id]]
        cases[f"{game.id}_summary"] = partial(render_summary, game.id, _summary(module, state), names)
        cases[f"{game.id}_rules"] = partial(render_table, game.id, *rules_table(game.id))
    cases["leaderboard"] = partial(render_leaderboard, sample_leaderboard() * 2, "Leaderboard")
    return cases


def run(quick: bool) -> dict[str, float]:
    """Per game and kind: ``.warm_*``, ``.cold_*`` and ``table.first_*`` (see the module's docstring)."""
    out: dict[str, float] = {}
    cold_all = _cold(quick)
    for game in GAMES:
        table, hand, kb = Samples(), Samples(), list[float]()
        _render_all(game.id, 0, 1, Samples(), Samples(), [])  # this process's first image is not a warm one
        started = time.perf_counter()
        _render_all(game.id, SEED0["warm"], WARM[quick], table, hand, kb)
        out.update(table.numbers(f"{game.id}_table.warm_"))
        out.update(hand.numbers(f"{game.id}_hand.warm_"))
        out[f"{game.id}_table.kb_max"] = round(max(kb), 1)
        cold = cold_all[game.id]
        out.update(cold["table"].numbers(f"{game.id}_table.cold_"))
        out.update(cold["hand"].numbers(f"{game.id}_hand.cold_"))
        if cold["first"].wall:
            out.update(cold["first"].numbers(f"{game.id}_table.first_"))
        print(f"  rendering {game.id}: warm table p99 {out[f'{game.id}_table.warm_cpu_p99_ms']} ms CPU over "
              f"{len(table.wall)} positions ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    repeats = 8 if quick else 60
    for kind, fn in _fixed_cases().items():
        data = fn()  # warm-up
        samples = Samples()
        for _ in range(repeats):
            with samples.time():
                fn()
        out.update(samples.numbers(f"{kind}."))
        out[f"{kind}.kb"] = round(len(data) / 1024, 1)
    return out


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--cold":
        _cold_child(sys.argv[2:])
        return
    results = run("--quick" in sys.argv)
    width = max(len(k) for k in results)
    for key, value in results.items():
        print(f"{key:<{width}}  {value:g}")


if __name__ == "__main__":
    main()
