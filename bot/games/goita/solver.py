"""An exact perfect-information solver for the end of a Goita round (alpha-beta with a transposition table).

It sees every hand, so it answers "what is this position worth if everyone plays perfectly": the hard
computer player solves each world it samples (``ai``), and the benchmark's perfect player solves the
true position. The two kings are one type here (R1.2): holding both kings is holding two (R6.9(b)),
so a position has 8 piece types (``K`` below); ``to_types`` folds the engine's 9 piece codes.

Values are from the point of view of the team to move: the points the round ends with (R7.2, R7.3)
for the team that goes out, negated for the other team, plus ``bonus`` when those points reach the
team's ``need`` (the match is won). Turns always pass to the next seat, so the team to move
alternates every ply and the search is a plain negamax.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .pieces import NUM_PIECES

#: the 8 piece types: king, rook, bishop, gold, silver, knight, lance, pawn.
KING, HISHA, KAKU, KIN, GIN, BAKKO, GON, SHI = range(8)
NUM_TYPES = 8
TYPE_VALUE = (50, 40, 40, 30, 30, 20, 20, 10)
#: attack type -> the types that may block it (R6.7); nothing blocks a king (R6.8).
TYPE_BLOCKERS: tuple[tuple[int, ...], ...] = (
    (), (HISHA, KING), (KAKU, KING), (KIN, KING), (GIN, KING), (BAKKO, KING), (GON,), (SHI,),
)
NO_ATTACK = 8
#: (first, attack) -> the part of a move's ordering rank that depends on the pieces alone (``Solver._ordered``).
_ORDER_BASE = tuple(tuple(TYPE_VALUE[f] - TYPE_VALUE[a] // 2 for a in range(8)) for f in range(8))
#: keeps every rank of ``Solver._ordered`` positive, so rank and move index pack into one int.
_RANK_OFFSET = 64
#: a lead, block (first, attack), or ``PASS_MOVE``.
Move = tuple[int, int]
PASS_MOVE: Move = (-1, -1)
INF = 1 << 20
_EXACT, _LOWER, _UPPER = 0, 1, 2


def to_types(hand: Sequence[int]) -> list[int]:
    """A 9-code hand (王 and 玉 apart) as 8 type counts."""
    assert len(hand) == NUM_PIECES
    return [hand[0] + hand[1], *hand[2:]]


class SearchLimit(Exception):
    """The node limit was reached: the caller falls back to something cheaper."""


@dataclass
class Position:
    """Who holds what (type counts per seat), whose turn it is, and the attack to answer.

    ``attacker == turn`` means the seat to move leads (R6.3); ``attack`` is then ignored.
    ``kings_up``: a king lies face up (R6.9(a)); ``final``: option X1 (a king may go out)."""

    hands: list[list[int]]
    turn: int
    attacker: int
    attack: int
    kings_up: bool
    final: bool = False


class Solver:
    """Negamax alpha-beta over one round; the table is kept between calls with the same scoring."""

    def __init__(self, need: tuple[int, int] = (INF, INF), bonus: int = 0, node_limit: int = 1 << 62) -> None:
        self.need = need
        self.bonus = bonus
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[int, tuple[int, int, int]] = {}
        # gain[team][points]: what going out with these points is worth to that team
        self._gain = [[p + (bonus if p >= need[t] else 0) for p in range(101)] for t in (0, 1)]

    # ------------------------------------------------------------ public

    def value(self, pos: Position) -> int:
        """The exact value of ``pos`` for the team to move."""
        self._load(pos)
        return self._search(pos.turn, pos.attacker, pos.attack if pos.attacker != pos.turn else NO_ATTACK,
                            pos.kings_up, -INF, INF)

    def move_values(self, pos: Position, moves: Sequence[Move] | None = None) -> list[tuple[Move, int]]:
        """Each legal move (or each of ``moves``) with its exact value for the team to move."""
        self._load(pos)
        turn, attacker = pos.turn, pos.attacker
        attack = pos.attack if attacker != turn else NO_ATTACK
        out = []
        for move in (self._moves(turn, attacker, attack, pos.kings_up) if moves is None else moves):
            out.append((move, self._child(turn, attacker, attack, pos.kings_up, move, -INF, INF)))
        return out

    def is_best(self, pos: Position, move: Move) -> bool:
        """Is ``move`` one a perfect player would make at ``pos``? Its exact value, then one null-window
        search that only asks whether any move does better: cheaper than the position's exact value."""
        self._load(pos)
        turn, attacker = pos.turn, pos.attacker
        attack = pos.attack if attacker != turn else NO_ATTACK
        v = self._child(turn, attacker, attack, pos.kings_up, move, -INF, INF)
        return self._search(turn, attacker, attack, pos.kings_up, v, v + 1) <= v

    def legal_moves(self, pos: Position) -> list[Move]:
        self._load(pos)
        attack = pos.attack if pos.attacker != pos.turn else NO_ATTACK
        return self._moves(pos.turn, pos.attacker, attack, pos.kings_up)

    # ------------------------------------------------------------ search

    def _load(self, pos: Position) -> None:
        self.hands = [list(h) for h in pos.hands]
        self.sizes = [sum(h) for h in self.hands]
        self.final = pos.final
        key = 0
        for s in range(4):
            for t in range(NUM_TYPES):
                key += self.hands[s][t] << (4 * (8 * s + t))
        self.key = key

    def _kings_ok(self, seat: int, kings_up: bool) -> bool:
        """R6.9 for a king attack, with the hand as it was at the start of the turn."""
        return kings_up or self.hands[seat][KING] == 2 or (self.final and self.sizes[seat] == 2)

    def _moves(self, turn: int, attacker: int, attack: int, kings_up: bool) -> list[Move]:
        h = self.hands[turn]
        held = [t for t in range(NUM_TYPES) if h[t]]
        kings = self._kings_ok(turn, kings_up)
        out: list[Move] = []
        if turn == attacker:
            for f in held:
                for a in held:
                    if (a != f or h[f] > 1) and (a != KING or kings):
                        out.append((f, a))
            return out
        for f in TYPE_BLOCKERS[attack]:
            if not h[f]:
                continue
            k = kings or f == KING
            for a in held:
                if (a != f or h[f] > 1) and (a != KING or k):
                    out.append((f, a))
        out.append(PASS_MOVE)
        return out

    def _child(self, turn: int, attacker: int, attack: int, kings_up: bool, move: Move,
               alpha: int, beta: int) -> int:
        """The value for the team to move of playing ``move`` now."""
        f, a = move
        nxt = (turn + 1) & 3
        if f < 0:
            return -self._search(nxt, attacker, attack if nxt != attacker else NO_ATTACK, kings_up, -beta, -alpha)
        h = self.hands[turn]
        lead = turn == attacker
        if self.sizes[turn] == 2:
            pts = TYPE_VALUE[a] * (2 if lead and f == a else 1)
            return self._gain[turn & 1][pts]
        shift = 32 * turn
        h[f] -= 1
        h[a] -= 1
        self.sizes[turn] -= 2
        delta = (1 << (shift + 4 * f)) + (1 << (shift + 4 * a))
        self.key -= delta
        up = kings_up or a == KING or (f == KING and not lead)
        v = -self._search(nxt, turn, a, up, -beta, -alpha)
        self.key += delta
        self.sizes[turn] += 2
        h[f] += 1
        h[a] += 1
        return v

    def _search(self, turn: int, attacker: int, attack: int, kings_up: bool, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimit
        h = self.hands[turn]
        if turn == attacker:
            if self.sizes[turn] == 2:                   # a leader with two pieces goes out: its best attack
                return self._gain[turn & 1][self._last_lead(h, kings_up)]
        else:
            for y in TYPE_BLOCKERS[attack]:
                if h[y]:
                    break
            else:                                   # nothing to block with: the pass is forced
                nxt = (turn + 1) & 3
                return -self._search(nxt, attacker, attack if nxt != attacker else NO_ATTACK, kings_up,
                                     -beta, -alpha)
        key = (self.key << 11) | (turn << 9) | (attacker << 7) | (attack << 3) | (kings_up << 2)
        entry = self.table.get(key)
        first_move = -1
        if entry is not None:
            flag, val, first_move = entry
            if flag == _EXACT:
                return val
            if flag == _LOWER:
                if val >= beta:
                    return val
                alpha = max(alpha, val)
            elif val <= alpha:
                return val
            else:
                beta = min(beta, val)
        moves = self._ordered(turn, attacker, attack, kings_up, first_move)
        alpha0 = alpha
        best, best_i = -INF, 0
        for i, move in enumerate(moves):
            v = self._child(turn, attacker, attack, kings_up, move, alpha, beta)
            if v > best:
                best, best_i = v, i
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        mv = moves[best_i]
        code = (mv[0] + 1) * 9 + mv[1] + 1
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self.table[key] = (flag, best, code)
        return best

    def _last_lead(self, h: list[int], kings_up: bool) -> int:
        """The points of the best lead with the last two pieces ``h`` (R7.2, R7.3, R6.9)."""
        x = -1
        for t in range(NUM_TYPES):
            if h[t] == 2:
                return 2 * TYPE_VALUE[t]                # both kings may attack too (R6.9(b))
            if h[t]:
                if x >= 0:                              # the higher piece attacks unless it is a barred king
                    return TYPE_VALUE[t] if x == KING and not (kings_up or self.final) else TYPE_VALUE[x]
                x = t
        raise AssertionError("a leader with two pieces holds them")

    def _ordered(self, turn: int, attacker: int, attack: int, kings_up: bool, first_code: int) -> list[Move]:
        """Moves most likely best first: the table's move, going out, attacks nobody else can block."""
        if self.sizes[turn] == 2:                       # (a responder: a leader's value is found in _search)
            last = self._moves(turn, attacker, attack, kings_up)
            last.sort(key=lambda m: -1 if m[0] < 0 else -TYPE_VALUE[m[1]])
            return last
        hands = self.hands
        h = hands[turn]
        o1, o2, o3 = hands[(turn + 1) & 3], hands[(turn + 2) & 3], hands[(turn + 3) & 3]
        held = [t for t in range(NUM_TYPES) if h[t]]
        # per attack type the seat holds: how many other seats could answer it (few is better), and a
        # bonus for keeping a copy; then keep high pieces, hide low ones face down (a pass ranks 50)
        base = [0] * NUM_TYPES
        for a in held:
            n = 0
            for o in (o1, o2, o3):
                for y in TYPE_BLOCKERS[a]:
                    if o[y]:
                        n += 1
                        break
            base[a] = n * 100 - (30 if h[a] > 1 else 0)
        # the moves of _moves (same order among equal ranks), each as one sortable int: rank, then index
        kings = kings_up or h[KING] == 2                # more than two pieces: X1 does not apply
        moves: list[Move] = []
        codes: list[int] = []
        if turn == attacker:
            for f in held:
                rank = _ORDER_BASE[f]
                for a in held:
                    if (a != f or h[f] > 1) and (a != KING or kings):
                        codes.append(((base[a] + rank[a] + _RANK_OFFSET) << 7) | len(moves))
                        moves.append((f, a))
        else:
            for f in TYPE_BLOCKERS[attack]:
                if not h[f]:
                    continue
                k = kings or f == KING
                rank = _ORDER_BASE[f]
                for a in held:
                    if (a != f or h[f] > 1) and (a != KING or k):
                        codes.append(((base[a] + rank[a] + _RANK_OFFSET) << 7) | len(moves))
                        moves.append((f, a))
            codes.append(((50 + _RANK_OFFSET) << 7) | len(moves))
            moves.append(PASS_MOVE)
        codes.sort()
        out = [moves[c & 127] for c in codes]
        if first_code >= 0:
            best = (first_code // 9 - 1, first_code % 9 - 1)
            if best in out:
                out.remove(best)
                out.insert(0, best)
        return out
