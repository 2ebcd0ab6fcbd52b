"""Gou Ji in Discord (rules §13): the play composer, claim windows, table banner and public buttons.

The engine decides every rule; this module only turns a player's clicks into one of the
engine's actions and the public view into words. Nothing here reveals eligibility: the
public buttons are the same for everybody, and whether a click was possible is answered
privately (§13, "No information leaks").

Composer drafts and suggestions live on the session (``session.ui``) and are saved with the game.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import Event, IllegalAction
from bot.games.gouji import engine as gouji
from bot.games.gouji import moves, timing
from bot.games.gouji.ai import endgame_choice
from bot.games.gouji.notation import (
    BJ,
    RANK_TEXT,
    RJ,
    TWO,
    AskCount,
    Choose,
    Decision,
    Play,
    Return,
    ShaoPai,
    make_play,
)
from bot.i18n import t
from bot.replies import edit_clicked, reply_privately, send_private

from ...utils.language import private_language
from ..components import GameButton, GameSelect, parse_number
from ..messages import panel_surface
from ..substitutes import free_seats
from ..table_buttons import rules_button
from ..team_pause import banner as pause_banner
from ..team_pause import on_hold as team_paused
from ..team_pause import request as request_pause
from ..team_pause import resume as resume_play
from ..words import names, reason
from . import GameControls

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions

WILD_ONLY = 0
ROWS = 5
PANEL_NAV_ROW = 4  # the spine puts its Refresh button on the last row
_HIGH_FIRST = (RJ, BJ, TWO, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)


@dataclass
class Draft:
    """A set being composed (§13.3) or the cards chosen for a tribute return (§13.4)."""

    rank: int | None = None
    naturals: int = 0
    twos: int = 0
    bj: int = 0
    rj: int = 0
    returns: list[int] = field(default_factory=list)

    def play(self) -> Play | None:
        if self.rank is None and not (self.twos or self.bj or self.rj):
            return None
        rank = self.rank or 0
        naturals = self.naturals if rank else 0
        if naturals + self.twos + self.bj + self.rj == 0:
            return None
        return make_play(rank, naturals, self.twos, self.bj, self.rj)


def _hand(state: gouji.State, seat: int) -> list[int]:
    return state.hands[seat]


def grouped_hand(hand: list[int]) -> str:
    """``RJ×1 2×3 A×2 Q×4 … 3×2``: the hand by rank with counts, suits left out (R2.3)."""
    return " ".join(f"{RANK_TEXT[r]}×{hand[r]}" for r in _HIGH_FIRST if hand[r])


def _seat_name(session: GameSession, lang: str, seat: int) -> str:
    return f"{'ABCDEF'[seat]} {names(session, lang)[seat]}"


class GoujiControls(GameControls):
    """The Gou Ji hooks of the game spine."""


    def participant_changed(self, session: GameSession) -> list[Event]:
        """R4.1 b, §13.8: the next hand is fresh. Mid-hand the hand continues; between hands the next
        hand, which the engine dealt when the last one ended, is dealt again as a fresh one."""
        if session.state is None:
            return []
        if session.paused_until is not None:
            return gouji.redeal_fresh(session.state)
        gouji.change_participant(session.state)
        return []

    # ------------------------------------------------------------------ who decides

    def deciders(self, session: GameSession) -> set[int]:
        """Computer seats that would claim Shao Pai now (R8.1, §13.8: a CPU claims whenever it can).

        People who may claim are not listed (nobody is pinged for a hidden eligibility); they
        claim from their panel or the public Shao Pai button.
        """
        state = session.state
        if state is None or state.phase != "play" or state.duel_a < 0:
            return set()
        waiting = gouji.to_act(state)
        out = set()
        for seat in range(6):
            if seat in waiting or not session.seats[seat].computer_plays:
                continue
            if any(isinstance(a, ShaoPai) for a in gouji.legal_actions(state, seat)):
                out.add(seat)
        return out

    def computer_wait(self, table: TableActions, session: GameSession, seats: list[int]) -> float:
        """How long the computer seats ``seats`` should still hold back (``math.inf``: until people act).

        * Endgame slot (R9.6.3, §13.8): with a person among the candidates, leave it to him.
        * Duel answer (§13.8): while a person of the responder's team holds cards, computer
          teammates wait ``cpu_shao_wait_s`` from the moment the duel set was played, so that
          he can claim Shao Pai or answer himself. Only public facts decide, so it reveals
          nothing. With instant computers (tests, benchmarks) no table time is modelled.
        """
        state = session.state
        if state is None or state.phase != "play":
            return 0.0
        if state.turn < 0 and state.candidates:
            if any(not session.seats[c].computer_plays for c in state.candidates):
                return math.inf
            return 0.0
        if state.duel_a < 0 or state.top is None:
            session.ui.pop("shao_window", None)
            return 0.0
        responder = state.turn
        team = [s for s in range(6) if s % 2 == responder % 2 and state.counts[s]]
        if not any(not session.seats[s].computer_plays for s in team):
            return 0.0
        if not any(s % 2 == responder % 2 for s in seats):
            return 0.0
        hold = float(state.options.get("cpu_shao_wait_s", 8)) if table.computer_delay > 0 else 0.0
        if hold <= 0:
            return 0.0
        key = [state.deal_no, len(state.trick), state.top_seat, state.turn]
        known = session.ui.get("shao_window")  # when this Shao Pai window opened: [window key, time]
        if known is None or known[0] != key:
            known = session.ui["shao_window"] = [key, time.time()]
        return max(0.0, float(known[1]) + hold - time.time())

    def timeout_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§13.6: silence has the rules' default (lead the lowest single, pass, agree, insist, no swap,
        Jie Fang, show the 3s, return the lowest cards, the default endgame member)."""
        state = session.state
        if state is None:
            return None
        action = gouji.timeout_action(state, seat)
        return action if action in legal else None

    def computer_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§13.8 endgame team choice between computers, as the AI makes it (``endgame_choice``). With a
        person among the candidates the computers wait (``computer_wait``)."""
        state = session.state
        if state is None or state.phase != "play" or state.turn >= 0 or seat not in state.candidates:
            return None
        if any(not session.seats[c].computer_plays for c in state.candidates):
            return None
        best = endgame_choice({c: gouji.legal_actions(state, c) for c in state.candidates})
        choice = Choose(best)
        return choice if best != seat and choice in legal else None

    # ------------------------------------------------------------------ the clock (§13.6: the engine's ``clock``)


    def _ready(self, session: GameSession) -> set[int]:
        """Who pressed Ready in this pause between hands (remembered with the pause's end)."""
        entry = session.ui.get("ready")
        if not entry or session.paused_until is None or entry[0] != session.paused_until:
            return set()
        return set(entry[1])

    def _not_ready(self, session: GameSession, ready: set[int]) -> list[int]:
        return [s for s, info in enumerate(session.seats) if info.user_id is not None and not info.left
                and not info.computer_plays and s not in ready]

    def made_for_them_delay(self, session: GameSession, delay: float) -> float:
        """§13: an opted-in automatic pass comes after a random 1–4 s (an instant one would say "cannot beat")."""
        if delay <= 0:
            return 0.0
        return random.uniform(1.0, 4.0)

    def made_for_them_line(self, session: GameSession, seat: int, action: Any, lang: str) -> str:
        return t(lang, "options.gouji.auto_passed")

    def ready_for_next(self, session: GameSession, seat: int | None) -> list[str]:
        """§13.6: the next hand starts after 30 s or when all are Ready, not at the first click."""
        ready = self._ready(session)
        if seat is not None:
            ready.add(seat)
        session.ui["ready"] = [session.paused_until, sorted(ready)]
        seat_names = names(session, session.lang)
        return [seat_names[s] for s in self._not_ready(session, ready)]

    def made_for_them(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§13: the bot never passes for a player who did not opt in (an instant pass would reveal "cannot
        beat"); with ``auto_pass_opt_in`` a player may switch it on for himself (the panel's toggle)."""
        state = session.state
        if (state is None or state.phase != "play" or not session.options.get("auto_pass_opt_in", False)
                or str(seat) not in session.ui.get("autopass", {})):
            return None
        if any(isinstance(a, Play | ShaoPai) for a in legal):
            return None  # he can beat: his decision
        passes = [a for a in legal if getattr(a, "kind", "") == "pass"]
        return passes[0] if passes else None

    def window_seconds(self, session: GameSession, seat: int) -> float | None:
        """§13.6: each decision has its own limit (lead 60 s, follow and duel answer 40 s, votes 30 s …),
        at the session's pace. Only the phase and the public table decide it, never the seat's hand."""
        seconds = timing.window_seconds(session.state, seat) if session.state is not None else None
        return None if seconds is None else self.paced(session, seconds)

    def window_key(self, session: GameSession, seat: int) -> Any:
        return None if session.state is None else timing.window_key(session.state, seat)

    def reminder_seconds(self, session: GameSession, window: float) -> float | None:
        """§13.6: a reminder 15 s before expiry."""
        return timing.REMINDER_SECONDS



    def timeout_outcome(self, session: GameSession, seat: int) -> str:
        """§13.6 "On timeout" of the window ``seat`` is in; with ``afk_takeover = cpu`` an AFK player's
        last timeout hands him to the computer, but that move is still the rules' one."""
        outcome = timing.timeout_outcome(session.state, seat) if session.state is not None else None
        return "computer" if outcome is None else outcome


    # ------------------------------------------------------------------ public table

    def on_hold(self, session: GameSession) -> bool:
        """§13.6: a team asked for a pause, and not every person has agreed to resume yet."""
        return team_paused(session)

    def table_lines(self, session: GameSession, lang: str) -> list[str]:
        return self._table_lines(session, lang) + self._ready_lines(session, lang)

    def _ready_lines(self, session: GameSession, lang: str) -> list[str]:
        """§13.6: who is Ready for the next hand (between hands, under the hand's summary)."""
        ready = self._ready(session)
        if session.paused_until is None or not ready:
            return []
        seat_names = names(session, lang)
        return [t(lang, "options.ready.line", ready=", ".join(seat_names[s] for s in sorted(ready)),
                  waiting=", ".join(seat_names[s] for s in self._not_ready(session, ready)))]

    def _table_lines(self, session: GameSession, lang: str) -> list[str]:
        """The mode banner (§13.2) and the session's team scores."""
        state = session.state
        if state is None:
            return []
        if team_paused(session):  # §13.6: a team's pause says who has yet to press Resume
            return [pause_banner(session, lang)]
        seat_names = names(session, lang)
        letter = "ABCDEF"
        banner = ""
        phase = state.phase
        if phase == "play":
            public = session.view(None)
            mode = public.mode
            if mode == "gou_ji":
                banner = t(lang, "gouji.ui.banner.gou_ji", a=seat_names[state.duel_a], b=seat_names[state.duel_b])
            elif mode == "shao_pai":
                banner = t(lang, "gouji.ui.banner.shao_pai", player=seat_names[state.shao])
            elif mode == "wind":
                banner = t(lang, "gouji.ui.banner.wind", player=seat_names[public.wind_seat or 0])
            elif state.turn < 0 and state.candidates:
                team = "".join(letter[s] for s in range(6) if s % 2 == state.candidates[0] % 2)
                who = ", ".join(seat_names[c] for c in state.candidates)
                banner = t(lang, "gouji.ui.banner.team_choose", team=team, who=who)
            elif mode == "endgame":
                banner = t(lang, "gouji.ui.banner.endgame")
            else:
                banner = t(lang, "gouji.ui.banner.normal")
        elif phase == "ge_ming_vote" and state.ge_ming >= 0:
            banner = t(lang, "gouji.ui.banner.ge_ming_vote", player=seat_names[state.ge_ming])
        elif phase == "ge_ming_decide" and state.ge_ming >= 0:
            banner = t(lang, "gouji.ui.banner.ge_ming_decide", player=seat_names[state.ge_ming])
        elif phase in ("threes", "revolution", "swap", "tribute_agree", "tribute_return"):
            banner = t(lang, f"gouji.ui.banner.{phase}")
        kind = t(lang, f"gouji.hand_kind.{state.hand_kind}")
        score = t(lang, "gouji.ui.scores", hand=state.hand_no, kind=kind, ace=state.scores[0], bdf=state.scores[1])
        if state.rang is not None and state.rang[2] == "pending":
            banner += " · " + t(lang, "gouji.ui.rang_pending", player=seat_names[state.rang[0]],
                                target=seat_names[state.rang[1]])
        return [line for line in (banner, score) if line]

    def summary_lines(self, session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
        """Under a hand's summary, between hands: the computers' seats a person may take now (§13.8), and
        who is Ready for the next hand (§13.6)."""
        free = free_seats(session) if not final and session.paused_until is not None else []
        lines = [t(lang, "seats.free_between_hands", seats=", ".join(str(s + 1) for s in free))] if free else []
        return lines + ([] if final else self._ready_lines(session, lang))

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """Pass, Ask count, Team, Shao Pai, Xian Rang Rang, Rules (§13.2) and the team pause (§13.6): the same
        for everybody. While paused: Rules and Resume."""
        state = session.state
        gid, version = session.id, session.version
        if team_paused(session):
            return [rules_button(session, lang, row=0),
                    GameButton(gid, "gj_resume", "", None, label=t(lang, "seats.pause.button.resume"), emoji="▶️",
                               style=discord.ButtonStyle.success, row=0)]
        always = [rules_button(session, lang, row=0),
                  GameButton(gid, "gj_pause", "", None, label=t(lang, "seats.pause.button.pause"), emoji="⏸️",
                             row=0)]
        if state is None or state.phase != "play":
            return always
        return [
            *always,
            GameButton(gid, "gj_tpass", "", version, label=t(lang, "gouji.action.pass"), row=1),
            GameButton(gid, "gj_ask", "", None, label=t(lang, "gouji.action.ask_count"), row=1),
            GameButton(gid, "gj_team", "", None, label=t(lang, "gouji.ui.button.team"), row=1),
            GameButton(gid, "gj_shao", "", None, label=t(lang, "gouji.action.shao_pai"), row=1,
                       style=discord.ButtonStyle.danger),
            GameButton(gid, "gj_rang", "", version, label=t(lang, "gouji.action.rang_pai"), row=1),
            *[GameButton(gid, "gj_slot", str(c), version, row=2, style=discord.ButtonStyle.success,
                         label=t(lang, "gouji.ui.button.slot", player=_seat_name(session, lang, c)))
              for c in (state.candidates if state.turn < 0 else [])],
        ]

    # ------------------------------------------------------------------ private panel

    def _draft(self, session: GameSession, seat: int, target: int | None = None) -> Draft:
        """``seat``'s own draft, or (``target``) the set he is composing to suggest to an exposed partner;
        kept on the session (``session.ui["drafts"]``, by "seat" or "seat:target") and saved with it."""
        drafts = session.ui.setdefault("drafts", {})  # saved with the game
        key = str(seat) if target is None else f"{seat}:{target}"
        draft = drafts.get(key)
        if not isinstance(draft, Draft):  # new, or as saved: plain data
            draft = drafts[key] = Draft(**(draft or {}))
        return draft

    def _composing(self, state: gouji.State, seat: int, legal: list[Any]) -> str:
        """"turn", "shao" (a Shao Pai claim is possible), "return" or "" (no composer)."""
        if state.phase == "tribute_return" and any(isinstance(a, Return) for a in legal):
            return "return"
        if state.phase != "play":
            return ""
        if seat in gouji.to_act(state):
            return "turn"
        if any(isinstance(a, ShaoPai) for a in legal):
            return "shao"
        return ""

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        """The hand by rank, the pending prompt, partners' shown hands, the composer's preview."""
        state = session.state
        if state is None:
            return []
        lines = []
        hand = _hand(state, seat)
        lines.append(t(lang, "gouji.ui.hand", count=state.counts[seat], cards=grouped_hand(hand) or "—"))
        if team_paused(session):
            lines.append(pause_banner(session, lang))
        view = session.view(seat)
        if view.my_prompt:
            lines.append(t(lang, f"gouji.ui.prompt.{view.my_prompt}"))
        if view.tribute_received:
            lines.append(t(lang, "gouji.ui.tribute_received", cards=" ".join(view.tribute_received)))
        if view.tribute_given:
            lines.append(t(lang, "gouji.ui.tribute_given", cards=" ".join(view.tribute_given)))
        for partner, cards in view.partner_hands:
            lines.append(t(lang, "gouji.ui.partner_hand", player=_seat_name(session, lang, partner),
                           cards=" ".join(cards) or "—"))
        if state.rang is not None and state.rang[1] == seat and state.rang[2] == "pending":
            lines.append(t(lang, "gouji.ui.rang_asked", player=names(session, lang)[state.rang[0]]))
        for partner in range(6):
            advice = session.ui.get("suggestions", {}).get(f"{seat}:{partner}")
            if advice is not None and tuple(advice[1:]) == (state.deal_no, state.counts[seat]):
                lines.append(t(lang, "gouji.ui.suggested_to_you", player=names(session, lang)[partner],
                               play=advice[0]))
        legal = gouji.legal_actions(state, seat) if session.paused_until is None else []
        mode = self._composing(state, seat, legal)
        if mode in ("turn", "shao"):
            if mode == "shao":
                lines.append(t(lang, "gouji.ui.shao_window", target=names(session, lang)[state.top_seat],
                               top=str(state.top)))
            elif state.top is not None:
                lines.append(t(lang, "gouji.ui.to_beat", top=str(state.top),
                               player=names(session, lang)[state.top_seat]))
            lines.append(self._preview(session, seat, lang, legal, mode))
        elif mode == "return":
            lines.append(self._return_preview(session, seat, lang, legal))
        return lines

    def _action_for(self, state: gouji.State, seat: int, draft: Draft, mode: str) -> Play | ShaoPai | None:
        play = draft.play()
        if play is None:
            return None
        return ShaoPai(play) if mode == "shao" else play

    def _preview(self, session: GameSession, seat: int, lang: str, legal: list[Any], mode: str) -> str:
        state = session.state
        draft = self._draft(session, seat)
        action = self._action_for(state, seat, draft, mode)
        if action is None:
            return t(lang, "gouji.ui.preview.empty")
        play = action.play if isinstance(action, ShaoPai) else action
        if action not in legal:
            return t(lang, "gouji.ui.preview.illegal", play=str(play), reason=self._why(state, seat, action, lang))
        notes = []
        other = gouji.dui(seat)
        if play.rj:
            notes.append(t(lang, "gouji.ui.preview.unbeatable"))
        elif play.gouji and state.duel_a < 0 and state.counts[other] and state.shao != seat and mode == "turn":
            notes.append(t(lang, "gouji.ui.preview.starts_gou_ji", target=names(session, lang)[other]))
        if play.size == state.counts[seat]:
            notes.append(t(lang, "gouji.ui.preview.last_cards"))
        key = "gouji.ui.preview.shao" if mode == "shao" else "gouji.ui.preview.legal"
        return " ".join([t(lang, key, play=str(play)), *notes])

    @staticmethod
    def _why(state: gouji.State, seat: int, action: Any, lang: str) -> str:
        """The engine's own reason, found by trying the action on a copy of the state."""
        trial = gouji.state_from_dict(state.to_dict())
        try:
            gouji.apply(trial, seat, action)
        except IllegalAction as err:
            return reason(lang, err)
        return ""

    def _return_preview(self, session: GameSession, seat: int, lang: str, legal: list[Any]) -> str:
        draft = self._draft(session, seat)
        need = len(next(a for a in legal if isinstance(a, Return)).ranks)
        chosen = " ".join(RANK_TEXT[r] for r in sorted(draft.returns)) or "—"
        return t(lang, "gouji.ui.return_preview", n=need, cards=chosen)

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        state = session.state
        if state is None:
            return None
        mode = self._composing(state, seat, legal)
        if mode == "return":
            return self._return_items(session, seat, lang, legal)
        if mode in ("turn", "shao"):
            return self._composer_items(session, seat, lang, legal, mode)
        if state.phase == "play":  # count questions, showing and exposing are on the table's buttons
            return self._suggest_buttons(session, seat, lang)
        return None  # pre-hand decisions: one button per legal action (Ready, Ge Ming, Agree …)

    @staticmethod
    def _sets(legal: list[Any], mode: str) -> list[Play]:
        """The sets the composer may offer: plays on turn, the claim's sets in a Shao Pai window."""
        if mode == "shao":
            return [a.play for a in legal if isinstance(a, ShaoPai)]
        return [a for a in legal if isinstance(a, Play)]

    def _composer_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                        mode: str) -> list[discord.ui.Item[Any]]:
        """§13.3: rank, naturals, 2s, jokers; Confirm, Clear, Pass."""
        state = session.state
        gid, version = session.id, session.version
        hand = _hand(state, seat)
        draft = self._draft(session, seat)
        self._clamp(draft, hand)
        sets = self._sets(legal, mode)
        selects = set_selects(gid, version, hand, draft, sets, lang, "")
        row = len(selects)
        kinds = {getattr(a, "kind", "") for a in legal}
        buttons: list[tuple[str, str, str, discord.ButtonStyle]] = []
        confirm = "gouji.ui.button.shao" if mode == "shao" else "gouji.ui.button.confirm"
        if sets:
            buttons.append(("gj_ok", "", t(lang, confirm), discord.ButtonStyle.success))
            buttons.append(("gj_clear", "", t(lang, "gouji.ui.button.clear"), discord.ButtonStyle.secondary))
        if mode == "turn":
            if "rang_accept" in kinds:
                buttons.append(("gj_pass", "rang_accept", t(lang, "gouji.action.rang_accept"),
                                discord.ButtonStyle.primary))
                buttons.append(("gj_pass", "rang_decline", t(lang, "gouji.action.rang_decline"),
                                discord.ButtonStyle.secondary))
            elif "pass" in kinds:
                buttons.append(("gj_pass", "pass", self._pass_label(state, seat, lang), discord.ButtonStyle.primary))
            auto = self._auto_toggle(session, seat, lang)
            if auto is not None:
                buttons.append(auto)
            for action in legal:
                if isinstance(action, Choose) and action.target != seat:
                    buttons.append(("gj_choose", str(action.target),
                                    t(lang, "gouji.ui.button.let_play", player=names(session, lang)[action.target]),
                                    discord.ButtonStyle.secondary))
        items: list[discord.ui.Item[Any]] = list(selects)
        capacity = [(r, 5 if r < PANEL_NAV_ROW else 4) for r in range(row, ROWS)]
        slot = 0
        for verb, arg, label, style in buttons:
            while slot < len(capacity) and capacity[slot][1] == 0:
                slot += 1
            if slot >= len(capacity):
                break
            r, left = capacity[slot]
            capacity[slot] = (r, left - 1)
            items.append(GameButton(gid, verb, arg, version, label=label, style=style, row=r))
        return items

    @staticmethod
    def _pass_label(state: gouji.State, seat: int, lang: str) -> str:
        """§13.5 catching the wind: the wind's heir passes to request it, the others allow it."""
        if state.top is not None and state.counts[state.top_seat] == 0:
            heir = gouji.view(state, None).wind_seat
            return t(lang, "gouji.ui.button.request_wind" if heir == seat else "gouji.ui.button.allow_wind")
        return t(lang, "gouji.action.pass")

    @staticmethod
    def _clamp(draft: Draft, hand: list[int]) -> None:
        """A draft from an older hand (cards played since) is cut back to what is held."""
        if draft.rank and not hand[draft.rank]:
            draft.rank, draft.naturals = None, 0
        if draft.rank:
            draft.naturals = max(1, min(draft.naturals, hand[draft.rank]))
        draft.twos, draft.bj, draft.rj = min(draft.twos, hand[TWO]), min(draft.bj, hand[BJ]), min(draft.rj, hand[RJ])

    def _return_items(self, session: GameSession, seat: int, lang: str,
                      legal: list[Any]) -> list[discord.ui.Item[Any]]:
        """§13.4: one select per returned card listing the ranks held, then Confirm."""
        state = session.state
        gid, version = session.id, session.version
        hand = _hand(state, seat)
        need = len(next(a for a in legal if isinstance(a, Return)).ranks)
        draft = self._draft(session, seat)
        draft.returns = [r for r in draft.returns if hand[r]][:need]
        items: list[discord.ui.Item[Any]] = []
        held = [r for r in range(3, 18) if hand[r]]
        for slot in range(min(need, 3)):
            chosen = draft.returns[slot] if slot < len(draft.returns) else None
            options = [discord.SelectOption(label=t(lang, "gouji.ui.rank_option", rank=RANK_TEXT[r], n=hand[r]),
                                            value=str(r), default=chosen == r) for r in held]
            items.append(GameSelect(gid, "gj_ret", str(slot), version, options=options[:25], row=slot,
                                    placeholder=t(lang, "gouji.ui.pick_return", n=slot + 1)))
        items.append(GameButton(gid, "gj_rok", "", version, label=t(lang, "gouji.ui.button.confirm"),
                                style=discord.ButtonStyle.success, row=PANEL_NAV_ROW))
        items.append(GameButton(gid, "gj_rlow", "", version, label=t(lang, "gouji.ui.button.return_lowest"),
                                row=PANEL_NAV_ROW))
        return items

    # ------------------------------------------------------------------ clicks

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        if not verb.startswith("gj_"):
            return False
        state = session.state
        lang = _lang(interaction)
        if state is None:
            return False
        if verb == "gj_auto":  # §13: his own opt-in to the automatic pass, saved with the game
            chosen = session.ui.setdefault("autopass", {})
            if str(seat) in chosen:
                chosen.pop(str(seat))
            elif session.options.get("auto_pass_opt_in", False):
                chosen[str(seat)] = True
            if chosen.get(str(seat)):
                table.after_change(session)  # a pass that waited for him is made now (even if the answer fails)
            await table.show_panel(interaction, session, seat)
            return True
        draft = self._draft(session, seat)
        value = values[0] if values else arg
        if verb in ("gj_rank", "gj_nat", "gj_two", "gj_jok", "gj_clear") and arg.startswith("s"):
            await self._edit_suggestion(interaction, session, seat, arg[1:], verb, value, lang)
            return True
        if verb in ("gj_sug", "gj_sugok"):
            await self._suggest(table, interaction, session, seat, arg, verb == "gj_sugok", lang)
            return True
        if verb in ("gj_pause", "gj_resume"):
            await self._pause_click(table, interaction, session, seat, verb, lang)
            return True
        if verb == "gj_slot":
            target = parse_number(arg)
            refusal = self._slot_refusal(session, seat, target, lang)
            if refusal:
                await reply_privately(interaction, refusal)
                return True
            await self._play(table, interaction, session, seat, version, Choose(target))
            return True
        if verb in ("gj_rank", "gj_nat", "gj_two", "gj_jok", "gj_clear", "gj_ret"):
            if version is None or version != session.version:
                await table.show_panel(interaction, session, seat, note=t(lang, "games.error.stale"))
                return True
            legal = gouji.legal_actions(state, seat)
            mode = self._composing(state, seat, legal)
            self._edit_draft(draft, _hand(state, seat), verb, arg, value, self._sets(legal, mode),
                             state.top is None)
            await self._edit_composer(interaction, session, seat, lang)
            return True
        if verb == "gj_ok":
            legal = gouji.legal_actions(state, seat)
            mode = self._composing(state, seat, legal)
            action = self._action_for(state, seat, draft, mode or "turn")
            if action is None and version == session.version:
                await table.show_panel(interaction, session, seat, note=t(lang, "gouji.empty_set"))
                return True
            await self._play(table, interaction, session, seat, version, action)
            return True
        if verb == "gj_pass":
            await self._play(table, interaction, session, seat, version, Decision(arg or "pass"))
            return True
        if verb == "gj_choose":
            await self._play(table, interaction, session, seat, version, Choose(parse_number(arg)) if parse_number(arg) >= 0 else None)
            return True
        if verb in ("gj_rok", "gj_rlow"):
            legal = gouji.legal_actions(state, seat)
            returns = [a for a in legal if isinstance(a, Return)]
            back: Any = None
            if returns and verb == "gj_rlow":
                back = gouji.timeout_action(state, seat)
            elif returns:
                back = Return(tuple(sorted(draft.returns)))
            await self._play(table, interaction, session, seat, version, back)
            return True
        if verb == "gj_tpass":
            legal = gouji.legal_actions(state, seat)
            kinds = {getattr(a, "kind", "") for a in legal}
            if "pass" not in kinds:
                await reply_privately(interaction, t(lang, "games.error.cannot_pass"))
                return True
            await table.panel_play(interaction, session, seat, version, Decision("pass"))
            return True
        if verb == "gj_ask":
            await self._ask_menu(interaction, session, seat, lang)
            return True
        if verb == "gj_askt":
            target = parse_number(arg)
            await table.panel_play(interaction, session, seat, version, AskCount(target) if 0 <= target < 6 else None)
            return True
        if verb == "gj_team":
            await self._team_menu(interaction, session, seat, lang)
            return True
        if verb in ("gj_show", "gj_expose"):
            kind = "show_partners" if verb == "gj_show" else "expose"
            await table.panel_play(interaction, session, seat, version, Decision(kind))
            return True
        if verb == "gj_shao":
            legal = gouji.legal_actions(state, seat) if session.paused_until is None else []
            if not any(isinstance(a, ShaoPai) for a in legal):
                await reply_privately(interaction, t(lang, "gouji.ui.shao_refused"))
                return True
            await table.open_panel(interaction, session)
            return True
        if verb == "gj_rang":
            legal = gouji.legal_actions(state, seat) if session.paused_until is None else []
            if Decision("rang_pai") not in legal:
                await reply_privately(interaction, t(lang, "gouji.rang_not_possible"))
                return True
            await table.panel_play(interaction, session, seat, version, Decision("rang_pai"))
            return True
        return False

    @staticmethod
    async def _pause_click(table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                           verb: str, lang: str) -> None:
        """§13.6: Pause for the presser's team, or his agreement to resume; said on the table, answered
        privately."""
        was_on_hold = team_paused(session)
        refusal = request_pause(session, seat) if verb == "gj_pause" else resume_play(session, seat)
        if refusal:
            await reply_privately(interaction, t(lang, refusal))
            return
        await table.save(session)
        if verb == "gj_pause":
            text = t(lang, "seats.pause.you_paused")
        elif team_paused(session):
            text = t(lang, "seats.pause.you_agreed")
        else:
            text = t(lang, "seats.pause.resumed")
        if was_on_hold != team_paused(session):
            table.after_change(session)  # the clock stops or starts afresh; the computers wait or go on
        else:
            table.refresh_table(session)
        await reply_privately(interaction, text)  # after: a failed answer must not leave the game as it was

    @staticmethod
    async def _edit_composer(interaction: discord.Interaction, session: GameSession, seat: int, lang: str) -> None:
        """A draft change re-draws the panel's text and controls; its hand picture stays as it is."""
        surface = panel_surface(session, seat, lang, None)
        await edit_clicked(interaction, content=surface.content, view=surface.view())

    async def _play(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                    version: int | None, action: Any) -> None:
        before = session.version
        await table.panel_play(interaction, session, seat, version, action)
        if session.version != before:
            session.ui.get("drafts", {}).pop(str(seat), None)

    @staticmethod
    def _edit_draft(draft: Draft, hand: list[int], verb: str, arg: str, value: str, sets: list[Play],
                    leading: bool) -> None:
        """Apply one composer click, then snap the draft to the nearest legal set that keeps the choice."""
        number = parse_number(value)
        wanted: dict[str, int] = {}
        if verb == "gj_clear":
            draft.rank, draft.naturals, draft.twos, draft.bj, draft.rj, draft.returns = None, 0, 0, 0, 0, []
            return
        if verb == "gj_rank" and (number == WILD_ONLY or 3 <= number <= 14 and hand[number]):
            draft.rank = number
            draft.naturals = hand[number] if number else 0
            draft.twos = draft.bj = draft.rj = 0
            wanted = {"rank": number}
        elif verb == "gj_nat" and draft.rank and 1 <= number <= hand[draft.rank]:
            draft.naturals = number
            wanted = {"rank": draft.rank, "naturals": number}
        elif verb == "gj_two" and 0 <= number <= hand[TWO]:
            draft.twos = number
            wanted = {"rank": draft.rank or 0, "twos": number}
        elif verb == "gj_jok":
            b, _, r = value.partition(".")
            if 0 <= parse_number(b) <= hand[BJ] and 0 <= parse_number(r) <= hand[RJ]:
                draft.bj, draft.rj = int(b), int(r)
                wanted = {"rank": draft.rank or 0, "twos": draft.twos, "bj": int(b), "rj": int(r)}
        if wanted:
            near = [p for p in sets if all(getattr(p, k) == v for k, v in wanted.items())]
            if near:
                def distance(p: Play) -> tuple[int, ...]:
                    group = leading and verb == "gj_rank" and not (p.twos or p.bj or p.rj) and p.naturals == hand[p.rank]
                    off = abs(p.naturals - draft.naturals) + abs(p.twos - draft.twos) + abs(p.bj - draft.bj) \
                        + abs(p.rj - draft.rj)
                    return (0 if group else 1, off, p.bj + p.rj, p.twos, p.level)
                best = min(near, key=distance)
                draft.rank = best.rank if best.rank else WILD_ONLY
                draft.naturals, draft.twos, draft.bj, draft.rj = best.naturals, best.twos, best.bj, best.rj
            return
        if verb == "gj_ret" and parse_number(arg) >= 0 and 3 <= number <= 17:
            slot = int(arg)
            chosen = list(draft.returns)
            while len(chosen) <= slot:
                chosen.append(0)
            chosen[slot] = number
            picked = [r for r in chosen if r]
            if all(picked.count(r) <= hand[r] for r in set(picked)):
                draft.returns = [r for r in chosen if r]

    async def _ask_menu(self, interaction: discord.Interaction, session: GameSession, seat: int, lang: str) -> None:
        """§13.5 Ask count: the seats this player may ask now, as buttons (private)."""
        state = session.state
        legal = gouji.legal_actions(state, seat) if session.paused_until is None else []
        targets = [a.target for a in legal if isinstance(a, AskCount)]
        if not targets:
            await reply_privately(interaction, t(lang, "gouji.ui.nobody_to_ask"))
            return
        view = discord.ui.View(timeout=None)
        for target in targets:
            view.add_item(GameButton(session.id, "gj_askt", str(target), session.version,
                                     label=t(lang, "gouji.ui.button.ask", player=names(session, lang)[target])))
        await send_private(interaction, t(lang, "gouji.ui.ask_whom"), view=view)

    async def _team_menu(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         lang: str) -> None:
        """§13.5 Team: partners' shown hands, Show my hand to partners, Expose (Tiao Pai) — all private."""
        state = session.state
        view_ = session.view(seat)
        lines = [t(lang, "gouji.ui.team_title")]
        for partner, cards in view_.partner_hands:
            lines.append(t(lang, "gouji.ui.partner_hand", player=_seat_name(session, lang, partner),
                           cards=" ".join(cards) or "—"))
        if not view_.partner_hands:
            lines.append(t(lang, "gouji.ui.no_partner_hands"))
        legal = gouji.legal_actions(state, seat) if session.paused_until is None else []
        view = discord.ui.View(timeout=None)
        if Decision("show_partners") in legal:
            view.add_item(GameButton(session.id, "gj_show", "", session.version,
                                     label=t(lang, "gouji.action.show_partners")))
        if Decision("expose") in legal:
            view.add_item(GameButton(session.id, "gj_expose", "", session.version,
                                     label=t(lang, "gouji.action.expose"), style=discord.ButtonStyle.danger))
        for item in self._suggest_buttons(session, seat, lang):
            view.add_item(item)
        await send_private(interaction, "\n".join(lines)[:2000], view=view)


    # ------------------------------------------------------------------ endgame slot (R9.6.3, §13.5, §13.8)

    @staticmethod
    def _slot_refusal(session: GameSession, seat: int, target: int, lang: str) -> str:
        """Why ``seat`` may not name ``target`` for the open endgame slot ("" when he may): the
        candidates choose; a partner who is no candidate may name only a computer candidate (§13.5)."""
        state = session.state
        if state is None or state.phase != "play" or state.turn >= 0 or target not in state.candidates:
            return t(lang, "gouji.ui.slot_closed")
        if seat in state.candidates:
            return ""
        if seat % 2 != target % 2:
            return t(lang, "gouji.ui.slot_other_team")
        if not session.seats[target].computer_plays:
            return t(lang, "gouji.ui.slot_person_decides", player=names(session, lang)[target])
        return ""

    # ------------------------------------------------------------------ suggestions (R9.4.2, §13.5)

    @staticmethod
    def _may_suggest(state: gouji.State, seat: int, target: int) -> bool:
        """A partner of an exposed player who still holds cards may advise him (R9.4.2)."""
        return (state.phase == "play" and 0 <= target < 6 and target != seat and target % 2 == seat % 2
                and state.exposed[target] and state.counts[target] > 0)

    def _suggest_buttons(self, session: GameSession, seat: int, lang: str) -> list[discord.ui.Item[Any]]:
        state = session.state
        items: list[discord.ui.Item[Any]] = [
            GameButton(session.id, "gj_sug", str(p), None, row=4,
                       label=t(lang, "gouji.ui.button.suggest", player=names(session, lang)[p]))
            for p in range(6) if self._may_suggest(state, seat, p)]
        auto = self._auto_toggle(session, seat, lang)
        if auto is not None:
            items.insert(0, GameButton(session.id, auto[0], auto[1], None, label=auto[2], style=auto[3], row=3))
        return items

    @staticmethod
    def _auto_toggle(session: GameSession, seat: int,
                     lang: str) -> tuple[str, str, str, discord.ButtonStyle] | None:
        """§13 ``auto_pass_opt_in``: a player's own switch to pass automatically when he cannot beat."""
        if not session.options.get("auto_pass_opt_in", False):
            return None
        on = str(seat) in session.ui.get("autopass", {})
        return ("gj_auto", "", t(lang, "options.gouji.auto_pass_on" if on else "options.gouji.auto_pass_off"),
                discord.ButtonStyle.success if on else discord.ButtonStyle.secondary)

    @staticmethod
    def _suggest_sets(state: gouji.State, target: int) -> tuple[list[Play], bool]:
        """What may be suggested: on the owner's turn his legal sets (and passing), else any set of his hand."""
        if target == state.turn or target in state.candidates:
            legal = gouji.legal_actions(state, target)
            return [a for a in legal if isinstance(a, Play)], gouji.PASS in legal
        return moves.all_sets(state.hands[target]), False

    def _suggestion_surface(self, session: GameSession, seat: int, target: int, lang: str,
                            note: str = "") -> tuple[str, discord.ui.View]:
        """The private suggestion composer: the exposed cards (public), the composer selects, Post."""
        state = session.state
        hand = state.hands[target]
        draft = self._draft(session, seat, target)
        self._clamp(draft, hand)
        sets, pass_ok = self._suggest_sets(state, target)
        lines = [t(lang, "gouji.ui.suggest_title", player=_seat_name(session, lang, target),
                   cards=grouped_hand(hand))]
        if (target == state.turn or target in state.candidates) and state.top is not None:
            lines.append(t(lang, "gouji.ui.to_beat", top=str(state.top), player=names(session, lang)[state.top_seat]))
        play = draft.play()
        if play is None:
            lines.append(t(lang, "gouji.ui.suggest_empty"))
        elif play in sets:
            lines.append(t(lang, "gouji.ui.suggest_preview", play=str(play)))
        else:
            lines.append(t(lang, "gouji.ui.suggest_not_set", play=str(play)))
        if note:
            lines.append(note)
        view = discord.ui.View(timeout=None)
        selects = set_selects(session.id, session.version, hand, draft, sets, lang, f"s{target}")
        for item in selects:
            view.add_item(item)
        row = len(selects)
        if sets:
            view.add_item(GameButton(session.id, "gj_sugok", str(target), None, row=row,
                                     label=t(lang, "gouji.ui.button.post_suggestion"),
                                     style=discord.ButtonStyle.success))
            view.add_item(GameButton(session.id, "gj_clear", f"s{target}", None, row=row,
                                     label=t(lang, "gouji.ui.button.clear")))
        if pass_ok:
            view.add_item(GameButton(session.id, "gj_sugok", f"{target}p", None, row=row,
                                     label=t(lang, "gouji.ui.button.suggest_pass")))
        return "\n".join(lines)[:2000], view

    async def _edit_suggestion(self, interaction: discord.Interaction, session: GameSession, seat: int,
                               target_text: str, verb: str, value: str, lang: str) -> None:
        """A composer click in a suggestion: the draft follows the owner's current cards (no stale check:
        advice changes nothing, and Post checks the set against the table as it is then)."""
        state = session.state
        target = parse_number(target_text)
        if not self._may_suggest(state, seat, target):
            await reply_privately(interaction, t(lang, "gouji.ui.suggest_closed"))
            return
        draft = self._draft(session, seat, target)
        hand = state.hands[target]
        self._clamp(draft, hand)
        sets, _ = self._suggest_sets(state, target)
        self._edit_draft(draft, hand, verb, "", value, sets, state.top is None or target != state.turn)
        content, view = self._suggestion_surface(session, seat, target, lang)
        await edit_clicked(interaction, content=content, view=view)

    async def _suggest(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       arg: str, post: bool, lang: str) -> None:
        """Open the suggestion composer (``gj_sug``) or post the composed set publicly (``gj_sugok``,
        ``<seat>p`` suggests passing). The owner still decides (R9.4.2): nothing is played."""
        state = session.state
        passing = post and arg.endswith("p")
        digits = arg[:-1] if passing else arg
        target = parse_number(digits)
        if not self._may_suggest(state, seat, target):
            await reply_privately(interaction, t(lang, "gouji.ui.suggest_closed"))
            return
        if not post:
            content, view = self._suggestion_surface(session, seat, target, lang)
            await send_private(interaction, content, view=view)
            return
        sets, pass_ok = self._suggest_sets(state, target)
        play = self._draft(session, seat, target).play()
        if not (pass_ok if passing else play is not None and play in sets):
            content, view = self._suggestion_surface(session, seat, target, lang,
                                                     note=t(lang, "gouji.ui.suggest_pick_first"))
            await edit_clicked(interaction, content=content, view=view)
            return
        async with session.lock:
            seat_names = names(session, session.lang)
            text = t(session.lang, "gouji.action.pass") if passing else str(play)
            session.add_line(t(session.lang, "gouji.ui.suggestion", player=seat_names[seat],
                               target=seat_names[target], play=text))
            # the latest suggestion of each partner: "owner:partner" -> [text, deal_no, owner's count]
            session.ui.setdefault("suggestions", {})[f"{target}:{seat}"] = [text, state.deal_no, state.counts[target]]
            await table.save(session)
        table.refresh_table(session)
        content, view = self._suggestion_surface(session, seat, target, lang, note=t(lang, "gouji.ui.suggest_posted"))
        await edit_clicked(interaction, content=content, view=view)

def set_selects(gid: int, version: int, hand: list[int], draft: Draft, sets: list[Play], lang: str,
                arg: str) -> list[discord.ui.Item[Any]]:
    """The composer's selects (§13.3): rank, naturals, 2s, jokers, one row each from row 0.

    Each select lists only the values that occur in some set of ``sets`` with what is already
    chosen (a select with one choice is left out), so every click keeps the draft playable.
    ``arg`` tells the click handler whose draft it is ("" own panel, ``s<seat>`` a suggestion).
    """
    selects: list[discord.ui.Item[Any]] = []
    ranks = sorted({p.rank for p in sets}, key=lambda r: -r if r else -99)
    options = [discord.SelectOption(label=t(lang, "gouji.ui.rank_option", rank=RANK_TEXT[r], n=hand[r]),
                                    value=str(r), default=draft.rank == r) for r in ranks if r]
    if WILD_ONLY in ranks:
        options.append(discord.SelectOption(label=t(lang, "gouji.ui.wild_only"), value="0",
                                            default=draft.rank == WILD_ONLY))
    row = 0
    if options:
        selects.append(GameSelect(gid, "gj_rank", arg, version, options=options[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_rank")))
        row += 1
    same = [p for p in sets if draft.rank is not None and p.rank == draft.rank]
    naturals = sorted({p.naturals for p in same})
    if draft.rank and len(naturals) > 1:
        nat = [discord.SelectOption(label=t(lang, "gouji.ui.naturals_option", n=n, rank=RANK_TEXT[draft.rank]),
                                    value=str(n), default=draft.naturals == n) for n in naturals]
        selects.append(GameSelect(gid, "gj_nat", arg, version, options=nat[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_naturals")))
        row += 1
    twos = sorted({p.twos for p in same if p.naturals == draft.naturals or not draft.rank})
    if len(twos) > 1:
        two_options = [discord.SelectOption(label=t(lang, "gouji.ui.twos_option", n=n), value=str(n),
                                            default=draft.twos == n) for n in twos]
        selects.append(GameSelect(gid, "gj_two", arg, version, options=two_options[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_twos")))
        row += 1
    jokers = sorted({(p.bj, p.rj) for p in same if (p.naturals == draft.naturals or not draft.rank)
                     and p.twos == draft.twos})
    if len(jokers) > 1 or jokers and jokers[0] != (0, 0):
        joker_options = [discord.SelectOption(label=t(lang, "gouji.ui.jokers_option", b=b, r=r),
                                              value=f"{b}.{r}", default=(draft.bj, draft.rj) == (b, r))
                         for b, r in jokers]
        selects.append(GameSelect(gid, "gj_jok", arg, version, options=joker_options[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_jokers")))
        row += 1
    return selects


def _lang(interaction: discord.Interaction) -> str:
    return private_language(interaction)


CONTROLS = GoujiControls()

__all__ = ["CONTROLS", "Draft", "GoujiControls", "grouped_hand", "set_selects"]
