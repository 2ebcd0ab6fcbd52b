"""The composer's ready-made sets (issue #47, §13.3): the common plays in at most two picks, the sets that beat
the table first, and each option's note the same as the preview's."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.games.gouji import (
    Play,
    ShaoPai,
    apply,
    hand_from_view,
    legal_actions,
    new_game,
    offer_notes,
    parse_play,
    play_notes,
    ready_plays,
    to_act,
    view,
)
from bot.games.gouji.policy import easy_action, play_cost
from bot.games.live import LiveGame
from bot.i18n import t
from cogs.table.controls.gouji import CONTROLS
from cogs.table.controls.gouji_composer import composer_sets, draft, edit_draft, select_play
from tests.games.gouji.helpers import act, table
from tests.options.test_every_option import session_for

LANG = "en"


def _session(state: Any) -> Any:
    session = session_for("gouji", {"session_hands": 1})
    session.live = LiveGame("gouji", state)
    return session


def _selects(session: Any, seat: int) -> dict[str, discord.ui.Select[Any]]:
    legal = session.live.legal(seat)
    items = CONTROLS.panel_items(session, seat, LANG, legal, 0) or []
    inner = [getattr(item, "item", item) for item in items]
    return {str(s.custom_id).split(":")[3]: s for s in inner if isinstance(s, discord.ui.Select)}


def _values(select: discord.ui.Select[Any] | None) -> list[str]:
    return [] if select is None else [o.value for o in select.options]


def test_the_common_plays_of_a_lead_are_one_or_two_picks_away() -> None:
    """A single, a pair, a triple, the whole group, the group with a joker: in the ready-made row (one pick),
    or in it after the rank is picked (two)."""
    state = table({0: "Q Q Q Q 2 2 BJ RJ 5 5 7"}, leader=0)
    session = _session(state)
    first = _values(_selects(session, 0).get("gj_quick"))
    assert first[:3] == ["5-5", "7", "Q-Q-Q-Q"]  # the whole groups first, low to high
    legal = session.live.legal(0)
    edit_draft(draft(session, 0), hand_from_view(view(state, 0)), "gj_rank", "", "12", composer_sets(legal, "turn"), True)
    selects = _selects(session, 0)
    second = _values(selects.get("gj_quick"))
    assert selects["gj_quick"].placeholder == t(LANG, "gouji.ui.quick.pick_rank", rank="Q")
    for text in ("Q", "Q-Q", "Q-Q-Q", "Q-Q-Q-Q", "Q-Q-Q-Q-BJ", "Q-Q-RJ", "Q-2", "5", "5-5", "7"):
        assert text in first or (text.startswith("Q") and text in second), text
    assert len(selects) <= 4 and "gj_rank" in selects  # the step-by-step path stays, within the rows
    assert "gj_wild" in selects and "gj_two" not in selects  # 2s and jokers share a row beside the ready-made one
    hand = hand_from_view(view(state, 0))
    edit_draft(draft(session, 0), hand, "gj_wild", "", "1.1.0", composer_sets(legal, "turn"), True)
    assert str(draft(session, 0).play()) == "Q-Q-Q-Q-2-BJ"


def test_following_the_cheapest_beating_set_comes_first_and_every_option_beats() -> None:
    state = table({0: "J J K K A A 2 2 BJ RJ 9", 5: "10 10 3"}, leader=5)
    act(state, 5, "10 10")  # seat 0 (A) is next (A → B → … → F → A)
    session = _session(state)
    options = _values(_selects(session, 0).get("gj_quick"))
    legal = [a for a in legal_actions(state, 0) if isinstance(a, Play)]
    assert options[0] == str(min(legal, key=play_cost)) == "J-J"
    assert {parse_play(o) for o in options} <= set(legal)
    assert any("RJ" in o for o in options)  # an unbeatable set is offered too


def test_a_hint_selects_its_set_in_the_composer_and_confirm_would_play_it() -> None:
    state = table({0: "Q Q Q 2 BJ 5"}, leader=0)
    session = _session(state)
    select_play(session, 0, parse_play("Q Q 2"))
    lines = CONTROLS.panel_lines(session, 0, LANG)
    assert t(LANG, "gouji.ui.preview.legal", play="Q-Q-2") in " ".join(lines)
    assert draft(session, 0).play() == parse_play("Q Q 2")


def test_the_options_notes_are_the_previews_notes() -> None:
    """``offer_notes`` tries one world per kind of set; it says what ``play_notes`` says of each set."""
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        state = new_game(6, seed, {"session_hands": 1})
        for _ in range(600):
            if state.finished:
                break
            waiting = sorted(to_act(state))
            claims = [s for s in range(6) if any(isinstance(a, ShaoPai) for a in legal_actions(state, s))]
            for seat in {*waiting[:1], *claims}:
                actions = [a for a in legal_actions(state, seat) if isinstance(a, Play | ShaoPai)]
                sample = rng.sample(actions, min(8, len(actions)))
                seen = view(state, seat)
                assert offer_notes(seen, sample) == [play_notes(seen, a) for a in sample]
                checked += len(sample)
            seat = waiting[0]
            apply(state, seat, easy_action(view(state, seat), legal_actions(state, seat)))
    assert checked > 200


def test_a_lead_never_offers_more_than_discord_allows() -> None:
    state = table({0: "3 4 5 6 7 8 9 10 J Q K A 3 4 5 6 2 2 2 BJ BJ RJ"}, leader=0)
    hand = hand_from_view(view(state, 0))
    sets = [a for a in legal_actions(state, 0) if isinstance(a, Play)]
    offered = ready_plays(hand, sets, leading=True)
    assert len(offered) == 25 and len(sets) > 25
    assert [str(p) for p in offered[:12]] == ["3-3", "4-4", "5-5", "6-6", "7", "8", "9", "10", "J", "Q", "K", "A"]
