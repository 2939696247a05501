"""Layer data decoding (engine/layerdata.py): every Tiled encoding, and a
limit: decompression stops past width x height x 4 bytes, so a small
compressed bomb is refused at once."""
import base64
import time
import zlib

import pytest
import zstandard

from engine.errors import DataError
from engine.layerdata import decode, encode

GIDS = [0, 1, 2, 0x80000005, 0x10000003, 4294967295]


@pytest.mark.parametrize("encoding,compression", [("csv", ""), ("base64", ""), ("base64", "zlib"),
                                                  ("base64", "gzip"), ("base64", "zstd")])
def test_every_encoding_round_trips(encoding, compression):
    assert decode(encode(GIDS, encoding, compression), encoding, compression, 3, 2, "layer t") == GIDS


def test_xml_and_json_arrays():
    assert decode([str(g) for g in GIDS], "", "", 3, 2, "layer t") == GIDS
    assert decode(GIDS, "", "", 2, 3, "layer t") == GIDS
    with pytest.raises(DataError, match="expected 6"):
        decode(GIDS[:5], "", "", 3, 2, "layer t")


@pytest.mark.parametrize("compression", ["zlib", "gzip", "zstd"])
def test_a_decompression_bomb_is_stopped_at_the_layer_size(compression):
    raw = b"\0" * (64 << 20)          # 64 MB of zeros, 64 KB compressed
    if compression == "zstd":
        data = zstandard.ZstdCompressor().compress(raw)
    else:
        c = zlib.compressobj(wbits=15 if compression == "zlib" else 31)
        data = c.compress(raw) + c.flush()
    del raw
    text = base64.b64encode(data).decode()
    start = time.process_time()
    with pytest.raises(DataError, match="more than the 4000000 bytes"):
        decode(text, "base64", compression, 1000, 1000, "layer t")
    assert time.process_time() - start < 2


def test_bad_data_is_one_line_naming_the_layer():
    for args in (("x,y", "csv", ""), ("!!", "base64", "zlib"), ("AAAA", "base64", "lzma"), ("1", "rle", "")):
        with pytest.raises(DataError) as exc:
            decode(*args, 1, 1, "layer ground")
        assert str(exc.value).startswith("layer ground: ") and "\n" not in str(exc.value)
