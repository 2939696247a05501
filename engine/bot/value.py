"""What damage is worth to the computer player: a unit's worth (the
firepower it still has), its durability (the armor and structure it has
left) and the expected value of one damage group striking it from a side,
read off the unit kind's own hit location table (mechs: section 6,
systems/classic/hit_location.py; vehicles and VTOLs: T-1 / T-2,
systems/vehicles/hit_location.py; an Alpha Strike card has one location).

A damage group is worth the share of the unit's durability it takes times
the unit's worth (so the same damage is worth more on a damaged or
dangerous unit: focus fire), plus what it breaks: internal structure
(critical hits), a limb and the weapons in it, a leg (mobility), a
vehicle's motive system or rotor, and the unit itself when a killing
location's armor and structure give out. Damage through a destroyed mech
location goes on inward as the damage rules transfer it
(systems/common/damage.py MECH_TRANSFER).

A `Valuer` caches its answers for one decision: the game must not change
while it is used (what-if placements of the unit deciding change no armor).
"""
from __future__ import annotations

from components import AlphaStrikeCard, Armor, Identity, Structure, Weapons
from engine.bot.odds import expected_missiles, table_rolls
from systems.alpha_strike import card as as_card
from systems.classic import hit_location as mech_table
from systems.classic.physical_resolution import RANDOM_SIDES
from systems.common.damage import MECH_TRANSFER, base_location
from systems.common.unit_state import is_vtol
from systems.vehicles import hit_location as vehicle_table

BASE_WORTH = 6.0          # what a unit without weapons still counts (it must be destroyed to win)
CARD_BASE_WORTH = 0.5     # the same for an Alpha Strike card, whose worth is otherwise its damage
KILL = 1.0                # destroying the unit: its whole worth again
STRUCTURE = 0.5           # a point of internal structure, beyond the armor it strips (criticals)
LIMB_LOST = 0.7           # of the worth of the weapons a destroyed location carries
LEG_LOST = 0.25           # of the unit's worth: a mech down to one leg is slow and falls
CRITICAL = 0.1            # a vehicle's table critical marker (T-3 / T-4 roll)
MOTIVE = 0.1              # a vehicle's motive marker (T-5 roll: slowed or immobile)
KILLING = ("head", "center_torso")
LEGS = ("left_leg", "right_leg")


def weapon_damage(game, ent: int, mount) -> float:
    """What one of a Classic unit's weapons deals when it hits at short
    range: a cluster weapon its average missiles (section 12)."""
    wt = game.weapons[mount.type]
    if wt.cluster:
        return expected_missiles(wt.cluster) * wt.damage
    return float(wt.damage_at("short"))


def working(game, ent: int, mount) -> bool:
    """A mount that can still fire some turn: not destroyed, its location standing."""
    return not mount.destroyed and game.world.component(ent, Structure).points.get(mount.location, 1) > 0


class Valuer:
    """Worth, durability and damage values for one decision (cached)."""

    def __init__(self, game, kill: float = KILL) -> None:
        self.game = game
        self.kill = kill                          # what destroying a unit adds, times its worth
        self._worth: dict[int, float] = {}
        self._groups: dict[tuple, float] = {}
        self.committed: dict[int, float] = {}     # expected damage other units already aim at a unit
        self.committed_cf: dict[str, float] = {}  # the same for building hexes, by label
        self.jitter: dict[int, float] = {}        # a weak player's misjudgement of a unit's worth (a factor)

    def without_kill(self) -> "Valuer":
        """The same judgement (blur, damage already aimed this phase) with a
        point of damage worth only the share of the unit it takes: no more
        for the last point."""
        plain = Valuer(self.game, kill=0.0)
        plain.jitter, plain.committed, plain.committed_cf = self.jitter, self.committed, self.committed_cf
        return plain

    # ------------------------------------------------------------ the unit
    def worth(self, ent: int) -> float:
        """What the unit counts for: its firepower, and a base for being on
        the field. An Alpha Strike card deals its full damage until it is
        destroyed (AS-END-2), so its worth is almost all the damage it deals
        a turn: a Loki (3 damage, 9 armor and structure) is then the better
        target than a Hatchetman (2 and 8), where a large base would rank
        them by armor alone."""
        if ent not in self._worth:
            card = self.game.world.try_component(ent, AlphaStrikeCard) is not None
            base = CARD_BASE_WORTH if card else BASE_WORTH
            self._worth[ent] = (base + self.firepower(ent)) * self.jitter.get(ent, 1.0)
        return self._worth[ent]

    def firepower(self, ent: int, location: str | None = None) -> float:
        """The damage the unit's working weapons deal in a turn at short range
        (those in `location` only, when given); an Alpha Strike card's best
        damage value (one attack a turn, AS-TURN-4)."""
        game = self.game
        if game.world.try_component(ent, AlphaStrikeCard) is not None:
            return float(max(max(as_card.damage_value(game, ent, i)[0], 0) for i in range(3)))
        weapons = game.world.try_component(ent, Weapons)
        return sum(weapon_damage(game, ent, m) for m in (weapons.mounts if weapons else [])
                   if working(game, ent, m) and (location is None or m.location == location))

    def durability(self, ent: int) -> float:
        """Armor and structure left, less what other units already aim at it (never below 1)."""
        armor = self.game.world.component(ent, Armor).points
        structure = self.game.world.component(ent, Structure).points
        total = sum(max(0, v) for v in armor.values()) + sum(max(0, v) for v in structure.values())
        return max(1.0, total - self.committed.get(ent, 0.0))

    # ------------------------------------------------------------ one damage group
    def group_value(self, ent: int, side: str | None, amount: float, table: str = "standard") -> float:
        """The expected value of one damage group of `amount` striking `ent`
        from `side` (front, left, right, rear; "random" for a side picked by
        a die) on the `table` of a mech's attack (standard, punch, kick)."""
        if amount <= 0:
            return 0.0
        key = (ent, side, round(amount, 2), table)
        if key not in self._groups:
            if side == "random":
                value = sum(self.group_value(ent, s, amount, table) for s in RANDOM_SIDES) / len(RANDOM_SIDES)
            else:
                value = self._value(ent, side or "front", amount, table)
            self._groups[key] = value
        return self._groups[key]

    def _value(self, ent: int, side: str, amount: float, table: str) -> float:
        game = self.game
        kind = game.world.component(ent, Identity).kind
        if kind == "alpha-strike":
            return self._location(ent, "unit", amount, self.kill)
        if kind == "mech":
            dice = mech_table.TABLES[table][1]
            return sum(p * self._mech_location(ent, mech_table.lookup(table, side, roll), amount)
                       + (p * CRITICAL * self.worth(ent) if table == "standard" and roll == 2 else 0.0)
                       for roll, p in table_rolls(dice).items())
        vtol = is_vtol(game, ent)
        turret = vehicle_table.has_turret(game, ent)
        total = 0.0
        for roll, p in table_rolls(2).items():
            hit = vehicle_table.lookup(side if side in vehicle_table.SIDES else "front", roll, vtol=vtol,
                                       turret=turret)
            points = vehicle_table.rotor_damage(int(amount)) if hit.rotor else amount
            v = self._location(ent, hit.location, points, self.kill)
            v += self.worth(ent) * (CRITICAL * hit.critical + MOTIVE * hit.motive)
            total += p * v
        return total

    def _location(self, ent: int, location: str, amount: float, destroyed: float) -> float:
        """Damage on a location without transfer (vehicles, cards): its share
        of the unit, the structure it reaches, and `destroyed` x worth when
        it takes the last point (any vehicle location destroys the vehicle)."""
        armor = max(0, self.game.world.component(ent, Armor).points.get(location, 0))
        structure = max(0, self.game.world.component(ent, Structure).points.get(location, 0))
        worth, durability = self.worth(ent), self.durability(ent)
        inside = min(structure, max(0.0, amount - armor))
        value = worth * (min(amount, armor + structure) + STRUCTURE * inside) / durability
        if structure and amount >= armor + structure:
            value += destroyed * worth
        return value

    def _mech_location(self, ent: int, location: str, amount: float) -> float:
        """Damage on a mech location, going on inward through destroyed
        locations and past the one it destroys (section 7)."""
        armor = self.game.world.component(ent, Armor).points
        structure = self.game.world.component(ent, Structure).points
        worth, durability = self.worth(ent), self.durability(ent)
        rear = location.endswith("_rear")
        loc = base_location(location)
        value = 0.0
        while amount > 0 and loc is not None:
            s = max(0, structure.get(loc, 0))
            if s <= 0:
                loc = MECH_TRANSFER.get(loc)
                continue
            a = max(0, armor.get(f"{loc}_rear" if rear and f"{loc}_rear" in armor else loc, 0))
            inside = min(s, max(0.0, amount - a))
            value += worth * (min(amount, a + s) + STRUCTURE * inside) / durability
            if amount < a + s:
                break
            value += self._destroyed(ent, loc)
            amount -= a + s
            loc = MECH_TRANSFER.get(loc)
        return value

    def _destroyed(self, ent: int, loc: str) -> float:
        """What destroying a mech location takes from the unit."""
        worth = self.worth(ent)
        if loc in KILLING:
            return self.kill * worth
        lost = self.firepower(ent, loc)
        if loc.endswith("_torso"):
            lost += self.firepower(ent, loc.replace("torso", "arm"))
        value = LIMB_LOST * lost
        if loc in LEGS:
            value += LEG_LOST * worth
        return value
