"""A game survives a restart: the same table, buttons and turn carry on from the last committed move."""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest

from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import (
    fix_deal,
    open_game,
    play_match,
    play_one_step,
    session_in,
    table_message,
    to_move,
)


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


async def test_a_restart_between_hands_keeps_the_next_hand_button_and_its_clock(
        double: DiscordDouble, teahouse: Any) -> None:
    """Killed while the hand-over pause runs: after the restart the table still offers Next hand, and the
    pause still ends by itself (a game between hands never waits for a click that nobody can make)."""
    alice, bob = double["alice"], double["bob"]
    rng = random.Random(5)
    next_hand = t("en", "games.button.next_hand")
    async with teahouse(computer_delay_seconds=0.0) as bot:
        thread = await open_game(double, alice, "gostop", "rounds=2", joiners=(bob,), computers=1)
        session = session_in(bot, thread)
        assert session is not None
        for _ in range(500):
            if session.paused_until is not None:
                break
            await play_one_step(thread, [alice, bob], rng)
            await double.settle()
        assert session.paused_until is not None, "the first hand never ended"
        version = session.version
    async with teahouse(computer_delay_seconds=0.0) as bot:
        after = session_in(bot, thread)
        assert after is not None and after.paused_until is not None and after.version == version
        await double.settle()
        table = table_message(thread)
        assert table is not None and table.has_button(next_hand), table.content if table else None
        double.clock.advance(after.paused_until - time.time() + 1)
        for _ in range(100):
            await double.settle()
            table = table_message(thread)
            if after.paused_until is None and table is not None and not table.has_button(next_hand):
                break
        assert after.paused_until is None, "the pause between hands never ended"
        table = table_message(thread)
        assert table is not None and not table.has_button(next_hand), "the table still waits for Next hand"
        assert to_move(table), "nobody is asked to move in the next hand"
