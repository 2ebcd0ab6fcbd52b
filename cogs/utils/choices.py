"""Slash-command choices shared by the cogs."""

from typing import TYPE_CHECKING, Literal

from bot.games import GAME_IDS

if TYPE_CHECKING:
    GameChoice = str
else:
    #: The game option of every command: Discord shows it as a fixed list, one choice per id in ``GAMES``.
    GameChoice = Literal[GAME_IDS]
