"""Persian and Russian catalogs mirror English: same files, same keys, same placeholders.

English (``bot/locales/en``) is the source; a text a player reads must exist in every
language we ship, and a translation that drops or renames a ``{placeholder}`` would show
the raw template (``t`` swallows the format error), so both are pinned here.

Run as a script to list what still needs translating::

    /work/venv/bin/python tests/test_catalogs.py
"""

from __future__ import annotations

import ast
import re
import string
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import DEFAULT_LANG, LOCALES_DIR, catalog, fill, t

TRANSLATIONS = ("fa", "ru")
ROOT = Path(__file__).resolve().parent.parent
ENGLISH_FILES = sorted(p.name for p in (LOCALES_DIR / DEFAULT_LANG).glob("*.toml"))
DISCORD_DESCRIPTION_LIMIT = 100
NUMERIC_SPECS = set("bcdoxXn")
FLOAT_SPECS = set("eEfFgG%")


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}.{name}" if prefix else name
        if isinstance(value, dict):
            _flatten(key, value, out)
        else:
            out[key] = value


def load_file(lang: str, name: str) -> dict[str, str]:
    """The flattened keys of one catalog file (raises when the TOML does not parse)."""
    with (LOCALES_DIR / lang / name).open("rb") as fh:
        out: dict[str, str] = {}
        _flatten("", tomllib.load(fh), out)
        return out


def fields(template: str) -> dict[str, str]:
    """The ``{name: format_spec}`` of a str.format template."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(template) if name is not None}


def sample_params(template: str) -> dict[str, object]:
    """A value for every placeholder that its format spec accepts."""
    params: dict[str, object] = {}
    for name, spec in fields(template).items():
        kind = spec[-1:] if spec else ""
        params[name] = 3 if spec.startswith("#") or kind in NUMERIC_SPECS else 2.5 if kind in FLOAT_SPECS else "x"
    return params


def problems(lang: str) -> list[str]:
    """Every difference between ``lang`` and English, one line each (empty when in step)."""
    out: list[str] = []
    for name in ENGLISH_FILES:
        english = load_file(DEFAULT_LANG, name)
        path = LOCALES_DIR / lang / name
        if not path.exists():
            out.append(f"{lang}/{name}: file missing ({len(english)} keys)")
            continue
        try:
            ours = load_file(lang, name)
        except tomllib.TOMLDecodeError as err:
            out.append(f"{lang}/{name}: does not parse: {err}")
            continue
        for key in english.keys() - ours.keys():
            out.append(f"{lang}/{name}: missing {key} = {english[key]!r}")
        for key in ours.keys() - english.keys():
            out.append(f"{lang}/{name}: extra {key}")
        for key in english.keys() & ours.keys():
            if set(fields(english[key])) != set(fields(ours[key])):
                out.append(
                    f"{lang}/{name}: placeholders of {key}: {sorted(fields(ours[key]))}"
                    f" vs English {sorted(fields(english[key]))}"
                )
    for path in sorted((LOCALES_DIR / lang).glob("*.toml")):
        if path.name not in ENGLISH_FILES:
            out.append(f"{lang}/{path.name}: no English file of that name")
    return sorted(out)


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_translation_file_parses_and_has_every_english_key(lang: str, name: str) -> None:
    english = load_file(DEFAULT_LANG, name)
    ours = load_file(lang, name)
    assert sorted(english.keys() - ours.keys()) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_translation_file_has_no_key_english_lacks(lang: str, name: str) -> None:
    english = load_file(DEFAULT_LANG, name)
    ours = load_file(lang, name)
    assert sorted(ours.keys() - english.keys()) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_has_no_file_english_lacks(lang: str) -> None:
    names = sorted(p.name for p in (LOCALES_DIR / lang).glob("*.toml"))
    assert [n for n in names if n not in ENGLISH_FILES] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_translation_keeps_the_placeholders_of_english(lang: str, name: str) -> None:
    english = load_file(DEFAULT_LANG, name)
    ours = load_file(lang, name)
    wrong = {
        key: (sorted(fields(ours[key])), sorted(fields(english[key])))
        for key in english.keys() & ours.keys()
        if set(fields(ours[key])) != set(fields(english[key]))
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_translation_keeps_markdown_marks(lang: str, name: str) -> None:
    """Bold and code spans survive translation (same count of ``**`` and backticks)."""
    english = load_file(DEFAULT_LANG, name)
    ours = load_file(lang, name)
    wrong = [
        key
        for key in english.keys() & ours.keys()
        if any(english[key].count(mark) != ours[key].count(mark) for mark in ("**", "`"))
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_is_empty_only_where_english_is(lang: str) -> None:
    english = catalog(DEFAULT_LANG)
    ours = catalog(lang)
    assert [key for key, text in ours.items() if not text.strip() and english.get(key, "").strip()] == []


SAME_IN_EVERY_LANGUAGE = {"gostop.option.vip"}


def prose(text: str) -> str:
    """The words of a template, without placeholders, code spans and quoted examples."""
    return re.sub(r"`[^`]*`|\{[^}]*\}|«[^»]*»|“[^”]*”", "", text)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_is_not_a_copy_of_english(lang: str) -> None:
    english = catalog(DEFAULT_LANG)
    copied = [
        key
        for key, text in catalog(lang).items()
        if key in english
        and text == english[key]
        and key not in SAME_IN_EVERY_LANGUAGE
        and re.search(r"[A-Za-z]{3,}", prose(text))
    ]
    assert copied == []


def test_persian_uses_persian_punctuation() -> None:
    """Persian prose writes ، ؛ ؟ (placeholders, code and quoted commands stay ASCII)."""
    wrong = [key for key, text in catalog("fa").items() if re.search(r"[,;?]", prose(text))]
    assert wrong == []


@pytest.mark.parametrize("lang", (DEFAULT_LANG, *TRANSLATIONS))
def test_every_template_formats_with_its_own_placeholders(lang: str) -> None:
    for key, template in catalog(lang).items():
        try:
            fill(lang, template, **sample_params(template))
        except (KeyError, IndexError, ValueError) as err:
            pytest.fail(f"{lang} {key}: {err!r}")


@pytest.mark.parametrize("lang", (DEFAULT_LANG, *TRANSLATIONS))
def test_slash_command_texts_fit_discord_limit(lang: str) -> None:
    long = {
        key: len(text)
        for key, text in catalog(lang).items()
        if key.startswith("cmd.") and not 1 <= len(text) <= DISCORD_DESCRIPTION_LIMIT
    }
    assert long == {}


def test_slash_command_english_text_is_the_catalog_text() -> None:
    """Discord shows English users the text written in the code, and other languages the catalog's:
    the two must say the same thing."""
    written: dict[str, str] = {}
    for path in [*ROOT.joinpath("cogs").rglob("*.py"), *ROOT.joinpath("bot").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "locale_str"):
                continue
            key = next((k.value for k in node.keywords if k.arg == "key"), None)
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(key, ast.Constant):
                written[str(key.value)] = str(node.args[0].value)
    assert len(written) > 10
    english = catalog(DEFAULT_LANG)
    assert {key: text for key, text in written.items() if english.get(key) != text} == {}


def test_unknown_language_falls_back_to_english() -> None:
    english = t("en", "core.bad_card", text="11X")
    assert t("xx", "core.bad_card", text="11X") == english
    assert t("", "core.bad_card", text="11X") == english
    assert "11X" in english


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translated_language_answers_in_its_own_words(lang: str) -> None:
    assert t(lang, "core.not_your_turn").lstrip("\u200f") == catalog(lang)["core.not_your_turn"]
    assert t(lang, "core.not_your_turn") != t("en", "core.not_your_turn")
    assert "11X" in t(lang, "core.bad_card", text="11X")


def main() -> int:
    """Print what each translation still lacks; exit 1 if anything does."""
    lines = [line for lang in TRANSLATIONS for line in problems(lang)]
    print("\n".join(lines) if lines else "fa and ru are in step with English.")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
