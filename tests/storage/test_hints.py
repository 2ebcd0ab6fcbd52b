"""Hints in storage (issue #45): the server's switch for rated games, and each seat's hints in the record and in
the person's totals (``/stats``)."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from tests.storage.conftest import GUILD, record


async def test_the_server_switch_is_off_by_default_and_kept(storage: Storage) -> None:
    assert not (await storage.guild_settings(GUILD)).hints
    assert (await storage.update_guild_settings(GUILD, hints=True)).hints
    assert (await storage.guild_settings(GUILD)).hints
    with pytest.raises(ValueError, match="hints"):
        await storage.update_guild_settings(GUILD, hints="yes")


async def test_the_record_keeps_each_seats_hints_and_stats_add_them_up(storage: Storage) -> None:
    first = record([1, 2, 3, 4], hints=(2, 0, 1, 0))
    await storage.record_game(first)
    await storage.record_game(record([1, 2, 3, 4], hints=(1, 0, 0, 0)))
    await storage.record_game(record([1, 2, 3, 4]))  # a game that counted none
    stored = await storage.game_record(first.game_id)
    assert stored is not None and stored.hints == (2, 0, 1, 0)
    hints = {user: (await storage.stats(GUILD, user))[0].hints for user in (1, 2, 3)}
    assert hints == {1: 3, 2: 0, 3: 1}
