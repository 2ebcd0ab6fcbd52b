"""The words of Zheng Shangyou a player meets (event kinds, action kinds, the panel's buttons), grouped by the term
whose one-line explanation covers them (issue #45). A word not listed here is explained under its own name."""

from __future__ import annotations

TERMS: dict[str, tuple[str, ...]] = {
    "tribute": ("tribute", "tribute_auto", "tribute_chosen", "tribute_taken", "take_tribute"),
    "return": ("return", "return_chosen", "return_taken", "take_return"),
    "play": ("play", "confirm", "clear"),
}
