"""Go-Stop table: each player's score by category (R6.1–R6.8) and the multiplier factors (R7.9), read from the view."""

from __future__ import annotations

import dataclasses
from typing import Any

from rendering import render_table
from rendering.gallery import NAMES, play_to
from rendering.gostop import GROUP_POINTS, breakdown

CATEGORIES = [key for own, sets in GROUP_POINTS.values() for key in (own, *sets)]


def _rich_view() -> Any:
    """The public view of a seeded Go-Stop round with a Godori, a shake and a Go on the table."""
    module, state = play_to("gostop", 146, 120)
    return module.view(state, None)


def test_R6_the_categories_add_up_to_each_players_score() -> None:
    view = _rich_view()
    for pv in view.players:
        parts = breakdown(view, pv)
        assert sum(parts[key] for key in CATEGORIES) == pv.score == parts["score"]
    assert any(breakdown(view, pv)["godori"] == 5 for pv in view.players)


def test_R7_9_the_table_shows_the_views_multiplier_and_computes_none() -> None:
    """The multiplier is the engine's (the view's ``score_parts``): change it there and the picture
    changes; without it the renderer draws no score breakdown rather than working one out."""
    view = _rich_view()
    names = NAMES[:3]
    seat = next(pv.seat for pv in view.players if breakdown(view, pv)["multiplier"] > 1)
    parts = [dict(p) for p in view.score_parts]
    parts[seat]["multiplier"] *= 2
    doubled = dataclasses.replace(view, score_parts=tuple(parts))
    assert breakdown(doubled, view.players[seat])["multiplier"] == 2 * breakdown(view, view.players[seat])["multiplier"]
    assert render_table("gostop", doubled, names) != render_table("gostop", view, names)
    bare = dataclasses.replace(view, score_parts=())
    assert all(breakdown(bare, pv) == {} for pv in view.players)
    assert render_table("gostop", bare, names).startswith(b"\x89PNG")


def test_R7_9_the_multiplier_shown_is_the_product_of_its_factors() -> None:
    view = _rich_view()
    for pv in view.players:
        parts = breakdown(view, pv)
        factors = parts["go_mult"] * parts["shake_mult"] * parts["nagari_mult"] * parts["meong_dda"]
        assert parts["multiplier"] == factors
    assert any(breakdown(view, pv)["shake_mult"] == 2 for pv in view.players)
