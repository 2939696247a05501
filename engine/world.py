"""One esper world per game.

esper keeps its worlds as named module-level contexts; `World` binds one
context to one game and switches to it on every call, so several games (a
save being compared with its reload, tests) can live side by side.
"""
from __future__ import annotations

import itertools
from typing import Any, TypeVar

import esper

C = TypeVar("C")
_names = itertools.count(1)


class World:
    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"hexmech-{next(_names)}"
        self._enter()

    def _enter(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def create_entity(self, *components: Any) -> int:
        self._enter()
        return esper.create_entity(*components)

    def add_component(self, entity: int, component: Any) -> None:
        self._enter()
        esper.add_component(entity, component)

    def remove_component(self, entity: int, ctype: type[C]) -> C:
        self._enter()
        return esper.remove_component(entity, ctype)

    def component(self, entity: int, ctype: type[C]) -> C:
        self._enter()
        return esper.component_for_entity(entity, ctype)

    def try_component(self, entity: int, ctype: type[C]) -> C | None:
        self._enter()
        return esper.try_component(entity, ctype)

    def components_of(self, entity: int) -> tuple[Any, ...]:
        self._enter()
        return esper.components_for_entity(entity)

    def components_by_entity(self, *ctypes: type) -> dict[int, tuple[Any, ...]]:
        """entity -> its components of `ctypes`, for the entities that have them all."""
        self._enter()
        return dict(esper.get_components(*ctypes))

    def get_component(self, ctype: type[C]) -> list[tuple[int, C]]:
        """All (entity, component) pairs, sorted by entity for determinism."""
        self._enter()
        return sorted(esper.get_component(ctype), key=lambda p: p[0])

    def delete(self) -> None:
        """Drop this world's context entirely."""
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
