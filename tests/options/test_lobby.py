"""The lobby as a host uses it (issue #22): every option reachable and named, empty seats that say what
Start really does, and computer players told apart by name."""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.lobby_options import option_name, value_text
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message, SelectMenu
from tests.play.driver import games_cog


def option_menu(lobby: Message) -> SelectMenu:
    return next(m for m in lobby.selects if m.custom_id.split(":")[3] == "option")


async def open_lobby(double: DiscordDouble, game: str, options: str = "") -> Message:
    kwargs = {"game": game, **({"options": options} if options else {})}
    return await double["alice"].run("/game new", **kwargs)


async def test_every_option_of_every_game_is_reachable_named_with_its_value(double: DiscordDouble,
                                                                             bot: TeahouseBot) -> None:
    alice = double["alice"]
    for game in GAME_IDS:
        lobby = await open_lobby(double, game)
        spec = engine(game).INFO.options
        seen: dict[str, str] = {}
        for _ in range(10):  # page through the menu
            menu = option_menu(lobby)
            assert len(menu.options) <= 25
            for entry in menu.options:
                if entry.value.startswith("pick:"):
                    name = entry.value[5:]
                    seen[name] = entry.label
                    assert entry.description == t("en", "options.lobby.now",
                                                  value=value_text(spec[name].default, "en"))
            turn = [e.value for e in menu.options if e.value.startswith("page:")]
            if not turn or turn[0] == "page:0":
                break
            lobby = await alice.select(lobby, menu.custom_id, turn)
        assert set(seen) == set(spec), game
        assert all(label == option_name(game, name, "en") and label != name or "_" not in name
                   for name, label in seen.items()), seen
        await alice.click(lobby, t("en", "games.button.cancel"))


async def test_an_option_past_the_25th_entry_is_set_through_its_values(double: DiscordDouble,
                                                                       bot: TeahouseBot) -> None:
    alice = double["alice"]
    lobby = await open_lobby(double, "gouji")
    session = games_cog(bot).sessions[next(iter(games_cog(bot).sessions))]
    menu = option_menu(lobby)
    lobby = await alice.select(lobby, menu.custom_id, ["pick:session_hands"])
    values = option_menu(lobby)
    assert values.placeholder == t("en", "options.lobby.pick_value", option=option_name("gouji", "session_hands", "en"))
    assert any(e.default and e.value == "set:session_hands=8" for e in values.options)  # the current value
    lobby = await alice.select(lobby, values.custom_id, ["set:session_hands=4"])
    assert session.options["session_hands"] == 4
    assert f"{option_name('gouji', 'session_hands', 'en')} = 4" in lobby.content
    for name, value in (("cpu_fill", "False"), ("afk_takeover", "cpu")):
        lobby = await alice.select(lobby, option_menu(lobby).custom_id, [f"pick:{name}"])
        lobby = await alice.select(lobby, option_menu(lobby).custom_id, [f"set:{name}={value}"])
    assert session.options == {"session_hands": 4, "cpu_fill": False, "afk_takeover": "cpu"}
    entry = next(e for e in option_menu(lobby).options if e.value == "pick:cpu_fill")
    assert entry.description == t("en", "options.lobby.now", value=t("en", "options.lobby.off"))
    bob = await double["bob"].select(lobby, option_menu(lobby).custom_id, ["pick:target_score"])
    assert bob.ephemeral and t("en", "games.error.host_only") in bob.content  # only the host changes options


async def test_empty_seats_say_what_start_does(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    lobby = await open_lobby(double, "gostop")  # 2 to 7 players: one seat is filled at Start, five may be (#47)
    assert lobby.content.count(t("en", "options.lobby.seat_computer")) == 1
    assert t("en", "options.lobby.seat_stays_empty") not in lobby.content
    assert t("en", "games.lobby.open_seats", count=5, max=7) in lobby.content
    assert t("en", "games.lobby.empty_seat") not in lobby.content
    await alice.click(lobby, t("en", "games.button.cancel"))
    lobby = await open_lobby(double, "gouji", "cpu_fill=false")  # Gou Ji without computers: Start needs six
    assert lobby.content.count(t("en", "options.lobby.seat_needs_player")) == 5
    refused = await alice.click(lobby, t("en", "games.button.start"))
    assert refused.ephemeral and t("en", "options.lobby.need_players", count=5) in refused.content
    session = games_cog(bot).sessions[next(iter(games_cog(bot).sessions))]
    assert session.live is None and len(session.seats) == 1


async def test_computer_players_have_distinct_short_names(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    lobby = await open_lobby(double, "gouji")
    for _ in range(3):
        lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await alice.click(lobby, t("en", "games.button.start"))  # Start fills the other two
    await double.settle()
    session = games_cog(bot).sessions[next(iter(games_cog(bot).sessions))]
    computers = [seat for seat in session.seats if seat.user_id is None]
    assert len(computers) == 5
    labels = [t("en", "options.computer_named", name=seat.name, level=t("en", "games.level.easy"))
              for seat in computers]
    assert len({label[:8] for label in labels}) == 5  # told apart even where a name is cut short
    start = next(m for m in double.default_channel.public_messages if t("en", "gouji.name") in m.content)
    assert all(label in start.content for label in labels)
