"""Builders for the physical attack, piloting and displacement tests: a turn
played phase by phase so a test can change the state between phases."""
from __future__ import annotations

from components import Identity, TurnState
from engine.hexgrid import neighbor, parse_hex_label
from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from tests.helpers import add, events, make_game  # noqa: F401  (re-exported)


def nb(label: str, direction: int, steps: int = 1) -> str:
    """The hex `steps` hexes from `label` in `direction`, as a label."""
    h = parse_hex_label(label)
    for _ in range(steps):
        h = neighbor(h, direction)
    return h.label


def move(uid: str, mode: str = "walk", path=(), **kw) -> MoveOrder:
    return MoveOrder(uid, {"unit": uid, "mode": mode, "path": list(path), **kw}, mode=mode,
                     path=list(path), **kw)


def fire(uid: str, weapon: str, target: str) -> FireOrder:
    return FireOrder(uid, {"unit": uid, "weapon": weapon, "target": target}, weapon=weapon, target=target)


def phys(uid: str, attack: str, target: str | None = None, limb: str | None = None,
         source: str | None = None) -> PhysicalOrder:
    raw = {"unit": uid, "attack": attack}
    if target:
        raw["target"] = target
    if limb:
        raw["limb"] = limb
    return PhysicalOrder(uid, raw, attack=attack, limb=limb, target=target, source=source)


def to_weapon_phase(game, moves=(), initiative=("red", "blue")) -> list:
    """Start a turn and play the movement phase; returns refusal reasons."""
    game.start_turn(list(initiative))
    game.start_phase("movement")
    out = [game.submit(m) for m in moves]
    game.end_phase()
    return out


def weapon_phase(game, fires=(), during=None) -> list:
    game.start_phase("weapon")
    out = [game.submit(f) for f in fires]
    if during:
        during(game)
    game.end_phase()
    return out


def physical_phase(game, orders=(), during=None) -> list:
    game.start_phase("physical")
    out = [game.submit(o) for o in orders]
    if during:
        during(game)
    game.end_phase()
    return out


def play(game, orders=(), moves=(), fires=(), setup=None) -> list:
    """A whole turn up to the end of the physical phase. `setup(game)` runs
    after the movement phase (to set hexes moved, twists, fired limbs ...).
    Returns the refusal reasons of the physical orders."""
    to_weapon_phase(game, moves)
    if setup:
        setup(game)
    weapon_phase(game, fires)
    return physical_phase(game, orders)


def ts(game, uid: str) -> TurnState:
    return game.world.component(game.units[uid], TurnState)


def set_tons(game, uid: str, tons: int) -> None:
    game.world.component(game.units[uid], Identity).tonnage = tons


def two_mechs(attacker_at="0505", attacker_facing=0, target_dir=0, target_facing=3, hexes=None,
              forced=None, attacker="grasshopper", target="jagermech", a_over=None, t_over=None,
              width=10, height=10):
    """A red attacker and a blue target adjacent in `target_dir` from it."""
    game = make_game(width, height, forced=forced or {}, hexes=hexes or {})
    add(game, "a", attacker, "red", attacker_at, attacker_facing, **(a_over or {}))
    add(game, "t", target, "blue", nb(attacker_at, target_dir), target_facing, **(t_over or {}))
    return game
