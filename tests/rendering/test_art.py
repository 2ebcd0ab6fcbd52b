"""Card and piece art: every face drawn, all distinct, cached, at the requested size."""

from __future__ import annotations

from bot.games.core.cards import BLACK_JOKER, RED_JOKER, Card
from bot.games.gostop.cards import IDS as HWATU_IDS
from rendering import french, hwatu, pieces


def test_all_54_french_faces_and_the_back_are_distinct() -> None:
    faces = french.all_faces()
    assert len(faces) == 54
    images = [french.card_face(card).tobytes() for card in faces] + [french.card_back().tobytes()]
    assert len(set(images)) == 55
    assert french.card_face(Card(12, "S")).size == (84, 118)


def test_red_and_black_jokers_look_different() -> None:
    red, black = french.card_face(Card(RED_JOKER)), french.card_face(Card(BLACK_JOKER))
    assert red.tobytes() != black.tobytes()
    # The red joker is drawn in red ink: more red than green on average, unlike the black one.
    r, g, _, _ = red.convert("RGBA").resize((1, 1)).getpixel((0, 0))  # type: ignore[misc]
    r2, g2, _, _ = black.convert("RGBA").resize((1, 1)).getpixel((0, 0))  # type: ignore[misc]
    assert r - g > r2 - g2


def test_R1_3_all_48_hwatu_cards_and_both_jokers_are_drawn_distinctly() -> None:
    assert len(HWATU_IDS) == 50 and hwatu.all_ids() == list(HWATU_IDS)
    images = {card: hwatu.card_face(card).tobytes() for card in HWATU_IDS}
    assert len(set(images.values())) == 50
    assert hwatu.card_back().tobytes() not in set(images.values())
    assert hwatu.card_face("m08-bright").size == (64, 104)


def test_R1_7_month_palette_sets_the_cards_of_a_month_apart() -> None:
    # The August cards are dominated by the black hill; March by white and pink.
    def mean(card: str) -> tuple[int, ...]:
        return tuple(hwatu.card_face(card).convert("RGB").resize((1, 1)).getpixel((0, 0)))  # type: ignore[arg-type]

    assert sum(mean("m08-junk1")) < sum(mean("m03-junk1"))


def test_goita_pieces_all_kinds_and_a_blank_back() -> None:
    ids = pieces.all_ids()
    assert ids == ["ou", "gyoku", "hisha", "kaku", "kin", "gin", "bakko", "gon", "shi"]
    images = [pieces.piece(pid).tobytes() for pid in ids] + [pieces.piece(None).tobytes()]
    assert len(set(images)) == 10
    assert pieces.piece("kin", 52, 60).size == (52, 60)


def test_R1_3_goita_back_carries_no_text() -> None:
    # A face-down piece reveals nothing: the back is the same whatever piece lies under it.
    assert pieces.piece(None) is pieces.piece(None)
    assert pieces.piece(None, 60, 70, tint=True).tobytes() == pieces.piece(None, 60, 70).tobytes()


def test_static_art_is_drawn_once_and_cached() -> None:
    assert hwatu.card_face("m11-bright") is hwatu.card_face("m11-bright")
    assert french.card_face(Card(14, "H")) is french.card_face(Card(14, "H"))
