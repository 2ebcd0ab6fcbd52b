"""Geometry: seats and play zones never overlap, Goita columns follow R6.13, phone-sized text."""

from __future__ import annotations

import itertools

import pytest

from rendering import climbing, common
from rendering import goita as goita_table

Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("seats", range(4, 9))
def test_climbing_seat_panels_never_overlap_and_stay_on_the_canvas(seats: int) -> None:
    boxes = []
    for i in range(seats):
        x, y = climbing._seat_centre(i, seats)
        box = (x - climbing.SEAT_W / 2 - 5, y - climbing.SEAT_H / 2 - 5, x + climbing.SEAT_W / 2 + 5,
               y + climbing.SEAT_H / 2 + 5)
        assert box[0] >= 0 and box[1] >= 64 and box[2] <= climbing.WIDTH and box[3] <= climbing.HEIGHT
        boxes.append(box)
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b)


def test_climbing_seats_go_counter_clockwise_from_the_bottom() -> None:
    bottom, right = climbing._seat_centre(0, 6), climbing._seat_centre(1, 6)
    assert bottom[1] > right[1] and right[0] > bottom[0]


def _piece_box(centre: tuple[float, float]) -> Box:
    w, h = goita_table.PW, goita_table.PH
    return (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


def test_R6_13_goita_columns_run_left_to_right_as_each_player_sees_them() -> None:
    def along(seat: int) -> list[tuple[float, float]]:
        return [goita_table._piece_centres(seat, k)[1] for k in range(4)]

    s, e, n, w = (along(seat) for seat in range(4))
    assert [p[0] for p in s] == sorted(p[0] for p in s)  # S: left to right across the image
    assert [p[0] for p in n] == sorted((p[0] for p in n), reverse=True)  # N: right to left
    assert [p[1] for p in e] == sorted((p[1] for p in e), reverse=True)  # E: upwards
    assert [p[1] for p in w] == sorted(p[1] for p in w)  # W: downwards


def test_R6_13_the_first_piece_lies_nearer_the_centre_than_the_attack() -> None:
    c = goita_table.CENTRE
    for seat in range(4):
        for k in range(4):
            first, attack = goita_table._piece_centres(seat, k)
            assert abs(first[0] - c) + abs(first[1] - c) < abs(attack[0] - c) + abs(attack[1] - c)


def test_goita_pieces_and_name_plates_never_overlap() -> None:
    boxes: list[Box] = [tuple(map(float, plate)) for plate in goita_table.PLATES]  # type: ignore[misc]
    boxes.append((10, 10, 300, 126))  # score panel
    for seat in range(4):
        for k in range(4):
            for centre in goita_table._piece_centres(seat, k):
                box = _piece_box(centre)
                assert box[0] >= 0 and box[2] <= goita_table.SIZE and box[1] >= 0 and box[3] <= goita_table.SIZE
                boxes.append(box)
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b), (a, b)


def test_text_is_at_least_18_px_and_team_colours_are_okabe_ito() -> None:
    assert min(common.MIN_TEXT, common.SMALL, common.BODY) >= 18
    assert common.team_color(0) == "#0072B2" and common.team_color(1) == "#E69F00"


def test_goita_rotate_pieces_turns_every_tip_to_the_centre() -> None:
    from PIL.Image import Transpose

    from rendering import pieces

    s, e, n, w = (pieces.turned("kin", seat, goita_table.PW, goita_table.PH) for seat in range(4))
    assert s.size == (goita_table.PW, goita_table.PH) and e.size == w.size == (goita_table.PH, goita_table.PW)
    assert s.tobytes() == pieces.piece("kin", goita_table.PW, goita_table.PH).tobytes()  # S already points up, at the centre
    assert e.tobytes() == s.transpose(Transpose.ROTATE_90).tobytes()  # tip left
    assert n.tobytes() == s.transpose(Transpose.ROTATE_180).tobytes()  # tip down
    assert w.tobytes() == s.transpose(Transpose.ROTATE_270).tobytes()  # tip right
    # The tip is the narrow end: the top row of S's opaque area is narrower than its bottom row.
    alpha = s.getchannel("A")
    top, bottom = alpha.getbbox()[1], alpha.getbbox()[3] - 1  # type: ignore[index]
    assert sum(1 for x in range(s.width) if alpha.getpixel((x, top))) < sum(
        1 for x in range(s.width) if alpha.getpixel((x, bottom)))


def test_goita_rotated_pieces_use_width_spacing_and_never_touch_the_plates() -> None:
    boxes: list[Box] = [tuple(map(float, plate)) for plate in goita_table.PLATES]  # type: ignore[misc]
    boxes.append((10, 10, 300, 126))
    for seat in range(4):
        sideways = seat in (1, 3)
        w, h = (goita_table.PH, goita_table.PW) if sideways else (goita_table.PW, goita_table.PH)
        for k in range(4):
            first, attack = goita_table._piece_centres(seat, k, rotate=True)
            assert abs(first[0] - attack[0]) + abs(first[1] - attack[1]) == goita_table.PH + 6  # q = h + 6
            for cx, cy in (first, attack):
                boxes.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        a, b = goita_table._piece_centres(seat, 0, True)[1], goita_table._piece_centres(seat, 1, True)[1]
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == goita_table.PW + 8  # p = w + 8
    for x, y in itertools.combinations(boxes, 2):
        assert not _overlap(x, y), (x, y)
