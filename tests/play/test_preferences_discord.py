"""A person's own language (/preferences) over the server's (/settings language) over the Discord client.

Discord's clients send no Persian locale, so a Persian player always arrives with, say, an English
client: their private panel must still be Persian once they (or their server) said so.
"""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import open_game, table_message, until
from tests.play.test_languages_discord import MARKUP, english_fragments, texts_of


async def test_a_persian_players_panel_is_persian_with_an_english_client(double: DiscordDouble,
                                                                         bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    assert alice.locale == "en-US"
    chosen = await alice.run("/preferences", language="fa")
    assert chosen.ephemeral and t("fa", "preferences.saved", language=t("fa", "preferences.name.fa")) == chosen.content.splitlines()[0]

    thread = await open_game(double, alice, "goita", "target_score=30", joiners=(bob,), computers=2)
    await until(double, lambda: table_message(thread) is not None, "the table")
    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))  # the server's public table stays English
    assert panel.ephemeral_for == alice.id
    persian = "".join(texts_of(panel))
    assert any("\u0600" <= ch <= "\u06ff" for ch in persian)
    english = [f for f in english_fragments("fa") for text in texts_of(panel) if f in MARKUP.sub(" ", text)]
    assert not english, f"English in a Persian player's panel: {english}"
    theirs = await bob.click(table, t("en", "games.button.hand"))  # bob chose nothing: his English client
    assert not any("\u0600" <= ch <= "\u06ff" for ch in theirs.content)


async def test_preference_wins_over_the_server_and_auto_goes_back(double: DiscordDouble, bot: TeahouseBot) -> None:
    admin, alice = double["admin"], double["alice"]
    await admin.run("/settings", language="ru")
    shown = await alice.run("/preferences")  # nothing chosen: the server's language
    assert shown.content.splitlines()[0] == t("ru", "preferences.current", language=t("ru", "preferences.name.ru"))

    await alice.run("/preferences", language="fa")
    assert (await alice.run("/help")).ephemeral
    shown = await alice.run("/preferences")
    assert shown.content.splitlines()[0] == t("fa", "preferences.current", language=t("fa", "preferences.name.fa"))

    back = await alice.run("/preferences", language="auto")
    assert back.content.splitlines()[0] == t("ru", "preferences.auto", language=t("ru", "preferences.name.ru"))
    await admin.run("/settings", language="server")
    shown = await alice.run("/preferences", locale="ru")  # no server language: the client's
    assert shown.content.splitlines()[0] == t("ru", "preferences.current", language=t("ru", "preferences.name.ru"))
    shown = await alice.run("/preferences")
    assert shown.content.splitlines()[0] == t("en", "preferences.current", language=t("en", "preferences.name.en"))


async def test_the_preference_survives_a_restart(double, teahouse) -> None:  # type: ignore[no-untyped-def]
    async with teahouse():
        await double["alice"].run("/preferences", language="fa")
    async with teahouse():
        shown = await double["alice"].run("/preferences")
    assert shown.content.splitlines()[0] == t("fa", "preferences.current", language=t("fa", "preferences.name.fa"))
