"""Who is at the table, and whom the bot may mention (DESIGN.md, "Pings and the table message").

A mention is for a person whose decision it is and who is not already at the table: no click
from them within ``IDLE_SECONDS`` and no live hand panel. Each person may choose ``always``,
``idle`` (the default) or ``never``; a server may set its own default (``/settings pings``).
The choices are read once at start-up and kept per bot, like the language choices, so deciding
a mention never waits for the database. Each game's last clicks are saved with it (``clicks``,
``remember``), and its live panels too (``hand_panel.py``): a restart is not idleness. The one reminder before a timeout mentions everyone who
is still thinking, whatever they chose: it is the last chance before the rules move for them.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.storage import Storage

ALWAYS, IDLE, NEVER = "always", "idle", "never"
PING_CHOICES = (ALWAYS, IDLE, NEVER)
DEFAULT_PINGS = IDLE
#: A person who clicked anything in a game within this long is at its table.
IDLE_SECONDS = 60.0


@dataclass
class Attention:
    """One bot's view of people's attention: their mention choices and their last click per game."""

    people: dict[int, str] = field(default_factory=dict)
    servers: dict[int, str] = field(default_factory=dict)
    seen: dict[int, dict[int, float]] = field(default_factory=dict)  # game id -> user id -> last click

    def choice(self, user_id: int, guild_id: int) -> str:
        """The person's own choice, else the server's, else ``idle``."""
        return self.people.get(user_id) or self.servers.get(guild_id) or DEFAULT_PINGS

    def clicked(self, game_id: int, user_id: int) -> None:
        self.seen.setdefault(game_id, {})[user_id] = time.time()

    def at_table(self, game_id: int, user_id: int) -> bool:
        last = self.seen.get(game_id, {}).get(user_id)
        return last is not None and time.time() - last < IDLE_SECONDS

    def clicks(self, game_id: int) -> dict[str, float]:
        """The game's last clicks still recent enough to count (user id as text -> when), saved with the game."""
        now = time.time()
        return {str(user): at for user, at in self.seen.get(game_id, {}).items() if now - at < IDLE_SECONDS}

    def remember(self, game_id: int, clicks: Mapping[str, Any]) -> None:
        """Clicks saved with a game, after a restart: whoever clicked shortly before it is still at the table
        (for the rest of ``IDLE_SECONDS``, the time the bot was away included)."""
        seen = self.seen.setdefault(game_id, {})
        for user, at in clicks.items():
            seen[int(user)] = max(seen.get(int(user), 0.0), float(at))

    def may_mention(self, game_id: int, guild_id: int, user_id: int, live_panel: bool) -> bool:
        """Whether a decision that is this person's should mention them now."""
        choice = self.choice(user_id, guild_id)
        if choice == NEVER:
            return False
        if choice == ALWAYS:
            return True
        return not live_panel and not self.at_table(game_id, user_id)

    def forget_game(self, game_id: int) -> None:
        self.seen.pop(game_id, None)

    def person(self, user_id: int, pings: str | None) -> None:
        _put(self.people, user_id, pings)

    def server(self, guild_id: int, pings: str | None) -> None:
        _put(self.servers, guild_id, pings)


_ATTENTION: weakref.WeakKeyDictionary[discord.Client, Attention] = weakref.WeakKeyDictionary()


def attention(client: discord.Client) -> Attention:
    """The attention record of one bot."""
    return _ATTENTION.setdefault(client, Attention())


async def load(client: discord.Client, storage: Storage) -> None:
    """Fill a bot's mention choices from the database (at start-up: two small reads)."""
    record = attention(client)
    for user_id, pings in (await storage.user_pings()).items():
        record.person(user_id, pings)
    for guild_id, pings in (await storage.guild_pings()).items():
        record.server(guild_id, pings)


def _put(table: dict[int, str], key: int, pings: str | None) -> None:
    if pings in PING_CHOICES:
        table[key] = str(pings)
    else:
        table.pop(key, None)
