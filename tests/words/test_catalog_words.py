"""Issue #47, words: what the catalogs say reads right in English, Persian and Russian.

No rule ids reach a player, Russian grammar holds whatever a player's name is (names are framed, never
put where Russian would decline them), every count goes through the plural helper, and Persian Goita
pieces are named as Persian chess players name them.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, catalog, t

CHECKED = ("en", "fa", "ru")

#: a rule id as the rules files write them: R9.3, §12.10, R5
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)*\b|§\s?\d")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rule_id_reaches_a_player(lang: str) -> None:
    """#47: ``gouji.ui.nobody_to_ask`` said "(R9.3: …)"; a rule number means nothing to a player."""
    assert [key for key, text in catalog(lang).items() if RULE_ID.search(text)] == []


@pytest.mark.parametrize("lang", CHECKED)
def test_nobody_to_ask_says_who_may_be_asked_in_words(lang: str) -> None:
    text = t(lang, "gouji.ui.nobody_to_ask")
    assert "R9" not in text and "§" not in text
    assert {"en": "Dui Men", "fa": "دوی من", "ru": "Дуй Мэн"}[lang] in text


#: placeholders a player's name fills
NAME_FIELDS = ("player", "name", "target", "receiver", "payer", "from", "out", "next", "first_taker", "host",
               "holder", "a", "b", "leader", "dealer", "other", "thief", "who")
#: Russian words after which a name would have to be declined (prepositions and verbs that govern a case)
OBLIQUE = ("у", "против", "от", "для", "ради", "вместо", "после", "за", "к", "ко", "с", "со", "о", "об", "без",
           "до", "из", "при", "через", "между", "кроме", "спрашивает", "отдаёт", "возвращает", "просит",
           "советует", "стол", "помогает", "ждёт", "ждём")


def test_russian_names_are_framed_not_declined() -> None:
    """#47: "у Дмитрий", "против Дмитрий": a name cannot be declined by a template, so where Russian needs an
    oblique case the template says "у игрока {name}" (or puts the name after a colon)."""
    fields = "|".join(NAME_FIELDS)
    bad = re.compile(r"(?<![\w-])(?:" + "|".join(OBLIQUE) + r")\s+\{(?:" + fields + r")\}", re.IGNORECASE)
    assert [key for key, text in catalog("ru").items() if bad.search(text)] == []


@pytest.mark.parametrize(("key", "params", "expected"), [
    ("gouji.event.gou_ji", {"player": "Анна", "target": "Дмитрий"}, "против игрока Дмитрий"),
    ("gostop.event.steal", {"player": "Анна", "cards": "пхи", "from": "Дмитрий"}, "у игрока Дмитрий"),
    ("gouji.event.tribute_cards", {"player": "Анна", "receiver": "Дмитрий", "cards": "A"}, "игроку Дмитрий"),
    ("gouji.ui.suggested_to_you", {"player": "Дмитрий", "play": "Q"}, "от игрока Дмитрий"),
    ("options.goita.computer_plays_for", {"player": "Дмитрий"}, "за игрока Дмитрий"),
])
def test_russian_lines_with_a_name_read_right(key: str, params: dict[str, str], expected: str) -> None:
    assert expected in t("ru", key, **params)


@pytest.mark.parametrize(("lang", "minutes", "expected"), [
    ("en", 1, "after 1 minute without"), ("en", 15, "after 15 minutes without"),
    ("ru", 1, "1 минута без действий"), ("ru", 3, "3 минуты без действий"), ("ru", 15, "15 минут без действий"),
    ("ru", 21, "21 минута без действий"), ("fa", 15, "۱۵ دقیقه"),
])
def test_minutes_take_their_plural_form(lang: str, minutes: int, expected: str) -> None:
    """#47: "{minutes} минут" read "1 минут", "3 минут"."""
    assert expected in t(lang, "seats.idle.lobby_closed", minutes=minutes)


@pytest.mark.parametrize(("minutes", "expected"), [(1, "1 минуту"), (2, "2 минуты"), (30, "30 минут")])
def test_russian_duration_is_accusative(minutes: int, expected: str) -> None:
    assert f"Никто не ходил {expected}:" in t("ru", "seats.idle.abandoned", minutes=minutes)


def test_english_counts_read_right() -> None:
    assert "1 vote needed" in t("en", "seats.vote.cast", player="A", votes=1, needed=1)
    assert "3 votes needed" in t("en", "seats.vote.cast", player="A", votes=1, needed=3)
    assert "missed 1 decision in a row" in t("en", "clock.afk.rules", player="A", count=1, grace=5, back="")
    assert "5 lobbies open" in t("en", "games.error.channel_full", count=5)


#: placeholders that always hold a count
COUNT_FIELDS = ("n", "count", "minutes", "seconds", "needed", "points", "amount", "rounds", "hands", "games")


@pytest.mark.parametrize("lang", ("en", "ru"))
def test_every_count_followed_by_a_noun_uses_the_plural_forms(lang: str) -> None:
    """A count placeholder directly followed by a counted noun of the language (any word with a plural
    entry in ``plural.toml``) must be ``{n:#noun}``: English "1 minutes", Russian "5 минута" otherwise."""
    words: set[str] = set()
    for key, value in catalog(lang).items():
        if key.startswith("plural."):
            for part in value.split("|"):
                words |= {w for w in part.partition("=")[2].replace("#", " ").split() if len(w) > 2}
    nouns = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    bare = re.compile(r"\{(?:" + "|".join(COUNT_FIELDS) + r")\} (?:" + nouns + r")\b")
    assert [key for key, text in catalog(lang).items() if not key.startswith("plural.") and bare.search(text)] == []


@pytest.mark.parametrize(("lang", "category_counts"), [
    ("en", (1, 2)), ("ru", (1, 2, 5, 1.5)), ("fa", (1, 7)),
])
def test_new_counted_nouns_cover_every_form(lang: str, category_counts: tuple[float, ...]) -> None:
    from bot.i18n import plural

    for noun in ("minute", "minute_acc", "decision", "lobby", "vote", "turn"):
        assert f"plural.{noun}" in catalog(lang)
        for count in category_counts:
            assert "#" not in plural(lang, count, noun), (noun, count)


@pytest.mark.parametrize("key", ["goita.piece.kaku", "goita.piece.bakko", "goita.piece.gon"])
def test_persian_goita_pieces_are_the_chess_names(key: str) -> None:
    """#47: Persian chess calls the bishop فیل and the knight اسب, and a lance is نیزه (not the transliterated
    English اسقف, شوالیه, لنس)."""
    word = {"kaku": "فیل", "bakko": "اسب", "gon": "نیزه"}[key.rsplit(".", 1)[1]]
    assert word in t("fa", key)
    everything = " ".join(catalog("fa").values())
    assert not re.search(r"اسقف|شوالیه|لنس", everything)
