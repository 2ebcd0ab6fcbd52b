"""Shared helpers for the Goita tests: crafted deals and an independent rules reference."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.core import Event
from bot.games.goita import State, new_game
from bot.games.goita import engine as eng
from bot.games.goita.notation import parse_piece
from bot.games.goita.pieces import IDS, SET

VALUES = {"ou": 50, "gyoku": 50, "hisha": 40, "kaku": 40, "kin": 30, "gin": 30, "bakko": 20, "gon": 20, "shi": 10}
KINGS = {"ou", "gyoku"}


def kind(name: str) -> str:
    """The rules file's type id: 王 and 玉 are both ``king``."""
    return "king" if name in KINGS else name


def counts(text: str) -> list[int]:
    out = [0] * 9
    for word in text.split():
        out[parse_piece(word)] += 1
    return out


def crafted(hands: list[str], dealer: int = 0, **options: Any) -> State:
    """A match whose current round starts with exactly these hands (dealer leads).

    Hands may hold fewer than 8 pieces to set up endgames; the rest of the set is not placed.
    """
    state = new_game(4, 1, options)
    state.phase = eng.PLAY
    state.dealer = state.turn = state.attacker = dealer
    state.attack = -1
    state.passes = state.faceup_kings = 0
    state.hands = [counts(h) for h in hands]
    state.sizes = [sum(h) for h in state.hands]
    state.table = [[], [], [], []]
    state.history = []
    state.goshi = [False] * 4
    state.deciders = []
    state.decisions = [-1] * 4
    return state


def pawn_check(hands: list[str], dealer: int = 0, **options: Any) -> tuple[State, list[Event]]:
    """Run the R5 check on a crafted full deal."""
    state = crafted(hands, dealer, **options)
    assert sorted(p for h in state.hands for p in range(9) for _ in range(h[p])) == sorted(SET)
    events: list[Event] = []
    eng._pawn_check(state, events)
    return state, events


def piece_census(state: State) -> Counter[int]:
    """Every piece in the hands and on the table."""
    census: Counter[int] = Counter()
    for h in state.hands:
        for p in range(9):
            census[p] += h[p]
    for cols in state.table:
        for f, _down, a in cols:
            census[f] += 1
            census[a] += 1
    return census


def reference_can_block(block: str, attack: str) -> bool:
    """R6.7/R6.8 written from the rules text."""
    if kind(attack) == "king":
        return False
    if kind(block) == kind(attack):
        return True
    return kind(block) == "king" and attack in {"hisha", "kaku", "kin", "gin", "bakko"}


def reference_legal(state: State, seat: int) -> set[str]:
    """R6.3–R6.11 written independently of the engine, as action strings."""
    if state.phase != eng.PLAY or seat != state.turn:
        return set()
    hand = Counter({IDS[p]: state.hands[seat][p] for p in range(9) if state.hands[seat][p]})
    faceup_kings = sum(1 for cols in state.table for f, down, a in cols
                       for name, up in ((IDS[f], not down), (IDS[a], True)) if up and name in KINGS)
    both = hand["ou"] > 0 and hand["gyoku"] > 0
    final = state.options["king_final_attack"] and sum(hand.values()) == 2
    leading = seat == state.attacker
    out: set[str] = set() if leading else {"pass"}
    for first in hand:
        if not leading and not reference_can_block(first, IDS[state.attack]):
            continue
        rest = hand.copy()
        rest[first] -= 1
        for attack in (p for p, n in rest.items() if n > 0):
            if kind(attack) == "king" and not (
                faceup_kings > 0 or both or final or (not leading and kind(first) == "king")
            ):
                continue
            out.add(f"{'lead' if leading else 'block'} {first} {attack}")
    return out


def fill_hands(**by_seat: str) -> list[str]:
    """Fill the other seats from what is left of the set."""
    used = Counter(w for h in by_seat.values() for w in h.split())
    left = [IDS[p] for p in SET]
    for name, n in used.items():
        for _ in range(n):
            left.remove(name)
    hands: list[list[str]] = [by_seat[f"s{seat}"].split() if f"s{seat}" in by_seat else [] for seat in range(4)]
    open_seats = [seat for seat in range(4) if f"s{seat}" not in by_seat]
    i = 0
    for piece in left:                                  # round-robin, so the pawns spread out
        while len(hands[open_seats[i % len(open_seats)]]) >= 8:
            i += 1
        hands[open_seats[i % len(open_seats)]].append(piece)
        i += 1
    return [" ".join(h) for h in hands]
