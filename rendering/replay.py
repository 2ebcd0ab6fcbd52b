"""Pictures of a replayed game: one step (the public table, and every hand face up where a finished hand
may show them) and a whole hand as one moving picture.

Like every renderer here it draws views only: the caller replays the record through the engine and hands
over the public view and, for a finished hand, each seat's own view. The existing table and hand drawings
are reused as they are (``art(game).draw_table`` / ``draw_hand``); this module only lays them out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

from . import common, png
from . import text as tx
from .art import art

#: the width a hand picture is shrunk to under the table of a step (the table keeps its own width)
HAND_WIDTH = 520
#: a label's height above each hand
LABEL = 30
#: the moving picture: frames shrunk by this whole factor (a box filter: cheap, and sharp enough at half
#: size), this many at most, each shown this long (the last longer)
FRAME_REDUCE = 2
MAX_FRAMES = 24
FRAME_MS = 250
LAST_FRAME_MS = 1600


def _shrunk(img: Image.Image, width: int) -> Image.Image:
    if img.width <= width:
        return img
    height = max(1, round(img.height * width / img.width))
    return img.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)


def render_step(game_id: str, public: Any, hands: Sequence[Any] | None, names: Sequence[str],
                lang: str = "en") -> bytes:
    """The table at one step of a replay; under it, when ``hands`` (one view per seat) is given, every
    seat's hand with its name, two hands a row."""
    with tx.language(lang):
        table = art(game_id).draw_table(public, names, lang).convert("RGB")
        if not hands:
            return common.to_png(table)
        drawn = [_shrunk(art(game_id).draw_hand(view, lang).convert("RGB"), HAND_WIDTH) for view in hands]
        per_row = 2
        cell_w = max(img.width for img in drawn)
        rows = [drawn[i:i + per_row] for i in range(0, len(drawn), per_row)]
        row_heights = [LABEL + max(img.height for img in row) for row in rows]
        width = max(table.width, cell_w * per_row)
        img, sketch = common.canvas(width, table.height + sum(row_heights), common.FELT_DARK)
        img.paste(table, ((width - table.width) // 2, 0))
        y = table.height
        for r, row in enumerate(rows):
            for c, hand in enumerate(row):
                seat = r * per_row + c
                x = c * cell_w
                label = names[seat] if seat < len(names) else str(seat + 1)
                tx.draw_text(sketch, (x + 8, y + 4), label, 20, common.PANEL, bold=True, max_width=cell_w - 16)
                img.paste(hand, (x, y + LABEL))
            y += row_heights[r]
        return common.to_png(img)


def frames_of(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Which of ``count`` moments a moving picture shows: all when few, else evenly spaced, first and
    last always (the deal and how the hand ended)."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def render_frame(game_id: str, public: Any, names: Sequence[str], lang: str = "en") -> bytes:
    """One frame of a moving picture: the public table, shrunk by ``FRAME_REDUCE`` (PNG)."""
    with tx.language(lang):
        img = art(game_id).draw_table(public, names, lang).convert("RGB").reduce(FRAME_REDUCE)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)  # read back at once by ``assemble``: fast beats small
    return out.getvalue()


def assemble(frames: Sequence[bytes]) -> tuple[bytes, str]:
    """Frames (PNG) as one moving picture: animated WebP, or GIF where that is smaller. Returns the bytes
    and the file extension (``"webp"`` or ``"gif"``)."""
    images = [Image.open(io.BytesIO(f)).convert("RGB") for f in frames]
    size = images[0].size
    images = [f if f.size == size else f.resize(size) for f in images]
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_FRAME_MS]
    webp = io.BytesIO()
    images[0].save(webp, format="WEBP", save_all=True, append_images=images[1:], duration=durations, loop=0,
                   quality=60, method=1)
    gif = io.BytesIO()  # the renderer's own fixed palette: the frames were drawn in it, so no colour is lost
    paletted = [f.quantize(palette=png.palette(), dither=Image.Dither.NONE) for f in images]
    paletted[0].save(gif, format="GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0)
    if gif.tell() < webp.tell():
        return gif.getvalue(), "gif"
    return webp.getvalue(), "webp"


def render_animation(game_id: str, publics: Sequence[Any], names: Sequence[str], lang: str = "en") -> tuple[bytes, str]:
    """A hand's public table move by move as one moving picture (all frames in one call: tests, the bench)."""
    return assemble([render_frame(game_id, publics[i], names, lang) for i in frames_of(len(publics))])


__all__ = ["assemble", "frames_of", "render_animation", "render_frame", "render_step"]
