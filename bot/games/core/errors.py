"""The one error every engine raises for a move the rules forbid."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """A move the rules do not allow; the state it was tried on is unchanged.

    ``key`` names a catalog entry (``bot/locales/<lang>/<game>.toml``) and ``params``
    fill its placeholders, so the reason reaches each player in their own language.
    ``str()`` gives the English text for logs and tests that have no catalog at hand.

    >>> str(IllegalAction("core.not_your_turn", "It is not your turn."))
    'It is not your turn.'
    """

    def __init__(self, key: str, english: str, **params: Any) -> None:
        super().__init__(english.format(**params) if params else english)
        self.key = key
        self.params = params
