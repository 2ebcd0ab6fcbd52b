"""Every word in an image comes from the catalog: each key the renderer asks for exists in English."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.games import GAME_IDS
from bot.games.goita.pieces import IDS as PIECE_IDS
from bot.i18n import catalog

SOURCE = Path(__file__).parents[2] / "rendering"
LITERAL = re.compile(r'(?<![f\w])"(rendering\.[A-Za-z0-9_.]+)"')
FAMILIES = {
    "rendering.climb.answer.": ["count", "man_hu", "wen_bu_zhao"],
    "rendering.climb.count_": ["more", "ten_or_fewer"],
    "rendering.climb.hand_kind_": ["first", "fresh", "normal"],
    "rendering.climb.phase_name.": ["threes", "revolution", "ge_ming_vote", "ge_ming_decide", "swap", "tribute_agree",
                                    "tribute_return", "play", "finished"],
    "rendering.climb.zsy_mode.": ["individual", "team4", "team6"],
    "rendering.game.": list(GAME_IDS),
    "rendering.goita.piece.": list(PIECE_IDS),
    "rendering.goita.seat.": ["S", "E", "N", "W"],
    "rendering.gostop.event.": ["ppuk", "chok", "ttadak", "sseul", "bomb", "shake"],
    "rendering.gostop.group.": ["bright", "animal", "ribbon", "junk"],
    "rendering.gostop.set.": ["godori", "hong_dan", "cheong_dan", "cho_dan"],
    "rendering.gostop.factor.": ["go", "shake", "nagari", "meong_dda"],
    "rendering.gostop.status.": ["playing", "sitting_out", "forced_out", "undecided"],
    "rendering.hwatu.joker": ["2", "3"],
    "rendering.hwatu.tag.": ["bright", "animal", "ribbon", "junk", "joker"],
    "rendering.leaderboard.": ["rating", "games", "wins", "points"],
    "rendering.summary.": ["hands", "rounds"],
    "rendering.place.": ["1", "2", "3", "4", "5", "6", "7", "8", "n"],
}


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        keys.update(LITERAL.findall(path.read_text(encoding="utf-8")))
    for prefix, names in FAMILIES.items():
        keys.update(prefix + name for name in names)
    return keys


def test_every_key_the_renderer_uses_is_in_the_english_catalog() -> None:
    english = catalog("en")
    missing = sorted(key for key in _used_keys() if key not in english)
    assert not missing


def test_the_rendering_catalog_has_no_unused_keys() -> None:
    used = _used_keys()
    ours = {key for key in catalog("en") if key.startswith("rendering.")}
    assert sorted(ours - used) == []


def test_placeholders_are_named_fields_only() -> None:
    for key, template in catalog("en").items():
        if key.startswith("rendering."):
            for _, field, _, _ in string.Formatter().parse(template):
                assert field is None or field.isidentifier(), (key, field)
