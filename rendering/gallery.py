"""``python -m rendering.gallery OUTDIR [--phone]``: every image kind in every language, from seeded games
(``--phone``: the four tables as a phone shows them, 360 px wide).

This is a developer tool, not part of the renderer: it drives the engines (new_game,
legal_actions, apply) to reach a mid-game position, then renders only their views.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.games.examples import rules_example
from bot.games.registry import engine
from bot.i18n import LANGUAGES, t

from . import render_hand, render_leaderboard, render_summary, render_table

#: seats of each game's example table (its record's ``example_seats``)
SEATS = {game.id: game.example_seats for game in GAMES}
NAMES = [
    "Alice", "Дмитрий Шостакович", "علی‌رضا محمدی", "王小明", "김민준 🎲", "Zoë O'Brien-Łukasiewicz the Third",
    "ごいた名人", "Bob",
]
#: two 24-character names per script: the longest names the pictures are checked with (``long_names``)
LONG_NAMES: dict[str, tuple[str, str]] = {
    "latin": ("Alexandra Montgomery-Fox", "Maximilian Featherstonha"),
    "cyrillic": ("Александра Константинова", "Владислав Преображенский"),
    "arabic": ("فاطمه‌السادات حسینی‌نژاد", "محمدحسین شریعتمداری‌پناه"),
    "cjk": ("司马相如与卓文君的长名字玩家一号测试用的长名字呀", "欧阳修和苏东坡的超长名字玩家二号测试用的名字啊呀"),
}


def long_names(script: str, seats: int, at: tuple[int, int] = (0, 1)) -> list[str]:
    """``NAMES`` for ``seats`` seats with the two long names of ``script`` at the seats ``at``."""
    names = [name for name in NAMES if len(name) < 20][:seats]
    names += [f"Player {chr(ord('A') + k)}" for k in range(len(names), seats)]
    for seat, name in zip(at, LONG_NAMES[script], strict=True):
        names[seat % seats] = name
    return names


def play_to(game_id: str, seed: int, steps: int, seats: int | None = None,
            options: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """A game ``steps`` actions in (random legal actions from ``seed``): (module, state)."""
    module = engine(game_id)
    state = module.new_game(seats or SEATS[game_id], seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        acting = sorted(module.to_act(state))
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = module.legal_actions(state, seat)
        if not legal:
            break
        module.apply(state, seat, rng.choice(legal))
        if module.result(state).finished:
            break
    return module, state


def play_out(game_id: str, seed: int, seats: int | None = None, limit: int = 20000) -> tuple[Any, Any]:
    """A game played to its end by random legal actions (or ``limit`` actions)."""
    return play_to(game_id, seed, limit, seats)


def sample_leaderboard() -> list[dict[str, Any]]:
    """Leaderboard rows in the shape ``render_leaderboard`` takes."""
    return [
        {"name": name, "rating": 31.5 - 2.25 * i, "games": 40 - 3 * i, "wins": 21 - 2 * i, "points": 820 - 55 * i}
        for i, name in enumerate(NAMES)
    ]


def rules_table(game_id: str) -> tuple[Any, list[str]]:
    """The example table ``/rules`` shows (``bot.games.examples``): (public view, seat names A, B, ...)."""
    module, state = rules_example(game_id)
    return module.view(state, None), [chr(ord("A") + i) for i in range(SEATS[game_id])]


def pictures(seed: int = 7, langs: tuple[str, ...] = LANGUAGES) -> Iterator[tuple[str, str, Callable[[], bytes]]]:
    """Every image kind in every language as ``(lang, kind, draw)``; ``draw()`` returns the PNG."""
    positions = {}
    for game in GAMES:
        game_id = game.id
        module, state = play_to(game_id, seed, game.example_moves)
        finished_module, finished = play_out(game_id, seed)
        positions[game_id] = (module, state, _summary(finished_module, finished))
    module8, state8 = play_to("zhengshangyou", seed, 10, seats=8)
    for lang in langs:
        for game_id, (module, state, summary) in positions.items():
            names = NAMES[: SEATS[game_id]]
            seat = min(module.to_act(state) or {0})
            yield lang, f"{game_id}_table", partial(render_table, game_id, module.view(state, None), names, lang)
            yield lang, f"{game_id}_hand", partial(render_hand, game_id, module.view(state, seat), lang)
            yield lang, f"{game_id}_summary", partial(render_summary, game_id, summary, names, lang)
            yield lang, f"{game_id}_rules", partial(render_table, game_id, *rules_table(game_id), lang)
        yield lang, "zhengshangyou_table_8", partial(render_table, "zhengshangyou", module8.view(state8, None),
                                                     NAMES, lang)
        yield lang, "leaderboard", partial(render_leaderboard, sample_leaderboard(),
                                           t(lang, "rendering.game.gouji"), lang)


def write_all(outdir: Path, seed: int = 7, langs: tuple[str, ...] = LANGUAGES) -> list[Path]:
    """Write every image kind in every language into ``outdir/<lang>/<kind>.png``; returns the paths."""
    written: list[Path] = []
    for lang, name, draw in pictures(seed, langs):
        path = outdir / lang / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(draw())
        written.append(path)
    return written


def write_phone(outdir: Path, seed: int = 7, langs: tuple[str, ...] = ("en", "fa", "ru"), width: int = 360,
                script: str = "latin") -> list[Path]:
    """Each game's table as a phone shows it (``width`` px wide), with two long names of ``script`` at the
    seat to act and the next: ``outdir/<lang>/<game>_table_<width>.png``."""
    from PIL import Image

    from . import text as tx
    from .art import art

    written: list[Path] = []
    for game in GAMES:
        module, state = play_to(game.id, seed, game.example_moves)
        acting = min(module.to_act(state) or {0})
        names = long_names(script, SEATS[game.id], (acting, (acting + 1) % SEATS[game.id]))
        for lang in langs:
            with tx.language(lang):
                img = art(game.id).draw_table(module.view(state, None), names, lang)
            small = img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)
            path = outdir / lang / f"{game.id}_table_{width}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            small.save(path)
            written.append(path)
    return written


def _summary(module: Any, state: Any) -> dict[str, Any]:
    result = module.result(state)
    return {
        "finished": result.finished, "places": result.places, "points": result.points,
        "team_points": result.team_points, "teams": result.teams, **dict(result.summary or {}),
    }


def main(argv: list[str]) -> None:
    """``OUTDIR`` [``--phone``]: every kind in every language, or (``--phone``) the four tables at 360 px."""
    args = [arg for arg in argv[1:] if not arg.startswith("--")]
    outdir = Path(args[0]) if args else Path("gallery")
    for path in write_phone(outdir) if "--phone" in argv else write_all(outdir):
        print(path)


if __name__ == "__main__":
    main(sys.argv)
