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
  the hex left and of the hex entered (and whether it is on the map, where
  the rules asked; a hex with units in it, where they asked who stands
  there, agrees only with itself), counters inside the ranges. A rule that
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
int. A token whose every outcome so far turned the facing and changed the
altitude alike names the state it leads to before it is looked up, and is
passed over where that state was reached for less MP than the state it
would leave has spent (no step gives back MP). The search runs with the
game's positions fixed (`Game.positions_fixed`, whose index of units the
probes watch).

A table is kept for the unit's next search with the same rules, mode, MP
limit and tokens (`_table`, `StepTable.fits`) while the unit stands where
it stood, the map's terrain is unchanged (`hex_kinds`) and every component
its outcomes read is as it was: the probes watch the game's world as they
watch its map (`ProbeWorld`), and the rules read the game through these
two and its index of units by hex. The game keeps its tables
(`Game.searches`, systems/common/kept_searches.py): a game made anew or
restored starts with none. Other units may have moved: the hexes
units stand in are kinds of their own in each search, and an outcome that
asked who stands in a hex is dropped once other units stand there
(`StepTable.begin`). The window asks again for the unit it shows each
time it is chosen or changes mode.

So the step rules stay the one definition of legality, cost and rolls: a
new terrain cost, roll or limit flows into the search by itself. The table
assumes that the rules treat every facing alike, and that a step they
allowed only while the MP spent kept within the limit stays refused however
much more is spent (so that step is not made again for a state that has);
the equality tests (tests/test_step_table.py) check the search against
`movement.search` on random boards.

Every outcome carries the rolls its step makes (their count and their
modifiers summed), so that among ways of equal MP `table_search` keeps the
one with the fewest, then easiest, rolls, as `movement.search` does. Its
answer keeps the ways by state number (`StateNumbering`,
`movement.TableReach`): the states' keys and `Reach` values are made when
asked for.
"""
from __future__ import annotations

from copy import deepcopy
from operator import attrgetter
from typing import TYPE_CHECKING

from components import Position
from engine.hexgrid import _NEIGHBOR_STEPS, Hex, neighbors
from systems.common.hex_kinds import hex_kinds
from systems.common.state_numbers import ALT_SHIFT, StateNumbering
from systems.common.step_probe import (FLAGS, HIGH, LOW, ON_MAP, UNITS, Probe, ProbeMap, ProbeOccupancy,
                                        ProbeWorld, Traced, plain, probe_state_type)

if TYPE_CHECKING:
    from engine.game import Game

UNKNOWN = object()                                    # a token's lead before its first allowed step

# The search numbers its hexes and states (systems/common/state_numbers.py:
# a neighbour is a hex's number plus a step, by the column's parity); a
# lookup key holds the ids of what was read of the hex left and of the hex
# entered and of the flags (`StepTable.key`). `NARROW` keeps a ground unit's numbers below
# 2**30, which Python adds, compares and hashes fastest; a search whose
# numbers outgrow it (a huge map, a unit far off it, thousands of kinds of
# hexes) runs again with `WIDE`.
NARROW = (13, 14, 16, 4, 13)             # bits of a row, bits of a column, pad, bits of the flags' id, of a read's id
WIDE = (16, 16, 1 << 15, 20, 20)


class _Widen(Exception):
    """A number of the search outgrew `NARROW`."""


UNSHIFTED = (-1 << 62,) * 6            # a token's shifts while not known: no state has the number they give
MISS = (LOW, HIGH, None)                 # what the search finds under a key with no outcome to try first
KEPT_TABLES = 16                         # the tables of a game's last searches, kept for the next (`_table`)
TURNED = tuple(tuple((f + turn) % 6 for f in range(6)) for turn in range(6))    # turn -> facing -> new facing


class _Token:
    """What the table knows of one token's steps: where it leads, which
    terrain fields of the hex left and of the hex entered its outcomes have
    read (None: the hex was not looked at), and the outcomes kept under
    their key (`StepTable.key`): [(MP range, other counters' ranges or
    None, outcome, whether the MP range ends at the limit, the flags and
    hexes of the state it was made from)]."""

    __slots__ = ("name", "lead", "dirs", "moves", "offsets", "shifts", "left", "entered", "entries", "last",
                 "left_ids", "entered_ids")

    def __init__(self, name: str) -> None:
        self.name, self.lead, self.dirs = name, UNKNOWN, ()
        self.moves = UNKNOWN               # (new facing by facing, altitude added) of every allowed step, or None
        self.offsets = (None, None)        # hexes in even and odd columns: facing -> the number added to enter
        self.shifts = (UNSHIFTED, UNSHIFTED)    # ... facing -> the number added to a state's, once `moves` is known
        self.left: tuple | None = None
        self.entered: tuple | None = None
        self.entries: dict = {}
        self.last: dict = {}               # key -> the entry last found for it (the next state is likely alike)
        self.left_ids: dict = {}           # a hex's kind -> the id of what its steps read of it as the hex left,
        self.entered_ids: dict = {}        # ... as the hex entered, shifted (`StepTable.keys_of`)


class _Flags(tuple):
    """A state's (prone, turned, backward, tags), one object for each set
    of values (`StepTable.flags_of`), so hashed by identity (a tuple
    hashes each of its values every time)."""

    __slots__ = ()
    __hash__ = object.__hash__


class _Memo(dict):
    """A dict that makes the value of a missing key with `make(key)`, which
    keeps it there."""

    __slots__ = ("make",)

    def __missing__(self, key):
        return self.make(key)


def _memo(make) -> _Memo:
    got = _Memo()
    got.make = make
    return got


class StepTable:
    """The steps one unit makes in one search (its rules, mode and MP
    limit fixed), each kind made for real once (module docstring). The
    search names hexes by number (`cell`): what a token's steps read of a
    hex is kept by that number."""

    def __init__(self, game: "Game", ent: int, rules, mode: str, limit: int, tokens: tuple[str, ...], step,
                 state_type: type, numbering: tuple) -> None:
        self.numbering = numbering
        self.row_bits, _columns, _pad, self.flag_bits, self.id_bits = numbering
        self.entered_shift, self.left_shift = self.flag_bits, self.flag_bits + self.id_bits
        self.numbers = StateNumbering(numbering)
        self.cell_hex = self.numbers.cell_hex
        self.cell_steps = tuple(tuple((dx << self.row_bits) + dy for dx, dy in steps) for steps in _NEIGHBOR_STEPS)
        self.game, self.ent, self.rules, self.mode, self.limit = game, ent, rules, mode, limit
        self.step, self.probe_type = step, probe_state_type(state_type)
        self.hm, self.world, self.names, self.state_type = game.map, game.world, tokens, state_type
        self.standing = game.world.component(ent, Position).hex     # where the unit stands, for every step
        self.probe_map, self.probe_world = ProbeMap(self.hm), ProbeWorld(game.world)
        self.probe_occupancy = ProbeOccupancy({})
        self.occupancy: dict = {}      # the units by hex (the search runs with positions fixed): `begin`
        self.kinds: dict = {}          # hex number -> its kind: `begin`
        self.units_read: dict = {}     # a hex whose units some outcome kept asked about -> those units
        self.components: dict = {}     # (entity, component type) the outcomes kept read -> a copy of it
        self.tokens = tuple(_Token(t) for t in tokens)
        self.hex_kinds = hex_kinds(game.searches.hex_kinds, self.hm, numbering)
        self._terrains: list = self.hex_kinds.terrains   # kind -> a terrain of the kind (alike in all its fields)
        self._getters: dict = {}       # terrain fields -> a function reading them
        self._reads: dict = {}         # (terrain fields, shift) -> `keys_of`
        self._values: dict = {}        # what a step read of a hex -> its id
        self.flags: tuple = ()         # the flags the rules have read
        self.flag_ids: dict = _memo(self.flags_id)   # a state's flags -> the id of the values of the flags read
        self._flag_values: dict = {}   # the values of the flags read -> their id
        self._flag_sets: dict = {}     # a state's flags -> the `_Flags` of those values
        self.version = 0               # counts the leads learnt and the tokens keyed anew
        for token in self.tokens:
            token.left_ids = self.keys_of(None, self.left_shift)
            token.entered_ids = self.keys_of(None, self.entered_shift)

    def fits(self, game: "Game", ent: int, rules, mode: str, limit: int, tokens: tuple[str, ...], step,
             state_type: type, numbering: tuple) -> bool:
        """Whether this table's outcomes hold for a search of its game's with
        these: the same unit, rules, mode, limit and tokens, standing where
        it stood, on the same map unchanged (`hex_kinds`), every component
        its outcomes read as it was."""
        world = game.world
        return (self.ent == ent and self.rules is rules and self.mode == mode
                and self.limit == limit and self.names == tokens and self.step is step
                and self.state_type is state_type and self.numbering == numbering and self.hm is game.map
                and self.world is world and self.hex_kinds is hex_kinds(game.searches.hex_kinds, game.map, numbering)
                and world.component(ent, Position).hex == self.standing
                and all(world.try_component(e, t) == kept for (e, t), kept in self.components.items()))

    def begin(self, game: "Game") -> None:
        """Set the table up for a search with the game's units where they
        stand now (`Game.positions_fixed`): the kinds of the hexes they stand
        in, and no outcome kept that asked who stands in a hex whose units
        have changed since."""
        self.game, occupancy = game, game._occupancy
        if occupancy is None:
            raise RuntimeError("the reachable search runs with the game's positions fixed (Game.positions_fixed)")
        self.occupancy = self.probe_occupancy._index = occupancy
        self.kinds = _memo(self.new_kind)      # -1 - the number when off the map or units stand there, else
        #                                        the number of its terrain's values (`_terrains`)
        self.hex_kinds.for_search(self.kinds, self.numbers, occupancy)
        moved = {h for h, units in self.units_read.items() if occupancy.get(h) != units}
        for h in moved:
            del self.units_read[h]
        for token in self.tokens:
            token.last.clear()                 # it holds from the MP spent so far up: the search starts lower
            if moved:
                for entries in token.entries.values():
                    entries[:] = [entry for entry in entries if moved.isdisjoint(entry[8][3])]

    def cell(self, h) -> int:
        """The number of hex `h` in the search (`StateNumbering.cell`)."""
        c = self.numbers.cell(h)
        if c is None:
            self._outgrown(f"hex {h} lies beyond the search's numbering")
        return c

    def _outgrown(self, what: str) -> None:
        """A number outgrew the numbering: run the search again wider."""
        if self.numbering == NARROW:
            raise _Widen(what)
        raise RuntimeError(f"the reachable search cannot number its states: {what}")

    def _getter(self, fields: tuple):
        """A function reading `fields` (terrain fields, ON_MAP, UNITS) of a
        hex: (its terrain, whether it is on the map, its units) -> what the
        rules saw."""
        got = self._getters.get(fields)
        if got is None:
            terrain = tuple(f for f in fields if f not in (ON_MAP, UNITS))
            of_terrain = attrgetter(*terrain) if terrain else (lambda t: ())
            on_map, units = ON_MAP in fields, UNITS in fields
            got = self._getters[fields] = lambda t, on, h: (of_terrain(t), on if on_map else None,
                                                            h if units else None)
        return got

    def flags_of(self, values: tuple) -> _Flags:
        """The one `_Flags` of these values of a state's flags."""
        got = self._flag_sets.get(values)
        if got is None:
            got = self._flag_sets[values] = _Flags(values)
        return got

    def flags_id(self, flags: tuple) -> int:
        """The id of the values, in a state's (prone, turned, backward,
        tags), of the flags the rules have read."""
        seen = tuple(v for name, v in zip(FLAGS, flags) if name in self.flags)
        got = self._flag_values.get(seen)
        if got is None:
            got = self._flag_values[seen] = len(self._flag_values)
            if got >> self.flag_bits:
                self._outgrown("too many kinds of flags")
        self.flag_ids[flags] = got
        return got

    def keys_of(self, fields: tuple | None, shift: int) -> dict:
        """A hex's kind (`kinds`) -> the id of what reading `fields` of a hex
        of the kind sees, shifted by `shift` (its place in a key), for the
        tokens that read them; the same dict for every token that reads the
        same fields."""
        got = self._reads.get((fields, shift))
        if got is None:
            def make(kind: int) -> int:
                value = got[kind] = self._read_id(fields, kind) << shift
                return value
            got = self._reads[(fields, shift)] = _memo(make)
        return got

    def _read_id(self, fields: tuple | None, kind: int) -> int:
        """The id of what a step that reads `fields` of a hex of kind `kind`
        sees: 0 when it does not look at the hex (`fields` None); else the
        values of the terrain fields (the same for every terrain alike in
        all its fields), whether it is on the map if it asked (ON_MAP), and
        the hex itself if it asked who stands there and units do (UNITS)."""
        if fields is None:
            return 0
        if kind < 0:                        # off the map, or units stand there (all hexes on the map of such kinds)
            h = self.cell_hex(-1 - kind)
            on_map = self.hm.on_map(h)
            value = self._getter(fields)(self.hm.terrain(h), on_map, h if on_map or self.occupancy.get(h) else None)
        else:                               # kept for the map's later searches (`HexKinds.reads`)
            reads = self.hex_kinds.reads
            value = reads.get((fields, kind))
            if value is None:
                value = reads[(fields, kind)] = self._getter(fields)(self._terrains[kind], True, None)
        return self._value_id(value)

    def _value_id(self, value: tuple) -> int:
        got = self._values.get(value)
        if got is None:
            got = self._values[value] = len(self._values) + 1
            if got >> self.id_bits:
                self._outgrown("too many kinds of hexes")
        return got

    def new_kind(self, c: int) -> int:
        """The kind of hex number `c`, not sorted yet (`kinds`): hexes of one
        kind read alike (systems/common/hex_kinds.py)."""
        numbers, hm = self.numbers, self.hm
        h = tuple.__new__(Hex, ((c >> numbers.row_bits) - numbers.pad, (c & numbers.row_mask) - numbers.pad))
        if not hm.on_map(h):
            self.cell(h)                    # a hex beyond the numbering wraps into another row or column
            kind = self.hex_kinds.kinds[c] = -1 - c
        elif h in self.occupancy:           # `Game.units_at` while positions are fixed
            kind = -1 - c
        else:
            kind = self.hex_kinds.terrain_kind(c, h, hm)
        self.kinds[c] = kind
        return kind

    def key(self, token: _Token, flags: tuple, left: int, entered: int | None) -> int:
        """What `token`'s outcomes from a hex of kind `left` into one of kind
        `entered` (None: it stays in its hex) are kept under: the flags
        read, what its steps read of the hex left and of the hex entered, as
        one number."""
        key = token.left_ids[left] | self.flag_ids[flags]
        return key | token.entered_ids[entered] if entered is not None else key

    def _rekey(self, token: _Token) -> None:
        """File `token`'s outcomes under their keys again (the fields or
        flags read have grown): each under what the new key reads of the
        state it was made from, which it agrees with."""
        token.left_ids = self.keys_of(token.left, self.left_shift)
        token.entered_ids = self.keys_of(token.entered, self.entered_shift)
        self.version += 1
        token.last.clear()
        kept, token.entries = token.entries, {}
        for entries in kept.values():
            for entry in entries:
                flags, left, entered, _units = entry[8]
                key = self.key(token, flags, left, entered)
                token.entries.setdefault(key, []).append(entry)
                self._remember(token, key, entry)

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
        return self.real(token, c, facing, mp, hexes, altitude, flags)

    @staticmethod
    def _remember(token: _Token, key: int, entry: tuple) -> None:
        """Keep `entry` as the one the search tries first under `key`, when
        it holds for every hexes entered from some number up and any
        altitude: (its highest MP, that number, the outcome). The search
        checks those two; its MP spent only grows, and an entry is kept
        here from a state it holds for, so it holds for no less MP."""
        if entry[3] == HIGH and entry[4] == LOW and entry[5] == HIGH:     # hexes up to HIGH, any altitude
            token.last[key] = (entry[1], entry[2], entry[6])
        else:
            token.last.pop(key, None)

    def real(self, token: _Token, c: int, facing: int, mp: int, hexes: int, altitude: int, flags: tuple):
        """Make the step from hex number `c` for real on a probe and keep
        its outcome for the states that agree on what it read (module
        docstring). The outcome: None when refused, else (MP added, the new
        facing by facing, hexes added, the altitude added in its place in a
        state's number, the new flags, the rolls the step makes and their
        modifiers summed)."""
        probe = Probe(self.limit)
        pad, row_bits = self.numbers.pad, self.row_bits
        h = tuple.__new__(Hex, ((c >> row_bits) - pad, (c & self.numbers.row_mask) - pad))    # cell_hex(c)
        state = object.__new__(self.probe_type)
        new = int.__new__
        t_mp, t_hexes, t_altitude = new(Traced, mp), new(Traced, hexes), new(Traced, altitude)   # `Traced`s
        t_mp.v, t_mp.t, t_hexes.v, t_hexes.t = mp, ("mp", 0, probe), hexes, ("hexes", 0, probe)
        t_altitude.v, t_altitude.t = altitude, ("altitude", 0, probe)
        object.__setattr__(state, "__dict__", {      # past the frozen dataclass's __setattr__
            "hex": h, "facing": facing, "mp": t_mp, "hexes": t_hexes, "prone": flags[0], "altitude": t_altitude,
            "turned": flags[1], "backward": flags[2], "tags": flags[3], "_probe": probe})
        game, probe_map, probe_occupancy = self.game, self.probe_map, self.probe_occupancy
        probe_map._probe = probe_map._terrains._probe = probe_occupancy._probe = self.probe_world._probe = probe
        probe_map._terrains.clear()
        game.map, game._occupancy, game.world = probe_map, probe_occupancy, self.probe_world
        try:
            result = self.step(game, self.ent, self.rules, self.mode, state, token.name, self.limit)
        finally:
            game.map, game._occupancy, game.world = self.hm, self.occupancy, self.world
        if token.lead is UNKNOWN:
            if isinstance(result, str):
                return None
            self._learn_lead(token, h, facing, result[0].hex)
        d = c if token.lead is None else c + self.cell_steps[(c >> self.row_bits) & 1][token.dirs[facing]]
        dest = h if d == c else self.cell_hex(d)
        out = None if isinstance(result, str) else self._change(token, h, dest, facing, mp, hexes, altitude,
                                                                  *result, probe)
        if out is not None and token.moves is not None and token.moves != (out[1], out[3]):
            token.moves = (out[1], out[3]) if token.moves is UNKNOWN else None    # the same in every step, or not
            self._learn_shifts(token)
        if not probe.opaque:
            self._keep(token, c, h, d, dest, flags, probe, out)
        return out

    def _learn_lead(self, token: _Token, h, facing: int, to) -> None:
        """Where `token` leads, from its first allowed step (from `h`,
        facing `facing`, to `to`)."""
        if to == h:
            token.lead = None
        else:
            around = neighbors(h)
            token.lead = next((d for d in range(6) if around[(facing + d) % 6] == to), UNKNOWN)
            if token.lead is UNKNOWN:
                raise RuntimeError(f"the {token.name!r} step went from {h} to {to}, which is not "
                                   f"next to it: the reachable search cannot follow it")
            token.dirs = tuple((f + token.lead) % 6 for f in range(6))
            token.offsets = tuple(tuple(steps[d] for d in token.dirs) for steps in self.cell_steps)
        self._learn_shifts(token)

    def _learn_shifts(self, token: _Token) -> None:
        """What `token`'s steps add to a state's number, by facing, for hexes
        in even and odd columns: when it leads somewhere known and every
        step it allowed turned the facing and changed the altitude alike."""
        token.shifts = (UNSHIFTED, UNSHIFTED)
        if token.lead is not UNKNOWN and token.moves is not None and token.moves is not UNKNOWN:
            turned, d_altk = token.moves
            token.shifts = tuple(tuple(d_altk + ((offsets[f] if offsets else 0) << 3) + turned[f] - f
                                       for f in range(6)) for offsets in token.offsets)
        self.version += 1

    def _keep(self, token: _Token, c: int, h, d: int, dest, flags: tuple, probe: Probe, out) -> None:
        """Keep the outcome of a step from hex number `c` (`h`) into `d`
        (`dest`) for the states that agree on what it read."""
        looked_at, standing = probe.looked_at, self.standing
        for seen in looked_at:
            if seen != h and seen != dest and seen != standing:
                return                                # another hex, which a lookup would not look at
        if not probe.flags.issubset(self.flags):      # the rules read another flag: look every step up by it
            self.flags = tuple(name for name in FLAGS if name in probe.flags or name in self.flags)
            self.flag_ids.clear()
            self._flag_values.clear()
            for other in self.tokens:
                self._rekey(other)
        left, entered = token.left, token.entered
        got = looked_at.get(h)
        if got is not None and (left is None or not got.issubset(left)):
            left = tuple(sorted(got.union(left or ())))
        got = looked_at.get(dest) if d != c else None
        if got is not None and (entered is None or not got.issubset(entered)):
            entered = tuple(sorted(got.union(entered or ())))
        if (left, entered) != (token.left, token.entered):
            token.left, token.entered = left, entered
            self._rekey(token)
        occupancy, units_read = self.occupancy, self.units_read
        asked = ()
        for seen, fields in looked_at.items():
            if UNITS in fields and seen in occupancy:
                asked += (seen,)
        for seen in asked:
            units_read.setdefault(seen, list(occupancy[seen]))
        world = self.world
        for e, t in probe.components - self.components.keys():
            self.components[(e, t)] = deepcopy(world.try_component(e, t))
        kinds = self.kinds
        origin = (flags, kinds[c], kinds[d] if d != c else None, asked)
        entry = (*probe.mp, *probe.hexes, *probe.altitude, out, probe.over_limit, origin)
        key = self.key(token, flags, origin[1], origin[2])
        token.entries.setdefault(key, []).append(entry)
        self._remember(token, key, entry)

    def _change(self, token: _Token, h, dest, facing: int, mp: int, hexes: int, altitude: int, new, rolls,
                probe: Probe):
        """The outcome of an allowed step from this state (in `h`) to `new`,
        which must be in `dest`."""
        if new.hex != dest:
            raise RuntimeError(f"the {token.name!r} step went from {h} to {new.hex}, not where its other "
                               f"steps went: the reachable search cannot follow it")
        d = new.__dict__
        n_mp, n_hexes, n_alt = d["mp"], d["hexes"], d["altitude"]
        if type(n_mp) is Traced and n_mp.t[0] == "mp" and type(n_hexes) is Traced and n_hexes.t[0] == "hexes" \
                and type(n_alt) is Traced and n_alt.t[0] == "altitude":
            d_mp, d_hexes, d_alt = n_mp.v - mp, n_hexes.v - hexes, n_alt.v - altitude
        else:
            probe.opaque = True             # set outright, or made of another counter
            d_mp, d_hexes, d_alt = plain(n_mp) - mp, plain(n_hexes) - hexes, plain(n_alt) - altitude
        count = mods = 0
        for reason, m in rolls:
            count += 1
            if type(m) is Traced or type(reason) is Traced:
                probe.opaque = True
                m = plain(m)
            if isinstance(m, int):
                mods += m
        if d_mp < 0:
            raise RuntimeError(f"the {token.name!r} step gave back MP: the reachable search cannot order its states")
        return (d_mp, TURNED[(new.facing - facing) % 6], d_hexes, d_alt << ALT_SHIFT,
                self.flags_of((d["prone"], d["turned"], d["backward"], d["tags"])), count, mods)


def table_search(game: "Game", ent: int, rules, mode: str, state, limit: int,
                 tokens: tuple[str, ...], step, reach: type, prefix: tuple[str, ...] = ()):
    """`movement.search` made with a `StepTable`: the same states, each with
    the same MP and rolls (a queue per MP spent, first in first out, with a
    state made again when a way of equal MP with fewer or easier rolls
    reaches it; of ways alike in all three either may be kept). `step` is
    the step rules' entry (movement.step) and `reach` the type of the
    answer (movement.TableReach), made of the ways found by state number,
    each (MP, path, rolls, their modifiers summed, then what the search went
    on from), and the `StateNumbering`."""
    table = _table(game, ent, rules, mode, limit, tokens, step, type(state), NARROW)
    try:
        return _search(table, state, reach, prefix)
    except _Widen:
        game.searches.tables.remove(table)
        table = _table(game, ent, rules, mode, limit, tokens, step, type(state), WIDE)
        return _search(table, state, reach, prefix)
    finally:
        table.game = None                 # a table kept holds nothing of its game's but what it reads


def _table(game: "Game", ent: int, rules, mode: str, limit: int, tokens: tuple[str, ...], step, state_type: type,
           numbering: tuple) -> StepTable:
    """The table of an earlier search of the game's that `fits` this one,
    else a new one; set up for this search (`StepTable.begin`)."""
    tables = game.searches.tables
    table = next((t for t in reversed(tables) if t.fits(game, ent, rules, mode, limit, tokens, step, state_type,
                                                         numbering)), None)
    if table is None:
        table = StepTable(game, ent, rules, mode, limit, tokens, step, state_type, numbering)
    else:
        tables.remove(table)
    table.begin(game)
    tables.append(table)                  # the last used last
    del tables[:-KEPT_TABLES]
    return table


def _search(table: StepTable, state, reach: type, prefix: tuple[str, ...]):
    """`table_search` with this table."""
    outcome, flag_ids, kinds = table.outcome, table.flag_ids, table.kinds
    # What the loop reads of each token, for hexes in even and in odd columns:
    # filled again in place when the table learns a lead or what the steps
    # do to the facing and altitude, or keys a token anew
    # (`StepTable.version`), so that a loop over one reads the new values
    # from the next token on. The number of the state a token's step leads
    # to, less the state's own number, by facing (`shifts`), when every step
    # it allowed turned the facing and changed the altitude alike; the offset
    # to the hex entered by facing, when it is known to enter one. A token
    # the rules have allowed nowhere yet has kept no outcome (`last`): its
    # look-up misses, and its real step teaches where it leads.
    plans: tuple[list, list] = ([], [])

    def replan() -> int:
        for parity, plan in enumerate(plans):
            plan[:] = [(tok, tok.shifts[parity], tok.offsets[parity], tok.left_ids, tok.entered_ids, tok.last.get,
                        (tok.name,)) for tok in table.tokens]
        return table.version

    version = replan()
    for corner in (Hex(0, 0), Hex(table.hm.width - 1, table.hm.height - 1)):
        table.cell(corner)                  # the map within the numbering, so a hex on it is (`new_kind`)
    c0 = table.cell(state.hex)
    k0 = (state.altitude << ALT_SHIFT) + (c0 << 3) + state.facing
    # A way: (MP, path, rolls, their modifiers summed: `Reach`'s values),
    # then what the search goes on from (hex number, its kind, hexes entered,
    # flags, state number).
    first = (state.mp, prefix, 0, 0, c0, kinds[c0], state.hexes,
             table.flags_of((state.prone, state.turned, state.backward, state.tags)), k0)
    best: dict = {k0: first}          # state number -> its best way
    best_way = best.get
    queues: dict[int, list] = {state.mp: [first]}      # MP spent -> the ways of that MP, in order
    miss, alt_shift = MISS, ALT_SHIFT
    row_bits = table.row_bits
    while queues:
        spent = min(queues)
        for way in queues[spent]:           # grows while read (steps of no MP)
            mp, path, rolls, roll_mods, c, kc, hexes, flags, here = way
            if best[here] is not way:
                continue                    # reached better since it was queued
            f = here & 7
            sid = flag_ids[flags]
            for tok, shifts, offsets, left_ids, entered_ids, kept, name in plans[(c >> row_bits) & 1]:
                k = here + shifts[f]        # negative where not known (`UNSHIFTED`)
                old = best_way(k)
                if old is not None and old[0] < mp:
                    continue                # reached for less MP than this state has spent: no better way
                key = left_ids[kc] | sid    # StepTable.key, inlined (the search's hot path)
                if offsets is None:
                    dest, kd = c, kc
                else:
                    dest = c + offsets[f]
                    kd = kinds[dest]
                    key |= entered_ids[kd]
                mp_hi, hexes_lo, out = kept(key, miss)
                if mp > mp_hi or hexes < hexes_lo:
                    out = outcome(tok, key, c, f, mp, hexes, here >> alt_shift, flags)
                    if table.version != version:
                        version, sid, k = replan(), flag_ids[flags], -1
                        if offsets is None and tok.lead is not None and out is not None:   # where it leads, learnt now
                            dest = c + tok.offsets[(c >> row_bits) & 1][f]
                            kd = kinds[dest]
                if out is None:
                    continue
                d_mp, turned, d_hexes, d_altk, new_flags, step_rolls, step_mods = out
                n_mp = mp + d_mp
                if k < 0:
                    k = here + d_altk + ((dest - c) << 3) + turned[f] - f
                    old = best_way(k)
                # The cheapest way; of equal MP the fewest, then easiest, rolls; the first of those.
                step_rolls += rolls
                if old is not None and (old[0] < n_mp or old[0] == n_mp and (
                        old[2] < step_rolls or old[2] == step_rolls and old[3] <= roll_mods + step_mods)):
                    continue
                best[k] = new = (n_mp, path + name, step_rolls, roll_mods + step_mods, dest, kd, hexes + d_hexes,
                                 new_flags, k)
                try:
                    queues[n_mp].append(new)
                except KeyError:
                    queues[n_mp] = [new]
        del queues[spent]
    return reach(best, table.numbers)
