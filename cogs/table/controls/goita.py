"""Goita in Discord (rules §12): the team draw, a two-step piece composer, the five-pawn decision.

The panel offers a player's pieces as buttons, one per kind (kanji + name + count). A leader
picks the piece to place face down (伏せ), then the attack (攻め); a responder passes (なし) or
picks a blocking piece (受け), then the attack. The first pick is remembered per seat and state
version only, so any move by anyone resets it. A king attack the rules do not allow yet (R6.9)
is a disabled button labelled "not allowed yet" (§12.5), and the panel says the rule in words. The partners' Play/Redeal choice
(R5.6/R5.7) has public buttons only the asked partners can use; each answer is confirmed
privately and the engine reveals them together.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import discord

from bot.games.goita import Decide, Play, State, View, legal_actions, to_act
from bot.games.goita.actions import PASS, PLAYS, Action
from bot.games.goita.pieces import GYOKU, IDS, NUM_PIECES, OU
from bot.i18n import t
from bot.replies import reply_privately

from ...utils.language import private_language
from ..components import GameButton, parse_number
from ..words import names
from . import WAIT, WAIT_ALONE, GameControls

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions

SEAT_KEYS = ("S", "E", "N", "W")
#: the verb of the "Abort game" button offered when a leader's time ran out (§12.10)
ABORT_VERB = "abort"
#: the verb of "Computer plays for X", offered for a leader idle this long with the timer off (§12.10)
TAKEOVER_VERB = "cpufor"
IDLE_SECONDS = 300
#: the pieces each seat drew at the team draw (R3.1: 王 at S deals, 玉 at N; R3.2: 金 pair at N–S).
DRAWN = {"kings_rooks": ("ou", "hisha", "gyoku", "hisha"), "two_pairs": ("kin", "gin", "kin", "gin")}


def drawn_order(seed: int) -> list[int]:
    """Lobby position of the person in each seat S, E, N, W after the draw.

    The lobby shows the partnerships (positions 1 & 3 against 2 & 4; the host may swap seats),
    so the draw keeps them: it decides which pair draws the kings (or the 金 pair) and sits
    North–South, who of them draws 王 (South, first dealer) and which rook sits East.
    """
    rng = random.Random(seed)
    pairs = [[0, 2], [1, 3]]
    kings = pairs.pop(rng.randrange(2))
    rooks = pairs[0]
    rng.shuffle(kings)
    rng.shuffle(rooks)
    return [kings[0], rooks[0], kings[1], rooks[1]]


def _piece(lang: str, code: int | str) -> str:
    return t(lang, f"goita.piece.{IDS[code] if isinstance(code, int) else code}")


def _counts(hand: tuple[str, ...] | None) -> list[int]:
    held = Counter(hand or ())
    return [held[IDS[p]] for p in range(NUM_PIECES)]


def _team_line(lang: str, seat_names: list[str], v: View) -> str:
    return t(lang, "goita.ui.scores", ns=v.scores[0], ew=v.scores[1], target=v.target,
             ns_names=f"{seat_names[0]} & {seat_names[2]}", ew_names=f"{seat_names[1]} & {seat_names[3]}")


class GoitaControls(GameControls):
    """Goita's draw, composer, table banner and decision buttons."""


    # ---------------------------------------------------------------- the clock (§12.10)


    def timer(self, session: GameSession) -> float:
        """The turn timer in seconds (0: off): the game's ``turn_timeout`` option when the host set it, else
        the game's or the server's turn timeout (the rules' 120 s when neither sets one)."""
        if "turn_timeout" in session.options:
            return float(max(0, int(session.options.get("turn_timeout", 0))))
        return float(session.turn_timeout)

    def window_seconds(self, session: GameSession, seat: int) -> float | None:
        """The timer when on. Off: only an idle leader (or deciding partner) is timed, by the 5 minutes after
        which the other players may hand the seat to the computer or abort; and only when another person
        plays (nobody else could press anything)."""
        timer = self.timer(session)
        if timer > 0:
            return timer
        if self._decides_alone(session) and self._others(session, seat):
            return float(IDLE_SECONDS)
        return 0.0

    def reminder_seconds(self, session: GameSession, window: float) -> float | None:
        """§12.10: the reminder comes at half time; with the timer off there is none."""
        return window / 2 if self.timer(session) > 0 else window

    def is_away(self, session: GameSession, seat: int) -> bool:
        """§12.10: after an expiry the seat shows *(away)* until its person clicks again (after two in a row
        the computer plays it at once)."""
        info = session.seats[seat]
        return info.user_id is not None and not info.left and info.timeouts >= 1

    @staticmethod
    def _decides_alone(session: GameSession) -> bool:
        """A leader or a deciding partner: nobody answers for them at expiry (a responder is passed)."""
        state: State | None = session.state
        if state is None or state.phase in ("ritual_point", "ritual_offset"):
            return False
        return not (state.phase == "play" and not session.view(None).leading)

    @staticmethod
    def _others(session: GameSession, seat: int) -> bool:
        return any(s != seat and info.user_id is not None and not info.left for s, info in enumerate(session.seats))

    def timeout_outcome(self, session: GameSession, seat: int) -> str:
        """§12.10: a responder is passed; with the timer on, a leader's move is made by the easy computer.
        A partner's Play/Redeal choice (strategic) and, with the timer off, an idle leader are never moved:
        the other players are offered "Computer plays for X" (a leader) and "Abort game". The dealing
        ritual's pick is chance."""
        state: State | None = session.state
        if state is None or state.phase in ("ritual_point", "ritual_offset"):
            return "computer"
        if state.phase == "play" and not session.view(None).leading:
            return "pass"
        if state.phase == "play" and self.timer(session) > 0:
            return "computer"
        return WAIT if self._others(session, seat) else WAIT_ALONE

    def timeout_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§12.10: at expiry a responder is passed automatically (never the computer's block)."""
        return PASS if PASS in legal else None

    def made_for_them(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§12.5.4: against a king nobody can block and everybody knows it: the pass is made at once
        (``auto_pass_vs_king``, default on). Any other lone Pass waits (A16: it would reveal the hand)."""
        state: State | None = session.state
        if state is None or state.phase != "play" or not state.options.get("auto_pass_vs_king", True):
            return None
        if legal == [PASS] and state.turn != state.attacker and state.attack in (OU, GYOKU):
            return PASS
        return None

    def made_for_them_line(self, session: GameSession, seat: int, action: Any, lang: str) -> str:
        return t(lang, "options.goita.no_block_vs_king")

    def on_stall(self, session: GameSession, seats: list[int]) -> None:
        """§12.10: the leader's (or decider's) time ran out: "Abort game" for the other players, until
        anybody moves. Nobody to offer it to (no other person plays): the game just waits."""
        if not any(info.user_id is not None and not info.left and s not in seats
                   for s, info in enumerate(session.seats)):
            return
        # the standing "Abort game" offer (§12.10): [state version, seats whose time ran out]
        session.ui["stall"] = [session.version, sorted(seats)]

    def stalled(self, session: GameSession) -> frozenset[int]:
        """The people whose time ran out and who are still waited for in the same state (empty: no offer)."""
        entry = session.ui.get("stall")
        state: State | None = session.state
        if entry is None or state is None or entry[0] != session.version:
            return frozenset()
        waiting = to_act(state)
        return frozenset(s for s in entry[1] if s in waiting and not session.seats[s].computer_plays)

    # ---------------------------------------------------------------- start

    def seat_draw(self, session: GameSession, lang: str) -> list[str]:
        """R3.1/§12.2: the drawn pieces seat people; partners sit opposite (S–N, E–W)."""
        mode = str(session.options.get("team_draw", "kings_rooks"))
        if mode in DRAWN:
            lobby = list(session.seats)
            session.seats[:] = [lobby[i] for i in drawn_order(session.seed)]
        seat_names = names(session, lang)
        parts = []
        for seat, name in enumerate(seat_names):
            where = t(lang, f"goita.seat_{SEAT_KEYS[seat]}")
            if mode in DRAWN:
                drawn = _piece(lang, DRAWN[mode][seat])
                parts.append(t(lang, "goita.ui.drew", player=name, piece=drawn, seat=where))
            else:
                parts.append(f"{where}: {name}")
        lines = [t(lang, "goita.ui.draw", seats=" · ".join(parts))]
        if mode == "kings_rooks":
            lines.append(t(lang, "goita.ui.first_dealer", player=seat_names[0]))
        lines.append(t(lang, "goita.ui.partners", ns=f"{seat_names[0]} & {seat_names[2]}",
                       ew=f"{seat_names[1]} & {seat_names[3]}"))
        return lines

    def lobby_lines(self, session: GameSession, lang: str) -> list[str]:
        """X5, §12.10: with ``table_talk_reminder`` the lobby text reminds players not to discuss pieces."""
        return [t(lang, "options.goita.table_talk")] if session.options.get("table_talk_reminder") else []

    # ---------------------------------------------------------------- public table

    def table_lines(self, session: GameSession, lang: str) -> list[str]:
        """Scores to the target, round and dealer, the current attack, five-pawn badges, last round."""
        state: State | None = session.state
        if state is None:
            return []
        v = session.view(None)
        seat_names = names(session, lang)
        lines = [_team_line(lang, seat_names, v) + " · " + t(lang, "goita.ui.round", round=v.round_no,
                                                             dealer=seat_names[v.dealer])]
        if v.phase == "decide":
            waiting = [seat_names[s] for s in v.deciders if s not in v.decided]
            lines.append(t(lang, "goita.ui.deciding", who=", ".join(seat_names[s] for s in v.deciders),
                           chosen=len(v.decided), asked=len(v.deciders), waiting=", ".join(waiting)))
        elif v.phase == "play" and v.turn is not None:
            if v.attack is not None and not v.leading:
                lines.append(t(lang, "goita.ui.attack", piece=_piece(lang, v.attack),
                               player=seat_names[v.attacker if v.attacker is not None else 0],
                               next=seat_names[v.turn]))
            elif v.turn is not None:
                lines.append(t(lang, "goita.ui.leads", player=seat_names[v.turn]))
        shown = [seat_names[s] for s, five in enumerate(v.goshi) if five]
        if shown and v.phase != "over":
            lines.append(t(lang, "goita.ui.goshi", players=", ".join(shown)))
        lines += _last_round_lines(lang, v, seat_names)
        lines.append(t(lang, "goita.ui.legend"))
        if state.options.get("table_talk_reminder"):
            lines.append(t(lang, "options.goita.table_talk"))  # X5, §12.10: the table's footer reminds players
        return lines

    def summary_lines(self, session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
        """Under a round's summary: the teams' scores and how the round ended (the table shows the next
        deal only once it starts)."""
        state: State | None = session.state
        if state is None or final:
            return []
        v, seat_names = session.view(None), names(session, lang)
        return [_team_line(lang, seat_names, v), *_last_round_lines(lang, v, seat_names)]

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """§12.4: Play on / Redeal on the table while partners decide (only they may press); §12.10:
        "Abort game" while a leader's time has run out (only the other players may press)."""
        state: State | None = session.state
        if state is None:
            return []
        items: list[discord.ui.Item[Any]] = []
        if state.phase == "decide":
            items += [
                GameButton(session.id, "decide", "continue", label=t(lang, "goita.action.continue"),
                           style=discord.ButtonStyle.success),
                GameButton(session.id, "decide", "redeal", label=t(lang, "goita.action.redeal"),
                           style=discord.ButtonStyle.danger),
            ]
        stalled = self.stalled(session)
        if stalled and state.phase == "play":
            seat_names = names(session, lang)
            for seat in sorted(stalled):
                items.append(GameButton(session.id, TAKEOVER_VERB, str(seat),
                                        label=t(lang, "options.goita.computer_plays_for", player=seat_names[seat])[:80],
                                        style=discord.ButtonStyle.secondary, emoji="🤖"))
        if stalled:
            items.append(GameButton(session.id, ABORT_VERB, label=t(lang, "clock.button.abort"),
                                    style=discord.ButtonStyle.danger, emoji="🛑"))
        return items

    # ---------------------------------------------------------------- private panel

    @staticmethod
    def confirms(session: GameSession, arg: str) -> bool:
        """§12.5 ``confirm_moves``: a play picked in the composer (``L``/``B`` + pieces) waits for Confirm."""
        state: State | None = session.state
        return arg[:1] in ("L", "B") and state is not None and bool(state.options.get("confirm_moves"))

    def _confirming(self, session: GameSession, seat: int) -> str | None:
        """The play waiting for Confirm (``confirm_moves``), as its button argument, at this state version."""
        entry = session.ui.get("confirm", {}).get(str(seat))
        if entry is None or entry[0] != session.version:
            return None
        return str(entry[1])

    def _picked(self, session: GameSession, seat: int) -> int | None:
        entry = session.ui.get("first", {}).get(str(seat))  # [state version, the piece picked first]
        if entry is None or entry[0] != session.version:
            return None
        return entry[1]

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        """Your pieces, your face-down pieces, and what to do now in words."""
        state: State | None = session.state
        if state is None or state.phase == "over":
            return []
        v = session.view(seat)
        seat_names = names(session, lang)
        counts = _counts(v.hand)
        held = " · ".join(f"{_piece(lang, p)} ×{counts[p]}" for p in range(NUM_PIECES) if counts[p])
        lines = [t(lang, "goita.ui.your_pieces", pieces=held or "—")]
        mine = [c.first for c in v.table[seat] if c.face_down and c.first]
        if mine:
            lines.append(t(lang, "goita.ui.your_face_down", pieces=", ".join(_piece(lang, p) for p in mine)))
        if v.phase == "decide" and seat in v.deciders:
            holder = seat_names[(seat + 2) % 4]
            if seat in v.decided:
                waiting = [seat_names[s] for s in v.deciders if s not in v.decided]
                lines.append(t(lang, "goita.ui.decision_waiting", waiting=", ".join(waiting)))
            else:
                lines.append(t(lang, "goita.ui.decide_prompt", holder=holder))
            return lines
        if v.phase != "play" or v.turn != seat:
            return lines
        first = self._picked(session, seat)
        pending = self._confirming(session, seat)
        action = _action(pending) if pending is not None else None
        if isinstance(action, Play):
            key = "options.goita.preview_lead" if action.lead else "options.goita.preview_block"
            lines.append(t(lang, key, first=_piece(lang, action.first), attack=_piece(lang, action.attack)))
            return lines
        if v.leading:
            lines.append(t(lang, "goita.ui.lead_prompt") if first is None else
                         t(lang, "goita.ui.lead_attack_prompt", piece=_piece(lang, first)))
        elif v.attack is not None:
            attacker = seat_names[v.attacker if v.attacker is not None else 0]
            if IDS.index(v.attack) <= GYOKU:
                lines.append(t(lang, "goita.ui.king_unblockable", piece=_piece(lang, v.attack), player=attacker))
            elif first is None:
                lines.append(t(lang, "goita.ui.respond_prompt", piece=_piece(lang, v.attack), player=attacker))
            else:
                lines.append(t(lang, "goita.ui.block_attack_prompt", piece=_piece(lang, first)))
        if (counts[0] or counts[1]) and v.faceup_kings == 0:
            lines.append(t(lang, "goita.ui.king_rule"))
        return lines

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        """One button per kind of piece; the first pick, then the attack; Pass for a responder."""
        state: State | None = session.state
        if state is None:
            return None
        gid, version = session.id, session.version
        if state.phase == "decide":
            return [GameButton(gid, "decide", "continue", version, label=t(lang, "goita.action.continue"),
                               style=discord.ButtonStyle.success, row=0),
                    GameButton(gid, "decide", "redeal", version, label=t(lang, "goita.action.redeal"),
                               style=discord.ButtonStyle.danger, row=0)]
        if state.phase != "play":
            return None  # the dealing ritual: the generic list of legal actions
        v = session.view(seat)
        counts = _counts(v.hand)
        legal_set = set(legal)
        lead = bool(v.leading)
        first = self._picked(session, seat)
        items: list[discord.ui.Item[Any]] = []
        pending = self._confirming(session, seat)
        if pending is not None:
            return [GameButton(gid, "go", "!" + pending, version, label=t(lang, "options.goita.confirm"),
                               style=discord.ButtonStyle.success, row=0),
                    GameButton(gid, "back", "", version, label=t(lang, "goita.ui.back"), emoji="↩️", row=0)]
        if first is None:
            if not lead:
                items.append(GameButton(gid, "go", "P", version, label=t(lang, "goita.action.pass"),
                                        style=discord.ButtonStyle.primary, row=0))
            usable = {a.first for a in legal_set if isinstance(a, Play)}
            shown = [p for p in range(NUM_PIECES) if counts[p]]
            for n, p in enumerate(shown, start=len(items)):
                key = "goita.ui.pick_down" if lead else "goita.ui.pick_block"
                ok = p in usable
                label = t(lang, key if ok else "goita.ui.piece_count", piece=_piece(lang, p), count=counts[p])
                items.append(GameButton(gid, "pick", str(p), version, label=label, disabled=not ok,
                                        style=discord.ButtonStyle.success if ok else discord.ButtonStyle.secondary,
                                        row=n // 5))
            return items
        left = list(counts)
        left[first] -= 1
        for n, a in enumerate(p for p in range(NUM_PIECES) if left[p]):
            allowed = PLAYS[lead][first][a] in legal_set
            key = "goita.ui.pick_attack" if allowed else "goita.ui.pick_attack_king"
            items.append(GameButton(gid, "go", f"{'L' if lead else 'B'}{first}{a}", version,
                                    label=t(lang, key, piece=_piece(lang, a), count=left[a]), disabled=not allowed,
                                    style=discord.ButtonStyle.primary if allowed else discord.ButtonStyle.secondary,
                                    row=n // 5))
        items.append(GameButton(gid, "back", "", version, label=t(lang, "goita.ui.back"), emoji="↩️", row=2))
        return items

    # ---------------------------------------------------------------- clicks

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        """``pick``/``back`` step the composer; ``go`` commits a play or pass; ``decide`` is R5.6/R5.7;
        ``abort`` ends the game when a leader's time ran out (§12.10)."""
        if verb not in ("pick", "back", "go", "decide", ABORT_VERB, TAKEOVER_VERB):
            return False
        lang = private_language(interaction)
        state: State | None = session.state
        if state is None:
            return False
        if verb == ABORT_VERB:
            await self._abort(table, interaction, session, seat, lang)
            return True
        if verb == TAKEOVER_VERB:
            await self._take_over(table, interaction, session, seat, arg, lang)
            return True
        if verb == "decide":
            if state.phase != "decide" or seat not in state.deciders:
                seat_names = names(session, session.lang)
                who = ", ".join(seat_names[s] for s in state.deciders)
                await reply_privately(interaction, t(lang, "goita.ui.only_partner", who=who) if who else
                                      t(lang, "goita.no_decision"))
                return True
            await table.panel_play(interaction, session, seat, session.version if version is None else version,
                                 Decide(arg == "redeal"))
            return True
        if verb == "go":
            if self.confirms(session, arg) and version == session.version:
                # §12.5 ``confirm_moves``: the play is shown as its column first; Confirm commits it
                session.ui.setdefault("confirm", {})[str(seat)] = [session.version, arg]
                await table.show_panel(interaction, session, seat)
                return True
            await table.panel_play(interaction, session, seat, version, _action(arg.removeprefix("!")))
            return True
        if version != session.version:
            await table.show_panel(interaction, session, seat, note=t(lang, "games.error.stale"))
            return True
        if verb == "back":
            if self._confirming(session, seat) is not None:
                session.ui.get("confirm", {}).pop(str(seat), None)  # back to choosing the attack
            else:
                session.ui.get("first", {}).pop(str(seat), None)
        elif parse_number(arg) >= 0 and any(isinstance(a, Play) and a.first == parse_number(arg)
                                            for a in legal_actions(state, seat)):
            # the composer's one remembered step, saved with the game
            session.ui.setdefault("first", {})[str(seat)] = [session.version, int(arg)]
        else:
            await table.show_panel(interaction, session, seat, note=t(lang, "games.error.not_legal_now"))
            return True
        await table.show_panel(interaction, session, seat)
        return True


    async def _abort(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                     lang: str) -> None:
        """§12.10: another player ends the game whose leader's time ran out (unrated, like an abandon)."""
        async with session.lock:
            stalled = self.stalled(session)
            if not stalled:
                await reply_privately(interaction, t(lang, "clock.abort.closed"))
                return
            if seat in stalled:
                await reply_privately(interaction, t(lang, "clock.abort.not_you"))
                return
            session.ui.pop("stall", None)
            session.add_line(t(session.lang, "clock.abort.done", player=names(session, session.lang)[seat]))
            await reply_privately(interaction, t(lang, "clock.abort.confirm"))
            await table.end_game(session, abandoned=True)


    async def _take_over(self, table: TableActions, interaction: discord.Interaction, session: GameSession,
                         seat: int, arg: str, lang: str) -> None:
        """§12.10, timer off: another player hands an idle leader's seat to the easy computer, which plays
        it until its person clicks again (the seat shows *(away)*)."""
        async with session.lock:
            stalled = self.stalled(session)
            idle = int(arg) if arg.isdigit() else -1
            state: State | None = session.state
            if idle not in stalled or state is None or state.phase != "play":
                await reply_privately(interaction, t(lang, "clock.abort.closed"))
                return
            if seat in stalled:
                await reply_privately(interaction, t(lang, "clock.abort.not_you"))
                return
            info = session.seats[idle]
            info.ai, info.timeouts = "easy", max(info.timeouts, 1)
            session.ui.pop("stall", None)
            seat_names = names(session, session.lang)
            session.add_line(t(session.lang, "options.goita.handed_over", player=seat_names[seat],
                               idle=discord.utils.escape_markdown(info.name)))
            await table.save(session)
            table.after_change(session)  # before the answer: a failed answer must not leave the game waiting
            await reply_privately(interaction, t(lang, "options.goita.handed_over_you"))


def _action(arg: str) -> Action | None:
    """``P`` = pass; ``L47`` = lead 香 face down, attack 金; ``B44`` = block 金 with 金, attack 金."""
    if arg == "P":
        return PASS
    if len(arg) == 3 and arg[0] in "LB" and parse_number(arg[1:]) >= 0:
        first, attack = int(arg[1]), int(arg[2])
        if first < NUM_PIECES and attack < NUM_PIECES:
            return PLAYS[arg[0] == "L"][first][attack]
    return None


CONTROLS = GoitaControls()

__all__ = ["CONTROLS", "GoitaControls", "drawn_order"]


def _last_round_lines(lang: str, v: View, seat_names: list[str]) -> list[str]:
    """How the last round ended (R5.2–R5.4, R7.3): on the table, and under the round's summary."""
    out: list[str] = []
    last = v.last_round
    if last is not None and isinstance(last.get("winner_seat"), int):
        winner = last["winner_seat"]
        params = {"round": last.get("round", "?"), "player": seat_names[winner], "points": last.get("points", 0),
                  "team": t(lang, f"goita.team_{last.get('team', 0)}")}
        columns = (last.get("table") or [[]] * 4)[winner]
        hand = last.get("shown")
        if last.get("reason") == "pawns" and isinstance(hand, list):
            # R5.2–R5.4, A25: the special hand is shown with its score
            out.append(t(lang, "goita.ui.last_round_pawns", pawns=hand.count("shi"),
                           pieces=" ".join(_piece(lang, p) for p in hand if p != "shi") or "—", **params))
        elif last.get("doubled") and columns and columns[-1][0]:
            # R7.3: the doubled pair is shown, the face-down piece revealed
            out.append(t(lang, "goita.ui.last_round_double", hidden=_piece(lang, columns[-1][0]),
                           attack=_piece(lang, columns[-1][2]), **params))
        else:
            out.append(t(lang, "goita.ui.last_round", **params))
    return out
