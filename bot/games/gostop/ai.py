"""Computer players for Go-Stop. They decide from one seat's ``View`` and the legal list only.

- ``random``: any legal move.
- ``easy``: greedy: take the most valuable cards now, bomb, throw a grenade and shake when possible,
  declare a chongtong a bonus card's draw completes, dump cards nobody wants, Stop unless a Go looks
  safe (safer still when a lost Go pays double, R10A.M2).
- ``hard``: determinized Monte Carlo: deal the unseen cards (opponents' hands, stock order) at
  random consistently with the view (unseen = deck − own hand − layout − captures − shown cards),
  try each of the greedy ranking's best moves on the same samples, play a few turns on with a fast
  greedy policy and judge the position; Go is weighed against the exact Stop payment by playing the
  sampled rounds to the end. Outcomes count by the chance they give to win the **match** (chips
  against the best opponent, with the rounds still to come), not by raw chips: a big Go that risks
  the round is worth less when a lead is enough. Shake/bomb choices are searched like any move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from bot.games.core import Choice

from .actions import ACCEPT, GO, JOIN, REJECT, SIT, STOP, Action
from .cards import (
    ANIMAL,
    BIRDS,
    BRIGHT,
    CHEONG_DAN,
    CHO_DAN,
    CUP,
    HONG_DAN,
    ID_OF,
    JOKER,
    MONTH,
    PI,
    RIBBON,
    TYPE,
)
from .engine import NO_STACK, PLAYING, State, apply_unchecked, legal_actions
from .reasons import Searched, explain
from .scoring import score
from .views import View

DEFAULT_BUDGET_S = 0.25
MAX_CANDIDATES = 8
ROLLOUT_TURNS = 4
PRIOR_N = 1
PRIOR_SCALE = 0.1
#: Spread (standard deviation) of one two-player round's chip margin between greedy players, measured
#: over 300 rounds; it turns a chip margin with rounds still to play into a chance to win the match.
ROUND_SPREAD = 36.0
_clock = time.perf_counter  # the budget is wall time (benchmarks of strength may use CPU time)

#: A static worth of each card when captured (brights and set pieces first, then double junk).
VALUE: list[float] = []
for _c in range(50):
    _t = TYPE[_c]
    if _t == BRIGHT:
        _v = 6.0 if _c != ID_OF["m12-bright"] else 4.0
    elif _t == ANIMAL:
        _v = 4.0 if _c in BIRDS else (3.0 if _c == CUP else 2.2)
    elif _t == RIBBON:
        _v = 3.0 if _c in HONG_DAN | CHEONG_DAN | CHO_DAN else 1.5
    elif _t == JOKER:
        _v = PI[_c] * 1.2
    else:
        _v = 1.0 * PI[_c] + (0.4 if PI[_c] == 2 else 0.0)
    VALUE.append(_v)

#: Which bonus group a card belongs to: the four sets (godori and the three ribbon sets), then the brights.
_GROUP_OF = [-1] * 50
for _k, _group in enumerate((BIRDS, HONG_DAN, CHEONG_DAN, CHO_DAN)):
    for _c in _group:
        _GROUP_OF[_c] = _k
for _c in range(48):
    if TYPE[_c] == BRIGHT:
        _GROUP_OF[_c] = 4
_GROUP_CARDS = tuple(c for c in range(50) if _GROUP_OF[c] >= 0)


def _context(view: View, me: int) -> tuple[list[float], list[int]]:
    """What the greedy player needs of the capture areas, counted once per decision.

    Per card, the extra worth of taking it: 1.5 per card of its set (or bright) already owned, 2 more
    when it blocks an opponent who holds two of a set (or two brights). Per month, the cards captured.
    """
    taken = [0] * 13
    have = [0] * 5
    threat = [False] * 5
    theirs = [p.captures for p in view.players if p.seat != me and p.seat in view.active]
    for owner, cards in enumerate((view.players[me].captures, *theirs)):
        count = [0] * 5
        for c in _cards(cards):
            taken[MONTH[c]] += 1
            k = _GROUP_OF[c]
            if k >= 0:
                count[k] += 1
        if owner == 0:
            have = count
            continue
        for k in range(4):
            threat[k] = threat[k] or count[k] == 2
        threat[4] = threat[4] or count[4] >= 2
    bonus = [0.0] * 50
    for c in _GROUP_CARDS:
        k = _GROUP_OF[c]
        bonus[c] = 1.5 * have[k] + (2.0 if threat[k] else 0.0)
    return bonus, taken


def choose_action(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                  budget_s: float | None = None, search: int | None = None) -> Action:
    """Pick one of ``legal`` for the seat whose ``view`` this is; ``search``: a fixed number of imagined deals
    for hard instead of the time ``budget_s``."""
    return _choose(view, legal, level, rng, budget_s, search)[0]


def choose_with_reason(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                       budget_s: float | None = None, search: int | None = None) -> Choice:
    """``choose_action``'s move and the reasons it weighed (``reasons.explain``)."""
    action, searched = _choose(view, legal, level, rng, budget_s, search)
    return Choice(action, explain(view, action, searched))


def _choose(view: View, legal: Sequence[Action], level: str, rng: random.Random, budget_s: float | None,
            search: int | None) -> tuple[Action, Searched | None]:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0], None
    if level == "random":
        return rng.choice(list(legal)), None
    if level == "hard" and view.phase in ("turn", "go_stop"):
        return _hard(view, legal, rng, DEFAULT_BUDGET_S if budget_s is None else budget_s, search)
    return _easy(view, legal, rng), None


# ---------------------------------------------------------------------------------------------------
# easy
# ---------------------------------------------------------------------------------------------------


def _cards(ids: Sequence[str]) -> list[int]:
    return [ID_OF[x] for x in ids]


def _easy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    me = view.seat if view.seat is not None else 0
    if view.phase == "choose":
        hand = _cards(view.hand)
        strong = sum(VALUE[c] for c in hand)
        return JOIN if strong >= 16 else SIT
    if view.phase == "go_stop":
        return GO if _go_is_safe(view, me) else STOP
    if view.phase == "syodang":  # accept a nagari unless close to winning
        return ACCEPT if view.players[me].score < max(1, view.target - 1) else REJECT
    if view.phase == "give":  # hand over the cheapest junk, like the automatic choice (R5.8)
        return min(legal, key=lambda a: (PI[a.card] + (PI[a.target] if a.target >= 0 else 0),
                                         -(PI[a.card] == 1) - (a.target >= 0 and PI[a.target] == 1),
                                         a.card >= 48, a.card, a.target))
    bonus, taken = _context(view, me)
    if view.phase in ("take_hand", "take_flip"):
        return max(legal, key=lambda a: VALUE[a.card] + bonus[a.card])
    hand = _cards(view.hand)
    layout = [_cards(g) for g in view.layout]
    best: Action = legal[0]
    best_score = -1e9
    for action in legal:
        s = _easy_score(action, hand, layout, bonus, taken)
        s += rng.random() * 0.01
        if s > best_score:
            best, best_score = action, s
    return best


def _easy_score(action: Action, hand: list[int], layout: Sequence[list[int]], bonus: list[float],
                taken: list[int]) -> float:
    kind = action.kind
    if kind == "offer":
        return -20.0
    if kind == "bomb":
        m = action.month
        return sum(VALUE[c] for c in hand if MONTH[c] == m) + 8.0
    if kind == "grenade":  # R10A.M11: four cards and a junk now, and a turn with nothing to give away later
        m = action.month
        return sum(VALUE[c] for c in (*hand, *layout[m - 1]) if MONTH[c] == m) + 5.0
    if kind == "chongtong":  # R10A.M12: a sure win now beats playing on with the four
        return 100.0
    if kind == "shake":
        return 7.5
    if kind == "flip":
        return 0.5
    card = action.card
    m = MONTH[card]
    if m == 0:  # a joker: free junk and a replacement draw
        return 6.0
    group = layout[m - 1]
    worth = VALUE[card] + bonus[card]
    if not group:
        # no capture: give away the card least likely to be taken, keep matches for later
        in_hand = sum(1 for c in hand if MONTH[c] == m)
        unknown = max(0, 4 - in_hand - taken[m])
        return -worth * (0.15 + 0.25 * unknown) - (1.5 if in_hand >= 3 else 0.0)
    if len(group) == 3:
        return worth + sum(VALUE[c] for c in group) + 4.0
    target = action.target if action.target >= 0 else group[0]
    gain = worth + VALUE[target] + bonus[target]
    if len(group) == 2:
        gain -= 0.3  # the other card stays for someone else
    if sum(1 for c in hand if MONTH[c] == m) >= 2 and len(group) == 1:
        gain -= 1.0  # holding two of the month: the pair is safe, play it later
    return gain


def _go_is_safe(view: View, me: int) -> bool:
    """Go only with cards left, a lead, and opponents far from scoring.

    With two-player go-bak (R10A.M2) a Go that loses pays double, so it needs more cards left and an
    opponent further from the target; under ``plus_n`` (R10A.M1) the third Go still adds a point as it
    doubles, so the same margin allows it.
    """
    mine = view.players[me]
    gobak_2p = view.go_bak_risk and len(view.active) == 2
    if mine.hand_count < (4 if gobak_2p else 3):
        return False
    others = [p for p in view.players if p.seat != me and p.seat in view.active]
    if any(p.score >= max(1, view.target - (4 if gobak_2p else 3)) for p in others):
        return False
    if len(view.active) == 3 and mine.go_count >= 1:
        return False
    return mine.go_count < (3 if view.next_go[0] > 2 else 2)


# ---------------------------------------------------------------------------------------------------
# hard
# ---------------------------------------------------------------------------------------------------


def determinize(view: View, rng: random.Random) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random; the round is the last one."""
    me = view.seat if view.seat is not None else 0
    options = dict(view.options)
    options["rounds"] = 1
    st = State(seats=view.seats, seed=0, options=options)
    n = view.seats
    st.dealer = view.dealer
    st.active = list(view.active)
    st.status = [p.status for p in view.players]
    st.phase = view.phase
    st.turn = view.turn if view.turn is not None else me
    st.layout = [[] for _ in range(13)]
    for m, group in enumerate(view.layout, start=1):
        st.layout[m] = _cards(group)
    st.stack_owner = [NO_STACK] * 13
    st.stack_jokers = [[] for _ in range(13)]
    for stack in view.stacks:
        st.stack_owner[stack.month] = stack.creator_seat if stack.creator_seat is not None else -1
        st.stack_jokers[stack.month] = _cards(stack.jokers)
    st.captures = [_cards(p.captures) for p in view.players]
    st.credits = [p.pass_credits for p in view.players]
    st.gos = [p.go_count for p in view.players]
    st.last_go = [p.last_go_score for p in view.players]
    st.go_seq = [p.go_count for p in view.players]
    st.shaken = [list(p.shaken) for p in view.players]
    st.bombs = [p.bombs for p in view.players]
    st.ppuks = [p.ppuks for p in view.players]
    st.ppuk_turns = [list(p.ppuk_turns) for p in view.players]
    st.turns_taken = [p.turns_taken for p in view.players]
    st.weolyak = [False] * n
    st.chips = [p.chips for p in view.players]
    st.nagari_streak = view.nagari_streak
    st.weolyak_month = view.weolyak_month
    hand = _cards(view.hand)
    seen = set(hand)
    for g in st.layout + st.stack_jokers:
        seen.update(g)
    for cap in st.captures:
        seen.update(cap)
    shown = [_cards(p.shown) for p in view.players]
    for s in shown:
        seen.update(s)
    deck = list(range(48)) + [48, 49][: int(options.get("jokers", 2))]
    unknown = [c for c in deck if c not in seen]
    rng.shuffle(unknown)
    st.hands = [[] for _ in range(n)]
    st.hands[me] = hand
    pos = 0
    for p in view.players:
        if p.seat == me or p.status != PLAYING:
            continue
        need = p.hand_count - len(shown[p.seat])
        st.hands[p.seat] = shown[p.seat] + unknown[pos:pos + need]
        pos += need
    st.stock = unknown[pos:pos + view.stock_count]
    if st.phase == "turn" and (view.players[me].shaken or view.replay) and st.turn == me:
        from .engine import _begin_turn

        _begin_turn(st, me)
        if view.replay:  # R10A.M12: the hand card played again after a joker
            st.cur["replay"] = True
    return st


def _rollout_move(st: State, rng: random.Random) -> Action:
    """The fast greedy policy used to finish sampled rounds."""
    seat = st.turn
    legal = legal_actions(st, seat)
    if len(legal) == 1:
        return legal[0]
    phase = st.phase
    if phase == "go_stop":  # the same rule as easy's _go_is_safe
        gobak_2p = bool(st.options["gobak_2p"]) and len(st.active) == 2
        most = 3 if st.options["go_scoring"] == "plus_n" else 2
        if (len(st.hands[seat]) < (4 if gobak_2p else 3) or st.gos[seat] >= most
                or (len(st.active) == 3 and st.gos[seat] >= 1)):
            return STOP
        limit = max(1, st.target - (4 if gobak_2p else 3))
        return STOP if any(st.score(q) >= limit for q in st.active if q != seat) else GO
    if phase == "choose":
        return JOIN if rng.random() < 0.5 else SIT
    if phase == "syodang":
        return ACCEPT
    if phase == "give":
        return min(legal, key=lambda a: PI[a.card] + (PI[a.target] if a.target >= 0 else 0))
    layout = st.layout
    best = legal[0]
    best_score = -1e9
    for a in legal:
        kind = a.kind
        if kind == "play":
            c = a.card
            m = MONTH[c]
            if m == 0:
                s = 5.0
            else:
                g = layout[m]
                if not g:
                    s = -VALUE[c] * 0.6
                elif len(g) == 3:
                    s = 12.0 + VALUE[c]
                else:
                    s = VALUE[c] + VALUE[a.target if a.target >= 0 else g[0]]
        elif kind == "take":
            s = VALUE[a.card]
        elif kind in ("bomb", "grenade"):
            s = 15.0
        elif kind == "chongtong":
            s = 100.0
        elif kind == "shake":
            s = 9.0
        elif kind == "offer":
            s = -20.0
        else:
            s = 0.0
        s += rng.random() * 0.5
        if s > best_score:
            best, best_score = a, s
    return best


class _Judge:
    """Values a round's outcome by the chance it gives ``me`` to win the match, not by raw chips.

    Players are ranked by match chips, so a round is worth what it does to the final margin:
    with no round left only the sign of the margin counts; with ``k`` rounds left the margin is
    weighed against the spread of ``k`` more rounds (erf of the normal approximation).
    """

    def __init__(self, view: View, me: int) -> None:
        self.me = me
        self.start = view.players[me].chips
        self.left = max(0, view.rounds - view.round_no)
        self.scale = ROUND_SPREAD * math.sqrt(2 * self.left)

    def chips(self, chips: Sequence[int]) -> float:
        me = self.me
        margin = chips[me] - max(c for q, c in enumerate(chips) if q != me)
        if not self.left:
            return (margin > 0) - (margin < 0) + 0.001 * margin
        return math.erf(margin / self.scale)

    def position(self, st: State) -> float:
        """An unfinished round: score and captured worth against the best opponent, plus chips won."""
        rules = st.rules

        def worth(seat: int) -> float:
            caps = st.captures[seat]
            return score(caps, rules) + 0.12 * sum(VALUE[c] for c in caps)

        me = self.me
        best_other = max(worth(q) for q in st.active if q != me)
        return 0.1 * (worth(me) - best_other) + 0.03 * (st.chips[me] - self.start)


def _rollout(st: State, judge: _Judge, rng: random.Random, max_turns: int = 0) -> float:
    """Play the sampled round on greedily for a few turns, then judge the position.

    A finished round is judged by its chips; otherwise by ``_Judge.position``: short rollouts keep
    the noise of the far future out of the comparison between moves.
    """
    turns = 0
    for _ in range(400):
        if st.phase == "finished":
            return judge.chips(st.chips)
        if st.phase == "turn" and not st.cur:
            turns += 1
            if max_turns and turns > max_turns:
                break
        apply_unchecked(st, st.turn, _rollout_move(st, rng))
    return judge.position(st)


def _hard(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float,
          search: int | None = None) -> tuple[Action, Searched]:
    """Hard's move and what it weighed; ``search`` fixes the number of imagined deals instead of the time."""
    me = view.seat if view.seat is not None else 0
    deadline = _clock() + max(0.0, budget_s)
    candidates = list(dict.fromkeys(legal))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    if view.phase == "turn":
        # the greedy ranking is a prior worth a few samples: search has to earn a different move
        hand = _cards(view.hand)
        bonus, taken = _context(view, me)
        layout = [_cards(g) for g in view.layout]
        scored = sorted(((_easy_score(a, hand, layout, bonus, taken), a) for a in candidates),
                        key=lambda pair: -pair[0])[:MAX_CANDIDATES]
        top = scored[0][0]
        candidates = [a for _, a in scored]
        totals = [PRIOR_N * PRIOR_SCALE * max(-5.0, s - top) for s, _ in scored]
        counts = [PRIOR_N] * len(candidates)
    judge = _Judge(view, me)
    stop_value = None
    if view.phase == "go_stop":
        after = [p.chips for p in view.players]
        for q, amount in view.stop_pays:
            after[q] -= amount
            after[me] += amount
        stop_value = judge.chips(after)
    alive = list(range(len(candidates)))
    done = 0
    for passes in range(1, 500):
        base = determinize(view, rng)
        seed = rng.random()
        values: list[float] = []
        for i in alive:
            if passes > 1 and search is None and _clock() >= deadline:
                break  # a pass cut short is dropped: every move is compared on the same samples
            action = candidates[i]
            if stop_value is not None and action == STOP:
                values.append(stop_value)
                continue
            st = base.copy()
            apply_unchecked(st, me, action)
            # Go/Stop compares with an exact Stop value: play those rounds out to the end
            values.append(_rollout(st, judge, random.Random(seed), 0 if stop_value is not None else ROLLOUT_TURNS))
        if len(values) < len(alive):
            break
        for i, value in zip(alive, values, strict=True):
            totals[i] += value
            counts[i] += 1
        done = passes
        if (passes >= search) if search is not None else _clock() >= deadline:
            break
        if passes % 6 == 0 and len(alive) > 2:  # successive halving: sample the promising moves more
            alive.sort(key=lambda i: -totals[i] / counts[i])
            alive = alive[: max(2, len(alive) // 2)]
    best = max(alive, key=lambda i: totals[i] / max(1, counts[i]))
    means = tuple(totals[i] / max(1, counts[i]) for i in range(len(candidates)))
    return candidates[best], Searched(tuple(candidates), means, done, stop_value)


__all__ = ["DEFAULT_BUDGET_S", "choose_action", "choose_with_reason", "determinize"]
