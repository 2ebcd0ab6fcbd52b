"""A person's private hand panel: their hand's picture, their moves, and what only they may know.

The panel is an ephemeral message, so only its owner's clicks reach it; it is answered by editing
the clicked panel, or as a new private message from the table's "My hand".

Once shown, a panel is *live*: it follows the game for as long as Discord lets the bot edit it
(the interaction token lasts 15 minutes; each click on the panel renews it), so a person who keeps
it open makes every move with one click. It is edited when what it shows changes (their turn
comes, a window opens, a hand ends), at most once per ``LIVE_EDIT_SECONDS`` with the latest state,
except that a decision which becomes theirs (or is made for them) is shown at once. Shortly before the token runs out the
panel says that it stopped following and offers Refresh, which makes it live again.

Live panels are saved with the game (``GameSession.panels``: the token and ids that reach each one), so after
a restart they follow the game again: a person who keeps one open is still at the table, not idle, and is not
mentioned for a decision the panel in front of him shows (DESIGN.md, "Pings and the table message").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Hashable
from typing import Any

import discord

from bot.i18n import t
from bot.replies import DROPPED, edit_clicked, reply_privately, send_private

from ..utils.language import private_language
from ..utils.old_messages import too_old_to_edit
from . import hints, pictures, tips
from .components import GameButton
from .controls import controls_for
from .counter import count_items
from .game_host import GameHost
from .live_panel import (
    LIVE_EDIT_SECONDS,
    RETIRE_MARGIN_SECONDS,
    TOKEN_SECONDS,
    LivePanel,
    shown_by,
)
from .messages import Surface, clip_join, panel_surface
from .persistence import SaveFailed
from .session import PLAYING, GameSession
from .table_route import table_routes

log = logging.getLogger("teahouse.games")

class HandPanel:
    """The private panels of every game, and which of them are live."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.live: dict[int, dict[int, LivePanel]] = {}  # game id -> user id -> panel
        self.restored: set[int] = set()  # games whose saved panels were looked at (after a restart: once)

    async def build(self, session: GameSession, seat: int, lang: str, page: int = 0, note: str = "",
                    shown: Hashable | None = None) -> Surface:
        """The panel as it is now; its picture is not drawn when it shows the same as ``shown`` (what the panel
        being edited shows already), which the edit then keeps."""
        await self.host.commit(session)
        await tips.first_time(self.host.bot, session, seat, lang)  # words met for the first time (tips.py)
        surface = self._text(session, seat, lang, page, note)
        surface.shows, drawing = pictures.seat_hand_shown(session, seat, lang)  # the view is read with the text
        if shown is None or surface.shows != shown:
            surface.image = await pictures.drawn(drawing, surface.shows)
        return surface

    @staticmethod
    def _text(session: GameSession, seat: int, lang: str, page: int = 0, note: str = "") -> Surface:
        """The panel without its picture."""
        surface = panel_surface(session, seat, lang, None, page=page, note=note)
        surface.content = clip_join(surface.content, *tips.shown(session, seat))
        surface.items += controls_for(session.game).back_items(session, seat, lang)
        surface.items += count_items(session, seat, lang, surface.items)  # what is still out (counter.py)
        surface.items += hints.items(session, seat, lang, surface.items)
        return surface

    async def open(self, interaction: discord.Interaction, session: GameSession) -> None:
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await reply_privately(interaction, t(private_language(interaction), "games.error.not_seated"))
            return
        surface = await self.build(session, seat, private_language(interaction))
        await self._answer(interaction, session, seat, surface, edit=False)

    async def show(self, interaction: discord.Interaction, session: GameSession, seat: int,
                          page: int = 0, note: str = "") -> None:
        edit = interaction.message is not None and interaction.message.flags.ephemeral
        edit = edit and not too_old_to_edit(interaction.message)  # 30046: an hour-old panel is sent afresh
        shown = self._picture_of(session, interaction) if edit else None
        surface = await self.build(session, seat, private_language(interaction), page=page, note=note, shown=shown)
        keep = shown is not None and surface.shows == shown
        await self._answer(interaction, session, seat, surface, edit=edit, page=page, keep_picture=keep)

    def _picture_of(self, session: GameSession, interaction: discord.Interaction) -> Hashable | None:
        """What the picture of the clicked panel shows, when it is the person's live panel (None: not known)."""
        panel = self.live.get(session.id, {}).get(interaction.user.id)
        if panel is None or interaction.message is None:
            return None
        clicked = interaction.message
        if panel.message_id is not None:  # a follow-up
            same = panel.message_id == clicked.id
        elif panel.clicked_id is not None:  # the panel answered a click on itself: that message
            same = panel.clicked_id == clicked.id
        else:  # the panel is its interaction's own response (to "My hand" on the table)
            same = clicked.interaction_metadata is not None and clicked.interaction_metadata.id == panel.interaction_id
        return panel.picture if same else None

    async def _answer(self, interaction: discord.Interaction, session: GameSession, seat: int, surface: Surface,
                      edit: bool, page: int = 0, keep_picture: bool = False) -> None:
        """Answer the click with the panel: the clicked private panel edited (its picture not sent again when it
        shows the same: a composer step changes only the buttons), or a new private one."""
        for attempt in range(2):  # a 503 or a dropped connection once more: the 3-second window allows it
            try:
                if edit:
                    files: dict[str, Any] = {} if keep_picture else {"attachments": surface.files()}
                    await edit_clicked(interaction, content=surface.content, view=surface.view(), **files)
                    message_id = None
                else:
                    message_id = await send_private(interaction, surface.content, files=surface.files(),
                                                    view=surface.view())
                picture = surface.shows if surface.image is not None or keep_picture else None
                table_routes(self.host.bot).offer(session, interaction)  # the table may follow up on this click
                if self._follow(session, interaction, seat, page, message_id, surface, picture):
                    await self._save_presence(session)
                return
            except (discord.DiscordServerError, *DROPPED) as err:
                if attempt:
                    self._failed(interaction, session, err)
            except discord.HTTPException as err:
                self._failed(interaction, session, err)
                return

    def _failed(self, interaction: discord.Interaction, session: GameSession,
                err: Exception) -> None:
        """The private panel could not be shown (expired token, unknown interaction, Discord down).

        Never raises, so a move that was already committed still reaches the table: the table
        is re-posted at the bottom with a line asking the player to press "My hand" again, and
        pings them when it is their turn.
        """
        if isinstance(err, discord.HTTPException):
            log.info("panel of game %s not shown: %s (code %s)", session.id, err.status, err.code)
        else:
            log.info("panel of game %s not shown: %s", session.id, type(err).__name__)
        if session.phase != PLAYING:
            return
        seat = session.seat_of(interaction.user.id)
        if seat is not None:
            session.pinged.discard(seat)
        self.drop(session.id, interaction.user.id)
        session.add_line(t(session.lang, "resilience.panel_expired", who=f"<@{interaction.user.id}>"))
        session.table_posted_at = 0.0
        self.host.refresh_table(session)

    # ------------------------------------------------------------------ following the game

    def _follow(self, session: GameSession, interaction: discord.Interaction, seat: int, page: int,
                message_id: int | None, surface: Surface, picture: Hashable | None) -> bool:
        """The panel just shown is the person's live one (a newer panel replaces an older), kept with the game.
        True when the game's saved panels knew none of this person's: the person just came to the table."""
        if session.phase != PLAYING:
            return False
        user_id = interaction.user.id
        self._restore(session)
        arrived = user_id not in session.panels
        self.drop(session.id, user_id)
        clicked = interaction.message
        clicked_id = clicked.id if clicked is not None and clicked.flags.ephemeral else None
        panel = LivePanel(interaction.followup, interaction.id, clicked_id, message_id, seat,
                          private_language(interaction), page, shown_by(surface),
                          picture=picture,
                          edited_at=time.time(), could_act=self._may_act(session, seat))
        self._retire_later(session, user_id, panel)
        self.live.setdefault(session.id, {})[user_id] = panel
        session.panels[user_id] = panel.record()
        return arrived

    async def _save_presence(self, session: GameSession) -> None:
        """Save the game now that a person's panel is live: a restart before the game's next change still finds
        it (a renewed token of the same person goes with the next save). Not saved: the panel stays live, only
        a restart would forget it, as it did before."""
        async with session.lock:
            if session.phase != PLAYING:
                return
            with contextlib.suppress(SaveFailed):
                await self.host.save(session)

    def _restore(self, session: GameSession) -> None:
        """Once per game and process: follow again the live panels saved with it (after a restart), each while
        its person still holds the seat it shows and its token still allows edits."""
        if session.id in self.restored:
            return
        self.restored.add(session.id)
        live = self.live.setdefault(session.id, {})
        for user_id, record in list(session.panels.items()):
            try:
                panel = LivePanel.restored(self.host.bot, record)
            except (KeyError, TypeError, ValueError, AssertionError):
                panel = None  # a damaged record: that panel is not followed, as before
            if panel is None or user_id in live or session.seat_of(user_id) != panel.seat or \
                    time.time() - panel.token_born >= TOKEN_SECONDS - RETIRE_MARGIN_SECONDS:
                if user_id not in live:
                    session.panels.pop(user_id, None)
                continue
            panel.could_act = self._may_act(session, panel.seat)
            self._retire_later(session, user_id, panel)
            live[user_id] = panel

    @staticmethod
    def _may_act(session: GameSession, seat: int) -> bool:
        """Whether the seat has a decision to make now: the one change a live panel shows at once."""
        return session.live is not None and session.paused_until is None and bool(session.live.legal(seat))

    def is_live(self, session: GameSession, user_id: int) -> bool:
        self._restore(session)
        panel = self.live.get(session.id, {}).get(user_id)
        return panel is not None and time.time() - panel.token_born < TOKEN_SECONDS - RETIRE_MARGIN_SECONDS

    def drop(self, game_id: int, user_id: int) -> None:
        panel = self.live.get(game_id, {}).pop(user_id, None)
        if panel is not None:
            panel.cancel()
        session = self.host.sessions.get(game_id)
        if session is not None:
            session.panels.pop(user_id, None)

    def stop(self) -> None:
        """The bot is stopping: no panel is edited after its connection closed (the saved records make a restarted
        bot follow them again)."""
        for panels in self.live.values():
            for panel in panels.values():
                panel.cancel()

    def forget(self, session: GameSession) -> None:
        """The game is over: no panel follows it any more (their last state stays as it is)."""
        for panel in self.live.pop(session.id, {}).values():
            panel.cancel()
        session.panels.clear()
        self.restored.discard(session.id)

    def follow_game(self, session: GameSession) -> None:
        """Something changed: each live panel of the game shows the latest state soon."""
        self._restore(session)
        for user_id, panel in list(self.live.get(session.id, {}).items()):
            if session.seat_of(user_id) != panel.seat:  # left, or the seat changed hands
                self.drop(session.id, user_id)
                self._clear(panel)  # the seat's hand is no longer theirs to see (substitutes.py)
                continue
            panel.dirty = True
            if panel.task is None or panel.task.done():
                panel.task = asyncio.create_task(self._keep_up(session, user_id, panel))
                panel.task.add_done_callback(_log_error)

    @staticmethod
    def _clear(panel: LivePanel) -> None:
        """A panel of a seat its person no longer holds: it stops showing the hand, at once."""
        async def clear() -> None:
            with contextlib.suppress(discord.HTTPException):
                await panel.edit(content=t(panel.lang, "games.error.not_seated"), attachments=[],
                                 view=discord.ui.View(timeout=None))
        task = asyncio.create_task(clear())
        task.add_done_callback(_log_error)

    async def _keep_up(self, session: GameSession, user_id: int, panel: LivePanel) -> None:
        """Edit one live panel until it shows the latest state, one edit per ``LIVE_EDIT_SECONDS`` at most."""
        while panel.dirty and self.live.get(session.id, {}).get(user_id) is panel:
            if session.lock.locked():  # a change is being made and answered: the click's own answer shows the
                async with session.lock:  # clicked panel (this one is replaced then), the others show its outcome
                    pass
                continue
            could_act = self._may_act(session, panel.seat)  # read with the text below, before the picture
            wait = 0.0 if could_act != panel.could_act else panel.edited_at + LIVE_EDIT_SECONDS - time.time()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            panel.dirty = False
            if session.phase != PLAYING or session.seat_of(user_id) != panel.seat:
                self.drop(session.id, user_id)
                if session.phase == PLAYING:
                    self._clear(panel)  # the seat changed hands meanwhile
                return
            if not self.is_live(session, user_id):  # its token is about to run out (or did, after a long sleep)
                await self._retire(session, user_id, panel)
                return
            surface = self._text(session, panel.seat, panel.lang, panel.page)
            shown = shown_by(surface)
            if shown == panel.shown:
                continue
            shows, drawing = pictures.seat_hand_shown(session, panel.seat, panel.lang)
            same_picture = shows is not None and shows == panel.picture
            if not same_picture:  # most changes are other people's moves: the hand's picture stays as it is
                surface.image = await pictures.drawn(drawing, shows)
            panel.shown, panel.edited_at, panel.could_act = shown, time.time(), could_act
            panel.picture = shows if same_picture or surface.image is not None else None
            if session.panels.get(user_id, {}).get("interaction") == panel.interaction_id:
                session.panels[user_id]["shown"] = shown.hex()  # saved with the game's next change
            try:
                await panel.edit(content=surface.content, view=surface.view(),
                                 attachments=None if same_picture else surface.files())
            except discord.HTTPException as err:
                log.info("live panel of game %s stopped: %s (code %s)", session.id, err.status, err.code)
                if isinstance(err, discord.DiscordServerError):
                    panel.dirty, panel.shown, panel.picture = True, b"", None  # Discord's hiccup: try again later
                    continue
                self.drop(session.id, user_id)
                return
            except DROPPED as err:  # as a 5xx: tried again a while later
                log.info("live panel of game %s: %s; trying again", session.id, type(err).__name__)
                panel.dirty, panel.shown, panel.picture = True, b"", None

    def _retire_later(self, session: GameSession, user_id: int, panel: LivePanel) -> None:
        """Before the token runs out, the panel says it stopped following and offers Refresh. A timer, looked at
        again at least once a minute, not a sleeping task: most panels are replaced long before, and a cancelled
        task leaves its CancelledError, traceback and frames in a cycle that only a full garbage collection frees."""
        left = panel.token_born + TOKEN_SECONDS - RETIRE_MARGIN_SECONDS - time.time()
        if left > 0:
            panel.retire = asyncio.get_running_loop().call_later(min(left, 60.0), self._retire_later, session,
                                                                 user_id, panel)
            return
        task = asyncio.create_task(self._retire(session, user_id, panel))
        task.add_done_callback(_log_error)

    async def _retire(self, session: GameSession, user_id: int, panel: LivePanel) -> None:
        """The panel stops following: it says so and offers Refresh, while its token still allows an edit."""
        if self.live.get(session.id, {}).get(user_id) is not panel:
            return
        self.live[session.id].pop(user_id, None)
        session.panels.pop(user_id, None)
        panel.cancel()
        if time.time() - panel.token_born >= TOKEN_SECONDS - 5:  # too late to edit it (the bot was asleep)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(GameButton(session.id, "refresh", "", None, label=t(panel.lang, "games.button.refresh"),
                                 emoji="🔄", style=discord.ButtonStyle.primary))
        with contextlib.suppress(discord.HTTPException):
            await panel.edit(content=t(panel.lang, "games.panel.stopped_following"), attachments=[], view=view)


def _log_error(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("live panel update failed", exc_info=task.exception())
