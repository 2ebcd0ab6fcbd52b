"""The picture findings of issue #47, one test each: what a player saw, drawn again and read from the
picture's own record of its texts (``text.texts_of``) or its pixels.

* words cut in Russian and English; «Ход:» twice on the Russian table;
* at a phone's 360 px: whose turn, the play, counts, scores, Go-Stop's pile headers and card corners, Gou Ji's
  "Said: N cards" and Goita's piece values;
* climbing tables give the felt to the played cards;
* one naming of seats on the table and the summary;
* Zheng Shangyou's first finisher drawn as "…", the second as "×0"; a rotated 6♥ corner reading as 9;
* Persian: Go-Stop's months and the Goita table mirrored, one digit system per picture.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.games.core.cards import Card
from bot.i18n import t
from rendering import board, climbing, common, french, goita, gostop, hwatu, pieces
from rendering import text as tx
from rendering.art import art
from rendering.gallery import SEATS, long_names, play_to

from .test_gallery_text import KINDS, POSITIONS

PHONE = common.PHONE_WIDTH


def drawn(lang: str, draw: Callable[[], Image.Image]) -> Image.Image:
    with tx.language(lang):
        return draw()


def table(game_id: str, moves: int, lang: str, names: list[str] | None = None, seats: int | None = None,
          change: Callable[[Any], Any] | None = None) -> Image.Image:
    module, state = play_to(game_id, 7, moves, seats)
    view = module.view(state, None)
    if change is not None:
        view = change(view)
    names = names or long_names("latin", seats or SEATS[game_id])
    return drawn(lang, lambda: art(game_id).draw_table(view, names, lang))


def shown(img: Image.Image) -> list[str]:
    return [d.shown for d in tx.texts_of(img)]


# --- words cut ---------------------------------------------------------------------------------------------

def test_the_reported_russian_and_english_lines_are_drawn_whole() -> None:
    """`Раздача 1 · первая раз…`, `каждый за себя · Разда…`, `Ответ: Вэнь бу ч…`, `Exposed: 6 6 7 8…`,
    `Attack: 角 Bishop — by Bra…`: each line is drawn whole (a name in it may be shortened, the words not)."""
    gouji_ru = shown(table("gouji", 40, "ru"))
    assert "Раздача 1 · первая раздача" in gouji_ru
    assert "Ответ: Вэнь бу чжао" in gouji_ru
    assert "каждый за себя · Раздача 1" in shown(table("zhengshangyou", 14, "ru"))
    exposed = [text for text in shown(table("gouji", 360, "en")) if text.startswith("Exposed")]
    assert exposed and not any(tx.ELLIPSIS in text for text in exposed)
    attack = shown(table("goita", 15, "en", ["Ann", "Bram (easy)", "Cleo", "Dev"]))
    assert any(text.startswith("Attack: ") and tx.ELLIPSIS not in text for text in attack)
    assert any(text.startswith("by ") and text.endswith(")") for text in attack), attack


def test_a_sentence_around_a_long_name_keeps_its_words_and_enough_of_the_name() -> None:
    module, state = play_to("zhengshangyou", 7, 10, 8)
    acting = min(module.to_act(state))
    img = table("zhengshangyou", 10, "ru", long_names("cyrillic", 8, (acting, acting + 1)), seats=8)
    turn = [d for d in tx.texts_of(img) if d.role == "turn"]
    assert len(turn) == 1 and turn[0].shown.startswith(t("ru", "rendering.climb.turn", name="").strip())
    kept = turn[0].shown.split(": ", 1)[1].rstrip(tx.ELLIPSIS)
    assert len(kept) >= 8


def test_the_russian_table_says_khod_once() -> None:
    """«Ход:» stood before both who played last and whose turn it is."""
    for moves in (40, 100):
        texts = shown(table("gouji", moves, "ru"))
        assert sum(text.startswith("Ход:") for text in texts) <= 1
    assert t("ru", "rendering.climb.last_play", name="X").split(":")[0] != t(
        "ru", "rendering.climb.turn", name="X").split(":")[0]


# --- a phone's 360 px ---------------------------------------------------------------------------------------

TABLES = sorted(kind for kind in KINDS if "_table" in kind and "_rules" not in kind)


@pytest.mark.parametrize("kind", TABLES)
def test_what_a_player_decides_by_reads_at_360_px(kind: str) -> None:
    """Whose turn, the play, counts, scores and pile headers: at least ``PHONE_TEXT`` px high when the picture
    is shown 360 px wide."""
    img = KINDS[kind]()
    figures = [d for d in tx.texts_of(img) if d.role]
    small = [f"{d.role}: {d.shown!r} at {d.size * PHONE / img.width:.1f} px" for d in figures
             if d.size * PHONE / img.width < common.PHONE_TEXT - 0.01]
    assert small == []
    roles = {d.role for d in figures}
    assert "count" in roles
    game = kind.split("/")[1].split("_table")[0]
    if game == "gostop":
        assert {"pile", "score"} <= roles
    if game in ("gouji", "zhengshangyou"):
        assert "play" in roles


def test_whose_turn_is_drawn_on_every_table_where_someone_is_to_act() -> None:
    for game_id, (module, states, _) in POSITIONS.items():
        for state in states:
            if not module.to_act(state) or module.view(state, None).turn is None:
                continue
            names = long_names("latin", SEATS[game_id])
            with tx.language("en"):
                img = art(game_id).draw_table(module.view(state, None), names, "en")
            assert any(d.role == "turn" for d in tx.texts_of(img)), game_id


def test_gostop_card_corners_read_at_360_px() -> None:
    month, tag = hwatu.index_size(gostop.CW)
    assert min(month, tag) * PHONE / gostop.WIDTH >= common.PHONE_TEXT - 0.5  # the type letter: 8.2 px
    assert month * PHONE / gostop.WIDTH >= common.PHONE_TEXT


def test_gouji_said_n_cards_reads_at_360_px() -> None:
    def said(view: Any) -> Any:
        seats = [dataclasses.replace(sv, count_answer="7") if sv.seat == 1 else sv for sv in view.seats]
        return dataclasses.replace(view, seats=tuple(seats))

    for lang in ("en", "fa", "ru"):
        img = table("gouji", 40, lang, change=said)
        answer = [d for d in tx.texts_of(img) if d.text == tx.clean(t(lang, "rendering.climb.answer.count", n=7))]
        assert len(answer) == 1 and not answer[0].shortened
        assert answer[0].size * PHONE / img.width >= common.PHONE_TEXT


def test_goita_piece_values_read_at_360_px() -> None:
    assert pieces.VALUE_SHARE * goita.PH * PHONE / goita.SIZE >= common.PHONE_TEXT


def test_climbing_tables_give_the_felt_to_the_played_cards() -> None:
    """The play to beat is drawn with cards about a tenth of the table wide (34 px on a phone), as wide as the
    seats around leave the felt."""
    assert climbing.CARD_W * PHONE / climbing.WIDTH >= 33
    for seats in range(4, 9):
        cy = climbing._centre()[1]
        room = climbing.clear_width(seats, cy - 116, cy - 116 + climbing.CARD_H)
        assert room >= 4 * climbing.CARD_W  # four cards side by side, more overlapped


# --- one naming of seats ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(SEATS))
@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_the_summary_names_seats_as_the_table_does(game_id: str, lang: str) -> None:
    module, states, summary = POSITIONS[game_id]
    names = long_names("latin", SEATS[game_id])
    on_table = set(shown(drawn(lang, lambda: art(game_id).draw_table(module.view(states[0], None), names, lang))))
    on_summary = set(shown(drawn(lang, lambda: board.draw_summary(game_id, summary, names, lang))))
    for seat in range(SEATS[game_id]):
        label, colour = art(game_id).seat_tag(seat, (summary.get("teams") or {}).get(seat), lang)
        assert tx.clean(label) in on_table and tx.clean(label) in on_summary, (seat, label)
    if game_id == "goita":  # compass letters in the team's colour, not A–D in seat colours
        assert art(game_id).seat_tag(2, 0, lang) == (t(lang, "rendering.goita.seat.N"), common.team_color(0))


# --- Zheng Shangyou's finishers, the rotated 6 ---------------------------------------------------------------

def test_zhengshangyou_seats_that_are_out_show_their_place() -> None:
    """The first finisher read "…" (its count squeezed by the place and dealer tags), the second "×0"."""
    module, state = play_to("zhengshangyou", 7, 100)
    view = module.view(state, None)
    assert len(view.out_order) >= 2
    for lang in ("en", "fa", "ru"):
        texts = tx.texts_of(table("zhengshangyou", 100, lang))
        counts = [d.shown for d in texts if d.role == "count"]
        assert tx.ELLIPSIS not in "".join(counts)
        assert tx.clean(t(lang, "rendering.count", n=0)) not in counts
        for place in range(1, len(view.out_order) + 1):
            assert tx.clean(common.ordinal(lang, place)) in counts


def _underlined(card: Card) -> bool:
    """Ink all across the rank just under it, in the card's top-left corner (and so, turned, in the other)."""
    w, h = 120, 168
    img = french.card_face(card, w, h, "en")
    y = 3 + int(h * 0.25) + 1
    centre = 2 + int(w * 0.42) // 2
    return all(img.getpixel((x, y))[3] > 128 and img.getpixel((x, y))[0] > 150 and img.getpixel((x, y))[1] < 100
               for x in range(centre - 8, centre + 9))


def test_a_turned_6_or_9_corner_is_underlined_so_it_does_not_read_as_the_other() -> None:
    assert _underlined(Card(6, "H")) and _underlined(Card(9, "H"))
    assert not _underlined(Card(8, "H")) and not _underlined(Card(5, "H"))
    six = french.card_face(Card(6, "H"), 120, 168, "en")
    assert six.rotate(180).tobytes() != french.card_face(Card(9, "H"), 120, 168, "en").tobytes()


# --- Persian --------------------------------------------------------------------------------------------------

def test_persian_gostop_months_run_right_to_left_like_the_panels() -> None:
    xs = [gostop._slot_corner(m, "fa")[0] for m in range(1, 7)]
    assert xs == sorted(xs, reverse=True)
    ltr = [gostop._slot_corner(m, "en")[0] for m in range(1, 7)]
    assert ltr == sorted(ltr)
    texts = tx.texts_of(table("gostop", 9, "fa"))
    one = next(d for d in texts if d.role == "pile" and d.shown.replace(tx.PDI, "") == "۱")
    assert one.box[0] > gostop.WIDTH * 3 / 4


def test_persian_goita_table_is_mirrored() -> None:
    def x_of(lang: str, key: str) -> float:
        texts = tx.texts_of(table("goita", 15, lang))
        return next(d.box[0] for d in texts if d.shown == tx.clean(t(lang, key)))

    assert x_of("en", "rendering.goita.seat.E") > goita.SIZE / 2 > x_of("fa", "rendering.goita.seat.E")
    assert x_of("en", "rendering.game.goita") < goita.SIZE / 2 < x_of("fa", "rendering.game.goita")


LATIN_DIGIT = re.compile("[0-9]")


@pytest.mark.parametrize("kind", sorted(kind for kind in KINDS if kind.startswith("fa/")))
def test_a_persian_picture_writes_one_digit_system(kind: str) -> None:
    img = KINDS[kind]()
    latin = [d.shown for d in tx.texts_of(img) if not d.name and LATIN_DIGIT.search(d.shown)]
    assert latin == []


def test_card_and_piece_art_write_the_pictures_digits() -> None:
    assert french.rank_text(10, "fa") == "۱۰" and french.rank_text(10, "ru") == "10"
    assert french.card_label(Card(7, "S"), "fa") == "۷♠"
    assert hwatu.card_face("m04-animal", 76, 122, "fa").tobytes() != hwatu.card_face("m04-animal", 76, 122, "ru").tobytes()
    assert pieces.piece("kaku", lang="fa").tobytes() != pieces.piece("kaku", lang="en").tobytes()
