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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import Card
from bot.games.zhengshangyou import (
    PLAY,
    Pass,
    Play,
    View,
    cards_text,
    listed_readings,
    play_reading,
    sort_cards,
    timeout_play_as,
)
from bot.i18n import t
from bot.replies import edit_clicked

from ...utils.language import private_language
from ..components import GameButton, GameSelect, parse_number
from ..messages import panel_surface
from ..table_buttons import log_button, rules_button
from ..tips import action_explanation
from ..words import names
from . import GameControls, Seating

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


def matching_plays(mine: View, legal: list[Any], cards: tuple[Card, ...]) -> list[Play]:
    """The legal plays made of exactly ``cards``, in the order the "Play as" select lists them (the engine's
    ``listed_readings``, §16.6): one, or one per reading when a lead has several."""
    return listed_readings(mine, legal, cards) if cards else []


def reading_label(mine: View, play: Play, lang: str) -> str:
    """"Set of 3 (impure)", "Sequence of 3 (suited)": one option of the "Play as" select, from the engine's
    reading of the play on the seat's view."""
    combo = play_reading(mine, play)
    if combo.kind == "multi":
        text = t(lang, "zhengshangyou.ui.reading.multi", k=combo.ranks, m=combo.per_rank)
    elif combo.kind in ("single", "set", "run"):
        text = t(lang, f"zhengshangyou.ui.reading.{combo.kind}", n=combo.size)
    else:
        text = play.as_ or combo.kind
    flags = []
    if combo.kind in ("run", "multi") and combo.suited:
        flags.append(t(lang, "zhengshangyou.ui.reading.suited"))
    if not combo.pure:
        flags.append(t(lang, "zhengshangyou.ui.reading.impure"))
    return f"{text} ({', '.join(flags)})" if flags else text


def quick_label(mine: View, action: Any, lang: str) -> str:
    """"Pass", "Play 5♠ 5♥", "Play 9♠ BJ RJ — Sequence of 3 (suited)": a quick-play option in words,
    the reading named from the catalog rather than the engine's notation (``as run``)."""
    if not isinstance(action, Play):
        return t(lang, "zhengshangyou.action.pass")
    cards = cards_text(action.cards)
    if action.as_:
        return t(lang, "zhengshangyou.ui.quick.play_as", cards=cards,
                 reading=reading_label(mine, action, lang))[:100]
    return t(lang, "zhengshangyou.ui.quick.play", cards=cards)[:100]


class ZhengShangyouSeating(Seating):
    """The composer's part of a §16.6 timeout (the cards a person picked); the rest is the engine's ``TIMING``."""

    def timeout_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """§16.6: a "Play as" prompt left unanswered leads the reading picked, else the first listed (the
        engine's ``timeout_play_as``); which cards are picked is the panel's draft, a Discord-layer fact, so
        this part stays here. Any other timeout: the rules' move (``TIMING.timeout_action``)."""
        mine = CONTROLS._mine(session, seat)
        if mine is not None and mine.phase == PLAY and mine.turn == seat:
            draft = CONTROLS._draft(session, seat)
            if draft.cards:
                play = timeout_play_as(mine, legal, tuple(draft.cards), draft.reading)
                if play is not None:
                    return play
        return super().timeout_action(session, seat, legal)



class ZhengShangyouControls(GameControls):
    """Zheng Shangyou's composer, quick plays, table buttons and summaries. §16.6's clock (the reminder, what a
    timeout does, the move it makes, AFK) is the engine's ``TIMING``; the composer's part of a timeout is
    ``SEATING``'s."""

    def _draft(self, session: GameSession, seat: int) -> Draft:
        drafts = session.ui.setdefault("drafts", {})  # saved with the game
        draft = drafts.get(str(seat))
        if not isinstance(draft, Draft):  # new, or as saved: plain data
            saved = draft or {}
            cards = {Card(**card) for card in saved.get("cards", [])}
            draft = drafts[str(seat)] = Draft(cards, saved.get("reading"))
        if session.live is not None:  # cards played or given away since are dropped from the selection
            held = set(session.view(seat).hand)
            if not draft.cards <= held:
                draft.cards &= held
                draft.reading = None
        return draft

    def select(self, session: GameSession, seat: int, action: Any) -> None:
        """A hinted play stands as the picked cards (and its reading): Play plays it."""
        if isinstance(action, Play):
            draft = self._draft(session, seat)
            draft.cards, draft.reading = set(action.cards), action.as_

    #: §16.3: "the view still works for planning" when it is not your turn
    plans_off_turn = True

    @staticmethod
    def _composing(mine: View, legal: list[Any]) -> bool:
        """The composer is for plays and passes, and for planning them off turn while the seat holds cards;
        exchange steps keep the generic buttons (§16.5)."""
        if mine.phase != PLAY:
            return False
        if not legal:
            return bool(mine.hand)
        return all(isinstance(a, Play | Pass) for a in legal)

    @staticmethod
    def _mine(session: GameSession, seat: int) -> View | None:
        """The seat's own view, None in the lobby or for a seat that is not one of the game's."""
        if session.live is None:
            return None
        mine: View = session.view(seat)
        return mine if 0 <= seat < mine.seats else None

    # ------------------------------------------------------------------ public table

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """§16.2: [📜 Log] and [❓ Rules] beside [🂠 My hand], the same for everybody."""
        return [log_button(session, lang), rules_button(session, lang)]

    def hand_summary(self, session: GameSession, events: list[Any], data: dict[str, Any]) -> dict[str, Any]:
        """§16.4: the summary names the next leader and who is in the pit (the last two of the hand that
        ended, from the ``hand_end`` event, who give tribute now); the engine has dealt the next hand when
        this is asked, so its public view names the leader."""
        order = data.get("order")
        if session.live is None or not isinstance(order, list) or len(order) < 2:
            return data
        public: View = session.view(None)
        if public.finished:
            return data
        return {**data, "next_leader": public.leader, "pit": [int(order[-2]), int(order[-1])]}

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
        mine = self._mine(session, seat)
        if mine is None:
            return []
        hand = list(mine.hand)
        lines = [t(lang, "zhengshangyou.ui.hand", count=len(hand), cards=hand_text(hand) or "—")]
        if mine.phase != PLAY:
            return lines
        if mine.top is not None and mine.top_seat is not None:
            lines.append(t(lang, "zhengshangyou.ui.to_beat", top=cards_text(mine.top_cards),
                           player=names(session, lang)[mine.top_seat]))
            if mine.turn == seat:  # said here, not on the hand's picture, which changes only with the hand
                lines.append(t(lang, "games.panel.your_turn"))
        elif mine.turn == seat:
            lines.append(t(lang, "zhengshangyou.ui.leading"))
        if not hand:
            return lines
        if mine.turn != seat:
            lines.append(t(lang, "zhengshangyou.ui.planning"))
        draft = self._draft(session, seat)
        chosen = cards_text(sort_cards(list(draft.cards)))
        lines.append(t(lang, "zhengshangyou.ui.selected", cards=chosen) if chosen
                     else t(lang, "zhengshangyou.ui.nothing_selected"))
        return lines

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        mine = self._mine(session, seat)
        if mine is None or not self._composing(mine, legal):
            return None  # tribute, return, take: one generic button per legal action
        gid, version = session.id, session.version
        hand = sort_cards(mine.hand)
        draft = self._draft(session, seat)
        on_turn = mine.turn == seat
        leading = mine.top is None
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
            quick_options = [discord.SelectOption(label=quick_label(mine, legal[i], lang), value=str(i),
                                                  description=action_explanation("zhengshangyou", legal[i], lang)
                                                  or None)
                             for i in quick]
            items.insert(0, GameSelect(gid, "zs_quick", "", version, options=quick_options, row=0,
                                       placeholder=t(lang, "zhengshangyou.ui.quick_play")))
        readings = matching_plays(mine, legal, sort_cards(list(draft.cards)))
        if len(readings) > 1:
            as_options = [discord.SelectOption(label=reading_label(mine, p, lang)[:100], value=p.as_ or "-",
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
        mine = self._mine(session, seat)
        if mine is None or session.live is None:
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
                by_text = {card.ascii: card for card in mine.hand}
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
            legal = session.live.legal(seat) if version == session.version else []
            index = parse_number(values[0]) if values else -1
            action = legal[index] if 0 <= index < len(legal) else None
        else:
            action = Pass() if verb == "zs_pass" else self._play_for(session, seat, draft)
        before = session.version
        await table.panel_play(interaction, session, seat, version, action)
        if session.version != before:
            session.ui.get("drafts", {}).pop(str(seat), None)
        return True

    @staticmethod
    def _play_for(session: GameSession, seat: int, draft: Draft) -> Play:
        """The legal play the selection stands for; else the bare selection, for the engine to refuse."""
        cards = sort_cards(list(draft.cards))
        legal = session.live.legal(seat) if cards and session.live is not None else []
        matches = matching_plays(session.view(seat), legal, cards) if legal else []
        if len(matches) == 1:
            return matches[0]
        chosen = [p for p in matches if p.as_ == draft.reading]
        if chosen:
            return chosen[0]
        return Play(cards)


CONTROLS = ZhengShangyouControls()
SEATING = ZhengShangyouSeating()

__all__ = ["CONTROLS", "SEATING", "Draft", "ZhengShangyouControls", "ZhengShangyouSeating", "hand_text", "matching_plays", "quick_label",
           "reading_label"]
