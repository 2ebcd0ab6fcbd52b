"""One game term is one word in each language: the glossaries in ``bot/locales/glossary/`` (built from
the seeds' terms) list the word and the variant spellings that must not appear in any catalog."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGUAGES, LOCALES_DIR, catalog

GLOSSARY_DIR = LOCALES_DIR / "glossary"


def glossary(lang: str) -> dict[str, dict[str, Any]]:
    with (GLOSSARY_DIR / f"{lang}.toml").open("rb") as fh:
        return tomllib.load(fh)


def prose(text: str) -> str:
    """A catalog value without placeholders and code spans (what the reader sees as our words)."""
    return re.sub(r"`[^`]*`|\{[^}]*\}", " ", text)


def variant_pattern(word: str) -> re.Pattern[str]:
    """``word`` as a whole word: no letter (or Persian zero-width non-joiner) glued on either side."""
    before = r"(?<![\w\u200c])" if word[:1].isalnum() else ""
    after = r"(?![\w\u200c])" if word[-1:].isalnum() else ""
    return re.compile(before + re.escape(word) + after)


def drifts(lang: str) -> list[str]:
    """Every catalog value that spells a glossary term another way: ``key: variant (use word)``."""
    found: list[str] = []
    for term, entry in glossary(lang).items():
        within = tuple(entry.get("within", ()))
        patterns = [(variant, variant_pattern(variant)) for variant in entry.get("variants", [])]
        for key, value in catalog(lang).items():
            if within and not key.startswith(within):
                continue
            text = prose(value)
            found += [f"{key}: {variant!r} (glossary {term}: {entry['word']!r})"
                      for variant, pattern in patterns if pattern.search(text)]
    return sorted(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_a_glossary(lang: str) -> None:
    terms = glossary(lang)
    assert terms and all("word" in entry and "variants" in entry for entry in terms.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_spells_a_game_term_another_way(lang: str) -> None:
    assert drifts(lang) == []


def test_the_check_finds_a_variant(tmp_path: Path) -> None:
    """The matcher sees a variant as a word, not inside another word."""
    assert variant_pattern("دسته").search("یک دسته بسازید")
    assert not variant_pattern("دسته").search("دسته‌بندی")
    assert variant_pattern("(а)").search("сыграл(а)")
    assert not variant_pattern("Т").search("Туз")
    assert variant_pattern("Т").search("… Т, 2")
