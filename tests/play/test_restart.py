"""A game survives a restart: the same table, buttons and turn carry on from the last committed move."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import fix_deal, open_game, play_match, session_in, table_message


async def test_a_game_resumes_after_a_restart_and_finishes(double: DiscordDouble, teahouse: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    fix_deal(monkeypatch, 2)  # a known deal: about 2% of Goita deals end a 20-point match at once (R5.2–R5.4)
    async with teahouse(computer_delay_seconds=0.0) as bot:
        thread = await open_game(double, alice, "goita", "target_score=20", joiners=(bob,), computers=2)
        await play_match_steps(double, bot, thread, [alice, bob], steps=3)
        before = session_in(bot, thread)
        assert before is not None
        saved = before.to_dict()
    # the bot is gone; a new process starts from the same database
    async with teahouse(computer_delay_seconds=0.0) as bot:
        after = session_in(bot, thread)
        assert after is not None and after.to_dict()["state"] == saved["state"]
        assert after.version == saved["state"]["version"]
        table = table_message(thread)
        assert table is not None
        panel = await alice.click(table, t("en", "games.button.hand"))  # a button from before the restart
        assert panel.ephemeral and t("en", "games.error.game_over") not in panel.content
        log = await play_match(double, bot, thread, [alice, bob], seed=9)
        assert log.final is not None
        history = await bot.storage.history(double.guild.id)
        assert len(history) == 1 and history[0].rated  # two people played: rated, recorded once


async def play_match_steps(double: DiscordDouble, bot: Any, thread: Any, people: list[Any], steps: int) -> None:
    """A few human moves, then stop (the game is mid-way)."""
    with contextlib.suppress(AssertionError):
        await play_match(double, bot, thread, people, seed=2, typed_every=0, max_steps=steps)
