"""Buttons and selects whose ``custom_id`` carries the game and state version.

``th:<game>:<version>:<verb>[:<arg>]`` — a ``DynamicItem`` parses it on every click,
so components keep working after a restart without any registry, and a click from an
outdated message (older version) is recognised and refused politely.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

BUTTON_PREFIX = "th"
SELECT_PREFIX = "ts"
ANY_VERSION = "-"


def _template(prefix: str) -> re.Pattern[str]:
    """One pattern per component type: discord.py keys dynamic items by their pattern."""
    return re.compile(
        rf"{prefix}:(?P<game>[0-9]{{1,19}}):(?P<version>[0-9]{{1,9}}|-):(?P<verb>[a-z_]{{1,16}})"
        r"(?::(?P<arg>[^\n]{0,60}))?"
    )


BUTTON_TEMPLATE = _template(BUTTON_PREFIX)
SELECT_TEMPLATE = _template(SELECT_PREFIX)
#: the leaderboard's page buttons (``cogs/leaderboard.py``)
PAGE_TEMPLATE = re.compile(r"lb:(?P<game>[a-z]{1,16}):(?P<sort>[a-z]{1,8}):(?P<period>[a-z]{1,8}):(?P<page>[0-9]{1,6})")
#: the replay viewer's buttons (``rp``) and hand select (``rq``): game, owner (0: nobody), step, hands shown, verb
REPLAY_TEMPLATES = tuple(re.compile(
    rf"{prefix}:(?P<game>[0-9]{{1,19}}):(?P<owner>[0-9]{{1,20}}):(?P<step>[0-9]{{1,6}}):(?P<hands>[01]):(?P<verb>[a-z]{{1,8}})"
) for prefix in ("rp", "rq"))


#: A number in a click: ASCII digits only. ``str.isdigit()`` also takes "²" (which ``int()`` refuses) and
#: "٣" (which it reads as 3), and ``lstrip("-")`` lets "--1" through; nine digits are plenty for any index.
_NUMBER = re.compile(r"[0-9]{1,9}", re.ASCII)
#: Discord's own bounds on a select's values: at most 25, each at most 100 characters.
MAX_VALUES, MAX_VALUE_LENGTH = 25, 100


def parse_number(text: str, default: int = -1, *, signed: bool = False) -> int:
    """The one place a click's argument or value becomes a number; ``default`` for anything that is not
    plain ASCII digits (with one leading minus sign when ``signed``): a forged value is refused, never
    a traceback."""
    if not isinstance(text, str):
        return default
    negative = signed and text.startswith("-")
    digits = text[1:] if negative else text
    if not _NUMBER.fullmatch(digits):
        return default
    return -int(digits) if negative else int(digits)


def plausible_values(values: list[str]) -> bool:
    """Values Discord could really send for one of our selects (a forged click can send anything)."""
    return len(values) <= MAX_VALUES and all(0 < len(v) <= MAX_VALUE_LENGTH and v.isprintable() for v in values)


def custom_id(game: int, verb: str, arg: str = "", version: int | None = None, prefix: str = BUTTON_PREFIX) -> str:
    """``custom_id(12, "join") == "th:12:-:join"``; ``version`` pins the click to one state."""
    ver = ANY_VERSION if version is None else str(version)
    text = f"{prefix}:{game}:{ver}:{verb}" + (f":{arg}" if arg else "")
    if len(text) > 100:
        raise ValueError("custom_id too long")
    return text


class Click(Protocol):
    """What the game cog does with a parsed click."""

    async def on_click(
        self, interaction: discord.Interaction, game: int, version: int | None, verb: str, arg: str,
        values: list[str],
    ) -> None: ...


def _handler(interaction: discord.Interaction) -> Click | None:
    cog: Any = interaction.client.get_cog("Games")  # type: ignore[attr-defined]
    return cog


def _parse(match: re.Match[str]) -> tuple[int, int | None, str, str]:
    ver = match["version"]
    return int(match["game"]), (None if ver == ANY_VERSION else int(ver)), match["verb"], match["arg"] or ""


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """Every button of every game (lobby, table, hand panel)."""

    def __init__(self, game: int, verb: str, arg: str = "", version: int | None = None, *,
                 label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            custom_id=custom_id(game, verb, arg, version), label=(label[:80] or None), style=style,
            emoji=emoji, disabled=disabled, row=row,
        ))
        self.game, self.version, self.verb, self.arg = game, version, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        game, version, verb, arg = _parse(match)
        return cls(game, verb, arg, version)

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _handler(interaction)
        if handler is not None:
            await handler.on_click(interaction, self.game, self.version, self.verb, self.arg, [])


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """Every select menu of every game; the chosen values travel with the click."""

    def __init__(self, game: int, verb: str, arg: str = "", version: int | None = None, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 min_values: int = 1, max_values: int = 1, row: int | None = None) -> None:
        options = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(
            custom_id=custom_id(game, verb, arg, version, prefix=SELECT_PREFIX), options=options[:25],
            placeholder=placeholder[:150] or None, min_values=min_values,
            max_values=min(max_values, len(options[:25])), row=row,
        ))
        self.game, self.version, self.verb, self.arg = game, version, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        game, version, verb, arg = _parse(match)
        return cls(game, verb, arg, version)

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _handler(interaction)
        data: Any = interaction.data or {}
        raw = data.get("values", [])
        values = [str(v) for v in raw] if isinstance(raw, list) else []
        if handler is not None:
            await handler.on_click(interaction, self.game, self.version, self.verb, self.arg, values)
