"""Gou Ji in Discord (rules §13): the table's banner and public buttons, the private panel, the clicks.

The engine decides every rule (its ``TIMING`` answers the table's rule questions); this module turns
a player's clicks into one of the engine's actions and the views into words. Nothing here reveals
eligibility: the public buttons are the same for everybody, and whether a click was possible is
answered privately (§13, "No information leaks"). The play composer is ``gouji_composer``, the team
surfaces (endgame slot, Ask count, Team, suggestions) are ``gouji_suggest``.

Composer drafts and suggestions live on the session (``session.ui``) and are saved with the game.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.games.gouji import TIMING, AskCount, Choose, Decision, Play, Return, ShaoPai, hand_from_view
from bot.i18n import t
from bot.replies import reply_privately

from ...utils.language import private_language
from ..components import GameButton, parse_number
from ..substitutes import free_seats
from ..table_buttons import rules_button
from ..team_pause import banner as pause_banner
from ..team_pause import on_hold as team_paused
from ..team_pause import request as request_pause
from ..team_pause import resume as resume_play
from ..words import names
from . import GameControls, Seating
from . import gouji_composer as composer
from . import gouji_suggest as team
from .gouji_composer import Draft, grouped_hand, set_selects

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions


def ready_seats(session: GameSession) -> set[int]:
    """Who pressed Ready in this pause between hands (remembered with the pause's end)."""
    entry = session.ui.get("ready")
    if not entry or session.paused_until is None or entry[0] != session.paused_until:
        return set()
    return set(entry[1])


def not_ready(session: GameSession, ready: set[int]) -> list[int]:
    """The people the next hand still waits for (computers are always ready)."""
    return [s for s, info in enumerate(session.seats) if info.user_id is not None and not info.left
            and not info.computer_plays and s not in ready]


class GoujiSeating(Seating):
    """Gou Ji's people part of the table rules: computers claim and wait for people (§13.8), a person's own automatic
    pass (§13), Ready between hands and a team's pause (§13.6)."""

    def deciders(self, session: GameSession) -> set[int]:
        """The rules' Shao Pai claimers (R8.1, ``TIMING.deciders``) that are computer seats (§13.8: a computer
        claims whenever it can). People who may claim are not listed: nobody is pinged for a hidden
        eligibility; they claim from their panel or the public Shao Pai button."""
        return {seat for seat in super().deciders(session) if session.seats[seat].computer_plays}

    def computer_wait(self, table: TableActions, session: GameSession, seats: list[int]) -> float:
        """How long the computer seats ``seats`` should still hold back (``math.inf``: until people act). The
        rule is the engine's (``TIMING.computer_hold``); the table says who is a person, and keeps the clock
        (when the window opened). With instant computers (tests, benchmarks) no table time is modelled."""
        if session.live is None:
            return 0.0
        hold = TIMING.computer_hold(session.view(None))
        if hold is None or not hold.key:
            session.ui.pop("shao_window", None)
        if hold is None or all(session.seats[s].computer_plays for s in hold.for_people):
            return 0.0
        if not any(s in hold.seats for s in seats):
            return 0.0
        if hold.seconds == math.inf:
            return math.inf
        seconds = hold.seconds if table.computer_delay > 0 else 0.0
        if seconds <= 0:
            return 0.0
        key = list(hold.key)
        known = session.ui.get("shao_window")  # when this window opened: [window key, time]
        if known is None or known[0] != key:
            known = session.ui["shao_window"] = [key, time.time()]
        return max(0.0, float(known[1]) + seconds - time.time())

    def computer_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§13.8: the endgame choice the rules make for computer candidates (``TIMING.computer_action``), only
        when every candidate is a computer: with a person among them the computers wait (``computer_wait``)."""
        if session.live is None or any(not session.seats[c].computer_plays for c in session.view(None).candidates):
            return None
        return super().computer_action(session, seat, legal)

    def made_for_them(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§13: the rules name the pass that may be made for a person who cannot beat (``TIMING.made_for``,
        with ``auto_pass_opt_in``); it is made only if he switched it on for himself (the panel's toggle,
        kept in ``session.ui``)."""
        if str(seat) not in session.ui.get("autopass", {}):
            return None
        return super().made_for_them(session, seat, legal)

    def made_for_them_delay(self, session: GameSession, delay: float) -> float:
        """§13: an opted-in automatic pass comes after a random 1–4 s (an instant one would say "cannot beat")."""
        if delay <= 0:
            return 0.0
        return random.uniform(1.0, 4.0)

    def ready_for_next(self, session: GameSession, seat: int | None) -> list[str]:
        """§13.6: the next hand starts after 30 s or when all are Ready, not at the first click."""
        ready = ready_seats(session)
        if seat is not None:
            ready.add(seat)
        session.ui["ready"] = [session.paused_until, sorted(ready)]
        seat_names = names(session, session.lang)
        return [seat_names[s] for s in not_ready(session, ready)]

    def on_hold(self, session: GameSession) -> bool:
        """§13.6: a team asked for a pause, and not every person has agreed to resume yet."""
        return team_paused(session)


class GoujiControls(GameControls):
    """Gou Ji's table banner, public buttons, panel lines and clicks (the composer and the team surfaces are
    ``gouji_composer`` and ``gouji_suggest``)."""

    def select(self, session: GameSession, seat: int, action: Any) -> None:
        """A hinted set (or tribute return) stands in the composer's draft: its own button plays it."""
        made = composer.draft(session, seat)
        play = action.play if isinstance(action, ShaoPai) else action
        if isinstance(play, Play):
            made.rank, made.naturals, made.twos, made.bj, made.rj = (play.rank, play.naturals, play.twos, play.bj,
                                                                    play.rj)
        elif isinstance(action, Return):
            made.returns = list(action.ranks)

    def made_for_them_line(self, session: GameSession, seat: int, action: Any, lang: str) -> str:
        return t(lang, "options.gouji.auto_passed")

    # ------------------------------------------------------------------ public table

    def table_lines(self, session: GameSession, lang: str) -> list[str]:
        return self._table_lines(session, lang) + self._ready_lines(session, lang)

    def _ready_lines(self, session: GameSession, lang: str) -> list[str]:
        """§13.6: who is Ready for the next hand (between hands, under the hand's summary)."""
        ready = ready_seats(session)
        if session.paused_until is None or not ready:
            return []
        seat_names = names(session, lang)
        return [t(lang, "options.ready.line", ready=", ".join(seat_names[s] for s in sorted(ready)),
                  waiting=", ".join(seat_names[s] for s in not_ready(session, ready)))]

    def _table_lines(self, session: GameSession, lang: str) -> list[str]:
        """The mode banner (§13.2) and the session's team scores."""
        if session.live is None:
            return []
        if team_paused(session):  # §13.6: a team's pause says who has yet to press Resume
            return [pause_banner(session, lang)]
        public = session.view(None)
        seat_names = names(session, lang)
        banner = ""
        phase = public.phase
        if phase == "play":
            mode = public.mode
            if mode == "gou_ji" and public.duel is not None:
                banner = t(lang, "gouji.ui.banner.gou_ji", a=seat_names[public.duel[0]], b=seat_names[public.duel[1]])
            elif mode == "shao_pai" and public.shao_seat is not None:
                banner = t(lang, "gouji.ui.banner.shao_pai", player=seat_names[public.shao_seat])
            elif mode == "wind":
                banner = t(lang, "gouji.ui.banner.wind", player=seat_names[public.wind_seat or 0])
            elif public.turn is None and public.candidates:
                side = public.seats[public.candidates[0]].team
                letters = "".join("ABCDEF"[s.seat] for s in public.seats if s.team == side)
                who = ", ".join(seat_names[c] for c in public.candidates)
                banner = t(lang, "gouji.ui.banner.team_choose", team=letters, who=who)
            elif mode == "endgame":
                banner = t(lang, "gouji.ui.banner.endgame")
            else:
                banner = t(lang, "gouji.ui.banner.normal")
        elif phase in ("ge_ming_vote", "ge_ming_decide") and public.ge_ming_seat is not None:
            banner = t(lang, f"gouji.ui.banner.{phase}", player=seat_names[public.ge_ming_seat])
        elif phase in ("threes", "revolution", "swap", "tribute_agree", "tribute_return"):
            banner = t(lang, f"gouji.ui.banner.{phase}")
        kind = t(lang, f"gouji.hand_kind.{public.hand_kind}")
        ace, bdf = public.team_scores
        score = t(lang, "gouji.ui.scores", hand=public.hand_no, kind=kind, ace=ace, bdf=bdf)
        if public.rang_pai is not None and public.rang_pai[2] == "pending":
            banner += " · " + t(lang, "gouji.ui.rang_pending", player=seat_names[public.rang_pai[0]],
                                target=seat_names[public.rang_pai[1]])
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
        gid, version = session.id, session.version
        if team_paused(session):
            return [rules_button(session, lang, row=0),
                    GameButton(gid, "gj_resume", "", None, label=t(lang, "seats.pause.button.resume"), emoji="▶️",
                               style=discord.ButtonStyle.success, row=0)]
        always = [rules_button(session, lang, row=0),
                  GameButton(gid, "gj_pause", "", None, label=t(lang, "seats.pause.button.pause"), emoji="⏸️",
                             row=0)]
        public = session.view(None) if session.live is not None else None
        if public is None or public.phase != "play":
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
                         label=t(lang, "gouji.ui.button.slot", player=team.seat_name(session, lang, c)))
              for c in (public.candidates if public.turn is None else ())],
        ]

    # ------------------------------------------------------------------ private panel

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        """The hand by rank, the pending prompt, partners' shown hands, the composer's preview."""
        if session.live is None:
            return []
        view = session.view(seat)
        lines = [t(lang, "gouji.ui.hand", count=view.seats[seat].cards,
                   cards=grouped_hand(hand_from_view(view)) or "—")]
        if team_paused(session):
            lines.append(pause_banner(session, lang))
        if view.my_prompt:
            lines.append(t(lang, f"gouji.ui.prompt.{view.my_prompt}"))
        if view.tribute_received:
            lines.append(t(lang, "gouji.ui.tribute_received", cards=" ".join(view.tribute_received)))
        if view.tribute_given:
            lines.append(t(lang, "gouji.ui.tribute_given", cards=" ".join(view.tribute_given)))
        for partner, cards in view.partner_hands:
            lines.append(t(lang, "gouji.ui.partner_hand", player=team.seat_name(session, lang, partner),
                           cards=" ".join(cards) or "—"))
        rang = view.rang_pai
        if rang is not None and rang[1] == seat and rang[2] == "pending":
            lines.append(t(lang, "gouji.ui.rang_asked", player=names(session, lang)[rang[0]]))
        lines += team.suggestions_to(session, seat, lang)
        legal = team.legal_now(session, seat)
        mode = composer.composing(view, seat, legal)
        if mode in ("turn", "shao"):
            top_owner = names(session, lang)[view.top_seat] if view.top_seat is not None else ""
            if mode == "shao":
                lines.append(t(lang, "gouji.ui.shao_window", target=top_owner, top=str(view.top)))
            else:  # said here, not on the hand's picture, which changes only with the hand
                if view.top is not None:
                    lines.append(t(lang, "gouji.ui.to_beat", top=view.top, player=top_owner))
                lines.append(t(lang, "games.panel.your_turn"))
            lines.append(composer.preview(session, seat, lang, legal, mode))
        elif mode == "return":
            lines.append(composer.return_preview(session, seat, lang, legal))
        return lines

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        if session.live is None:
            return None
        view = session.view(seat)
        mode = composer.composing(view, seat, legal)
        if mode == "return":
            return composer.return_items(session, seat, lang, legal)
        if mode in ("turn", "shao"):
            return composer.composer_items(session, seat, lang, legal, mode)
        if view.phase == "play":  # count questions, showing and exposing are on the table's buttons
            return team.suggest_buttons(session, seat, lang)
        return None  # pre-hand decisions: one button per legal action (Ready, Ge Ming, Agree …)

    # ------------------------------------------------------------------ clicks

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        if not verb.startswith("gj_") or session.live is None:
            return False
        lang = private_language(interaction)
        value = values[0] if values else arg
        if verb == "gj_auto":  # §13: his own opt-in to the automatic pass, saved with the game
            chosen = session.ui.setdefault("autopass", {})
            if str(seat) in chosen:
                chosen.pop(str(seat))
            elif session.options.get("auto_pass_opt_in", False):
                chosen[str(seat)] = True
            if chosen.get(str(seat)):
                table.after_change(session)  # a pass that waited for him is made now (even if the answer fails)
            await table.show_panel(interaction, session, seat)
        elif verb in composer.SET_VERBS and arg.startswith("s"):
            await team.edit_suggestion(interaction, session, seat, arg[1:], verb, value, lang)
        elif verb in ("gj_sug", "gj_sugok"):
            await team.suggest(table, interaction, session, seat, arg, verb == "gj_sugok", lang)
        elif verb in ("gj_pause", "gj_resume"):
            await self._pause_click(table, interaction, session, seat, verb, lang)
        elif verb == "gj_slot":
            target = parse_number(arg)
            refusal = team.slot_refusal(session, seat, target, lang)
            if refusal:
                await reply_privately(interaction, refusal)
            else:
                await composer.play(table, interaction, session, seat, version, Choose(target))
        elif verb in (*composer.SET_VERBS, "gj_ret", "gj_ok", "gj_rok", "gj_rlow", "gj_quick"):
            await composer.click(table, interaction, session, seat, version, verb, arg, value, lang)
        elif verb == "gj_pass":
            await composer.play(table, interaction, session, seat, version, Decision(arg or "pass"))
        elif verb == "gj_choose":
            target = parse_number(arg)
            await composer.play(table, interaction, session, seat, version, Choose(target) if target >= 0 else None)
        else:
            return await self._table_click(table, interaction, session, seat, version, verb, arg, lang)
        return True

    async def _table_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession,
                           seat: int, version: int | None, verb: str, arg: str, lang: str) -> bool:
        """The table's public buttons (§13.2): whether the click was possible is answered privately."""
        if verb == "gj_tpass":
            kinds = {getattr(a, "kind", "") for a in (session.live.legal(seat) if session.live else [])}
            if "pass" not in kinds:
                await reply_privately(interaction, t(lang, "games.error.cannot_pass"))
                return True
            await table.panel_play(interaction, session, seat, version, Decision("pass"))
        elif verb == "gj_ask":
            await team.ask_menu(interaction, session, seat, lang)
        elif verb == "gj_askt":
            target = parse_number(arg)
            await table.panel_play(interaction, session, seat, version, AskCount(target) if 0 <= target < 6 else None)
        elif verb == "gj_team":
            await team.team_menu(interaction, session, seat, lang)
        elif verb in ("gj_show", "gj_expose"):
            kind = "show_partners" if verb == "gj_show" else "expose"
            await table.panel_play(interaction, session, seat, version, Decision(kind))
        elif verb == "gj_shao":
            if not any(isinstance(a, ShaoPai) for a in team.legal_now(session, seat)):
                await reply_privately(interaction, t(lang, "gouji.ui.shao_refused"))
                return True
            await table.open_panel(interaction, session)
        elif verb == "gj_rang":
            if Decision("rang_pai") not in team.legal_now(session, seat):
                await reply_privately(interaction, t(lang, "gouji.rang_not_possible"))
                return True
            await table.panel_play(interaction, session, seat, version, Decision("rang_pai"))
        else:
            return False
        return True

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

CONTROLS = GoujiControls()
SEATING = GoujiSeating()

__all__ = ["CONTROLS", "SEATING", "Draft", "GoujiControls", "GoujiSeating", "grouped_hand", "set_selects"]
