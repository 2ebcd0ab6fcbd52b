"""The bot under test as the benchmark's child process (``bot_child.py``): started, measured from outside (CPU time
and RSS from /proc, its workers included), stopped, and its log read for what the bot says about itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import tempfile
from pathlib import Path

from tests.bench.timing import process_cpu_seconds, rss_kb, tree
from tests.discord_double import DiscordDouble


def print_warnings(log: Path) -> None:
    """The bot's own account of slow answers and Discord's limits: late acknowledgements (how long the
    bot held each) and global rate limits, counted, with a few examples."""
    text = log.read_text(errors="replace") if log.exists() else ""
    for marker in ("the bot held it", "Global rate limit", "the computers stopped", "behind", "loop lag",
                   "garbage collection", "objects a full collection", "global pacer", "busiest second at the bot",
                   "table requests", "pictures drawn"):
        lines = [line for line in text.splitlines() if marker in line]
        if lines:
            print(f"  bot log, {len(lines)} x {marker!r}: " + " | ".join(line[:400] for line in lines[:4]),
                  file=sys.stderr)


def print_pacer_line(log: Path) -> None:
    """The pacer's line every 10 s (``_pacer_line``): waiting/held, requests and turns, hold in ms, pictures."""
    text = log.read_text(errors="replace") if log.exists() else ""
    found = re.findall(r"pacer line at (\d+) s: (\d+) waiting, (\d+) turns held; in \d+ s: (\d+) requests, (\d+) "
                       r"turns held (\d+) ms on average; (\d+) pictures queued", text)
    if found:
        print("  pacer line every 10 s (s: waiting/held, requests/turns, hold ms, pictures queued): "
              + " ".join(f"{t}:{w}/{h},{r}/{n},{ms},{q}" for t, w, h, r, n, ms, q in found), file=sys.stderr)


def pictures_drawn(log: Path) -> dict[str, int]:
    """The pictures the bot drew, by renderer function, from its log (written when it stops; games opening
    included, so a little more than the play's)."""
    text = log.read_text(errors="replace") if log.exists() else ""
    found = re.findall(r"pictures drawn: (\{.*?\});", text)
    return json.loads(found[-1]) if found else {}



class BotProcess:
    """The bot under test in a child process; its CPU time is read from /proc."""

    def __init__(self, double: DiscordDouble, folder: Path, profile: str = "", database_url: str = "",
                 deals: str = "", computer_delay: float = 0.0) -> None:
        self.double = double
        self.computer_delay = computer_delay  # the computers' thinking time (the bot's default is 1.5 s)
        self.deals = deals  # "" = the bot draws its deals as it does for players; else the bench's seed
        self.folder = folder
        self.profile = profile
        self.database_url = database_url  # "" = a SQLite file in the folder
        self.proc: asyncio.subprocess.Process | None = None
        self.log = folder / "bot.log"

    async def start(self, settle: bool = True) -> None:
        """Start the bot and wait until it is connected; with ``settle``, also until it is quiet (a fresh start: a
        restart among live games is never quiet for long)."""
        database = "env" if self.database_url else str(self.folder / "teahouse.db")
        # e2e's ``--child`` (bot_child.run_bot), not bot_child itself: with TEAHOUSE_BENCH_BOT_DIR the module is the
        # other checkout's, and older checkouts know only this entry
        args = ["-m", "tests.bench.e2e", "--child", self.double.api_url, self.double.gateway_url,
                self.double.token, database, self.profile]
        env = {**os.environ, "TEAHOUSE_BENCH_DATABASE_URL": self.database_url, "TEAHOUSE_BENCH_DEALS": self.deals,
               "TEAHOUSE_BENCH_COMPUTER_DELAY": str(self.computer_delay)}
        with open(self.log, "ab") as log:  # a restarted bot (the soak run) writes on after the killed one
            # TEAHOUSE_BENCH_BOT_DIR: the bot's code from another checkout (before/after pairs, one harness)
            self.proc = await asyncio.create_subprocess_exec(sys.executable, *args, stderr=log, env=env,
                                                             stdout=asyncio.subprocess.DEVNULL,
                                                             cwd=os.environ.get("TEAHOUSE_BENCH_BOT_DIR") or None)
        await self.double.gateway.wait_ready(timeout=60)
        if settle:
            await self.double.settle(window=0.3, timeout=60)

    def cpu_seconds(self) -> float:
        """CPU seconds of the bot and any worker processes it started, every thread, to the nanosecond."""
        if self.proc is None:
            return 0.0
        self._tree = tree(self.proc.pid)
        return sum(process_cpu_seconds(pid) for pid in self._tree)

    def main_cpu_seconds(self) -> float:
        """CPU seconds of the bot's own process alone (its worker processes, which draw the pictures, left out)."""
        return 0.0 if self.proc is None else process_cpu_seconds(self.proc.pid)

    def cpu_seconds_fast(self) -> float:
        """As ``cpu_seconds``, over the processes found by its last call (read around every interaction)."""
        if self.proc is None:
            return 0.0
        return sum(process_cpu_seconds(pid) for pid in getattr(self, "_tree", [self.proc.pid]))

    def rss_mb(self) -> float:
        """Resident memory of the bot and its worker processes, MiB."""
        if self.proc is None:
            return 0.0
        return sum(rss_kb(pid) for pid in tree(self.proc.pid)) / 1024

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), 30)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()

    def errors(self) -> list[str]:
        """ERROR lines of the bot's log; a log with any is kept (its path is printed) for a look."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        found = [line for line in text.splitlines() if line.startswith(("ERROR", "CRITICAL"))]
        if found:
            kept = Path(tempfile.gettempdir()) / f"teahouse-e2e-bot-{os.getpid()}.log"
            kept.write_text(text)
            print(f"  the bot logged errors: {kept}", file=sys.stderr)
        return found
