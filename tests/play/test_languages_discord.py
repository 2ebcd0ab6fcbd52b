"""Persian and Russian players get a whole game in their language: no English in anything they read.

The server's language is set with ``/settings`` (public messages and images, and private replies
of people who chose no language of their own). Discord's clients send no Persian locale, so the
Persian players here have English clients: the admin chose Persian with ``/preferences``, Alice
relies on the server's language. After a complete
match, every version of every message the bot sent (text, buttons, select options and
placeholders) is searched for English catalog text and for stray English words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import catalog, t
from cogs.table.words import action_label
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.play.driver import fix_deal, open_game, play_match

MATCHES = [
    ("zhengshangyou", "mode=individual target_score=2", 3),
    ("gouji", "session_hands=1", 5),
    ("gostop", "rounds=1", 2),
    ("goita", "target_score=30", 3),
]
CLIENT_LOCALE = {"fa": "en-US", "ru": "ru"}  # Discord has no Persian client locale
PLACEHOLDER = re.compile(r"\{[^}]*\}")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
# mentions, links, code, option syntax (name=value), card symbols (J-J-2, 10♠, m07-ribbon), custom emoji
MARKUP = re.compile(r"<[@#!&:t][^>]*>|https?://\S+|`[^`]*`|\b\w+ ?= ?\S+|\bm\d\d-[\w-]+"
                    r"|(?<![\w-])(?:10|[2-9AKQJ]|BJ|RJ)(?:[-\s](?:10|[2-9AKQJ]|BJ|RJ))*(?![\w-])")


def _fragments(template: str) -> Iterator[str]:
    """The fixed English pieces of a catalog template worth searching for (two words or more)."""
    for piece in PLACEHOLDER.split(template):
        for part in re.split(r"[*_`~>|\n•·:;()\[\]]+", piece):
            part = part.strip(" .,!?-—")
            if len(LATIN_WORD.findall(part)) >= 2:
                yield part


def english_fragments(lang: str) -> set[str]:
    """English catalog text that the ``lang`` catalog does not itself contain (terms kept in Latin are fine)."""
    own = " ".join(catalog(lang).values())
    return {f for value in catalog("en").values() for f in _fragments(value) if f not in own}


def latin_words_allowed(lang: str) -> set[str]:
    """Latin words the ``lang`` catalog uses itself (romanized game terms, card letters)."""
    return {w.lower() for value in catalog(lang).values() for w in LATIN_WORD.findall(PLACEHOLDER.sub(" ", value))}


def texts_of(message: Message) -> Iterator[str]:
    """Everything a person reads on a message in every version it had: text, labels, options, placeholders."""
    versions = [*message.edits, message.snapshot()]
    for version in versions:
        yield version.content
        for row in version.components:
            for item in row.get("components", []):
                yield str(item.get("label") or "")
                yield str(item.get("placeholder") or "")
                for option in item.get("options", []):
                    yield str(option.get("label") or "")
                    yield str(option.get("description") or "")


#: a whole Gou Ji game takes 15-25 s of the README test command: it runs with ``pytest -m slow`` (its moves'
#: words are checked below for every game, and a whole Gou Ji game in Discord runs in test_games_discord)
WHOLE_GAMES = [pytest.param(*match, marks=pytest.mark.slow) if match[0] == "gouji" else match for match in MATCHES]


@pytest.mark.parametrize("lang", ["fa", "ru"])
@pytest.mark.parametrize(("game", "options", "computers"), WHOLE_GAMES)
async def test_a_whole_game_in_the_players_language(double: DiscordDouble, bot: TeahouseBot, lang: str,
                                                    game: str, options: str, computers: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    admin, alice = double["admin"], double["alice"]
    fix_deal(monkeypatch, 2)  # a known deal: a few Goita deals end the match at once (R5.2–R5.4), with no move
    admin.locale = alice.locale = CLIENT_LOCALE[lang]
    await admin.run("/preferences", language=lang)
    saved = await admin.run("/settings", language=lang)
    assert t(lang, "settings.saved") in saved.content

    thread = await open_game(double, alice, game, options, computers=computers, lang=lang)
    log = await play_match(double, bot, thread, [alice], seed=2, lang=lang)
    assert log.final is not None and t(lang, f"{game}.name") in log.final.content
    assert log.human_moves > 0 and log.checked_images > 0

    names = {p.user.name.lower() for p in (admin, alice)} | {"computer"}
    fragments = english_fragments(lang)
    allowed = latin_words_allowed(lang) | names
    seen, problems = 0, []
    for channel in (double.default_channel, thread):
        for message in channel.messages:
            if message.author.id != double.bot_user.id:
                continue
            for text in texts_of(message):
                plain = MARKUP.sub(" ", text)
                seen += bool(plain.strip())
                english = [f for f in fragments if f in plain]
                stray = {w for w in LATIN_WORD.findall(plain) if w.lower() not in allowed}
                if english or stray:
                    problems.append(f"{sorted(english)} {sorted(stray)} in {text[:160]!r}")
    assert not problems, f"English in {lang} messages:\n" + "\n".join(problems[:30])
    assert seen > 50


@pytest.mark.parametrize("lang", ["fa", "ru"])
@pytest.mark.parametrize(("game", "options", "computers"), MATCHES)
def test_every_move_label_is_in_the_players_language(lang: str, game: str, options: str, computers: int) -> None:
    """Move buttons and typed-move confirmations name cards and pieces from the catalog, for every legal
    move met in a few random games (a whole game in Discord meets only some of them)."""
    mod = engine(game)
    settings = dict(pair.split("=") for pair in options.split())
    allowed = latin_words_allowed(lang)
    stray: set[str] = set()
    for seed in range(3):
        state = mod.new_game(computers + 1, seed, {k: int(v) if v.isdigit() else v for k, v in settings.items()})
        rng = random.Random(seed)
        for _ in range(300):
            seats = sorted(mod.to_act(state))
            if not seats:
                break
            legal = mod.legal_actions(state, seats[0])
            for action in legal:
                label = MARKUP.sub(" ", action_label(game, action, mod.format_action(action), lang))
                stray |= {w for w in LATIN_WORD.findall(label) if w.lower() not in allowed}
            mod.apply(state, seats[0], rng.choice(legal))
    assert not stray, f"{game} move labels in {lang} keep Latin words: {sorted(stray)[:20]}"
