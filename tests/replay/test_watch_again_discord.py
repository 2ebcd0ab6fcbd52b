"""Watch again: on the match summary in the thread and on each /history entry, a click opens a private viewer
of that game for whoever clicked, at its first step, stepped by that person alone."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import final_summary
from tests.replay.helpers import NEXT, finished_match, owner_of, step_of


async def test_watch_again_from_the_summary_and_from_history(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    bob, carol = double["bob"], double["carol"]
    record = await finished_match(double, bot, monkeypatch, "gostop")
    thread = double.find_channel(record.thread_id or 0)
    assert thread is not None
    summary = final_summary(thread[1])
    assert summary is not None and summary.has_button(t("en", "viewer.watch"))

    mine = await bob.click(summary, t("en", "viewer.watch"))
    assert mine.ephemeral and owner_of(mine) == bob.id and step_of(mine) == (0, len(record.actions))
    assert mine.attachments and len(bob.last_interaction.calls) <= 2
    mine = await bob.click(mine, NEXT)
    assert step_of(mine)[0] == 1 and mine.ephemeral

    history = await carol.run("/history")
    watch = t("en", "viewer.watch_id", id=record.game_id)
    assert history.ephemeral and history.has_button(watch)
    hers = await carol.click(history, watch)
    assert hers.ephemeral and hers.id != history.id and owner_of(hers) == carol.id
    assert step_of(hers) == (0, len(record.actions)) and hers.attachments
