"""Slash-command names and descriptions in the user's language, from the same catalogs.

A command text is written as ``locale_str("English text", key="cmd.help.description")``;
Discord shows the catalog's text for that key in each language that has it.
"""

from __future__ import annotations

import discord
from discord import app_commands

from .i18n import DEFAULT_LANG, catalog, language_of


class CatalogTranslator(app_commands.Translator):
    """Looks up ``locale_str.extras["key"]`` in the catalog of the locale's language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale.value)
        if not key or lang == DEFAULT_LANG:
            return None
        return catalog(lang).get(key)
