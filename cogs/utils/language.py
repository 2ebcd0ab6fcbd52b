"""The language of a person's private texts (panels, errors, move labels).

Discord's client locales have no Persian, so the client alone would show a Persian player English.
The order is: the person's own choice (``/preferences``), then the server's language
(``/settings language``), then the Discord client's locale. Both choices are read once from the
database when the bot starts and kept in memory per bot, so a click never waits for the database;
``/preferences`` and ``/settings`` update the cache when they save.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import discord
from discord import app_commands

from bot.i18n import LANGUAGES, language_of
from bot.storage import Storage

#: each language by its own name, as the language choices of /preferences and /settings show it
ENDONYMS: dict[str, str] = {"en": "English", "fa": "فارسی", "ru": "Русский", "ko": "한국어",
                            "zh": "中文（简体）", "ja": "日本語"}


def language_choices(first: str, last: str | None = None) -> list[app_commands.Choice[str]]:
    """The choices of a ``language:`` option: ``first`` (e.g. "auto"), every language we speak by its own
    name, then ``last`` if given; the value of a language is its code."""
    choices = [app_commands.Choice(name=first, value=first)]
    choices += [app_commands.Choice(name=ENDONYMS[lang], value=lang) for lang in LANGUAGES]
    if last is not None:
        choices.append(app_commands.Choice(name=last, value=last))
    return choices


@dataclass
class Choices:
    """What people and servers chose, as stored (absent: automatic)."""

    people: dict[int, str] = field(default_factory=dict)
    servers: dict[int, str] = field(default_factory=dict)

    def person(self, user_id: int, language: str | None) -> None:
        _put(self.people, user_id, language)

    def server(self, guild_id: int, language: str | None) -> None:
        _put(self.servers, guild_id, language)


_CACHES: weakref.WeakKeyDictionary[discord.Client, Choices] = weakref.WeakKeyDictionary()


def private_language(interaction: discord.Interaction) -> str:
    """The language to answer this person privately in: their choice, the server's, then their client's."""
    known = _CACHES.get(interaction.client) or Choices()
    return (known.people.get(interaction.user.id) or known.servers.get(interaction.guild_id or 0)
            or language_of(interaction.locale.value))


def choices(client: discord.Client) -> Choices:
    """The cache of one bot, to update after saving a choice."""
    return _CACHES.setdefault(client, Choices())


async def load(client: discord.Client, storage: Storage) -> None:
    """Fill a bot's cache from the database (at start-up: two small reads)."""
    known = Choices()
    for user_id, language in (await storage.user_languages()).items():
        known.person(user_id, language)
    for guild_id, language in (await storage.guild_languages()).items():
        known.server(guild_id, language)
    _CACHES[client] = known


def _put(table: dict[int, str], key: int, language: str | None) -> None:
    if language in LANGUAGES:
        table[key] = str(language)
    else:
        table.pop(key, None)
