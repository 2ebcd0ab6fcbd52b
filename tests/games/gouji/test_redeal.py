"""R4.1 b between hands: a seat that changes hands after a hand ended, while the next hand (already
dealt by the engine) has not been played, makes that next hand a fresh one: it is dealt again."""

from __future__ import annotations

from bot.games.gouji.engine import new_game, redeal_fresh, state_from_dict
from tests.games.gouji.test_hands import _play_out


def test_R4_1b_a_substitute_between_hands_makes_the_dealt_hand_fresh() -> None:
    state = new_game(6, 12, {"session_hands": 3})
    _play_out(state)  # hand 1 over; the engine dealt hand 2 as a normal hand at once
    assert state.hand_no == 2 and state.hand_kind == "normal"
    version, deal = state.version, state.deal_no
    events = redeal_fresh(state)
    assert state.hand_no == 2 and state.hand_kind == "fresh" and state.deal_no == deal + 1
    assert state.tribute == ("csh" if state.history[-1]["chuan_san_hu"] else "none")  # D-36
    assert state.version == version + 1 and not state.participant_changed
    assert events and events[0].kind == "hand_start" and events[0].data["hand_kind"] == "fresh"
    again = new_game(6, 12, {"session_hands": 3})  # deterministic: the same seed redeals the same cards
    _play_out(again)
    redeal_fresh(again)
    assert again.to_dict() == state.to_dict() and state_from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_R4_1b_13_8_a_seat_change_redeals_between_hands_and_marks_the_next_hand_fresh_mid_hand() -> None:
    """``TIMING.seat_changed`` tells the two cases from the state: between hands (the last action ended a hand
    and nothing was played in the next one yet) it redeals that hand fresh; mid-hand the next hand is fresh."""
    from bot.games.gouji import TIMING, apply, legal_actions, to_act

    first = new_game(6, 12, {"session_hands": 3})
    assert not first.between_hands  # the first hand is under way from the start
    assert TIMING.seat_changed(first) == [] and first.participant_changed and first.hand_kind == "first"
    state = new_game(6, 12, {"session_hands": 3})
    _play_out(state)
    assert state.between_hands and state.hand_kind == "normal"
    events = TIMING.seat_changed(state)
    assert events and state.hand_kind == "fresh" and state.between_hands and not state.participant_changed
    seat = min(to_act(state))
    apply(state, seat, legal_actions(state, seat)[0])
    assert not state.between_hands and state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert TIMING.seat_changed(state) == [] and state.participant_changed
