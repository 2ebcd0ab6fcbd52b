"""Goita §12.5 ``confirm_moves``: a play picked in the composer is shown as its column first, and Confirm
commits it (Back returns to choosing); without the option the attack button commits at once."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.games.goita import Play
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.test_goita_discord import SEED_LEAD, alice_leads_first, piece, policy, search, sit_down


async def test_12_5_confirm_moves_shows_the_column_then_commits(double: DiscordDouble, bot: TeahouseBot,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(alice_leads_first, {}, start=SEED_LEAD, steps=1)
    table = await sit_down(double, bot, monkeypatch, seed, "confirm_moves=true")
    alice = table.people[0]
    assert await table.turn_of() is alice
    action = policy(table.state, table.seat(alice), seed)
    assert isinstance(action, Play) and action.lead
    version = table.session.version
    panel = await table.panel(alice)
    step = await alice.click(panel, table.cid("pick", str(action.first)))
    shown = await alice.click(step, table.cid("go", f"L{action.first}{action.attack}"))
    preview = t("en", "options.goita.preview_lead", first=piece(action.first), attack=piece(action.attack))
    assert preview in shown.content and table.session.version == version  # nothing played yet
    back = await alice.click(shown, table.cid("back", ""))  # Back: the attack is chosen again
    assert preview not in back.content and t("en", "goita.ui.lead_attack_prompt", piece=piece(action.first)) \
        in back.content
    shown = await alice.click(back, table.cid("go", f"L{action.first}{action.attack}"))
    done = await alice.click(shown, t("en", "options.goita.confirm"))
    table.moved(alice)
    assert table.session.version > version
    assert table.state.table[table.seat(alice)] == [(action.first, True, action.attack)]
    assert t("en", "goita.ui.your_face_down", pieces=piece(action.first)) in done.content
