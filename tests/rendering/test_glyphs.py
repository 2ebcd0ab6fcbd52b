"""No tofu (issue #50): every character of every catalog value and of every string a picture draws, in
every language, is in the character map of the font the renderer draws it with.

The maps are read with fontTools (a test dependency), not with the renderer's own cmap reader, and not
by drawing and looking: a font that draws a box for a character it lacks would pass a look.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import Any

import emoji
import pytest
from fontTools.ttLib import TTFont

from bot.games import GAMES
from bot.i18n import BIDI_CONTROLS, LANGUAGES, catalog
from rendering import gallery, hwatu, pieces
from rendering import text as tx
from rendering.gallery import NAMES

from .test_catalog import _used_keys

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: never drawn and never needing a glyph: joiners, selectors, the keycap mark, bidi controls
INVISIBLE = {"\u200c", "\u200d", "\u2060", "\ufeff", "\u20e3", "\ufe0e", "\ufe0f", *BIDI_CONTROLS}


@cache
def cmap(face: str) -> frozenset[int]:
    """The code points ``face``'s file maps to a glyph, read by fontTools."""
    font = TTFont(tx.FONT_DIR / tx.FACE_FILES[face], lazy=True)
    best = font.getBestCmap() or {}
    return frozenset(cp for cp, glyph in best.items() if glyph != ".notdef")


def needs_glyph(ch: str) -> bool:
    """A character a reader sees drawn (not a space, control, emoji or invisible mark)."""
    return not (ch.isspace() or ch in INVISIBLE or unicodedata.category(ch) in ("Cc", "Cf", "Mn", "Sk")
                and ch not in "^`" or emoji.is_emoji(ch) or "\U0001f3fb" <= ch <= "\U0001f3ff")


def characters(text: str) -> Iterator[str]:
    """The characters of a catalog value a reader sees: its fixed text, without placeholders."""
    for ch in unicodedata.normalize("NFC", PLACEHOLDER.sub("", text)):
        if needs_glyph(ch):
            yield ch


def tofu(texts: dict[str, str], bold: bool) -> dict[str, list[str]]:
    """``key: characters`` whose face, as the renderer chooses it, has no glyph for them by fontTools."""
    found: dict[str, list[str]] = {}
    for key, text in texts.items():
        missing = []
        for ch in characters(text):
            face = tx.face_for(ch, bold)
            if face is None or ord(ch) not in cmap(face):
                missing.append(f"{ch} U+{ord(ch):04X}")
        if missing:
            found[key] = missing
    return found


def test_the_renderer_and_fonttools_read_the_same_character_maps() -> None:
    for face in tx.FACE_FILES:
        assert tx.coverage(face) == cmap(face), face


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_value_has_a_glyph_for_every_character(lang: str) -> None:
    """Discord draws messages with the reader's own fonts, but any value may end up in a picture: every
    one is covered by the fonts the package ships."""
    assert tofu(catalog(lang), bold=False) == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_picture_string_has_a_glyph_in_its_face_regular_and_bold(lang: str) -> None:
    """The strings pictures draw (each key the renderer asks for, game names, the gallery's names), in the
    face and weight the renderer picks for each character."""
    texts = {key: catalog(lang).get(key, catalog("en")[key]) for key in _used_keys()}
    texts |= {f"{game.id}.name": catalog(lang).get(f"{game.id}.name", "") for game in GAMES}
    texts |= {f"name {i}": name for i, name in enumerate(NAMES)}
    assert tofu(texts, bold=False) == {}
    assert tofu(texts, bold=True) == {}


@pytest.fixture(scope="module")
def gallery_strings() -> dict[str, dict[str, bool]]:
    """lang -> every text the gallery's pictures ask to draw, as given (before any character is dropped),
    -> whether it was drawn bold."""
    seen: dict[str, dict[str, bool]] = {}
    original = tx.draw_text
    current: list[str] = ["en"]

    def recording(draw: Any, xy: Any, text: str, size: int, fill: Any, *, bold: bool = False, **kw: Any) -> float:
        seen.setdefault(current[0], {})[text] = bold
        return original(draw, xy, text, size, fill, bold=bold, **kw)

    for cached in (pieces.piece, pieces.turned, hwatu.card_face):
        cached.cache_clear()  # sprites drawn before would not be drawn again
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tx, "draw_text", recording)
        for lang, _, draw in gallery.pictures(langs=LANGUAGES):
            current[0] = lang
            draw()
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_gallery_draws_has_its_glyphs(gallery_strings: dict[str, dict[str, bool]],
                                                       lang: str) -> None:
    """Every text every picture kind draws in ``lang`` (words, names, numbers, card and piece marks), in the
    weight it is drawn in."""
    drawn = gallery_strings[lang]
    assert len(drawn) > 100
    assert tofu({text: text for text, bold in drawn.items() if not bold}, bold=False) == {}
    assert tofu({text: text for text, bold in drawn.items() if bold}, bold=True) == {}


def test_a_character_no_font_has_is_found() -> None:
    """The check sees tofu: a Hangul syllable and a hanzi outside the shipped subsets, and a private-use
    character, have no glyph."""
    rare = [chr(cp) for cp in range(0x4E00, 0x9FFF) if cp not in cmap("cjk")][:1]
    assert rare and tofu({"rare": rare[0]}, bold=False) == {"rare": [f"{rare[0]} U+{ord(rare[0]):04X}"]}
    assert tofu({"ok": "고스톱 争上游 ごいた 王"}, bold=True) == {}
