"""Issue #44: the Go button says what the engine's settlement then charges (R7.9, V-P1, A1, R10A.M1).

For every combination of the Go options and 0–5 Gos already called, a hand reaches the Go/Stop question;
the English Go button of the hand panel is read, the Go is played, the same player wins with a Stop, and
the Stop's breakdown (``go_count``, ``go_add``, ``go_mult``) must be what the button said:

- ``Go #n``: the n-th Go, ``go_count`` of the breakdown;
- ``payment ×M``: the Gos multiply the payment by M in all (``go_mult``); no ``×``: they do not multiply it;
- with a ``×``, ``+N to the payment``: the Gos add N in all (``go_add``); without one, ``+1 to the payment``:
  this Go adds one more than the Gos before it; no ``+``: the Gos add what they added before.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import discord
import pytest

from bot.games.live import LiveGame
from cogs.table.controls import controls_for
from cogs.table.session import GameSession, Seat

from .helpers import make

#: every combination of the keys ``_go_terms`` reads, and the matgo preset (R10A.M1 ``plus_n``, R10A.M2)
COMBOS: list[dict[str, Any]] = [
    {"go_scoring": scoring, "go_linear": linear, "go_add_dropped_at_3": dropped}
    for scoring, linear, dropped in itertools.product(("seed", "plus_n"), (False, True), (False, True))
] + [{"preset": "matgo"}]


def _go_stop_hand(options: dict[str, Any], called: int) -> Any:
    """Seat 0 holds godori and two brights (5 points), and has called ``called`` Gos at 5 points or less:
    its August bright takes the third bright (8 points, Go/Stop); after a Go, its June animal (the fifth
    animal, 9 points) brings the question again."""
    st = make(
        hands={0: ["m08-bright", "m06-animal", "m11-junk1"], 1: ["m09-junk1", "m12-junk-double"]},
        layout=["m08-junk1", "m06-junk1"],
        stock=["m07-junk1", "m10-junk2", "m11-junk2", "m05-junk1"],
        captures={0: ["m01-bright", "m03-bright", "m02-animal", "m04-animal", "m08-animal", "m05-animal"]},
        options=options,
    )
    st.gos[0] = called
    st.last_go[0] = 5 if called else 0
    return st


def _session(state: Any, options: dict[str, Any]) -> GameSession:
    session = GameSession(id=1, game="gostop", guild_id=1, channel_id=1, host_id=10, options=dict(options), seed=1,
                          seats=[Seat("Alice", user_id=10), Seat("Bob", user_id=11)], phase="playing")
    session.live = LiveGame("gostop", state)
    return session


def _play(session: GameSession, text: str) -> list[Any]:
    from bot.games.gostop import parse_action

    live = session.live
    assert live is not None
    seat = min(live.to_act())
    return live.apply(seat, parse_action(text))


def _go_button(session: GameSession) -> str:
    live = session.live
    assert live is not None
    seat = min(live.to_act())
    items = controls_for("gostop").panel_items(session, seat, "en", live.legal(seat), 0) or []
    labels = [str(item.item.label) for item in items if isinstance(item.item, discord.ui.Button)
              and str(item.item.label).startswith("Go #")]
    assert len(labels) == 1, labels
    return labels[0]


def _said(label: str, before_add: int) -> tuple[int, int, int]:
    """(Go number, go_add, go_mult) as the English label states them (see the module's docstring)."""
    count = re.match(r"Go #(\d+)", label)
    assert count is not None, label
    mult = re.search(r"payment ×(\d+)", label)
    add = re.search(r"\+(\d+) to the payment", label)
    go_mult = int(mult.group(1)) if mult else 1
    if add is None:
        go_add = before_add
    elif mult is None:
        assert add.group(1) == "1", label
        go_add = before_add + 1
    else:
        go_add = int(add.group(1))
    return int(count.group(1)), go_add, go_mult


@pytest.mark.parametrize("called", range(6))
@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_go_button_says_what_the_settlement_charges(options: dict[str, Any], called: int) -> None:
    st = _go_stop_hand(options, called)
    session = _session(st, options)
    _play(session, "play m08-bright")
    assert st.phase == "go_stop" and st.turn == 0 and st.gos[0] == called
    before = session.view(None).score_parts[0]["go_bonus"]  # what the Gos already called add
    label = _go_button(session)
    _play(session, "go")
    _play(session, "play m09-junk1")
    _play(session, "play m06-animal")
    assert st.phase == "go_stop" and st.turn == 0, "the fifth animal brings the question again"
    events = _play(session, "stop")
    detail = next(e.data["detail"] for e in events if e.kind == "stop")
    charged = (detail["go_count"], detail["go_add"], detail["go_mult"])
    assert _said(label, before) == charged, f"{label!r} but the settlement charges {charged}"
