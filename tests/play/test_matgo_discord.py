"""Go-Stop's matgo preset (rules §10A.2) through the Discord double, in English and in Persian.

A person opens a Go-Stop lobby alone: the options menu offers matgo first, with its one-line description;
once chosen, the lobby says what it is and the options it fixes read "set by matgo". She plays a whole
match against the computer (every move the computer's own choice, as in ``test_gostop_discord``, so the
searched deal goes as planned): the table names the rules, a first-turn ppuk (첫뻑) is paid on the table
as it happens, and the summary writes the settlement as its factors, with the Korean names of the preset.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.gostop import State, format_action, new_game
from bot.games.live import LiveGame
from bot.i18n import number, t
from cogs.games import parse_options
from cogs.table.controls.gostop import preset_line
from cogs.table.lobby_options import value_text
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.options.test_lobby import option_menu
from tests.play.driver import final_summary, fix_deal, games_cog
from tests.play.test_gostop_discord import GoStopTable, computer_choice, find_seed, run_until

OPTIONS = "preset=matgo rounds=1"
CLIENT_LOCALE = {"en": "en-US", "fa": "en-US"}  # Discord has no Persian client: the server's language decides


def stop_detail(st: State) -> dict[str, Any]:
    """The settlement the Stop reported (R7.9), from the public log."""
    return next(e["data"]["detail"] for e in reversed(st.log) if e["kind"] == "stop")


def factors(detail: dict[str, Any]) -> list[str]:
    """The factors of the settlement, by their catalog names (go, shake, pi-bak, go-bak ...)."""
    named = [name for key, name in (("go_mult", "go"), ("shake_mult", "shake"), ("nagari_mult", "nagari"))
             if int(detail.get(key, 1)) > 1]
    return named + [tag for entry in detail["per_loser"].values() for tag in entry["tags"]]


def first_ppuk_then_stop(st: State) -> bool:
    """A 첫뻑 paid during the round (R10A.M4), and the round won by a Stop whose settlement has factors."""
    return (st.phase == "finished" and any(entry[3] == "first_ppuk" for entry in st.ledger)
            and st.history[0]["how"] == "stop" and bool(factors(stop_detail(st))))


async def play_to_the_end(table: GoStopTable, lang: str) -> Message:
    """Alice types the computer's choice on each of her turns until the match summary (in ``lang``) is up."""
    for _ in range(600):
        await table.settle()
        summary = final_summary(table.thread, lang)
        if summary is not None:
            return summary
        if table.alice_to_act():
            await table.alice.run("/play", channel=table.thread, move=format_action(computer_choice(table.state, 0)))
            table.moved(table.alice)
        else:
            await asyncio.sleep(0.02)
    raise AssertionError("the match did not end")


def english_in(double: DiscordDouble, thread: Any, lang: str) -> list[str]:
    """English catalog text or stray Latin words in the bot's messages (``test_languages_discord``'s check)."""
    from tests.play.test_languages_discord import MARKUP, english_fragments, latin_words_allowed, texts_of

    fragments, allowed = english_fragments(lang), latin_words_allowed(lang) | {"alice", "admin", "computer"}
    found = []
    for channel in (double.default_channel, thread):
        for message in channel.messages:
            if message.author.id != double.bot_user.id:
                continue
            for text in texts_of(message):
                flat = MARKUP.sub(" ", text)
                english = [f for f in fragments if f in flat]
                stray = {w for w in re.findall(r"[A-Za-z][A-Za-z'’-]{2,}", flat) if w.lower() not in allowed}
                if english or stray:
                    found.append(f"{sorted(english)} {sorted(stray)} in {text[:160]!r}")
    return found


def plain(text: str) -> str:
    """Text without the direction marks and isolates a Persian line carries around what is filled in."""
    return re.sub("[\u200e\u200f\u2066-\u2069]", "", text)


@pytest.mark.parametrize("lang", ["en", "fa"])
async def test_a_matgo_match_person_against_the_computer(double: DiscordDouble, bot: TeahouseBot, lang: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    seed = find_seed(2, OPTIONS, first_ppuk_then_stop, hints=(28,))
    fix_deal(monkeypatch, seed)
    admin, alice = double["admin"], double["alice"]
    if lang != "en":
        admin.locale = alice.locale = CLIENT_LOCALE[lang]
        await admin.run("/preferences", language=lang)
        assert t(lang, "settings.saved") in (await admin.run("/settings", language=lang)).content

    # the lobby: one person sits, so matgo is the menu's first choice, described in one line
    before = {c.id for c in double.threads}
    lobby = await alice.run("/game new", game="gostop", options="rounds=1", turn_seconds=60)
    assert t(lang, "gostop.ui.preset_offer") in lobby.content
    first = option_menu(lobby).options[0]
    assert first.label == t(lang, "gostop.ui.preset_choice") and first.value == "set:preset=matgo"
    assert first.description == t(lang, "gostop.ui.preset_choice_desc")
    lobby = await alice.select(lobby, option_menu(lobby).custom_id, [first.value])
    session = next(iter(games_cog(bot).sessions.values()))
    assert session.options == {"rounds": 1, "preset": "matgo"}
    assert t(lang, "gostop.ui.preset_about.matgo") in lobby.content
    assert t(lang, "gostop.ui.preset_offer") not in lobby.content
    entries = {e.value: e for e in option_menu(lobby).options}
    assert entries["pick:preset"].description == t(lang, "options.lobby.now", value=value_text("matgo", lang))
    for _ in range(3):  # the options the preset fixes say so, wherever they are in the menu
        fixed = [e for e in option_menu(lobby).options if e.value == "pick:jokers"]
        if fixed:
            assert fixed[0].description == t(lang, "options.lobby.now_preset", value=value_text(2, lang),
                                             preset=value_text("matgo", lang))
            break
        turn = [e.value for e in option_menu(lobby).options if e.value.startswith("page:")]
        lobby = await alice.select(lobby, option_menu(lobby).custom_id, turn)
    else:
        raise AssertionError("no menu page shows the jokers option")
    lobby = await alice.select(lobby, t(lang, "games.add_computer_placeholder"), ["easy"])
    await alice.click(lobby, t(lang, "games.button.start"))
    await double.settle()
    thread = next(c for c in double.threads if c.id not in before)

    table = GoStopTable(double, bot, thread, alice)
    assert table.state.seed == seed and table.state.options["go_scoring"] == "plus_n"
    await table.settle()
    assert preset_line("matgo", (), lang) in table.public_text()  # R10A.2: the table names the preset
    summary = await play_to_the_end(table, lang)

    played = run_until(new_game(2, seed, parse_options(OPTIONS)), first_ppuk_then_stop)
    assert played is not None  # the match Alice and the computer played, move for move
    korean = plain(t(lang, "gostop.reason.first_ppuk"))  # "첫뻑 first-turn ppuk"
    assert "첫뻑" in korean and korean in plain(table.public_text())  # paid on the table when it happened
    text = plain(summary.content)
    assert korean in text  # and listed in the round's summary
    detail = stop_detail(played)
    (amount,) = [entry["amount"] for entry in detail["per_loser"].values()]
    assert f"= {number(lang, amount)}" in text
    for factor in factors(detail):  # each factor with the preset's Korean name first (고박 go-bak, 피박 pi-bak)
        words = plain(t(lang, f"gostop.ui.term_ko.{factor}", n=2)).split("(")[-1].rstrip(")")
        assert words in text and any("\uac00" <= ch <= "\ud7a3" for ch in words), factor
    if lang != "en":  # nothing in English in anything the Persian players read, the preset's texts included
        leaks = english_in(double, thread, lang)
        assert not leaks, "\n".join(leaks[:20])
    table.finish_checks()


def test_the_table_says_when_the_host_changed_the_preset() -> None:
    """R10A.1: a key the host set against the preset is named on the table ("matgo, changed: …")."""
    from cogs.table.controls import controls_for
    from tests.options.test_every_option import session_for

    session = session_for("gostop", {"preset": "matgo", "gobak_2p": False})
    lines = controls_for("gostop").table_lines(session, "en")
    assert preset_line("matgo", ("gobak_2p",), "en") in lines
    assert "Two-player go-bak" in preset_line("matgo", ("gobak_2p",), "en")
    plain_rules = session_for("gostop", {})
    assert not any(t("en", "gostop.ui.preset", preset="") in line for line in
                   controls_for("gostop").table_lines(plain_rules, "en"))


def test_the_lobby_warns_that_matgo_is_for_two() -> None:
    from cogs.table.controls import controls_for
    from cogs.table.session import GameSession, Seat

    lobby = GameSession(id=1, game="gostop", guild_id=1, channel_id=1, host_id=10, options={"preset": "matgo"},
                        seats=[Seat("Alice", user_id=10), Seat("Bob", user_id=11), Seat("Cara", user_id=12)])
    lines = controls_for("gostop").lobby_lines(lobby, "en")
    assert t("en", "gostop.ui.preset_seats", preset=value_text("matgo", "en")) in lines
    assert controls_for("gostop").lobby_first_choices(lobby, "en") == []
    lobby.options = {}
    assert controls_for("gostop").lobby_first_choices(lobby, "en") == []  # three sit: matgo is not offered
    assert controls_for("gostop").lobby_lines(lobby, "en") == []


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_rules_for_gostop_have_a_second_page_for_matgo(double: DiscordDouble, bot: TeahouseBot,
                                                            lang: str) -> None:
    alice = double["alice"]
    alice.locale = "ru" if lang == "ru" else "en-US"
    first = await alice.run("/rules", game="gostop")
    await double.settle()
    assert first.ephemeral_for == alice.id
    assert t(lang, "games.rules.gostop", name=t(lang, "gostop.name")).splitlines()[0] in first.content
    pages = [m.content for m in alice.ephemerals if m.content == t(lang, "gostop.rules.matgo")]
    assert len(pages) == 1 and "고박" in pages[0] and "수류탄" in pages[0]


def test_the_hand_panel_explains_a_bonus_card_and_warns_of_the_last_card() -> None:
    """R10A.M12: the joker's note says it is played again; then the panel says so. R10A.M9: one card left,
    the panel warns that it makes no ppuk and steals nothing."""
    from cogs.table.controls.gostop import CONTROLS
    from tests.games.gostop.helpers import act, make
    from tests.options.test_every_option import session_for

    session = session_for("gostop", {"preset": "matgo"})
    session.live = LiveGame(session.game, make(2, hands={0: ["joker-2", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"],
                                               stock=["5j1", "2j1", "3j1"], options={"preset": "matgo"}))
    assert CONTROLS._match_note("en", session.view(0), "joker-2") == t("en", "gostop.ui.match.joker_redraw")
    act(session.live.state, "play joker-2")
    assert t("en", "gostop.ui.replay") in CONTROLS.panel_lines(session, 0, "en")
    session.live = LiveGame(session.game, make(2, hands={0: ["1j1"], 1: ["9j1", "10j1"]}, layout=["1b"],
                                               stock=["1r", "2j1"], options={"preset": "matgo"}))
    assert t("en", "gostop.ui.last_card_warning") in CONTROLS.panel_lines(session, 0, "en")
    session.live = LiveGame(session.game, make(2, hands={0: ["1j1"], 1: ["9j1", "10j1"]}, layout=["1b"], stock=["1r", "2j1"]))
    assert t("en", "gostop.ui.last_card_warning") not in CONTROLS.panel_lines(session, 0, "en")  # seed rules
