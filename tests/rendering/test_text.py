"""Text in images: shipped fonts only, fallback per glyph, clean removal, bidi, ellipsis."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from rendering import text as tx

SAMPLES = {
    "latin": "Zoë O'Brien-Łukasiewicz",
    "cyrillic": "Дмитрий Шостакович",
    "persian": "علی‌رضا محمدی",
    "chinese": "王小明 够级 争上游",
    "korean": "김민준 고스톱 광 열 띠 피",
    "japanese": "ごいた名人 王玉飛角金銀馬香し",
}


@pytest.fixture
def no_raqm() -> Iterator[None]:
    """Lay text out as on a machine without libraqm (pure-Python shaping and bidi)."""
    tx.use_raqm(False)
    try:
        yield
    finally:
        tx.use_raqm(None)


def test_fonts_ship_inside_the_package_under_2_mb() -> None:
    for name in tx.FACE_FILES.values():
        path = tx.FONT_DIR / name
        assert path.is_file() and path.resolve().is_relative_to(tx.FONT_DIR.resolve())
        assert path.stat().st_size < 2_100_000, name
    for licence in ("OFL.txt", "LICENSE-DejaVu.txt", "README.md"):
        assert (tx.FONT_DIR / licence).is_file()


@pytest.mark.parametrize("script", sorted(SAMPLES))
def test_every_script_sample_has_a_glyph_for_every_character(script: str) -> None:
    text = SAMPLES[script]
    assert tx.clean(text) == unicodedata.normalize("NFC", text)
    for ch in text:
        if not ch.isspace() and ord(ch) != 0x200C:
            assert tx.face_for(ch, False) is not None, (script, ch)


def test_emoji_and_joiners_are_removed_cleanly_never_drawn_as_boxes() -> None:
    assert tx.clean("🎲 Lucky 🤖 Bot 👍🏽") == "Lucky Bot"
    assert tx.clean("👨‍👩‍👧") == ""
    assert tx.clean("a\tb\n\x00c") == "a b c"
    for ch in tx.clean("Ann 😀 ✨ 🐉 ♠♥ ★"):
        assert ch == " " or tx.face_for(ch, False) is not None


def test_ellipsis_truncates_to_the_space_available() -> None:
    long = "Zoë O'Brien-Łukasiewicz the Magnificent of Everywhere"
    shown = tx.fit(long, 22, 200)
    assert shown.endswith(tx.ELLIPSIS) and tx.width(shown, 22) <= 200
    assert tx.fit("Ann", 22, 200) == "Ann"
    assert tx.width(tx.fit("علی‌رضا محمدی و دوستان بسیار زیادش", 22, 150), 22) <= 150


def test_persian_is_laid_out_right_to_left() -> None:
    runs = tx.layout("سارا 2024", 22, False)
    assert tx.base_rtl("سارا 2024")
    # Visual order, left to right: the number first, then the Persian word.
    assert runs[0].text.strip() == "2024" and not runs[0].rtl
    assert runs[-1].rtl


def test_pure_python_shaping_joins_persian_letters() -> None:
    shaped = tx.reshape("سلام")
    assert all(0xFB50 <= ord(ch) <= 0xFEFF for ch in shaped)
    assert tx.reshape("لا") == "\ufefb"  # lam-alef ligature
    assert tx.reshape("abc") == "abc"


def _ink_columns(img: Image.Image) -> tuple[int, int]:
    bbox = img.convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()
    assert bbox is not None
    return bbox[0], bbox[2]


@pytest.mark.parametrize("raqm", [True, False])
def test_names_never_overflow_their_box(raqm: bool) -> None:
    tx.use_raqm(raqm if tx.features.check("raqm") else False)
    try:
        for text in [*SAMPLES.values(), "W" * 80, "ووووووووووووووووووووووووووووو", "王" * 40]:
            img = Image.new("RGB", (600, 60), "white")
            tx.draw_text(ImageDraw.Draw(img), (100, 10), text, 24, "black", max_width=200)
            left, right = _ink_columns(img)
            assert left >= 98 and right <= 302, text
    finally:
        tx.use_raqm(None)


def test_without_raqm_every_script_still_draws(no_raqm: None) -> None:
    assert not tx.HAS_RAQM
    for text in SAMPLES.values():
        img = Image.new("RGB", (500, 50), "white")
        assert tx.draw_text(ImageDraw.Draw(img), (5, 5), text, 22, "black", max_width=480) > 0
        assert img.getbbox() is not None


def test_right_aligned_and_centred_text_stays_inside_the_box() -> None:
    img = Image.new("RGB", (400, 50), "white")
    draw = ImageDraw.Draw(img)
    tx.draw_text(draw, (390, 10), "Дмитрий Шостакович Третий", 22, "black", max_width=150, align="right")
    left, right = _ink_columns(img)
    assert left >= 236 and right <= 392


def test_stacked_combining_marks_are_capped_so_text_keeps_its_line() -> None:
    zalgo = "Z" + "\u0301\u0302\u0303\u0304\u0305\u0306\u0307" * 5 + "oe"
    assert sum(1 for ch in tx.clean(zalgo) if unicodedata.combining(ch)) == 2
    img = Image.new("RGB", (300, 80), "white")
    tx.draw_text(ImageDraw.Draw(img), (10, 25), zalgo * 3, 22, "black", max_width=200)
    bbox = img.convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()
    assert bbox is not None and bbox[1] >= 12 and bbox[3] <= 62


def test_odd_names_never_crash_and_fall_back_to_the_seat() -> None:
    from rendering.common import seat_name

    names: list = [None, 42, "", "  ", "\x00\x01", "A" * 5000, "👨‍👩‍👧"]
    assert [seat_name(names, i, "en") for i in range(len(names))][:6] == [
        "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "A" * 5000]
    assert seat_name(names, 6, "en") == "Seat 7"
    assert seat_name(names, 99, "en") == "Seat 100"


def test_a_persian_sentence_keeps_right_to_left_order_around_a_latin_name() -> None:
    sentence = "Carol بازی کرد"  # "{name} played" in Persian
    auto = tx.layout(sentence, 22, False)
    forced = tx.layout(sentence, 22, False, rtl=True)
    assert auto[0].text.startswith("Carol")  # a bare first-strong guess would put the name first
    assert forced[-1].text.strip() == "Carol" and forced[0].rtl  # read from the right: name, then verb


def test_numbers_in_a_persian_sentence_read_right_to_left_in_order() -> None:
    # "Score 9 + Go 1 = 10": read from the right, the numbers come 9, 1, 10 and each is written left to right.
    runs = tx.layout("امتیاز 9 + گو 1 = 10", 22, True, rtl=True)
    numbers = [run.text.strip() for run in runs if run.text.strip().isdigit()]
    assert numbers == ["10", "1", "9"] and all(not run.rtl for run in runs if run.text.strip().isdigit())
    assert runs[-1].rtl and "امتیاز" in runs[-1].text
    # In English the same digits simply follow the words.
    assert [run.text for run in tx.layout("Score 9 + Go 1 = 10", 22, True)] == ["Score 9 + Go 1 = 10"]


def test_a_negative_score_in_a_persian_sentence_keeps_its_minus_left_of_the_digits() -> None:
    """#28: "-12 امتیاز" drew as "امتیاز 12-". The number is one left-to-right unit, first in reading."""
    from bot.i18n import t

    runs = tx.layout(tx.clean(t("fa", "rendering.points", n=-12)), 22, True, True)
    shown = "".join(run.text for run in runs)
    assert shown.endswith("−۱۲")  # visual order, left to right: the word, then the number at the right
    assert "\u2068" not in shown and "\u200f" not in shown  # t()'s direction marks are never drawn


# --- issue #50: cuts that suit CJK text, never inside a word ------------------------------------

WORD = re.compile(r"[A-Za-z가-힣]+")


@pytest.mark.parametrize(("text", "words"), [
    ("手牌が多すぎて表示できません", None),  # Japanese: between any two characters
    ("上家出了一对三，你要不要", None),  # Chinese
    ("고스톱 게임에서 쓸을 했습니다", True),  # Korean: between words only
    ("Ann played 王玉飛角 from Shostakovich", True),
])
def test_a_cut_falls_between_words_or_cjk_characters(text: str, words: bool | None) -> None:
    first = text[:min(tx.break_opportunities(text))].rstrip()
    for max_width in range(int(tx.width(first + tx.ELLIPSIS, 22)) + 1, int(tx.width(text, 22)), 17):
        shown = tx.fit(text, 22, max_width)
        assert shown.endswith(tx.ELLIPSIS) and tx.width(shown, 22) <= max_width
        kept = shown[:-1].rstrip()
        if kept:
            assert text.startswith(kept)
            at = len(kept)
            assert at in tx.break_opportunities(text) or text[at] == " ", (text, shown)
            if words:  # every Latin or Korean word kept is whole
                assert set(WORD.findall(kept)) <= set(WORD.findall(text)), shown


def test_no_cjk_line_starts_with_a_closing_mark_or_ends_with_an_opening_one() -> None:
    text = "「王」、玉。（角）"
    cuts = tx.break_opportunities(text)
    assert all(text[i] not in "」、。）" and text[i - 1] not in "「（" for i in cuts)
    assert cuts  # but it may still be cut
    assert 2 not in cuts and 3 not in cuts  # not before 」 or 、


def test_a_first_word_too_wide_is_still_cut_inside() -> None:
    shown = tx.fit("김민준김민준김민준김민준 님", 22, 120)
    assert shown.endswith(tx.ELLIPSIS) and tx.width(shown, 22) <= 120 and len(shown) > 3


def test_text_without_cjk_is_cut_as_before() -> None:
    """A Latin name keeps as much of itself as fits (the table-polish issue settles English words)."""
    shown = tx.fit("Zoë O'Brien-Łukasiewicz the Third", 22, 150)
    assert shown.startswith("Zoë O'B") and not tx.fit("Zoë O'Brien-Łukasiewicz the Third", 22, 151).endswith(" …")


def _ink(text: str, lang: str, bold: bool = False) -> bytes:
    img = Image.new("L", (200, 80), 0)
    with tx.language(lang):
        tx.draw_text(ImageDraw.Draw(img), (10, 10), text, 40, 255, bold=bold)
    return img.tobytes()


@pytest.mark.skipif(not tx.HAS_RAQM, reason="the language's Han forms need raqm (locl)")
@pytest.mark.parametrize("bold", [False, True])
def test_han_characters_take_the_forms_of_the_pictures_language(bold: bool) -> None:
    """直 and 角 are written differently in Chinese and Japanese: one shipped face holds both, and a
    Japanese picture draws the Japanese forms, a Chinese one the Chinese forms."""
    for ch in "直角":
        assert _ink(ch, "ja", bold) != _ink(ch, "zh", bold), ch
    assert _ink("고스톱", "ko", bold) == _ink("고스톱", "en", bold)  # Hangul has one form
    assert _ink("Go", "ja", bold) == _ink("Go", "en", bold)


def test_goita_pieces_are_drawn_in_japanese_forms_whatever_the_language() -> None:
    from rendering import pieces

    pieces.piece.cache_clear()
    with tx.language("zh"):
        seen_from_zh = pieces.piece("kaku").tobytes()
    pieces.piece.cache_clear()
    with tx.language("ja"):
        assert pieces.piece("kaku").tobytes() == seen_from_zh
