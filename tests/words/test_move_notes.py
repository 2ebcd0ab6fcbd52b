"""Issue #47: what explains a move is on the move's own line, so the two never scroll apart: a timeout says the
time ran out on the line of the move the rules made (Goita read like an ordinary pass), and "(the only possible
move, made automatically)" ends the line of that move."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import fix_deal, until
from tests.play.test_timeout_followups import GOITA_SEED, left, start, texts, waits_for

LANGS = ("en", "fa", "ru")


def lines_of(thread_texts: list[str]) -> list[str]:
    return [line for text in thread_texts for line in text.split("\n")]


@pytest.mark.parametrize("lang", LANGS)
async def test_a_goita_timeout_says_the_time_ran_out_on_the_pass_line(double: DiscordDouble, bot: TeahouseBot,
                                                                       lang: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    admin, alice = double["admin"], double["alice"]
    admin.locale = alice.locale = "ru" if lang == "ru" else "en-US"
    await admin.run("/settings", language=lang)
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=3 turn_timeout=20",
                                  computers=3, lang=lang)
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's answer")
    moves = len(session.log)
    double.clock.advance(left(session) + 1)
    await until(double, lambda: len(session.log) > moves, "the pass the rules make")
    ran_out = t(lang, "games.timed_out", player="Alice").lstrip("\u200f")
    passes = t(lang, "goita.event.pass", player="Alice").lstrip("\u200f")
    await until(double, lambda: any(ran_out in line for line in lines_of(texts(thread))), "the timeout on the table")
    together = [line for line in lines_of(texts(thread)) if ran_out in line]
    assert together and all(passes in line and line.index(passes) < line.index(ran_out) for line in together)
    assert t(lang, "clock.moved.rules").lstrip("\u200f") in together[0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_note_joins_the_first_line_of_its_move(lang: str) -> None:
    from cogs.table.session import GameSession
    from cogs.table.words import with_the_move

    session = GameSession(id=1, guild_id=1, channel_id=1, game="goita", host_id=1)
    session.add_line(t(lang, "goita.event.pass", player="Bob"))
    since = session.lines_total
    passes = t(lang, "goita.event.pass", player="Alice")
    session.add_line(passes)
    session.add_line("…")
    note = t(lang, "options.auto.only_move")
    with_the_move(session, since, note)
    assert session.lines[-2] == f"{passes} {note}"
    assert session.lines[-1] == "…" and session.lines_total == 3
    with_the_move(session, session.lines_total, note)  # a move that said nothing: the note alone
    assert session.lines[-1] == note


async def test_the_automatic_passes_against_a_king_carry_their_reason_on_their_line(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Goita §12.5.4: nobody can block a king, the three passes are made at once; each pass line says why."""
    from tests.options.test_made_for_them import play_to_the_king

    table, attacker, _ = await play_to_the_king(double, bot, monkeypatch, "")
    session = table.session
    await table.wait(lambda: len(session.log) >= 3 and all(s != attacker for s, _ in session.log[-3:]),
                     "the three automatic passes")
    why = t("en", "options.goita.no_block_vs_king")
    await table.shown(why)
    lines = [line for line in table.public_text().split("\n") if why in line]
    assert lines and all(line.rstrip().endswith(why) and line.strip() != why for line in lines)
    names = [session.seats[(attacker + k) % 4].name for k in (1, 2, 3)]
    assert any(t("en", "goita.event.pass", player=name) in line for line in lines for name in names)
