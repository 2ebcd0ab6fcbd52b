"""The picture process dies with the bot that started it, however the bot dies (#43).

Killed with SIGKILL (or by the out-of-memory killer), the bot cannot stop its picture process; before, that
process lived on with no parent, about 80 MB each, and a supervisor that restarts the bot piled them up.
Linux only: the processes are found in ``/proc``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.discord_double import DiscordDouble

ROOT = Path(__file__).resolve().parents[2]
#: the generous deadline for a process to be gone (it takes about half a second)
GONE_WITHIN = 10.0

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds processes in /proc (Linux)")


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent pid; None when there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) is not None and stat[1] == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")  # a zombie has exited: only its entry is left


async def _gone(pids: set[int]) -> set[int]:
    """Those of `pids` still running after the deadline (none, as soon as all are gone)."""
    deadline = asyncio.get_running_loop().time() + GONE_WITHIN
    while (left := {p for p in pids if _alive(p)}) and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    return left


async def _kill(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGKILL)
        await process.wait()


async def test_the_bot_killed_with_sigkill_leaves_no_picture_process_behind(double: DiscordDouble) -> None:
    """The real bot as a process of its own draws its first picture (``/rules``, drawn in the picture
    process), then is killed with SIGKILL: within seconds no process it started is left running."""
    double.settle_window = 0.05  # the bot is another process: the double sees its calls, not its work
    env = {**os.environ, "TEAHOUSE_TEST_TOKEN": double.token, "PYTHONPATH": str(ROOT)}
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.resilience.bot_process", double.api_url, double.gateway_url, ":memory:",
        cwd=str(ROOT), env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL)
    started: set[int] = set()
    try:
        assert bot.stdin is not None
        bot.stdin.write(b"go\n")
        await bot.stdin.drain()
        for _ in range(1500):
            if double.gateway.identifies:
                break
            assert bot.returncode is None, "the bot process died"
            await asyncio.sleep(0.02)
        await double.settle()
        reply = await double["bob"].run("/rules", game="goita")  # deferred, then filled in with its picture
        for _ in range(1200):
            if (shown := double.message(reply.id)) is not None and shown.attachments:
                break
            await asyncio.sleep(0.05)
        assert shown is not None and shown.attachments[0].image().width >= 1000  # the first picture
        started = _children(bot.pid)
        assert started, "the bot drew a picture with no process of its own"

        await _kill(bot)

        assert not await _gone(started), "a process the bot started outlived it"
    finally:
        await _kill(bot)
        for pid in started:  # never leave one behind on a failure
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        double.take_bot_errors()
        double.take_violations()


#: a bot-like process that draws one picture from a thread that is not its main thread, so the picture process
#: cannot count on the kernel's parent-death signal (it follows the starting thread) and must notice by itself
_DRAWS_FROM_A_THREAD = """
import asyncio, sys, threading
from functools import partial
from cogs.table import pictures
from rendering import render_table
from bot.games.examples import rules_example

def draw() -> None:
    mod, state = rules_example("goita")
    png = asyncio.run(pictures.drawn(partial(render_table, "goita", mod.view(state, None), list("ABCD"), lang="en")))
    open(sys.argv[1], "w").write("drawn" if png else "none")

worker = threading.Thread(target=draw)
worker.start()
worker.join()
sys.stdin.readline()
"""


async def test_a_picture_process_started_from_another_thread_also_dies_with_its_parent(tmp_path: Path) -> None:
    """Without the kernel's help (started from a thread that has ended), the picture process still sees that
    its parent was killed and exits."""
    said = tmp_path / "said"  # a file, not a pipe: an orphan would hold a pipe open, and waiting on it hang
    parent = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _DRAWS_FROM_A_THREAD, str(said), cwd=str(ROOT),
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    started: set[int] = set()
    try:
        for _ in range(1200):
            if said.exists() and said.read_text() or parent.returncode is not None:
                break
            await asyncio.sleep(0.05)
        assert said.read_text() == "drawn"
        started = _children(parent.pid)
        assert started

        await _kill(parent)

        assert not await _gone(started), "the picture process outlived its parent"
    finally:
        await _kill(parent)
        for pid in started:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
