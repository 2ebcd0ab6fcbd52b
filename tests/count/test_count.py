"""The counter of what is still out (issue #45), per game: it reads the asking seat's view only, and it is right.

* No hidden information: for random positions, two states that give the asking seat the same view (the cards
  or pieces it may not see dealt again: ``helpers.RESHUFFLE``) give the same count.
* Right: replaying random games, what the count says was played matches the engine's public log (every play
  event since the hand began), and what it says is unseen is exactly what lies out of the seat's sight in the
  full state (other hands, the stock, face-down leads).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.games.core import Tally
from bot.games.goita import IDS as GOITA_IDS
from bot.games.gostop import IDS as GOSTOP_IDS
from bot.games.gostop import MONTH
from bot.games.registry import engine
from tests.count.helpers import RESHUFFLE, SEATS, play

GAMES = tuple(SEATS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_the_count_is_the_same_for_every_state_that_gives_the_seat_the_same_view(game: str, seed: int) -> None:
    module = engine(game)
    rng = random.Random(seed * 7 + 1)
    checked = 0
    for step, (state, _) in enumerate(play(game, seed)):
        if step % 7:
            continue
        seat = rng.randrange(SEATS[game])
        seen = module.view(state, seat)
        counted = module.count(seen)
        for _ in range(2):
            other = RESHUFFLE[game](state, seat, rng)
            assert module.view(other, seat) == seen, "the reshuffle changed what the seat sees"
            assert module.count(module.view(other, seat)) == counted
        checked += 1
    assert checked >= 5


def _by_kind(counted: tuple[Tally, ...]) -> dict[str, Tally]:
    return {row.kind: row for row in counted}


def _consistent(counted: tuple[Tally, ...], total: int) -> None:
    assert sum(row.total for row in counted) == total
    assert all(0 <= row.unseen <= row.total for row in counted)


# ---------------------------------------------------------------- the climbing games: plays in the public log

def _gouji_ranks(text: str) -> Counter[str]:
    from bot.games.gouji import RANK_TEXT, parse_play
    play = parse_play(text)
    out: Counter[str] = Counter()
    if play.rank:
        out[RANK_TEXT[play.rank]] += play.naturals
    out["2"] += play.twos
    out["BJ"] += play.bj
    out["RJ"] += play.rj
    return out


def _zhengshangyou_ranks(text: str) -> Counter[str]:
    from bot.games.core import rank_name
    from bot.games.zhengshangyou import parse_cards
    return Counter(rank_name(card.rank) for card in parse_cards(text))


def _climbing_replay(game: str, seed: int, read: Any, starts: set[str]) -> int:
    module = engine(game)
    rng = random.Random(seed)
    played: Counter[str] = Counter()
    checked = 0
    for state, events in play(game, seed):
        for event in events:
            if not event.public:
                continue
            if event.kind in starts:
                played.clear()
            elif event.kind == "play":
                played += read(event.data.get("play") or event.data.get("cards"))
        seat = rng.randrange(SEATS[game])
        view = module.view(state, seat)
        if view.finished:
            break
        counted = module.count(view)
        for row in counted:
            assert row.played == played[row.kind], (row, dict(played))
        out_of_sight = _climbing_hidden(game, state, view, seat)
        assert {row.kind: row.unseen for row in counted} == {row.kind: out_of_sight[row.kind] for row in counted}
        checked += 1
    return checked


def _climbing_hidden(game: str, state: Any, view: Any, seat: int) -> Counter[str]:
    """Cards, by rank, in the hands the seat may not see: read from the full state (the test may)."""
    out: Counter[str] = Counter()
    if game == "gouji":
        from bot.games.gouji import RANK_TEXT
        seen = {s for s, _ in view.partner_hands} | {s.seat for s in view.seats if s.exposed is not None}
        for s in range(6):
            if s != seat and s not in seen:
                for rank in range(3, 18):
                    out[RANK_TEXT[rank]] += state.hands[s][rank]
        for rank in range(3, 18):  # cards out of the game (a failed Shao Pai's hand, R9.6.5) are out of sight
            out[RANK_TEXT[rank]] += state.removed[rank]
        return out
    from bot.games.core import rank_name
    for s in range(state.seats):
        if s != seat:
            hand = Counter(card.rank for card in state.hands[s]) - Counter(card.rank for card in state.known[s])
            for rank, n in hand.items():
                out[rank_name(rank)] += n
    return out


def test_gouji_count_matches_the_public_log() -> None:
    assert sum(_climbing_replay("gouji", seed, _gouji_ranks, {"hand_start", "revolution"}) for seed in range(3)) > 100


def test_zhengshangyou_count_matches_the_public_log() -> None:
    checked = sum(_climbing_replay("zhengshangyou", seed, _zhengshangyou_ranks, {"hand_start"}) for seed in range(3))
    assert checked > 100


def test_climbing_counts_list_jokers_and_twos_first() -> None:
    for game in ("gouji", "zhengshangyou"):
        state, _ = next(play(game, 0))
        counted = engine(game).count(engine(game).view(state, 0))
        assert [row.kind for row in counted][:3] == ["RJ", "BJ", "2"]
        _consistent(counted, 216 if game == "gouji" else 54)


# ---------------------------------------------------------------- Goita: the leads and blocks of the public log

def test_goita_count_matches_the_public_log_and_what_is_out_of_sight() -> None:
    module = engine("goita")
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        public: Counter[str] = Counter()
        for state, events in play("goita", seed):
            for event in events:
                if event.kind in ("hand_start", "redeal"):
                    public.clear()
                elif event.kind == "lead":
                    public[event.data["attack"]] += 1
                elif event.kind == "block":
                    public[event.data["block"]] += 1
                    public[event.data["attack"]] += 1
            seat = rng.randrange(4)
            view = module.view(state, seat)
            if view.finished or view.phase != "play":
                continue
            faced_down = Counter(c.first for c in view.table[seat] if c.face_down and c.first is not None)
            counted = _by_kind(module.count(view))
            for piece, row in counted.items():
                assert row.played == public[piece] + faced_down[piece], (piece, row, dict(public))
            hidden: Counter[str] = Counter()
            for s in range(4):
                if s != seat:
                    for code, n in enumerate(state.hands[s]):
                        hidden[GOITA_IDS[code]] += n
                    for first, down, _ in state.table[s]:
                        if down:
                            hidden[GOITA_IDS[first]] += 1
            assert {p: row.unseen for p, row in counted.items()} == {p: hidden[p] for p in counted}
            _consistent(tuple(counted.values()), 32)
            checked += 1
    assert checked > 50


# ---------------------------------------------------------------- Go-Stop: every card's place, and the sets

def test_gostop_count_places_every_card_where_the_state_has_it() -> None:
    module = engine("gostop")
    ids, month_of = GOSTOP_IDS, MONTH
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        for state, _ in play("gostop", seed):
            seat = rng.randrange(3)
            view = module.view(state, seat)
            if view.finished or view.phase == "choose":
                continue
            counted = module.count(view)
            _consistent(counted, 48 + view.jokers)
            where = {card: place for row in counted for place, cards in row.places for card in cards}
            for s in range(3):
                for card in state.captures[s]:
                    assert where[ids[card]] == f"captured:{s}"
            for m in range(1, 13):
                for card in state.layout[m]:
                    assert where[ids[card]] == "table"
            for card in state.hands[seat]:
                assert where[ids[card]] == "hand"
            unseen = {c for c, place in where.items() if place == "unseen"}
            out_of_sight = {ids[c] for c in state.stock}
            for s in range(3):
                if s != seat:
                    out_of_sight |= {ids[c] for c in state.hands[s] if c >= 48 or month_of[c] not in state.shaken[s]}
            pending = {c for c in (state.cur.get("h"), state.cur.get("f")) if isinstance(c, int)}
            assert unseen == out_of_sight - {ids[c] for c in pending}
            checked += 1
    assert checked > 50


def test_gostop_a_month_gives_a_set_only_while_no_other_player_holds_a_card_of_it() -> None:
    module = engine("gostop")
    for state, _ in play("gostop", 4):
        view = module.view(state, 0)
        for row in module.count(view):
            if "godori" in row.sets:
                birds = {"m02-animal", "m04-animal", "m08-animal"}
                others = {c for p in view.players if p.seat != 0 for c in p.captures}
                assert not birds & others
                assert any(card in birds for place, cards in row.places if place in ("table", "hand", "unseen")
                           for card in cards)
