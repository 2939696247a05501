"""What `pip install .` (not editable) installs: every code folder under
engine/, systems/ and components/ is a package listed in pyproject.toml, so
an installed copy has every module the checkout has."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _code_folders() -> set[str]:
    found = set()
    for top in ("engine", "systems", "components"):
        for py in (ROOT / top).rglob("*.py"):
            if "__pycache__" not in py.parts:
                found.add(".".join(py.parent.relative_to(ROOT).parts))
    return found


def test_every_code_folder_is_an_installed_package():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    assert _code_folders() - listed == set()


def test_every_code_folder_has_an_init_module():
    missing = [f for f in sorted(_code_folders()) if not (ROOT / f.replace(".", "/") / "__init__.py").is_file()]
    assert missing == []
