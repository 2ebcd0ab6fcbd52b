"""Goita in Discord (rules §12): the team draw, the table's lines and buttons, the clock's people part.

The rules of the clock (§12.10: the window, the reminder, what a timeout does, the pass made against a
king) are the engine's ``TIMING``; this module only decides what needs people: whether another person
could be offered Abort, the stall offers, and which length applies at this table. The private panel's
composer is ``goita_composer``. The partners' Play/Redeal choice (R5.6/R5.7) has public buttons only the
asked partners can use; each answer is confirmed privately and the engine reveals them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games.goita import IDLE_WINDOW, TIMING, Decide, Play, View, seat_draw
from bot.i18n import t
from bot.replies import reply_privately

from ...utils.language import private_language
from ..components import GameButton, parse_number
from ..words import names
from . import WAIT, WAIT_ALONE, GameControls, Seating
from . import goita_composer as composer
from .goita_composer import piece_name

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions

SEAT_KEYS = ("S", "E", "N", "W")
#: the verb of the "Abort game" button offered when a leader's time ran out (§12.10)
ABORT_VERB = "abort"
#: the verb of "Computer plays for X", offered for a leader idle the rules' idle window with the timer off
TAKEOVER_VERB = "cpufor"


def _team_line(lang: str, seat_names: list[str], v: View) -> str:
    return t(lang, "goita.ui.scores", ns=v.scores[0], ew=v.scores[1], target=v.target,
             ns_names=f"{seat_names[0]} & {seat_names[2]}", ew_names=f"{seat_names[1]} & {seat_names[3]}")


def _others(session: GameSession, seat: int) -> bool:
    """Another person plays at this table (who could press "Abort game" or "Computer plays for")."""
    return any(s != seat and info.user_id is not None and not info.left for s, info in enumerate(session.seats))


class GoitaSeating(Seating):
    """Goita's people part of §12.10: the pace a host or server sets, the idle window only where another person could
    act, who shows as away, and the offers when a leader's time runs out."""

    def paced(self, session: GameSession, rules_seconds: float) -> float:
        """The table's pace: the host's own ``turn_timeout`` option is this game's timer as set, and the idle
        window of a timer switched off is the rules' 5 minutes; without the option the game's or the
        server's turn timeout replaces the rules' 120 s, as in every game."""
        if "turn_timeout" in session.options:
            return rules_seconds
        return super().paced(session, rules_seconds)

    def window_seconds(self, session: GameSession, seat: int) -> float | None:
        """The engine's window, except that the timer-off idle window times nobody when no other person
        plays: nobody else could press "Computer plays for" or "Abort game" (people are the table's)."""
        if session.live is not None and session.live.window_key(seat) == IDLE_WINDOW and not _others(session, seat):
            return 0.0
        return super().window_seconds(session, seat)

    def is_away(self, session: GameSession, seat: int) -> bool:
        """§12.10: the seat shows *(away)* after ``TIMING.shown_away_after`` expiry until its person clicks
        again (the computer plays it at once only after ``away_after``): the timeouts counted are people's."""
        info = session.seats[seat]
        return info.user_id is not None and not info.left and info.timeouts >= TIMING.shown_away_after

    def timeout_outcome(self, session: GameSession, seat: int) -> str:
        """The engine's outcome; its ``WAIT`` (nobody moves for a deciding partner or, timer off, a leader)
        is ``WAIT_ALONE`` when no other person plays, who could be offered "Abort game"."""
        outcome = super().timeout_outcome(session, seat)
        return WAIT_ALONE if outcome == WAIT and not _others(session, seat) else outcome

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
        if entry is None or session.live is None or entry[0] != session.version:
            return frozenset()
        waiting = session.live.to_act()
        return frozenset(s for s in entry[1] if s in waiting and not session.seats[s].computer_plays)


class GoitaControls(GameControls):
    """Goita's draw, table banner and decision buttons; the composer is ``goita_composer``."""

    def made_for_them_line(self, session: GameSession, seat: int, action: Any, lang: str) -> str:
        return t(lang, "options.goita.no_block_vs_king")

    def select(self, session: GameSession, seat: int, action: Any) -> None:
        """A hinted play waits in the composer's Confirm step (§12.5): one click plays it."""
        if isinstance(action, Play):
            arg = f"{'L' if action.lead else 'B'}{action.first}{action.attack}"
            session.ui.setdefault("confirm", {})[str(seat)] = [session.version, arg]

    # ---------------------------------------------------------------- start

    def seat_draw(self, session: GameSession, lang: str) -> list[str]:
        """R3.1/§12.2: the engine's draw seats people (partners opposite, S–N and E–W); its lines."""
        draw = seat_draw(session.seed, session.options)
        if draw.order is not None:
            lobby = list(session.seats)
            session.seats[:] = [lobby[i] for i in draw.order]
        seat_names = names(session, lang)
        parts = []
        for seat, name in enumerate(seat_names):
            where = t(lang, f"goita.seat_{SEAT_KEYS[seat]}")
            if draw.pieces is not None:
                parts.append(t(lang, "goita.ui.drew", player=name, piece=piece_name(lang, draw.pieces[seat]),
                               seat=where))
            else:
                parts.append(f"{where}: {name}")
        lines = [t(lang, "goita.ui.draw", seats=" · ".join(parts))]
        if draw.dealer_drawn:
            lines.append(t(lang, "goita.ui.first_dealer", player=seat_names[draw.dealer]))
        lines.append(t(lang, "goita.ui.partners", ns=f"{seat_names[0]} & {seat_names[2]}",
                       ew=f"{seat_names[1]} & {seat_names[3]}"))
        return lines

    def lobby_lines(self, session: GameSession, lang: str) -> list[str]:
        """X5, §12.10: with ``table_talk_reminder`` the lobby text reminds players not to discuss pieces."""
        return [t(lang, "options.goita.table_talk")] if session.options.get("table_talk_reminder") else []

    # ---------------------------------------------------------------- public table

    def table_lines(self, session: GameSession, lang: str) -> list[str]:
        """Scores to the target, round and dealer, the current attack, five-pawn badges, last round."""
        if session.live is None:
            return []
        v: View = session.view(None)
        seat_names = names(session, lang)
        lines = [_team_line(lang, seat_names, v) + " · " + t(lang, "goita.ui.round", round=v.round_no,
                                                             dealer=seat_names[v.dealer])]
        if v.phase == "decide":
            waiting = [seat_names[s] for s in v.deciders if s not in v.decided]
            lines.append(t(lang, "goita.ui.deciding", who=", ".join(seat_names[s] for s in v.deciders),
                           chosen=len(v.decided), asked=len(v.deciders), waiting=", ".join(waiting)))
        elif v.phase == "play" and v.turn is not None:
            if v.attack is not None and not v.leading:
                lines.append(t(lang, "goita.ui.attack", piece=piece_name(lang, v.attack),
                               player=seat_names[v.attacker if v.attacker is not None else 0],
                               next=seat_names[v.turn]))
            else:
                lines.append(t(lang, "goita.ui.leads", player=seat_names[v.turn]))
        shown = [seat_names[s] for s, five in enumerate(v.goshi) if five]
        if shown and v.phase != "over":
            lines.append(t(lang, "goita.ui.goshi", players=", ".join(shown)))
        lines += _last_round_lines(lang, v, seat_names)
        lines.append(t(lang, "goita.ui.legend"))
        if v.options.get("table_talk_reminder"):
            lines.append(t(lang, "options.goita.table_talk"))  # X5, §12.10: the table's footer reminds players
        return lines

    def summary_lines(self, session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
        """Under a round's summary: the teams' scores and how the round ended (the table shows the next
        deal only once it starts)."""
        if session.live is None or final:
            return []
        v, seat_names = session.view(None), names(session, lang)
        return [_team_line(lang, seat_names, v), *_last_round_lines(lang, v, seat_names)]

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """§12.4: Play on / Redeal on the table while partners decide (only they may press); §12.10:
        "Abort game" while a leader's time has run out (only the other players may press)."""
        if session.live is None:
            return []
        phase = session.view(None).phase
        items: list[discord.ui.Item[Any]] = []
        if phase == "decide":
            items += [
                GameButton(session.id, "decide", "continue", label=t(lang, "goita.action.continue"),
                           style=discord.ButtonStyle.success),
                GameButton(session.id, "decide", "redeal", label=t(lang, "goita.action.redeal"),
                           style=discord.ButtonStyle.danger),
            ]
        stalled = SEATING.stalled(session)
        if stalled and phase == "play":
            seat_names = names(session, lang)
            for seat in sorted(stalled):
                items.append(GameButton(session.id, TAKEOVER_VERB, str(seat),
                                        label=t(lang, "options.goita.computer_plays_for", player=seat_names[seat])[:80],
                                        style=discord.ButtonStyle.secondary, emoji="🤖"))
        if stalled:
            items.append(GameButton(session.id, ABORT_VERB, label=t(lang, "clock.button.abort"),
                                    style=discord.ButtonStyle.danger, emoji="🛑"))
        return items

    # ---------------------------------------------------------------- private panel (``goita_composer``)

    @staticmethod
    def confirms(session: GameSession, arg: str) -> bool:
        """§12.5 ``confirm_moves``: a play picked in the composer (``L``/``B`` + pieces) waits for Confirm."""
        return composer.confirms(session, arg)

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        return composer.panel_lines(session, seat, lang)

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        return composer.panel_items(session, seat, lang, legal)

    # ---------------------------------------------------------------- clicks

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        """``pick``/``back`` step the composer; ``go`` commits a play or pass; ``decide`` is R5.6/R5.7;
        ``abort`` ends the game when a leader's time ran out (§12.10)."""
        if verb not in ("pick", "back", "go", "decide", ABORT_VERB, TAKEOVER_VERB):
            return False
        lang = private_language(interaction)
        if session.live is None:
            return False
        if verb == ABORT_VERB:
            await self._abort(table, interaction, session, seat, lang)
            return True
        if verb == TAKEOVER_VERB:
            await self._take_over(table, interaction, session, seat, arg, lang)
            return True
        if verb == "decide":
            v: View = session.view(None)
            if v.phase != "decide" or seat not in v.deciders:
                seat_names = names(session, session.lang)
                who = ", ".join(seat_names[s] for s in v.deciders)
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
            await table.panel_play(interaction, session, seat, version, composer.action_of(arg.removeprefix("!")))
            return True
        if version != session.version:
            await table.show_panel(interaction, session, seat, note=t(lang, "games.error.stale"))
            return True
        if verb == "back":
            if composer.confirming(session, seat) is not None:
                session.ui.get("confirm", {}).pop(str(seat), None)  # back to choosing the attack
            else:
                session.ui.get("first", {}).pop(str(seat), None)
        elif parse_number(arg) >= 0 and any(isinstance(a, Play) and a.first == parse_number(arg)
                                            for a in session.live.legal(seat)):
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
            stalled = SEATING.stalled(session)
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
            stalled = SEATING.stalled(session)
            idle = int(arg) if arg.isdigit() else -1
            if idle not in stalled or session.live is None or session.view(None).phase != "play":
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
                         pieces=" ".join(piece_name(lang, p) for p in hand if p != "shi") or "—", **params))
        elif last.get("doubled") and columns and columns[-1][0]:
            # R7.3: the doubled pair is shown, the face-down piece revealed
            out.append(t(lang, "goita.ui.last_round_double", hidden=piece_name(lang, columns[-1][0]),
                         attack=piece_name(lang, columns[-1][2]), **params))
        else:
            out.append(t(lang, "goita.ui.last_round", **params))
    return out


CONTROLS = GoitaControls()
SEATING = GoitaSeating()

__all__ = ["CONTROLS", "SEATING", "GoitaControls", "GoitaSeating"]
