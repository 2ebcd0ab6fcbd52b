"""A finished game's record replayed through its engine: the moment after each recorded move, what happened
there, which hand it belongs to, and its pictures.

No Discord here: the functions that replay and draw run in the picture process (``pictures.drawn``), so a
long game's replay never holds the event loop. A record is the seed, the options, the number of seats and
the action log (``(seat, notation)`` per move, in order, and ``(seat, SEAT_CHANGED)`` where a seat changed hands); ``new_game`` with the seed and the options, then
``apply`` of each move, gives back every state the game went through, exactly (the engines are
deterministic and their notation round-trips). Step ``k`` is the state after the first ``k`` moves; step 0
is the first deal.

What a step may show: the public table always; every seat's hand only where that hand has ended in the
record (a game that was abandoned mid-hand never shows that hand's cards), and never for a game that is
still running (a running game is not in the records at all: ``Storage.game_record`` reads finished games).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.games.core import Event, GameModule, IllegalAction
from bot.games.live import replay_entry
from bot.games.registry import engine


@dataclass(frozen=True)
class Tape:
    """What a replay needs of a record: plain data, picklable (it travels to the picture process)."""

    game: str
    seats: int
    seed: int
    options: Mapping[str, Any]
    actions: tuple[tuple[int, str], ...]

    @classmethod
    def of(cls, game: str, seats: int, seed: int, options: Mapping[str, Any], actions: Sequence[Any]) -> Tape:
        moves = tuple((int(entry[0]), str(entry[1])) for entry in actions)
        return cls(game, int(seats), int(seed), dict(options), moves)


@dataclass(frozen=True)
class Step:
    """One moment of the replay: who moved to reach it (None at the deal), the move's notation, the hand it
    belongs to (1 for the first) and what happened, public events only."""

    seat: int | None
    notation: str
    hand: int
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Timeline:
    """Every step of a record; ``ended``: the hands that ended within it (their cards may be shown);
    ``finished``: the game reached its end; ``broken_at``: the first move the engine refused (a record
    the engine no longer reads the same way), where the replay stops."""

    steps: tuple[Step, ...]
    ended: frozenset[int]
    finished: bool
    broken_at: int | None = None
    hand_starts: dict[int, int] = field(default_factory=dict)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def hands_shown(self, step: int) -> bool:
        """Every seat's hand may be shown at ``step``: its hand ended in the record."""
        return 0 <= step <= self.last and self.steps[step].hand in self.ended


def _public(events: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(e for e in events if e.visible_to is None)


def timeline(tape: Tape) -> Timeline:
    """The whole record replayed once: each step's move, hand and public events."""
    mod: GameModule = engine(tape.game)
    state, events = mod.new_game_with_events(tape.seats, tape.seed, tape.options)
    hand = max(1, sum(1 for e in events if e.kind == "hand_start"))
    steps = [Step(None, "", hand, _public(events))]
    ended: set[int] = set()
    broken: int | None = None
    starts = {hand: 0}
    for index, (seat, text) in enumerate(tape.actions):
        try:
            events = replay_entry(mod, state, seat, text)
        except (IllegalAction, ValueError, KeyError):
            broken = index
            break
        for event in events:
            if event.kind == "hand_end":
                ended.add(hand)
            elif event.kind == "hand_start":
                hand += 1
                starts.setdefault(hand, index + 1)
        steps.append(Step(seat, text, hand, _public(events)))  # a move that deals the next hand is in it
    finished = broken is None and mod.result(state).finished
    if finished:
        ended.update(s.hand for s in steps)
    return Timeline(tuple(steps), frozenset(ended), finished, broken, starts)


def state_after(tape: Tape, step: int) -> Any:
    """The engine's state after the first ``step`` recorded moves (what the viewer shows at that step)."""
    mod = engine(tape.game)
    state = mod.new_game(tape.seats, tape.seed, tape.options)
    for seat, text in tape.actions[:step]:
        replay_entry(mod, state, seat, text)
    return state


def timeline_json(tape: Tape) -> bytes:
    """``timeline`` as JSON bytes: what the picture process sends back (``pictures.drawn`` carries bytes)."""
    line = timeline(tape)
    return json.dumps({
        "steps": [[s.seat, s.notation, s.hand, [[e.kind, e.seat, e.data] for e in s.events]] for s in line.steps],
        "ended": sorted(line.ended), "finished": line.finished, "broken_at": line.broken_at,
        "starts": {str(h): k for h, k in line.hand_starts.items()},
    }).encode()


def timeline_from_json(data: bytes) -> Timeline:
    raw = json.loads(data)
    steps = tuple(Step(seat, notation, hand, tuple(Event(kind, who, dict(payload)) for kind, who, payload in events))
                  for seat, notation, hand, events in raw["steps"])
    return Timeline(steps, frozenset(raw["ended"]), bool(raw["finished"]), raw["broken_at"],
                    {int(h): int(k) for h, k in raw["starts"].items()})


def draw_step(tape: Tape, step: int, hands: bool, names: Sequence[str], lang: str) -> bytes:
    """The picture of one step (run in the picture process). ``hands``: the caller checked that this step's
    hand has ended (``Timeline.hands_shown``)."""
    import rendering.replay

    mod = engine(tape.game)
    state = state_after(tape, step)
    seat_views = [mod.view(state, seat) for seat in range(tape.seats)] if hands else None
    return rendering.replay.render_step(tape.game, mod.view(state, None), seat_views, names, lang)


def step_drawing(tape: Tape, step: int, hands: bool, names: Sequence[str], lang: str) -> partial[bytes]:
    return partial(draw_step, tape, step, hands, tuple(names), lang)


def draw_frames(tape: Tape, steps: Sequence[int], names: Sequence[str], lang: str) -> bytes:
    """Frames of a hand's moving picture: the public table at each of ``steps`` (ascending), replayed once
    (run in the picture process, a few frames a job: a picture someone waits for comes between two jobs).
    The frames come back packed (``unpack``): ``pictures.drawn`` carries bytes only."""
    import rendering.replay

    mod = engine(tape.game)
    state = state_after(tape, steps[0])
    at, out = steps[0], []
    for step in steps:
        for seat, text in tape.actions[at:step]:
            replay_entry(mod, state, seat, text)
        at = step
        frame = rendering.replay.render_frame(tape.game, mod.view(state, None), names, lang)
        out.append(len(frame).to_bytes(4, "big") + frame)
    return b"".join(out)


def unpack(data: bytes) -> list[bytes]:
    """The frames ``draw_frames`` packed."""
    frames, at = [], 0
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        frames.append(data[at + 4:at + 4 + size])
        at += 4 + size
    return frames


def assemble(frames: Sequence[bytes]) -> bytes:
    """The frames as one moving picture (run in the picture process); the first byte says the format:
    ``b"G"`` GIF, ``b"W"`` WebP (``pictures.drawn`` carries bytes only)."""
    import rendering.replay

    data, kind = rendering.replay.assemble(frames)
    return (b"G" if kind == "gif" else b"W") + data


__all__ = ["Step", "Tape", "Timeline", "assemble", "draw_frames", "draw_step", "state_after", "step_drawing",
           "timeline", "timeline_from_json", "timeline_json", "unpack"]
