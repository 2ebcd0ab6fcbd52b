"""The shared engine pieces: cards, options, seeded randomness, catalog lookups."""

import pytest

from bot.games.core import Card, IllegalAction, Option, full_deck, resolve_options, rng_for
from bot.i18n import language_of, t


def test_card_notation_round_trips_for_every_card() -> None:
    for card in full_deck():
        assert Card.parse(str(card)) == card
        assert Card.parse(card.ascii) == card


def test_bad_card_is_refused_with_a_reason() -> None:
    with pytest.raises(IllegalAction) as err:
        Card.parse("11X")
    assert err.value.key == "core.bad_card"
    assert "11X" in t("en", err.value.key, **err.value.params)


def test_options_fill_defaults_and_refuse_unknown_or_bad_values() -> None:
    spec = {"target": Option(11, minimum=1, maximum=99), "wild": Option(False)}
    assert resolve_options(spec, None) == {"target": 11, "wild": False}
    with pytest.raises(ValueError, match="unknown"):
        resolve_options(spec, {"nope": 1})
    with pytest.raises(ValueError, match="target"):
        resolve_options(spec, {"target": 0})


def test_seeded_rng_is_deterministic_per_label() -> None:
    assert rng_for(1, "hand", 2).random() == rng_for(1, "hand", 2).random()
    assert rng_for(1, "hand", 2).random() != rng_for(1, "hand", 3).random()


def test_locale_falls_back_to_english() -> None:
    assert language_of("en-US") == "en"
    assert language_of("ru") == "ru"
    assert language_of("xx") == "en"
    assert t("ru", "core.not_your_turn")
