"""Answering an interaction privately, whether or not it was answered already."""

import discord


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer: the response if none was sent yet, otherwise a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
