"""Knowing that the bot in this process has finished, instead of waiting for a quiet window.

The event loop is idle when nothing in it can make progress until something from outside
happens: no callback is ready to run, no timer is due, and every task is done or blocked on a
wait that only another task, a timer not yet due, or a peer's next message can end (a lock, a
queue, an event, ``asyncio.sleep``, a websocket receive, a server waiting for its next request).
A task blocked on anything else (a REST response, an executor or aiosqlite thread, a database
socket) is working. A wait this module does not know counts as working, so a gap here makes
``settle()`` wait and then fail naming the task; it never makes it return early.

Sleeping is not working: a bot waiting for a turn clock, a computer's thinking time or a
rate limit is idle until that timer falls due (``double.clock.advance`` brings sleeps forward).

This reads asyncio's private ``_ready``, ``_scheduled`` and ``Task._fut_waiter`` (CPython 3.11+),
as ``clock.py`` already reads ``_scheduled``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator
from typing import Any

# The innermost coroutine of a task blocked here waits for another task, a timer or a peer.
IDLE_WAITS = frozenset({
    "sleep",                                   # asyncio.sleep: a timer (due timers count as work)
    "wait_for", "wait", "_wait",               # asyncio.wait_for/wait: the awaited tasks are judged themselves
    "Queue.get", "Queue.put", "Queue.join", "Event.wait", "Condition.wait",
    "Lock.acquire", "Semaphore.acquire", "BoundedSemaphore.acquire", "Barrier.wait",
    "WebSocketResponse.receive", "ClientWebSocketResponse.receive",  # the peer's next websocket message
    "RequestHandler.start",                    # aiohttp's server: the next request on a kept-alive connection
})


def _frames(task: asyncio.Task[Any]) -> Iterator[str]:
    """Qualified names of the coroutines the task is suspended in, outermost first."""
    awaitable: Any = task.get_coro()
    while awaitable is not None:
        code = getattr(awaitable, "cr_code", None) or getattr(awaitable, "gi_code", None) \
            or getattr(awaitable, "ag_code", None)
        if code is not None:
            yield code.co_qualname
        awaitable = getattr(awaitable, "cr_await", None) or getattr(awaitable, "gi_yieldfrom", None) \
            or getattr(awaitable, "ag_await", None)


def task_is_working(task: asyncio.Task[Any]) -> bool:
    """True unless the task is done or blocked on a wait named in `IDLE_WAITS` (or on another task)."""
    if task.done():
        return False
    waiter = getattr(task, "_fut_waiter", None)
    if waiter is None or waiter.done():
        return True  # running, or woken and about to run
    if isinstance(waiter, asyncio.Task) or type(waiter).__name__ == "_GatheringFuture":
        return False  # waiting for other tasks, which are judged on their own
    names = list(_frames(task))
    return not names or names[-1] not in IDLE_WAITS


def working_tasks(loop: asyncio.AbstractEventLoop, ignore: Iterable[asyncio.Task[Any]]) -> list[asyncio.Task[Any]]:
    skip = set(ignore)
    return [task for task in asyncio.all_tasks(loop) if task not in skip and task_is_working(task)]


def loop_has_work(loop: asyncio.AbstractEventLoop, ignore: Iterable[asyncio.Task[Any]] = ()) -> bool:
    """A callback is ready to run (I/O that arrived, a thread's answer) or a timer is due, other than the
    wake-ups of the `ignore`d tasks (those that are waiting for the bot to settle)."""
    skip = set(ignore)
    waiters = {id(getattr(task, "_fut_waiter", None)) for task in skip}

    def ignored(handle: asyncio.Handle) -> bool:
        owner = getattr(getattr(handle, "_callback", None), "__self__", None)  # a task's step or wake-up
        args: tuple[Any, ...] = getattr(handle, "_args", None) or ()
        return owner in skip or (bool(args) and id(args[0]) in waiters)  # a sleep's timer: (future, result)

    ready = tuple(getattr(loop, "_ready", ()))  # one copy under the GIL: threads append (call_soon_threadsafe)
    if any(not handle.cancelled() and not ignored(handle) for handle in ready):
        return True
    now = loop.time()
    return any(not handle.cancelled() and handle.when() <= now and not ignored(handle)
               for handle in tuple(getattr(loop, "_scheduled", ())))


def describe(task: asyncio.Task[Any]) -> str:
    return f"{task.get_name()} in {' > '.join(_frames(task)) or '?'}"
