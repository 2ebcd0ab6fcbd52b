"""The four rules engines, pure Python: no Discord, no images, no I/O.

``GAMES`` is the one list of games. The slash-command choices, the engine registry, the renderer,
the gallery and the Discord controls all derive from it; adding a game is described in the
README's "Adding a game".
"""

from .core.record import GameRecord

GAMES: tuple[GameRecord, ...] = (
    GameRecord("gouji", example_seats=6, example_moves=40),
    GameRecord("zhengshangyou", example_seats=5, example_moves=14),
    GameRecord("gostop", example_seats=3, example_moves=9),
    GameRecord("goita", example_seats=4, example_moves=9),
)

#: the game ids in the order players see them (command choices, ``/help``, ``/settings``)
GAME_IDS: tuple[str, ...] = tuple(game.id for game in GAMES)

_BY_ID = {game.id: game for game in GAMES}


def record(game_id: str) -> GameRecord:
    """The record of ``game_id`` (``KeyError`` for an unknown id)."""
    return _BY_ID[game_id]


__all__ = ["GAMES", "GAME_IDS", "GameRecord", "record"]
