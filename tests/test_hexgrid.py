"""Hex grid: labels, conversions, neighbours, distance, lines, attack sides."""
from hypothesis import given, strategies as st

from engine.hexgrid import (Hex, bearing, direction_to, distance, from_cube, hex_label, line,
                            mech_attack_side, neighbor, parse_hex_label, to_cube, vehicle_attack_side)

hexes = st.builds(Hex, st.integers(0, 120), st.integers(0, 120))


def test_labels_are_column_then_row_one_based():
    assert hex_label(Hex(0, 0)) == "0101"
    assert parse_hex_label("0405") == Hex(3, 4)
    assert parse_hex_label("100101") == Hex(99, 100)


def test_even_columns_sit_lower():
    # 0505 (odd column) and its north-west neighbour 0404 (even column, lower).
    assert neighbor(parse_hex_label("0505"), 5) == parse_hex_label("0404")
    assert neighbor(parse_hex_label("0404"), 2) == parse_hex_label("0505")
    assert neighbor(parse_hex_label("0404"), 1) == parse_hex_label("0504")


def test_north_is_row_minus_one():
    assert neighbor(parse_hex_label("0410"), 0) == parse_hex_label("0409")


@given(hexes)
def test_cube_round_trip(h):
    assert from_cube(to_cube(h)) == h


@given(hexes, hexes)
def test_distance_symmetric_and_triangle(a, b):
    assert distance(a, b) == distance(b, a)
    assert distance(a, a) == 0


@given(hexes, st.integers(0, 5))
def test_neighbours_at_distance_one(h, d):
    n = neighbor(h, d)
    assert distance(h, n) == 1
    assert direction_to(h, n) == d
    assert neighbor(n, (d + 3) % 6) == h


@given(hexes, hexes)
def test_line_endpoints_and_length(a, b):
    ln = line(a, b)
    assert ln[0] == [a] and ln[-1] == [b]
    assert len(ln) == distance(a, b) + 1


def test_divided_line_detected():
    a = parse_hex_label("0505")
    b = parse_hex_label("0705")     # two columns east: the line runs along hexsides
    ln = line(a, b)
    assert any(len(cell) == 2 for cell in ln)


@given(st.builds(Hex, st.integers(-50, 150), st.integers(-50, 150)), st.integers(0, 11))
def test_neighbour_is_one_cube_step(h, d):
    from engine.hexgrid import CUBE_DIRECTIONS, Cube
    c, step = to_cube(h), CUBE_DIRECTIONS[d % 6]
    assert neighbor(h, d) == from_cube(Cube(c.q + step.q, c.r + step.r, c.s + step.s))


@given(st.builds(Hex, st.integers(-50, 150), st.integers(-50, 150)), hexes)
def test_distance_is_cube_distance(a, b):
    ca, cb = to_cube(a), to_cube(b)
    assert distance(a, b) == max(abs(ca.q - cb.q), abs(ca.r - cb.r), abs(ca.s - cb.s))


def test_divided_line_found_wherever_it_starts():
    # 5151 -> 4426: the line passes exactly between 4635 and 4735 (cube point
    # q-0.5, r-1.5 two steps in); float rounding used to miss it here.
    assert [Hex(45, 34), Hex(46, 34)] in line(Hex(50, 50), Hex(43, 25))
    assert [Hex(3, 9), Hex(4, 9)] in line(Hex(8, 25), Hex(1, 0))      # the same line 42 columns west


@given(hexes, st.integers(-20, 20), st.integers(-20, 20), st.integers(-30, 30), st.integers(-30, 30))
def test_line_is_the_same_wherever_it_starts(a, cols, rows, dx, dy):
    """Moving both ends by an even number of columns and any rows moves the line with them."""
    b = Hex(a.x + dx, a.y + dy)
    shift = lambda h: Hex(h.x + 2 * cols, h.y + rows)
    assert line(shift(a), shift(b)) == [[shift(h) for h in cell] for cell in line(a, b)]


def test_bearings_of_neighbours():
    h = parse_hex_label("0505")
    for d in range(6):
        assert abs(bearing(h, neighbor(h, d)) - 60 * d) < 1e-6


def test_mech_attack_sides():
    target = parse_hex_label("0404")
    assert mech_attack_side(target, 0, neighbor(target, 0)) == "front"
    assert mech_attack_side(target, 0, neighbor(target, 1)) == "front"
    assert mech_attack_side(target, 0, neighbor(target, 2)) == "right"
    assert mech_attack_side(target, 0, neighbor(target, 3)) == "rear"
    assert mech_attack_side(target, 0, neighbor(target, 4)) == "left"
    assert mech_attack_side(target, 0, neighbor(target, 5)) == "front"


def test_vehicle_attack_sides_front_is_one_hexside():
    target = parse_hex_label("0404")
    sides = [vehicle_attack_side(target, 0, neighbor(target, d)) for d in range(6)]
    assert sides == ["front", "right", "right", "rear", "left", "left"]
