"""The double behaves like Discord for what the bot does: commands, components, threads, files."""

from __future__ import annotations

import io

import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.discord_double import DiscordDouble, UserActionError

from .tinybot import TinyBot


def png(width: int = 8, height: int = 4) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


async def test_gateway_speaks_zlib_stream_and_answers_heartbeats(double: DiscordDouble, tiny: TinyBot) -> None:
    assert double.gateway.identifies == 1
    assert all(c.compressed for c in double.gateway.connections)
    assert tiny.latency != float("inf")  # our HEARTBEAT_ACK arrived
    assert tiny.get_guild(double.guild.id) is not None
    assert {c.name for c in tiny.get_guild(double.guild.id).text_channels} == {"games"}  # type: ignore[union-attr]


async def test_commands_sync_globally_or_per_guild(double: DiscordDouble) -> None:
    async with double.running(TinyBot(sync_guild=double.guild.id)):
        assert double.command_syncs == [f"guild {double.guild.id}"]
        assert double.global_commands == []
        msg = await double["alice"].run("/do")
        assert msg.content == "done"
        assert double["alice"].last_interaction.payload["data"]["guild_id"] == str(double.guild.id)


async def test_subcommand_with_choice_and_integer_options(double: DiscordDouble, tiny: TinyBot) -> None:
    msg = await double["alice"].run("/lobby create", game="goita", seats=3)
    by_name = await double["bob"].run("/lobby create", game="Gou Ji")  # the name the client shows

    assert by_name.content == "lobby for gouji with 4 seats by bob"
    assert msg.content == "lobby for goita with 3 seats by alice"
    assert not msg.ephemeral
    assert double.default_channel.last_message is by_name
    with pytest.raises(UserActionError, match="not one of"):
        await double["alice"].run("/lobby create", game="chess")
    with pytest.raises(UserActionError, match="required"):
        await double["alice"].run("/lobby create")


async def test_manage_server_commands_are_hidden_from_members(double: DiscordDouble, tiny: TinyBot) -> None:
    with pytest.raises(UserActionError, match="may not use /settings"):
        await double["alice"].run("/settings")
    msg = await double["admin"].run("/settings")
    assert msg.content == "settings" and msg.ephemeral_for == double["admin"].id


async def test_click_on_ephemeral_brings_fresh_token_and_updates_it(double: DiscordDouble, tiny: TinyBot) -> None:
    async def show_hand(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(label="Play", custom_id="play")

        async def play(click: discord.Interaction) -> None:
            await click.response.edit_message(content=f"played by {click.user.name}", view=None)

        button.callback = play  # type: ignore[method-assign,assignment]
        view.add_item(button)
        await interaction.response.send_message("your hand", view=view, ephemeral=True)

    tiny.on_do = show_hand
    alice, bob = double["alice"], double["bob"]
    hand = await alice.run("/do")

    with pytest.raises(UserActionError, match="cannot see"):
        await bob.click(hand, "Play")
    after = await alice.click(hand, "Play")

    assert after is hand and hand.content == "played by alice"
    assert [v.content for v in hand.edits] == ["your hand"]
    assert hand.buttons == []
    first, second = alice.interactions[-2:]
    assert first.token != second.token
    assert second.response_type == 7
    assert alice.last_ephemeral is hand


async def test_select_menu_values_and_limits_of_what_a_user_can_pick(double: DiscordDouble, tiny: TinyBot) -> None:
    picked: list[list[str]] = []

    async def offer(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id="cards", placeholder="Pick cards", max_values=2,
            options=[discord.SelectOption(label=f"Card {n}", value=str(n)) for n in range(5)],
        )

        async def chosen(choice: discord.Interaction) -> None:
            picked.append(list(select.values))
            await choice.response.send_message(f"you picked {', '.join(select.values)}", ephemeral=True)

        select.callback = chosen  # type: ignore[method-assign,assignment]
        view.add_item(select)
        await interaction.response.send_message("table", view=view)

    tiny.on_do = offer
    table = await double["carol"].run("/do")
    menu = table.select("Pick cards")
    assert menu.labels[:2] == ["Card 0", "Card 1"] and menu.max_values == 2

    reply = await double["bob"].select(table, "Pick cards", ["1", "Card 3"])

    assert picked == [["1", "3"]]
    assert reply.content == "you picked 1, 3" and reply.ephemeral_for == double["bob"].id
    with pytest.raises(UserActionError, match="takes 1..2 values"):
        await double["bob"].select(table, "cards", ["1", "2", "3"])
    with pytest.raises(UserActionError, match="not offered"):
        await double["bob"].select(table, "cards", ["9"])


async def test_autocomplete_returns_the_bots_suggestions(double: DiscordDouble, tiny: TinyBot) -> None:
    tiny.on_complete = lambda typed: [app_commands.Choice(name=f"{typed}{n}", value=f"{typed}{n}") for n in range(3)]

    choices = await double["alice"].autocomplete("/do", "text", "QQ")

    assert [c.name for c in choices] == ["QQ0", "QQ1", "QQ2"]
    record = double["alice"].last_interaction
    assert record.type == 4
    assert record.payload["data"]["options"] == [{"type": 3, "name": "text", "value": "QQ", "focused": True}]


async def test_deferred_reply_is_replaced_by_the_first_followup(double: DiscordDouble, tiny: TinyBot) -> None:
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("finally")
        await interaction.followup.send("and more", ephemeral=True)

    tiny.on_do = slow
    msg = await double["alice"].run("/do")

    assert msg.content == "finally" and msg.ephemeral and not msg.loading
    assert msg.edits == []  # completing the "thinking..." message is not an edit
    assert [m.content for m in double["alice"].ephemerals] == ["finally", "and more"]


async def test_rest_calls_are_recorded_and_attributed_to_the_interaction(double: DiscordDouble, tiny: TinyBot) -> None:
    async def move(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        table = await channel.send("table v1")
        await table.edit(content="table v2")

    tiny.on_do = move
    await double["alice"].run("/do")
    record = double["alice"].last_interaction

    assert [c.key for c in record.calls] == [
        "POST /interactions/{interaction_id}/{token}/callback",
        "POST /channels/{channel_id}/messages",
        "PATCH /channels/{channel_id}/messages/{message_id}",
    ]
    assert len(record.other_calls) == 2
    assert record.latency is not None and record.latency >= record.ack_seconds  # type: ignore[operator]
    table = double.default_channel.last_message
    assert table is not None and table.content == "table v2" and [v.content for v in table.edits] == ["table v1"]
    assert double.calls_to("PATCH /channels/{channel_id}/messages/{message_id}")[0].body["content"] == "table v2"  # type: ignore[index]


async def test_threads_from_message_and_without_join_and_archive(double: DiscordDouble, tiny: TinyBot) -> None:
    double.allow(double.default_channel, "create_private_threads")  # beyond the invite's permissions
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("lobby")
    from_message = await starter.create_thread(name="Goita #1")
    private = await channel.create_thread(name="Gou Ji #2", type=discord.ChannelType.private_thread)
    await private.join()
    await private.send("welcome")
    await private.edit(archived=True)

    thread = double.thread("Goita #1")
    assert thread.id == starter.id and thread.parent_id == channel.id and thread.type == 11
    assert double.thread("Gou Ji #2").type == 12
    assert double.thread("Gou Ji #2").archived
    assert [m.content for m in double.thread("Gou Ji #2").public_messages] == ["welcome"]
    assert isinstance(tiny.get_channel(from_message.id), discord.Thread)  # THREAD_CREATE reached the bot
    with pytest.raises(discord.HTTPException) as err:
        await starter.create_thread(name="again")
    assert err.value.code == 160004
    double.take_violations()


async def test_attachments_travel_as_multipart_and_decode_with_pillow(double: DiscordDouble, tiny: TinyBot) -> None:
    async def picture(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("board", file=discord.File(io.BytesIO(png(8, 4)), "board.png"))
        original = await interaction.original_response()
        await original.edit(attachments=[discord.File(io.BytesIO(png(16, 8)), "board2.png")])

    tiny.on_do = picture
    msg = await double["alice"].run("/do")

    assert [a.filename for a in msg.attachments] == ["board2.png"]
    assert msg.attachments[0].image().size == (16, 8)
    assert msg.edits[0].attachments[0].image().size == (8, 4)
    downloaded = await tiny.get_channel(double.default_channel.id).fetch_message(msg.id)  # type: ignore[union-attr]
    assert Image.open(io.BytesIO(await downloaded.attachments[0].read())).size == (16, 8)


async def test_channel_permissions_can_deny_the_bot_files_and_threads(double: DiscordDouble, tiny: TinyBot) -> None:
    games = double.default_channel
    double.deny(games, "attach_files", "create_public_threads")
    channel = tiny.get_channel(games.id)
    assert isinstance(channel, discord.TextChannel)

    with pytest.raises(discord.Forbidden) as no_file:
        await channel.send(file=discord.File(io.BytesIO(png()), "x.png"))
    with pytest.raises(discord.Forbidden) as no_thread:
        await channel.create_thread(name="game", type=discord.ChannelType.public_thread)

    assert no_file.value.code == no_thread.value.code == 50013
    assert not channel.permissions_for(channel.guild.me).attach_files  # CHANNEL_UPDATE reached the bot
    assert double.take_violations() == []  # a permission error is the bot's fault to handle, not a rule break


async def test_allowed_mentions_are_recorded_and_edits_ping_nobody(double: DiscordDouble, tiny: TinyBot) -> None:
    double.allow(double.default_channel, "mention_everyone")  # beyond the invite's permissions: the worst case
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    alice = double["alice"]

    careless = await channel.send(f"@everyone {alice.mention}")
    safe = await channel.send(f"@everyone {alice.mention}", allowed_mentions=discord.AllowedMentions(everyone=False, roles=False))
    quiet = await channel.send("hello")
    await quiet.edit(content=f"hello {alice.mention}")
    users_only = discord.AllowedMentions(users=True, everyone=False, roles=False)
    silent = await channel.send(f"psst {alice.mention}", silent=True, allowed_mentions=users_only)

    stored = {m.id: m for m in double.default_channel.public_messages}
    assert stored[careless.id].allows_mass_mention and stored[careless.id].pinged_everyone
    assert not stored[safe.id].allows_mass_mention and not stored[safe.id].pinged_everyone
    assert stored[safe.id].pinged_user_ids == [alice.id]
    assert stored[quiet.id].pinged_user_ids == []
    assert stored[silent.id].pinged_user_ids == []
    assert double.mass_mention_risks() == [stored[careless.id], stored[quiet.id]]  # no allowed_mentions at all


async def test_deferred_click_edits_the_clicked_message_through_original(double: DiscordDouble, tiny: TinyBot) -> None:
    async def table(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(label="Move", custom_id="move")

        async def move(click: discord.Interaction) -> None:
            await click.response.defer()  # DEFERRED_UPDATE_MESSAGE for a component
            await click.edit_original_response(content=f"moved by {click.user.name}")

        button.callback = move  # type: ignore[method-assign,assignment]
        view.add_item(button)
        await interaction.response.send_message("table", view=view)

    tiny.on_do = table
    msg = await double["alice"].run("/do")
    after = await double["bob"].click(msg, "Move")

    assert after is msg and msg.content == "moved by bob"
    assert double["bob"].last_interaction.response_type == 6
    assert [v.content for v in msg.edits] == ["table"]


async def test_followups_can_be_edited_and_deleted_by_the_token(double: DiscordDouble, tiny: TinyBot) -> None:
    async def chatter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        note = await interaction.followup.send("note", wait=True)
        await note.edit(content="note, edited")
        gone = await interaction.followup.send("gone", wait=True)
        await gone.delete()
        await interaction.delete_original_response()

    tiny.on_do = chatter
    record = await double["alice"].begin_run("/do")
    await double.wait(record)

    assert [m.content for m in double.default_channel.public_messages] == ["note, edited"]
    assert len(record.followup_ids) == 2


async def test_user_role_and_channel_options_arrive_resolved(double: DiscordDouble) -> None:
    seen: list[str] = []

    class Picky(TinyBot):
        async def setup_hook(self) -> None:
            @self.tree.command(name="invite", description="Invite someone")
            async def invite(interaction: discord.Interaction, who: discord.Member, role: discord.Role,
                             where: discord.TextChannel) -> None:
                seen.append(f"{who.name} {role.name} {where.name}")
                await interaction.response.send_message("ok", ephemeral=True)

            await self.tree.sync()

    async with double.running(Picky()):
        mods = double.guild.role("Moderators")
        await double["alice"].run("/invite", who=double["bob"], role=mods, where="games")

    assert seen == ["bob Moderators games"]


async def test_idle_threads_archive_themselves_and_a_new_message_wakes_them(double: DiscordDouble, tiny: TinyBot) -> None:
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="night game", auto_archive_duration=60,
                                         type=discord.ChannelType.public_thread)
    table = await thread.send("table")
    double.clock.advance(61 * 60)

    with pytest.raises(discord.HTTPException) as err:
        await table.edit(content="next morning")
    await thread.send("good morning")
    await table.edit(content="next morning")

    assert err.value.code == 50083
    assert not double.thread("night game").archived
    assert double.take_violations() == []  # archived threads are state the bot must handle
