"""What the replay tests share: a finished match on the double, and the viewer's words read back."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from bot.storage import GameRecord
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.play.driver import fix_deal, open_game, play_match

#: full matches of several hands: three Go-Stop rounds against two computers; Goita to 60 points
MATCHES: dict[str, tuple[str, int, int]] = {"gostop": ("rounds=3", 2, 2), "goita": ("target_score=60", 2, 2)}
STEP = re.compile(r"Step (\d+) of (\d+)")


async def finished_match(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch,
                         game: str) -> GameRecord:
    """Alice plays one full match of ``game`` with computers; its record as stored."""
    options, computers, seed = MATCHES[game]
    fix_deal(monkeypatch, seed)  # a known deal: some Goita deals end a match at once, with no move to replay
    thread = await open_game(double, double["alice"], game, options, computers=computers)
    log = await play_match(double, bot, thread, [double["alice"]], seed=seed)
    assert log.final is not None
    entries = await bot.storage.history(double.guild.id)
    record = await bot.storage.game_record(entries[0].game_id)
    assert record is not None and record.actions
    return record


def step_of(message: Message) -> tuple[int, int]:
    """The step a viewer shows and its last step, read from its words."""
    found = STEP.search(message.content)
    assert found is not None, message.content
    return int(found[1]), int(found[2])


def owner_of(message: Message) -> int:
    """Whose viewer this is, from its ▶ button's custom id."""
    custom: Any = message.button("▶").custom_id
    return int(str(custom).split(":")[2])


NEXT, LAST, FIRST, PREV = "▶", "⏭", "⏮", "◀"
SHOW = t("en", "viewer.show_hands")
