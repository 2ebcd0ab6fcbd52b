"""What else a real server and a real machine do while the bot plays: chatter, and another process's work.

``Chatter`` posts unrelated messages in channels with no game, at a steady rate, as people talking on a
server would: with the Guild Messages intent each one reaches the bot as MESSAGE_CREATE (without its
content). ``BusyCore`` keeps one core busy with a process of its own for the run (the "one core busy" run:
a neighbour on a shared host). ``chat_cost`` measures the bot's CPU per unrelated message directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import time
from collections.abc import Callable

from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Guild
from tests.discord_double.people import Person

CHAT_CHANNELS = 5
CHAT_PEOPLE = 10


class Chatter:
    """Unrelated messages at ``rate`` a second, spread over a few channels with no game in them."""

    def __init__(self, double: DiscordDouble, guild: Guild, rate: float) -> None:
        self.double = double
        self.rate = rate
        self.channels: list[Channel] = [double.add_channel(guild, f"chat-{i}") for i in range(CHAT_CHANNELS)]
        self.people: list[Person] = [double.add_person(f"chatty{i}", guild) for i in range(CHAT_PEOPLE)]
        self.posted = 0
        self._task: asyncio.Task[None] | None = None

    def say(self, count: int) -> None:
        """``count`` messages at once (the cost measurement's burst)."""
        for _ in range(count):
            person = self.people[self.posted % len(self.people)]
            channel = self.channels[self.posted % len(self.channels)]
            person.say(channel, f"unrelated chatter #{self.posted}")
            self.posted += 1
            del channel.messages[:-50]  # the double keeps a channel's messages: only the last ones matter

    def start(self) -> None:
        if self.rate > 0:
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        """Posts on a schedule: a late tick posts what it owes, so the rate holds on a busy machine."""
        began, before = time.monotonic(), self.posted
        while True:
            await asyncio.sleep(0.05)
            owed = int((time.monotonic() - began) * self.rate) - (self.posted - before)
            if owed > 0:
                self.say(owed)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


async def chat_cost(chatter: Chatter, cpu: Callable[[], float], messages: int = 2000,
                    seconds: float = 4.0) -> float:
    """The bot's CPU per unrelated message, microseconds: its CPU while ``messages`` messages arrive over
    ``seconds``, less its CPU over as long a quiet time just before (its timers, the gateway's heartbeat)."""
    quiet0 = cpu()
    await asyncio.sleep(seconds)
    quiet = cpu() - quiet0
    busy0 = cpu()
    steps = 20
    for _ in range(steps):
        chatter.say(messages // steps)
        await asyncio.sleep(seconds / steps)
    await chatter.double.settle(window=0.3, timeout=30)
    busy = cpu() - busy0
    return max(0.0, busy - quiet) / messages * 1e6


#: spins until its parent is gone: a benchmark stopped from outside (SIGTERM, SIGKILL) never runs ``stop``, and a
#: spinner left behind kept a core busy under every later run on the machine
SPIN = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    pass\n"


class BusyCore:
    """A process that keeps one core busy until stopped, or until the benchmark that started it is gone."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", SPIN])

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
