"""The words of Go-Stop a player meets (event kinds, action kinds, the panel's buttons), grouped by the term whose
one-line explanation covers them (issue #45): a ja-ppuk and a stack taken are both about the ppuk, "accept" and
"reject" answer a syodang. A word not listed here is explained under its own name."""

from __future__ import annotations

TERMS: dict[str, tuple[str, ...]] = {
    "joker": ("jokers_to_dealer", "replacement", "joker_drawn", "joker_redraw", "joker_redraw_card"),
    "layout_four": ("void_deal", "layout_four", "layout_four_nagari"),
    "chongtong": ("chongtong", "chongtong_cancelled", "chongtong_both_dealer", "chongtong_both_nagari"),
    "ppuk": ("ppuk", "deal_stack", "ppuk_capture", "stack_taken"),
    "first_ppuk": ("first_turn_ppuk", "first_ppuk", "ppuk_streak"),
    "sit_out": ("join", "sit", "forced_in", "forced_out", "compensation"),
    "capture": ("capture", "take", "back"),
    "flip": ("flip", "flip_only"),
    "ttadak": ("ttadak", "first_ttadak"),
    "steal": ("steal", "give"),
    "stop": ("stop", "auto_stop"),
    "syodang": ("syodang_offer", "syodang_accept", "syodang_reject", "syodang_nagari", "offer", "accept", "reject"),
    "boar": ("boar_ante", "boar_pot", "boar_first_turn"),
    "last_card": ("last_card_capture", "last_card_void"),
}
