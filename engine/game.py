"""The game: one esper world, the map, the event log, the dice, the turn and
phase, and the units by their ids.

`Game` is the spine every front end drives (scenario runner, hot-seat UI,
tests): it spawns units from unit data, runs phases through the chosen
ruleset (engine/rulesets.py), takes orders (check, then submit: a refused
order becomes a `refused` event), and snapshots or saves its state.
Systems keep any state that must survive a save in components or in the
turn record (`turn_record`, components/turn_record.py: declared attacks,
queued piloting rolls, deployment), saved as `phase_data`
(engine/turn_record.py); a front end's own data is `frontend`, saved in the
save's front-end section (engine/saves.py).
"""
from __future__ import annotations

import contextlib
import copy
import json
import dataclasses
from pathlib import Path
from typing import Any, Callable

from components import (
    ALL_COMPONENTS, Identity, Position, Crew, MechMovement, VehicleMovement, Armor, Structure,
    Actuators, Mount, Weapons, AmmoBin, Ammo, Equipment, HeatSinks, ClassicHeat, AlphaStrikeHeat,
    Altitude, Turret, Status, TurnState, AlphaStrikeCard, VehicleCrits, CriticalSlots, TurnRecord,
)
from engine.dice import Dice
from engine.events import EventLog
from engine.hexgrid import Hex
from engine.hexmap import HexMap
from engine.orders import Order
from engine.errors import DataError
from engine.turn_record import PhaseData
from engine.unit_loader import UnitData
from engine.weapons import WeaponType, parse_weapons, weapon_rows, weapons
from engine.world import World
from systems.common.kept_searches import KeptSearches

_COMPONENT_BY_NAME = {c.__name__: c for c in ALL_COMPONENTS}


class Game:
    def __init__(self, hexmap: HexMap, ruleset: str = "classic", seed: int = 0,
                 forced: dict[str, list[int]] | None = None, sides: list[str] | None = None) -> None:
        from engine.rulesets import get_ruleset
        self.map = hexmap
        self.ruleset = get_ruleset(ruleset)
        self.log = EventLog()
        self.dice = Dice(self.log, seed, forced)
        self.world = World()
        self.units: dict[str, int] = {}            # uid -> entity, in creation order
        self.sides: list[str] = list(sides or [])  # in first-named order
        self.initiative: list[str] = []            # this turn's order, winner first
        self.turn_record = TurnRecord()            # what the rules remember within the turn
        self.deployment_zones: dict[str, list[Hex]] = {}   # a level's zones by side (engine/deployment.py)
        self.winner: str | None = None
        # The weapons of this battle: the shipped table plus the mod weapons
        # its units use (engine/weapons.py); systems look weapons up here.
        self.weapons: dict[str, WeaponType] = weapons()
        # What was done to this game, for replays (engine/replay.py): the state
        # before the first action, then every turn/phase call and every order
        # submitted (accepted or refused) and every forced die added later.
        self.record: dict[str, Any] = {"setup": None, "actions": []}
        self._acting = False                       # inside a recorded action (engine/replay.py)
        self._occupancy: dict[Hex, list[int]] | None = None   # units by hex while positions are fixed
        self.searches = KeptSearches()             # what the reachable searches keep for the next (not saved)
        self.dice.on_force = self._record_force
        # Front ends' own data (the hot-seat window's position), saved in the
        # save's front-end section (engine/saves.py); the rules never read it.
        self.frontend: dict[str, Any] = {}
        # The sides a choice of the rules is put to (a destroyed weapon's
        # pick, V-CE-14: engine/orders.py ChoiceNeeded); none by default, so a
        # headless game keeps the fixed defaults. Not saved: the window sets it.
        self.choosers: set[str] = set()
        # Called before each top-level action (a front end's checkpoint,
        # taken only once an action acts on the game); None: nothing.
        self.on_action: Callable[[], None] | None = None

    # ------------------------------------------------------------ clock
    @property
    def turn(self) -> int:
        return self.log.turn

    @property
    def phase(self) -> str:
        return self.log.phase

    @property
    def phase_data(self) -> PhaseData:
        """The turn record as JSON (engine/turn_record.py)."""
        return PhaseData(self)

    @phase_data.setter
    def phase_data(self, data: dict[str, Any]) -> None:
        self.turn_record = TurnRecord()
        self.phase_data.update(data)

    # ------------------------------------------------------------ units
    def add_unit(self, data: UnitData, uid: str, side: str, at: Hex, facing: int = 0,
                 overrides: dict[str, Any] | None = None) -> int:
        """Spawn a unit from validated unit data; overrides are a scenario's
        initial-state keys (contract/scenario.md)."""
        o = overrides or {}
        self._adopt_weapons(data)
        comps: list[Any] = [
            # The unit file by name only: a save names no folder of the machine that wrote it.
            Identity(uid, data.name, data.kind, side, data.tonnage, Path(data.path).name),
            Position(at, facing),
            # An Alpha Strike unit placed at heat 4 (S) starts shut down (AS-SHUT-1).
            Status(prone=bool(o.get("prone", False)),
                   shutdown=data.kind == "alpha-strike" and int(o.get("heat", (data.heat or {}).get("level", 0))) >= 4),
            TurnState(),
            Armor(dict(data.armor), dict(data.armor)),
            Structure(dict(data.structure), dict(data.structure)),
        ]
        if data.kind == "alpha-strike":
            card = dict(data.alpha_strike or {})
            comps.append(AlphaStrikeCard(**card))
            comps.append(Crew(piloting=card.get("skill", 4), gunnery=card.get("skill", 4)))
            if data.heat is not None or "heat" in o:
                comps.append(AlphaStrikeHeat(int(o.get("heat", (data.heat or {}).get("level", 0)))))
        else:
            crew = Crew(**data.crew)
            if "piloting" in o:
                crew.piloting = o["piloting"]
            if "driving" in o:
                crew.piloting = o["driving"]
            if "gunnery" in o:
                crew.gunnery = o["gunnery"]
            comps.append(crew)
            comps.append(Weapons([Mount(w["type"], w["location"], w.get("rear", False)) for w in data.weapons]))
            comps.append(Ammo([AmmoBin(a["type"], a["location"], a["shots"]) for a in data.ammo]))
            comps.append(Equipment(hatchet=data.equipment.get("hatchet"), case=list(data.equipment.get("case", []))))
            if data.kind == "mech":
                comps.append(MechMovement(data.movement["walk"], data.movement.get("jump", 0)))
                installed = [a for a in data.actuators if a not in o.get("missing", [])]
                if data.criticals is not None:      # the unit file's own slot table
                    comps.append(CriticalSlots(
                        slots={loc: [s if s in installed or not s.startswith(("left_", "right_")) else ""
                                     for s in row] for loc, row in data.criticals.items()},
                        hit={loc: [] for loc in data.criticals}, engine_sinks=data.engine_sinks))
                comps.append(Actuators(installed, [a for a in o.get("damaged", []) if a in installed]))
                comps.append(HeatSinks(data.heat_sinks.get("count", 10), data.heat_sinks.get("double", False)))
                comps.append(ClassicHeat(int(o.get("heat", 0))))
            else:
                comps.append(VehicleMovement(data.movement["motive"], data.movement["cruise"]))
                veh = data.vehicle or {}
                comps.append(VehicleCrits(engine=veh.get("engine", "ice"), cargo=veh.get("cargo", 0),
                                          loss_order=list(o.get("weapon_loss_order", []))))
                if data.turret is not None:
                    turret = o.get("turret", data.turret.get("facing"))
                    comps.append(Turret(facing if turret is None else int(turret)))
                if data.altitude is not None:
                    comps.append(Altitude(int(o.get("altitude", data.altitude.get("level", 0)))))
            if data.kind == "mech":
                # Equipment destroyed before the battle ("damaged" ids that are not actuators).
                for item in o.get("damaged", []):
                    if item == "hatchet":
                        comps_eq = next(c for c in comps if isinstance(c, Equipment))
                        comps_eq.hatchet_destroyed = True
        ent = self.world.create_entity(*comps)
        armor = self.world.component(ent, Armor)
        for loc, v in (o.get("armor") or {}).items():
            armor.points[loc] = v
        structure = self.world.component(ent, Structure)
        for loc, v in (o.get("structure") or {}).items():
            structure.points[loc] = v
        self.units[uid] = ent
        if side not in self.sides:
            self.sides.append(side)
        for hook in self.ruleset.hooks.unit_placed:
            hook(self, ent)
        return ent

    def _adopt_weapons(self, data: UnitData) -> None:
        """Take the unit's weapon types into the battle's table (mod weapons).
        A battle has one definition of each weapon its units carry."""
        used = {w["type"] for w in data.weapons} | {a["type"] for a in data.ammo}
        in_use: set[str] | None = None
        for key in sorted(used):
            wt = data.weapon_table.get(key)
            if wt is None or self.weapons.get(key) == wt:
                continue
            if in_use is None:
                in_use = self._weapon_types_in_use()
            if key in in_use:
                raise DataError(f"{data.path}: [Weapons] type: {key} is defined differently from the "
                                f"{key} the units already in this battle carry (another weapons.toml)")
            self.weapons = {**self.weapons, key: wt}

    def _weapon_types_in_use(self) -> set[str]:
        out: set[str] = set()
        for ent in self.units.values():
            wp = self.world.try_component(ent, Weapons)
            am = self.world.try_component(ent, Ammo)
            out.update(m.type for m in (wp.mounts if wp else []))
            out.update(b.type for b in (am.bins if am else []))
        return out

    def uid(self, ent: int) -> str:
        return self.world.component(ent, Identity).uid

    def get(self, ent_or_uid: int | str, ctype):
        ent = self.units[ent_or_uid] if isinstance(ent_or_uid, str) else ent_or_uid
        return self.world.try_component(ent, ctype)

    def unit_ids(self, side: str | None = None, active_only: bool = False) -> list[str]:
        out = []
        for uid, ent in self.units.items():
            ident = self.world.component(ent, Identity)
            if side is not None and ident.side != side:
                continue
            if active_only and self.world.component(ent, Status).removed:
                continue
            out.append(uid)
        return out

    def units_at(self, h: Hex) -> list[int]:
        index = self._occupancy
        if index is not None:
            return list(index.get(h, ()))
        return [ent for uid, ent in self.units.items()
                if self.world.component(ent, Position).hex == h
                and not self.world.component(ent, Status).removed]

    @contextlib.contextmanager
    def positions_fixed(self):
        """A block in which no unit moves (a search over possible moves):
        `units_at` answers from one index built at the start."""
        if self._occupancy is not None:
            yield
            return
        index: dict[Hex, list[int]] = {}
        placed = self.world.components_by_entity(Position, Status)
        for ent in self.units.values():
            pos, status = placed[ent]
            if not status.removed:
                index.setdefault(pos.hex, []).append(ent)
        self._occupancy = index
        try:
            yield
        finally:
            self._occupancy = None

    def side_of(self, ent: int) -> str:
        return self.world.component(ent, Identity).side

    def is_enemy(self, a: int, b: int) -> bool:
        return self.side_of(a) != self.side_of(b)

    def kind(self, ent: int) -> str:
        return self.world.component(ent, Identity).kind

    def can_fight(self, ent: int) -> bool:
        st = self.world.component(ent, Status)
        crew = self.world.try_component(ent, Crew)
        return not (st.destroyed or st.removed or (crew is not None and crew.killed))

    # ------------------------------------------------------------ orders
    def check(self, order: Order) -> str | None:
        """Why this order is not allowed now, or None when it is."""
        return self.ruleset.check(self, order)

    def submit(self, order: Order) -> str | None:
        """Carry out an order; a refused order becomes a `refused` event."""
        with self._recorded("submit", order=order.to_dict()):
            reason = self.check(order)
            if reason is not None:
                self.log.emit("refused", unit=order.unit, order=order.raw, reason=reason)
                return reason
            self.ruleset.apply(self, order)
            return None

    # ------------------------------------------------------------ turn flow
    def start_turn(self, initiative: list[str] | None = None) -> None:
        with self._recorded("start_turn", initiative=list(initiative) if initiative else None):
            self.ruleset.start_turn(self, initiative)

    def start_phase(self, phase: str) -> None:
        with self._recorded("start_phase", phase=phase):
            self.log.phase = phase
            self.ruleset.begin_phase(self, phase)

    def end_phase(self) -> None:
        with self._recorded("end_phase"):
            self.ruleset.end_phase(self, self.phase)

    # ------------------------------------------------------------ record (replays)
    @contextlib.contextmanager
    def _recorded(self, action: str, **fields: Any):
        """Record a top-level action (calls made by the rules inside it are not)."""
        outer = not self._acting
        if outer:
            if self.on_action is not None:
                self.on_action()
            if self.record["setup"] is None:
                self.record["setup"] = self.to_dict(record=False)
            self.record["actions"].append({"do": action, "turn": self.turn, "phase": self.phase, **fields})
            self._acting = True
        try:
            yield
        finally:
            if outer:
                self._acting = False

    def _record_force(self, purpose: str, totals: list[int]) -> None:
        # Before the first action the setup snapshot holds them; inside an
        # action the rules added them and a replay adds them again.
        if self.record["setup"] is not None and not self._acting:
            with self._recorded("force", purpose=purpose, totals=list(totals)):
                pass

    def run_phase(self, phase: str, orders: list[Order]) -> None:
        """Start a phase, submit its orders in order, end it."""
        self.start_phase(phase)
        for order in orders:
            self.submit(order)
        self.end_phase()

    # ------------------------------------------------------------ output
    def snapshot(self, uid: str) -> dict[str, Any]:
        ent = self.units[uid]
        w = self.world
        pos = w.component(ent, Position)
        st = w.component(ent, Status)
        alt = w.try_component(ent, Altitude)
        tur = w.try_component(ent, Turret)
        crew = w.try_component(ent, Crew)
        heat: int = 0
        if (h := w.try_component(ent, AlphaStrikeHeat)) is not None:
            heat = h.level
        elif (c := w.try_component(ent, ClassicHeat)) is not None:
            heat = c.heat
        return {
            "at": self.map.label(pos.hex), "facing": pos.facing, "prone": st.prone,
            "destroyed": st.destroyed, "altitude": alt.level if alt else 0,
            "turret": tur.facing if tur and not tur.destroyed else None,
            "heat": heat, "shutdown": st.shutdown, "immobile": st.immobile,
            "armor": dict(w.component(ent, Armor).points),
            "structure": dict(w.component(ent, Structure).points),
            "crits": list(st.crits), "pilot_hits": crew.hits if crew else 0,
            "side": self.side_of(ent), "name": w.component(ent, Identity).name,
        }

    def snapshots(self) -> dict[str, dict[str, Any]]:
        return {uid: self.snapshot(uid) for uid in self.units}

    # ------------------------------------------------------------ save/load
    def to_dict(self, record: bool = True, events: bool = True, map: bool = True) -> dict[str, Any]:
        """The whole state as JSON data. `events=False` leaves the event log
        out (an autosaver that copies the append-only log incrementally),
        `map=False` the map (a take-back that keeps the terrain apart)."""
        # One pass through the C json codec copies the whole state; state that
        # is not plain JSON data falls back to the field-by-field copy below.
        raw = self._state(record, events, lambda comp: comp, map=map)
        try:
            return json.loads(json.dumps(raw, default=_dataclass_fields))
        except (TypeError, ValueError):
            return self._state(record, events, _to_json, _copy, map)

    def _state(self, record: bool, events: bool, component, copy_=lambda v: v, map: bool = True) -> dict[str, Any]:
        units = []
        for uid, ent in self.units.items():
            comps = {}
            for comp in self.world.components_of(ent):
                comps[type(comp).__name__] = component(comp)
            units.append({"uid": uid, "components": comps})
        return {
            "ruleset": self.ruleset.name,
            **({"map": self.map.to_dict()} if map else {}),
            "turn": self.log.turn,
            "phase": self.log.phase,
            "sides": list(self.sides),
            "initiative": list(self.initiative),
            "dice": self.dice.to_dict(),
            "events": copy_(self.log.events) if events else [],
            "phase_data": copy_(dict(self.phase_data)),
            "winner": self.winner,
            "units": units,
            **({"weapons": rows} if (rows := weapon_rows(self.weapons)) else {}),
            **({"record": copy_(self.record)} if record else {}),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], adopt: bool = False) -> "Game":
        """The game of a `to_dict` state. The game never shares data with the
        dict it came from, unless `adopt`: the caller gives the dict away (a
        save just read and checked) and the game takes its lists and dicts
        as they are."""
        if not adopt:
            d = _copy(d)
        game = cls(HexMap.from_dict(d["map"]), d["ruleset"], 0, None, d["sides"])
        game.dice = Dice.from_dict(game.log, d["dice"])
        game.log.events = d["events"]
        game.log.turn = d["turn"]
        game.log.phase = d["phase"]
        game.initiative = list(d["initiative"])
        game.phase_data = d["phase_data"]
        game.winner = d.get("winner")
        if "weapons" in d:
            game.weapons = {**weapons(), **parse_weapons(d["weapons"], "save: game.weapons")}
        for u in d["units"]:
            comps = []
            for name, data in u["components"].items():
                ctype = _COMPONENT_BY_NAME.get(name)
                if ctype is None:
                    raise ValueError(f"unknown component {name!r}")
                comps.append(_from_json(ctype, data))
            game.units[u["uid"]] = game.world.create_entity(*comps)
        if "record" in d:
            game.record = d["record"]
        game.dice.on_force = game._record_force
        return game

    def restore(self, d: dict[str, Any]) -> None:
        """Replace this game's whole state in place with a `to_dict` state
        (undo; loading into a game the UI already holds); `frontend` stays."""
        other = Game.from_dict(d)
        old_world = self.world
        log = self.log
        for key, value in vars(other).items():
            if key not in ("log", "frontend"):
                setattr(self, key, value)
        log.events, log.turn, log.phase = other.log.events, other.log.turn, other.log.phase
        self.dice.log = log
        self.dice.on_force = self._record_force
        if old_world is not self.world:
            old_world.delete()

    def state_text(self) -> tuple[str, dict[str, str]]:
        """What `put_back` takes: the clock, dice, turn record and winner as
        JSON text, and each unit's components as JSON text (strings: a
        checkpoint made on every move makes no objects for the collector)."""
        rest = {"turn": self.log.turn, "phase": self.log.phase, "sides": self.sides, "initiative": self.initiative,
                "dice": self.dice.to_dict(), "phase_data": dict(self.phase_data), "winner": self.winner}
        return json.dumps(rest, default=_dataclass_fields), {uid: self._unit_text(ent) for uid, ent in self.units.items()}

    def _unit_text(self, ent: int) -> str:
        return json.dumps({type(c).__name__: c for c in self.world.components_of(ent)}, default=_dataclass_fields)

    def put_back(self, state: tuple[str, dict[str, str]]) -> None:
        """Put a `state_text` back in place (a take-back, a trial
        declaration): the components of each unit that changed are updated
        in its own entity, so entity ids stay; the clock, dice, turn record
        and winner are replaced. The map, the event log and the record are
        left as they are (the caller's to put back)."""
        text, units = state
        d = json.loads(text)
        self.log.turn, self.log.phase = d["turn"], d["phase"]
        self.sides, self.initiative, self.winner = d["sides"], d["initiative"], d["winner"]
        dice = Dice.from_dict(self.log, d["dice"])
        self.dice.seed, self.dice.rng, self.dice.forced = dice.seed, dice.rng, dice.forced
        self.phase_data = d["phase_data"]
        if list(units) != list(self.units):
            raise ValueError("a state put back in place must hold the game's own units")
        for uid, saved in units.items():
            ent = self.units[uid]
            if self._unit_text(ent) == saved:
                continue
            comps = {_COMPONENT_BY_NAME[name]: _from_json(_COMPONENT_BY_NAME[name], data)
                     for name, data in json.loads(saved).items()}
            for comp in list(self.world.components_of(ent)):
                if type(comp) not in comps:
                    self.world.remove_component(ent, type(comp))
            for ctype, new in comps.items():
                old = self.world.try_component(ent, ctype)
                if old is None:
                    self.world.add_component(ent, new)
                else:
                    vars(old).clear()
                    vars(old).update(vars(new))
        self._occupancy = None

    def close(self) -> None:
        """Free the game's esper world (games made only to compare or replay)."""
        self.world.delete()


def _copy(data: Any) -> Any:
    """A deep copy of JSON data (through the C json codec: much faster than
    copy.deepcopy on long event logs); anything else is deep-copied."""
    try:
        return json.loads(json.dumps(data))
    except (TypeError, ValueError):
        return copy.deepcopy(data)


def _dataclass_fields(obj: Any) -> dict[str, Any]:
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError(f"{type(obj).__name__} is not JSON data")
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in dataclasses.fields(obj))
    return {n: getattr(obj, n) for n in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _to_json(comp: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(comp):
        v = getattr(comp, f.name)
        if isinstance(v, Hex):
            v = [v.x, v.y]
        elif isinstance(v, list) and v and dataclasses.is_dataclass(v[0]):
            v = [dataclasses.asdict(x) for x in v]
        elif isinstance(v, (dict, list, tuple)):
            v = copy.deepcopy(list(v) if isinstance(v, tuple) else v)
        out[f.name] = v
    return out


_NESTED = {(Weapons, "mounts"): Mount, (Ammo, "bins"): AmmoBin}


def _from_json(ctype: type, data: dict[str, Any]) -> Any:
    kwargs = {}
    names = {f.name for f in dataclasses.fields(ctype)}
    for k, v in data.items():
        if k not in names:
            raise ValueError(f"{ctype.__name__} has no field {k!r}")
        if ctype is Position and k == "hex":
            v = Hex(*v)
        elif (ctype, k) in _NESTED:
            v = [_NESTED[(ctype, k)](**x) for x in v]
        kwargs[k] = v
    return ctype(**kwargs)
