"""What a real step of the reachable search (systems/common/step_table.py)
reads: the probe a step is made on, and the probe's views of the state, the
map and the index of units by hex, which note what the rules look at.

A probe (`Probe`) holds, for each counter of the state (MP spent, hexes
entered, altitude), the range of values on which every comparison the
rules made of it comes out the same (`Traced`), the flags read
(`probe_state_type`), and for each hex looked at the terrain fields read,
whether it is on the map and who stands in it (`ProbeMap`,
`ProbeOccupancy`), and which components of which units it asked the world
for (`ProbeWorld`); any other use of them makes it opaque: its outcome is
kept to its own state."""
from __future__ import annotations

import functools

from engine.hexmap import Terrain

FLAGS = ("prone", "turned", "backward", "tags")       # state fields looked up by value
LOW, HIGH = -10**9, 10**9
ON_MAP, UNITS = "@on_map", "@units"    # what a probe notes of a hex asked whether it is on the map, who is in it


class Probe:
    """What one real step read: for each counter, the range of values on
    which every comparison made comes out the same; the flags read; for
    each hex looked at, the terrain fields read; whether the outcome can be
    kept at all."""

    __slots__ = ("mp", "hexes", "altitude", "flags", "looked_at", "components", "opaque", "limit", "over_limit")

    def __init__(self, limit: int) -> None:
        self.mp = self.hexes = self.altitude = (LOW, HIGH)
        self.flags: set[str] = set()
        self.looked_at: dict = {}          # hex -> set of terrain fields read
        self.components: set = set()       # (entity, component type) asked for
        self.opaque = False
        self.limit = limit                 # the MP limit the step is made with
        self.over_limit = False            # the MP range ends where the MP spent would pass the limit


class Traced(int):
    """A counter of a probe state, `var` + `offset`, worth its value `v`.
    Adding or subtracting a plain number keeps it traced; comparing it
    records the range of `var` that gives the same answer; any other use
    marks the probe opaque."""

    def __new__(cls, value: int, var: str, offset: int, probe: Probe) -> "Traced":
        self = int.__new__(cls, value)
        self.v, self.t = value, (var, offset, probe)
        return self

    def __add__(self, k):
        if type(k) is int:
            var, offset, probe = self.t
            new = int.__new__(Traced, self.v + k)          # Traced(...) without its __new__'s call
            new.v, new.t = self.v + k, (var, offset + k, probe)
            return new
        self.t[2].opaque = True
        return self.v + (k.v if isinstance(k, Traced) else k)

    __radd__ = __add__

    def __sub__(self, k):
        if type(k) is int:
            var, offset, probe = self.t
            new = int.__new__(Traced, self.v - k)
            new.v, new.t = self.v - k, (var, offset - k, probe)
            return new
        self.t[2].opaque = True
        return self.v - (k.v if isinstance(k, Traced) else k)

    def _record(self, other, relation: str, holds: bool) -> bool:
        """`var + offset <relation> other` came out `holds`: keep the range
        of `var` where it does again."""
        var, offset, probe = self.t
        if type(other) is not int:
            probe.opaque = True
            return holds
        c = other - offset
        if relation == "<":
            lo, hi = (LOW, c - 1) if holds else (c, HIGH)
        elif relation == "<=":
            lo, hi = (LOW, c) if holds else (c + 1, HIGH)
        else:                                      # "==": the value is `other`, or lies on one side of it
            lo, hi = (c, c) if holds else ((LOW, c - 1) if self.v < other else (c + 1, HIGH))
        old_lo, old_hi = getattr(probe, var)
        if var == "mp" and hi < old_hi:         # the MP spent that keeps this step within the limit?
            probe.over_limit = relation == "<=" and holds and other == probe.limit
        setattr(probe, var, (lo if lo > old_lo else old_lo, hi if hi < old_hi else old_hi))
        return holds

    def __lt__(self, o):
        return self._record(o, "<", self.v < o)

    def __le__(self, o):
        return self._record(o, "<=", self.v <= o)

    def __gt__(self, o):
        return not self._record(o, "<=", self.v <= o)

    def __ge__(self, o):
        return not self._record(o, "<", self.v < o)

    def __eq__(self, o):
        return self._record(o, "==", self.v == o)

    def __ne__(self, o):
        return not self._record(o, "==", self.v == o)

    def __bool__(self):
        return not self._record(0, "==", self.v == 0)

    def __hash__(self):
        self.t[2].opaque = True
        return hash(self.v)

    def __repr__(self):
        return repr(self.v)

    __str__ = __repr__

    def __format__(self, spec):                     # in refusal sentences, which no outcome keeps
        return format(self.v, spec)


def _opaque(name: str):
    plain = getattr(int, name)

    def method(self, *args):
        self.t[2].opaque = True
        return plain(self.v, *(a.v if isinstance(a, Traced) else a for a in args))
    method.__name__ = name
    return method


for _name in ("__rsub__", "__mul__", "__rmul__", "__floordiv__", "__rfloordiv__", "__truediv__",
              "__rtruediv__", "__mod__", "__rmod__", "__divmod__", "__rdivmod__", "__pow__", "__rpow__",
              "__lshift__", "__rlshift__", "__rshift__", "__rrshift__", "__and__", "__rand__", "__xor__",
              "__rxor__", "__or__", "__ror__", "__neg__", "__pos__", "__abs__", "__invert__", "__index__",
              "__int__", "__float__", "__round__", "__trunc__", "__floor__", "__ceil__"):
    setattr(Traced, _name, _opaque(_name))


def _noted(name: str) -> property:
    def get(self):
        d = self.__dict__
        probe = d.get("_probe")
        if probe is not None:               # not on a copy made by dataclasses.replace
            probe.flags.add(name)
        return d[name]

    def put(self, value):                   # a frozen dataclass's __init__ sets its fields this way
        self.__dict__[name] = value
    return property(get, put)


@functools.cache
def probe_state_type(state_type: type) -> type:
    """The probes' copy of a state type (movement.MoveState): a state that
    notes the flags the rules read."""
    return type(f"Probe{state_type.__name__}", (state_type,),
                {"__doc__": "A probe's copy of a state: notes the flags the rules read.",
                 **{name: _noted(name) for name in FLAGS}})


class _ProbeTerrain:
    """A hex's terrain (`_terrain`) during a probe: notes the fields the
    rules read in `_fields` (each field and property of `Terrain` is a
    `_NotedField` here, which notes it the first time; anything else goes
    through `__getattr__`). Made by `_ProbeTerrains`."""

    def __getattr__(self, name):
        self._fields.add(name)
        return getattr(self._terrain, name)


class _NotedField:
    """A field of `_ProbeTerrain`: the first read notes it and keeps its
    value on the terrain, where later reads find it."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, probe_terrain, owner=None):
        if probe_terrain is None:
            return self
        name = self.name
        probe_terrain._fields.add(name)
        value = probe_terrain.__dict__[name] = getattr(probe_terrain._terrain, name)
        return value


for _name in {*Terrain.__dataclass_fields__, *(n for n, v in vars(Terrain).items() if isinstance(v, property))}:
    setattr(_ProbeTerrain, _name, _NotedField(_name))


class _ProbeTerrains(dict):
    """hex -> its `_ProbeTerrain` during a probe (`_probe`), made when first
    asked for."""

    __slots__ = ("_map", "_probe")

    def __init__(self, hexmap) -> None:
        super().__init__()
        self._map, self._probe = hexmap, None

    def __missing__(self, h):
        fields = self._probe.looked_at.get(h)
        if fields is None:
            fields = self._probe.looked_at[h] = set()
        got = self[h] = object.__new__(_ProbeTerrain)       # _ProbeTerrain(terrain, fields), made in place
        got._terrain, got._fields = self._map.terrain(h), fields
        return got


class ProbeMap:
    """The game's map during a probe: notes the hexes looked at and hands
    out their terrain as `_ProbeTerrain`; any other use of it than asking
    for a hex's terrain, whether it is on the map or its label (for
    sentences) makes the probe opaque. One serves a table's probes, each
    in turn its `_probe` (step_table.StepTable.real)."""

    def __init__(self, hexmap) -> None:
        self._map, self._probe, self._terrains = hexmap, None, _ProbeTerrains(hexmap)
        self.terrain = self._terrains.__getitem__      # terrain(hex): a `_ProbeTerrain`

    def on_map(self, h) -> bool:
        fields = self._probe.looked_at.get(h)
        if fields is None:
            fields = self._probe.looked_at[h] = set()
        fields.add(ON_MAP)
        return self._map.on_map(h)

    def label(self, h) -> str:
        return self._map.label(h)

    def __getattr__(self, name):
        self._probe.opaque = True
        return getattr(self._map, name)


class ProbeOccupancy:
    """The game's index of units by hex (`Game.units_at` while positions
    are fixed) during a probe (`_probe`): notes the hexes asked about."""

    __slots__ = ("_index", "_probe")

    def __init__(self, index: dict) -> None:
        self._index, self._probe = index, None

    def get(self, h, default=None):
        fields = self._probe.looked_at.get(h)
        if fields is None:
            fields = self._probe.looked_at[h] = set()
        fields.add(UNITS)
        return self._index.get(h, default)


class ProbeWorld:
    """The game's world during a probe (`_probe`): notes the components
    asked for by `component` and `try_component`; any other use of it
    makes the probe opaque."""

    __slots__ = ("_world", "_probe")

    def __init__(self, world) -> None:
        self._world, self._probe = world, None

    def component(self, ent: int, ctype: type):
        self._probe.components.add((ent, ctype))
        return self._world.component(ent, ctype)

    def try_component(self, ent: int, ctype: type):
        self._probe.components.add((ent, ctype))
        return self._world.try_component(ent, ctype)

    def __getattr__(self, name):
        self._probe.opaque = True
        return getattr(self._world, name)


def plain(value):
    return value.v if isinstance(value, Traced) else value
