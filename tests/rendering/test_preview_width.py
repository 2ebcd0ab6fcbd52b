"""Text at Discord's preview width: a channel shows a picture scaled to about 520 px wide, where a
stroke thinner than one pixel blends into the background ("Round 1" read "Rouno 1", "individual"
lost its dots). Every text of every picture must keep strokes at least a pixel wide at that width.

The stroke is measured, not assumed: the stem of "l" is drawn in the font, size and weight each text
was really drawn with (recorded where the text is drawn), and scaled as Discord scales the picture.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LANGUAGES
from rendering import gallery
from rendering import text as tx

Drawn = dict[str, list[tuple[str, int, bool, int]]]


@pytest.fixture(scope="module")
def drawn() -> Drawn:
    """picture -> every text drawn in it: (text, size, bold, picture width)."""
    records: list[tuple[str, int, bool]] = []
    original = tx._mask

    def recording_mask(shown: str, size: int, bold: bool, rtl: bool | None, tag: str | None = None) -> Any:
        records.append((shown, size, bold))
        return original(shown, size, bold, rtl, tag)

    out: Drawn = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tx, "_mask", recording_mask)
        for lang, kind, draw in gallery.pictures(langs=LANGUAGES):
            records.clear()
            width = Image.open(io.BytesIO(draw())).width
            out[f"{lang}/{kind}"] = [(text, size, bold, width) for text, size, bold in records]
    return out


def preview_stroke(size: int, bold: bool, width: int) -> float:
    return tx.stroke_width(size, bold) * min(1.0, tx.PREVIEW_WIDTH / width)


def test_every_text_keeps_its_strokes_at_preview_width(drawn: Drawn) -> None:
    thin = sorted({
        f"{picture}: {text!r} at {size}px{' bold' if bold else ''} ({preview_stroke(size, bold, width):.2f}px)"
        for picture, texts in drawn.items()
        for text, size, bold, width in texts
        if preview_stroke(size, bold, width) < tx.MIN_PREVIEW_STROKE
    })
    assert thin == []
    assert len(drawn) == 18 * len(LANGUAGES) and all(drawn.values())


def test_a_thin_subtitle_is_drawn_bold_on_a_wide_picture() -> None:
    """The reported case: the climbing table's 22 px subtitle on a 1280 px table."""
    assert preview_stroke(22, False, 1280) < 1  # drawn regular, it would vanish
    size, bold = tx.legible(22, False, 1280)
    assert bold and preview_stroke(size, bold, 1280) >= 1
    assert tx.legible(22, False, 500) == (22, False)  # a picture no wider than the preview is as drawn
