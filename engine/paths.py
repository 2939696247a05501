"""Where the bundled data lives (the project's assets/ and levels/ folders,
in a source checkout or installed beside the packages), and the one rule for
a path that comes from data.

Every path named by a file (a level's tilesets, tileset images, image
layers, templates and object types; the level a scenario or a save names)
goes through `confine`: it must lead into one of the allowed folders,
`allowed_roots(...)`: the shipped data, the naming file's own folder, the mod
folders in use and the save folder. A path that is missing or leads outside
while its file name is the name of a shipped file of the same kind (Tiled
finds tilesets only by path, so a level copied elsewhere keeps a stale one)
is the shipped file instead; when the path was missing, with a warning.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, NamedTuple

from engine.errors import DataError

_ROOT = Path(__file__).resolve().parent.parent


def _find(name: str) -> Path:
    here = _ROOT / name
    if here.is_dir():
        return here
    import hexmech_data  # installed layout (pyproject maps the folders)
    return Path(hexmech_data.__path__[0]) / name


ASSETS = _find("assets")
LEVELS = _find("levels")
UNITS = ASSETS / "units"
TILESETS = ASSETS / "tilesets"
TEMPLATES = LEVELS / "templates"
WEAPONS_FILE = ASSETS / "weapons.toml"
DEFAULT_LEVEL = LEVELS / "skirmish.tmx"
SHIPPED = (ASSETS, LEVELS)

MAX_NAME = 4096          # characters in a path written in a data file


class Confined(NamedTuple):
    """Where a path from data leads, and a warning when it was replaced by
    a shipped file."""

    path: Path
    warning: str | None = None


def allowed_roots(own: Path | str | None = None, mods: Iterable[Path | str] = (),
                  save_dir: Path | str | None = None) -> list[Path]:
    """The folders a path from data may lead into: the shipped data, the
    naming file's own folder `own`, the mod folders and the save folder."""
    roots = [*SHIPPED, *(Path(m) for m in mods)]
    if own is not None:
        roots.append(Path(own))
    if save_dir is not None:
        roots.append(Path(save_dir))
    return roots


def is_inside(path: Path, roots) -> bool:
    """Whether `path` (symlinks followed) lies inside one of the folders `roots`."""
    try:
        real = Path(path).resolve()
        return any(real.is_relative_to(Path(r).resolve()) for r in roots)
    except (OSError, RuntimeError, ValueError):
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def confine(name: object, base: Path, roots: Iterable[Path], what: str,
            shipped: Path | None = None) -> Confined:
    """The file `name` (as written in a data file, relative to the folder
    `base`) resolved, if it leads into one of `roots`. With `shipped` (a
    shipped folder), a name that is missing or leads outside is the shipped
    file of that name when there is one. Otherwise a DataError
    "`what`: reason" (`what` names the file and the field)."""
    if not isinstance(name, str) or not name.strip():
        raise DataError(f"{what}: expected a file path, got {name!r}")
    if "\x00" in name or len(name) > MAX_NAME:
        raise DataError(f"{what}: not a usable file path")
    roots = list(roots)
    candidate = Path(base) / name
    inside = is_inside(candidate, roots)
    found = inside and _exists(candidate)
    if found:
        return Confined(candidate.resolve())
    if shipped is not None:
        stand_in = Path(shipped) / os.path.basename(name.replace("\\", "/"))
        if stand_in.name and _is_file(stand_in):
            if inside or not _exists(candidate):
                return Confined(stand_in.resolve(), f"{what}: {name} not found; using the shipped "
                                f"{stand_in.name} (python -m engine relink rewrites the path)")
            return Confined(stand_in.resolve())
    if not inside:
        raise DataError(f"{what}: {name} leads outside the allowed folders (the file's own folder, "
                        f"the shipped data, the mod folders and the save folder)")
    raise DataError(f"{what}: file not found: {name}")
