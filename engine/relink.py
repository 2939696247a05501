"""`python -m engine relink LEVEL`: point a level's tilesets and templates
that the engine replaces by shipped files (a level copied away from the
checkout, or made against another installed copy) at those shipped files,
so that Tiled shows the level again. Only the `source` / `template` paths
change; the rest of the file is kept as Tiled wrote it."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from xml.sax.saxutils import escape, unescape

from engine.errors import DataError
from engine.files import MAX_LEVEL_BYTES, read_text
from engine.paths import TEMPLATES, TILESETS, allowed_roots, confine, is_inside

_XML_REFS = re.compile(r'(<tileset\b[^>]*?\bsource=|<object\b[^>]*?\btemplate=)(["\'])(.*?)\2', re.S)


def _new_path(name: str, level: Path, shipped: Path, roots: list[Path]) -> str | None:
    """The path to write instead of `name`, or None when it is fine."""
    if is_inside(level.parent / name, roots) and (level.parent / name).exists():
        return None
    try:
        found = confine(name, level.parent, roots, name, shipped=shipped)
    except DataError:
        return None
    return Path(os.path.relpath(found.path, level.parent.resolve())).as_posix()


def relink(level: Path, mods: list[Path] | None = None) -> list[str]:
    """Rewrite the level in place; returns one line per changed path."""
    text = read_text(level, MAX_LEVEL_BYTES, str(level))
    roots = allowed_roots(level.parent, mods or [])
    changes: list[str] = []

    def fix(name: str, tag: str) -> str:
        shipped = TILESETS if tag == "tileset" else TEMPLATES
        new = _new_path(name, level, shipped, roots)
        if new is None or new == name:
            return name
        changes.append(f"{level}: {tag} {name} -> {new}")
        return new

    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise DataError(f"{level}: malformed JSON ({exc})") from None
        for ts in data.get("tilesets") or [] if isinstance(data, dict) else []:
            if isinstance(ts, dict) and isinstance(ts.get("source"), str):
                ts["source"] = fix(ts["source"], "tileset")
        stack = list(data.get("layers") or []) if isinstance(data, dict) else []
        while stack:
            layer = stack.pop()
            if not isinstance(layer, dict):
                continue
            stack += layer.get("layers") or []
            for obj in layer.get("objects") or []:
                if isinstance(obj, dict) and isinstance(obj.get("template"), str):
                    obj["template"] = fix(obj["template"], "template")
        out = json.dumps(data, indent=1) + "\n"
    else:
        def sub(m: re.Match) -> str:
            tag = "tileset" if m.group(1).startswith("<tileset") else "template"
            name = unescape(m.group(3), {"&quot;": '"', "&apos;": "'"})
            new = fix(name, tag)
            value = m.group(3) if new == name else escape(new, {'"': "&quot;", "'": "&apos;"})
            return f"{m.group(1)}{m.group(2)}{value}{m.group(2)}"
        out = _XML_REFS.sub(sub, text)
    if changes:
        tmp = level.with_name(level.name + ".relink-tmp")
        tmp.write_text(out, encoding="utf-8")
        os.replace(tmp, level)
    return changes
