"""A game's record: the one description every layer looks a game up by (see ``bot/games/__init__.py``).

Pure data, so that ``bot/games`` stays at the bottom of the layers: the upper layers find their own
part of a game by its id (``rendering/<id>.py``, ``cogs/table/controls/<id>.py``), never by a list of
their own. A game starts through ``bot.games.live.LiveGame.start``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameRecord:
    """One game: its id (the package ``bot/games/<id>/``), its example table and its catalog keys.

    Seat counts and options are the engine's ``INFO`` (``registry.engine(id).INFO``), not repeated here.
    """

    id: str
    #: seats of the example table: the ``/rules`` picture and the gallery's images
    example_seats: int
    #: random legal moves from the deal to the gallery's mid-game example position
    example_moves: int

    @property
    def name_key(self) -> str:
        """The catalog key of the game's display name (``Gou Ji``)."""
        return f"{self.id}.name"

    @property
    def tagline_key(self) -> str:
        """The catalog key of the one-line description ``/help`` shows."""
        return f"{self.id}.tagline"

    @property
    def rules_key(self) -> str:
        """The catalog key of the short rules summary ``/rules`` shows."""
        return f"games.rules.{self.id}"

    @property
    def title_key(self) -> str:
        """The catalog key of the name drawn in pictures."""
        return f"rendering.game.{self.id}"

    @property
    def keys(self) -> tuple[str, ...]:
        """Every catalog key the record names (each must exist in every language)."""
        return (self.name_key, self.tagline_key, self.rules_key, self.title_key)
