"""The match summary carries the last hand in one moving picture (animated WebP or GIF, whichever is smaller),
within Discord's attachment limit; ``/settings replays:`` turns it off and on; the default follows the
benchmark's measured cost against the budget."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.i18n import t
from cogs.table import replay_animation
from rendering.replay import MAX_FRAMES
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.play.driver import final_summary, fix_deal, open_game, play_match


async def one_match(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch,
                    seed: int) -> tuple[list[str], Message]:
    """One short Go-Stop match of Alice against two computers: the file names its summary carries, and it."""
    fix_deal(monkeypatch, seed)
    thread = await open_game(double, double["alice"], "gostop", "rounds=1", computers=2)
    log = await play_match(double, bot, thread, [double["alice"]], seed=seed)
    summary = final_summary(thread)
    assert log.final is not None and summary is not None
    return [a.filename for a in summary.attachments], summary


async def test_the_summary_moves_by_default_and_settings_turn_it_off(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    assert replay_animation.on_by_default("gostop")  # measured within the budget (see the bench)
    names, summary = await one_match(double, bot, monkeypatch, 2)
    assert names[0] == "summary.png" and names[1].split(".")[-1] in ("webp", "gif"), names
    moving = summary.attachments[1]
    assert moving.size <= double.attachment_size_limit and moving.size <= replay_animation.MAX_BYTES
    picture = Image.open(io.BytesIO(moving.data))
    assert getattr(picture, "is_animated", False) and 2 <= picture.n_frames <= MAX_FRAMES

    admin = double["admin"]
    told = await admin.run("/settings", replays="off")
    assert t("en", "viewer.setting_line", choice=t("en", "viewer.setting_off")) in told.content
    names, _ = await one_match(double, bot, monkeypatch, 3)
    assert names == ["summary.png"]
    told = await admin.run("/settings", replays="default")
    assert t("en", "viewer.setting_default", games="").split("(")[0] in told.content
    assert await bot.storage.guild_replays(double.guild.id) is None


def test_the_default_follows_the_measured_cost() -> None:
    for game, seconds in replay_animation.MEASURED_CPU_SECONDS.items():
        assert replay_animation.on_by_default(game) == (seconds <= replay_animation.BUDGET_CPU_SECONDS)
    assert set(replay_animation.MEASURED_CPU_SECONDS) == set(GAME_IDS)  # the bench measured every game
    assert not replay_animation.on_by_default("no such game")  # never measured: off unless a server asks
