"""The per-game glossaries in ``docs/glossary/<game>.md`` quote the catalogs: every word in a language column
of a game's table must occur in that language's catalog values, so the review documents cannot drift from
what the bot says.

A language cell holds one or more catalog words separated by `` / ``; ``—`` means the language has no word
for the term. Nothing else goes in those cells (comments belong in the note column)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, catalog

DOCS = Path(__file__).resolve().parent.parent / "docs" / "glossary"
GAMES = ("gouji", "zhengshangyou", "gostop", "goita")
NONE = "—"


def split_row(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def glossary_rows(game: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of the game's term table (the first table whose header names the languages)."""
    lines = (DOCS / f"{game}.md").read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and set(LANGUAGES) <= set(split_row(line)):
            header = split_row(line)
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(split_row(row))
            return header, rows
    raise AssertionError(f"docs/glossary/{game}.md has no table with the columns {LANGUAGES}")


def words(cell: str) -> list[str]:
    return [word.strip() for word in cell.split(" / ") if word.strip() and word.strip() != NONE]


def alphabetic(char: str) -> bool:
    """A Latin or Cyrillic letter: words in these scripts stand apart, so they are matched as whole words
    ("set" is not found in "reset"); Korean particles, Persian joiners and CJK text have no such edge."""
    return char.isalpha() and (char.isascii() or "\u0400" <= char <= "\u04ff")


def pattern(word: str) -> re.Pattern[str]:
    before = r"(?<![A-Za-z\u0400-\u04ff])" if alphabetic(word[0]) else ""
    after = r"(?![A-Za-z\u0400-\u04ff])" if alphabetic(word[-1]) else ""
    return re.compile(before + re.escape(word) + after)


def missing(game: str, lang: str) -> list[str]:
    """The words of ``lang``'s column that no value of the ``lang`` catalog contains."""
    header, rows = glossary_rows(game)
    column = header.index(lang)
    values = "\n".join(catalog(lang).values())
    return [f"{row[0]}: {word!r}" for row in rows for word in words(row[column])
            if not pattern(word).search(values)]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_table_with_a_row_per_term(game: str) -> None:
    header, rows = glossary_rows(game)
    assert len(rows) >= 5
    assert all(len(row) == len(header) for row in rows), "a row with too few or too many cells"
    for lang in LANGUAGES:
        assert all(words(row[header.index(lang)]) or NONE in row[header.index(lang)] for row in rows)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_word_in_the_table_is_in_the_catalog(game: str, lang: str) -> None:
    assert missing(game, lang) == []


def test_the_check_sees_a_word_the_catalog_lacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    header = "| term | " + " | ".join(LANGUAGES) + " | source | note |"
    row = "| x | " + " | ".join(["Zzqx not a catalog word"] * len(LANGUAGES)) + " | s | n |"
    (tmp_path / "gouji.md").write_text(f"{header}\n|{'---|' * (len(LANGUAGES) + 3)}\n{row}\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "DOCS", tmp_path)
    assert missing("gouji", "en") == ["x: 'Zzqx not a catalog word'"]


def test_latin_and_cyrillic_words_are_whole_words() -> None:
    assert pattern("set").search("a set of 3") and not pattern("set").search("reset")
    assert not pattern("дань").search("дани") and pattern("дань").search("отдать дань.")
    assert pattern("바닥").search("바닥을")  # a Korean particle glued on is fine
