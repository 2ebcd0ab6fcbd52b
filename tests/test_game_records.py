"""One record per game (``bot.games.GAMES``) is the only list of games.

Every layer finds its part of a game by the record's id: the engine package ``bot/games/<id>/``,
the drawings ``rendering/<id>.py``, the controls ``cogs/table/controls/<id>.py`` (optional).
These tests prove each layer complete for every record, and that no other module names a game id,
so a list or an if-chain over games cannot grow back beside the record.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import get_args

import pytest

from bot.games import GAME_IDS, GAMES, GameRecord, record
from bot.games.registry import engine
from bot.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "rendering"
CONTROLS = ROOT / "cogs" / "table" / "controls"


def test_ids_are_unique_and_each_record_is_found_by_its_id() -> None:
    assert len(set(GAME_IDS)) == len(GAMES) >= 4
    for game in GAMES:
        assert record(game.id) is game
    with pytest.raises(KeyError):
        record("chess")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_the_engine_package_is_the_records_game(game: GameRecord) -> None:
    module = engine(game.id)
    assert module.INFO.id == game.id
    assert module.INFO.min_seats <= game.example_seats <= module.INFO.max_seats
    assert game.example_moves >= 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_display_name_key_is_in_every_language(lang: str) -> None:
    texts = catalog(lang)
    missing = [key for game in GAMES for key in game.keys if key not in texts]
    assert not missing, missing


def test_the_drawings_are_one_module_per_game_named_after_it() -> None:
    assert all((ART / f"{game_id}.py").is_file() for game_id in GAME_IDS)
    from rendering.art import art

    for game_id in GAME_IDS:
        drawings = art(game_id)
        for name in ("draw_table", "draw_hand", "team_names"):
            assert callable(getattr(drawings, name)), (game_id, name)
        assert all(isinstance(label, str) and label for label in drawings.team_names("en"))
    with pytest.raises(ValueError):
        art("chess")


def test_controls_modules_name_only_games_and_every_game_has_controls() -> None:
    from cogs.table.controls import GameControls, controls_for

    modules = {p.stem for p in CONTROLS.glob("*.py")} - {"__init__"}
    # a game's controls, and the parts they are split into by job (``gouji_composer.py``)
    assert {module.split("_", 1)[0] for module in modules} <= set(GAME_IDS)
    for game_id in GAME_IDS:
        assert isinstance(controls_for(game_id), GameControls)
        if game_id in modules:
            assert isinstance(importlib.import_module(f"cogs.table.controls.{game_id}").CONTROLS, GameControls)
    with pytest.raises(KeyError):
        controls_for("chess")


#: one file per concern, under the same name in every engine package (README, "Adding a game")
ENGINE_FILES = ("engine.py", "views.py", "timing.py", "scoring.py", "notation.py", "ai.py")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_engine_has_the_same_files_and_its_timing_rules(game_id: str) -> None:
    from bot.games.core.timing import Timing
    from bot.games.registry import engine

    package = ROOT / "bot" / "games" / game_id
    assert [name for name in ENGINE_FILES if not (package / name).is_file()] == []
    assert isinstance(engine(game_id).TIMING, Timing)


def test_the_slash_command_choice_lists_the_records_in_order() -> None:
    from cogs.utils.choices import GameChoice

    assert get_args(GameChoice) == GAME_IDS


def _own_files(game_id: str) -> set[Path]:
    """The files that belong to one game and may name it."""
    return {
        *(ROOT / "bot" / "games" / game_id).rglob("*.py"),
        ART / f"{game_id}.py",
        *CONTROLS.glob(f"{game_id}*.py"),  # its controls, and the parts they are split into
    }


#: a module that may name one game for a reason of its own (not a list of games), with the reason
EXCEPTIONS = {
    ROOT / "rendering" / "gallery.py": {"zhengshangyou"},  # one extra 8-seat table picture
}


def test_no_module_but_the_record_and_a_games_own_files_names_a_game_id() -> None:
    """A game id as a string constant anywhere else is a list or an if-chain over games in the making."""
    own = {game_id: _own_files(game_id) for game_id in GAME_IDS}
    found: list[str] = []
    for layer in ("bot", "cogs", "rendering"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            if path == ROOT / "bot" / "games" / "__init__.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Constant) and node.value in GAME_IDS):
                    continue
                game_id = str(node.value)
                if path in own[game_id] or game_id in EXCEPTIONS.get(path, set()):
                    continue
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} names {game_id!r}")
    assert not found, found
