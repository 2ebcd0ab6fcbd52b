"""Views, results, serialisation and the round-end summary (A10, A20, R6.13, §12)."""

from __future__ import annotations

import json

from bot.games.goita import INFO, State, apply, new_game, parse_action, result, state_from_dict, view

from .helpers import crafted


def play(state: State, seat: int, text: str) -> None:
    apply(state, seat, parse_action(text))


def test_state_round_trips_through_json_and_versions_count_moves() -> None:
    s = new_game(4, 3)
    assert state_from_dict(json.loads(json.dumps(s.to_dict()))) == s
    seat = s.turn
    version = s.version
    from bot.games.goita import legal_actions
    apply(s, seat, legal_actions(s, seat)[0])
    assert s.version == version + 1
    assert State.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_options_cover_the_rules_file_with_its_defaults() -> None:
    defaults = {name: opt.default for name, opt in INFO.options.items()}
    assert defaults["target_score"] == 150 and defaults["team_draw"] == "kings_rooks"
    assert defaults["opposing_goshi"] == "ask" and defaults["reveal_all_at_round_end"] is True
    for ext in ("king_final_attack", "rokushi_pair_double", "deal_ritual", "scoring_chips", "table_talk_reminder"):
        assert defaults[ext] is False
    assert "keep_seats_on_rematch" not in defaults  # A18's option is not built: not offered (issue #27)


def test_public_view_has_turn_attack_passes_and_no_hands() -> None:
    s = crafted(["gon kin gin shi", "kaku gin gon shi", "kin gin gon shi", "kin gin gon shi"], dealer=0)
    v = view(s, None)
    assert v.leading and v.turn == 0 and v.attack is None and v.hand is None
    play(s, 0, "lead shi gon")
    play(s, 1, "pass")
    v = view(s, None)
    assert (v.attack, v.attacker, v.turn, v.passed, v.leading) == ("gon", 0, 2, (1,), False)
    assert [(h.seat, h.kind) for h in v.history] == [(0, "lead"), (1, "pass")]
    d = v.to_dict()
    json.dumps(d)
    assert d["table"][0][0] == {"first": None, "face_down": True, "attack": "gon"}


def test_A20_round_end_reveals_everything_by_default() -> None:
    s = crafted(["kin gin", "gin shi shi shi", "gon gon shi shi", "bakko bakko shi shi"], dealer=0)
    play(s, 0, "lead kin gin")
    last = view(s, None).last_round
    assert last is not None and last["table"][0] == [["kin", True, "gin"]] and last["hands"][1] == [
        "gin", "shi", "shi", "shi"]


def test_A20_without_reveal_only_the_doubled_pair_is_shown() -> None:
    s = crafted(["gon shi shi shi", "gin gin", "gon bakko shi shi", "bakko bakko shi shi"], dealer=0,
                reveal_all_at_round_end=False)
    play(s, 0, "lead gon shi")
    play(s, 1, "pass")
    play(s, 2, "pass")
    play(s, 3, "pass")
    play(s, 0, "lead shi shi")
    last = view(s, 2).last_round
    assert last is not None and last["hands"] is None and last["doubled"]
    assert last["table"][0] == [[None, True, "shi"], ["shi", True, "shi"]]       # R7.3: only the last pair


def test_result_before_and_after_the_end() -> None:
    s = crafted(["kin kin", "gin gin", "gon gon", "bakko bakko"], dealer=0, target_score=60)
    r = result(s)
    assert not r.finished and r.teams == {0: 0, 1: 1, 2: 0, 3: 1}
    play(s, 0, "lead kin kin")
    r = result(s)
    assert r.finished and r.points == {0: 60, 1: 0, 2: 60, 3: 0} and r.summary["winner_team"] == 0
    assert view(s, 0).finished and view(s, 0).winner_team == 0 and view(s, 0).to_act == ()
