"""Images for the cogs: the renderer draws views; a drawing problem costs the picture, never the game.

Every public picture is drawn from the public view (``view(state, None)``); a hand
picture from that seat's own view. The view is read on the event loop, where moves are
applied (``public_table``, ``seat_hand_shown``): a *drawing* is a renderer function with its
arguments, plain data only (views are immutable snapshots, so a move applied meanwhile cannot
tear a picture). ``drawn`` has it drawn in the picture process: Pillow's Python-level work
holds the interpreter lock, so pictures drawn in threads of the bot's own process kept the
event loop waiting behind them, and a process of its own draws on another core meanwhile.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from bot.games import record
from bot.games.examples import rules_example

from . import picture_process
from .session import GameSession
from .words import names

log = logging.getLogger("teahouse.pictures")

#: a picture as the renderer is asked for it: a ``rendering`` function and its arguments (a ``partial``),
#: picklable, so the picture process can draw it
Drawing = Callable[[], bytes]

_painter: Executor | None = None
#: pictures kept by what they show (hands, rules): one drawn before is that one again (a re-opened hand, the
#: rules; steps and live panels compare what a picture shows, not its bytes), the least recently used first
_KEPT: OrderedDict[Hashable, bytes | None] = OrderedDict()
#: bounded by bytes, not by count: about one picture of each live hand at 100 games (a hand is 11-20 KB), and
#: the same two megabytes however many games run (the count bound before, 64, held fewer hands than 100 games
#: have people, and says nothing of the memory it takes)
KEEP_BYTES = 2 * 1024 * 1024
_kept_bytes = 0
#: pictures drawn, by renderer function (the benchmark reports them per move)
DRAWN: Counter[str] = Counter()


def _picture_process() -> Executor:
    """The process that draws every picture, started at the first one (it loads the renderer, its fonts
    and card art once) and again after it died. It dies with the bot, however the bot dies
    (``picture_process``); the pool starts it in the thread that submits the first picture, this one."""
    global _painter
    if _painter is None:
        main = threading.current_thread() is threading.main_thread()
        _painter = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=picture_process.start, initargs=(os.getpid(), main))
    return _painter


def start_painter() -> None:
    """Start the picture process now, while the bot is starting, not at the first picture: starting it blocks
    the event loop (the fork and exec of multiprocessing's resource tracker and of the worker, seconds on a busy
    host), which held the first games' clicks and ``/game new`` past Discord's 3 s. A pool whose process died
    (or that was shut down) is replaced, as ``drawn`` does."""
    global _painter
    try:
        _picture_process().submit(int)  # a worker is started at the first task; it loads the renderer meanwhile
    except (BrokenProcessPool, RuntimeError):
        _painter = None
        _picture_process().submit(int)


def _name(drawing: Drawing) -> str:
    func = drawing.func if isinstance(drawing, partial) else drawing
    return getattr(func, "__name__", "picture")


async def drawn(drawing: Drawing | None, shows: Hashable | None = None) -> bytes | None:
    """The picture of ``drawing``, drawn in the picture process while the event loop goes on; None when it
    could not be drawn (the text says everything too). A picture that ``shows`` the same as one drawn
    before is that one again: panel steps and live panels following other people's moves reuse it."""
    global _painter
    if drawing is None:
        return None
    if shows is not None and shows in _KEPT:
        _KEPT.move_to_end(shows)
        return _KEPT[shows]
    png: bytes | None = None
    DRAWN[_name(drawing)] += 1
    for _attempt in range(2):
        try:
            png = await asyncio.get_running_loop().run_in_executor(_picture_process(), drawing)
            break
        except BrokenProcessPool:  # the picture process died (killed, out of memory): another one draws it
            log.warning("the picture process stopped; a new one is started")
            _painter = None
        except Exception as err:  # a picture is optional
            log.warning("could not draw %s: %s", _name(drawing), type(err).__name__)
            return None
    if shows is not None:
        keep(shows, png)
    return png


def keep(shows: Hashable, png: bytes | None) -> None:
    """Remember ``png`` as the picture that ``shows`` that; the least recently used go past ``KEEP_BYTES``."""
    global _kept_bytes
    if shows in _KEPT:
        _kept_bytes -= len(_KEPT.pop(shows) or b"")
    _KEPT[shows] = png
    _kept_bytes += len(png or b"")
    while _kept_bytes > KEEP_BYTES and len(_KEPT) > 1:
        _, dropped = _KEPT.popitem(last=False)
        _kept_bytes -= len(dropped or b"")


def forget_kept() -> None:
    """No picture kept (a test that filled the store leaves it empty)."""
    global _kept_bytes
    _KEPT.clear()
    _kept_bytes = 0


def kept_bytes() -> int:
    """The bytes of pictures kept now (at most ``KEEP_BYTES``, or one picture larger than that)."""
    return _kept_bytes


def draw_here(drawing: Drawing | None) -> bytes | None:
    """The picture drawn in this thread (tests compare it with what was shown)."""
    if drawing is None:
        return None
    try:
        return drawing()
    except Exception as err:
        log.warning("could not draw %s: %s", _name(drawing), type(err).__name__)
        return None


def public_table(session: GameSession, lang: str) -> Drawing | None:
    """What the table shows now, read here (on the event loop)."""
    if session.live is None:
        return None
    import rendering

    view = session.view(None)
    return partial(rendering.render_table, session.game, view, names(session, lang), lang=lang)


def table_picture(session: GameSession, lang: str) -> bytes | None:
    return draw_here(public_table(session, lang))


def hand_shows(game: str, view: Any, lang: str) -> Hashable | None:
    """What a hand picture of ``view`` shows (None: not known, draw it). Equal keys, equal pictures."""
    try:
        import rendering

        return "hand", lang, rendering.hand_key(game, view)
    except Exception as err:  # a picture is optional: without a key it is simply drawn each time
        log.warning("no hand key for %s: %s", game, type(err).__name__)
        return None


def seat_hand_shown(session: GameSession, seat: int, lang: str) -> tuple[Hashable | None, Drawing | None]:
    """What the seat's hand picture shows now (``hand_shows``; keyed by what it shows, not by the game's
    version: a computer's move elsewhere does not change a hand) and its drawing, both read here."""
    if session.live is None:
        return None, None
    import rendering

    view = session.view(seat)
    return hand_shows(session.game, view, lang), partial(rendering.render_hand, session.game, view, lang=lang)


def summary_drawing(session: GameSession, data: dict[str, Any], lang: str) -> Drawing:
    import rendering

    return partial(rendering.render_summary, session.game, data, names(session, lang), lang=lang)


async def summary_picture(session: GameSession, data: dict[str, Any], lang: str) -> io.BytesIO | None:
    png = await drawn(summary_drawing(session, data, lang))
    return None if png is None else io.BytesIO(png)


async def rules_picture(game: str, lang: str) -> io.BytesIO | None:
    """The table of an example position that shows what ``/rules`` explains (``bot.games.examples``)."""
    import rendering

    mod, state = rules_example(game)
    seat_names = [f"{chr(ord('A') + i)}" for i in range(record(game).example_seats)]
    drawing = partial(rendering.render_table, game, mod.view(state, None), seat_names, lang=lang)
    png = await drawn(drawing, shows=("rules", game, lang))
    return None if png is None else io.BytesIO(png)
