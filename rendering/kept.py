"""Pictures the renderer draws once and pastes again (card faces, pieces, backgrounds, text masks), kept in
one least-recently-used store bounded by the bytes they take, not by their count.

A bound by count said nothing of the memory: a Go-Stop background (4.6 MB) counted as one, like a card face
(26 KB), and each cache's own bound added up to far more than the picture process should hold. One store
for all of them lets whatever is drawn most stay, whichever game or language it is for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any, TypeVar, cast

from cachetools import LRUCache, cached
from cachetools.keys import hashkey
from PIL import Image

#: the bytes the kept pictures may take, all of them together. Twelve tables at once, three of each game,
#: kept 46 MB in one language and 87 MB in two (English and Korean); a picture cost the same CPU as with the
#: count bounds before (6.0-6.4 ms) at 64 MB in one language and 96 MB in two, but 7.6 ms at 64 MB in two and
#: 24 ms at 24 MB in one: what a table needs is drawn again and again when it does not fit
KEPT_BYTES = 96 * 1024 * 1024
#: what a kept entry costs besides its pixels (Python objects, the key)
ENTRY_BYTES = 200

F = TypeVar("F", bound=Callable[..., Any])


def size_of(value: Any) -> int:
    """The bytes a kept value takes: an image's pixels (Pillow keeps 4 bytes a pixel for RGB and RGBA, 1 for
    L and P), a background's picture and the palette indices it quantizes once (a byte a pixel), a tuple's
    images."""
    if isinstance(value, Image.Image):
        return value.width * value.height * (1 if value.mode in ("1", "L", "P") else 4) + ENTRY_BYTES
    image = getattr(value, "image", None)
    if isinstance(image, Image.Image):  # a ``common.Backdrop``
        return size_of(image) + image.width * image.height
    if isinstance(value, tuple):
        return sum(size_of(part) for part in value if isinstance(part, Image.Image)) + ENTRY_BYTES
    return ENTRY_BYTES


_STORE: LRUCache[Hashable, Any] = LRUCache(maxsize=KEPT_BYTES, getsizeof=size_of)
_LOCK = threading.Lock()  # tests draw in threads; the picture process draws one picture at a time


def kept(func: F) -> F:
    """``func``'s results kept in the store, by its name and arguments (as ``functools.lru_cache`` keys
    them). ``func.cache_clear()`` forgets every kept picture: there is one store."""
    key = partial(hashkey, func.__module__, func.__qualname__)
    return cast(F, cached(_STORE, key=key, lock=_LOCK)(func))


def kept_bytes() -> int:
    """The bytes the kept pictures take now (at most ``KEPT_BYTES``)."""
    with _LOCK:
        return int(_STORE.currsize)


def forget() -> None:
    """No picture kept (a test that needs them drawn again; a language's words changed)."""
    with _LOCK:
        _STORE.clear()


__all__ = ["KEPT_BYTES", "forget", "kept", "kept_bytes", "size_of"]
