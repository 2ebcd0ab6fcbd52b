"""Guild settings round-trip with defaults; active-game snapshots save, reload, update and go."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage import GuildSettings, Seat, Snapshot, Storage
from tests.pg_fixtures import NewUrl

from .conftest import CHANNEL, GUILD, record


async def test_settings_default_until_changed(storage: Storage) -> None:
    settings = await storage.guild_settings(GUILD)
    assert settings == GuildSettings()
    assert (settings.turn_timeout_s, settings.ai_level, settings.rated, settings.language) == (None, None, True, None)
    assert settings.is_enabled("goita")


async def test_settings_round_trip_and_stay_per_guild(storage: Storage) -> None:
    changed = await storage.update_guild_settings(
        GUILD, turn_timeout_s=90, ai_level="hard", disabled_games={"gostop"}, rated=False, language="fa",
    )
    assert await storage.guild_settings(GUILD) == changed == GuildSettings(
        turn_timeout_s=90, ai_level="hard", disabled_games=frozenset({"gostop"}), rated=False, language="fa",
    )
    assert not changed.is_enabled("gostop") and changed.is_enabled("goita")
    assert await storage.guild_settings(GUILD + 1) == GuildSettings()


async def test_settings_update_changes_only_what_is_named(storage: Storage) -> None:
    await storage.update_guild_settings(GUILD, language="ru", turn_timeout_s=60)
    await storage.update_guild_settings(GUILD, language=None)
    assert await storage.guild_settings(GUILD) == GuildSettings(turn_timeout_s=60)


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"colour": "red"}, "unknown"), ({"turn_timeout_s": 0}, "turn_timeout_s"), ({"rated": "yes"}, "rated"),
     ({"language": ""}, "language"), ({"disabled_games": "goita"}, "disabled_games")],
)
async def test_settings_refuse_bad_values(storage: Storage, changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        await storage.update_guild_settings(GUILD, **changes)
    assert await storage.guild_settings(GUILD) == GuildSettings()


def _snapshot(game_id: str, version: int = 1, **kw: object) -> Snapshot:
    fields = dict(
        game_id=game_id, guild_id=GUILD, channel_id=CHANNEL, thread_id=555, game="gouji",
        options={"rounds": 2}, seats=(Seat.human(1, "Ali"), Seat.computer("normal", "Computer 2")),
        seed=2**70 + 3, state={"hands": [["QS", "2H"], []], "turn": version}, state_version=version,
        actions=[[0, "QQ22"]] * version, table_message_id=999, turn_deadline=datetime(2026, 11, 25, 12, 3, tzinfo=UTC),
        extra={"host": 1},
    )
    fields.update(kw)
    return Snapshot(**fields)  # type: ignore[arg-type]


async def test_snapshot_round_trips_everything(storage: Storage) -> None:
    saved_at = datetime(2026, 11, 25, 12, 0, 0, 123456, tzinfo=UTC)
    snapshot = _snapshot("s1")
    assert await storage.save_snapshot(snapshot, now=saved_at)
    assert await storage.active_snapshots() == [
        Snapshot(**{**snapshot.__dict__, "created_at": saved_at, "updated_at": saved_at})
    ]


async def test_snapshot_save_replaces_and_keeps_creation_time(storage: Storage) -> None:
    start = datetime(2026, 11, 25, 12, tzinfo=UTC)
    await storage.save_snapshot(_snapshot("s1"), now=start)
    await storage.save_snapshot(_snapshot("s1", version=2, turn_deadline=None, thread_id=None),
                                now=start + timedelta(seconds=30))
    [loaded] = await storage.active_snapshots()
    assert (loaded.state_version, loaded.state["turn"], len(loaded.actions)) == (2, 2, 2)
    assert (loaded.turn_deadline, loaded.thread_id) == (None, None)
    assert (loaded.created_at, loaded.updated_at) == (start, start + timedelta(seconds=30))


async def test_snapshots_load_oldest_first_and_delete(storage: Storage) -> None:
    start = datetime(2026, 11, 25, 12, tzinfo=UTC)
    for i, game_id in enumerate(["b", "a", "c"]):
        await storage.save_snapshot(_snapshot(game_id), now=start + timedelta(seconds=i))
    assert [s.game_id for s in await storage.active_snapshots()] == ["b", "a", "c"]
    await storage.delete_snapshot("a")
    await storage.delete_snapshot("never-saved")
    assert [s.game_id for s in await storage.active_snapshots()] == ["b", "c"]


async def test_snapshots_survive_closing_and_reopening_the_database(new_url: NewUrl) -> None:
    path = await new_url()
    storage = await Storage.open(path)
    await storage.save_snapshot(_snapshot("s1", version=4))
    await storage.update_guild_settings(GUILD, language="fa")
    await storage.close()
    storage = await Storage.open(path)
    try:
        [loaded] = await storage.active_snapshots()
        assert loaded.state_version == 4 and loaded.seed == 2**70 + 3
        assert (await storage.guild_settings(GUILD)).language == "fa"
    finally:
        await storage.close()


async def test_an_older_snapshot_never_overwrites_a_newer_one(storage: Storage) -> None:
    """A slow save from a process that lost the game (version 3) arrives after its replacement saved
    version 5: version 5 stays. An equal version (a lobby's, or a re-save) still replaces."""
    start = datetime(2026, 11, 25, 12, tzinfo=UTC)
    assert await storage.save_snapshot(_snapshot("s1", version=5), now=start)
    assert not await storage.save_snapshot(_snapshot("s1", version=3), now=start + timedelta(seconds=1))
    [loaded] = await storage.active_snapshots()
    assert (loaded.state_version, loaded.updated_at) == (5, start)
    assert await storage.save_snapshot(_snapshot("s1", version=5, thread_id=None), now=start + timedelta(seconds=2))
    assert await storage.save_snapshot(_snapshot("s1", version=6), now=start + timedelta(seconds=3))
    [loaded] = await storage.active_snapshots()
    assert loaded.state_version == 6


async def _end(storage: Storage, game_id: str, how: str) -> None:
    """The game ends the ways the bot ends one: a lobby cancelled (or a game ended without a result), a game
    abandoned, a game finished (recorded, its snapshot kept until the end is announced, then forgotten)."""
    if how == "cancelled":
        await storage.delete_snapshot(game_id)
    elif how == "abandoned":
        await storage.record_abandoned(record([1, 2], game_id=game_id))
    else:
        await storage.record_game(record([1, 2], game_id=game_id), keep_snapshot=True)
        await storage.delete_snapshot(game_id)


@pytest.mark.parametrize("how", ["cancelled", "abandoned", "finished"])
async def test_a_late_save_from_a_process_that_lost_the_game_never_brings_it_back(new_url: NewUrl, how: str) -> None:
    """Process A lost the server's shard with a save still on its way; process B took the game over and ended
    it. A's save then lands, whatever version it carries (the one B took over, or one A made on alone): it
    is refused, and the process that next runs the shard does not resume the game (#43)."""
    path = await new_url()
    lost, took_over = await Storage.open(path), await Storage.open(path)
    try:
        assert await lost.save_snapshot(_snapshot("handed-over", version=3))
        assert await took_over.save_snapshot(_snapshot("handed-over", version=4))
        await _end(took_over, "handed-over", how)
        for version in (3, 4, 9, 0):
            assert not await lost.save_snapshot(_snapshot("handed-over", version=version))
        assert await lost.save_snapshot(_snapshot("another-game", version=3))  # other games save as before
    finally:
        await lost.close()
        await took_over.close()
    next_process = await Storage.open(path)
    try:
        assert [s.game_id for s in await next_process.active_snapshots()] == ["another-game"]
    finally:
        await next_process.close()


@pytest.mark.parametrize("how", ["cancelled", "abandoned", "finished"])
async def test_saves_racing_the_end_of_a_game_never_bring_it_back(new_url: NewUrl, how: str) -> None:
    """A's saves are in flight while B ends the game (on PostgreSQL, on connections of their own, truly at
    once): whichever lands first, once the end is committed the game stays ended."""
    path = await new_url()
    lost, took_over = await Storage.open(path), await Storage.open(path)
    try:
        for attempt in range(8):
            game_id = f"race-{attempt}"
            assert await took_over.save_snapshot(_snapshot(game_id, version=2))
            saves = [lost.save_snapshot(_snapshot(game_id, version=v)) for v in (1, 2, 3, 2, 3, 4)]
            await asyncio.gather(*saves[:3], _end(took_over, game_id, how), *saves[3:])
            assert not await lost.save_snapshot(_snapshot(game_id, version=5))
        assert await took_over.active_snapshots() == []
    finally:
        await lost.close()
        await took_over.close()


async def test_racing_snapshot_writes_from_two_processes_keep_the_newest(new_url: NewUrl) -> None:
    path = await new_url()
    first, second = await Storage.open(path), await Storage.open(path)
    try:
        versions = list(range(1, 41))
        random.Random(7).shuffle(versions)
        await asyncio.gather(*((first if v % 2 else second).save_snapshot(_snapshot("race", version=v))
                               for v in versions))
        [loaded] = await second.active_snapshots()
        assert loaded.state_version == 40
    finally:
        await first.close()
        await second.close()


async def test_a_process_resumes_only_the_games_of_its_own_shards(new_url: NewUrl) -> None:
    path = await new_url()
    everything = await Storage.open(path)
    guilds = {shard: next(g for g in range(1 << 22, 1 << 30, 1 << 22) if (g >> 22) % 3 == shard) for shard in range(3)}
    try:
        for shard, guild in guilds.items():
            await everything.save_snapshot(replace(_snapshot(f"on-{shard}"), guild_id=guild))
        shard_1 = await Storage.open(path, shard_count=3, shard_ids=[1])
        shards_0_2 = await Storage.open(path, shard_count=3, shard_ids=[0, 2])
        try:
            assert [s.game_id for s in await shard_1.active_snapshots()] == ["on-1"]
            assert sorted(s.game_id for s in await shards_0_2.active_snapshots()) == ["on-0", "on-2"]
            assert len(await everything.active_snapshots()) == 3
        finally:
            await shard_1.close()
            await shards_0_2.close()
    finally:
        await everything.close()
