"""The firing panel: which weapons are ticked against the target, the torso
twist or turret facing, Alpha Strike overheat, the weapons that cannot
fire with the ones ticked, and the weapon list in the sidebar. Each
weapon's to-hit or refusal comes from the rules (engine/ui/queries.py);
firing submits one order per ticked weapon."""
from __future__ import annotations

import pygame

from components import AlphaStrikeCard, Position, Turret
from engine.combat_log import plural
from engine.hexgrid import FACING_NAMES, bearing, distance
from engine.orders import PhysicalOrder
from engine.ui import heat_preview, queries, theme
from engine.ui.layout import SIDE_W, short_reason
from engine.ui.widgets import button, checkbox, fit_text, text, wrap

TWISTS = ("left", None, "right")


class FirePanel:
    def __init__(self, app) -> None:
        self.app = app
        self.reset()

    def reset(self) -> None:
        self.checks: dict[str, bool] = {}     # weapon order name -> ticked
        self.twist: str | None = None
        self.turret: int | None = None
        self.overheat = 0
        self.cache: dict = {}

    # ------------------------------------------------------------ questions
    def choices(self, target: str) -> queries.Choices:
        """Every attack of the selected unit on `target` with the twist,
        turret and overheat chosen (queries.attack_choices: the options
        call), cached until the event log grows."""
        app = self.app
        uid, game = app.selected, app.game
        key = ("w", uid, target, self.twist, self.turret, self.overheat, len(game.log.events))
        if key not in self.cache:
            self.cache[key] = queries.attack_choices(game, uid, target, self.twist, self.turret, self.overheat)
        return self.cache[key]

    def previews(self, target: str) -> list[tuple[queries.WeaponSlot, queries.Preview]]:
        """Each weapon of the selected unit against `target` (an Alpha Strike
        unit's whole card as one attack), with its to-hit or refusal."""
        return self.choices(target).weapons

    def conflicts(self, target: str) -> dict[str, str]:
        """Weapons that cannot fire together with the ones ticked
        (queries.weapon_conflicts), cached per set of ticked weapons."""
        app = self.app
        uid, game = app.selected, app.game
        ticked = tuple(n for n, v in sorted(self.checks.items()) if v)
        key = ("wc", uid, target, ticked, self.twist, self.turret, len(game.log.events))
        if key in self.cache:
            return self.cache[key]
        out: dict[str, str] = {}
        if uid and target and not queries.is_alpha(game, app.ent(uid)) and ticked:
            names = [slot.order_name for slot, p in self.previews(target) if p.reason is None]
            ticked_in_order = [n for n in names if self.checks.get(n)]      # the order fire() declares them in
            out = queries.weapon_conflicts(game, uid, target, ticked_in_order,
                                           [n for n in names if not self.checks.get(n)], self.twist, self.turret)
        self.cache[key] = out
        return out

    def attack_lines(self) -> list[tuple[str, bool]]:
        """An Alpha Strike weapon attack in words: the damage at the
        target's range, with and without the overheat chosen and the most
        overheat could add there (the options' AlphaStrikeAttack and
        queries.as_overheat_damage: AS-DMG-1, AS-SPA-OVL), the heat an HT special adds to the target (or the
        damage it adds to a target without a heat scale: AS-SPA-HT), and the
        heat the attacker ends the turn at (as_end_phase.heat_preview), with
        a warning at S (shutdown). Each line with True when it warns."""
        app = self.app
        uid, target, game = app.selected, app.target, app.game
        key = ("ov", uid, target, self.overheat, len(game.log.events))
        if key in self.cache:
            return self.cache[key]
        out: list[tuple[str, bool]] = []
        if uid and target:
            previews = self.previews(target)
            attack = previews[0][1].attack if previews else None
            card = game.world.component(app.ent(uid), AlphaStrikeCard)
            if attack is not None and attack.possible:
                base = attack.damage
                rng = attack.range.capitalize()
                if self.overheat and attack.overheat_damage:
                    out.append((f"{rng} range: {base} damage, {base + attack.overheat_damage} with "
                                f"overheat {self.overheat}", False))
                elif self.overheat:
                    out.append((f"{rng} range: {base} damage; overheat adds nothing at {rng} range", True))
                elif card.overheat:
                    out.append((self._overheat_offer(uid, attack, rng, base, card.overheat), False))
                else:
                    out.append((f"{rng} range: {plural(base, 'point')} of damage" if not attack.minimal
                                else f"{rng} range: minimal damage (0*: 1 point on 4+)", False))
                if attack.ht:
                    out.append((ht_line(game, app.ent(target), attack.ht, app.name(target)), False))
            out += heat_lines(game, app.ent(uid), self.overheat, fires=True)
        self.cache[key] = out
        return out

    def _overheat_offer(self, uid: str, attack, rng: str, base: int, full: int) -> str:
        """What the card's full overheat would add to this attack at its
        range (queries.as_overheat_damage)."""
        more = queries.as_overheat_damage(self.app.game, self.app.ent(uid), attack, full)
        if not more:
            return f"{rng} range: {base} damage; overheat would add none at {rng} range"
        return f"{rng} range: {base} damage, up to {base + more} with overheat {full}"

    # ------------------------------------------------------------ choices
    def tick_for(self, target: str) -> None:
        """Tick every weapon that can fire at a new target, except those that
        cannot fire with the weapons before them (one arm when prone, ...)."""
        self.checks = {slot.order_name: p.reason is None for slot, p in self.previews(target)}
        for name in self.conflicts(target):
            self.checks[name] = False

    def aim_turret(self, target: str) -> None:
        """Point the turret at the new target when the rules let it turn
        (queries.turret_refusal); the player can still turn it, Z/X."""
        app = self.app
        ent = app.ent(app.selected)
        if app.game.world.try_component(ent, Turret) is None:
            return
        a = app.game.world.component(ent, Position).hex
        b = queries.target_hex(app.game, target)
        facing = int(round(bearing(a, b) / 60.0)) % 6
        if queries.turret_refusal(app.game, ent, facing) is None:
            self.turret = facing

    def toggle(self, name: str) -> None:
        """Tick or untick a weapon; a weapon ticked replaces a physical
        attack chosen (an Alpha Strike unit makes one attack, AS-TURN-4)."""
        self.checks[name] = not self.checks.get(name, False)
        if self.checks[name]:
            self.app.physical.chosen = None

    def toggle_index(self, i: int) -> None:
        if self.app.target and self.app.phase_kind() == "fire":
            ws = self.previews(self.app.target)
            if 0 <= i < len(ws):
                self.toggle(ws[i][0].order_name)

    def turn(self, d: int) -> None:
        """Torso twist (a mech) or turret facing (a vehicle) one step."""
        app = self.app
        if not app.selected or app.phase_kind() != "fire":
            return
        ent = app.ent(app.selected)
        tur = app.game.world.try_component(ent, Turret)
        if tur is not None:
            base = self.turret if self.turret is not None else tur.facing
            self.turret = (base + d) % 6
            app.say(f"turret faces {FACING_NAMES[self.turret]}")
        elif app.game.kind(ent) == "mech":
            self.twist = TWISTS[max(0, min(2, TWISTS.index(self.twist) + d))]
            app.say("torso twist: " + (self.twist or "none"))
        app.set_target(app.target)

    def change_overheat(self, d: int) -> None:
        app = self.app
        card = app.game.world.try_component(app.ent(app.selected), AlphaStrikeCard) if app.selected else None
        if card is not None and not queries.as_cannot_act(app.game, app.ent(app.selected)):
            self.overheat = max(0, min(card.overheat, self.overheat + d))
            app.set_target(app.target)

    def fire(self) -> None:
        app = self.app
        uid, target, game = app.selected, app.target, app.game
        if not uid or not app.flow.may_act(uid):
            return
        if not target or not any(self.checks.values()):
            app.say("no weapons chosen: press H to hold fire, or tick a weapon", True)
            return
        done, refused = 0, []
        for slot, _p in self.previews(target):
            if not self.checks.get(slot.order_name):
                continue
            order = queries.fire_order(uid, slot.order_name or None, target, self.twist, self.turret, self.overheat)
            # re-checked against the declarations just made (e.g. a prone mech fires one arm only)
            reason = game.check(order) or game.submit(order)
            if reason:
                refused.append(f"{slot.label} not fired: {reason}")
            else:
                done += 1
        if queries.is_alpha(game, app.ent(uid)):       # one attack per unit, no weapon count
            what = f"attacks {app.target_name(target)}" if done else "makes no attack"
        else:
            what = f"fires {plural(done, 'weapon')} at {app.target_name(target)}"
        if refused:
            app.say(f"{app.name(uid)} {what}; " + "; ".join(refused), True)
        else:
            app.say(f"{app.name(uid)} {what}")
        app.unit_done(uid)

    # ------------------------------------------------------------ the panel
    def draw(self, rect: pygame.Rect, x: int, y: int) -> None:
        app = self.app
        s, sel, m, target = app.screen, app.selected, app.mouse, app.target
        text(s, f"{app.name(sel)}: weapon attacks", (x, y), 14, theme.ACCENT, True)
        y += 20
        cannot = queries.as_cannot_act(app.game, app.ent(sel)) if queries.is_alpha(app.game, app.ent(sel)) else None
        if cannot:        # shut down or stunned: no target, no overheat, nothing to fire (AS-SHUT-1)
            for part in wrap(f"{cannot}: it cannot attack", 12, SIDE_W - 24):
                text(s, part, (x, y), 12, theme.BAD)
                y += 16
        elif not target:
            text(s, "Click an enemy or a building (or T) to choose a target", (x, y), 12, theme.TEXT_DIM)
        else:
            y = self._draw_target_line(rect, x, y)
            y = self._draw_weapons(rect, x, y)
            y = heat_preview.draw(app, x, y, rect.bottom - 38)
            y = self._draw_as_attack(x, y)
            if PhysicalOrder in app.flow.order_types():
                text(s, "or a physical attack:", (x, y), 12, theme.TEXT_DIM)
                app.physical.draw_options(x, y + 16, first=len(self.previews(target)) + 1, bottom=rect.bottom - 38)
        by = rect.bottom - 34
        physical = app.physical.chosen is not None
        button(s, app.hits, (x, by, 124, 28), "Attack" if physical else "Fire", "confirm", key="Enter",
               active=True, enabled=bool(target and (physical or any(self.checks.values()))), mouse=m)
        button(s, app.hits, (x + 130, by, 106, 28), "Hold fire", "hold", key="H", mouse=m)
        button(s, app.hits, (x + 242, by, 120, 28), "All hold", "hold_all", key="Shift+H", mouse=m,
               tip="every unit of this side that has not acted passes this phase")

    def _draw_target_line(self, rect: pygame.Rect, x: int, y: int) -> int:
        app = self.app
        s, g, sel, target = app.screen, app.game, app.selected, app.target
        rng = distance(g.world.component(app.ent(sel), Position).hex, queries.target_hex(g, target))
        extra, turnable = "", None
        if g.kind(app.ent(sel)) == "mech":
            extra, turnable = (f", twist {self.twist}" if self.twist else ", no twist"), "twist"
        elif g.world.try_component(app.ent(sel), Turret):
            tf = self.turret if self.turret is not None else g.world.component(app.ent(sel), Turret).facing
            extra, turnable = f", turret {FACING_NAMES[tf]}", "turret"
        label = queries.building_label(target)
        tname = f"building {label}" if label else app.short_names().get(target, target)
        text(s, fit_text(f"target {tname}, range {rng}{extra}", 12, SIDE_W - 124), (x, y + 4), 12)
        if label:           # its class and CF now (B-CLASS)
            y += 17
            text(s, fit_text(queries.building_words(g, queries.target_hex(g, target)) or "", 12, SIDE_W - 24),
                 (x, y + 4), 12, theme.TEXT_DIM)
        elif queries.is_alpha(g, app.ent(target)):
            y += 17
            text(s, fit_text(queries.as_summary(g, app.ent(target)), 12, SIDE_W - 24), (x, y + 4), 12,
                 theme.TEXT_DIM)
        if turnable:
            button(s, app.hits, (rect.right - 110, y, 48, 22), "< Z", "twist", -1, mouse=app.mouse,
                   tip=f"{turnable} left")
            button(s, app.hits, (rect.right - 56, y, 48, 22), "X >", "twist", 1, mouse=app.mouse,
                   tip=f"{turnable} right")
        return y + 25

    def _draw_weapons(self, rect: pygame.Rect, x: int, y: int) -> int:
        app = self.app
        s, target = app.screen, app.target
        conflicts = self.conflicts(target)
        for i, (slot, p) in enumerate(self.previews(target)):
            if y > rect.bottom - 40:
                break
            ticked = self.checks.get(slot.order_name, False)
            clash = conflicts.get(slot.order_name)
            if clash and p.reason is None:
                # cannot fire together with the weapons ticked (shown before firing)
                label = f"{i + 1}. {slot.label}: {short_reason(clash, app.target_name(target))}"
                checkbox(s, app.hits, (x, y, SIDE_W - 16, 18), fit_text(label, 12, SIDE_W - 40), ticked,
                         "toggle_weapon", slot.order_name, colour=theme.BAD if ticked else theme.WARN)
                app.hits[-1].tip = f"not with the weapons ticked: {clash}"
            else:
                if p.reason:
                    label, tip = f"{i + 1}. {slot.label}: {short_reason(p.reason, app.target_name(target))}", p.reason
                elif p.to_hit is not None:
                    label, tip = f"{i + 1}. {slot.label}: {p.needs()}", p.breakdown()
                else:
                    label, tip = f"{i + 1}. {slot.label}", ""
                checkbox(s, app.hits, (x, y, SIDE_W - 16, 18), fit_text(label, 12, SIDE_W - 40), ticked,
                         "toggle_weapon", slot.order_name, enabled=p.reason is None,
                         colour=theme.GOOD if p.reason is None else theme.TEXT)
                app.hits[-1].tip = tip
            y += 19
        return y

    def _draw_as_attack(self, x: int, y: int) -> int:
        """Alpha Strike: the overheat chosen (with - and +, for a card with
        OV) and what the attack does: damage, HT heat, the heat it leads to."""
        app = self.app
        s = app.screen
        card = app.game.world.try_component(app.ent(app.selected), AlphaStrikeCard)
        if card is None:
            return y
        if card.overheat:
            text(s, f"overheat: {self.overheat} of {card.overheat}", (x, y + 4), 12)
            button(s, app.hits, (x + 130, y, 60, 22), "-", "overheat", -1, key="I", mouse=app.mouse,
                   enabled=self.overheat > 0)
            button(s, app.hits, (x + 196, y, 60, 22), "+", "overheat", 1, key="O", mouse=app.mouse,
                   enabled=self.overheat < card.overheat)
            y += 26
        for line, bad in self.attack_lines():
            text(s, fit_text(line, 12, SIDE_W - 24), (x, y), 12, theme.BAD if bad else theme.TEXT)
            y += 15
        return y + 2


def ht_line(game, target: int, ht: int, name: str) -> str:
    """What an HT special does to the target (AS-SPA-HT): heat on a heat
    scale, else damage."""
    if queries.as_has_heat_scale(game, target):
        return f"HT: +{ht} heat to {name} at the end of the turn"
    return f"HT: +{plural(ht, 'point')} of damage ({name} has no heat scale)"


def heat_lines(game, ent: int, overheat: int, fires: bool) -> list[tuple[str, bool]]:
    """The heat an Alpha Strike unit ends the turn at after this attack (a
    weapon attack with `overheat`, or with fires=False none), warning at S
    (shutdown); nothing for a unit without a heat scale."""
    if not queries.as_has_heat_scale(game, ent):
        return []
    heat = queries.as_heat_after(game, ent, overheat, fires)
    cool = queries.as_heat_after(game, ent, 0, fires)
    label = "S: SHUTS DOWN" if heat >= 4 else str(heat)
    extra = f" (without overheat: {cool})" if overheat else ""
    return [(f"heat at the end of the turn: {label}{extra}", heat >= 4)]
