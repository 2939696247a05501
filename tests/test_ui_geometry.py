"""Screen geometry and the hot-seat turn flow, without a window."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from engine.hexgrid import Hex
from engine.ui.geometry import MARGIN, Camera, ZOOM_LEVELS, map_hex_at, map_pos
from engine.session import training_ground
from engine.turnflow import TurnFlow


@settings(deadline=None, max_examples=200)
@given(st.integers(0, 120), st.integers(0, 120), st.sampled_from(ZOOM_LEVELS),
       st.floats(-0.8, 0.8), st.floats(-0.7, 0.7))
def test_the_hex_under_a_point_inside_it_is_that_hex(x, y, size, dx, dy):
    h = Hex(x, y)
    px, py = map_pos(h, size)
    # any point well inside the hexagon (inner circle radius sqrt(3)/2 * size)
    if (dx * dx + dy * dy) ** 0.5 < 0.85:
        assert map_hex_at(px + dx * size, py + dy * size, size) == h


@settings(deadline=None, max_examples=100)
@given(st.integers(0, len(ZOOM_LEVELS) - 1), st.integers(-3, 3), st.integers(0, 900), st.integers(40, 700))
def test_zoom_keeps_the_map_point_under_the_cursor(zoom, steps, sx, sy):
    cam = Camera(60, 60, (0, 30, 1000, 760), zoom)
    cam.ox, cam.oy = 500.0, 400.0
    mx = (sx + cam.ox) / cam.size
    my = (sy - 30 + cam.oy) / cam.size
    cam.zoom_at(steps, sx, sy)
    # the map point (in hex-size units) under the cursor is unchanged unless clamped at the edges
    nx = (sx + cam.ox) / cam.size
    ny = (sy - 30 + cam.oy) / cam.size
    mw = 60 * 1.5 * cam.size
    if cam.size * 1.3 < cam.ox < mw - 1000 - cam.size * 1.3 and cam.oy > cam.size * 1.3:
        assert abs(nx - mx) < 1e-6 and abs(ny - my) < 1e-6


@settings(deadline=None, max_examples=100)
@given(st.integers(5, 40), st.integers(5, 40), st.integers(0, len(ZOOM_LEVELS) - 1),
       st.integers(0, 39), st.integers(0, 39))
def test_camera_centred_on_any_hex_shows_no_band_past_the_map(w, h, zoom, x, y):
    from engine.hexgrid import Hex
    from engine.ui.geometry import map_pixel_size
    cam = Camera(w, h, (0, 30, 900, 700), zoom)
    cam.center_on(Hex(min(x, w - 1) + 1, min(y, h - 1) + 1))
    mw, mh = map_pixel_size(w, h, cam.size)
    m = MARGIN * cam.size       # the border around the hexes stays off screen
    if mw - 2 * m > 900:        # larger than the view: the hexes fill it
        assert m - 1e-6 <= cam.ox <= mw - m - 900 + 1e-6
    else:                       # smaller: centred
        assert abs(cam.ox + (900 - mw) / 2) < 1e-6
    if mh - 2 * m > 700:
        assert m - 1e-6 <= cam.oy <= mh - m - 700 + 1e-6
    else:
        assert abs(cam.oy + (700 - mh) / 2) < 1e-6


def test_turn_flow_alternates_loser_first_and_runs_phases_without_orders():
    g = training_ground(seed=1)
    started = []
    flow = TurnFlow(g, on_phase_start=started.append)
    flow.start()
    assert g.phase == "movement" and started == ["movement"]
    loser = g.initiative[-1]
    assert flow.sequence[0] == loser and len(flow.sequence) == 4
    for _ in range(4):
        side = flow.current_side
        flow.unit_done(flow.waiting(side)[0])
    assert flow.phase_done()
    flow.next_phase()
    flow.settle()
    # every later phase of the turn either waits for declarations or has run
    assert g.phase in ("weapon", "physical", "movement")
    assert started[0] == "movement" and len(started) >= 2


def test_turn_flow_resumes_a_game_saved_without_the_hot_seat_position():
    g = training_ground(seed=2)
    flow = TurnFlow(g)
    flow.start()
    first = flow.current_side
    uid = flow.waiting(first)[0]
    from engine.ui.queries import move_order
    assert g.submit(move_order(uid, "walk", ["F"])) is None
    resumed = TurnFlow(g)
    resumed.start()          # no saved position: rebuilt from who has moved
    assert uid in resumed.acted
    # the order goes on where it was: the other side acts next
    assert resumed.sequence == flow.sequence[1:]
    assert resumed.current_side != first
