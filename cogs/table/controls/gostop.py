"""Go-Stop in Discord (rules §13): the private hand panel, public decision buttons, settlement text.

The panel follows §13.4: a "Play a card" menu grouped by month (each option says what it
would take), then — when two layout cards match — a second step on the same message with
the two targets and Back; Shake, Bomb and Flip only are their own buttons. Go/Stop, the
flipped card's choice and the gwangpalli Play / Sit out also appear as public buttons on the
table that only the deciding player can press. Every move still goes through the spine's
``panel_play`` (version check, pause, legality). The summary explains each payment as a
product of its factors (§13.5), from the settlement the engine reports with the Stop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import Event, IllegalAction
from bot.games.gostop import (
    ID_OF,
    IDS,
    MONTH,
    PRESET_SEATS,
    Action,
    View,
    format_action,
    parse_action,
    same_for_scoring,
)
from bot.i18n import join, number, t
from bot.replies import reply_privately

from ..components import GameButton, GameSelect
from ..lobby_options import option_name, value_text
from ..session import GameSession
from ..tips import action_explanation
from ..words import reason
from . import GameControls
from .gostop_summary import card_name, history_line, kept_for_summary, month_name, names, summary_lines

if TYPE_CHECKING:
    from . import TableActions

ACT = "act"  # arg: the move's notation, e.g. "shake 1", "take m03-junk2", "go"
CARD = "card"  # a select of hand cards; values: card ids
BACK = "back"  # leave the target step
SITTING = ("sitting_out", "forced_out")


def _lang_of(interaction: discord.Interaction) -> str:
    from ...utils.language import private_language

    return private_language(interaction)


class GostopControls(GameControls):
    """The Go-Stop composer; the picked card of a two-target play lives here (a UI step, not a move).

    It reads views only (``session.view``, ``session.live.legal``); every rule hook is the engine's ``TIMING``.
    """

    def __init__(self) -> None:
        self._picked: dict[tuple[int, int], tuple[int, str]] = {}

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _view(session: GameSession, seat: int | None) -> View:
        view: View = session.view(seat)
        return view

    def picked(self, session: GameSession, seat: int) -> str | None:
        """The card this seat chose in the menu whose two targets it must pick from, if still current."""
        entry = self._picked.get((session.id, seat))
        if entry is None or entry[0] != session.version:
            return None
        return entry[1]

    def select(self, session: GameSession, seat: int, action: Any) -> None:
        """A hinted card with two layout cards to take from stands picked: its target buttons play it."""
        live = session.live
        if action.kind == "play" and action.target >= 0 and live is not None and \
                sum(1 for a in live.legal(seat) if a.kind == "play" and a.card == action.card) == 2:
            self._picked[(session.id, seat)] = (session.version, IDS[action.card])

    @staticmethod
    def _match_note(lang: str, view: View, card: str) -> str:
        """What playing ``card`` meets, as the view says (``hand_matches``)."""
        what, met = next(((what, met) for c, what, met in view.hand_matches if c == card), ("none", ()))
        if what == "one":
            return t(lang, "gostop.ui.match.one", card=card_name(lang, met[0]))
        if what == "two":
            return t(lang, "gostop.ui.match.two", first=card_name(lang, met[0]), second=card_name(lang, met[1]))
        return t(lang, f"gostop.ui.match.{what}")

    # ------------------------------------------------------------------ private panel

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        gid, version = session.id, session.version
        phase = self._view(session, seat).phase
        items: list[discord.ui.Item[Any]] = []

        def button(action: Action, label: str, row: int, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                   emoji: str | None = None) -> None:
            items.append(GameButton(gid, ACT, format_action(action), version, label=label[:80], row=row,
                                    style=style, emoji=emoji))

        if phase == "turn":
            picked = self.picked(session, seat)
            if picked is not None:
                for n, action in enumerate(a for a in legal if a.kind == "play" and IDS[a.card] == picked):
                    button(action, t(lang, "gostop.ui.take", card=card_name(lang, IDS[action.target])), 0,
                           discord.ButtonStyle.primary if n == 0 else discord.ButtonStyle.secondary)
                items.append(GameButton(gid, BACK, "", version, label=t(lang, "gostop.ui.back"), row=0))
                return items
            view = self._view(session, seat)
            cards = sorted({IDS[a.card] for a in legal if a.kind == "play"}, key=lambda c: (MONTH[ID_OF[c]] or 13, c))
            if cards:
                options = [discord.SelectOption(
                    label=f"{number(lang, MONTH[ID_OF[c]]) if MONTH[ID_OF[c]] else '★'} · {card_name(lang, c)}"[:100], value=c,
                    description=self._match_note(lang, view, c)[:100]) for c in cards]
                items.append(GameSelect(gid, CARD, "", version, options=options,
                                        placeholder=t(lang, "gostop.ui.play_placeholder"), row=0))
            extra: list[tuple[Action, str, str]] = []
            for action in legal:
                month = month_name(lang, action.month)
                if action.kind == "shake":
                    extra.append((action, t(lang, "gostop.ui.shake", month=month), "🫨"))
                elif action.kind == "bomb":
                    extra.append((action, t(lang, "gostop.ui.bomb", month=month), "💣"))
                elif action.kind == "grenade":
                    extra.append((action, t(lang, "gostop.ui.grenade", month=month), "🧨"))
                elif action.kind == "chongtong":
                    extra.append((action, t(lang, "gostop.ui.chongtong", month=month), "🀄"))
                elif action.kind == "flip":
                    credits = view.players[seat].pass_credits
                    extra.append((action, t(lang, "gostop.ui.flip", credits=credits), "🔄"))
                elif action.kind == "offer":
                    extra.append((action, t(lang, "gostop.action.offer"), "🤝"))
            for n, (action, label, emoji) in enumerate(extra[:15]):
                button(action, label, 1 + n // 5, emoji=emoji)
            return items
        choices = self._decision(session, lang, legal)
        if len(choices) <= 15:
            for n, (action, label, style) in enumerate(choices):
                button(action, label, n // 5, style)
            return items
        for row, start in enumerate(range(0, min(len(choices), 100), 25)):  # many junk hand-overs (R5.8)
            part = choices[start:start + 25]
            items.append(GameSelect(gid, ACT, f"s{row}", version, row=row,
                                    placeholder=t(lang, "gostop.ui.choose_placeholder"),
                                    options=[discord.SelectOption(label=label[:100], value=format_action(action),
                                                                  description=action_explanation("gostop", action, lang)
                                                                  or None)
                                             for action, label, _ in part]))
        return items

    def _decision(self, session: GameSession, lang: str,
                  legal: list[Action]) -> list[tuple[Action, str, discord.ButtonStyle]]:
        """Buttons for a decision that is not a card play: targets, Go/Stop, play/sit, junk to hand over."""
        seat_names = names(session, lang)
        out: list[tuple[Action, str, discord.ButtonStyle]] = []
        primary, grey = discord.ButtonStyle.primary, discord.ButtonStyle.secondary
        seen: set[str] = set()
        for n, action in enumerate(legal):
            kind = action.kind
            if kind in ("take", "give"):  # two plain junk of a month are the same choice (§13.4)
                same = " ".join(card_name(lang, IDS[c]) for c in (action.card, action.target) if c >= 0)
                if same in seen:
                    continue
                seen.add(same)
            if kind == "take":
                out.append((action, t(lang, "gostop.ui.take", card=card_name(lang, IDS[action.card])),
                            primary if n == 0 else grey))
            elif kind == "stop":
                view = self._view(session, None)
                pays = " · ".join(t(lang, "gostop.ui.pays", player=seat_names[q], amount=amount)
                                  for q, amount in view.stop_pays)
                out.append((action, t(lang, "gostop.ui.stop", pays=pays), discord.ButtonStyle.success))
            elif kind == "go":
                out.append((action, self._go_label(session, lang), discord.ButtonStyle.danger))
            elif kind == "join":
                out.append((action, t(lang, "gostop.action.join"), discord.ButtonStyle.success))
            elif kind == "sit":
                out.append((action, t(lang, "gostop.action.sit"), grey))
            elif kind == "give":
                cards = [IDS[action.card]] + ([IDS[action.target]] if action.target >= 0 else [])
                out.append((action, t(lang, "gostop.ui.give", cards=" + ".join(card_name(lang, c) for c in cards)),
                            grey))
            elif kind in ("accept", "reject"):
                out.append((action, t(lang, f"gostop.action.{kind}"), primary if kind == "accept" else grey))
        return out

    def _go_label(self, session: GameSession, lang: str) -> str:
        """``Go #3 — doubles``, as the view gives the next Go (R7.9, V-P1, R10A.M1); warns about go-bak: with
        three players the goer may pay for both losers (R8.1), with two ``gobak_2p`` doubles what he pays."""
        view = self._view(session, None)
        turn = view.turn or 0  # the Go/Stop question is asked of the seat on turn
        count = view.players[turn].go_count + 1
        go_add, go_mult = view.next_go
        if go_mult > 1:
            effect = t(lang, "gostop.ui.go_doubles", mult=go_mult)
            # the Gos' bonus in all where it is not the +2 of the first two: plus_n's +3…, or +0 where this Go
            # drops what the first Gos added (go_linear's second Go, go_add_dropped_at_3's third)
            if go_add > 2 or go_add < view.score_parts[turn]["go_bonus"]:
                effect = t(lang, "gostop.ui.go_adds_n", n=go_add) + " · " + effect
        elif go_add:
            effect = t(lang, "gostop.ui.go_adds")
        else:
            effect = t(lang, "gostop.ui.go_doubles", mult=1)
        label = t(lang, "gostop.ui.go", count=count, effect=effect)
        if view.go_bak_risk:
            label += " · " + t(lang, "gostop.ui.go_bak_warning" if len(view.active) == 3 else "gostop.ui.go_bak_warning_2p")
        return label

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        if session.live is None:
            return []
        view = self._view(session, seat)
        if view.phase == "finished":
            return []
        me = view.players[seat]
        seat_names = names(session, lang)
        lines: list[str] = []
        if me.status in SITTING:
            return [t(lang, "gostop.ui.you_sit_out")]
        if view.turn != seat or session.paused_until is not None:
            return lines
        phase = view.phase
        if phase == "turn":
            picked = self.picked(session, seat)
            if picked is not None:
                lines.append(t(lang, "gostop.ui.pick_target", card=card_name(lang, picked)))
            elif view.replay:
                lines.append(t(lang, "gostop.ui.replay"))  # R10A.M12
            else:
                lines.append(t(lang, "gostop.ui.your_turn", score=me.score, target=view.target))
            if len(view.hand) == 1 and view.last_card_rule == "own_last_card":  # R10A.M9
                lines.append(t(lang, "gostop.ui.last_card_warning"))
        elif phase in ("take_hand", "take_flip") and view.pending is not None:
            card = view.pending.flipped if phase == "take_flip" else view.pending.played
            lines.append(t(lang, "gostop.ui.pick_target", card=card_name(lang, card or "")))
        elif phase == "go_stop":
            lines.append(t(lang, "gostop.ui.go_or_stop", score=me.score))
        elif phase == "choose":
            lines.append(t(lang, "gostop.ui.play_or_sit"))
        elif phase == "give":
            thief = view.give_thief
            lines.append(t(lang, "gostop.ui.must_give", thief=seat_names[thief] if thief is not None else "?",
                           count=view.give_demand or 1))
        elif phase == "syodang" and view.syodang_offerer is not None:
            lines.append(t(lang, "gostop.ui.syodang_answer", player=seat_names[view.syodang_offerer]))
        return lines

    # ------------------------------------------------------------------ rules

    def rules_pages(self, lang: str) -> list[str]:
        """``/rules game:gostop``'s second page: the matgo preset (§10A.2) in a few lines."""
        return [t(lang, "gostop.rules.matgo")]

    # ------------------------------------------------------------------ lobby

    def lobby_lines(self, session: GameSession, lang: str) -> list[str]:
        """§10A: with two players the lobby offers the matgo preset; a chosen preset is named with what it is."""
        preset = str(session.options.get("preset", "none"))
        if preset == "none":
            return [t(lang, "gostop.ui.preset_offer")] if len(session.seats) <= PRESET_SEATS["matgo"] else []
        lines = [t(lang, f"gostop.ui.preset_about.{preset}")]
        if len(session.seats) > PRESET_SEATS.get(preset, len(session.seats)):
            lines.append(t(lang, "gostop.ui.preset_seats", preset=value_text(preset, lang)))
        return lines

    def lobby_first_choices(self, session: GameSession, lang: str) -> list[tuple[str, str, str]]:
        """§10A: the matgo preset first in the option menu while no more than two sit."""
        if session.options.get("preset", "none") != "none" or len(session.seats) > PRESET_SEATS["matgo"]:
            return []
        return [(t(lang, "gostop.ui.preset_choice"), t(lang, "gostop.ui.preset_choice_desc"), "preset=matgo")]

    # ------------------------------------------------------------------ public table

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """§13.4: Go/Stop, the flipped card's two targets and Play / Sit out are public buttons."""
        if session.live is None:
            return []
        view = self._view(session, None)
        if view.phase not in ("go_stop", "take_flip", "choose") or view.turn is None:
            return []
        legal = session.live.legal(view.turn)
        return [GameButton(session.id, ACT, format_action(action), session.version, label=label[:80], style=style,
                           row=1)
                for action, label, style in self._decision(session, lang, legal)[:5]]

    def table_lines(self, session: GameSession, lang: str) -> list[str]:
        if session.live is None:
            return []
        view = self._view(session, None)
        seat_names = names(session, lang)
        lines: list[str] = []
        if not session.log and view.history and not view.finished:
            for entry in view.history:  # rounds settled by the deal itself, before anyone moved
                lines.append(history_line(lang, seat_names, entry))
        if view.finished or view.turn is None:
            return lines
        lines.append(t(lang, "gostop.ui.round", round=view.round_no, rounds=view.rounds,
                       dealer=seat_names[view.dealer], target=view.target))
        if view.preset != "none":  # R10A.2: the table names the preset, and says when the host changed it
            lines.append(preset_line(view.preset, view.preset_modified, lang))
        if view.nagari_streak:
            lines.append(t(lang, "gostop.ui.nagari_banner", mult=view.nagari_mult))
        out = [seat_names[p.seat] for p in view.players if p.status in SITTING]
        if out:
            lines.append(t(lang, "gostop.ui.sitting_out", players=join(lang, out)))
        who = seat_names[view.turn] if 0 <= view.turn < len(seat_names) else "?"
        if view.phase == "go_stop":
            lines.append(t(lang, "gostop.ui.deciding", player=who, score=view.players[view.turn].score))
        elif view.phase == "take_flip" and view.pending is not None:
            lines.append(t(lang, "gostop.ui.flip_choice", player=who, card=card_name(lang, view.pending.flipped or "")))
        elif view.phase == "choose":
            lines.append(t(lang, "gostop.ui.asked_to_play", player=who))
        elif view.phase == "give" and view.give_thief is not None:
            lines.append(t(lang, "gostop.ui.giving", player=who, thief=seat_names[view.give_thief]))
        return lines

    # ------------------------------------------------------------------ summaries

    def hand_summary(self, session: GameSession, events: list[Event], data: dict[str, Any]) -> dict[str, Any]:
        """Keep what the hand's summary explains (``gostop_summary.kept_for_summary``)."""
        return kept_for_summary(events, data)

    def summary_lines(self, session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
        return summary_lines(session, lang, summary, final)

    # ------------------------------------------------------------------ clicks

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        if verb not in (ACT, CARD, BACK):
            return False
        lang = _lang_of(interaction)
        live = session.live
        if verb == ACT:
            try:
                action = parse_action(values[0] if values else arg)
            except IllegalAction as err:
                await reply_privately(interaction, reason(lang, err))
                return True
            on_table = interaction.message is not None and not interaction.message.flags.ephemeral
            if on_table and live is not None and seat != self._view(session, None).turn:
                await reply_privately(interaction, t(lang, "gostop.not_your_turn"))
                return True
            self._picked.pop((session.id, seat), None)
            await table.panel_play(interaction, session, seat, version, action)
            return True
        if version is None or version != session.version:
            await table.show_panel(interaction, session, seat, note=t(lang, "games.error.stale"))
            return True
        if verb == BACK:
            self._picked.pop((session.id, seat), None)
            await table.show_panel(interaction, session, seat)
            return True
        card = values[0] if values else ""
        plays = [a for a in live.legal(seat) if a.kind == "play" and IDS[a.card] == card] \
            if live is not None and card in ID_OF else []
        if len(plays) == 2 and not same_for_scoring(IDS[plays[0].target], IDS[plays[1].target]):
            self._picked[(session.id, seat)] = (session.version, card)
            await table.show_panel(interaction, session, seat)
            return True
        await table.panel_play(interaction, session, seat, version, plays[0] if plays else None)
        return True


def preset_line(preset: str, modified: tuple[str, ...] | list[str], lang: str) -> str:
    """``Rules: matgo (맞고)``, or ``… (modified: Go-bak, …)`` when the host set keys against it (R10A.1)."""
    name = value_text(preset, lang)
    if not modified:
        return t(lang, "gostop.ui.preset", preset=name)
    changed = join(lang, (option_name("gostop", key, lang) for key in modified))
    return t(lang, "gostop.ui.preset_modified", preset=name, options=changed)


CONTROLS = GostopControls()

__all__ = ["CONTROLS", "GostopControls", "card_name", "month_name"]
