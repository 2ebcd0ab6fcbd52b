"""/leaderboard, /stats and /history: what the server has played, from storage (/replay: ``cogs/replay.py``)."""

from __future__ import annotations

import io
import re
from functools import partial
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.i18n import join, t
from bot.replies import answer_soon, edit_clicked, reply_privately, send_public
from bot.storage import LeaderboardRow, Rating
from cogs.table import pictures
from cogs.table.components import PAGE_TEMPLATE
from cogs.table.replay_viewer import watch_button
from cogs.utils.choices import GameChoice
from cogs.utils.language import private_language
from cogs.utils.old_messages import too_old_to_edit

PAGE_SIZE = 10
Sort = Literal["rating", "points", "wins"]
Period = Literal["all", "month", "week"]
SORTS: dict[str, Sort] = {"rating": "rating", "points": "points", "wins": "wins"}
PERIODS: dict[str, Period] = {"all": "all", "month": "month", "week": "week"}


def _lang(interaction: discord.Interaction) -> str:
    return private_language(interaction)


#: the rating a new player is shown, and points shown per point of the conservative estimate (mu - 3 sigma)
RATING_START = 1000
RATING_SCALE = 20


def shown_rating(rating: Rating | None) -> int | str:
    """The rating as people read it: the conservative estimate (``ordinal``, 0 for a new player) scaled so a new
    player starts at 1000 and one loss reads "964", not "-1.8" (#47); higher is better, the order is the
    estimate's. "—" for someone without a rating."""
    if rating is None:
        return "—"
    return round(RATING_START + RATING_SCALE * rating.ordinal)


def _row_text(lang: str, row: LeaderboardRow) -> str:
    rating = shown_rating(row.rating)
    return t(lang, "board.row", rank=row.rank, user=f"<@{row.user_id}>", rating=rating, points=row.points,
             wins=row.wins, games=row.games)


def leaderboard_drawing(rows: list[LeaderboardRow], title: str, names: dict[int, str], lang: str) -> pictures.Drawing:
    """The leaderboard picture's drawing: its rows as plain data, its title without Discord's markdown."""
    import rendering

    data = [{"rank": r.rank, "name": names.get(r.user_id, str(r.user_id)), "games": r.games, "wins": r.wins,
             "points": r.points, "rating": None if r.rating is None else shown_rating(r.rating)}
            for r in rows]
    plain = discord.utils.remove_markdown(title)  # the message's **bold** is no word of the picture
    return partial(rendering.render_leaderboard, data, plain, lang=lang)


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_TEMPLATE):
    """◀ / ▶ on a leaderboard; the page lives in the custom_id so it works for everyone, forever."""

    def __init__(self, game: str, sort: str, period: str, page: int, label: str = "", disabled: bool = False):
        super().__init__(discord.ui.Button(label=label or str(page + 1), disabled=disabled,
                                           custom_id=f"lb:{game}:{sort}:{period}:{page}"))
        self.game, self.sort, self.period, self.page = game, sort, period, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PageButton:
        return cls(match["game"], match["sort"], match["period"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Leaderboards")  # type: ignore[attr-defined]
        if not isinstance(cog, Leaderboards):
            return
        if self.game not in GAME_IDS:  # a forged or outdated page: answered, never left to fail
            await reply_privately(interaction, t(_lang(interaction), "games.error.unknown_button"))
            return
        await cog.show(interaction, self.game, self.sort, self.period, self.page, edit=True)


class Leaderboards(commands.Cog):
    """Rankings and records of finished games."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PageButton)

    @app_commands.command(name="leaderboard", description=app_commands.locale_str(
        "This server's best players of a game", key="cmd.leaderboard.description"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: GameChoice, sort: Sort = "rating",
                          period: Period = "all") -> None:
        await self.show(interaction, game, sort, period, 0, edit=False)

    async def show(self, interaction: discord.Interaction, game: str, sort: str, period: str, page: int,
                   edit: bool) -> None:
        """One page as an image with the same ranking in text, and page buttons; acknowledged within
        Discord's budget, since the database and the picture may take a moment."""
        answer_soon(interaction)
        lang = _lang(interaction)
        guild_id = interaction.guild_id or 0
        sort_by, within = SORTS.get(sort, "rating"), PERIODS.get(period, "all")
        rows = await self.bot.storage.leaderboard(guild_id, game, sort=sort_by, period=within,
                                                  offset=page * PAGE_SIZE, limit=PAGE_SIZE + 1)
        more, rows = len(rows) > PAGE_SIZE, rows[:PAGE_SIZE]
        title = t(lang, "board.title", game=t(lang, f"{game}.name"), sort=t(lang, f"board.sort.{sort_by}"),
                  period=t(lang, f"board.period.{within}"))
        if not rows:
            text = f"{title}\n{t(lang, 'board.empty')}"
        else:
            text = "\n".join([title, *(_row_text(lang, row) for row in rows)])
        names = await self._names(interaction, rows)
        image = await pictures.drawn(leaderboard_drawing(rows, title, names, lang)) if rows else None
        files = [] if image is None else [discord.File(io.BytesIO(image), filename="leaderboard.png")]
        view = discord.ui.View(timeout=None)
        view.add_item(PageButton(game, sort_by, within, max(page - 1, 0), "◀", disabled=page == 0))
        view.add_item(PageButton(game, sort_by, within, page + 1, "▶", disabled=not more))
        none = discord.AllowedMentions.none()
        if edit and too_old_to_edit(interaction.message):
            edit = False  # Discord caps edits of hour-old messages (30046): a fresh page instead
        if edit:
            await edit_clicked(interaction, content=text[:2000], attachments=files, view=view, allowed_mentions=none)
        else:
            await send_public(interaction, text[:2000], files=files, view=view, allowed_mentions=none)

    async def _names(self, interaction: discord.Interaction, rows: list[LeaderboardRow]) -> dict[int, str]:
        """Display names from the server's cache, else the names people had in their recent games here."""
        wanted = {row.user_id for row in rows}
        names: dict[int, str] = {}
        for user_id in wanted:
            member = interaction.guild.get_member(user_id) if interaction.guild else None
            if member is not None:
                names[user_id] = member.display_name
        if wanted - set(names):
            for entry in await self.bot.storage.history(interaction.guild_id or 0, limit=100):
                for seat in entry.seats:
                    if seat.user_id in wanted and seat.user_id not in names and seat.name:
                        names[seat.user_id] = seat.name
        return names

    @app_commands.command(name="stats", description=app_commands.locale_str(
        "Games, wins, points and rating of a player", key="cmd.stats.description"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = _lang(interaction)
        who = user or interaction.user
        entries = await self.bot.storage.stats(interaction.guild_id or 0, who.id)
        if not entries:
            await interaction.response.send_message(t(lang, "stats.none", user=who.mention), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        lines = [t(lang, "stats.title", user=who.mention)]
        for entry in entries:
            rating = shown_rating(entry.rating)
            lines.append(t(lang, "stats.line", game=t(lang, f"{entry.game}.name"), games=entry.games,
                           wins=entry.wins, place=f"{entry.average_place:.2f}", points=entry.points,
                           rating=rating, streak=entry.streak, best=entry.best_streak,
                           rank=entry.rank if entry.rank is not None else "—")
                         + (" · " + t(lang, "hints.used", n=entry.hints) if entry.hints else ""))
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="history", description=app_commands.locale_str(
        "The last finished games, with links to their threads", key="cmd.history.description"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = _lang(interaction)
        entries = await self.bot.storage.history(interaction.guild_id or 0, user.id if user else None, limit=10)
        if not entries:
            await interaction.response.send_message(t(lang, "history.none"), ephemeral=True)
            return
        lines = [t(lang, "history.title")]
        for entry in entries:
            winners = [s for s in entry.seats if s.place == 1 and not entry.abandoned]
            winner_names = join(lang, (f"<@{s.user_id}>" if s.user_id else discord.utils.escape_markdown(s.name)
                                     for s in winners)) or "—"
            link = f"https://discord.com/channels/{entry.guild_id}/{entry.link_channel_id}"
            lines.append(t(lang, "history.line", game=t(lang, f"{entry.game}.name"), id=entry.game_id,
                           when=f"<t:{int(entry.ended_at.timestamp())}:R>", winners=winner_names, link=link,
                           rated=t(lang, "history.abandoned" if entry.abandoned else
                                   "history.rated" if entry.rated else "history.unrated")))
        watch = discord.ui.View(timeout=None)  # Watch again, one per game: a private viewer for whoever clicks
        for index, entry in enumerate(entries[:10]):
            watch.add_item(watch_button(entry.game_id, t(lang, "viewer.watch_id", id=entry.game_id), row=index // 5))
        watch.stop()  # answered through its items' custom ids: discord.py keeps no copy of an ephemeral's view
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True, view=watch,
                                                allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Leaderboards(bot))
