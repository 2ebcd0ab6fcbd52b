"""Pictures for a right-to-left reader (#28): what a left-to-right page puts at the left, a Persian
page puts at the right, and the seats run in the reader's direction."""

from __future__ import annotations

import io

from PIL import Image

from rendering import climbing, render_leaderboard
from rendering.board import MEDALS, WIDTH
from rendering.common import ordinal
from rendering.gallery import sample_leaderboard


def _columns_with(colour: str, png: bytes, rows: tuple[int, int]) -> list[int]:
    """x of every pixel of ``colour`` between the rows ``rows`` (a medal pill's fill)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    target = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return [x for x in range(img.width) for y in range(*rows) if img.getpixel((x, y)) == target]


def test_the_leaderboard_ranks_stand_where_the_reader_starts() -> None:
    rows = sample_leaderboard()
    gold = MEDALS[1]
    first_row = (84 + 52, 84 + 52 + 52)
    english = _columns_with(gold, render_leaderboard(rows, "Gou Ji", "en"), first_row)
    persian = _columns_with(gold, render_leaderboard(rows, "گو جی", "fa"), first_row)
    assert english and max(english) < WIDTH / 4  # the gold "1" at the left
    assert persian and min(persian) > WIDTH * 3 / 4  # and at the right in Persian


def test_seats_run_the_readers_way_round_the_table() -> None:
    for n in (4, 6, 8):
        for seat in range(1, n // 2):
            ltr_x, ltr_y = climbing._seat_centre(seat, n)
            rtl_x, rtl_y = climbing._seat_centre(seat, n, rtl=True)
            assert ltr_x > climbing.WIDTH / 2 > rtl_x and ltr_y == rtl_y  # B to the right, or to the left in fa


def test_places_are_spelled_out_for_every_seat() -> None:
    """Not "اول/دوم/سوم" beside "4م/5م"."""
    persian = [ordinal("fa", place).lstrip("\u200f") for place in range(1, 9)]
    assert persian == ["اول", "دوم", "سوم", "چهارم", "پنجم", "ششم", "هفتم", "هشتم"]
    assert [ordinal("en", p) for p in (1, 4, 8)] == ["1st", "4th", "8th"]
