"""engine/tiled.py read against pytmx, an independent reader of Tiled's TMX
files, on the shipped levels and the fixtures written by the real Tiled.

The game reads levels with its own reader because pytmx 3.32 decompresses
layer data without a limit, reads neither JSON maps, XML or zstd layer data
nor the hexagonal 120-degree rotation bit (it keeps it inside the tile id),
and does not merge template properties. Where pytmx does read a file, both
readers must see the same tiles, flips, object positions and properties."""
from pathlib import Path

import pytest
import pytmx

from engine import tiled
from engine.paths import allowed_roots

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "tiled_fixtures" / "levels"
# The TMX layer forms pytmx reads (not XML tile elements, not zstd).
READABLE = sorted(p for p in [*FIXTURES.glob("*.tmx"), *(ROOT / "levels").glob("*.tmx")]
                  if not p.stem.endswith(("-xml", "-zstd")))
FLIPS = tiled.FLIP_H | tiled.FLIP_V | tiled.FLIP_D


def _ours(path: Path) -> tiled.TiledMap:
    probs = tiled.Problems(path.name)
    m = tiled.read_map(path, allowed_roots(path.parent), probs)
    assert m is not None and list(probs) == []
    return m


def _pytmx_cells(m: pytmx.TiledMap, layer: pytmx.TiledTileLayer) -> list[tuple[int, tuple[bool, bool, bool]]]:
    flags_of = {internal: flags for pairs in m.gidmap.values() for internal, flags in pairs}
    out = []
    for row in layer.data:
        for g in row:
            if not g:
                out.append((0, (False, False, False)))
                continue
            f = flags_of.get(g)
            flips = (f.flipped_horizontally, f.flipped_vertically, f.flipped_diagonally) if f else (False,) * 3
            out.append((m.tiledgidmap[g], flips))
    return out


def _our_cells(layer: tiled.Layer) -> list[tuple[int, tuple[bool, bool, bool]]]:
    # pytmx keeps the 120-degree bit inside the tile id: compare it so.
    return [(g & ~FLIPS, (bool(g & tiled.FLIP_H), bool(g & tiled.FLIP_V), bool(g & tiled.FLIP_D)))
            for g in layer.gids]


def test_the_comparison_covers_every_layer_form_pytmx_reads():
    forms = {p.stem.rsplit("-", 1)[-1] for p in READABLE if "-" in p.stem}
    assert {"csv", "base64", "gzip", "zlib", "embedded", "flipped", "templates"} <= forms


@pytest.mark.parametrize("path", READABLE, ids=lambda p: p.name)
def test_tiles_and_flips_match_pytmx(path):
    theirs = pytmx.TiledMap(str(path), load_all=False)
    ours = [layer for layer in _ours(path).layers if layer.kind == "tiles"]
    their_layers = [layer for layer in theirs.layers if isinstance(layer, pytmx.TiledTileLayer)]
    assert [layer.name for layer in ours] == [layer.name for layer in their_layers]
    for mine, other in zip(ours, their_layers):
        assert _our_cells(mine) == _pytmx_cells(theirs, other), mine.name


@pytest.mark.parametrize("path", READABLE, ids=lambda p: p.name)
def test_objects_match_pytmx(path):
    theirs = {str(o.id): o for o in pytmx.TiledMap(str(path), load_all=False).objects}
    ours = [o for layer in _ours(path).layers if layer.kind == "objects" for o in layer.objects]
    assert sorted(o.id for o in ours) == sorted(theirs)
    for obj in ours:
        other = theirs[obj.id]
        assert (obj.x, obj.y) == pytest.approx((other.x, other.y))
        mine = {k: str(p.value) for k, p in obj.props.items()}
        # pytmx leaves out what a template gives; everything it reads we read alike.
        assert {k: str(v) for k, v in other.properties.items()}.items() <= mine.items()
