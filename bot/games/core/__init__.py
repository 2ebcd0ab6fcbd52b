"""What every rules engine shares: errors, events, seeded randomness, cards, the contract."""

from .cards import Card, full_deck, parse_rank, rank_name
from .errors import IllegalAction
from .events import Event
from .protocol import (
    Choice,
    GameInfo,
    GameModule,
    Option,
    Reason,
    Result,
    Tally,
    apply_presets,
    resolve_options,
    set_by_preset,
)
from .rng import rng_for

__all__ = [
    "Card", "Choice", "Event", "GameInfo", "GameModule", "IllegalAction", "Option", "Reason", "Result", "Tally", "apply_presets", "set_by_preset",
    "full_deck", "parse_rank", "rank_name", "resolve_options", "rng_for",
]
