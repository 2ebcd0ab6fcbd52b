"""Every option the lobby offers changes something (DESIGN.md: "an option appears in the lobby only when the
game really uses it; a test plays each offered option both ways and sees a difference").

Each option of each game is played both ways, at its default and at each other value, on the same
seeds. A rules option shows in the game itself: the events, the state or what the public view shows,
with random legal moves by every seat that may act. An option of the table around the rules (a
timer, the pictures, a confirm step) shows in what the Discord layer does with the same game: the
table's words and buttons, the turn clock, the picture, a move made for a person, the lobby's seats.
A rule for a moment random play hardly reaches (a Shao Pai claim late in a duel, a partner's exposed
hand, two void rounds in a row, a tie at the target) is looked at in that moment, set up as the rules tests set it up.
An option where nothing finds a difference fails the test: it would do nothing for the host who sets it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, cast

import pytest

from bot.games import GAME_IDS
from bot.games.core import Option
from bot.games.live import LiveGame
from bot.games.registry import engine
from cogs.table import pictures
from cogs.table.controls import controls_for, seating_for
from cogs.table.controls.goita import GoitaControls
from cogs.table.lobby_options import empty_seat_lines
from cogs.table.session import GameSession, Seat

#: seat counts each game is played at (an option only some counts use is tried at each)
SEATS = {"gouji": (6,), "zhengshangyou": (4, 5, 6), "gostop": (2, 3), "goita": (4,)}
#: options another option must be on for (Go-Stop's gwangpalli variants need gwangpalli, and 4+ players)
NEEDS: dict[tuple[str, str], tuple[dict[str, Any], int]] = {
    ("gostop", "gwangpalli_pay_at_end"): ({"gwangpalli": True}, 4),
    ("gostop", "gwangpalli_redeal_all"): ({"gwangpalli": True}, 4),
    ("gostop", "gwangpalli_rate"): ({"gwangpalli": True}, 4),
    ("gostop", "gwangpalli"): ({}, 4),
    ("gouji", "target_score"): ({"session_end": "target"}, 6),
    ("gostop", "seven_iris_rule"): ({"gwangpalli": True}, 7),
}


def alternatives(option: Option) -> list[Any]:
    """The values other than the default a host may pick (for a range: its ends and its neighbours)."""
    if option.choices is not None:
        return [v for v in option.choices if v != option.default]
    if isinstance(option.default, bool):
        return [not option.default]
    low = option.minimum if option.minimum is not None else 0
    high = option.maximum if option.maximum is not None else option.default * 2 + 10
    wanted = (low, high, (low + high) // 2, option.default + 1, option.default - 1)
    return list(dict.fromkeys(v for v in wanted if low <= v <= high and v != option.default))


def _plain(view: Any) -> Any:
    data = view.to_dict() if hasattr(view, "to_dict") else dict(vars(view))
    data.pop("options", None)  # the options themselves are no difference
    return data


def trace(game: str, seats: int, seed: int, options: dict[str, Any], moves: int) -> Iterator[Any]:
    """What a game shows, move by move: events, the public view, and the state at the end. Every seat that
    may act moves, in random order, with a random legal action (the seed decides both)."""
    mod = engine(game)
    live, events = LiveGame.start(game, seats, seed, options)
    state = live.state
    rng = random.Random(seed)
    yield [(e.kind, e.seat, repr(e.data)) for e in events]
    for _ in range(moves):
        if mod.result(state).finished:
            break
        acting = sorted(mod.to_act(state))
        if rng.random() < 0.3:  # now and then a seat that may claim does (Gou Ji's Shao Pai, R8.1)
            acting = sorted(set(acting) | claimers(game, state))
        if not acting:
            break
        seat = rng.choice(acting)
        legal = mod.legal_actions(state, seat)
        events = mod.apply(state, seat, rng.choice(legal))
        yield [(e.kind, e.seat, repr(e.data)) for e in events], _plain(mod.view(state, None))
    final = state.to_dict()
    final.pop("options", None)
    yield final


def claimers(game: str, state: Any) -> set[int]:
    """Gou Ji: seats that may claim Shao Pai in a duel (R8.1) besides the one to act."""
    if game != "gouji" or state.phase != "play" or state.duel_a < 0:
        return set()
    mod = engine(game)
    return {s for s in range(6) if any(type(a).__name__ == "ShaoPai" for a in mod.legal_actions(state, s))}


#: (seeds, moves) each game is played for, per value: long games on a few seeds, then the start of many
#: (a special hand or a revolution the deal rarely gives); Gou Ji's moves are the dearest
BUDGETS = {"gouji": ((6, 700), (120, 25)), "zhengshangyou": ((16, 1200),), "gostop": ((40, 2000),),
           "goita": ((40, 2000), (5000, 0))}


@cache
def plain_trace(game: str, seats: int, seed: int, base: tuple[tuple[str, Any], ...], moves: int) -> tuple[Any, ...]:
    """The trace with the options at their defaults (and ``base``), played once for all the options;
    ``("refused",)`` when the game cannot start so."""
    try:
        return tuple(trace(game, seats, seed, dict(base), moves))
    except ValueError:
        return ("refused",)


def differs_in_play(game: str, name: str, value: Any) -> bool:
    """The option's value changes the game's events, public view or state on one of the seeds (or lets a game
    start that could not, or the other way round)."""
    base, only = NEEDS.get((game, name), ({}, 0))
    for seeds, moves in BUDGETS[game]:
        for seats in (only,) if only else SEATS[game]:
            for seed in range(1, seeds + 1):
                plain = plain_trace(game, seats, seed, tuple(sorted(base.items())), moves)
                changed = trace(game, seats, seed, {**base, name: value}, moves)
                try:
                    first = next(changed)
                except ValueError:
                    if plain != ("refused",):
                        return True
                    break  # this seat count allows neither
                if plain == ("refused",) or plain[0] != first:
                    return True
                if any(a != b for a, b in zip(plain[1:], changed, strict=False)):
                    return True
    return False


# ---------------------------------------------------------------- the table around the rules

def session_for(game: str, options: dict[str, Any], seed: int = 1, seats: int | None = None) -> GameSession:
    """A started game as the Discord layer holds it: two people, computers elsewhere."""
    count = seats or engine(game).INFO.min_seats
    session = GameSession(id=1, game=game, guild_id=1, channel_id=1, host_id=10, options=dict(options), seed=seed,
                          seats=[Seat("Alice", user_id=10), Seat("Bob", user_id=11)]
                          + [Seat(f"CPU{i}", ai="easy") for i in range(count - 2)], phase="playing")
    session.live = LiveGame.start(game, count, seed, options)[0]
    return session


def _goita_king_attack(options: dict[str, Any]) -> Any:
    """Goita, a person answering a king attack: is the pass made for him?"""
    from bot.games.goita import Play, apply, legal_actions, to_act
    from bot.games.goita.pieces import GYOKU, OU

    for seed in range(1, 400):
        session = session_for("goita", options, seed)
        state = session.live.state
        for _ in range(40):
            seat = min(to_act(state), default=None)
            if seat is None or state.phase != "play":
                break
            legal = legal_actions(state, seat)
            king = [a for a in legal if isinstance(a, Play) and a.lead and a.attack in (OU, GYOKU)]
            apply(state, seat, king[0] if king else legal[0])
            if king:
                responder = min(to_act(state))
                return seating_for("goita").made_for_them(session, responder, legal_actions(state, responder))
    raise AssertionError("no king attack found")


def _goita_confirm(options: dict[str, Any]) -> Any:
    """Goita, a leader picks the attack in the composer: is the play committed, or shown for Confirm first?"""
    from bot.games.goita import Play, legal_actions, to_act

    session = session_for("goita", options)
    seat = min(to_act(session.live.state))
    play = next(a for a in legal_actions(session.live.state, seat) if isinstance(a, Play))
    return GoitaControls.confirms(session, f"L{play.first}{play.attack}")


def _gouji_auto_pass(options: dict[str, Any]) -> Any:
    """Gou Ji, a person who opted in and cannot beat: is the pass made for him?"""
    from bot.games.gouji import engine as gouji
    from bot.games.gouji.notation import Play as GoujiPlay

    for seed in range(1, 60):
        session = session_for("gouji", options, seed)
        state = session.live.state
        rng = random.Random(seed)
        for _ in range(400):
            acting = sorted(gouji.to_act(state))
            if not acting:
                break
            seat = acting[0]
            legal = gouji.legal_actions(state, seat)
            if state.phase == "play" and seat in (0, 1) and not any(isinstance(a, GoujiPlay) for a in legal):
                session.ui["autopass"] = {str(seat): True}
                return seating_for("gouji").made_for_them(session, seat, legal)
            gouji.apply(state, seat, rng.choice(legal))
    raise AssertionError("nobody had to pass")


class _ThinkingTable:
    """The table as a computer's wait reads it: computer players that take time to think (not instant)."""

    computer_delay = 1.0


def _gouji_duel_wait(options: dict[str, Any]) -> Any:
    """Gou Ji §13.8, a duel answered by a person's team: how long the computer teammates hold back."""
    from bot.games.gouji import engine as gouji

    for seed in range(1, 80):
        session = session_for("gouji", options, seed)
        state = session.live.state
        rng = random.Random(seed)
        for _ in range(600):
            if state.phase == "play" and state.duel_a >= 0 and state.turn % 2 == 0 and state.counts[0]:
                seats = [s for s in (2, 4) if state.counts[s]] or [2]
                wait = seating_for("gouji").computer_wait(cast(Any, _ThinkingTable()), session, seats)
                return round(wait)
            acting = sorted(gouji.to_act(state))
            if not acting:
                break
            gouji.apply(state, acting[0], rng.choice(gouji.legal_actions(state, acting[0])))
    raise AssertionError("no duel answered by a person's team")


def _gostop_after_nagari(options: dict[str, Any]) -> Any:
    """Go-Stop R7.9(e): what a win pays after two void rounds (nagari) in a row."""
    from bot.games.gostop.engine import settlement
    from tests.games.gostop.helpers import make

    state = make(2, captures={0: ["1b", "3b", "8b"], 1: []}, options=options)
    state.nagari_streak = 2  # two rounds in a row nobody won
    return settlement(state, 0)[0]


def _gostop_three_ppuks(options: dict[str, Any]) -> Any:
    """Go-Stop R5.11 / R10A.M5: what a third ppuk wins (the rules tests' three ppuks on turns 1-3)."""
    from tests.games.gostop.test_matgo import _three_ppuks

    return _three_ppuks({"ppuk_pay": "off", **options}).ledger


def _gostop_deal(options: dict[str, Any], hands: dict[int, list[str]], layout: list[str]) -> Any:
    """Go-Stop R3.5 / R10A.M7-M8: a deal with four of a month somewhere: who is paid, how the round ends."""
    from tests.games.gostop.test_matgo import _deal

    st, events, stands = _deal(hands, layout, options)
    return st.chips, stands, [e.kind for e in events], st.history


def _gostop_ja_ppuk(options: dict[str, Any]) -> Any:
    """Go-Stop R5.3 / R10A.M14: the junk a victim with one single and one double gives for a ja-ppuk."""
    from tests.games.gostop.helpers import act, make

    st = make(2, hands={0: ["1j2", "4j1"], 1: ["9j1", "10j1"]}, layout=["1b", "1r", "1j1"], stock=["6j1", "2j1"],
              captures={1: ["7j1", "11d"]}, stacks={1: 0}, options=options)
    act(st, "play 1j2")
    return sorted(st.captures[1])


def _gostop_bonus_quad(options: dict[str, Any]) -> Any:
    """Go-Stop R10A.M12: the card drawn for a bonus card completes four of a month: may it be declared?"""
    from bot.games.gostop import legal_actions
    from tests.games.gostop.helpers import act, make

    st = make(2, hands={0: ["joker-2", "8b", "8a", "8j1", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"],
              stock=["8j2", "2j1", "3j1"], options={"joker_hand_play": "redraw_replay", **options})
    act(st, "play joker-2")
    return sorted(str(a) for a in legal_actions(st, 0))


def _gostop_grenade(options: dict[str, Any]) -> Any:
    """Go-Stop R10A.M11: two June cards in hand, the other two in the layout: the moves offered."""
    from bot.games.gostop import legal_actions
    from tests.games.gostop.helpers import make

    st = make(2, hands={0: ["6a", "6r", "1j1"], 1: ["12r"]}, layout=["6j1", "6j2"], stock=["2j1", "3j1"],
              options=options)
    return sorted(str(a) for a in legal_actions(st, 0))


def _gostop_zero_junk_loser(options: dict[str, Any]) -> Any:
    """Go-Stop R10A.M3: a winner with 10 junk against a loser with none: what the loser pays."""
    from bot.games.gostop.engine import settlement
    from tests.games.gostop.helpers import make

    winner = ["1j1", "1j2", "2j1", "2j2", "3j1", "3j2", "4j1", "4j2", "5j1", "5j2"]
    return settlement(make(2, captures={0: winner, 1: ["11b"]}, options=options), 0)[0]


def _gostop_first_ttadak(options: dict[str, Any]) -> Any:
    """Go-Stop R10A.M6: a ttadak on the first turn (the rules tests' table): the ledger."""
    from tests.games.gostop.helpers import act, make

    st = make(2, hands={0: ["1j1", "9j1", "10j1"], 1: ["12r", "4a"]}, layout=["1b", "1r", "5a"], stock=["1j2", "2j1"],
              captures={1: ["7j1", "7j2"]}, options=options)
    act(st, "play 1j1 1b")
    return st.ledger


def _gouji_duel(options: dict[str, Any], third: str = "2 2 4") -> Any:
    """Gou Ji R8.1/R8.3, a duel's second set (the rules tests' table): may seat D claim Shao Pai with 2-2?"""
    from bot.games.gouji import ShaoPai, legal_actions, parse_play
    from tests.games.gouji.helpers import act, table

    state = table({0: "6 6 2 2 8 8 8", 1: "K K A A 3", 3: third, 4: "Q Q A A 5"}, **options)
    act(state, 0, "6-6")
    act(state, 1, "K-K")
    act(state, 4, "A-A")
    return ShaoPai(parse_play("2-2")) in legal_actions(state, 3)


def _gouji_exposed(options: dict[str, Any]) -> Any:
    """Gou Ji R9.4.2: after A exposes his hand, what may his teammate C do?"""
    from bot.games.gouji import format_action, legal_actions
    from tests.games.gouji.helpers import act, table

    state = table({0: "5 5 9"}, **options)
    act(state, 0, "expose")
    return sorted(format_action(a) for a in legal_actions(state, 2))


def _zsy_tie(options: dict[str, Any]) -> Any:
    """Zheng Shangyou R9.2, two players reach the target with equal totals (the rules tests' hand): who won?"""
    from bot.games.zhengshangyou import new_game
    from tests.games.zhengshangyou.test_rules import finish_hand

    state = new_game(5, 4, options)
    state.scores = [9, 10, 0, 0, 0]
    finish_hand(state, [0, 1, 2, 3, 4])  # 11 : 11
    return state.winners, state.hand_no


TABLE_PROBES: dict[tuple[str, str], Callable[[dict[str, Any]], Any]] = {
    ("goita", "scoring_chips"): lambda o: pictures.table_picture(session_for("goita", o, 2), "en"),
    ("goita", "rotate_pieces"): lambda o: pictures.table_picture(_played("goita", o), "en"),
    ("goita", "table_talk_reminder"): lambda o: controls_for("goita").table_lines(session_for("goita", o), "en"),
    ("goita", "turn_timeout"): lambda o: seating_for("goita").window_seconds(session_for("goita", o), 0),
    ("goita", "auto_pass_vs_king"): _goita_king_attack,
    ("goita", "confirm_moves"): _goita_confirm,
    ("gouji", "auto_pass_opt_in"): _gouji_auto_pass,
    ("gouji", "cpu_fill"): lambda o: empty_seat_lines(_lobby("gouji", o), "en"),
    ("gouji", "afk_takeover"): lambda o: session_for("gouji", o).live.away_grace(),
    ("gouji", "cpu_shao_wait_s"): _gouji_duel_wait,
    ("gostop", "nagari_cumulative"): _gostop_after_nagari,
    ("gostop", "samppuk_pay"): _gostop_three_ppuks,
    ("gostop", "chongtong_both"): lambda o: _gostop_deal(o, {0: ["1b", "1r", "1j1", "1j2"], 1: ["8b", "8a", "8j1", "8j2"]},
                                                         ["9j1", "10j1"]),
    ("gostop", "layout_four"): lambda o: _gostop_deal(o, {0: ["1j1", "4j1"], 1: ["5j1", "6j1"]},
                                                      ["8b", "8a", "8j1", "8j2"]),
    ("gostop", "jappuk_steal"): _gostop_ja_ppuk,
    ("gostop", "grenade"): _gostop_grenade,
    ("gostop", "pibak_zero_exempt"): _gostop_zero_junk_loser,
    ("gostop", "first_ttadak_pay"): _gostop_first_ttadak,
    ("gostop", "bonus_chongtong"): _gostop_bonus_quad,
    ("gouji", "shao_pai_window"): _gouji_duel,
    ("zhengshangyou", "tie_rule"): _zsy_tie,
    ("gouji", "shao_pai_allow_single_set"): lambda o: _gouji_duel(o, third="2 2"),
    ("gouji", "tiao_pai_partners_play"): _gouji_exposed,
}


def _played(game: str, options: dict[str, Any], moves: int = 12) -> GameSession:
    """A session some moves in, every seat playing a piece when it can (pieces on every side of the table)."""
    mod = engine(game)
    session = session_for(game, options, 2)
    for _ in range(moves):
        acting = mod.to_act(session.live.state)
        if not acting:
            break
        seat = min(acting)
        legal = mod.legal_actions(session.live.state, seat)
        plays = [a for a in legal if type(a).__name__ == "Play"]
        mod.apply(session.live.state, seat, (plays or legal)[0])
    return session


def _lobby(game: str, options: dict[str, Any]) -> GameSession:
    return GameSession(id=1, game=game, guild_id=1, channel_id=1, host_id=10, options=dict(options),
                       seats=[Seat("Alice", user_id=10)])


def offered() -> list[tuple[str, str]]:
    """Every option of every game, as the lobby offers them."""
    return [(game, name) for game in GAME_IDS for name in engine(game).INFO.options]


#: options whose difference takes several seconds of play to find: with ``pytest -m slow``
SLOW_OPTIONS = {("gouji", "target_score"), ("gostop", "shake_nov_dec_x4"), ("zhengshangyou", "mode"),
                ("gouji", "revolution_decision"), ("gostop", "syodang")}


@pytest.mark.parametrize(("game", "name"), [
    pytest.param(game, name, marks=pytest.mark.slow) if (game, name) in SLOW_OPTIONS else (game, name)
    for game, name in offered()], ids=[f"{g}-{n}" for g, n in offered()])
def test_every_offered_option_makes_a_difference(game: str, name: str) -> None:
    option = engine(game).INFO.options[name]
    values = alternatives(option)
    assert values, f"{game} {name}: only one value, nothing for a host to choose"
    probe = TABLE_PROBES.get((game, name))
    shown = []
    for value in values:
        if probe is not None:
            if probe({name: value}) != probe({name: option.default}):
                shown.append(value)
        elif differs_in_play(game, name, value):
            shown.append(value)
    assert shown, f"{game} option {name}: no value other than {option.default!r} changes anything"
