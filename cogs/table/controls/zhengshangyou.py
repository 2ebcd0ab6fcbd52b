"""Zheng Shangyou in Discord (rules §16.3): the private hand panel with a card multi-select.

The generic panel lists every legal play as a select option (up to ~175 of them); here the
player picks the cards themselves, presses Play, and the selection is matched against the
engine's legal plays. A selection that matches none is still sent to the engine through
``panel_play``, so the refusal is the engine's own reason (R5, R6), shown on the panel.
When the same cards can be read several ways on a lead (R5.6.2) a "Play as" select appears.
On turn, a quick-play select on top (Pass, then the engine's plays from the lowest, up to 25)
makes the common moves in one pick, as the old list of legal actions did. Off turn the composer
still shows with Play and Pass disabled, so a player can plan (§16.3); picking cards then only
updates the selection, never counts as a move.

Drafts (the selected cards and the chosen reading) live in memory per seat; a restart only
empties them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import Card
from bot.games.zhengshangyou import engine as zsy
from bot.games.zhengshangyou import timeout_action, timing
from bot.games.zhengshangyou.actions import Pass, Play, cards_text, sort_cards
from bot.i18n import t
from bot.replies import edit_clicked

from ...utils.language import private_language
from ..components import GameButton, GameSelect, parse_number
from ..messages import panel_surface
from ..table_buttons import log_button, rules_button
from ..words import names
from . import GameControls

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions

VERBS = ("zs_cards", "zs_as", "zs_play", "zs_pass", "zs_clear", "zs_quick")
QUICK = 25  # options of the quick-play select (Discord's limit)


@dataclass
class Draft:
    """The cards a player has ticked, and the reading chosen for an ambiguous lead."""

    cards: set[Card] = field(default_factory=set)
    reading: str | None = None


def hand_text(hand: list[Card]) -> str:
    """``3♣ 3♥ 5♠ … 2♦ BJ``: by general rank, then suit (§16.3)."""
    return cards_text(sort_cards(hand))


def _same_cards(play: Play, cards: tuple[Card, ...]) -> bool:
    return len(play.cards) == len(cards) and Counter(play.cards) == Counter(cards)


def matching_plays(legal: list[Any], cards: tuple[Card, ...]) -> list[Play]:
    """The legal plays made of exactly ``cards`` (one per reading when a lead has several)."""
    return [a for a in legal if isinstance(a, Play) and _same_cards(a, cards)]


#: §16.6: the "Play as" readings are listed sets first, then sequences, then multiple sequences by larger k
_READING_ORDER = {"single": 0, "set": 1, "run": 2, "multi": 3}


def listed_readings(state: zsy.State, seat: int, legal: list[Any], cards: tuple[Card, ...]) -> list[Play]:
    """The readings of ``cards`` in the order the "Play as" select lists them (§16.6's order)."""
    def order(play: Play) -> tuple[int, int]:
        combo = zsy.check_play(state, seat, play)
        return _READING_ORDER.get(combo.kind, 9), -combo.k if combo.kind == "multi" else 0
    return sorted(matching_plays(legal, cards), key=order)


def reading_label(state: zsy.State, seat: int, play: Play, lang: str) -> str:
    """"Set of 3 (impure)", "Sequence of 3 (suited)": one option of the "Play as" select."""
    combo = zsy.check_play(state, seat, play)
    if combo.kind == "multi":
        text = t(lang, "zhengshangyou.ui.reading.multi", k=combo.k, m=combo.m)
    elif combo.kind in ("single", "set", "run"):
        text = t(lang, f"zhengshangyou.ui.reading.{combo.kind}", n=combo.n)
    else:
        text = play.as_ or combo.kind
    flags = []
    if combo.kind in ("run", "multi") and combo.suited:
        flags.append(t(lang, "zhengshangyou.ui.reading.suited"))
    if not combo.pure:
        flags.append(t(lang, "zhengshangyou.ui.reading.impure"))
    return f"{text} ({', '.join(flags)})" if flags else text


def quick_label(state: zsy.State, seat: int, action: Any, lang: str) -> str:
    """"Pass", "Play 5♠ 5♥", "Play 9♠ BJ RJ — Sequence of 3 (suited)": a quick-play option in words,
    the reading named from the catalog rather than the engine's notation (``as run``)."""
    if not isinstance(action, Play):
        return t(lang, "zhengshangyou.action.pass")
    cards = cards_text(action.cards)
    if action.as_:
        return t(lang, "zhengshangyou.ui.quick.play_as", cards=cards,
                 reading=reading_label(state, seat, action, lang))[:100]
    return t(lang, "zhengshangyou.ui.quick.play", cards=cards)[:100]


class ZhengShangyouControls(GameControls):
    """The Zheng Shangyou hooks of the game spine."""

    # §16.6 (the engine's ``timeouts``): one turn timer for every decision, a reminder before it ends; after
    # timeouts in a row the timeout policies act for an AFK player after a grace per decision until he is back

    def reminder_seconds(self, session: GameSession, window: float) -> float | None:
        return timing.REMINDER_SECONDS

    def timeout_outcome(self, session: GameSession, seat: int) -> str:
        """§16.6 in words, from the public view: pass when following, the lowest single when leading, a
        top card as tribute, the lowest card as return, the higher card when choosing."""
        state = session.state
        return "computer" if state is None else timing.timeout_outcome(session.view(None))

    def timeout_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§16.6: pass when following, the lowest single when leading, the rule's card in an exchange; a
        "Play as" prompt left unanswered leads the first listed reading of the cards picked (the reading
        picked, when there is one)."""
        state: zsy.State | None = session.state
        if state is not None and state.phase == "play" and state.turn == seat:
            draft = self._draft(session, seat)
            if draft.cards:
                readings = listed_readings(state, seat, legal, tuple(sort_cards(list(draft.cards))))
                if len(readings) > 1:
                    chosen = [p for p in readings if p.as_ == draft.reading]
                    return (chosen or readings)[0]
        return timeout_action(session.view(seat), legal)

    def _draft(self, session: GameSession, seat: int) -> Draft:
        drafts = session.ui.setdefault("drafts", {})  # saved with the game
        draft = drafts.get(str(seat))
        if not isinstance(draft, Draft):  # new, or as saved: plain data
            saved = draft or {}
            cards = {Card(**card) for card in saved.get("cards", [])}
            draft = drafts[str(seat)] = Draft(cards, saved.get("reading"))
        state = session.state
        if state is not None:  # cards played or given away since are dropped from the selection
            held = set(state.hands[seat])
            if not draft.cards <= held:
                draft.cards &= held
                draft.reading = None
        return draft

    #: §16.3: "the view still works for planning" when it is not your turn
    plans_off_turn = True

    @staticmethod
    def _composing(state: zsy.State | None, seat: int, legal: list[Any]) -> bool:
        """The composer is for plays and passes, and for planning them off turn while the seat holds cards;
        exchange steps keep the generic buttons (§16.5)."""
        if state is None or state.phase != "play":
            return False
        if not legal:
            return 0 <= seat < len(state.hands) and bool(state.hands[seat])
        return all(isinstance(a, Play | Pass) for a in legal)

    # ------------------------------------------------------------------ public table

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """§16.2: [📜 Log] and [❓ Rules] beside [🂠 My hand], the same for everybody."""
        return [log_button(session, lang), rules_button(session, lang)]

    def hand_summary(self, session: GameSession, events: list[Any], data: dict[str, Any]) -> dict[str, Any]:
        """§16.4: the summary names the next leader and who is in the pit (the last two of the hand that
        ended, who give tribute now); the engine has dealt the next hand when this is asked."""
        state = session.state
        order = data.get("order")
        if state is None or state.phase == zsy.OVER or not isinstance(order, list) or len(order) < 2:
            return data
        return {**data, "next_leader": state.leader, "pit": [int(order[-2]), int(order[-1])]}

    def summary_lines(self, session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
        leader, pit = summary.get("next_leader"), summary.get("pit")
        if final or not isinstance(leader, int) or not isinstance(pit, list):
            return []
        seat_names = names(session, lang)
        return [t(lang, "seats.zsy.next_hand", leader=seat_names[leader],
                  pit=", ".join(seat_names[s] for s in pit if 0 <= s < len(seat_names)))]

    # ------------------------------------------------------------------ private panel

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        """The hand as text, the play to beat, and the current selection."""
        state = session.state
        if state is None or not 0 <= seat < len(state.hands):
            return []
        hand = state.hands[seat]
        lines = [t(lang, "zhengshangyou.ui.hand", count=len(hand), cards=hand_text(hand) or "—")]
        if state.phase != "play":
            return lines
        if state.top_combo is not None and state.top_seat is not None:
            lines.append(t(lang, "zhengshangyou.ui.to_beat", top=cards_text(state.top_cards),
                           player=names(session, lang)[state.top_seat]))
        elif state.turn == seat:
            lines.append(t(lang, "zhengshangyou.ui.leading"))
        if not hand:
            return lines
        if state.turn != seat:
            lines.append(t(lang, "zhengshangyou.ui.planning"))
        draft = self._draft(session, seat)
        chosen = cards_text(sort_cards(list(draft.cards)))
        lines.append(t(lang, "zhengshangyou.ui.selected", cards=chosen) if chosen
                     else t(lang, "zhengshangyou.ui.nothing_selected"))
        return lines

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        state = session.state
        if state is None or not self._composing(state, seat, legal):
            return None  # tribute, return, take: one generic button per legal action
        gid, version = session.id, session.version
        hand = sort_cards(state.hands[seat])
        draft = self._draft(session, seat)
        on_turn = state.turn == seat
        leading = state.top_combo is None
        items: list[discord.ui.Item[Any]] = []
        options = [discord.SelectOption(label=str(card), value=card.ascii, default=card in draft.cards)
                   for card in hand[:25]]
        if options:
            items.append(GameSelect(gid, "zs_cards", "", version, options=options, row=1, min_values=0,
                                    max_values=len(options), placeholder=t(lang, "zhengshangyou.ui.pick_cards")))
        items.append(GameButton(gid, "zs_play", "", version, label=t(lang, "zhengshangyou.action.play"),
                                style=discord.ButtonStyle.success, disabled=not on_turn, row=2))
        items.append(GameButton(gid, "zs_pass", "", version, label=t(lang, "zhengshangyou.action.pass"),
                                style=discord.ButtonStyle.primary, disabled=not on_turn or leading, row=2))
        items.append(GameButton(gid, "zs_clear", "", version, label=t(lang, "zhengshangyou.ui.button.clear"),
                                row=2))
        quick = self._quick(legal)
        if on_turn and quick:
            quick_options = [discord.SelectOption(
                label=quick_label(state, seat, legal[i], lang), value=str(i))
                for i in quick]
            items.insert(0, GameSelect(gid, "zs_quick", "", version, options=quick_options, row=0,
                                    placeholder=t(lang, "zhengshangyou.ui.quick_play")))
        readings = listed_readings(state, seat, legal, tuple(sort_cards(list(draft.cards)))) if draft.cards else []
        if len(readings) > 1:
            as_options = [discord.SelectOption(label=reading_label(state, seat, p, lang)[:100], value=p.as_ or "-",
                                               default=p.as_ == draft.reading) for p in readings]
            items.append(GameSelect(gid, "zs_as", "", version, options=as_options, row=3,
                                    placeholder=t(lang, "zhengshangyou.ui.play_as")))
            items.append(GameButton(gid, "zs_play", "as", version, label=t(lang, "zhengshangyou.ui.button.confirm"),
                                    style=discord.ButtonStyle.success, disabled=not on_turn, row=4))
        return items

    @staticmethod
    def _quick(legal: list[Any]) -> list[int]:
        """Indexes of the quick-play options: Pass when allowed, then the engine's plays from the lowest.

        One pick plays it at once, so the common moves (pass, the lowest single or pair) need no composing.
        """
        passes = [i for i, a in enumerate(legal) if isinstance(a, Pass)]
        plays = [i for i, a in enumerate(legal) if isinstance(a, Play)]
        return (passes + plays)[:QUICK]

    # ------------------------------------------------------------------ clicks

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        if verb not in VERBS:
            return False
        state = session.state
        if state is None:
            return False
        lang = private_language(interaction)
        draft = self._draft(session, seat)
        if verb in ("zs_cards", "zs_as", "zs_clear"):
            # picking cards is never a move: off turn (planning) the version moves on with every play of
            # the others, so a pick on an older panel still updates the selection and shows the panel afresh
            if verb != "zs_cards" and (version is None or version != session.version):
                await table.show_panel(interaction, session, seat, note=t(lang, "games.error.stale"))
                return True
            if verb == "zs_cards":
                by_text = {card.ascii: card for card in state.hands[seat]}
                draft.cards = {by_text[v] for v in values if v in by_text}
                draft.reading = None
            elif verb == "zs_as":
                draft.reading = values[0] if values and values[0] != "-" else None
            else:
                draft.cards, draft.reading = set(), None
            surface = panel_surface(session, seat, lang, None)
            surface.items += self.back_items(session, seat, lang)
            await edit_clicked(interaction, content=surface.content, view=surface.view())
            return True
        action: Any
        if verb == "zs_quick":
            legal = zsy.legal_actions(state, seat) if version == session.version else []
            index = parse_number(values[0]) if values else -1
            action = legal[index] if 0 <= index < len(legal) else None
        else:
            action = Pass() if verb == "zs_pass" else self._play_for(state, seat, draft)
        before = session.version
        await table.panel_play(interaction, session, seat, version, action)
        if session.version != before:
            session.ui.get("drafts", {}).pop(str(seat), None)
        return True

    @staticmethod
    def _play_for(state: zsy.State, seat: int, draft: Draft) -> Play:
        """The legal play the selection stands for; else the bare selection, for the engine to refuse."""
        cards = tuple(sort_cards(list(draft.cards)))
        legal = zsy.legal_actions(state, seat) if cards else []
        matches = matching_plays(legal, cards)
        if len(matches) == 1:
            return matches[0]
        chosen = [p for p in matches if p.as_ == draft.reading]
        if chosen:
            return chosen[0]
        return Play(cards)


CONTROLS = ZhengShangyouControls()

__all__ = ["CONTROLS", "Draft", "ZhengShangyouControls", "hand_text", "matching_plays", "quick_label",
           "reading_label"]
