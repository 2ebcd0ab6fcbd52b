"""The words of Gou Ji a player meets (event kinds, action kinds, the panel's buttons), grouped by the term whose
one-line explanation covers them (issue #45): "agree" and "object" are answers to a Ge Ming, "Fan le!" is what a
won trick is called. A word not listed here is explained under its own name."""

from __future__ import annotations

TERMS: dict[str, tuple[str, ...]] = {
    "kai_pai": ("kai_pai", "kai_pai_joker", "faceup_card"),
    "threes": ("threes_shown", "show_threes", "keep_threes"),
    "ge_ming": ("ge_ming", "ge_ming_agree", "ge_ming_object", "ge_ming_insist", "ge_ming_withdraw", "revolution",
                "agree", "object", "insist", "withdraw"),
    "swap": ("swap", "no_swap"),
    "tribute": ("tribute_skip", "tribute_paid", "tribute_cards", "tribute_returned", "tribute_return_cards", "pay",
                "skip", "return", "return_lowest"),
    "compose": ("confirm", "clear", "rank_option", "naturals_option", "twos_option", "jokers_option", "wild_only"),
    "shao_pai": ("shao_pai", "shao"),
    "fan_le": ("trick_won",),
    "wind": ("wind", "request_wind", "allow_wind"),
    "endgame": ("endgame", "team_choose", "team_take", "choose", "slot", "let_play"),
    "rang_pai": ("rang_pai", "rang_accept", "rang_decline"),
    "ask_count": ("ask_count", "ask", "count_answer"),
    "man_hu": ("count_man_hu",),
    "wen_bu_zhao": ("count_wen_bu_zhao",),
    "show_partners": ("show_partners", "partner_hand", "team"),
    "tiao_pai": ("expose",),
    "suggest": ("suggest", "post_suggestion", "suggest_pass"),
}
