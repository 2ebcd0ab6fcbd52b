"""record_game: one transaction, recorded once, concurrent finishes both land, replayable records."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.storage import GameRecord, Seat, Snapshot, Storage
from tests.pg_fixtures import NewUrl

from .conftest import CHANNEL, GUILD, T0, record


def _snapshot(game_id: str) -> Snapshot:
    return Snapshot(
        game_id=game_id, guild_id=GUILD, channel_id=CHANNEL, thread_id=77, game="goita", options={},
        seats=(Seat.human(1, "a"), Seat.computer("hard", "cpu")), seed=9, state={"turn": 3}, state_version=3,
    )


async def test_recorded_game_reads_back_identically_for_replay(storage: Storage) -> None:
    game = record([1, "hard", 2], places=[2, 1, 3], points=[-5, 20, -15], rated=True, summary={"bombs": 2})
    await storage.record_game(game)
    assert await storage.game_record(game.game_id) == game
    assert await storage.game_record("no-such-game") is None


async def test_team_record_reads_back_with_teams(storage: Storage) -> None:
    game = record([1, 2, 3, 4], game="goita", teams=[0, 1, 0, 1], team_places={0: 2, 1: 1}, places=[2, 1, 2, 1],
                  rated=True)
    await storage.record_game(game)
    assert await storage.game_record(game.game_id) == game


async def test_rated_none_is_stored_as_the_decision_taken(storage: Storage) -> None:
    game = record([1, 2])
    await storage.record_game(game)
    assert await storage.game_record(game.game_id) == replace(game, rated=True)


async def test_a_game_is_recorded_only_once(storage: Storage) -> None:
    game = record([1, 2])
    first = await storage.record_game(game)
    again = await storage.record_game(game)
    assert again.already_recorded and not first.already_recorded
    assert (again.rated, again.changes) == (first.rated, first.changes)
    [stats] = await storage.stats(GUILD, 1)
    assert stats.games == 1 and len(await storage.history(GUILD)) == 1


async def test_recording_deletes_the_games_snapshot_and_a_late_save_is_ignored(storage: Storage) -> None:
    game = record([1, 2], game_id="live-1")
    assert await storage.save_snapshot(_snapshot("live-1"))
    await storage.save_snapshot(_snapshot("other"))
    await storage.record_game(game)
    assert [s.game_id for s in await storage.active_snapshots()] == ["other"]
    assert not await storage.save_snapshot(_snapshot("live-1"))
    assert [s.game_id for s in await storage.active_snapshots()] == ["other"]


async def test_a_snapshot_kept_for_the_announcement_stays_until_deleted_and_cannot_change(
        storage: Storage) -> None:
    game = record([1, 2], game_id="live-2")
    assert await storage.save_snapshot(_snapshot("live-2"))
    first = await storage.record_game(game, keep_snapshot=True)
    assert [s.game_id for s in await storage.active_snapshots()] == ["live-2"]  # the end is not yet said
    assert not await storage.save_snapshot(_snapshot("live-2"))  # recorded: no save changes it any more
    again = await storage.record_game(game, keep_snapshot=True)  # the next start records it again: nothing changes
    assert again.rated == first.rated and len(await storage.history(GUILD)) == 1
    await storage.delete_snapshot("live-2")
    assert await storage.active_snapshots() == []


async def test_a_failing_record_changes_nothing(storage: Storage) -> None:
    await storage.save_snapshot(_snapshot("dup-seat"))
    good = record([1, 2], game_id="dup-seat")
    # A seat row that violates the schema (NULL name) makes the transaction fail half-way.
    bad = replace(good, seats=(Seat.human(1, None), Seat.human(2, "b")))  # type: ignore[arg-type]
    with pytest.raises(Exception, match="(?i)not.null"):
        await storage.record_game(bad)
    assert await storage.game_record("dup-seat") is None
    assert await storage.stats(GUILD, 1) == []
    assert [s.game_id for s in await storage.active_snapshots()] == ["dup-seat"]
    assert (await storage.record_game(good)).rated


async def test_two_games_finishing_at_the_same_moment_both_land(storage: Storage) -> None:
    games = [record([1, 2], game_id="a"), record([2, 1], game_id="b"), record([1, 3], game_id="c")]
    results = await asyncio.gather(*(storage.record_game(g) for g in games))
    assert all(r.rated for r in results)
    stats = {s.game: s for s in await storage.stats(GUILD, 1)}
    assert stats["zhengshangyou"].games == 3 and stats["zhengshangyou"].rated_games == 3
    assert {h.game_id for h in await storage.history(GUILD)} == {"a", "b", "c"}


async def test_two_processes_recording_into_one_database_both_land(new_url: NewUrl) -> None:
    path = await new_url()
    first, second = await Storage.open(path), await Storage.open(path)
    try:
        batch = [record([1, 2], game_id=f"p{i}") for i in range(10)]
        await asyncio.gather(*(store.record_game(g) for g, store in zip(batch, [first, second] * 5, strict=True)))
        [stats] = await first.stats(GUILD, 2)
        assert stats.games == 10 and stats.rated_games == 10 and stats.wins == 0
    finally:
        await first.close()
        await second.close()


async def test_stats_count_wins_average_place_points_and_streaks(storage: Storage) -> None:
    for i, place in enumerate([1, 1, 2, 1, 1, 1, 3]):
        others = [p for p in (1, 2, 3) if p != 1]
        places = [place] + [p for p in (1, 2, 3) if p != place]
        await storage.record_game(record([1, *others], places=places, ended=T0 + timedelta(hours=i)))
    [stats] = await storage.stats(GUILD, 1)
    assert (stats.games, stats.wins, stats.streak, stats.best_streak) == (7, 5, 0, 3)
    assert stats.average_place == pytest.approx(10 / 7)
    assert stats.points == sum(3 - p for p in [1, 1, 2, 1, 1, 1, 3])
    assert stats.last_played_at == T0 + timedelta(hours=6)
    assert stats.rank is not None and stats.rating is not None


async def test_stats_are_per_guild_and_per_game(storage: Storage) -> None:
    await storage.record_game(record([1, 2], game="gostop"))
    await storage.record_game(record([1, 2], game="goita", teams=[0, 1], team_places={0: 1, 1: 2}))
    await storage.record_game(record([1, 2], guild=GUILD + 1))
    assert [s.game for s in await storage.stats(GUILD, 1)] == ["goita", "gostop"]
    assert [s.game for s in await storage.stats(GUILD + 1, 1)] == ["zhengshangyou"]


async def test_stats_rank_is_position_on_the_rating_leaderboard(storage: Storage) -> None:
    await storage.record_game(record([1, 2, 3]))
    board = await storage.leaderboard(GUILD, "zhengshangyou")
    for row in board:
        [stats] = await storage.stats(GUILD, row.user_id)
        assert stats.rank == row.rank


async def test_history_is_newest_first_with_thread_links_and_seats(storage: Storage) -> None:
    for i in range(5):
        await storage.record_game(record([1, 2] if i % 2 else [3, "easy"], game_id=f"h{i}",
                                         ended=T0 + timedelta(minutes=i)))
    assert [h.game_id for h in await storage.history(GUILD)] == ["h4", "h3", "h2", "h1", "h0"]
    mine = await storage.history(GUILD, user_id=1)
    assert [h.game_id for h in mine] == ["h3", "h1"]
    entry = mine[0]
    assert (entry.channel_id, entry.link_channel_id) == (CHANNEL, entry.thread_id)
    assert [(s.user_id, s.place, s.won) for s in entry.seats] == [(1, 1, True), (2, 2, False)]
    assert entry.seats[0].rating_before is not None and entry.seats[0].rating_after is not None
    assert [h.game_id for h in await storage.history(GUILD, limit=2)] == ["h4", "h3"]
    assert await storage.history(GUILD + 1) == []
    computer_game = (await storage.history(GUILD, user_id=3))[0]
    assert computer_game.seats[1].ai_level == "easy" and computer_game.seats[1].rating_after is None


def test_record_refuses_inconsistent_results() -> None:
    with pytest.raises(ValueError, match="one entry per seat"):
        record([1, 2], places=[1])
    with pytest.raises(ValueError, match="only one seat"):
        record([1, 1])
    with pytest.raises(ValueError, match="team_places"):
        record([1, 2], teams=[0, 1])
    with pytest.raises(ValueError, match="timezone-aware"):
        record([1, 2], ended=T0.replace(tzinfo=None))
    with pytest.raises(ValueError, match="exactly one"):
        Seat()


def test_record_holds_json_values_as_they_come_back() -> None:
    game: GameRecord = record([1, 2], summary={"by_seat": (1, 2)})
    assert game.actions == ([0, "33"], [1, "pass"]) and game.summary == {"by_seat": [1, 2]}


async def test_the_same_game_recorded_by_two_processes_at_once_is_applied_once(new_url: NewUrl) -> None:
    """A process that dies between commit and reply, and its replacement finishing the game again,
    or two processes racing on one game: whichever comes second gets the first's result back."""
    path = await new_url()
    stores = [await Storage.open(path) for _ in range(4)]
    try:
        await stores[0].record_game(record([1, 2], game_id="warm-up"))  # both have a rating already
        game = record([1, 2, 3], game_id="contested")
        results = await asyncio.gather(*(store.record_game(game) for store in stores))
        assert sum(not r.already_recorded for r in results) == 1
        first = next(r for r in results if not r.already_recorded)
        assert all(replace(r, already_recorded=False) == first for r in results)
        [stats] = await stores[1].stats(GUILD, 3)
        assert (stats.games, stats.rated_games) == (1, 1)
        [stats] = await stores[2].stats(GUILD, 1)
        assert stats.games == 2
        assert sorted(h.game_id for h in await stores[3].history(GUILD)) == ["contested", "warm-up"]
        assert await stores[3].leaderboard_size(GUILD, "zhengshangyou", sort="points") == 3
    finally:
        for store in stores:
            await store.close()


async def test_concurrent_games_of_the_same_people_all_count(new_url: NewUrl) -> None:
    """Totals are read, added to and written back: two processes recording different games of the
    same people at once must not lose one of them (each is serialised on its server and game kind)."""
    path = await new_url()
    first, second = await Storage.open(path), await Storage.open(path)
    try:
        batch = [record([1, 2, 3], game_id=f"c{i}", ended=T0 + timedelta(seconds=i)) for i in range(12)]
        await asyncio.gather(*(store.record_game(g) for g, store in zip(batch, [first, second] * 6, strict=True)))
        for user in (1, 2, 3):
            [stats] = await second.stats(GUILD, user)
            assert (stats.games, stats.rated_games) == (12, 12)
        [week] = await first.leaderboard(GUILD, "zhengshangyou", sort="wins", period="week", now=T0, limit=1)
        assert (week.user_id, week.games, week.wins) == (1, 12, 12)
    finally:
        await first.close()
        await second.close()
