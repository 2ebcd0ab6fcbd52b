"""The real bot with instant computer players, as the game tests use it (``tests/play/conftest.py``)."""

from tests.play.conftest import bot

__all__ = ["bot"]
