"""Events in words: the combat log the UI scrolls and the scenario runner
prints without --json. One sentence per event, built from the event log."""
from __future__ import annotations

from typing import Any


def _mods(mods: list) -> str:
    """'piloting 5, upper arm actuator +2': the base skill, then signed modifiers."""
    return ", ".join(f"{label} {value}" if i == 0 else f"{label} {value:+d}" for i, (label, value) in enumerate(mods))


_UNIT_FIELDS = ("unit", "attacker", "target")

_VERBS = {"punch": "punches", "kick": "kicks", "push": "pushes", "club": "clubs", "hatchet": "hatchets",
          "charge": "charges", "dfa": "jumps on (death from above)", "standard": "attacks",
          "melee": "strikes (melee)", "weapon": "fires at"}


def _attack_phrase(e: dict[str, Any]) -> str:
    """'punches JagerMech (right arm)', 'fires its Medium Laser at Atlas'."""
    attack = str(e.get("attack", ""))
    limb = f" ({e['limb']} {'leg' if attack == 'kick' else 'arm'})" if e.get("limb") else ""
    if attack in _VERBS:
        return f"{_VERBS[attack]} {e['target']}{limb}"
    if e.get("name"):
        return f"fires its {e['name']} at {e['target']}"
    return f"{_w(attack)} -> {e['target']}{limb}"


def _w(text: Any) -> str:
    return str(text).replace("_", " ")


# Sentences for the event types beyond the contract's required ones.
_MORE = {
    "declare": lambda e: (f"{e['unit']} declares {_w(e.get('weapon') or e.get('attack') or 'an attack')}"
                          + (f" ({e['limb']})" if e.get("limb") else "")
                          + (f" at {e['target']}" if e.get("target") else "")
                          + (f", needs {e['to_hit']}" if e.get("to_hit") is not None else "")),
    "cluster": lambda e: (f"{e['attacker']} {_w(e['weapon'])}: cluster roll {e['roll']}, "
                          f"{e['missiles']} of {e['rack']} missiles hit"),
    # A roll on the way (skid, sideslip, crash) moved the unit off the hex the
    # `move` line names: say where it really ended (seed 002 V-SLIP, V-SKID).
    "move_end": lambda e: (f"{e['unit']} ends its move in {e['at']} facing {e['facing']}"
                           + (f", altitude {e['altitude']}" if e.get("altitude") else "")
                           + f", {e['hexes_moved']} hexes"),
    "move_stopped": lambda e: f"{e['unit']} stops in {e['at']} ({e['reason']})",
    "stand_retry": lambda e: (f"{e['unit']} tries again to stand in {e['at']}; the rest of its move ends in "
                              f"{e['to']} facing {e['facing']} ({e['mp_spent']} MP spent)"),
    "collision": lambda e: f"{e['unit']} collides with {_w(e['target'])} in {e['at']}",
    "consciousness": lambda e: (f"{e['unit']} {'wakes up' if e.get('waking') and e['passed'] else 'consciousness'}"
                                f" roll: needs {e['target']}, rolled {e['roll']}: "
                                + ("conscious" if e["passed"] else "unconscious")),
    "crew_killed": lambda e: f"{e['unit']}: crew killed",
    "displace_blocked": lambda e: f"{e['unit']} cannot be displaced ({e['cause']})",
    "explosion": lambda e: f"{e['unit']}: {_w(e['item'])} explodes in {_w(e['location'])}, {e['amount']} damage",
    "ammo_explosion": lambda e: (f"{e['unit']}: ammunition explodes in {_w(e['location'])}, {e['damage']} damage"
                                 + (" (CASE)" if e.get("case") else "")),
    "immobile": lambda e: f"{e['unit']} is immobilised ({e['cause']})",
    "land": lambda e: f"{e['unit']} lands in {e['at']}" + (" (forced)" if e.get("forced") else ""),
    "descend": lambda e: f"{e['unit']} descends to altitude {e['altitude']} ({e['cause']})",
    "location_destroyed": lambda e: f"{e['unit']}: {_w(e['location'])} destroyed",
    "motive": lambda e: f"{e['unit']} motive system roll {e['total']}: {_w(e['result'])}",
    "motive_damage": lambda e: f"{e['unit']} motive damage ({_w(e['result'])}): cruise {e['cruise']}, flank {e['flank']}",
    "rotor_damage": lambda e: f"{e['unit']} rotor damage: cruise {e['cruise']}, flank {e['flank']}",
    "partial_cover": lambda e: f"{e['unit']}: partial cover absorbs the hit to {_w(e['location'])}",
    "pick_up_club": lambda e: f"{e['unit']} picks up a club ({_w(e['club'])}) in {e['at']}",
    "club_on_map": lambda e: f"a club ({_w(e['club'])}) lies in {e['at']}",
    "club_destroyed": lambda e: f"{e['unit']}'s club breaks",
    "club_dropped": lambda e: f"{e['unit']} drops its club",
    "pilot_damage": lambda e: f"{e['unit']}'s pilot takes {e['amount']} hit(s) ({e['reason']}), {e['total']} in all",
    "recover": lambda e: f"{e['unit']} recovers ({e['reason']})",
    "removed": lambda e: f"{e['unit']} leaves the battlefield ({e['cause']})",
    "terrain_damage": lambda e: f"{e['unit']} takes {e['damage']} damage ({e['cause']})",
    "weapon_destroyed": lambda e: f"{e['unit']}: {_w(e['weapon'])} in {_w(e['location'])} destroyed",
    "weapon_jammed": lambda e: f"{e['unit']}: {_w(e['weapon'])} in {_w(e['location'])} jams",
    "cargo_hit": lambda e: f"{e['unit']}: cargo hit",
}


def _as_move(e: dict[str, Any]) -> str:
    """Alpha Strike: Move is counted in hexes and there is no facing (AS-MOVE-5)."""
    n = e["hexes_moved"]
    used = e.get("mp_spent", n)
    return (f"{e['unit']} {'jumps' if e.get('mode') == 'jump' else 'moves'} {e['from']} -> {e['to']}, "
            f"{n} hex{'es' if n != 1 else ''}" + (f" ({used} hexes of Move used)" if used != n else ""))


def describe(e: dict[str, Any], names: dict[str, str] | None = None, ruleset: str | None = None) -> str | None:
    """One sentence for an event; `names` (unit id -> display name) makes it
    read with unit names instead of ids; `ruleset` "alpha-strike" words
    moves in Alpha Strike's terms."""
    if names:
        e = {k: (names.get(v, v) if k in _UNIT_FIELDS and isinstance(v, str) else v) for k, v in e.items()}
    t = e["type"]
    if t in _MORE:
        try:
            return _MORE[t](e)
        except KeyError:
            pass
    if t == "roll":
        return None   # rolls are folded into the sentences that use them
    if t == "initiative":
        return "Initiative: " + " > ".join(e["order"]) + (" (set)" if e.get("forced") else "")
    if t == "move" and ruleset == "alpha-strike":
        return _as_move(e)
    if t == "move":
        return (f"{e['unit']} {e['mode']}s {e['from']} -> {e['to']} facing {e['facing']}"
                + (f", altitude {e['altitude']}" if "altitude" in e else "")
                + f", {e['mp_spent']} MP, {e['hexes_moved']} hexes")
    if t == "refused":
        return f"{e['unit']}: order refused: {e['reason']}"
    if t == "attack" and e.get("automatic_miss"):
        return f"{e['attacker']} {e['attack']} -> {e['target']}: misses automatically ({e['automatic_miss']})"
    if t == "attack":
        res = "hit" if e["hit"] else "miss"
        return (f"{e['attacker']} {_attack_phrase(e)}: needs {e['to_hit']} "
                f"[{_mods(e.get('modifiers', []))}], rolled {e['roll']}: {res}")
    if t == "damage":
        return (f"{e['unit']} takes {e['amount']} to {e['location'].replace('_', ' ')} "
                f"(armor {e['armor_left']}, structure {e['structure_left']})")
    if t == "critical" and e.get("effect") in ("none", None):
        return f"{e['unit']}: critical check in {e['location'].replace('_', ' ')}: no critical hit"
    if t == "critical":
        return f"{e['unit']}: critical hit in {e['location'].replace('_', ' ')}: {_w(e['effect'])}"
    if t == "psr" and e.get("automatic"):
        return f"{e['unit']} piloting roll ({e['reason']}): fails automatically"
    if t == "psr":
        skill = e.get("skill", "piloting")
        return (f"{e['unit']} {skill} roll ({e['reason']}): needs {e['target']}, rolled {e['roll']}: "
                + ("passed" if e["passed"] else "failed"))
    if t == "fall":
        return f"{e['unit']} falls {e['levels']} level(s), {e['damage']} damage, now facing {e['facing']}"
    if t == "displace" and e.get("to") is None:
        return f"{e['unit']} is pushed off the map from {e['from']} ({e['cause']})"
    if t == "displace_blocked":
        return f"{e['unit']} cannot be displaced from {e['from']} ({e['cause']})"
    if t == "move_stopped":
        return f"{e['unit']} stops in {e['at']} ({e['reason']})"
    if t == "consciousness":
        what = "wakes up" if e.get("waking") and e["passed"] else (
            "stays conscious" if e["passed"] else ("stays unconscious" if e.get("waking") else "passes out"))
        return f"{e['unit']}'s MechWarrior {what}: needs {e['target']}, rolled {e['roll']}"
    if t == "pick_up_club":
        return f"{e['unit']} picks up a club ({e['club']}) in {e['at']}"
    if t == "club_destroyed":
        return f"{e['unit']}'s {e['club']} club breaks"
    if t == "displace":
        return f"{e['unit']} is displaced {e['from']} -> {e['to']} ({e['cause']})"
    if t in ("sideslip", "skid"):
        return f"{e['unit']} {t}s {e['from']} -> {e['to']} ({e['hexes']} hexes)"
    if t == "crash":
        return f"{e['unit']} crashes, {e['damage']} damage"
    if t == "heat":
        return f"{e['unit']} heat {e['from']} -> {e['to']}"
    if t in ("shutdown", "restart"):
        return f"{e['unit']} {'shuts down' if t == 'shutdown' else 'restarts'}"
    if t == "destroyed":
        return f"{e['unit']} is destroyed ({e['cause']})"
    if t == "declare":
        return f"{e['unit']} aims its {e['weapon']} at {e['target']} (needs {e['to_hit']})"
    if t == "cluster":
        return f"{e['weapon']}: cluster roll {e['roll']}, {e['missiles']} of {e['rack']} missiles hit"
    if t == "explosion":
        return f"{e['unit']}: {e['item'].replace('_', ' ')} explodes in the {e['location'].replace('_', ' ')} ({e['amount']} damage)"
    if t == "partial_cover":
        return f"{e['unit']}'s cover takes the {e['amount']}-point hit to its {e['location'].replace('_', ' ')}"
    if t == "location_destroyed":
        return f"{e['unit']} loses its {e['location'].replace('_', ' ')}"
    if t == "turret":
        return f"{e['unit']} turns its turret to facing {e['facing']}"
    if t == "victory":
        return f"Victory: {e['side']}" if e.get("side") else "The battle ends with no side left standing"
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("turn", "phase", "type"))
    return f"{t}: {fields}"


def lines(events: list[dict[str, Any]], names: dict[str, str] | None = None,
          ruleset: str | None = None) -> list[str]:
    out = []
    turn, phase = None, None
    for e in events:
        if (e["turn"], e["phase"]) != (turn, phase):
            turn, phase = e["turn"], e["phase"]
            out.append(f"-- turn {turn}, {phase} phase --")
        text = describe(e, names, ruleset)
        if text:
            out.append("  " + text)
    return out
