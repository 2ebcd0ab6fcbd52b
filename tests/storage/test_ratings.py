"""Ratings equal what openskill's PlackettLuce computes on the same results, people only."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.storage import Rating, Storage, ranks_from_scores

from .conftest import GUILD, record


def _ratings(rows: list[list]) -> list[list[Rating]]:
    return [[Rating(p.mu, p.sigma) for p in team] for team in rows]


async def _rating_of(storage: Storage, user: int, game: str = "zhengshangyou") -> Rating | None:
    return next((s.rating for s in await storage.stats(GUILD, user) if s.game == game), None)


async def test_individual_games_rate_like_openskill_from_finishing_places(storage: Storage) -> None:
    model = PlackettLuce()
    a, b, c, d = (model.rating() for _ in range(4))
    # Game 1: finishing order 3, 1, 4, 2 (places by seat).
    [[a], [b], [c], [d]] = model.rate([[a], [b], [c], [d]], ranks=[3, 1, 4, 2])
    # Game 2: a tie for second place, with only three of them.
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 2, 2])
    await storage.record_game(record([1, 2, 3, 4], places=[3, 1, 4, 2]))
    await storage.record_game(record([1, 2, 3], places=[1, 2, 2]))
    for user, expected in zip([1, 2, 3, 4], [a, b, c, d], strict=True):
        assert await _rating_of(storage, user) == Rating(expected.mu, expected.sigma)
        assert (await _rating_of(storage, user)).ordinal == expected.ordinal()  # type: ignore[union-attr]


async def test_team_game_rates_teams_from_the_team_result(storage: Storage) -> None:
    model = PlackettLuce()
    p = [model.rating() for _ in range(6)]
    # Gou Ji: seats 0,2,4 are team 0, seats 1,3,5 team 1; team 1 won although seat 0 went out first.
    new = model.rate([[p[0], p[2], p[4]], [p[1], p[3], p[5]]], ranks=[2, 1])
    result = await storage.record_game(record(
        [10, 11, 12, 13, 14, 15], places=[1, 2, 3, 4, 5, 6], game="gouji",
        teams=[0, 1, 0, 1, 0, 1], team_places={0: 2, 1: 1},
    ))
    assert result.rated
    expected = {10: new[0][0], 12: new[0][1], 14: new[0][2], 11: new[1][0], 13: new[1][1], 15: new[1][2]}
    for user, rating in expected.items():
        assert await _rating_of(storage, user, "gouji") == Rating(rating.mu, rating.sigma)
    stats = {u: (await storage.stats(GUILD, u))[0] for u in expected}
    assert [stats[u].wins for u in (10, 11)] == [0, 1]


async def test_computer_seats_are_left_out_of_rating(storage: Storage) -> None:
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    # The computer won; the two people are rated on their places relative to each other only.
    [[a], [b]] = model.rate([[a], [b]], ranks=[3, 2])
    result = await storage.record_game(record([1, "hard", 2], places=[3, 1, 2], game="gostop"))
    assert result.rated and {c.user_id for c in result.changes} == {1, 2}
    assert await _rating_of(storage, 1, "gostop") == Rating(a.mu, a.sigma)
    assert await _rating_of(storage, 2, "gostop") == Rating(b.mu, b.sigma)


async def test_team_game_with_computer_partners_rates_the_people_as_their_teams(storage: Storage) -> None:
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    await storage.record_game(record(
        [1, 2, "easy", "easy"], game="goita", teams=[0, 1, 0, 1], team_places={0: 1, 1: 2}, places=[1, 2, 1, 2],
    ))
    assert await _rating_of(storage, 1, "goita") == Rating(a.mu, a.sigma)
    assert await _rating_of(storage, 2, "goita") == Rating(b.mu, b.sigma)


async def test_game_with_one_person_is_not_rated_but_counts_in_stats(storage: Storage) -> None:
    result = await storage.record_game(record([1, "easy", "hard"]))
    assert not result.rated and result.changes == ()
    [stats] = await storage.stats(GUILD, 1)
    assert (stats.games, stats.wins, stats.rating, stats.rated_games, stats.rank) == (1, 1, None, 0, None)


async def test_two_people_on_one_team_against_computers_is_not_rated(storage: Storage) -> None:
    result = await storage.record_game(record(
        [1, "easy", 2, "easy"], game="goita", teams=[0, 1, 0, 1], team_places={0: 1, 1: 2},
    ))
    assert not result.rated


async def test_guild_setting_unrated_skips_ratings_unless_the_record_decided(storage: Storage) -> None:
    await storage.update_guild_settings(GUILD, rated=False)
    assert not (await storage.record_game(record([1, 2]))).rated
    assert await _rating_of(storage, 1) is None
    # A game that started while the guild was rated keeps that decision.
    assert (await storage.record_game(record([1, 2], rated=True))).rated
    assert await _rating_of(storage, 1) is not None


async def test_rating_change_reports_before_and_after(storage: Storage) -> None:
    first = await storage.record_game(record([1, 2]))
    second = await storage.record_game(record([2, 1]))
    after_first = {c.user_id: c.after for c in first.changes}
    assert all(c.before is None for c in first.changes)
    assert {c.user_id: c.before for c in second.changes} == after_first


def test_ranks_from_scores_higher_is_better_and_ties_share() -> None:
    assert ranks_from_scores({0: 150, 1: 90}) == {0: 1, 1: 2}
    assert ranks_from_scores({"a": 5, "b": 5, "c": 7}) == {"a": 2, "b": 2, "c": 1}
