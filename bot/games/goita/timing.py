"""§12.10 Timing: the table rules the Discord layer asks (``bot.games.core.timing``)."""

from __future__ import annotations

from ..core.timing import Timing


class GoitaTiming(Timing):
    """§12.10's clock and substitutes, as the Discord layer asks them."""

    #: §12.10 (revised): the turn timer is on by default, 120 s (the option ``turn_timeout=0`` switches it off)
    turn_seconds = 120
    #: §12.10: the computer plays an away seat "until its person clicks again"
    back_by = "click"
    substitutes = "any"  # §12.10


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = GoitaTiming()

__all__ = ["TIMING"]
