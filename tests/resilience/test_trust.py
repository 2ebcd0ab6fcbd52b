"""A click must belong to the server (and channel) of the game it names (issue 43).

A game's id is public: it is in every custom id of its lobby and table, and ``/history`` prints it. Zoe
administers a server of her own ("Elsewhere", Manage Server there) and forges clicks from a message in
her server that name a game of ours: every kind of custom id the bot draws, buttons and selects, in the
lobby and during play. Nothing changes, nothing of the game is read out to her, and each click is answered
privately. A member of our server clicking from another channel fares the same; a seated player's own
hand panel, opened with ``/game hand`` in another channel, keeps working.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import t
from cogs.table.session import GameSession
from tests.conftest import StartTeahouse
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.discord_double.people import Person
from tests.play.driver import games_cog, table_message

from .helpers import SHORT, session_of

COGS = Path(__file__).resolve().parents[2] / "cogs"


def every_verb() -> set[str]:
    """Every verb a custom id of ours can carry, read from the code that draws and routes them: the verbs
    given to ``GameButton``/``GameSelect``, the verbs compared in routing, and the named verb constants. A
    new kind of button is in this set without anyone adding it here."""
    verbs: set[str] = set()
    for path in COGS.rglob("*.py"):
        text = path.read_text()
        verbs.update(re.findall(r"Game(?:Button|Select)\([^,()]+,\s*\"([a-z_]{1,16})\"", text))
        verbs.update(re.findall(r"verb\s*==\s*\"([a-z_]{1,16})\"", text))
        for group in re.findall(r"^[A-Z_]*VERBS?\s*=\s*(?:frozenset\()?[({]?([^\n]*)", text, re.M):
            verbs.update(re.findall(r"\"([a-z_]{1,16})\"", group))
        verbs.update(re.findall(r"^ACT\s*=\s*\"([a-z_]{1,16})\"", text, re.M))
    return verbs


def test_the_verb_list_sees_every_kind_of_control() -> None:
    verbs = every_verb()
    assert {"join", "start", "cancel", "addai", "kick", "swap", "option", "shuffle", "log", "rules", "do", "hand",
            "rematch", "act", "abort", "cpufor", "imback", "zs_play", "gj_sug", "next", "page"} <= verbs


def _forgeries(game: int, version: int) -> list[tuple[str, list[str] | None]]:
    out: list[tuple[str, list[str] | None]] = []
    for verb in sorted(every_verb()):
        for ver in ("-", str(version)):
            out.append((f"th:{game}:{ver}:{verb}:0", None))
            out.append((f"ts:{game}:{ver}:{verb}", ["0", "1"] if verb == "swap" else ["0"]))
    return out


async def _forge_all(double: DiscordDouble, zoe: Person, on: Message, session: GameSession) -> int:
    """Every forgery, from ``on``; each is answered privately with the refusal and changes nothing."""
    before = session.to_dict()
    refusal = t("en", "games.error.elsewhere")
    tried = 0
    for custom, values in _forgeries(session.id, session.version):
        record = await zoe.begin_forged_component(on, custom, values)
        reply = await double.wait(record)
        tried += 1
        # Rematch names a finished game's record, and a running game has none yet
        polite = {refusal, t("en", "games.error.game_over")} if ":rematch" in custom else {refusal}
        assert reply is not None and reply.ephemeral and reply.content in polite, (custom, reply)
        assert session.to_dict() == before, custom
    return tried


async def test_clicks_from_another_server_change_nothing_in_the_lobby_or_the_game(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    elsewhere = double.add_guild("Elsewhere")
    her_channel = double.add_channel(elsewhere, "fun")
    admins = double.add_role(elsewhere, "Admins", "manage_guild")
    zoe = double.add_person("zoe", elsewhere, roles=[admins])
    alice, bob = double["alice"], double["bob"]
    async with teahouse(computer_delay_seconds=0.0) as bot:
        lobby = await alice.run("/game new", game="zhengshangyou", options=SHORT["zhengshangyou"][0])
        lobby = await bob.click(lobby, t("en", "games.button.join"))
        session = session_of(bot, double.default_channel)
        assert session is not None
        her_lobby = await zoe.run("/game new", game="goita", channel=her_channel)  # a message of her own server

        tried = await _forge_all(double, zoe, her_lobby, session)
        assert [s.user_id for s in session.seats] == [alice.id, bob.id]

        await alice.click(lobby, t("en", "games.button.start"))
        await double.settle()
        where = double.threads[0]
        assert session.phase == "playing" and table_message(where) is not None
        tried += await _forge_all(double, zoe, her_lobby, session)

        shown = " ".join(m.content for m in zoe.ephemerals)
        assert all(line not in shown for line in session.lines)  # the table's log never reached her
        assert await bot.storage.history(double.guild.id) == []

        await alice.run("/game abandon", channel=where)  # a finished game's record: Rematch reads it
        await double.settle()
        assert len(await bot.storage.history(double.guild.id)) == 1
        record = await zoe.begin_forged_component(her_lobby, f"th:{session.id}:-:rematch")
        reply = await double.wait(record)
        assert reply is not None and reply.ephemeral and reply.content == t("en", "games.error.elsewhere")
        assert not [s for s in games_cog(bot).sessions.values() if s.guild_id == double.guild.id]
        assert double.take_bot_errors() == []
        print(f"forged clicks from another server: {tried}")


async def test_a_member_clicking_from_another_channel_is_refused_but_a_players_own_panel_works(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    alice, carol = double["alice"], double["carol"]
    other = double.add_channel(double.guild, "elsewhere")
    async with teahouse(computer_delay_seconds=0.0) as bot:
        lobby = await alice.run("/game new", game="zhengshangyou", options=SHORT["zhengshangyou"][0])
        session = session_of(bot, double.default_channel)
        assert session is not None
        note = await carol.run("/help", channel=other)  # any message she can click on in the other channel
        record = await carol.begin_forged_component(note, f"th:{session.id}:-:join")
        reply = await double.wait(record)
        assert reply is not None and reply.ephemeral and reply.content == t("en", "games.error.elsewhere")
        assert [s.user_id for s in session.seats] == [alice.id]

        for _ in range(SHORT["zhengshangyou"][1] - 1):
            lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
        await alice.click(lobby, t("en", "games.button.start"))
        await double.settle()
        panel = await alice.run("/game hand", channel=other)  # her hand, opened from another channel
        assert panel.ephemeral and panel.buttons
        refresh = next(b.label for b in panel.buttons if (b.custom_id or "").split(":")[3:4] == ["refresh"])
        again = await alice.click(panel, refresh)
        assert again.ephemeral and again.content != t("en", "games.error.elsewhere") and again.buttons
        assert games_cog(bot).sessions.get(session.id) is session and double.take_bot_errors() == []
