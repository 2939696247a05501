"""The fast reachable search: the step rules of systems/common/movement.py
(the shared step loop and the unit type's rules object), each kind of step
made for real once and then looked up.

`table_search` finds what `movement.search` finds, the cheapest-MP state
for every (hex, facing, altitude) with a path to it, in the same order, so
with the same path to each state. What makes it fast is how it makes a
step (`StepTable`):

- The first time, a step is made for real, by the unit's own `step`, on a
  probe: a copy of the state, with the game's map, that notes what the
  rules read: the state's flags (prone, turned, backward, tags), which
  fields of which hexes' terrain (and whether they are on the map, and who
  stands in them), and the state's MP spent, hexes entered and altitude,
  which are traced numbers (`Traced`): each comparison the rules make of
  one is recorded as the range of values that gives the same answer.
- The outcome (refused, or the change to the counters, the facing and the
  flags, and the piloting or driving rolls the step makes) is kept for
  every later state that agrees on what the token's steps have read: the
  same values of the flags, the same values of the terrain fields read of
  the hex left and of the hex entered (a hex off the map, or with units in
  it, agrees only with itself), counters inside the ranges. A rule that
  reads a traced number any other way (multiplies it, adds two of them,
  sets it outright...), reads another hex than these two and the one the
  unit stands in, or uses the map in a way that names no hex, keeps its
  outcome to its own state.
- Where a token leads (the hex it enters, relative to the facing) is learnt
  from the first step the rules allow, and checked at every real step.
- When the rules read a field or a flag no step of the token read before,
  the outcomes kept are filed again under the finer key, each by what it
  reads of the state it was made from (it agrees with those states still).

The lookups are numbers: a hex is numbered by its position (its neighbours
by adding a step), what a step reads of a hex is read once for each kind of
terrain (terrains alike in all their fields read alike) and named by an id,
and a key is the ids of the hex left, the hex entered and the flags in one
int. The search runs with the game's positions fixed (`Game.positions_fixed`,
whose index of units the probes watch).

So the step rules stay the one definition of legality, cost and rolls: a
new terrain cost, roll or limit flows into the search by itself. The table
assumes that the rules treat every facing alike, and that a step they
allowed only while the MP spent kept within the limit stays refused however
much more is spent (so that step is not made again for a state that has);
the equality tests (tests/test_step_table.py) check the search against
`movement.search` on random boards.

Every outcome carries the rolls its step makes (their count and their
modifiers summed), so that among ways of equal MP `table_search` keeps the
one with the fewest, then easiest, rolls, as `movement.search` does.
"""
from __future__ import annotations

import functools
from operator import attrgetter
from typing import TYPE_CHECKING

from components import Position
from engine.hexgrid import _NEIGHBOR_STEPS, Hex, neighbors
from engine.hexmap import Terrain

if TYPE_CHECKING:
    from engine.game import Game

FLAGS = ("prone", "turned", "backward", "tags")       # state fields looked up by value
COUNTERS = ("mp", "hexes", "altitude")                # state fields traced (`Traced`)
LOW, HIGH = -10**9, 10**9
UNKNOWN = object()                                    # a token's lead before its first allowed step


class _Probe:
    """What one real step read: for each counter, the range of values on
    which every comparison made comes out the same; the flags read; for
    each hex looked at, the terrain fields read; whether the outcome can be
    kept at all."""

    __slots__ = ("mp", "hexes", "altitude", "flags", "looked_at", "opaque", "limit", "over_limit")

    def __init__(self, limit: int) -> None:
        self.mp = self.hexes = self.altitude = (LOW, HIGH)
        self.flags: set[str] = set()
        self.looked_at: dict = {}          # hex -> set of terrain fields read
        self.opaque = False
        self.limit = limit                 # the MP limit the step is made with
        self.over_limit = False            # the MP range ends where the MP spent would pass the limit


class Traced(int):
    """A counter of a probe state, `var` + `offset`, worth its value `v`.
    Adding or subtracting a plain number keeps it traced; comparing it
    records the range of `var` that gives the same answer; any other use
    marks the probe opaque."""

    def __new__(cls, value: int, var: str, offset: int, probe: _Probe) -> "Traced":
        self = int.__new__(cls, value)
        self.v, self.t = value, (var, offset, probe)
        return self

    def __add__(self, k):
        if type(k) is int:
            var, offset, probe = self.t
            return Traced(self.v + k, var, offset + k, probe)
        self.t[2].opaque = True
        return self.v + (k.v if isinstance(k, Traced) else k)

    __radd__ = __add__

    def __sub__(self, k):
        if type(k) is int:
            var, offset, probe = self.t
            return Traced(self.v - k, var, offset - k, probe)
        self.t[2].opaque = True
        return self.v - (k.v if isinstance(k, Traced) else k)

    def _record(self, other, relation: str, holds: bool) -> bool:
        """`var + offset <relation> other` came out `holds`: keep the range
        of `var` where it does again."""
        var, offset, probe = self.t
        if type(other) is not int:
            probe.opaque = True
            return holds
        c, x = other - offset, self.v - offset
        if relation == "<":
            lo, hi = (LOW, c - 1) if holds else (c, HIGH)
        elif relation == "<=":
            lo, hi = (LOW, c) if holds else (c + 1, HIGH)
        else:                                      # "==": x is c, or lies on one side of it
            lo, hi = (c, c) if x == c else ((LOW, c - 1) if x < c else (c + 1, HIGH))
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
    """A hex's terrain during a probe: notes the fields the rules read
    (each field and property of `Terrain` is a property here, which notes
    it; anything else goes through `__getattr__`)."""

    __slots__ = ("_terrain", "_fields")

    def __init__(self, terrain, fields: set) -> None:
        self._terrain, self._fields = terrain, fields

    def __getattr__(self, name):
        self._fields.add(name)
        return getattr(self._terrain, name)


def _noted_terrain(name: str) -> property:
    def get(self):
        self._fields.add(name)
        return getattr(self._terrain, name)
    return property(get)


for _name in {*Terrain.__dataclass_fields__, *(n for n, v in vars(Terrain).items() if isinstance(v, property))}:
    setattr(_ProbeTerrain, _name, _noted_terrain(_name))


class _ProbeMap:
    """The game's map during a probe: notes the hexes looked at and hands
    out their terrain as `_ProbeTerrain`; any other use of it than asking
    for a hex's terrain, whether it is on the map or its label (for
    sentences) makes the probe opaque."""

    def __init__(self, hexmap, probe: _Probe) -> None:
        self._map, self._probe = hexmap, probe

    def terrain(self, h):
        return _ProbeTerrain(self._map.terrain(h), self._probe.looked_at.setdefault(h, set()))

    def on_map(self, h) -> bool:
        self._probe.looked_at.setdefault(h, set())
        return self._map.on_map(h)

    def label(self, h) -> str:
        return self._map.label(h)

    def __getattr__(self, name):
        self._probe.opaque = True
        return getattr(self._map, name)


class _ProbeOccupancy:
    """The game's index of units by hex (`Game.units_at` while positions
    are fixed) during a probe: notes the hexes asked about."""

    __slots__ = ("_index", "_probe")

    def __init__(self, index: dict, probe: _Probe) -> None:
        self._index, self._probe = index, probe

    def get(self, h, default=None):
        self._probe.looked_at.setdefault(h, set())
        return self._index.get(h, default)


def _plain(value):
    return value.v if isinstance(value, Traced) else value


LEFT_SHIFT, ENTERED_SHIFT = 40, 20       # a lookup key: the ids of what was read, in one int (`StepTable.key`)
# The search numbers a hex (x, y) as (x + PAD) << 16 | (y + PAD), so that a
# neighbour is the number plus a step (by the column's parity), and a state
# as altitude << ALT_SHIFT | hex number << 3 | facing.
PAD = 1 << 15
CELL_STEPS = tuple(tuple((dx << 16) + dy for dx, dy in steps) for steps in _NEIGHBOR_STEPS)
ALT_SHIFT = 36
MISS = (HIGH, LOW, HIGH, None)           # what the search finds under a key with no outcome to try first
TURNED = tuple(tuple((f + turn) % 6 for f in range(6)) for turn in range(6))    # turn -> facing -> new facing


class _Token:
    """What the table knows of one token's steps: where it leads, which
    terrain fields of the hex left and of the hex entered its outcomes have
    read (None: the hex was not looked at), and the outcomes kept under
    their key (`StepTable.key`): [(MP range, other counters' ranges or
    None, outcome, whether the MP range ends at the limit, the flags and
    hexes of the state it was made from)]."""

    __slots__ = ("name", "lead", "dirs", "left", "entered", "entries", "last", "left_ids", "entered_ids")

    def __init__(self, name: str) -> None:
        self.name, self.lead, self.dirs = name, UNKNOWN, ()
        self.left: tuple | None = None
        self.entered: tuple | None = None
        self.entries: dict = {}
        self.last: dict = {}               # key -> the entry last found for it (the next state is likely alike)
        self.left_ids: dict = {}           # hex number -> the id of what its steps read of it as the hex left,
        self.entered_ids: dict = {}        # ... as the hex entered, shifted (`StepTable.keys_of`)


class StepTable:
    """The steps one unit makes in one search (its rules, mode and MP
    limit fixed), each kind made for real once (module docstring). The
    search names hexes by number (`cell`): what a token's steps read of a
    hex is kept by that number."""

    def __init__(self, game: "Game", ent: int, rules, mode: str, limit: int, tokens: tuple[str, ...], step,
                 state_type: type) -> None:
        self.game, self.ent, self.rules, self.mode, self.limit = game, ent, rules, mode, limit
        self.step, self.probe_type = step, probe_state_type(state_type)
        self.hm = game.map
        self.standing = game.world.component(ent, Position).hex     # where the unit stands, for every step
        self.occupancy = game._occupancy      # the units by hex (the search runs with positions fixed)
        if self.occupancy is None:
            raise RuntimeError("the reachable search runs with the game's positions fixed (Game.positions_fixed)")
        self.tokens = tuple(_Token(t) for t in tokens)
        self.around: dict = {}         # hex -> its six neighbours
        self._kinds: dict = {}         # hex number -> ((hex,), None) when off the map or units stand there,
        #                                else (its terrain's fields, the terrain)
        self._ids_by_kind: dict = {}   # terrain fields -> {the first of a `_kinds` value -> the id of what they read}
        self._getters: dict = {}       # terrain fields -> a function reading them
        self._reads: dict = {}         # (terrain fields, shift) -> `keys_of`
        self._values: dict = {}        # what a step read of a hex -> its id
        self.flags: tuple = ()         # the flags the rules have read
        self.flag_ids: dict = {}       # a state's flags -> the id of the values of the flags read
        self._flag_values: dict = {}   # the values of the flags read -> their id
        for token in self.tokens:
            token.left_ids = self.keys_of(None, LEFT_SHIFT)
            token.entered_ids = self.keys_of(None, ENTERED_SHIFT)

    def neighbors(self, h) -> tuple:
        n = self.around.get(h)
        if n is None:
            n = self.around[h] = neighbors(h)
        return n

    @staticmethod
    def cell(h) -> int:
        """The number of hex `h` in the search."""
        return (h[0] + PAD) << 16 | (h[1] + PAD)

    @staticmethod
    def cell_hex(c: int) -> Hex:
        """The hex numbered `c`."""
        return tuple.__new__(Hex, ((c >> 16) - PAD, (c & 0xFFFF) - PAD))

    def _getter(self, fields: tuple):
        got = self._getters.get(fields)
        if got is None:
            got = self._getters[fields] = attrgetter(*fields) if fields else (lambda terrain: ())
        return got

    def flags_id(self, flags: tuple) -> int:
        """The id of the values, in a state's (prone, turned, backward,
        tags), of the flags the rules have read."""
        got = self.flag_ids.get(flags)
        if got is None:
            seen = tuple(v for name, v in zip(FLAGS, flags) if name in self.flags)
            got = self._flag_values.get(seen)
            if got is None:
                got = self._flag_values[seen] = len(self._flag_values)
            self.flag_ids[flags] = got
        return got

    def keys_of(self, fields: tuple | None, shift: int) -> dict:
        """hex number -> the id of what reading `fields` of it sees, shifted
        by `shift` (its place in a key), for the tokens that read them; the
        same dict for every token that reads the same fields."""
        got = self._reads.get((fields, shift))
        if got is None:
            got = self._reads[(fields, shift)] = {}
        return got

    def key_part(self, ids: dict, fields: tuple | None, shift: int, c: int) -> int:
        """The id of what reading `fields` of hex number `c` sees, shifted by
        `shift` (its place in a key), kept in `ids` (a `keys_of` dict):
        a token's `left_ids` for the hex left, `entered_ids` for the hex
        entered."""
        got = ids.get(c)
        if got is None:
            got = ids[c] = self._read_id(fields, c) << shift
        return got

    def _read_id(self, fields: tuple | None, c: int) -> int:
        """The id of what a step that reads `fields` of hex number `c` sees:
        0 when it does not look at the hex (`fields` None); off the map or
        with units in it, the hex itself; else the values of the fields,
        which are the same for every terrain alike in all its fields."""
        if fields is None:
            return 0
        kind = self._kinds.get(c)
        if kind is None:
            h = self.cell_hex(c)
            if not self.hm.on_map(h) or self.game.units_at(h):
                kind = self._kinds[c] = ((h,), None)
            else:
                t = self.hm.terrain(h)
                kind = self._kinds[c] = (tuple(vars(t).values()), t)
        ids = self._ids_by_kind.get(fields)
        if ids is None:
            ids = self._ids_by_kind[fields] = {}
        got = ids.get(kind[0])
        if got is None:
            alike, terrain = kind
            value = alike if terrain is None else self._getter(fields)(terrain)
            got = self._values.get(value)
            if got is None:
                got = self._values[value] = len(self._values) + 1
            ids[alike] = got
        return got

    def key(self, token: _Token, flags: tuple, c: int, dest: int) -> int:
        """What `token`'s outcomes from hex number `c` into `dest` are kept
        under: the flags read, what its steps read of the hex left and of
        the hex entered, as one number."""
        entered = self.key_part(token.entered_ids, token.entered, ENTERED_SHIFT, dest) if dest != c else 0
        return self.key_part(token.left_ids, token.left, LEFT_SHIFT, c) | entered | self.flags_id(flags)

    def _rekey(self, token: _Token) -> None:
        """File `token`'s outcomes under their keys again (the fields or
        flags read have grown): each under what the new key reads of the
        state it was made from, which it agrees with."""
        token.left_ids = self.keys_of(token.left, LEFT_SHIFT)
        token.entered_ids = self.keys_of(token.entered, ENTERED_SHIFT)
        token.last.clear()
        kept, token.entries = token.entries, {}
        for entries in kept.values():
            for entry in entries:
                flags, c, dest = entry[8]
                token.entries.setdefault(self.key(token, flags, c, dest), []).append(entry)

    def outcome(self, token: _Token, key: int, c: int, facing: int, mp: int, hexes: int, altitude: int,
                flags: tuple):
        """The outcome kept under `key` for this state (in hex number `c`),
        else the real step's. A step the rules allowed only while the MP
        spent stays within the limit is refused, without being made, from a
        state that has spent more (more MP spent never makes a step legal
        again)."""
        entries = token.entries.get(key, ())
        for entry in entries:
            mp_lo, mp_hi, hexes_lo, hexes_hi, alt_lo, alt_hi, out, over_limit, origin = entry
            if hexes_lo <= hexes <= hexes_hi and alt_lo <= altitude <= alt_hi:
                if mp_lo <= mp <= mp_hi:
                    self._remember(token, key, entry)
                    return out
                if over_limit and mp > mp_hi:
                    refused = (mp_hi + 1, HIGH, hexes_lo, hexes_hi, alt_lo, alt_hi, None, False, origin)
                    entries.append(refused)
                    self._remember(token, key, refused)
                    return None
        return self.real(token, self.cell_hex(c), facing, mp, hexes, altitude, flags)

    @staticmethod
    def _remember(token: _Token, key: int, entry: tuple) -> None:
        """Keep `entry` as the one the search tries first under `key`, when
        it holds for every hexes entered from some number up and any
        altitude (the search checks the MP range and that number)."""
        mp_lo, mp_hi, hexes_lo, hexes_hi, alt_lo, alt_hi, out = entry[:7]
        if hexes_hi == HIGH and (alt_lo, alt_hi) == (LOW, HIGH):
            token.last[key] = (mp_lo, mp_hi, hexes_lo, out)
        else:
            token.last.pop(key, None)

    def real(self, token: _Token, h, facing: int, mp: int, hexes: int, altitude: int, flags: tuple):
        """Make the step for real on a probe and keep its outcome for the
        states that agree on what it read (module docstring). The outcome:
        None when refused, else (MP added, the new facing by facing, hexes
        and altitude added, the altitude added in its place in a state's
        number, the new flags, the rolls the step makes and their modifiers
        summed)."""
        probe = _Probe(self.limit)
        state = object.__new__(self.probe_type)
        state.__dict__.update(hex=h, facing=facing, mp=Traced(mp, "mp", 0, probe),
                              hexes=Traced(hexes, "hexes", 0, probe), prone=flags[0],
                              altitude=Traced(altitude, "altitude", 0, probe), turned=flags[1],
                              backward=flags[2], tags=flags[3], _probe=probe)
        game = self.game
        game.map = _ProbeMap(self.hm, probe)
        game._occupancy = _ProbeOccupancy(self.occupancy, probe)
        try:
            result = self.step(game, self.ent, self.rules, self.mode, state, token.name, self.limit)
        finally:
            game.map, game._occupancy = self.hm, self.occupancy
        out = None if isinstance(result, str) else self._change(token, h, facing, mp, hexes, altitude, *result,
                                                                  probe)
        if token.lead is not UNKNOWN and not probe.opaque:
            self._keep(token, h, facing, flags, probe, out)
        return out

    def _keep(self, token: _Token, h, facing: int, flags: tuple, probe: _Probe, out) -> None:
        dest = h if token.lead is None else self.neighbors(h)[token.dirs[facing]]
        looked_at = probe.looked_at
        if looked_at.keys() - {h, dest, self.standing}:
            return                                    # another hex, which a lookup would not look at
        if probe.flags - set(self.flags):             # the rules read another flag: look every step up by it
            self.flags = tuple(name for name in FLAGS if name in probe.flags or name in self.flags)
            self.flag_ids.clear()
            self._flag_values.clear()
            for other in self.tokens:
                self._rekey(other)
        left, entered = token.left, token.entered
        got = looked_at.get(h)
        if got is not None and (left is None or not got.issubset(left)):
            left = tuple(sorted(got.union(left or ())))
        got = looked_at.get(dest) if dest != h else None
        if got is not None and (entered is None or not got.issubset(entered)):
            entered = tuple(sorted(got.union(entered or ())))
        if (left, entered) != (token.left, token.entered):
            token.left, token.entered = left, entered
            self._rekey(token)
        c, d = self.cell(h), self.cell(dest)
        entry = (*probe.mp, *probe.hexes, *probe.altitude, out, probe.over_limit, (flags, c, d))
        key = self.key(token, flags, c, d)
        token.entries.setdefault(key, []).append(entry)
        self._remember(token, key, entry)

    def _change(self, token: _Token, h, facing: int, mp: int, hexes: int, altitude: int, new, rolls,
                probe: _Probe):
        """The outcome of an allowed step from this state to `new`."""
        around = self.neighbors(h)
        if token.lead is UNKNOWN:
            if new.hex == h:
                token.lead = None
            else:
                token.lead = next((d for d in range(6) if around[(facing + d) % 6] == new.hex), UNKNOWN)
                if token.lead is UNKNOWN:
                    raise RuntimeError(f"the {token.name!r} step went from {h} to {new.hex}, which is not "
                                       f"next to it: the reachable search cannot follow it")
                token.dirs = tuple((f + token.lead) % 6 for f in range(6))
        elif new.hex != (h if token.lead is None else around[token.dirs[facing]]):
            raise RuntimeError(f"the {token.name!r} step went from {h} to {new.hex}, not where its other "
                               f"steps went: the reachable search cannot follow it")
        d = new.__dict__
        added = []
        for var, was in zip(COUNTERS, (mp, hexes, altitude)):
            v = d[var]
            if type(v) is not Traced or v.t[0] != var:
                probe.opaque = True         # set outright, or made of another counter
            added.append(_plain(v) - was)
        rolls = tuple(rolls)
        for roll in rolls:
            if any(type(v) is Traced for v in roll):
                probe.opaque = True
                rolls = tuple(tuple(_plain(v) for v in r) for r in rolls)
                break
        d_mp, d_hexes, d_alt = added
        return (d_mp, TURNED[(new.facing - facing) % 6], d_hexes, d_alt, d_alt << ALT_SHIFT,
                (d["prone"], d["turned"], d["backward"], d["tags"]),
                len(rolls), sum(m for _reason, m in rolls if isinstance(m, int)))


def table_search(game: "Game", ent: int, rules, mode: str, state, limit: int,
                 tokens: tuple[str, ...], step, reach: type, prefix: tuple[str, ...] = ()) -> dict:
    """`movement.search` made with a `StepTable`: the same states, each with
    the same MP and rolls (a queue per MP spent, first in first out, with a
    state made again when a way of equal MP with fewer or easier rolls
    reaches it; of ways alike in all three either may be kept). `step` is
    the step rules' entry (movement.step) and `reach` the type of the
    values (movement.Reach)."""
    table = StepTable(game, ent, rules, mode, limit, tokens, step, type(state))
    real, outcome, flags_id, key_part = table.real, table.outcome, table.flags_id, table.key_part
    flag_ids, cell_hex = table.flag_ids, table.cell_hex
    plan = [(tok, tok.last, (tok.name,)) for tok in table.tokens]     # `last` is cleared in place
    first = reach(state.mp, prefix)
    c0 = table.cell(state.hex)
    k0 = (state.altitude << ALT_SHIFT) + (c0 << 3) + state.facing
    best: dict = {k0: first}          # state number -> its best way
    queues: dict[int, list] = {state.mp: [(c0, state.facing, state.hexes, state.altitude << ALT_SHIFT,
                                           (state.prone, state.turned, state.backward, state.tags), k0, first)]}
    new_reach = tuple.__new__
    while queues:
        spent = min(queues)
        queue = queues[spent]
        i = 0
        while i < len(queue):
            c, f, hexes, altk, flags, here, way = queue[i]
            i += 1
            if best[here] is not way:
                continue                    # reached better since it was queued
            mp, path, rolls, roll_mods = way
            steps = CELL_STEPS[(c >> 16) & 1]
            sid = flag_ids.get(flags)
            if sid is None:
                sid = flags_id(flags)
            for tok, last, name in plan:
                lead = tok.lead
                if lead is UNKNOWN:         # a token the rules have allowed nowhere yet
                    out = real(tok, cell_hex(c), f, mp, hexes, altk >> ALT_SHIFT, flags)
                    sid = flags_id(flags)
                    if out is None:
                        continue
                    dest = c if tok.lead is None else c + steps[tok.dirs[f]]
                else:                       # the key: StepTable.key, inlined (the search's hot path)
                    key = tok.left_ids.get(c)
                    if key is None:
                        key = key_part(tok.left_ids, tok.left, LEFT_SHIFT, c)
                    if lead is None:
                        dest = c
                    else:
                        dest = c + steps[(f + lead) % 6]
                        ek = tok.entered_ids.get(dest)
                        key |= key_part(tok.entered_ids, tok.entered, ENTERED_SHIFT, dest) if ek is None else ek
                    key |= sid
                    e = last.get(key, MISS)
                    if e[0] <= mp <= e[1] and hexes >= e[2]:
                        out = e[3]
                    else:
                        out = outcome(tok, key, c, f, mp, hexes, altk >> ALT_SHIFT, flags)
                        sid = flags_id(flags)
                    if out is None:
                        continue
                d_mp, turned, d_hexes, d_alt, d_altk, new_flags, step_rolls, step_mods = out
                n_mp = mp + d_mp
                n_f = turned[f]
                k = altk + d_altk + (dest << 3) + n_f
                old = best.get(k)
                # The cheapest way; of equal MP the fewest, then easiest, rolls; the first of those.
                if old is None or old[0] > n_mp or (old[0] == n_mp and (old[2], old[3]) > (rolls + step_rolls,
                                                                                          roll_mods + step_mods)):
                    if d_mp < 0:
                        raise RuntimeError(f"the {tok.name!r} step gave back MP: the reachable search "
                                           f"cannot order its states")
                    best[k] = new = new_reach(reach, (n_mp, path + name, rolls + step_rolls, roll_mods + step_mods))
                    q = queues.get(n_mp)
                    if q is None:
                        q = queues[n_mp] = []
                    q.append((dest, n_f, hexes + d_hexes, altk + d_altk, new_flags, k, new))
        del queues[spent]
    found, hexes = {}, {}
    for k, way in best.items():           # (hex, facing, altitude) -> way, in the order found
        c = k >> 3 & 0xFFFFFFFF
        h = hexes.get(c)
        if h is None:
            h = hexes[c] = cell_hex(c)
        found[(h, k & 7, k >> ALT_SHIFT)] = way
    return found
