"""The last hand in one moving picture, carried by the match's summary: the public table move by move.

Drawn in the picture process a few frames per job (then one job to put them together), so a picture another
game's click waits for is drawn between two frames, never behind the whole animation. A server turns it on
or off with ``/settings replays:``; by default it is on for a game only where the benchmark measured it under
``BUDGET_CPU_SECONDS`` per hand (``python -m tests.bench.replay``, which also says whether the measured
figures below still hold).
"""

from __future__ import annotations

import json
import logging
from functools import partial
from pathlib import Path

from bot.app import TeahouseBot
from bot.storage import STORAGE_FAULTS

from . import pictures
from .replay_record import Tape, assemble, draw_frames, timeline_from_json, timeline_json, unpack
from .session import GameSession
from .words import names

log = logging.getLogger("teahouse.replay")

#: CPU seconds the moving picture of one hand may cost the picture process for it to be on by default. That
#: process is one core shared by every game of the bot, and people wait for its pictures; 1 s is about what
#: one Goita hand's own table pictures cost it (25 moves at ~40 ms), it is drawn once per match (the last
#: hand, on the match's summary), and in jobs of ``FRAMES_PER_JOB`` frames (~0.3 s each), so a waiting
#: click's picture is at most one job late.
BUDGET_CPU_SECONDS = 1.0
#: the moving picture's CPU seconds per hand per game (p50 over a few random games each), as the bench measured
#: them and wrote them (``python -m tests.bench.replay --write``): data, not a list of games in code
COSTS_FILE = Path(__file__).with_name("replay_costs.json")


def measured_cpu_seconds() -> dict[str, float]:
    """The bench's last figures; a game missing from them (or an unreadable file) is off by default."""
    try:
        data = json.loads(COSTS_FILE.read_text(encoding="utf-8"))
        return {str(game): float(seconds) for game, seconds in data["cpu_seconds_per_hand"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        log.error("the measured costs of moving pictures (%s) cannot be read: they are off by default", COSTS_FILE)
        return {}


MEASURED_CPU_SECONDS = measured_cpu_seconds()
#: Discord's attachment limit is 10 MiB by default (``attachment_size_limit``); a picture over this is dropped
MAX_BYTES = 8 * 1024 * 1024
SETTINGS = ("on", "off")
#: frames drawn per picture-process job: a picture someone waits for waits at most one such job (~0.2 s)
FRAMES_PER_JOB = 8


def on_by_default(game: str) -> bool:
    """On where the measured cost per hand is within the budget (a game never measured: off)."""
    return MEASURED_CPU_SECONDS.get(game, BUDGET_CPU_SECONDS + 1) <= BUDGET_CPU_SECONDS


async def wanted(bot: TeahouseBot, guild_id: int, game: str) -> bool:
    """The server's choice (``/settings replays:``), else the game's default; off when storage cannot say."""
    try:
        choice = await bot.storage.guild_replays(guild_id)
    except STORAGE_FAULTS as err:
        log.warning("replay setting of server %s unreadable (%s): no moving picture", guild_id, type(err).__name__)
        return False
    return on_by_default(game) if choice not in SETTINGS else choice == "on"


async def hand_moving_picture(tape: Tape, hand: int | None, seat_names: list[str], lang: str,
                              ) -> tuple[bytes, str] | None:
    """Hand ``hand`` (None: the last one) of ``tape`` as a moving picture and its extension; None when it
    could not be drawn or is too big for Discord."""
    from rendering.replay import frames_of

    data = await pictures.drawn(partial(timeline_json, tape))
    if data is None:
        return None
    line = timeline_from_json(data)
    hand = line.steps[line.last].hand if hand is None else hand
    first = line.hand_starts.get(hand, 0)
    last = max((k for k, step in enumerate(line.steps) if step.hand == hand), default=line.last)
    steps = [first + offset for offset in frames_of(last - first + 1)]
    frames: list[bytes] = []
    for batch in range(0, len(steps), FRAMES_PER_JOB):
        drawn = await pictures.drawn(partial(draw_frames, tape, tuple(steps[batch:batch + FRAMES_PER_JOB]),
                                             tuple(seat_names), lang))
        if drawn is None:
            return None
        frames.extend(unpack(drawn))
    moving = await pictures.drawn(partial(assemble, frames))
    if moving is None or len(moving) - 1 > MAX_BYTES:
        return None
    return moving[1:], "gif" if moving[:1] == b"G" else "webp"


async def for_summary(bot: TeahouseBot, session: GameSession) -> tuple[bytes, str] | None:
    """The finished match's last hand as a moving picture, where the server wants one."""
    if not session.log or not await wanted(bot, session.guild_id, session.game):
        return None
    tape = Tape.of(session.game, len(session.seats), session.seed, session.options, session.recorded_actions())
    return await hand_moving_picture(tape, None, names(session, session.lang), session.lang)


__all__ = ["BUDGET_CPU_SECONDS", "MEASURED_CPU_SECONDS", "for_summary", "hand_moving_picture", "on_by_default",
           "wanted"]
