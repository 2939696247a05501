"""Regenerate the level fixtures written by the real Tiled (1.8, command line,
no display): every shipped level re-saved by Tiled as TMX in each layer
format (XML, CSV, base64, zlib, gzip, zstd), with its tileset external and
embedded, and as JSON (.tmj) with a TSX, an embedded and a JSON (.tsj)
tileset; a level whose tiles carry all four flip/rotation bits; a level
placing its units with the shipped templates. Tiled has no layer-format
option: each source is written here in the wanted format and Tiled re-saves
it in that format.

    QT_QPA_PLATFORM=offscreen python tests/tiled_fixtures/regenerate.py

The results are committed (tests/test_tiled_files.py reads them), so the
tests run without Tiled. The Tiled 1.9+ class fixture (classes/) cannot be
written by Tiled 1.8 and is kept by hand in Tiled's documented format.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from engine import layerdata  # noqa: E402

FORMATS = {"xml": ("", ""), "csv": ("csv", ""), "base64": ("base64", ""), "zlib": ("base64", "zlib"),
           "gzip": ("base64", "gzip"), "zstd": ("base64", "zstd")}
LEVELS = sorted((ROOT / "levels").glob("*.tmx"))
TSX = ROOT / "assets" / "tilesets" / "terrain.tsx"
FLIP_BITS = (0x80000000, 0x40000000, 0x20000000, 0x10000000)


def tiled(*args: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run = subprocess.run(["tiled", *args], env=env, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        raise SystemExit(f"tiled {' '.join(args)} failed: {run.stdout}{run.stderr}")


def source_text(level: Path, src_dir: Path, fmt: str, tileset: Path = TSX, flip_cells: bool = False) -> str:
    """The level with its layers in `fmt` and its tileset path from `src_dir`."""
    root = ET.fromstring(level.read_text(encoding="utf-8"))
    width = int(root.get("width"))
    for ts in root.iter("tileset"):
        ts.set("source", Path(os.path.relpath(tileset, src_dir)).as_posix())
    encoding, compression = FORMATS[fmt]
    for layer in root.iter("layer"):
        data = layer.find("data")
        gids = [int(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip()]
        if flip_cells:
            gids = [g | FLIP_BITS[i % 4] | (FLIP_BITS[(i // 4) % 4] if i % 3 == 0 else 0) if g else 0
                    for i, g in enumerate(gids)]
        data.clear()
        data.tail = "\n "
        if encoding:
            data.set("encoding", encoding)
        if compression:
            data.set("compression", compression)
        if encoding == "":
            for g in gids:
                ET.SubElement(data, "tile", {"gid": str(g)} if g else {})
        elif encoding == "csv":
            rows = [",".join(str(g) for g in gids[i:i + width]) for i in range(0, len(gids), width)]
            data.text = "\n" + ",\n".join(rows) + "\n"
        else:
            data.text = layerdata.encode(gids, encoding, compression)
    return ET.tostring(root, encoding="unicode")


def main() -> None:
    out = HERE / "levels"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    tiled("--export-tileset", "json", str(TSX), str(out / "terrain.tsj"))
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp)
        for level in LEVELS:
            stem = level.stem
            for fmt in FORMATS:
                (src / f"{stem}-{fmt}.tmx").write_text(source_text(level, src, fmt), encoding="utf-8")
                tiled("--export-map", "tmx", str(src / f"{stem}-{fmt}.tmx"), str(out / f"{stem}-{fmt}.tmx"))
            csv = src / f"{stem}-csv.tmx"
            tiled("--embed-tilesets", "--export-map", "tmx", str(csv), str(out / f"{stem}-embedded.tmx"))
            tiled("--export-map", "json", str(csv), str(out / f"{stem}.tmj"))
            tiled("--embed-tilesets", "--export-map", "json", str(csv), str(out / f"{stem}-embedded.tmj"))
            zstd = src / f"{stem}-zstd.tmx"
            tiled("--export-map", "json", str(zstd), str(out / f"{stem}-zstd.tmj"))
            (src / f"{stem}-tsj.tmx").write_text(source_text(level, src, "csv", out / "terrain.tsj"),
                                                 encoding="utf-8")
            tiled("--export-map", "json", str(src / f"{stem}-tsj.tmx"), str(out / f"{stem}-tsj.tmj"))
        training = ROOT / "levels" / "training.tmx"
        (src / "training-flipped.tmx").write_text(source_text(training, src, "csv", flip_cells=True),
                                                  encoding="utf-8")
        tiled("--export-map", "tmx", str(src / "training-flipped.tmx"), str(out / "training-flipped.tmx"))
        templated = _with_templates(training, src)
        (src / "training-templates.tmx").write_text(templated, encoding="utf-8")
        tiled("--export-map", "tmx", str(src / "training-templates.tmx"), str(out / "training-templates.tmx"))
        tiled("--export-map", "json", str(src / "training-templates.tmx"), str(out / "training-templates.tmj"))
    print(f"wrote {len(list(out.iterdir()))} files in {out}")


def _with_templates(level: Path, src_dir: Path) -> str:
    """The level with each unit object an instance of the shipped template
    of its unit (only its side, facing and position its own)."""
    text = source_text(level, src_dir, "csv")
    templates = ROOT / "levels" / "templates"

    def swap(m: re.Match) -> str:
        obj = m.group(0)
        unit = re.search(r'name="unit" value="([^"]+)"', obj).group(1)
        tx = Path(os.path.relpath(templates / unit.replace(".toml", ".tx"), src_dir)).as_posix()
        obj = re.sub(r'<property name="unit" value="[^"]+"\s*/>', "", obj)
        return obj.replace("<object ", f'<object template="{tx}" ', 1)
    return re.sub(r"<object [^>]*>.*?</object>", swap, text, flags=re.S)


if __name__ == "__main__":
    main()
