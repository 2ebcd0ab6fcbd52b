"""Answering an interaction privately, whether or not it was answered already."""

import discord


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer: the response if none was sent yet, otherwise a follow-up.

    Mentions in ``text`` (names people typed) never notify anybody.
    """
    quiet = discord.AllowedMentions.none()
    if not interaction.response.is_done():
        try:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)
            return
        except discord.InteractionResponded:  # answered meanwhile (a race): follow up instead
            pass
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=quiet)
