"""The gallery with the longest names (issue #47, "what it must show"): every picture kind of every game in
English, Persian and Russian, with two seats named in 24 characters of Latin, Cyrillic, Arabic and CJK
script. No text but a person's name may be shortened, none may be wider than its room or leave the picture,
and no two texts may overlap. A shortened name keeps enough of itself to tell two seats apart.

Every text a picture draws is noted where it is drawn (``text.Drawn``, ``text.texts_of``): the test reads
the picture's own record, not a copy of the layout rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image

from bot.games import GAMES
from bot.games.registry import engine
from rendering import board
from rendering import text as tx
from rendering.art import art
from rendering.gallery import (
    LONG_NAMES,
    SEATS,
    _summary,
    long_names,
    play_out,
    play_to,
    rules_table,
    sample_leaderboard,
)

LANGS = ("en", "fa", "ru")
#: a shortened name keeps at least this many characters (with the seat's letter beside it, enough to tell
#: two seats apart; the full name is in the message text)
MIN_NAME_CHARS = 5

Draw = Callable[[], Image.Image]


#: the table positions drawn, by moves from the start (seed 7) beside each game's example: a Gou Ji duel,
#: exposed hands and the endgame; Zheng Shangyou seats out, with places, the dealer and a pass; later Go-Stop
#: captures; a Goita attack
MOVES = {"gouji": (100, 360, 420), "zhengshangyou": (100,), "gostop": (40, 80), "goita": (15, 30)}


def _positions() -> dict[str, tuple[Any, list[Any], Any]]:
    out = {}
    for game in GAMES:
        states = [play_to(game.id, 7, moves)[1] for moves in (game.example_moves, *MOVES.get(game.id, ()))]
        out[game.id] = (engine(game.id), states, _summary(*play_out(game.id, 7)))
    return out


POSITIONS = _positions()


def _in(lang: str, draw: Callable[[], Image.Image]) -> Image.Image:
    with tx.language(lang):
        return draw()


def kinds() -> Iterator[tuple[str, Draw]]:
    """Every picture kind in every language and script: (id, draw)."""
    module8, state8 = play_to("zhengshangyou", 7, 10, seats=8)
    for lang in LANGS:
        for game_id, (module, states, summary) in POSITIONS.items():
            drawings = art(game_id)
            state = states[0]
            seat = min(module.to_act(state) or {0})
            yield f"{lang}/{game_id}_hand", partial(_in, lang, partial(drawings.draw_hand, module.view(state, seat), lang))
            yield f"{lang}/{game_id}_rules", partial(_in, lang, partial(drawings.draw_table, *rules_table(game_id), lang))
            for script, (k, position) in itertools.product(LONG_NAMES, enumerate(states)):
                view = module.view(position, None)
                acting = min(module.to_act(position) or {0})
                at = (acting, (acting + 1) % SEATS[game_id])  # the seat to act has a long name: it is in the turn line
                names = long_names(script, SEATS[game_id], at)
                yield (f"{lang}/{game_id}_table{k or ''}/{script}",
                       partial(_in, lang, partial(drawings.draw_table, view, names, lang)))
                yield (f"{lang}/{game_id}_summary/{script}",
                       partial(_in, lang, partial(board.draw_summary, game_id, summary,
                                                  long_names(script, SEATS[game_id]), lang)))
        for script in LONG_NAMES:
            seat8 = min(module8.to_act(state8) or {0})
            yield (f"{lang}/zhengshangyou_table_8/{script}",
                   partial(_in, lang, partial(art("zhengshangyou").draw_table, module8.view(state8, None),
                                              long_names(script, 8, (seat8, seat8 + 1)), lang)))
            rows = sample_leaderboard()
            rows[0]["name"], rows[1]["name"] = LONG_NAMES[script]
            yield f"{lang}/leaderboard/{script}", partial(_in, lang, partial(board.draw_leaderboard, rows, "Gou Ji", lang))


KINDS = dict(kinds())


def faults(img: Image.Image) -> list[str]:
    """What is wrong with the texts of one picture."""
    texts = tx.texts_of(img)
    out = []
    for d in texts:
        if d.shortened and not d.name:
            out.append(f"shortened: {d.text!r} -> {d.shown!r}")
        if d.max_width is not None and d.width > d.max_width + 1:
            out.append(f"wider than its room: {d.shown!r} ({d.width:.0f} > {d.max_width:.0f})")
        x0, y0, x1, y1 = d.box
        if x0 < 0 or y0 < 0 or x1 > img.width or y1 > img.height:
            out.append(f"off the picture: {d.shown!r} {d.box}")
        if d.name and d.shortened and len(d.shown.rstrip(tx.ELLIPSIS)) < MIN_NAME_CHARS:
            out.append(f"name shortened too far: {d.text!r} -> {d.shown!r}")
    shortened_names = [d for d in texts if d.name and d.shortened]
    for a, b in itertools.combinations(shortened_names, 2):
        if a.text != b.text and a.shown == b.shown:
            out.append(f"two names read the same: {a.text!r} and {b.text!r} as {a.shown!r}")
    for a, b in itertools.combinations(texts, 2):
        if (a.shown, a.box) == (b.shown, b.box):
            continue  # drawn again over the background's (a Go-Stop month slot lit)
        if a.box[0] < b.box[2] - 1 and b.box[0] < a.box[2] - 1 and a.box[1] < b.box[3] - 1 and b.box[1] < a.box[3] - 1:
            out.append(f"overlap: {a.shown!r} {a.box} and {b.shown!r} {b.box}")
    return out


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_text_but_a_name_is_cut_overflows_or_overlaps(kind: str) -> None:
    img = KINDS[kind]()
    assert tx.texts_of(img), "the picture notes what it draws"
    assert faults(img) == []


def test_the_gallery_covers_every_kind_in_three_languages_and_four_scripts() -> None:
    games = [game.id for game in GAMES]
    tables = len(games) + sum(len(moves) for moves in MOVES.values())
    per_lang = 2 * len(games) + (tables + len(games)) * len(LONG_NAMES) + 2 * len(LONG_NAMES)
    assert len(KINDS) == len(LANGS) * per_lang
    assert all(len(name) == 24 for pair in LONG_NAMES.values() for name in pair)
    assert all(tx.clean(name) == name for pair in LONG_NAMES.values() for name in pair)


def test_a_long_name_is_shortened_and_noted_as_a_name() -> None:
    """The check above can fail: a picture with a long name notes it as a shortened name."""
    img = KINDS["ru/zhengshangyou_table_8/cyrillic"]()
    shortened = [d for d in tx.texts_of(img) if d.shortened]
    assert shortened and all(d.name for d in shortened)
