"""Persian, Russian, Korean, Chinese and Japanese catalogs mirror English: same files, same keys, same
placeholders.

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

from bot import i18n
from bot.i18n import (
    DEFAULT_LANG,
    FSI,
    LOCALES_DIR,
    PDI,
    RLM,
    catalog,
    fill,
    number,
    persian_relative_time,
    plural,
    t,
)

TRANSLATIONS = ("fa", "ru", "ko", "zh", "ja")
#: written in CJK characters: no plural forms, counters after numbers, no English words left in prose
CJK = ("ko", "zh", "ja")
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


# --- Persian direction, digits, Russian gender, counted nouns (issue #28) ---------------------------

MARKDOWN_PREFIX = re.compile(r"^(\s*(?:#{1,3} |-# |>>> |> |[-*•] |\d+\. )*)")


def test_every_persian_line_starts_right_to_left_and_isolates_what_is_filled_in() -> None:
    """Discord lays a line out by its first strong letter: a Persian line starting with a Latin name
    or an English token would read left to right. t() starts each line with RLM and isolates values."""
    wrong: list[str] = []
    for key, template in catalog("fa").items():
        params = {name: "Alice" if value == "x" else value for name, value in sample_params(template).items()}
        text = t("fa", key, **params)
        lines = [line for line in text.split("\n") if line.strip() and not line.lstrip().startswith("```")]
        if any(not line[MARKDOWN_PREFIX.match(line).end():].startswith(RLM) for line in lines):  # type: ignore[union-attr]
            wrong.append(f"{key}: a line without RLM")
        outside_code = [name for name in fields(template) if "`{" + name not in template]
        if outside_code and FSI not in text:
            wrong.append(f"{key}: values not isolated")
    assert wrong == []


def test_a_latin_name_first_still_reads_right_to_left() -> None:
    text = t("fa", "gostop.ui.deciding", player="Alice", score=7)
    assert text.startswith(RLM + FSI + "Alice" + PDI)
    assert "۷" in text and "7" not in text


def test_english_and_russian_get_no_direction_marks() -> None:
    for lang in ("en", "ru"):
        text = t(lang, "gostop.ui.deciding", player="Alice", score=7)
        assert not {RLM, FSI, PDI} & set(text)


def test_persian_signed_numbers_keep_their_sign_on_the_left() -> None:
    """"-۲", "+۳", "×۲" in a right-to-left line: the sign is a neutral that Discord moves to the number's
    right ("۲-") unless the number is a left-to-right isolate (LRI … PDI)."""
    bare = re.compile(r"(?<![\w\u2066])[+\-−×](?:[۰-۹]|\{)")
    assert [key for key, text in catalog("fa").items() if bare.search(re.sub(r"`[^`]*`", "", text))] == []


@pytest.mark.parametrize(("lang", "key", "wrong", "right"), [
    ("fa", "gouji.ui.to_beat", "برای بردن", "برای زدن"),
    ("fa", "gouji.ui.shao_window", "ببرید", "بزنید"),
    ("fa", "gouji.ui.suggest_title", "دستی", "مجموعه"),
    ("fa", "gouji.tagline", "Dui Men", "دوی من"),
    ("fa", "gostop.option.go_add_dropped_at_3", "گوی سوم", "گو"),
    ("fa", "gouji.ui.wild_only", "وحشی", "وایلد"),
    ("fa", "gostop.option.vip", "VIP", "وی‌آی‌پی"),
    ("fa", "gostop.ui.match.stack", "استاک", "دسته"),
    ("fa", "gostop.ui.match.joker", "از دسته", "استاک"),
    ("ru", "games.played", "Ваш ход", "Вы сыграли"),
    ("ru", "zhengshangyou.ui.hand", "Ваша рука", "Ваши карты"),
    ("ru", "rendering.climb.hand_kind_fresh", "свежая", "новая"),
])
def test_the_reported_wrong_strings_stay_fixed(lang: str, key: str, wrong: str, right: str) -> None:
    assert wrong not in catalog(lang)[key] and right in catalog(lang)[key]


def _digit_prose(text: str) -> str:
    """Persian prose a reader reads as numbers: without code, placeholders, quoted input examples and
    identifiers that glue digits to Latin letters (R9.3, team4, m08, target=11)."""
    return re.sub(r"`[^`]*`|\{[^}]*\}|«[^»]*»|“[^”]*”|[A-Za-z_][\w.\-]*\d\w*|\d+[A-Za-z]\w*|\w+=\d+", "", text)


def test_no_persian_value_mixes_digit_systems() -> None:
    mixed = [key for key, text in catalog("fa").items()
             if re.search("[0-9]", _digit_prose(text)) and re.search("[۰-۹]", _digit_prose(text))]
    assert mixed == []


def test_persian_prose_uses_persian_digits() -> None:
    latin = [key for key, text in catalog("fa").items() if re.search("[0-9]", _digit_prose(text))]
    assert latin == []


def test_numbers_are_written_by_one_helper() -> None:
    assert number("fa", 12) == "۱۲" and number("fa", -12) == "\u2212۱۲" and number("fa", 2.5) == "۲٫۵"
    assert number("en", -12) == "-12" and number("en", 3, signed=True) == "+3" and number("ru", 2.5) == "2,5"
    assert "۳" in t("fa", "games.summary.points", points=3)


def test_russian_has_no_gendered_endings() -> None:
    """The bot does not know a player's gender: no "(а)", "(ла)" and no masculine-only forms."""
    masculine = re.compile(r"\((а|ла|ась|на)\)|\b(вернулся|отошёл|Вышел|Готов|Согласен)\b")
    assert [key for key, text in catalog("ru").items() if masculine.search(text)] == []


#: placeholders that are counts wherever they appear
COUNTS = ("n", "count", "points", "score", "amount", "pot", "hands", "rounds", "games", "wins",
          "guilds", "per_card", "k", "m", "size", "seconds", "grace", "minutes", "needed")


def counted_noun_words(lang: str) -> set[str]:
    """Every word of every plural form of ``lang`` (``очков``, ``cards``, ``امتیاز``)."""
    words: set[str] = set()
    for key, value in catalog(lang).items():
        if key.startswith("plural."):
            for part in value.split("|"):
                form = part.partition("=")[2]
                words.update(w for w in form.replace("#", " ").split() if len(w) > 1)
    return words


@pytest.mark.parametrize("lang", (DEFAULT_LANG, *TRANSLATIONS))
def test_every_counted_noun_goes_through_the_plural_helper(lang: str) -> None:
    """A number placeholder followed by a counted noun (``{n} cards``, ``{n} очков``, ``{n} card(s)``)
    must be ``{n:#card}``: only the plural helper knows "1 card", "2 карты", "5 карт"."""
    nouns = "|".join(sorted(map(re.escape, counted_noun_words(lang)), key=len, reverse=True))
    bare = re.compile(r"\{(?:" + "|".join(COUNTS) + r")\}\)? (?:" + nouns + r")(?![\w\u200c])|\w\(s\)")
    assert [key for key, text in catalog(lang).items() if not key.startswith("plural.") and bare.search(text)] == []


@pytest.mark.parametrize(("lang", "count", "expected"), [
    ("en", 1, "1 card"), ("en", 2, "2 cards"), ("en", 0, "0 cards"),
    ("ru", 1, "1 карта"), ("ru", 3, "3 карты"), ("ru", 5, "5 карт"), ("ru", 11, "11 карт"),
    ("ru", 21, "21 карта"), ("ru", 22, "22 карты"), ("fa", 1, "۱ کارت"), ("fa", 5, "۵ کارت"),
])
def test_plural_forms_follow_cldr(lang: str, count: int, expected: str) -> None:
    assert plural(lang, count, "card") == expected


def test_plural_forms_cover_every_category_of_each_language() -> None:
    needed = {"en": {"one", "other"}, "fa": {"other"}, "ru": {"one", "few", "many", "other"},
              "ko": {"other"}, "zh": {"other"}, "ja": {"other"}}
    for lang, categories in needed.items():
        for key, value in catalog(lang).items():
            if key.startswith("plural."):
                assert categories <= {part.partition("=")[0] for part in value.split("|")}, (lang, key)


def test_the_reported_counts_read_right() -> None:
    """#22: "1 hands", "(1 points)", "in 1 servers", "1 possible choices"."""
    assert t("en", "rendering.summary.hands", n=1) == "1 hand played"
    assert t("en", "games.summary.points", points=1) == "(1 point)"
    assert t("en", "about.text", version="1", uptime="1h", guilds=1).endswith("in 1 server")
    assert t("en", "games.panel.your_move", count=1) == "Your move — 1 possible choice:"
    assert t("ru", "gostop.ui.deciding", player="A", score=3) == "У игрока A 3 очка: Го или Стоп?"
    assert "5 очков" in t("ru", "gostop.ui.deciding", player="A", score=5)


def test_persian_time_is_written_in_words() -> None:
    """Discord has no Persian client: its relative time would read "in 30 seconds" in a Persian line."""
    assert persian_relative_time(130, now=100) == "۳۰ ثانیه دیگر"
    assert persian_relative_time(100, now=400) == "۵ دقیقه پیش"
    text = t("fa", "clock.outcome.pass", time="<t:4102444800:R>")
    assert "<t:" not in text and "دیگر" in text
    assert "<t:4102444800:R>" in t("ru", "clock.outcome.pass", time="<t:4102444800:R>")


def test_filled_texts_are_kept_but_a_persian_relative_time_is_written_as_of_now(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """t() keeps the texts it filled (#48: filling was a tenth of the bot's own CPU per move): the same
    words come back, bounded in number; a time Persian writes out in words is written again each time."""
    assert t("en", "games.panel.your_move", count=2) == t("en", "games.panel.your_move", count=2)
    assert t("en", "games.panel.your_move", count=3) == "Your move — 3 possible choices:"
    for n in range(i18n.FILLED_MAX + 10):
        t("en", "games.panel.your_move", count=n)
    assert len(i18n._FILLED) <= i18n.FILLED_MAX
    when = 4102444800
    monkeypatch.setattr(i18n.time, "time", lambda: when - 30)
    soon = t("fa", "clock.outcome.pass", time=f"<t:{when}:R>")
    monkeypatch.setattr(i18n.time, "time", lambda: when - 600)
    later = t("fa", "clock.outcome.pass", time=f"<t:{when}:R>")
    assert soon != later and persian_relative_time(when, now=when - 600) in later


# --- Korean, Chinese, Japanese (issue #50) -------------------------------------------------------

@pytest.mark.parametrize("lang", CJK)
@pytest.mark.parametrize("count", [0, 1, 2, 5, 11, 21, 100])
def test_cjk_languages_have_one_plural_category(lang: str, count: int) -> None:
    """CLDR (Babel) gives Korean, Chinese and Japanese the one category ``other``: a count reads with a
    counter (3장, 3张, 3枚), the same form for every number."""
    from bot.i18n import plural_category

    assert plural_category(lang, count) == "other"


@pytest.mark.parametrize("lang", CJK)
def test_cjk_counted_nouns_read_with_their_counter(lang: str) -> None:
    """Every counted noun English has is counted in ``lang`` too ("other=#장"), and the helper fills it."""
    english = {key for key in catalog(DEFAULT_LANG) if key.startswith("plural.")}
    ours = {key: value for key, value in catalog(lang).items() if key.startswith("plural.")}
    assert sorted(english - ours.keys()) == []
    for key, value in ours.items():
        form = value.partition("other=")[2].split("|")[0].strip()
        assert "#" in form, key
        noun = key.removeprefix("plural.")
        for count in (1, 2, 7):
            assert plural(lang, count, noun) == form.replace("#", str(count)), (key, count)


def test_a_counter_template_without_a_space_works() -> None:
    """``other=#장``: the number and the counter written together, as Korean, Chinese and Japanese do."""
    assert plural("ko", 3, "card") == catalog("ko")["plural.card"].partition("other=")[2].replace("#", "3")
    assert "3" in t("ja", "games.panel.your_move", count=3) and "#" not in t("ja", "games.panel.your_move", count=3)


#: values a CJK catalog may keep in Latin letters: names
CJK_KEEPS_LATIN = {"preferences.name.en", "gostop.name"}

#: Latin words a CJK catalog may keep: names, and what people type or see as notation
NAMES_AND_NOTATION = {
    "Teahouse", "Discord", "English", "Go", "Stop", "Go-Stop", "VIP", "ACE", "BDF", "BJ", "RJ", "AI", "ID",
    "OK", "PNG", "URL", "KxM", "set", "run", "pass", "lead", "block", "auto", "ask", "server",
}


def notation_words() -> set[str]:
    """Option names and values (typed as ``name=value``), and command and option names (``/game abandon``)."""
    from bot.games import GAME_IDS
    from bot.games.registry import engine

    words: set[str] = set()
    for game in GAME_IDS:
        for name, option in engine(game).INFO.options.items():
            words |= set(name.split("_"))
            for value in option.choices or ():
                words |= set(str(value).split("_"))
    for path in ROOT.joinpath("cogs").rglob("*.py"):
        words |= set(re.findall(r'name="([a-z_]+)"', path.read_text(encoding="utf-8")))
        words |= {w for w in re.findall(r"^\s+([a-z_]+): ", path.read_text(encoding="utf-8"), re.M)}
    words |= {piece for piece in __import__("bot.games.goita.pieces", fromlist=["IDS"]).IDS}
    return words


CARD_NOTATION = re.compile(r"(?<![A-Za-z])(?:10|[2-9AKQJTX]|BJ|RJ)(?:[-x]?(?:10|[2-9AKQJTM]|BJ|RJ))*-?(?![A-Za-z])"
                           r"|\b\d+[shdc]\b|\bm\d\d[-\w]*")


def cjk_prose(text: str) -> str:
    """A value's words, without placeholders, code, quoted input examples (「」, “”, «»), slash commands and
    ``name=value`` options."""
    text = re.sub(r"`[^`]*`|\{[^}]*\}|«[^»]*»|“[^”]*”|「[^」]*」|<[^>]*>|/\w+(?: \w+)?|\w+=\S+", " ", text)
    return CARD_NOTATION.sub(" ", text)


@pytest.mark.parametrize("lang", CJK)
def test_no_english_is_left_in_a_cjk_catalog(lang: str) -> None:
    """Beyond names and notation (option values, typed moves, card letters), a Korean, Chinese or
    Japanese value has no Latin word: an untranslated phrase would show as English in the middle. (A
    count may be written ``{n}장`` as well as ``{n:#card}``: with one plural category both read the same.)"""
    allowed = {w.lower() for w in NAMES_AND_NOTATION | notation_words()}
    left = {key: words for key, text in catalog(lang).items() if not key.startswith("plural.")
            if (words := [w for w in re.findall(r"[A-Za-z][A-Za-z'’]+", cjk_prose(text)) if w.lower() not in allowed])}
    assert left == {}


@pytest.mark.parametrize("lang", CJK)
def test_cjk_values_are_written_in_cjk_characters(lang: str) -> None:
    """A value whose English has words has CJK characters (Hangul, kana or Han: a game's home term, such as
    고스톱 in the Chinese catalog, counts too), so a copied English value cannot pass as translated."""
    english = catalog(DEFAULT_LANG)
    bare = [key for key, text in catalog(lang).items()
            if re.search(r"[A-Za-z]{3,}", prose(english.get(key, ""))) and key not in SAME_IN_EVERY_LANGUAGE
            and key not in CJK_KEEPS_LATIN and not re.search(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]", text)]
    assert bare == []


@pytest.mark.parametrize(("locale", "lang"), [
    ("ko", "ko"), ("zh-CN", "zh"), ("zh-TW", "zh"), ("ja", "ja"), ("ru", "ru"), ("en-US", "en"), ("pt-BR", "en"),
])
def test_discord_locales_reach_our_languages(locale: str, lang: str) -> None:
    import discord

    from bot.i18n import language_of

    assert discord.Locale(locale).value == locale  # a code Discord sends
    assert language_of(locale) == lang


@pytest.mark.parametrize("locale", ["ko", "zh-CN", "zh-TW", "ja"])
async def test_slash_commands_are_described_in_the_new_languages(locale: str) -> None:
    """Discord asks the translator for each of its locales: ko, zh-CN, zh-TW and ja get the catalog's
    descriptions, for every command text the code marks with a key."""
    import discord
    from discord import app_commands

    from bot.i18n import language_of
    from bot.translator import CatalogTranslator

    translator = CatalogTranslator()
    lang = language_of(locale)
    keys = [key for key in catalog(DEFAULT_LANG) if key.startswith("cmd.")]
    assert len(keys) > 10
    for key in keys:
        text = await translator.translate(app_commands.locale_str(catalog(DEFAULT_LANG)[key], key=key),
                                          discord.Locale(locale), app_commands.TranslationContext(
                                              app_commands.TranslationContextLocation.command_description, None))
        assert text == catalog(lang)[key] and text != catalog(DEFAULT_LANG)[key], (locale, key)


def main() -> int:
    """Print what each translation still lacks; exit 1 if anything does."""
    lines = [line for lang in TRANSLATIONS for line in problems(lang)]
    print("\n".join(lines) if lines else f"{', '.join(TRANSLATIONS)} are in step with English.")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
