"""The picture process's own start: it loads the renderer, and it dies with the bot that started it.

A pool worker waits for work on a queue whose write end it holds itself, so when the bot is killed
(SIGKILL, the out-of-memory killer) nothing tells it to stop: it lived on with no parent, about 80 MB
each, and a supervisor restarting a crashing bot piled them up (#43). So the worker watches its parent:

- on Linux, the kernel sends it SIGKILL the moment the bot dies (``prctl(PR_SET_PDEATHSIG)``), when the
  bot started it from its main thread (the signal follows the *thread* that started it, and the main
  thread lives as long as the bot);
- everywhere, a daemon thread looks at its parent's pid twice a second and exits when the bot is gone
  (an orphan is handed to another parent: ``os.getppid()`` changes).

This module is imported in the picture process before anything else, so it stays small: the standard
library only.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib
import os
import signal
import sys
import threading
import time

#: how often the watching thread looks for the parent: an orphan lives at most about this long
WATCH_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


def start(parent: int, from_main_thread: bool) -> None:
    """The pool's initializer: die with `parent` (the bot's pid), then load the renderer once."""
    if from_main_thread:
        _kernel_kills_us_with_parent()
    threading.Thread(target=_watch, args=(parent,), name="picture-process-parent-watch", daemon=True).start()
    importlib.import_module("rendering")


def _kernel_kills_us_with_parent() -> None:
    """Linux: SIGKILL when the parent dies (best effort; the watching thread covers the rest)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _watch(parent: int) -> None:
    """Exit at once when the parent is gone (it may have died before the kernel was asked to tell us)."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)
