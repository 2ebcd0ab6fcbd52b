"""The words of Goita a player meets (event kinds, action kinds, the panel's buttons), grouped by the term whose
one-line explanation covers them (issue #45). A word not listed here is explained under its own name."""

from __future__ import annotations

TERMS: dict[str, tuple[str, ...]] = {
    "hand_start": ("hand_start", "dealt"),
    "ritual": ("ritual", "ritual_point", "ritual_offset", "point", "offset"),
    "goshi": ("goshi", "decide", "decided", "decision_private", "chose_continue", "chose_redeal", "continue",
              "redeal", "play_on"),
    "lead": ("lead", "lead_again", "back"),
}
