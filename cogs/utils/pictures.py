"""Images for the cogs: the renderer draws views; a drawing problem costs the picture, never the game.

Every public picture is drawn from the public view (``view(state, None)``); a hand
picture from that seat's own view. The view is read on the event loop, where moves are
applied (``public_table``, ``seat_hand``), and only the drawing runs in the picture thread
(``drawn``), so the loop never waits for Pillow and a move applied meanwhile
cannot tear a picture (views are immutable snapshots).
"""

from __future__ import annotations

import asyncio
import io
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from typing import Any, TypeVar

from bot.games import record
from bot.games.examples import rules_example
from bot.games.registry import engine

from .session import GameSession
from .words import names

log = logging.getLogger("teahouse.pictures")


def _draw(kind: str, game: str, *args: Any, **kwargs: Any) -> bytes | None:
    try:
        import rendering

        return bytes(getattr(rendering, f"render_{kind}")(game, *args, **kwargs))
    except Exception as err:  # a picture is optional: the text says everything too
        log.warning("could not draw %s of %s: %s", kind, game, type(err).__name__)
        return None


Drawing = Callable[[], bytes | None]
Picture = TypeVar("Picture", bytes | None, io.BytesIO | None)

#: one thread draws every picture: Pillow's Python-level work holds the interpreter lock, and six threads
#: drawing at once (``asyncio.to_thread``'s pool) kept the event loop waiting for it behind each of them
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


async def drawn(drawing: Callable[..., Picture], *args: Any) -> Picture:
    """``drawing(*args)`` run by the picture thread; the event loop goes on meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, partial(drawing, *args))


def _nothing() -> bytes | None:
    return None


def public_table(session: GameSession, lang: str) -> Drawing:
    """What the table shows now, read here (on the event loop); the returned drawing runs anywhere."""
    if session.state is None:
        return _nothing
    view = engine(session.game).view(session.state, None)
    return partial(_draw, "table", session.game, view, names(session, lang), lang=lang)


def table_picture(session: GameSession, lang: str) -> bytes | None:
    return public_table(session, lang)()


_HANDS: OrderedDict[Hashable, bytes | None] = OrderedDict()
_HANDS_KEPT = 256
_HANDS_LOCK = threading.Lock()


def hand_shows(game: str, view: Any, lang: str) -> Hashable | None:
    """What a hand picture of ``view`` shows (None: not known, draw it). Equal keys, equal pictures."""
    try:
        import rendering

        return lang, rendering.hand_key(game, view)
    except Exception as err:  # a picture is optional: without a key it is simply drawn each time
        log.warning("no hand key for %s: %s", game, type(err).__name__)
        return None


def seat_hand(session: GameSession, seat: int, lang: str) -> Drawing:
    """A seat's hand as it is now, read here (on the event loop); the returned drawing runs anywhere."""
    return seat_hand_shown(session, seat, lang)[1]


def seat_hand_shown(session: GameSession, seat: int, lang: str) -> tuple[Hashable | None, Drawing]:
    """What the seat's hand picture shows now (``hand_shows``) and its drawing, both read here."""
    if session.state is None:
        return None, _nothing
    view = engine(session.game).view(session.state, seat)
    key = hand_shows(session.game, view, lang)
    return key, partial(_hand, key, session.game, view, lang)


def hand_picture(session: GameSession, seat: int, lang: str) -> bytes | None:
    return seat_hand(session, seat, lang)()


def _hand(key: Hashable | None, game: str, view: Any, lang: str) -> bytes | None:
    """A picture that shows the same as one drawn before is that one again (keyed by what it shows, not by
    the game's version: a computer's move elsewhere does not change a hand), so panel steps and live
    panels following other people's moves reuse it instead of drawing it again."""
    if key is not None:
        with _HANDS_LOCK:  # pictures are drawn in worker threads
            if key in _HANDS:
                _HANDS.move_to_end(key)
                return _HANDS[key]
    png = _draw("hand", game, view, lang=lang)
    if key is not None:
        with _HANDS_LOCK:
            _HANDS[key] = png
            while len(_HANDS) > _HANDS_KEPT:
                _HANDS.popitem(last=False)
    return png


def summary_png(session: GameSession, data: dict[str, Any], lang: str) -> bytes | None:
    return _draw("summary", session.game, data, names(session, lang), lang=lang)


def summary_picture(session: GameSession, data: dict[str, Any], lang: str) -> io.BytesIO | None:
    png = summary_png(session, data, lang)
    return None if png is None else io.BytesIO(png)


@cache
def _example_table(game: str, lang: str) -> bytes | None:
    """The table of an example position that shows what ``/rules`` explains (``bot.games.examples``)."""
    mod, state = rules_example(game)
    count = record(game).example_seats
    seat_names = [f"{chr(ord('A') + i)}" for i in range(count)]
    return _draw("table", game, mod.view(state, None), seat_names, lang=lang)


def rules_picture(game: str, lang: str) -> io.BytesIO | None:
    png = _example_table(game, lang)
    return None if png is None else io.BytesIO(png)
