"""Tables set up by hand for the Gou Ji rule tests."""

from __future__ import annotations

from typing import Any

from bot.games.core import Event
from bot.games.gouji import State, apply, legal_actions, new_game, parse_action, to_act
from bot.games.gouji.notation import parse_ranks

FILLER = "3 4 5 6 7 8 9 9"


def counts(text: str) -> list[int]:
    out = [0] * 18
    for rank in parse_ranks(text):
        out[rank] += 1
    return out


def table(hands: dict[int, str], leader: int = 0, seed: int = 1, **options: Any) -> State:
    """A play-phase state: the given hands (others hold ``FILLER``), ``leader`` to lead an empty table."""
    opts = {"session_hands": 1, **options}
    state = new_game(6, seed, opts)
    state.phase = "play"
    state.choice = [""] * 6
    state.ready = [True] * 6
    for seat in range(6):
        state.hands[seat] = counts(hands.get(seat, FILLER))
        state.counts[seat] = sum(state.hands[seat])
    state.turn = leader
    state.first_leader = leader
    return state


def act(state: State, seat: int, text: str) -> list[Event]:
    return apply(state, seat, parse_action(text))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def finish_prehand(state: State) -> None:
    """Everyone ready, every agreement its first choice (pay/no swap), returns the first offered."""
    while state.phase not in ("play", "finished"):
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        pick = next((a for a in legal if a.kind in ("ready", "pay", "no_swap", "keep_threes", "agree")), legal[0])
        apply(state, seat, pick)
