"""The hint (issue #45) from the engines' side: it sees the asking seat's view only, and it is the hard player's move.

Each game is played at random; at positions where the seat to decide has a choice the hint is asked with a fixed
amount of search (``search=``), so nothing here depends on the machine's speed.
"""

from __future__ import annotations

import random

import pytest

from bot.games import GAME_IDS
from bot.games.core import Choice, Reason
from bot.games.live import LiveGame
from bot.games.registry import engine
from bot.i18n import has
from tests.hints.positions import HIDDEN_SHUFFLE, positions

#: imagined deals per hint in these tests: small, and fixed
SEARCH = 6
POSITIONS = 12


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_hint_is_the_same_for_every_state_that_gives_the_seat_the_same_view(game: str) -> None:
    """Others' hidden cards dealt again: the same view, so the same move and the same reasons."""
    eng = engine(game)
    shuffled = 0
    for n, (state, seat, legal) in enumerate(positions(game, seed=1, count=POSITIONS)):
        seen = eng.view(state, seat)
        hint = eng.choose_with_reason(seen, legal, "hard", random.Random(n), search=SEARCH)
        for k in range(2):
            other = HIDDEN_SHUFFLE[game](state, seat, random.Random(1000 * n + k))
            if eng.view(other, seat) != seen:
                continue  # this redeal showed something to the seat (a shaken month): not the same view
            shuffled += 1
            assert eng.legal_actions(other, seat) == legal
            again = eng.choose_with_reason(eng.view(other, seat), eng.legal_actions(other, seat), "hard",
                                           random.Random(n), search=SEARCH)
            assert again == hint, (n, eng.format_action(hint.action), eng.format_action(again.action))
    assert shuffled >= POSITIONS  # most redeals keep the view


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_hint_is_the_hard_players_move_for_that_view_and_legal(game: str) -> None:
    """The table's hint (``LiveGame.choose_with_reason`` on the seat's view) is what the hard computer chooses
    with the same search, it is legal, and every reason it gives has words in English, Persian and Russian."""
    eng = engine(game)
    asked = 0
    for n, (state, seat, legal) in enumerate(positions(game, seed=2, count=POSITIONS)):
        live = LiveGame(game, state)
        hint = live.choose_with_reason(seat, legal, "hard", random.Random(n), search=SEARCH)
        assert isinstance(hint, Choice) and hint.reasons
        hard = eng.choose_action(eng.view(state, seat), legal, "hard", random.Random(n), search=SEARCH)
        assert hint.action == hard
        assert hint.action in legal
        for reason in hint.reasons:
            assert isinstance(reason, Reason)
            assert has(f"hints.{game}.{reason.key}"), reason.key
        asked += 1
    assert asked == POSITIONS


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_fixed_search_gives_the_same_hint_twice(game: str) -> None:
    """With ``search`` the answer depends on the view and the seed only, not on the time it took."""
    eng = engine(game)
    for n, (state, seat, legal) in enumerate(positions(game, seed=3, count=4)):
        seen = eng.view(state, seat)
        first = eng.choose_with_reason(seen, legal, "hard", random.Random(n), search=SEARCH)
        assert eng.choose_with_reason(seen, legal, "hard", random.Random(n), search=SEARCH) == first
