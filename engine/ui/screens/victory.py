"""The end of a battle: who won, after how many turns, and each unit's state."""
from __future__ import annotations

from components import AlphaStrikeCard, Armor, Identity, Status, Structure
from engine.ui.mapview import armor_fraction, structure_fraction
from engine.ui import theme
from engine.ui.screens import Screen, box, cover
from engine.ui.widgets import button, text


class Victory(Screen):
    name = "victory"

    def draw(self, app) -> None:
        s = app.screen
        g = app.game
        cover(app, 190)
        r = box(app, 640, 460, "Battle over")
        w = g.winner
        title = "Draw: no side has a unit able to fight" if w in (None, "draw") else f"{w.capitalize()} wins"
        text(s, title, (r.centerx, r.y + 48), 30, theme.side_colour(g.sides, w) if w not in (None, "draw") else
             theme.TEXT, True, "center")
        text(s, f"after {g.turn} turn{'s' if g.turn != 1 else ''}", (r.centerx, r.y + 76), 14, theme.TEXT_DIM,
             anchor="center")
        y = r.y + 100
        for side in g.sides:
            text(s, side.capitalize(), (r.x + 20, y), 15, theme.side_colour(g.sides, side), True)
            y += 20
            for uid in g.unit_ids(side):
                ent = g.units[uid]
                st = g.world.component(ent, Status)
                if st.destroyed:
                    state = "destroyed" + (f" ({st.destroyed_cause})" if st.destroyed_cause else "")
                elif not g.can_fight(ent):
                    state = "out of the fight"
                else:
                    state = _left(g, ent)
                text(s, f"{g.world.component(ent, Identity).name}: {state}", (r.x + 36, y), 13,
                     theme.TEXT_DIM if st.destroyed else theme.TEXT)
                y += 17
            y += 6
        button(s, app.hits, (r.x + 20, r.bottom - 46, 160, 32), "New battle", "new_menu", key="Enter", active=True,
               mouse=app.mouse)
        button(s, app.hits, (r.centerx - 80, r.bottom - 46, 160, 32), "Look at the map", "close", key="Esc",
               mouse=app.mouse)
        button(s, app.hits, (r.right - 180, r.bottom - 46, 160, 32), "Quit", "quit", key="Q", mouse=app.mouse)


def _left(g, ent: int) -> str:
    """What a unit still fighting has left: a card its armor and structure
    pips, as its card shows them; a classic unit the share of each."""
    if g.world.try_component(ent, AlphaStrikeCard) is not None:
        a, st = g.world.component(ent, Armor), g.world.component(ent, Structure)
        return (f"armor {max(0, a.points.get('unit', 0))}/{a.original.get('unit', 0)}, "
                f"structure {max(0, st.points.get('unit', 0))}/{st.original.get('unit', 0)}")
    return f"armor {armor_fraction(g, ent) * 100:.0f}%, structure {structure_fraction(g, ent) * 100:.0f}%"
