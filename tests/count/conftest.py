"""The real bot with computer thinking time 0, as in ``tests/play``."""

from tests.play.conftest import bot

__all__ = ["bot"]
