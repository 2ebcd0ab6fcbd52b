"""Issue #47: README, ``/settings`` and the rules (as the engines implement them) agree on every default a player
meets. The README's table of turn times is read here and checked against the engines' ``INFO`` and ``TIMING``;
README said Goita's timer was off unless set, while its rules file (§12.10, revised) and the bot use 120 s."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games import GAME_IDS
from bot.games.gouji.timing import WINDOW_SECONDS
from bot.games.registry import engine
from bot.i18n import t
from cogs.admin import rules_lengths

README = Path(__file__).resolve().parents[2] / "README.md"
COLUMNS = ["game", "players", "turn time", "reminder", "missed in a row before *(away)*", "while away"]


def readme_table() -> dict[str, dict[str, str]]:
    """The rows of README's table of turn times, by game id."""
    lines = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("| game | players | turn time"))
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    assert header == COLUMNS
    by_name = {t("en", f"{game}.name"): game for game in GAME_IDS}
    rows: dict[str, dict[str, str]] = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")), strict=True))
        rows[by_name[cells["game"]]] = cells
    return rows


def seconds_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(\d+) s\b", text)]


def a_state(game: str) -> object:
    info = engine(game).INFO
    return engine(game).new_game(info.min_seats, 1)


def test_the_table_has_every_game() -> None:
    assert sorted(readme_table()) == sorted(GAME_IDS)


@pytest.mark.parametrize("game", GAME_IDS)
def test_players_and_turn_time_are_the_engines(game: str) -> None:
    row, info, timing = readme_table()[game], engine(game).INFO, engine(game).TIMING
    players = str(info.min_seats) if info.min_seats == info.max_seats else f"{info.min_seats}–{info.max_seats}"
    assert row["players"] == players
    assert timing.turn_seconds and seconds_in(row["turn time"])[0] == timing.turn_seconds
    if "turn_timeout" in info.options:  # Goita §12.10 (revised): its own timer, on by default
        assert info.options["turn_timeout"].default == timing.turn_seconds


def test_gou_ji_follows_in_its_own_window() -> None:
    assert seconds_in(readme_table()["gouji"]["turn time"]) == [WINDOW_SECONDS["lead"], WINDOW_SECONDS["follow"]]


@pytest.mark.parametrize("game", GAME_IDS)
def test_reminder_and_away_are_the_engines(game: str) -> None:
    row, timing, state = readme_table()[game], engine(game).TIMING, a_state(game)
    turn = float(timing.turn_seconds or 0)
    lead = timing.reminder(state, turn)
    if lead is None:  # the table's default (turn_clock.reminder_lead): a quarter of the window, at least 3 s
        lead = max(3.0, turn / 4)
    if lead == turn / 2:
        assert row["reminder"] == "at half time"
    else:
        assert row["reminder"] == f"{lead:g} s before the end"
    shown_after = getattr(timing, "shown_away_after", None) or timing.away_after(state)
    assert int(row["missed in a row before *(away)*"]) == shown_after
    grace = timing.away_grace(state)
    if grace is None:
        assert row["while away"].startswith("the computer plays")
    else:
        assert row["while away"] == f"the timeout rules act after {grace:g} s"


def test_settings_and_the_readme_say_the_same_turn_lengths() -> None:
    """``/settings`` reads the engines; README's /settings row and its prose say the same, Goita included."""
    shown = rules_lengths("en", 120)
    text = README.read_text(encoding="utf-8")
    settings_row = next(line for line in text.splitlines() if line.startswith("| `/settings"))
    for game in GAME_IDS:
        seconds = engine(game).TIMING.turn_seconds
        name = t("en", f"{game}.name")
        assert t("en", "settings.game_seconds", game=name, seconds=seconds) in shown
        assert f"{name} {seconds} s" in settings_row
    assert "Goita off" not in text and "timer is off unless" not in text

