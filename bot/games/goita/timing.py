"""§12.10 Timing: the table rules the Discord layer asks (``bot.games.core.timing``)."""

from __future__ import annotations

from ..core.timing import Timing

#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = Timing()

__all__ = ["TIMING"]
