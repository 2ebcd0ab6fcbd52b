"""A game's views are made once per version and shared by the panel, the table and the computers: that is right
only if every change to a state raises its version, which these games check move by move."""

import random

import pytest

from bot.games import GAME_IDS
from bot.games.live import LiveGame
from bot.games.registry import engine
from cogs.table.session import GameSession

SEATS = {"gouji": 6, "zhengshangyou": 4, "gostop": 3, "goita": 4}


@pytest.mark.parametrize("game", sorted(GAME_IDS))
def test_a_kept_view_is_always_the_view_of_the_state_as_it_is(game: str) -> None:
    mod = engine(game)
    rng = random.Random(7)
    for seed in range(3):
        session = GameSession(id=seed, game=game, guild_id=1, channel_id=1, host_id=1)
        session.live = LiveGame(session.game, mod.new_game(SEATS[game], seed))
        seats = [None, *range(SEATS[game])]
        for _ in range(400):
            for seat in rng.sample(seats, 3):  # read some views, as the bot does after a move
                assert session.view(seat) == mod.view(session.live.state, seat)
            movers = sorted(mod.to_act(session.live.state))
            if not movers:
                break
            seat = rng.choice(movers)
            mod.apply(session.live.state, seat, rng.choice(mod.legal_actions(session.live.state, seat)))
        # a new match: a new state, its version 0 again
        session.live = LiveGame(session.game, mod.new_game(SEATS[game], seed + 100))
        assert session.view(0) == mod.view(session.live.state, 0)
