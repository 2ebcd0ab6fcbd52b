"""Issue #15: every image kind in every language, each word from that language's catalog."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import LANGUAGES, catalog
from rendering import GAMES
from rendering.gallery import write_all

from .test_catalog import _used_keys

KINDS = {f"{game}_{kind}" for game in GAMES for kind in ("table", "hand", "summary", "rules")} | {
    "zhengshangyou_table_8", "leaderboard"}
FIXED = {"gouji_table": (1280, 880), "zhengshangyou_table": (1280, 880), "zhengshangyou_table_8": (1280, 880),
         "goita_table": (1024, 1024), "gouji_rules": (1280, 880), "zhengshangyou_rules": (1280, 880),
         "goita_rules": (1024, 1024)}
LATIN = re.compile(r"[A-Za-z]")
#: notation a language's glossary keeps in Latin letters, as its players write it (docs/glossary/<lang>.md):
#: the Go call in Chinese (喊Go), the joker marks typed and drawn as RJ / BJ in Japanese
KEPT_IN_LATIN = {"zh": {"Go"}, "ja": {"BJ", "RJ"}}


@pytest.fixture(scope="module")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    """lang -> kind -> PNG bytes, as ``python -m rendering.gallery`` writes them."""
    out: dict[str, dict[str, bytes]] = {}
    for path in write_all(tmp_path_factory.mktemp("gallery")):
        out.setdefault(path.parent.name, {})[path.stem] = path.read_bytes()
    return out


def _size(data: bytes) -> tuple[int, int]:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.size


def test_gallery_writes_every_kind_in_every_language(gallery: dict[str, dict[str, bytes]]) -> None:
    assert sorted(gallery) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        assert set(gallery[lang]) == KINDS, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_has_its_size_in_every_language(gallery: dict[str, dict[str, bytes]], lang: str) -> None:
    for kind, data in gallery[lang].items():
        size = _size(data)
        assert 1024 <= size[0] <= 1280 and 200 <= size[1] <= 1100, (lang, kind, size)
        assert len(data) <= 300 * 1024, (lang, kind)
        assert size == FIXED.get(kind, _size(gallery["en"][kind])), (lang, kind)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_image_is_drawn_in_its_own_language(gallery: dict[str, dict[str, bytes]], lang: str) -> None:
    for kind in KINDS:
        assert gallery[lang][kind] != gallery["en"][kind], (lang, kind)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_word_in_a_translated_image_comes_from_the_english_catalog(lang: str) -> None:
    # t() falls back to English for a missing key; every key the renderer asks for must exist here,
    # and a text equal to the English one may hold only numbers, symbols and Korean/Japanese words.
    english, ours = catalog("en"), catalog(lang)
    used = _used_keys()
    assert sorted(key for key in used if key not in ours) == []
    kept = KEPT_IN_LATIN.get(lang, set())
    borrowed = sorted(key for key in used if ours[key] == english[key]
                      and LATIN.search(re.sub(r"{\w+}|" + "|".join([r"\b" + w + r"\b" for w in kept] or ["^$"]), "", ours[key])))
    assert borrowed == []


def test_the_readme_example_of_a_persian_table_exists() -> None:
    path = Path(__file__).parents[2] / "rendering" / "examples" / "table-gostop-fa.png"
    assert _size(path.read_bytes())[0] == 1200
