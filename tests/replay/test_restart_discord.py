"""A viewer survives a restart: its step lives in its buttons' custom ids and the game in storage, so a
click after the bot came back goes on from the same place (the new process has no memory of it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord_double import DiscordDouble
from tests.replay.helpers import NEXT, PREV, finished_match, step_of


async def test_a_viewer_stepped_before_a_restart_keeps_stepping_from_the_same_place(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, carol = double["alice"], double["carol"]
    async with teahouse(computer_delay_seconds=0.0) as bot:
        record = await finished_match(double, bot, monkeypatch, "goita")
        viewer = await alice.run("/replay", game_id=record.game_id)
        for _ in range(3):
            viewer = await alice.click(viewer, NEXT)
        copy = await carol.click(viewer, NEXT)  # Carol's private copy, at step 4
        assert step_of(viewer)[0] == 3 and step_of(copy)[0] == 4
    # the bot is gone; a new process starts from the same database, with nothing of the viewers in memory
    async with teahouse(computer_delay_seconds=0.0):
        viewer = await alice.click(viewer, NEXT)
        assert step_of(viewer)[0] == 4 and not viewer.ephemeral and viewer.attachments
        copy = await carol.click(copy, NEXT)
        assert step_of(copy)[0] == 5 and copy.ephemeral and copy.attachments
        viewer = await alice.click(viewer, PREV)
        assert step_of(viewer)[0] == 3
        assert len(alice.last_interaction.calls) <= 2
