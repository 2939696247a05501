"""Tiled tile layer data decoded with a limit: XML `<tile>` elements, CSV,
base64 (raw, zlib, gzip, zstd) and the integer arrays of JSON maps.

A layer of W x H cells holds W x H global tile ids of 4 bytes each, so no
decoding step ever produces more than W x H x 4 bytes: decompression is
streamed and stops as soon as it passes that size, whatever the compressed
data claims (a few hundred KB of zlib can expand to gigabytes).

`decode(...)` returns the W x H gids (flip bits included), row by row, or
raises DataError naming the layer.
"""
from __future__ import annotations

import base64
import binascii
import io
import struct
import zlib

import zstandard

from engine.errors import DataError

GID_BYTES = 4
MAX_GID = 0xFFFFFFFF
COMPRESSIONS = ("", "zlib", "gzip", "zstd")


def byte_limit(width: int, height: int) -> int:
    """The most bytes a W x H layer's uncompressed data may have."""
    return width * height * GID_BYTES


def _inflate(data: bytes, wbits: int, limit: int, what: str, kind: str) -> bytes:
    d = zlib.decompressobj(wbits)
    try:
        out = d.decompress(data, limit + 1)
    except zlib.error as exc:
        raise DataError(f"{what}: {kind} data cannot be decompressed ({exc})") from None
    if len(out) > limit or d.unconsumed_tail:
        raise DataError(f"{what}: {kind} data holds more than the {limit} bytes of the layer's cells")
    return out


def _unzstd(data: bytes, limit: int, what: str) -> bytes:
    try:
        with zstandard.ZstdDecompressor().stream_reader(io.BytesIO(data), read_across_frames=True) as r:
            out = r.read(limit + 1)
    except zstandard.ZstdError as exc:
        raise DataError(f"{what}: zstd data cannot be decompressed ({exc})") from None
    if len(out) > limit:
        raise DataError(f"{what}: zstd data holds more than the {limit} bytes of the layer's cells")
    return out


def decompress(data: bytes, compression: str, limit: int, what: str) -> bytes:
    """`data` decompressed, never more than `limit` bytes."""
    if compression == "":
        return data
    if compression == "zlib":
        return _inflate(data, 15, limit, what, "zlib")
    if compression == "gzip":
        return _inflate(data, 31, limit, what, "gzip")
    if compression == "zstd":
        return _unzstd(data, limit, what)
    raise DataError(f"{what}: unknown compression \"{compression}\" (expected zlib, gzip or zstd)")


def _from_bytes(raw: bytes, width: int, height: int, what: str) -> list[int]:
    want = byte_limit(width, height)
    if len(raw) != want:
        raise DataError(f"{what}: {len(raw)} bytes of tile data, expected {want} ({width} x {height} "
                        f"tiles of 4 bytes)")
    return list(struct.unpack(f"<{width * height}I", raw))


def _from_numbers(values: list, width: int, height: int, what: str) -> list[int]:
    if len(values) != width * height:
        raise DataError(f"{what}: {len(values)} tiles, expected {width * height} ({width} x {height})")
    out = []
    for i, v in enumerate(values):
        if isinstance(v, str):
            text = v.strip()
            if not text.isdigit():
                raise DataError(f"{what}: tile {i + 1}: expected a tile number, got \"{text[:20]}\"")
            v = int(text)
        elif isinstance(v, bool) or not isinstance(v, int):
            raise DataError(f"{what}: tile {i + 1}: expected a tile number, got {v!r:.20}")
        if not 0 <= v <= MAX_GID:
            raise DataError(f"{what}: tile {i + 1}: {v} is not a tile number (0 to {MAX_GID})")
        out.append(v)
    return out


def decode(payload, encoding: str, compression: str, width: int, height: int, what: str) -> list[int]:
    """The gids of a W x H layer. `payload`: the text of a TMX `<data>` or
    a JSON string (csv, base64), or a list of numbers or numeric strings
    (JSON arrays, TMX `<tile gid>` elements: encoding "")."""
    if encoding == "":
        if compression:
            raise DataError(f"{what}: compression {compression} needs base64 encoding")
        if not isinstance(payload, list):
            raise DataError(f"{what}: expected a list of tile numbers")
        return _from_numbers(payload, width, height, what)
    if not isinstance(payload, str):
        raise DataError(f"{what}: expected text data for encoding {encoding}")
    if encoding == "csv":
        if compression:
            raise DataError(f"{what}: CSV layer data cannot be compressed")
        cells = payload.replace("\n", "").replace("\r", "").split(",")
        if len(cells) > width * height + 1:
            raise DataError(f"{what}: more than the {width * height} tiles of a {width} x {height} layer")
        if len(cells) == width * height + 1 and not cells[-1].strip():
            cells.pop()        # a trailing comma
        return _from_numbers(cells, width, height, what)
    if encoding == "base64":
        if compression not in COMPRESSIONS:
            raise DataError(f"{what}: unknown compression \"{compression}\" (expected zlib, gzip or zstd)")
        try:
            data = base64.b64decode("".join(payload.split()), validate=True)
        except (binascii.Error, ValueError):
            raise DataError(f"{what}: base64 data is not valid base64") from None
        raw = decompress(data, compression, byte_limit(width, height), what)
        return _from_bytes(raw, width, height, what)
    raise DataError(f"{what}: unknown encoding \"{encoding}\" (expected csv or base64, or none for XML)")


def encode(gids: list[int], encoding: str, compression: str = "") -> str:
    """Layer data in a Tiled encoding (the level writers and test fixtures)."""
    if encoding == "csv":
        return ",".join(str(g) for g in gids)
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        c = zlib.compressobj(wbits=31)
        raw = c.compress(raw) + c.flush()
    elif compression == "zstd":
        raw = zstandard.ZstdCompressor().compress(raw)
    return base64.b64encode(raw).decode("ascii")
