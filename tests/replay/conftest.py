"""The real bot with computers moving at once (the game tests' fixture)."""

from tests.play.conftest import bot

__all__ = ["bot"]
