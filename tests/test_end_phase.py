"""The Classic end phase (systems/classic/end_phase.py, systems/common/
damage.remove_destroyed): destroyed units leave the battlefield in the End
Phase (Total Warfare; the soak checks that no destroyed unit is left on the
map after it), so a wreck blocks its hex only until then."""
from components import Position, Status
from engine.hexgrid import parse_hex_label
from engine.orders import MoveOrder, PhysicalOrder
from systems.common import damage
from tests.helpers import add, events, make_game


def _turn(game, moves=(), physical=(), destroy=()):
    """One turn: the moves, then in the weapon phase the units `destroy`
    names lose their heads, then the physical orders."""
    game.start_turn(["red", "blue"])
    game.run_phase("movement", list(moves))
    game.start_phase("weapon")
    for uid in destroy:
        damage.destroy_location(game, game.units[uid], "head")
    game.end_phase()
    game.run_phase("physical", list(physical))
    game.run_phase("heat", [])
    game.run_phase("end", [])


def test_a_wreck_stays_until_the_end_phase_then_leaves_the_map():
    game = make_game()
    add(game, "a", "grasshopper", "red", "0505")
    add(game, "b", "jagermech", "blue", "0503", facing=3)
    add(game, "c", "locust", "blue", "0808")
    _turn(game, destroy=["b"])
    removed = events(game, "removed")
    assert [(e["unit"], e["phase"], e["cause"]) for e in removed] == [("b", "end", "head destroyed")]
    st = game.world.component(game.units["b"], Status)
    assert st.destroyed and st.removed
    assert game.units_at(parse_hex_label("0503")) == []
    assert game.winner is None                   # c still fights
    # The hex is free: a walks into it next turn.
    _turn(game, moves=[MoveOrder("a", {}, mode="walk", path=["F", "F"])])
    assert game.world.component(game.units["a"], Position).hex == parse_hex_label("0503")


def test_a_limb_severed_where_a_mech_was_destroyed_can_be_picked_up_after_the_end_phase():
    game = make_game()
    add(game, "a", "grasshopper", "red", "0505")
    add(game, "b", "jagermech", "blue", "0504", facing=3)
    add(game, "c", "locust", "blue", "0808")
    game.start_turn(["red", "blue"])
    game.run_phase("movement", [])
    game.start_phase("weapon")
    damage.destroy_location(game, game.units["b"], "left_arm")     # the arm lies in 0504
    damage.destroy_location(game, game.units["b"], "head")
    game.end_phase()
    for phase in ("physical", "heat", "end"):
        game.run_phase(phase, [])
    assert game.map.clubs[parse_hex_label("0504")]
    _turn(game, moves=[MoveOrder("a", {}, mode="walk", path=["F"])],
          physical=[PhysicalOrder("a", {}, attack="pick_up_club", source="limb")])
    assert events(game, "pick_up_club")[0]["at"] == "0504"


def test_the_last_enemy_destroyed_is_removed_and_its_side_loses():
    game = make_game()
    add(game, "a", "grasshopper", "red", "0505")
    add(game, "b", "jagermech", "blue", "0503", facing=3)
    _turn(game, destroy=["b"])
    assert events(game, "removed")[0]["unit"] == "b"
    assert game.winner == "red" and events(game, "victory")[0]["side"] == "red"
