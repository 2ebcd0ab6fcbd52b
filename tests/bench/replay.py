"""Replay benchmark: what one click of the replay viewer costs, and the match summary's moving picture.

    python -m tests.bench.replay [--quick] [--write]   (also a part of ``python -m tests.bench``)

For each game, random finished games (engine against itself, seeded) are recorded as the table records
them, and then:

* ``<game>_step.*``: one viewer click's work at random steps — the record replayed from the seed to the
  step, the public view drawn (``draw_step``, what the picture process does) and the step's words
  (``step_text``) — wall clock and CPU, p50/p99; ``<game>_step_hands.*`` the same with every hand shown.
  (A step drawn before is answered from the viewer's cache without any of this.) The click's Discord side
  (one interaction response) is counted by ``tests/replay/test_step_through_discord.py``.
* ``<game>_moving.*``: the moving picture of each game's last hand as the summary carries it (timeline,
  a job per eight frames, the assembly): CPU seconds p50/max per game, its size in KB p50/max, and its
  frames; ``<game>_moving.on_by_default`` is whether the game's default (``replay_animation.py``,
  ``replay_costs.json``) is on, ``<game>_moving.within_budget`` whether this run's p50 is within
  ``BUDGET_CPU_SECONDS``; ``--write`` puts this run's p50s into ``replay_costs.json``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from datetime import UTC, datetime
from typing import Any

from bot.games import GAME_IDS, record
from bot.games.registry import engine
from bot.storage import GameRecord, Seat
from cogs.table import replay_animation
from cogs.table.replay_animation import FRAMES_PER_JOB
from cogs.table.replay_record import Tape, assemble, draw_frames, draw_step, timeline, timeline_json, unpack
from cogs.table.replay_viewer import Replay, step_text
from rendering.replay import frames_of
from tests.bench.timing import Samples, pct

GAMES = {True: 1, False: 4}  # finished games per game
STEPS = {True: 10, False: 150}  # timed clicks per game (and as many with the hands shown)


def finished_record(game: str, seed: int) -> GameRecord:
    """A random finished game of ``game``, as storage would hold it."""
    mod = engine(game)
    seats = record(game).example_seats
    state = mod.new_game(seats, seed, None)
    rng = random.Random(seed)
    log: list[list[Any]] = []
    while not mod.result(state).finished:
        seat = rng.choice(sorted(mod.to_act(state)))
        action = rng.choice(mod.legal_actions(state, seat))
        mod.apply(state, seat, action)
        log.append([seat, mod.format_action(action)])
    result = mod.result(state)
    now = datetime.now(UTC)
    return GameRecord(game_id=str(seed), guild_id=1, channel_id=1, thread_id=None, game=game, options={},
                      seats=tuple(Seat.computer("easy", f"computer-{i}") for i in range(seats)),
                      places=tuple(result.places.get(s, seats) for s in range(seats)),
                      points=tuple(result.points.get(s, 0) for s in range(seats)), seed=seed, actions=tuple(log),
                      started_at=now, ended_at=now)


def moving_picture(tape: Tape, names: list[str]) -> tuple[float, int, int]:
    """CPU seconds, bytes and frames of the last hand's moving picture, drawn as the summary draws it."""
    cpu0 = time.process_time()
    line = timeline(tape)
    timeline_json(tape)  # the summary asks the picture process for the timeline: counted as it is paid
    hand = line.steps[line.last].hand
    first = line.hand_starts.get(hand, 0)
    steps = [first + offset for offset in frames_of(line.last - first + 1)]
    frames = [frame for batch in range(0, len(steps), FRAMES_PER_JOB)
              for frame in unpack(draw_frames(tape, steps[batch:batch + FRAMES_PER_JOB], names, "en"))]
    data = assemble(frames)
    return time.process_time() - cpu0, len(data) - 1, len(frames)


def run(quick: bool) -> dict[str, float]:
    out: dict[str, float] = {"moving.budget_cpu_s": replay_animation.BUDGET_CPU_SECONDS}
    for game in GAME_IDS:
        step, hands = Samples(), Samples()
        cpu: list[float] = []
        sizes: list[float] = []
        frame_counts: list[float] = []
        rng = random.Random(7)
        for g in range(GAMES[quick]):
            rec = finished_record(game, 1000 + g)
            tape = Tape.of(game, len(rec.seats), rec.seed, rec.options, rec.actions)
            replay = Replay(rec, tape, timeline(tape))
            names = replay.names("en")
            for _ in range(STEPS[quick] // GAMES[quick]):
                k = rng.randint(0, replay.line.last)
                with step.time():
                    draw_step(tape, k, False, names, "en")
                    step_text(replay, k, False, "en")
                with hands.time():
                    draw_step(tape, k, True, names, "en")
                    step_text(replay, k, True, "en")
            seconds, size, count = moving_picture(tape, names)
            cpu.append(seconds)
            sizes.append(size / 1024)
            frame_counts.append(count)
        out |= step.numbers(f"{game}_step.")
        out |= hands.numbers(f"{game}_step_hands.")
        out |= {f"{game}_moving.cpu_p50_s": round(pct(cpu, 0.5), 2), f"{game}_moving.cpu_max_s": round(max(cpu), 2),
                f"{game}_moving.kb_p50": round(pct(sizes, 0.5), 1), f"{game}_moving.kb_max": round(max(sizes), 1),
                f"{game}_moving.frames_p50": pct(frame_counts, 0.5), f"{game}_moving.n": float(len(cpu)),
                f"{game}_moving.on_by_default": float(replay_animation.on_by_default(game)),
                f"{game}_moving.within_budget": float(pct(cpu, 0.5) <= replay_animation.BUDGET_CPU_SECONDS)}
    return out


def write_costs(numbers: dict[str, float]) -> None:
    """The measured p50 per game into ``replay_animation.COSTS_FILE``: what decides each game's default."""
    costs = {game: numbers[f"{game}_moving.cpu_p50_s"] for game in GAME_IDS}
    data = json.loads(replay_animation.COSTS_FILE.read_text(encoding="utf-8"))
    data |= {"measured_on": datetime.now(UTC).date().isoformat(), "cpu_seconds_per_hand": costs}
    replay_animation.COSTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    results = run("--quick" in sys.argv[1:])
    for key, value in results.items():
        print(f"{key:<40} {value}")
    if "--write" in sys.argv[1:]:
        write_costs(results)
        print(f"written to {replay_animation.COSTS_FILE}")
