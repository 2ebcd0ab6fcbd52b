"""Discord's size limits on what a bot sends. Each check returns problems as text; the
REST layer turns any problem into 400/50035 (or 413/40005 for file sizes)."""

from __future__ import annotations

from typing import Any

import discord
import emoji as emoji_data

from .errors import UserActionError
from .model import COMPONENTS_V2, SELECT_TYPES, walk_components

Json = dict[str, Any]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
OPTION_TEXT_MAX = 100
FILES_MAX = 10
DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
AUTOCOMPLETE_CHOICES_MAX = 25
V2_COMPONENTS_MAX = 40
# Discord's emoji picker lags Unicode: newer emoji are refused. 15.0 is the newest version we trust it with.
EMOJI_VERSION_MAX = 15.0
FULLY_QUALIFIED = emoji_data.STATUS["fully_qualified"]


def emoji_problem(value: Any) -> str | None:
    """Why Discord would refuse a component emoji, or None.

    Discord accepts a custom emoji (an `id`) or a Unicode emoji from its own list, and only in its
    fully-qualified form: "↩️" with VS16 is an emoji, "↩" alone and "🂠" (a playing-card symbol) are not.
    The maintained list of the `emoji` package stands in for Discord's.
    """
    if not isinstance(value, dict):
        return f"Invalid emoji (not an object: {value!r})"
    if value.get("id"):
        return None if str(value["id"]).isdigit() else f"Invalid emoji (id {value['id']!r})"
    name = str(value.get("name") or "")
    entry = emoji_data.EMOJI_DATA.get(name)
    if entry is None:
        return f"Invalid emoji ({name!r} is not an emoji)"
    if entry.get("status") != FULLY_QUALIFIED:
        return f"Invalid emoji ({name!r} is not fully qualified: add U+FE0F)"
    if float(entry.get("E", 0)) > EMOJI_VERSION_MAX:
        return f"Invalid emoji ({name!r} is newer than Emoji {EMOJI_VERSION_MAX})"
    return None


def check_content(payload: Json) -> list[str]:
    content = payload.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        return [f"content: Must be {CONTENT_MAX} or fewer in length (got {len(content)})."]
    return []


def check_embeds(embeds: list[Json]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"embeds: Must be {EMBEDS_MAX} or fewer in length.")
    total = 0

    def measure(where: str, text: Any, limit: int) -> None:
        nonlocal total
        if text is None:
            return
        size = len(str(text))
        total += size
        if size > limit:
            problems.append(f"{where}: Must be {limit} or fewer in length (got {size}).")

    for i, embed in enumerate(embeds):
        measure(f"embeds.{i}.title", embed.get("title"), EMBED_TITLE_MAX)
        measure(f"embeds.{i}.description", embed.get("description"), EMBED_DESCRIPTION_MAX)
        measure(f"embeds.{i}.footer.text", (embed.get("footer") or {}).get("text"), EMBED_FOOTER_MAX)
        measure(f"embeds.{i}.author.name", (embed.get("author") or {}).get("name"), EMBED_AUTHOR_MAX)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"embeds.{i}.fields: Must be {EMBED_FIELDS_MAX} or fewer in length.")
        for j, f in enumerate(fields):
            measure(f"embeds.{i}.fields.{j}.name", f.get("name"), EMBED_FIELD_NAME_MAX)
            measure(f"embeds.{i}.fields.{j}.value", f.get("value"), EMBED_FIELD_VALUE_MAX)
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds: Embed size exceeds maximum size of {EMBED_TOTAL_MAX} (got {total}).")
    return problems


def _check_custom_id(where: str, comp: Json, seen: set[str], problems: list[str]) -> None:
    custom_id = comp.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        size = len(custom_id) if isinstance(custom_id, str) else "missing"
        problems.append(f"{where}.custom_id: Must be between 1 and {CUSTOM_ID_MAX} in length (got {size}).")
        return
    if custom_id in seen:
        problems.append(f"{where}.custom_id: Component custom id cannot be duplicated ({custom_id!r}).")
    seen.add(custom_id)


def _check_button(where: str, comp: Json, seen: set[str], problems: list[str]) -> None:
    label = comp.get("label")
    if label is not None and len(str(label)) > BUTTON_LABEL_MAX:
        problems.append(f"{where}.label: Must be {BUTTON_LABEL_MAX} or fewer in length.")
    if comp.get("style") == 5:
        if not comp.get("url") or comp.get("custom_id"):
            problems.append(f"{where}: A link button needs a url and no custom_id.")
    elif comp.get("style") != 6:
        _check_custom_id(where, comp, seen, problems)
    if comp.get("emoji") is not None and (problem := emoji_problem(comp["emoji"])):
        problems.append(f"{where}.emoji: {problem}")
    if label is None and comp.get("emoji") is None and comp.get("style") != 6:
        problems.append(f"{where}: A button needs a label or an emoji.")


def _check_select(where: str, comp: Json, seen: set[str], problems: list[str]) -> None:
    _check_custom_id(where, comp, seen, problems)
    placeholder = comp.get("placeholder")
    if placeholder is not None and len(str(placeholder)) > SELECT_PLACEHOLDER_MAX:
        problems.append(f"{where}.placeholder: Must be {SELECT_PLACEHOLDER_MAX} or fewer in length.")
    min_values = int(comp.get("min_values", 1))
    max_values = int(comp.get("max_values", 1))
    if not 0 <= min_values <= SELECT_OPTIONS_MAX or not 1 <= max_values <= SELECT_OPTIONS_MAX:
        problems.append(f"{where}: min_values/max_values must be within 0..25 and 1..25.")
    if min_values > max_values:
        problems.append(f"{where}: min_values is larger than max_values.")
    if comp.get("type") != 3:
        return
    options = comp.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        problems.append(f"{where}.options: Must be between 1 and {SELECT_OPTIONS_MAX} in length (got {len(options)}).")
    if max_values > len(options):
        problems.append(f"{where}.max_values: Must be less than or equal to the number of options.")
    values: set[str] = set()
    for k, option in enumerate(options):
        for key in ("label", "value", "description"):
            text = option.get(key)
            if text is not None and len(str(text)) > OPTION_TEXT_MAX:
                problems.append(f"{where}.options.{k}.{key}: Must be {OPTION_TEXT_MAX} or fewer in length.")
        if not option.get("label") or not option.get("value"):
            problems.append(f"{where}.options.{k}: label and value are required.")
        if option.get("emoji") is not None and (problem := emoji_problem(option["emoji"])):
            problems.append(f"{where}.options.{k}.emoji: {problem}")
        if option.get("value") in values:
            problems.append(f"{where}.options.{k}.value: Select option values must be unique.")
        values.add(str(option.get("value")))


def check_components(components: list[Json], flags: int = 0) -> list[str]:
    """Action rows (5 max) of up to 5 buttons or exactly one select; ids unique and <= 100."""
    problems: list[str] = []
    seen: set[str] = set()
    if flags & COMPONENTS_V2:
        every = walk_components(components)
        if len(every) > V2_COMPONENTS_MAX:
            problems.append(f"components: Must be {V2_COMPONENTS_MAX} or fewer in total.")
        for n, comp in enumerate(every):
            if comp.get("type") == 2:
                _check_button(f"components[{n}]", comp, seen, problems)
            elif comp.get("type") in SELECT_TYPES:
                _check_select(f"components[{n}]", comp, seen, problems)
        return problems
    if len(components) > ACTION_ROWS_MAX:
        problems.append(f"components: Must be {ACTION_ROWS_MAX} or fewer in length (got {len(components)}).")
    for i, row in enumerate(components):
        where = f"components.{i}"
        if row.get("type") != 1:
            problems.append(f"{where}.type: Top-level components must be action rows (type 1).")
            continue
        children = row.get("components") or []
        if not children:
            problems.append(f"{where}.components: An action row cannot be empty.")
        kinds = {c.get("type") for c in children}
        if kinds & set(SELECT_TYPES):
            if len(children) != 1:
                problems.append(f"{where}.components: A row with a select menu holds nothing else.")
        elif len(children) > BUTTONS_PER_ROW_MAX:
            problems.append(
                f"{where}.components: Must be {BUTTONS_PER_ROW_MAX} or fewer in length (got {len(children)})."
            )
        for j, comp in enumerate(children):
            if comp.get("type") == 2:
                _check_button(f"{where}.components.{j}", comp, seen, problems)
            elif comp.get("type") in SELECT_TYPES:
                _check_select(f"{where}.components.{j}", comp, seen, problems)
            else:
                problems.append(f"{where}.components.{j}.type: Not allowed in an action row.")
    return problems


def check_message(payload: Json) -> list[str]:
    """Content, embeds and components of a create or edit payload."""
    problems = check_content(payload)
    if payload.get("embeds") is not None:
        problems += check_embeds(list(payload["embeds"]))
    if payload.get("components") is not None:
        problems += check_components(list(payload["components"]), int(payload.get("flags") or 0))
    return problems


def check_files(files: list[tuple[str, bytes]]) -> list[str]:
    """Too many files is 50035; a file over the limit is 413/40005 (reported separately)."""
    if len(files) > FILES_MAX:
        return [f"files: Must be {FILES_MAX} or fewer in number (got {len(files)})."]
    return []


def oversize_files(files: list[tuple[str, bytes]], size_limit: int) -> list[str]:
    return [f"{name} is {len(data)} bytes, over the {size_limit} byte limit" for name, data in files if len(data) > size_limit]


def check_autocomplete(choices: list[Json]) -> list[str]:
    problems: list[str] = []
    if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
        problems.append(f"data.choices: Must be {AUTOCOMPLETE_CHOICES_MAX} or fewer in length (got {len(choices)}).")
    for i, c in enumerate(choices):
        if not 1 <= len(str(c.get("name", ""))) <= OPTION_TEXT_MAX:
            problems.append(f"data.choices.{i}.name: Must be between 1 and {OPTION_TEXT_MAX} in length.")
        if isinstance(c.get("value"), str) and len(c["value"]) > OPTION_TEXT_MAX:
            problems.append(f"data.choices.{i}.value: Must be {OPTION_TEXT_MAX} or fewer in length.")
    return problems


def check_modal(data: Json) -> list[str]:
    problems: list[str] = []
    if not 1 <= len(str(data.get("title", ""))) <= 45:
        problems.append("data.title: Must be between 1 and 45 in length.")
    custom_id = str(data.get("custom_id", ""))
    if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        problems.append(f"data.custom_id: Must be between 1 and {CUSTOM_ID_MAX} in length.")
    if not 1 <= len(data.get("components") or []) <= 5:
        problems.append("data.components: Must be between 1 and 5 in length.")
    return problems


def check_commands(commands: list[Json]) -> list[str]:
    """What Discord validates when a bot syncs its slash commands."""
    problems: list[str] = []
    names: set[tuple[int, str]] = set()
    if len(commands) > 100:
        problems.append("commands: Must be 100 or fewer in length.")
    for i, cmd in enumerate(commands):
        name = str(cmd.get("name", ""))
        kind = int(cmd.get("type", 1))
        if (kind, name) in names:
            problems.append(f"{i}.name: Application command names must be unique ({name!r}).")
        names.add((kind, name))
        if not 1 <= len(name) <= 32 or (kind == 1 and name != name.lower()):
            problems.append(f"{i}.name: Invalid command name {name!r}.")
        if kind == 1 and not 1 <= len(str(cmd.get("description", ""))) <= 100:
            problems.append(f"{i}.description: Must be between 1 and 100 in length.")
        problems += _check_options(f"{i}.options", cmd.get("options") or [])
    return problems


def _check_options(where: str, options: list[Json]) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where}: Must be 25 or fewer in length.")
    for j, opt in enumerate(options):
        if not 1 <= len(str(opt.get("name", ""))) <= 32:
            problems.append(f"{where}.{j}.name: Must be between 1 and 32 in length.")
        if not 1 <= len(str(opt.get("description", ""))) <= 100:
            problems.append(f"{where}.{j}.description: Must be between 1 and 100 in length.")
        if len(opt.get("choices") or []) > 25:
            problems.append(f"{where}.{j}.choices: Must be 25 or fewer in length.")
        if opt.get("choices") and opt.get("autocomplete"):
            problems.append(f"{where}.{j}: Autocomplete and choices cannot both be set.")
        problems += _check_options(f"{where}.{j}.options", opt.get("options") or [])
    return problems


DISCORD_LOCALES = frozenset(locale.value for locale in discord.Locale)


def check_locale(locale: str) -> str:
    """A locale Discord's client really sends (`discord.Locale`); anything else, e.g. "fa", is refused."""
    if locale not in DISCORD_LOCALES:
        raise UserActionError(
            f"Discord never sends the locale {locale!r}; use one of discord.Locale (e.g. 'en-US', 'ru'). "
            "A Persian player has an English (or other) client and chooses Persian in the bot.")
    return locale
