"""Slash-command choices shared by the cogs."""

from typing import Literal

#: The game option of every command; Discord shows it as a fixed list (keep in step with ``GAME_IDS``).
GameChoice = Literal["gouji", "zhengshangyou", "gostop", "goita"]
