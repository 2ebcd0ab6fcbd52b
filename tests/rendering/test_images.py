"""Whole images: they decode at the expected size, depend only on the view, and are stable."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from rendering import render_hand, render_leaderboard, render_summary, render_table
from rendering.board import summary_of
from rendering.gallery import NAMES, SEATS, play_out, play_to, sample_leaderboard

GAMES = ("zhengshangyou", "gouji", "gostop", "goita")


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


@pytest.mark.parametrize("game", GAMES)
def test_table_and_hand_decode_at_phone_size_under_300_kb(game: str, positions: dict[str, Any]) -> None:
    module, state = positions[game]
    table = render_table(game, module.view(state, None), NAMES[: SEATS[game]])
    hand = render_hand(game, module.view(state, min(module.to_act(state) or {0})))
    for data in (table, hand):
        img = _decode(data)
        assert 1024 <= img.width <= 1280 and 200 <= img.height <= 1100
        assert len(data) <= 300 * 1024
    expected = {"zhengshangyou": (1280, 880), "gouji": (1280, 880), "goita": (1024, 1024)}
    if game in expected:
        assert _decode(table).size == expected[game]


@pytest.mark.parametrize("game", GAMES)
def test_same_view_gives_the_same_bytes(game: str, positions: dict[str, Any]) -> None:
    module, state = positions[game]
    view = module.view(state, None)
    names = NAMES[: SEATS[game]]
    assert render_table(game, view, names) == render_table(game, copy.deepcopy(view), list(names))
    private = module.view(state, 0)
    assert render_hand(game, private) == render_hand(game, private)


def _swap_hidden(game: str, data: dict[str, Any], a: int, b: int) -> None:
    """Exchange one hidden card (or piece) between the hands of seats ``a`` and ``b``."""
    hands = data["hands"]
    if game in ("gouji", "goita"):  # counts per rank / piece
        ra = next(r for r, n in enumerate(hands[a]) if n and r != next(q for q, m in enumerate(hands[b]) if m))
        rb = next(r for r, n in enumerate(hands[b]) if n and r != ra)
        hands[a][ra] -= 1
        hands[b][ra] += 1
        hands[b][rb] -= 1
        hands[a][rb] += 1
    else:
        i = next(i for i, card in enumerate(hands[a]) if card not in hands[b])
        j = next(j for j, card in enumerate(hands[b]) if card != hands[a][i])
        hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
        if game == "gostop" and len(data["stock"]) > 1:
            data["stock"][0], data["stock"][-1] = data["stock"][-1], data["stock"][0]


@pytest.mark.parametrize("game", GAMES)
def test_public_image_depends_only_on_the_public_view(game: str, positions: dict[str, Any]) -> None:
    module, state = positions[game]
    data = state.to_dict()
    _swap_hidden(game, data, 1, 2)
    other = module.state_from_dict(data)
    assert module.view(other, 1) != module.view(state, 1), "the hidden cards really differ"
    names = NAMES[: SEATS[game]]
    assert render_table(game, module.view(other, None), names) == render_table(game, module.view(state, None), names)
    assert render_hand(game, module.view(other, 1)) != render_hand(game, module.view(state, 1))


def test_zheng_shangyou_table_seats_eight_players() -> None:
    module, state = play_to("zhengshangyou", 9, 12, seats=8)
    img = _decode(render_table("zhengshangyou", module.view(state, None), NAMES))
    assert img.size == (1280, 880)


def test_gou_ji_hand_of_36_cards_stays_readable() -> None:
    module, state = play_to("gouji", 3, 0)
    view = module.view(state, 0)
    assert len(view.hand) == 36
    img = _decode(render_hand("gouji", view))
    assert img.width <= 1280 and img.height <= 600


@pytest.mark.parametrize("game", GAMES)
def test_summary_image_after_a_finished_game(game: str) -> None:
    module, state = play_out(game, 4)
    result = module.result(state)
    assert result.finished
    by_result = render_summary(game, result, NAMES[: SEATS[game]])
    by_mapping = render_summary(game, summary_of(result), NAMES[: SEATS[game]])
    assert by_result == by_mapping
    assert _decode(by_result).width == 1024


def test_leaderboard_from_rows_and_when_empty() -> None:
    img = _decode(render_leaderboard(sample_leaderboard(), "Gou Ji — leaderboard"))
    assert img.width == 1024
    assert _decode(render_leaderboard([], "Empty")).width == 1024


def test_names_missing_or_unprintable_fall_back_to_seat_numbers(positions: dict[str, Any]) -> None:
    module, state = positions["goita"]
    view = module.view(state, None)
    assert render_table("goita", view, ["🎲🤖", "", "\u200d"]) == render_table("goita", view, [])


def test_goita_rotate_pieces_option_draws_a_different_public_table() -> None:
    upright = play_to("goita", 5, 9)
    turned = play_to("goita", 5, 9, options={"rotate_pieces": True})
    names = NAMES[:4]
    a = render_table("goita", upright[0].view(upright[1], None), names)
    b = render_table("goita", turned[0].view(turned[1], None), names)
    assert a != b and _decode(b).size == (1024, 1024)
