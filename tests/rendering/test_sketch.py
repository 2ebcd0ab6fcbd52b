"""A table picture is quantized only where it was drawn (``common.Sketch``): the PNG must be the one a
quantization of the whole picture gives, or a player would see a stale background where something was
drawn without being noted. Seeded random games give tables at many steps, in three languages."""

from __future__ import annotations

import importlib
import random

import pytest
from PIL import Image, ImageDraw

from rendering import common as c
from rendering import png
from rendering.art import art
from rendering.gallery import NAMES
from tests.rendering.walk import random_walk

SETUPS = [
    ("zhengshangyou", 4, None),
    ("zhengshangyou", 8, None),
    ("gouji", 6, None),
    ("gostop", 2, None),
    ("gostop", 4, {"gwangpalli": True}),
    ("goita", 4, None),
    ("goita", 4, {"rotate_pieces": True, "scoring_chips": True}),
]


@pytest.mark.parametrize(("game", "seats", "options"), SETUPS)
def test_a_table_quantized_where_drawn_is_the_whole_quantized(game: str, seats: int, options: dict | None) -> None:
    module = importlib.import_module(f"bot.games.{game}")
    state = module.new_game(seats, 41, options)
    rng = random.Random(41)
    drawn = 0
    for step in random_walk(module, state, rng, 300):
        if step % 7 == 0:
            lang = ("en", "fa", "ru")[step // 7 % 3]
            img = art(game).draw_table(module.view(state, None), NAMES[:seats], lang)
            sketched = c.to_png(img)
            drawn += img.info.get("teahouse.drawn") is not None
            assert sketched == png.encode(img), f"{game} step {step} ({lang}): a drawn square was not noted"
    assert drawn > 3 or game == "gostop"  # the tables were noted (a Go-Stop table is quantized whole)


def test_a_copy_drawn_on_by_other_means_is_quantized_whole() -> None:
    backdrop = c.Backdrop(Image.new("RGB", (200, 100), c.FELT))
    img, draw = backdrop.sketch()
    draw.rectangle((10, 10, 40, 40), fill=c.GOLD)
    copy = img.copy()  # carries the notes of ``img`` in its info, but not its drawing below
    ImageDraw.Draw(copy).rectangle((150, 60, 190, 90), fill=c.RED)
    assert c.to_png(copy) == png.encode(copy)
    assert c.to_png(img) == png.encode(img)


def test_the_noted_squares_cover_every_drawn_pixel() -> None:
    backdrop = c.Backdrop(Image.new("RGB", (333, 211), c.FELT))
    img, draw = backdrop.sketch()
    draw.line((5, 200, 320, 7), fill=c.WHITE, width=3)
    draw.ellipse((40.5, 30.5, 90.2, 80.7), fill=c.GOLD, outline=c.INK, width=2)
    draw.rounded_rectangle((300, 150, 332, 210), radius=8, fill=c.PANEL)
    draw.polygon([(100, 100), (140, 190), (60, 170)], fill=c.RED)
    draw.paste(Image.new("RGBA", (30, 20), (255, 0, 0, 128)), (-10, -5))
    c.pill(draw, 150, 20, "Ag", c.MUTED)
    assert c.to_png(img) == png.encode(img)


def test_a_hand_column_is_its_cards_pasted_one_by_one_on_the_felt() -> None:
    from bot.games.core.cards import BLACK_JOKER, Card
    from rendering import climbing, french

    cards = (Card(8, "S"), Card(8, "H"), Card(8, "H"), Card(BLACK_JOKER))  # any sprites: the column only stacks them
    for step in (climbing.STACK_STEP, climbing.SUITED_STEP):
        column = climbing._column(cards, step, "en")
        img, draw = c.canvas(column.width, column.height, c.FELT)
        for k, card in enumerate(cards):
            draw.paste(french.card_face(card, climbing.HAND_CARD_W, climbing.HAND_CARD_H, "en"), (0, k * step))
        assert column.tobytes() == img.tobytes()
