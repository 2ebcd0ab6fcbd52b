"""``/rules`` illustrates a game with a position that shows what its summary explains (#22): not an
empty, freshly dealt table."""

from __future__ import annotations

from bot.games.examples import rules_example
from bot.games.gostop.example import SETS


def test_the_go_stop_example_shows_a_capture_and_a_set() -> None:
    module, state = rules_example("gostop")
    view = module.view(state, None)
    assert view.last_turn.captured  # a month matched: the captured cards are highlighted
    assert any(parts.get(name, 0) > 0 for parts in view.score_parts for name in SETS)
    assert any(player.captures for player in view.players)


def test_the_climbing_examples_show_a_play_to_beat() -> None:
    for game in ("gouji", "zhengshangyou"):
        module, state = rules_example(game)
        view = module.view(state, None)
        assert view.phase == "play" and view.top is not None and view.top_seat is not None, game


def test_the_goita_example_shows_an_attack_to_block() -> None:
    module, state = rules_example("goita")
    assert module.view(state, None).attack


def test_the_example_is_the_same_every_time() -> None:
    module, state = rules_example("gostop")
    rules_example.cache_clear()
    again_module, again = rules_example("gostop")
    assert module.view(state, None) == again_module.view(again, None)
