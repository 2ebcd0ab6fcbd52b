"""Every game word a player meets is explained (issue #45): each lobby option, call, button label and table
event of every game has a one-line explanation in English, Persian and Russian; and the first-time tip is shown
once per person, through the Discord double.

The words are found where they come from, not from a list kept by hand: options from ``INFO.options``, event
kinds from the engines' sources (every ``Event("kind"``) and from random games, action kinds from the legal
actions of random games, button labels from the controls' sources (every ``label=t(lang, "<game>....")``) and
the catalogs' ``<game>.ui.button`` section.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.games.registry import engine
from bot.i18n import catalog, t
from cogs.table.tips import explain_key, option_key, term_of, topic_key, topics, words
from tests.conftest import StartTeahouse
from tests.count.helpers import OPTIONS, SEATS
from tests.discord_double import DiscordDouble
from tests.play.driver import Table, open_game, table_message, until

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("en", "fa", "ru")


def event_kinds(game: str) -> set[str]:
    """Every event kind an engine's source names, and every kind random games produce."""
    kinds: set[str] = set()
    for path in (ROOT / "bot" / "games" / game).glob("*.py"):
        kinds |= set(re.findall(r'(?:Event|_event)\(\s*"([a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    prefix = f"{game}.event."
    for start in [kind for kind in kinds if kind.endswith("_")]:  # Event("count_" + answer): its catalog texts
        kinds.discard(start)
        named = {key[len(prefix):] for key in catalog("en") if key.startswith(prefix + start)}
        assert named, start
        kinds |= named
    return kinds | _played(game)[0]


def action_kinds(game: str) -> set[str]:
    """Every kind of action random games offer."""
    return _played(game)[1]


_PLAYED: dict[str, tuple[set[str], set[str]]] = {}


def _played(game: str) -> tuple[set[str], set[str]]:
    if game not in _PLAYED:
        module = engine(game)
        events: set[str] = set()
        actions: set[str] = set()
        for seed in range(3):
            rng = random.Random(seed)
            state, first = module.new_game_with_events(SEATS[game], seed, OPTIONS[game])
            events |= {e.kind for e in first}
            for _ in range(1500):
                seats = sorted(module.to_act(state))
                if not seats or module.result(state).finished:
                    break
                seat = rng.choice(seats)
                legal = module.legal_actions(state, seat)
                actions |= {str(getattr(a, "kind", "")) for a in legal} - {""}
                events |= {e.kind for e in module.apply(state, seat, rng.choice(legal))}
        _PLAYED[game] = (events, actions)
    return _PLAYED[game]


def button_words(game: str) -> set[str]:
    """The words of every button label the game's controls write, and of its catalog's button section."""
    found: set[str] = set()
    for path in (ROOT / "cogs" / "table" / "controls").glob(f"{game}*.py"):
        for key in re.findall(r'label=t\(lang, "(' + game + r'\.[a-z_.]+)"', path.read_text(encoding="utf-8")):
            found.add(key.rsplit(".", 1)[1])
    prefix = f"{game}.ui.button."
    found |= {key[len(prefix):] for key in catalog("en") if key.startswith(prefix)}
    return found


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", CHECKED)
def test_every_option_call_button_and_event_has_an_explanation(game: str, lang: str) -> None:
    texts = catalog(lang)
    missing = [f"option {name}" for name in engine(game).INFO.options if option_key(game, name) not in texts]
    for what, found in (("event", event_kinds(game)), ("action", action_kinds(game)), ("button", button_words(game))):
        missing += [f"{what} {word} -> {explain_key(game, word)}" for word in sorted(found)
                    if explain_key(game, word) not in texts]
    assert missing == []


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_words_are_found_and_every_term_is_used(game: str) -> None:
    """The enumeration sees what it looks for, and no explanation is left over for a word that is gone."""
    assert len(event_kinds(game)) >= 10 and action_kinds(game) and engine(game).INFO.options
    terms = {term_of(game, word) for word in words(game)}
    written = {key.rsplit(".", 1)[1] for key in catalog("en") if key.startswith(f"explain.{game}.")}
    assert written == terms
    for group in engine(game).TERMS.values():  # a glossary names only words the game has
        assert set(group) <= words(game) | event_kinds(game) | action_kinds(game) | button_words(game)


def test_the_gouji_calls_named_in_the_issue_are_explained() -> None:
    for word, text in (("ask_count", "Hai you ji hu?"), ("count_wen_bu_zhao", "Wen bu zhao"),
                       ("trick_won", "Fan le!"), ("shao_pai", "Shao Pai"), ("rang_pai", "Xian Rang Rang")):
        assert text in t("en", explain_key("gouji", word))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_topic_of_rules_has_its_text(game: str) -> None:
    for topic in topics(game):
        key = topic_key(game, topic)
        assert key is not None and key in catalog("en"), topic
    assert topic_key(game, "nonsense") is None


# ---------------------------------------------------------------- through the Discord double

@pytest.fixture
async def bot(teahouse: StartTeahouse) -> AsyncIterator[TeahouseBot]:
    """The real bot with computer thinking time 0 (as in ``tests/play``)."""
    async with teahouse(computer_delay_seconds=0.0) as client:
        yield client


async def _goita_table(double: DiscordDouble, bot: TeahouseBot) -> Table:
    thread = await open_game(double, double["alice"], "goita", "target_score=30", computers=3)
    await until(double, lambda: table_message(thread) is not None, "the table")
    return Table(double, bot, thread)


async def test_a_first_time_tip_is_shown_once_per_person(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    table = await _goita_table(double, bot)
    title = t("en", "explain.tip_title")
    first = await table.panel(alice)
    assert title in first.content
    told = [line.removeprefix("• ") for line in first.content.splitlines() if line.startswith("• ")]
    assert told and all(any(line == t("en", f"explain.goita.{term}") for term in topics("goita")) for line in told)
    seen: list[str] = list(told)
    for _ in range(6):  # open the panel again and again: a word is never explained twice
        again = await table.panel(alice)
        now = [line.removeprefix("• ") for line in again.content.splitlines() if line.startswith("• ")]
        assert not set(now) & set(seen)
        seen += now
    stored = await bot.storage.tips_seen(alice.id)
    assert {f"goita.{term}" for term in topics("goita") if t("en", f"explain.goita.{term}") in seen} <= stored


async def test_tips_off_stops_them_and_the_choice_is_kept(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    answer = await alice.run("/preferences", tips="off")
    assert t("en", "explain.tips_off") in answer.content
    table = await _goita_table(double, bot)
    panel = await table.panel(alice)
    assert t("en", "explain.tip_title") not in panel.content
    assert alice.id in await bot.storage.users_without_tips()
    await alice.run("/preferences", tips="on")
    panel = await table.panel(alice)
    assert t("en", "explain.tip_title") in panel.content


async def test_rules_topic_explains_a_word_and_offers_the_words(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    choices = await alice.autocomplete("/rules", "topic", "rang", game="gouji")
    assert "rang_pai" in [choice.value for choice in choices]
    answer = await alice.run("/rules", game="gouji", topic="rang_pai")
    assert answer.ephemeral and answer.content == t("en", "explain.gouji.rang_pai")
    russian = await alice.run("/rules", game="gouji", topic="wen_bu_zhao", locale="ru")  # a Russian client
    assert russian.content == t("ru", "explain.gouji.wen_bu_zhao")
    option = await alice.run("/rules", game="gostop", topic="option:jokers")
    assert t("en", "gostop.option.jokers_desc") in option.content
    unknown = await alice.run("/rules", game="goita", topic="xyz")
    assert unknown.content == t("en", "explain.topic_unknown", topic="xyz", game=t("en", "goita.name"))
    await alice.run("/preferences", language="fa")  # Discord has no Persian client: the person chooses it
    persian = await alice.run("/rules", game="gouji", topic="wen_bu_zhao")
    assert persian.content == t("fa", "explain.gouji.wen_bu_zhao")
