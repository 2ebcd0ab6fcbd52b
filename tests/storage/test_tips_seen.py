"""The words a person was told about are kept once each, whichever process told them and how often."""

from __future__ import annotations

from bot.storage import Storage


async def test_words_told_are_kept_once_each_per_person(storage: Storage) -> None:
    await storage.add_tips_seen(7, [])
    assert await storage.tips_seen(7) == set()
    await storage.add_tips_seen(7, ["bomb", "tribute", "bomb"])
    await storage.add_tips_seen(7, ["tribute", "duel"])  # told again (another process, a second panel)
    await storage.add_tips_seen(8, ["go"])
    assert await storage.tips_seen(7) == {"bomb", "tribute", "duel"}
    assert await storage.tips_seen(8) == {"go"}
