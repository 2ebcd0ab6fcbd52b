"""The table message's way to Discord: a recent interaction's follow-up webhook where one is fresh, the bot's own
token otherwise (DESIGN.md, "Pings and the table message").

Discord's bot-token routes share one limit of 50 requests a second per bot, across all its processes; interaction
endpoints are not bound to it ("Global Rate Limit" in Discord's rate-limit topic). A message sent as an interaction's
follow-up (``POST /webhooks/{application}/{token}``) may be edited and deleted through that token
(``PATCH``/``DELETE .../messages/{id}``) while the token lives: 15 minutes from the interaction. So each game keeps
the freshest interaction of a person in its thread (a move, My hand, Start: ``offer``), posts its table as that
interaction's follow-up whenever the table is posted, edits it through that token, and before the token's end posts
it again as a newer interaction's follow-up (``renew_due``); the old one is deleted through its own token, so the
thread keeps one table.

Where no fresh interaction exists (computers only, a timeout, a restarted bot, which keeps no tokens) or Discord
refuses a token (401, 403, 404: 50027 Invalid Webhook Token, 10015 Unknown Webhook, 10008 Unknown Message), the request
goes through the bot's token as before, paced under the global limit (``reaches`` tells the table whether it needs
that pace). Edits of one table are coalesced by the table's own loop (one update in flight, the latest state wins);
discord.py keeps each webhook's own route limit from Discord's headers.
"""

from __future__ import annotations

import time
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from .session import PLAYING, GameSession

TOKEN_SECONDS = 15 * 60  # Discord accepts follow-ups and their edits through an interaction's token this long
LAST_USE_SECONDS = TOKEN_SECONDS - 60  # no request through a token closer to its end (one in flight, clocks apart)
RENEW_AFTER_SECONDS = 10 * 60  # a table this far into its token's life is posted again as a newer one's follow-up
REFUSED_CODES = {50027, 10015, 10008}  # Invalid Webhook Token, Unknown Webhook, Unknown Message
#: answers to an interaction after which a follow-up is a new message (after a deferred reply, type 5, Discord
#: would make the first follow-up replace the "thinking..." answer, ephemeral as it was)
FOLLOWS_UP = {discord.InteractionResponseType.channel_message, discord.InteractionResponseType.deferred_message_update,
              discord.InteractionResponseType.message_update}


def refused(err: discord.HTTPException) -> bool:
    """Discord does not accept the token for this message (expired, unknown, not its message), or refuses the
    request through it (403): the bot's own token tries, and its answer is the one the table handles."""
    return err.status in (401, 403, 404) or err.code in REFUSED_CODES


@dataclass(frozen=True)
class Token:
    """An interaction's follow-up webhook: the application's id and the interaction's token (not the interaction,
    which holds the clicked message with all its controls)."""

    webhook: discord.Webhook
    interaction_id: int
    channel_id: int  # where its follow-ups go: the interaction's channel

    @property
    def born(self) -> float:
        return discord.utils.snowflake_time(self.interaction_id).timestamp()

    def age(self) -> float:
        return time.time() - self.born

    def usable(self) -> bool:
        return self.age() < LAST_USE_SECONDS


class TableRoutes:
    """Per game: the freshest interaction offered, and the token of the table message it posted."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.offers: dict[int, Token] = {}  # game -> the newest answered interaction in its thread, as its webhook
        self.tables: dict[int, tuple[int, Token]] = {}  # game -> (table message id, the token that posted it)
        self.old: dict[int, Token] = {}  # an earlier table's message id -> its token (to remove it through it)
        #: requests by route kind and what they did: ("webhook"|"bot", "edit"|"post"|"remove"), and
        #: ("webhook", "refused"): a token Discord refused, whose request then went the bot's way
        self.used: Counter[tuple[str, str]] = Counter()

    # ------------------------------------------------------------------ what the table may use

    def offer(self, session: GameSession, interaction: discord.Interaction) -> None:
        """A person's interaction in the game's thread, just answered: the newest may post the table as its
        follow-up (kept as its webhook, not the interaction, which holds the clicked message and its controls).

        Only while the bot itself may post there (its permissions come with the interaction): Discord lets
        interaction answers through without Send Messages, but a server that took it from the bot wants the bot
        to stop posting, and the host is told so (``TableMessage.update``), not routed around."""
        if session.phase != PLAYING or interaction.channel_id != session.where_id:
            return
        allowed = interaction.app_permissions
        may_send = allowed.send_messages_in_threads if session.thread_id is not None else allowed.send_messages
        if not (may_send and allowed.attach_files):
            self.offers.pop(session.id, None)
        elif interaction.response.is_done() and interaction.response.type in FOLLOWS_UP:
            self.offers[session.id] = Token(
                discord.Webhook.partial(interaction.application_id, interaction.token, client=self.client),
                interaction.id, session.where_id)

    def _offered(self, session: GameSession) -> Token | None:
        """The newest offered interaction while it is young enough to carry the table a good while, and the game
        is still played where it was (a thread the bot may no longer post in moves the game to its channel)."""
        token = self.offers.get(session.id)
        if token is not None and (token.age() >= RENEW_AFTER_SECONDS or token.channel_id != session.where_id):
            del self.offers[session.id]
            return None
        return token

    def _current(self, session: GameSession) -> Token | None:
        """The token that posted the table message shown now, while it may still edit it."""
        current = self.tables.get(session.id)
        if current is None or current[0] != session.table_message_id or not current[1].usable():
            return None
        return current[1]

    def reaches(self, session: GameSession) -> bool:
        """Whether the next update will likely go through an interaction's token: then it takes no turn at the
        global pace (a request that falls back to the bot's token is paced on its own, and a turn a post through
        a token did not use is given back)."""
        if session.table_message_id is None:
            return self._offered(session) is not None
        return self._current(session) is not None

    def renew_due(self, session: GameSession) -> bool:
        """The table should be posted again as a newer interaction's follow-up: its token nears its end and a
        newer interaction could carry it for the next minutes. A table the bot's token posted (no person had
        clicked in the thread yet, a token was refused, a restart) stays until it is posted again anyway (a new
        hand, a mention, scrolled out of view): posting it again only for the route costs a move one call more."""
        current = self.tables.get(session.id)
        if current is None or current[0] != session.table_message_id or current[1].age() < RENEW_AFTER_SECONDS:
            return False
        fresh = self._offered(session)
        return fresh is not None and fresh.interaction_id > current[1].interaction_id

    # ------------------------------------------------------------------ the requests

    async def edit(self, session: GameSession, channel: discord.PartialMessageable, message_id: int, content: str,
                   files: Callable[[], list[discord.File]], view: discord.ui.View) -> None:
        """Edit the table message: through its token while it lives, else (or when refused) with the bot's."""
        token = self._current(session)
        if token is not None:
            try:
                await token.webhook.edit_message(message_id, content=content, attachments=files(), view=view)
                self.used["webhook", "edit"] += 1
                return
            except discord.HTTPException as err:
                if not refused(err):
                    raise
                self.used["webhook", "refused"] += 1
                self.tables.pop(session.id, None)
        await channel.get_partial_message(message_id).edit(content=content, attachments=files(), view=view)
        self.used["bot", "edit"] += 1

    async def post(self, session: GameSession, channel: discord.PartialMessageable, content: str,
                   files: Callable[[], list[discord.File]], **fields: Any) -> int:
        """Post the table: as the newest interaction's follow-up where one may, else with the bot's token.
        Returns the new message's id; the token that posted the earlier table is kept to remove it."""
        earlier = self.tables.pop(session.id, None)
        self.old = {mid: token for mid, token in self.old.items() if token.usable()}
        if earlier is not None and earlier[1].usable():
            self.old[earlier[0]] = earlier[1]
        token = self._offered(session)
        if token is not None:
            try:
                sent = await token.webhook.send(content, files=files(), wait=True, **fields)
            except discord.HTTPException as err:
                if not refused(err):
                    raise
                self.used["webhook", "refused"] += 1
                self.offers.pop(session.id, None)
            else:
                self.used["webhook", "post"] += 1
                self.tables[session.id] = (sent.id, token)
                return sent.id
        message = await channel.send(content, files=files(), **fields)
        self.used["bot", "post"] += 1
        return message.id

    async def remove(self, channel: discord.PartialMessageable, message_id: int, keep: bool) -> None:
        """An earlier table goes (``keep``: it stays as a finished hand's record, without its buttons), through
        the token that posted it while it lives, else with the bot's token."""
        token = self.old.pop(message_id, None)
        if token is not None and token.usable():
            try:
                if keep:
                    await token.webhook.edit_message(message_id, view=None)
                else:
                    await token.webhook.delete_message(message_id)
                self.used["webhook", "remove"] += 1
                return
            except discord.HTTPException as err:
                if not refused(err):
                    self.old[message_id] = token  # tried again later (``TableMessage._remove_later``)
                    raise
                self.used["webhook", "refused"] += 1
        message = channel.get_partial_message(message_id)
        if keep:
            await message.edit(view=None)
        else:
            await message.delete()
        self.used["bot", "remove"] += 1

    def forget(self, game_id: int) -> None:
        """The game is over: its interactions and tokens are let go."""
        self.offers.pop(game_id, None)
        current = self.tables.pop(game_id, None)
        if current is not None:
            self.old.pop(current[0], None)
        self.old = {mid: token for mid, token in self.old.items() if token.usable()}


_ROUTES: weakref.WeakKeyDictionary[discord.Client, TableRoutes] = weakref.WeakKeyDictionary()


def table_routes(client: discord.Client) -> TableRoutes:
    """The table routes of one bot (the hand panel and the lobby offer interactions to it)."""
    found = _ROUTES.get(client)
    if found is None:
        found = _ROUTES[client] = TableRoutes(client)
    return found


__all__ = ["TableRoutes", "Token", "refused", "table_routes"]
