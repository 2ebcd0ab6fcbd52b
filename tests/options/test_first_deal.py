"""The first deal's announcements reach the table like any later deal's (Go-Stop §13.2, Gou Ji §13.4.1–2):
every game starts through its one record (``bot.games.GAMES``), which returns the setup's events."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.games.live import LiveGame
from cogs.table.words import event_text, names
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel
from tests.play.driver import fix_deal, open_game, session_in, until

#: a seed whose first deal announces something, and the announcement's kind
FIRST_DEALS = {"gostop": (1, "jokers_to_dealer", 2), "gouji": (1, "threes_shown", 6)}


def said(thread: Channel) -> str:
    """Every public text of the thread, every version of every message."""
    return "\n".join(v for m in thread.messages if not m.ephemeral
                     for v in [*(e.content for e in m.edits), m.content])


@pytest.mark.parametrize("game", sorted(FIRST_DEALS))
async def test_the_first_deal_s_announcements_are_on_the_table(double: DiscordDouble, bot: TeahouseBot,
                                                               monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    seed, kind, seats = FIRST_DEALS[game]
    _, events = LiveGame.start(game, seats, seed)
    public = [e for e in events if e.visible_to is None]
    assert kind in [e.kind for e in public]  # the engine reports it
    fix_deal(monkeypatch, seed)
    thread = await open_game(double, double["alice"], game, computers=seats - 1)
    await double.settle()
    session = session_in(bot, thread)
    assert session is not None
    seat_names = names(session, "en")
    texts = [event_text(game, e, seat_names, "en") for e in public]
    wanted = [text for e, text in zip(public, texts, strict=True) if e.kind == kind]
    assert wanted and all(wanted)
    await until(double, lambda: all(text in said(thread) for text in wanted), f"the first deal's {kind} line")


def test_every_game_starts_through_live_game() -> None:
    """One way to start for every game: ``LiveGame.start`` gives the running game and the setup's events."""
    from bot.games import GAMES
    from bot.games.registry import engine

    for game in GAMES:
        seats = engine(game.id).INFO.min_seats
        live, events = LiveGame.start(game.id, seats, 7)
        assert live.to_dict() == engine(game.id).new_game(seats, 7).to_dict()
        assert isinstance(events, list)
