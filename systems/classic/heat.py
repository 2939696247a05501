"""Classic BattleMech heat (rules/mech_core.md section 13; Alpha Strike heat
is systems/alpha_strike/end_phase.py and its own `AlphaStrikeHeat` component).

Owns the Heat phase for every mech with a `ClassicHeat` component, in the
CGL-errata order: add the turn's buildup (movement, stand-up attempts,
weapons fired -- collected in `ClassicHeat.pending` by the weapon attack
rules -- and engine critical hits), dissipate (heat sinks, water), then
shutdown / restart, then ammunition explosion avoidance, then life-support
damage last. Events: `heat` (from, to and the breakdown), `shutdown`,
`restart`, and the explosions and pilot damage of the other systems.

The other heat-scale effects are read where they apply: movement
(systems/common/movement.py `mech_walk_mp`: -1 Walk MP per 5 points) and to-fire
(systems/classic/weapon_attacks.py `heat_fire_modifier`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import ClassicHeat, Crew, HeatSinks, Identity, Position, Status, TurnState
from systems.classic import criticals

if TYPE_CHECKING:
    from engine.game import Game

SHUTDOWN_FROM = 14
AUTOMATIC_SHUTDOWN = 30
WATER_BONUS_MAX = 6
ENGINE_HIT_HEAT = 5
LIFE_SUPPORT_HEAT = 15
LIFE_SUPPORT_TWO = 26     # TW and the digest's section 8; MM uses 25 (disagreement 1)


def shutdown_avoid_number(heat: int) -> int | None:
    """Heat 14-29: roll this or more to stay running (4 + 2 per 4 points
    above 14); below 14 no roll (None); 30+: automatic (returns 13)."""
    if heat < SHUTDOWN_FROM:
        return None
    if heat >= AUTOMATIC_SHUTDOWN:
        return 13
    return 4 + 2 * ((heat - SHUTDOWN_FROM) // 4)


def ammo_avoid_number(heat: int) -> int | None:
    """Ammunition explosion avoid roll: 4 at 19-22, 6 at 23-27, 8 at 28+."""
    if heat >= 28:
        return 8
    if heat >= 23:
        return 6
    if heat >= 19:
        return 4
    return None


def movement_mp_penalty(heat: int) -> int:
    """Walking MP lost to heat (-1 per 5 points; systems/common/movement.py applies it)."""
    return heat // 5


def life_support_damage(heat: int) -> int:
    if heat >= LIFE_SUPPORT_TWO:
        return 2
    if heat >= LIFE_SUPPORT_HEAT:
        return 1
    return 0


def move_heat(mode: str, hexes: int) -> int:
    """Heat of a movement mode (section 13): walk 1, run 2, jump 1 per hex
    jumped (minimum 3), none otherwise."""
    if mode == "walk":
        return 1
    if mode == "run":
        return 2
    if mode == "jump":
        return max(3, hexes)
    return 0


def movement_heat(game: "Game", ent: int) -> tuple[int, str]:
    """Heat of this turn's movement (`move_heat`) and what it is for."""
    ts = game.world.component(ent, TurnState)
    if not ts.moved or ts.mode not in ("walk", "run", "jump"):
        return 0, ""
    why = {"walk": "walked", "run": "ran", "jump": f"jumped {ts.hexes_moved} hexes"}[ts.mode]
    return move_heat(ts.mode, ts.hexes_moved), why


def stand_attempts(game: "Game", uid: str) -> int:
    """Stand-up attempts this turn (MM TW ruleset: +1 heat each): the
    standing-up PSRs rolled (a path may hold retries that were not needed)."""
    return sum(1 for e in game.log.this_turn()
               if e["type"] == "psr" and e.get("unit") == uid and e.get("reason") == "standing up")


def working_sinks(game: "Game", ent: int) -> int:
    hs = game.world.component(ent, HeatSinks)
    return max(0, hs.count - hs.destroyed)


def per_sink(double: bool) -> int:
    """Heat one working sink dissipates (section 13): a double sink 2."""
    return 2 if double else 1


def sink_value(game: "Game", ent: int) -> int:
    return per_sink(game.world.component(ent, HeatSinks).double)


def leg_sinks(game: "Game", ent: int) -> int:
    cs = criticals.layout(game, ent)
    return sum(1 for loc in ("left_leg", "right_leg") for item in criticals.items_in(cs, loc, "heat_sink")
               if item not in cs.destroyed_items)


def water_bonus(game: "Game", ent: int) -> int:
    """Extra dissipation of sinks under water (section 13): depth 1 standing
    cools the leg sinks only; depth 2+ or prone in depth 1, all sinks; at
    most +6."""
    t = game.map.terrain(game.world.component(ent, Position).hex)
    if not t.is_water:
        return 0
    prone = game.world.component(ent, Status).prone
    n = working_sinks(game, ent) if (t.depth >= 2 or prone) else leg_sinks(game, ent)
    return min(n * sink_value(game, ent), WATER_BONUS_MAX)


def dissipation(game: "Game", ent: int) -> int:
    return working_sinks(game, ent) * sink_value(game, ent) + water_bonus(game, ent)


def heat_after(heat: int, buildup: int, cooled: int) -> int:
    """The heat after the Heat phase adds `buildup` and dissipates `cooled`
    (section 13: never below 0)."""
    return max(0, heat + buildup - cooled)


def resolve_heat_phase(game: "Game") -> None:
    for uid, ent in list(game.units.items()):
        heat = game.world.try_component(ent, ClassicHeat)
        if heat is None or game.world.component(ent, Identity).kind != "mech":
            continue
        if not game.can_fight(ent):
            heat.pending = 0
            continue
        resolve_mech_heat(game, ent)


def buildup_sources(game: "Game", ent: int) -> list[list]:
    """This turn's heat so far, by source ([why, points]): movement,
    stand-up attempts, the weapons fired (`ClassicHeat.pending`) and engine
    hits. The Heat phase adds them; the firing panel previews them."""
    st = game.world.component(ent, Status)
    sources: list[list] = []
    mv, why = movement_heat(game, ent)
    if mv:
        sources.append([why, mv])
    stands = stand_attempts(game, game.uid(ent))
    if stands:
        sources.append(["standing up", stands])
    pending = game.world.component(ent, ClassicHeat).pending
    if pending:
        sources.append(["weapons", pending])
    engine_hits = st.crits.count("engine")
    if engine_hits and not st.shutdown:      # MM: no engine heat while shut down
        sources.append([f"engine hits ({engine_hits})", ENGINE_HIT_HEAT * engine_hits])
    return sources


def resolve_mech_heat(game: "Game", ent: int) -> None:
    w = game.world
    uid = game.uid(ent)
    heat = w.component(ent, ClassicHeat)
    st = w.component(ent, Status)
    sources = buildup_sources(game, ent)
    buildup = sum(v for _, v in sources)
    cooled = dissipation(game, ent)
    old = heat.heat
    heat.heat = heat_after(old, buildup, cooled)
    heat.pending = 0
    game.log.emit("heat", unit=uid, **{"from": old}, to=heat.heat, buildup=buildup, sources=sources,
                  dissipation=cooled)
    h = heat.heat
    crew = w.try_component(ent, Crew)
    unconscious = crew is not None and crew.unconscious
    name = w.component(ent, Identity).name
    # Shutdown and restart.
    if st.shutdown:
        tn = shutdown_avoid_number(h)
        restarted = False
        if not unconscious:
            if tn is None:
                restarted = True
            elif tn <= 12:
                restarted = game.dice.roll("shutdown", 2, f"{name}: restart (needs {tn})") >= tn
        if restarted:
            st.shutdown = False
            game.log.emit("restart", unit=uid, heat=h)
    else:
        tn = shutdown_avoid_number(h)
        shut = False
        if tn is not None:
            if tn > 12:
                shut = True
            elif unconscious:
                shut = True
            else:
                shut = game.dice.roll("shutdown", 2, f"{name}: avoid shutdown (needs {tn})") < tn
        if shut:
            st.shutdown = True
            game.log.emit("shutdown", unit=uid, heat=h, automatic=tn > 12)
            if not st.prone:
                from systems.classic.piloting import queue_psr
                queue_psr(game, ent, "reactor shutdown", 3)
    # Ammunition explosion avoidance.
    tn = ammo_avoid_number(h)
    if tn is not None and criticals.most_dangerous_bin(game, ent) is not None:
        roll = game.dice.roll("ammo_explosion", 2, f"{name}: avoid ammunition explosion (needs {tn})")
        if roll < tn:
            criticals.explode_ammo(game, ent, criticals.most_dangerous_bin(game, ent), f"heat {h}")
    # Life support last.
    if "life_support" in st.crits and game.can_fight(ent):
        pts = life_support_damage(h)
        if pts:
            from systems.common import damage
            damage.pilot_damage(game, ent, pts, f"life support damaged, heat {h}")

