"""The renderer's kept pictures stay within their bytes, however many different ones are drawn (issue #48:
caches bounded by bytes, not entries), and a kept picture draws the same as a fresh one."""

from __future__ import annotations

from PIL import Image

import rendering
from bot.games.registry import engine
from rendering import gostop, hwatu, kept


def test_kept_pictures_never_take_more_than_their_bytes() -> None:
    """Go-Stop backgrounds are 5-6 MB each: more layouts than fit are drawn, the least recently used go."""
    kept.forget()
    layouts = [(150 + 10 * i, 150, 150) for i in range(kept.KEPT_BYTES // (5 * 1024 * 1024) + 3)]
    first = gostop._table_background("en", layouts[0])
    for panels in layouts:
        gostop._table_background("en", panels)
        assert kept.kept_bytes() <= kept.KEPT_BYTES
    latest = gostop._table_background("en", layouts[-1])
    assert gostop._table_background("en", layouts[-1]) is latest  # the latest is kept: the same one back
    assert gostop._table_background("en", layouts[0]) is not first  # the oldest went, and is drawn again
    kept.forget()
    assert kept.kept_bytes() == 0


def test_a_kept_picture_is_counted_by_its_pixels() -> None:
    face = hwatu.card_face("m08-bright", 64, 104, "en")
    assert kept.size_of(face) == 64 * 104 * 4 + kept.ENTRY_BYTES
    assert kept.size_of(Image.new("L", (10, 10))) == 100 + kept.ENTRY_BYTES


def test_a_table_drawn_from_kept_pictures_is_the_one_drawn_fresh() -> None:
    mod = engine("gostop")
    state = mod.new_game(3, 11)
    view = mod.view(state, None)
    kept.forget()
    fresh = rendering.render_table("gostop", view, ["A", "B", "C"])
    again = rendering.render_table("gostop", view, ["A", "B", "C"])  # from the kept faces and background
    assert fresh == again and kept.kept_bytes() > 0
