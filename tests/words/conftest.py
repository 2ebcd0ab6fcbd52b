"""The words tests use the game tests' bot: computer players move at once."""

from tests.play.conftest import bot

__all__ = ["bot"]
