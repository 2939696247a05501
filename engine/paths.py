"""Where the bundled data lives: the project's assets/ and levels/ folders,
in a source checkout or installed beside the packages."""
from __future__ import annotations

from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent


def _find(name: str) -> Path:
    here = _ROOT / name
    if here.is_dir():
        return here
    try:
        import hexmech_data  # installed layout (pyproject maps the folders)
        return Path(hexmech_data.__path__[0]) / name
    except ImportError:
        return here


ASSETS = _find("assets")
LEVELS = _find("levels")
UNITS = ASSETS / "units"
TILESETS = ASSETS / "tilesets"
WEAPONS_FILE = ASSETS / "weapons.toml"
DEFAULT_LEVEL = LEVELS / "skirmish.tmx"


def is_inside(path: Path, roots) -> bool:
    """Whether `path` (symlinks followed) lies inside one of the folders
    `roots`: files named by levels and scenarios may not reach elsewhere."""
    try:
        real = Path(path).resolve()
        return any(real.is_relative_to(Path(r).resolve()) for r in roots)
    except (OSError, RuntimeError, ValueError):
        return False
