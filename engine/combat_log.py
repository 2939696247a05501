"""Events in words: the combat log the UI scrolls, the digest a player reads
at a hand-over and the text the scenario runner prints without --json. One
sentence per event, built from the event log, with display names (weapons
as the weapons table names them, "AC/20"; locations in words), compass
facings ("NW") and counted nouns ("1 hex", "2 hexes"). Nothing is said of
an event that changed nothing (heat that stayed where it was).

`Narrator` reads events in order and folds in the dice a sentence names
(the initiative rolls); `describe` words one event on its own; `summary`
sums up for a player what happened to their units, what their attacks did
and what the other sides lost.
"""
from __future__ import annotations

from typing import Any

from engine.hexgrid import FACING_NAMES
from engine.weapons import weapons as weapon_table

_UNIT_FIELDS = ("unit", "attacker", "target")


# ---------------------------------------------------------------- display names
def plural(n: int, noun: str, many: str | None = None) -> str:
    """'1 hex', '2 hexes', '1 level', '3 levels'."""
    return f"{n} {noun if n == 1 else (many or noun + ('es' if noun.endswith(('x', 's')) else 's'))}"


def weapon_name(kind: Any) -> str:
    """A weapon (or an order's 'type#n' name) as the weapons table names it:
    'ac_20' -> 'AC/20', 'medium_laser#2' -> 'Medium Laser'."""
    key = str(kind).split("#")[0]
    wt = weapon_table().get(key)
    return wt.name if wt is not None else key.replace("_", " ")


def ammo_name(kind: Any) -> str:
    """An ammunition type (the weapon it feeds): 'ac_20' -> 'AC/20 ammo'."""
    key = str(kind)
    if key.endswith(" ammo"):
        key = key[:-len(" ammo")]
    return f"{weapon_name(key)} ammo"


_VEHICLE_SIDES = {"left": "left side", "right": "right side", "front": "front", "rear": "rear"}


def location_name(loc: Any) -> str:
    """'center_torso' -> 'center torso', a vehicle's 'left' -> 'left side'."""
    return _VEHICLE_SIDES.get(str(loc), str(loc).replace("_", " "))


def facing_name(facing: Any) -> str:
    """A facing 0-5 as a compass point ('NW'); anything else as it is."""
    return FACING_NAMES[facing] if isinstance(facing, int) and 0 <= facing < 6 else str(facing)


def crit_name(crit: str) -> str:
    """A critical hit as a mech's record holds it: 'weapon:medium_laser' ->
    'Medium Laser', 'ammo:ac_5' -> 'AC/5 ammo', 'jump_jet' -> 'jump jet'."""
    kind, _, item = crit.partition(":")
    if kind == "weapon" and item:
        return weapon_name(item)
    if kind == "ammo" and item:
        return ammo_name(item)
    return crit.replace("_", " ")


def counted(items: list[str]) -> str:
    """'gyro, jump jet x2': each name once, in order, with its count."""
    counts: dict[str, int] = {}
    for i in items:
        counts[i] = counts.get(i, 0) + 1
    return ", ".join(n if c == 1 else f"{n} x{c}" for n, c in counts.items())


def _mods(mods: list) -> str:
    """'piloting 5, upper arm actuator +2': the base skill, then signed modifiers."""
    return ", ".join(f"{label} {value}" if i == 0 else f"{label} {value:+d}" for i, (label, value) in enumerate(mods))


def _w(text: Any) -> str:
    return str(text).replace("_", " ")


# ---------------------------------------------------------------- attacks
_VERBS = {"punch": "punches", "kick": "kicks", "push": "pushes", "club": "clubs", "hatchet": "hatchets",
          "charge": "charges", "dfa": "jumps on (death from above)", "standard": "attacks",
          "melee": "strikes (melee)", "weapon": "fires at", "accidental charge": "runs into",
          "accidental_fall": "falls onto", "accidental fall from above": "crashes down onto"}
_NOUNS = {"standard": "a physical attack", "melee": "a melee attack", "weapon": "a weapon attack",
          "punch": "a punch", "kick": "a kick", "push": "a push", "club": "a club attack",
          "hatchet": "a hatchet attack", "charge": "a charge", "dfa": "a death from above"}


def _limb(e: dict[str, Any]) -> str:
    limb = e.get("limb")
    if not limb:
        return ""
    return f" ({limb} {'leg' if e.get('attack') == 'kick' else 'arm'})"


def _target(e: dict[str, Any]) -> str:
    """An attack's target: the unit, or the building in its `target_hex`."""
    return e["target"] if e.get("target") is not None else f"the building in {e.get('target_hex')}"


def _attack_phrase(e: dict[str, Any]) -> str:
    """'punches JagerMech (right arm)', 'fires its Medium Laser at Atlas'."""
    attack = str(e.get("attack", ""))
    target = _target(e)
    if attack in _VERBS:
        return f"{_VERBS[attack]} {target}{_limb(e)}"
    return f"fires its {e.get('name') or weapon_name(e.get('weapon') or attack)} at {target}"


def _attack(e: dict[str, Any]) -> str:
    if e.get("automatic_miss"):
        return f"{e['attacker']} {_attack_phrase(e)}: misses automatically ({e['automatic_miss']})"
    res = "hit" if e["hit"] else "miss"
    if e.get("automatic"):
        return f"{e['attacker']} {_attack_phrase(e)}: hits automatically (next to it)"
    out = (f"{e['attacker']} {_attack_phrase(e)}: needs {e['to_hit']} "
           f"[{_mods(e.get('modifiers', []))}], rolled {e['roll']}: {res}")
    if e["hit"] and "damage" in e:           # Alpha Strike: the damage, dealt in the end phase
        out += f", {e['damage']} damage"
        if e.get("ht_heat"):
            out += f" and {e['ht_heat']} heat (HT)"
    return out


def _declare(e: dict[str, Any]) -> str:
    """'Loki declares a physical attack on Firestarter, needs 5',
    'jager declares AC/5 at hopper, needs 10'."""
    if e.get("weapon"):
        what = f"{weapon_name(e['weapon'])} at"
    else:
        what = f"{_NOUNS.get(str(e.get('attack')), _w(e.get('attack') or 'an attack'))}{_limb(e)} on"
        if e.get("overheat"):
            what = what[:-3] + f" (overheat {e['overheat']}) on"
    target = e.get("target") or (f"the building in {e['target_hex']}" if e.get("target_hex") else "?")
    return f"{e['unit']} declares {what} {target}" + (
        f", needs {e['to_hit']}" if e.get("to_hit") is not None else "")


_ACTUATORS = ("shoulder", "upper_arm", "lower_arm", "hand", "hip", "upper_leg", "lower_leg", "foot")


def _critical(e: dict[str, Any]) -> str:
    where = "" if e.get("location") in (None, "unit") else f" in {location_name(e['location'])}"
    effect = str(e.get("effect"))
    if "result" in e:                                    # Alpha Strike: the table roll and its result
        if effect == "no_critical_hit":
            return f"{e['unit']}: critical hit roll {e.get('roll')}: no critical hit"
        return f"{e['unit']}: critical hit ({_w(effect)}): {e['result']}"
    if effect in ("none", "None"):
        return f"{e['unit']}: critical check{where}: no critical hit"
    if effect == "weapon" and e.get("weapon"):
        what = f"{weapon_name(e['weapon'])} destroyed"
    elif effect == "ammo" and e.get("ammo"):
        what = f"{ammo_name(e['ammo'])} ({plural(int(e.get('shots', 0)), 'shot')})"
    elif effect == "blown off":
        return f"{e['unit']}: {location_name(e['location'])} blown off"
    elif effect.endswith(_ACTUATORS):
        what = f"{_w(effect)} actuator"
    else:
        what = _w(effect)
    if e.get("already_destroyed"):
        what += " (already destroyed)"
    return f"{e['unit']}: critical hit{where}: {what}"


# ---------------------------------------------------------------- movement
_MODE_VERBS = {"walk": "walks", "run": "runs", "jump": "jumps", "cruise": "cruises",
               "flank": "moves at flank speed"}
_IN_PLACE = {"L": "turns", "R": "turns", "U": "climbs", "D": "descends", "land": "lands",
             "lift": "lifts off", "stand": "stands up", "prone": "drops prone"}


def _move(e: dict[str, Any]) -> str:
    """'jager walks 0504 -> 0506 facing SW, 3 MP, 2 hexes', 'jager stays in
    0504', 'heli descends and lands in 0206 facing SE, altitude 0, 3 MP'."""
    path = e.get("path")
    alt = f", altitude {e['altitude']}" if "altitude" in e else ""
    if path == [] or (path is None and e["from"] == e["to"] and not e.get("mp_spent")):
        return f"{e['unit']} stays in {e['from']}"
    if e["from"] == e["to"] and e["hexes_moved"] == 0:
        verbs = list(dict.fromkeys(_IN_PLACE.get(t, "moves") for t in (path or ["L"])))
        face = "to face" if "turns" in verbs else "facing"
        return (f"{e['unit']} {' and '.join(verbs)} in {e['from']} {face} {facing_name(e['facing'])}{alt}, "
                f"{e['mp_spent']} MP")
    verb = _MODE_VERBS.get(e["mode"], f"{e['mode']}s")
    return (f"{e['unit']} {verb} {e['from']} -> {e['to']} facing {facing_name(e['facing'])}{alt}, "
            f"{e['mp_spent']} MP, {plural(e['hexes_moved'], 'hex')}")


def _as_move(e: dict[str, Any]) -> str:
    """Alpha Strike: Move is counted in hexes and there is no facing (AS-MOVE-5)."""
    n = e["hexes_moved"]
    if n == 0 and e["from"] == e["to"]:
        return f"{e['unit']} stays in {e['from']}"
    used = e.get("mp_spent", n)
    return (f"{e['unit']} {'jumps' if e.get('mode') == 'jump' else 'moves'} {e['from']} -> {e['to']}, "
            f"{plural(n, 'hex')}" + (f" ({used} hexes of Move used)" if used != n else ""))


def _motive(e: dict[str, Any]) -> str:
    """'vedette motive system roll: rolled 5, attack direction left +2, hover
    motive +3 = 10: heavy' (T-5: the modifiers are added to the roll)."""
    mods = "".join(f", {label} {value:+d}" for label, value in e.get("modifiers", []))
    return f"{e['unit']} motive system roll: rolled {e['roll']}{mods} = {e['total']}: {_w(e['result'])}"


def _initiative(e: dict[str, Any], rolls: list[dict[str, Any]]) -> str:
    """'Initiative: red 9, blue 5: red wins, blue acts first'; ties are
    re-rolled among the tied sides (rules/mech_core.md section 1)."""
    order = list(e["order"])
    if e.get("forced"):
        return "Initiative (set): " + " > ".join(order)
    rounds: list[list[str]] = [[]]
    seen: set[str] = set()
    for r in rolls:
        side = str(r.get("for", "")).removeprefix("initiative ")
        if side in seen:
            rounds.append([])
            seen = set()
        seen.add(side)
        rounds[-1].append(f"{side} {r['total']}")
    dice = "; re-rolled: ".join(", ".join(rnd) for rnd in rounds if rnd)
    first = f"{order[-1]} acts first" if len(order) > 1 else ""
    if len(order) == 2:
        outcome = f"{order[0]} wins, {first}"
    else:
        outcome = " > ".join(order) + (f" ({first})" if first else "")
    return "Initiative: " + (f"{dice}: " if dice else "") + outcome


# Sentences for the event types beyond the contract's required ones.
_MORE = {
    "declare": _declare,
    "cluster": lambda e: (f"{e['attacker']}: {weapon_name(e['weapon'])} cluster roll {e['roll']}, "
                          f"{e['missiles']} of {e['rack']} missiles hit"),
    # A roll on the way (skid, sideslip, crash) moved the unit off the hex the
    # `move` line names: say where it really ended (seed 002 V-SLIP, V-SKID).
    "move_end": lambda e: (f"{e['unit']} ends its move in {e['at']} facing {facing_name(e['facing'])}"
                           + (f", altitude {e['altitude']}" if e.get("altitude") else "")
                           + f", {plural(e['hexes_moved'], 'hex')}"),
    "move_stopped": lambda e: f"{e['unit']} stops in {e['at']} ({e['reason']})",
    "stand_retry": lambda e: (f"{e['unit']} tries again to stand in {e['at']}; the rest of its move ends in "
                              f"{e['to']} facing {facing_name(e['facing'])} ({e['mp_spent']} MP spent)"),
    "collision": lambda e: f"{e['unit']} collides with {_w(e['target'])} in {e['at']}",
    "crew_killed": lambda e: f"{e['unit']}: crew killed",
    "building_damage": lambda e: (f"the building in {e['hex']} takes {e['damage']} damage ({e['cause']}), "
                                  f"CF {e['cf_left']} left"),
    "collapse": lambda e: (f"the building in {e['hex']} collapses"
                           + (" under the weight on its roof" if e["cause"] == "overload" else "")
                           + (f", with {', '.join(e['units'])} in it" if e["units"] else "")),
    "attack_cancelled": lambda e: (f"{e['unit']}: {_NOUNS.get(e['attack'], _w(e['attack']))} on {_target(e)} "
                                   f"is cancelled ({e['reason']})"),
    "displace_blocked": lambda e: f"{e['unit']} cannot be displaced ({e['cause']})",
    "explosion": lambda e: (f"{e['unit']}: {ammo_name(e['item']) if str(e['item']).endswith(' ammo') else weapon_name(e['item'])}"
                            f" explodes in {location_name(e['location'])}, {e['amount']} damage"),
    "ammo_explosion": lambda e: (f"{e['unit']}: ammunition explodes in {location_name(e['location'])}, "
                                 f"{e['damage']} damage" + (" (CASE)" if e.get("case") else "")),
    "immobile": lambda e: f"{e['unit']} is immobilised ({e['cause']})",
    "land": lambda e: f"{e['unit']} lands in {e['at']}" + (" (forced)" if e.get("forced") else ""),
    "descend": lambda e: f"{e['unit']} descends to altitude {e['altitude']} ({e['cause']})",
    "location_destroyed": lambda e: f"{e['unit']}: {location_name(e['location'])} destroyed",
    "motive": _motive,
    "motive_skipped": lambda e: (f"{e['unit']} makes no motive system roll ({e['reason']}): "
                                 f"it is already immobile" + (f" ({e['cause']})" if e.get("cause") else "")),
    "motive_damage": lambda e: (f"{e['unit']} motive damage ({_w(e['result'])}): cruise {e['cruise']}, "
                                f"flank {e['flank']}" + (f", driving rolls +{e['driving_modifier']}"
                                                         if e.get("driving_modifier") else "")),
    "rotor_damage": lambda e: f"{e['unit']} rotor damage: cruise {e['cruise']}, flank {e['flank']}",
    "partial_cover": lambda e: f"{e['unit']}: partial cover absorbs the hit to {location_name(e['location'])}",
    "pick_up_club": lambda e: f"{e['unit']} picks up a club ({_w(e['club'])}) in {e['at']}",
    "club_on_map": lambda e: f"a club ({_w(e['club'])}) lies in {e['at']}",
    "club_destroyed": lambda e: f"{e['unit']}'s club breaks",
    "club_dropped": lambda e: f"{e['unit']} drops its club",
    "pilot_damage": lambda e: (f"{e['unit']}'s pilot takes {plural(e['amount'], 'hit')} ({e['reason']}), "
                               f"{e['total']} in all"),
    "recover": lambda e: f"{e['unit']} recovers ({e['reason']})",
    "removed": lambda e: f"{e['unit']} leaves the battlefield ({e['cause']})",
    "terrain_damage": lambda e: f"{e['unit']} takes {e['damage']} damage ({e['cause']})",
    "weapon_destroyed": lambda e: (f"{e['unit']}: {weapon_name(e['weapon'])} in {location_name(e['location'])} "
                                   "destroyed"),
    "weapon_pick": lambda e: (f"{e['unit']}: {'its owner' if e['chooser'] == 'owner' else 'the attacker'} picks "
                              f"the {weapon_name(e['weapon'])} in {location_name(e['location'])} as the weapon lost"),
    "weapon_jammed": lambda e: f"{e['unit']}: {weapon_name(e['weapon'])} in {location_name(e['location'])} jams",
    "jam_cleared": lambda e: (f"{e['unit']} clears its jammed turret" if e.get("item") == "turret" else
                              f"{e['unit']} clears its jammed {weapon_name(e['item'])}"
                              + (f" in {location_name(e['location'])}" if e.get("location") else "")),
    "cargo_hit": lambda e: f"{e['unit']}: cargo hit",
    "turret": lambda e: f"{e['unit']} turns its turret to face {facing_name(e['facing'])}",
    "crash": lambda e: (f"{e['unit']} crashes" + (f" in {e['at']}" if e.get("at") else "")
                        + (f" ({e['cause']})" if e.get("cause") else "") + f", {e['damage']} damage"),
}


def describe(e: dict[str, Any], names: dict[str, str] | None = None, ruleset: str | None = None) -> str | None:
    """One sentence for an event, or None for one a player need not read
    (dice rolls, folded into the sentences that use them; heat that did not
    change); `names` (unit id -> display name) makes it read with unit names
    instead of ids; `ruleset` "alpha-strike" words moves in Alpha Strike's
    terms."""
    if names:
        e = {k: (names.get(v, v) if k in _UNIT_FIELDS and isinstance(v, str) else v) for k, v in e.items()}
    t = e["type"]
    if t in _MORE:
        try:
            return _MORE[t](e)
        except KeyError:
            pass
    if t == "roll":
        return None
    if t == "heat":
        return None if e.get("from") == e.get("to") else f"{e['unit']} heat {e['from']} -> {e['to']}"
    if t == "initiative":
        return _initiative(e, [])
    if t == "move" and ruleset == "alpha-strike":
        return _as_move(e)
    if t == "move":
        return _move(e)
    if t == "refused":
        return f"{e['unit']}: order refused: {e['reason']}"
    if t == "attack":
        return _attack(e)
    if t == "damage" and e.get("location") == "unit":
        return f"{e['unit']} takes {e['amount']} damage (armor {e['armor_left']}, structure {e['structure_left']})"
    if t == "damage":
        return (f"{e['unit']} takes {e['amount']} to {location_name(e['location'])} "
                f"(armor {e['armor_left']}, structure {e['structure_left']})")
    if t == "critical":
        return _critical(e)
    if t == "psr" and e.get("automatic"):
        return f"{e['unit']} piloting roll ({e['reason']}): fails automatically"
    if t == "psr":
        skill = e.get("skill", "piloting")
        return (f"{e['unit']} {skill} roll ({e['reason']}): needs {e['target']}, rolled {e['roll']}: "
                + ("passed" if e["passed"] else "failed"))
    if t == "fall":
        levels = f" {plural(e['levels'], 'level')}" if e.get("levels") else ""
        return f"{e['unit']} falls{levels}, {e['damage']} damage, now facing {facing_name(e['facing'])}"
    if t == "displace" and e.get("to") is None:
        return f"{e['unit']} is pushed off the map from {e['from']} ({e['cause']})"
    if t == "consciousness":
        what = "wakes up" if e.get("waking") and e["passed"] else (
            "stays conscious" if e["passed"] else ("stays unconscious" if e.get("waking") else "passes out"))
        return f"{e['unit']}'s MechWarrior {what}: needs {e['target']}, rolled {e['roll']}"
    if t == "displace":
        return f"{e['unit']} is displaced {e['from']} -> {e['to']} ({e['cause']})"
    if t in ("sideslip", "skid"):
        return f"{e['unit']} {t}s {e['from']} -> {e['to']} ({plural(e['hexes'], 'hex')})"
    if t in ("shutdown", "restart"):
        return f"{e['unit']} {'shuts down' if t == 'shutdown' else 'restarts'}"
    if t == "destroyed":
        return f"{e['unit']} is destroyed ({e['cause']})"
    if t == "victory":
        return f"Victory: {e['side']}" if e.get("side") else "The battle ends with no side left standing"
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("turn", "phase", "type"))
    return f"{t}: {fields}"


class Narrator:
    """Events in words, read in order: each event's sentence (`describe`),
    with the initiative rolls folded into the initiative line."""

    def __init__(self, names: dict[str, str] | None = None, ruleset: str | None = None) -> None:
        self.names = names
        self.ruleset = ruleset
        self._rolls: list[dict[str, Any]] = []

    def line(self, e: dict[str, Any]) -> str | None:
        if e["type"] == "roll":
            if e.get("purpose") == "initiative":
                self._rolls.append(e)
            return None
        if e["type"] == "initiative":
            rolls, self._rolls = self._rolls, []
            return _initiative(e, rolls)
        return describe(e, self.names, self.ruleset)


def lines(events: list[dict[str, Any]], names: dict[str, str] | None = None,
          ruleset: str | None = None) -> list[str]:
    """The events in words under a heading for each phase that has any."""
    out = []
    shown = None
    narrator = Narrator(names, ruleset)
    for e in events:
        text = narrator.line(e)
        if not text:
            continue
        if (e["turn"], e["phase"]) != shown:
            shown = (e["turn"], e["phase"])
            out.append(phase_heading(*shown))
        out.append("  " + text)
    return out


def phase_heading(turn: int, phase: str) -> str:
    return f"-- turn {turn}, {phase} phase --"


_HAPPENED = {"fall": "fell", "shutdown": "shut down", "immobile": "immobilised", "pilot_damage": "pilot hit",
             "crash": "crashed"}


def _what(e: dict[str, Any]) -> str | None:
    """What an event did to its unit, in a word or two, for the summary."""
    t = e["type"]
    if t == "critical" and str(e.get("effect")) not in ("none", "no_critical_hit"):
        return "critical: " + (_w(e["effect"]) if "result" in e else _critical(e).split(": ", 2)[-1])
    if t == "destroyed":
        return f"DESTROYED ({e.get('cause', '')})"
    if t == "motive_damage":
        return f"motive damage ({_w(e.get('result', ''))})"
    if t == "location_destroyed":
        return f"{location_name(e.get('location', ''))} destroyed"
    return _HAPPENED.get(t)


def summary(events: list[dict[str, Any]], mine: set[str] | list[str], names: dict[str, str] | None = None
            ) -> list[tuple[str, str]]:
    """What a player should know first of `events`: one line per unit of
    theirs that something happened to ('Saladin: 8 damage, motive damage
    (major)'), how their attacks went, and one line per unit of another
    side destroyed, crashed or critically hit ('Firestarter: DESTROYED
    (unit structure destroyed)'), and the buildings that collapsed
    ('Building collapsed: 0612'). Each line with its tone: "loss" (a unit
    of theirs destroyed), "hurt", "gain" (an enemy's loss) or "plain"."""
    names = names or {}
    mine = set(mine)
    damage: dict[str, int] = {}
    per: dict[str, list[str]] = {}
    order: list[str] = []
    shots = hits = 0
    for e in events:
        u = e.get("unit")
        if e["type"] == "attack" and e.get("attacker") in mine:
            shots += 1
            hits += bool(e.get("hit"))
        if not isinstance(u, str):
            continue
        what = _what(e)
        if e["type"] == "damage" and u in mine:
            damage[u] = damage.get(u, 0) + int(e.get("amount", 0))
        elif what is None or (u not in mine and e["type"] not in ("critical", "destroyed", "crash")):
            continue
        else:
            per.setdefault(u, []).append(what)
        if u not in order:
            order.append(u)
    out: list[tuple[str, str]] = []
    for u in [u for u in order if u in mine]:
        parts = ([f"{damage[u]} damage"] if u in damage else []) + per.get(u, [])
        if parts:
            lost = any(p.startswith("DESTROYED") for p in parts)
            out.append((f"{names.get(u, u)}: " + ", ".join(dict.fromkeys(parts)), "loss" if lost else "hurt"))
    if shots:
        out.append((f"Your attacks: {hits} of {shots} hit", "plain"))
    for u in [u for u in order if u not in mine and per.get(u)]:
        out.append((f"{names.get(u, u)}: " + ", ".join(dict.fromkeys(per[u])), "gain"))
    fallen = [e["hex"] for e in events if e["type"] == "collapse"]
    if fallen:
        out.append((f"Building{'s' if len(fallen) > 1 else ''} collapsed: {', '.join(fallen)}", "plain"))
    return out
