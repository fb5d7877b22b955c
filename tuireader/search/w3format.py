"""W3 postings as bytes: what Whoosh's W3 codec writes for a term, made in one go.

The encoding of ``whoosh.codec.whoosh3`` (block headers, pickled block data, zlib),
built from Whoosh's public helpers only; ``whooshdoor`` writes the bytes into a
segment. Tests compare the result with Whoosh's own writer block by block.
"""

from __future__ import annotations

import zlib
from array import array
from hashlib import md5
from operator import sub
from pickle import dumps
from typing import Any

from whoosh.codec import whoosh3
from whoosh.system import pack_int
from whoosh.util.numeric import length_to_byte

#: a term with fewer postings is written uncompressed: its block is a few hundred bytes
#: at most, and a zlib call costs its setup whatever the size.
COMPRESS_MIN_POSTINGS = 32
#: below this many bytes W3 leaves a block uncompressed anyway (whoosh3's own threshold)
W3_COMPRESS_MIN_BYTES = getattr(whoosh3, "COMPRESSION_MIN_SIZE", 0)
BLOCK_MAGIC = whoosh3.WHOOSH3_HEADER_MAGIC
#: block data is pickled with protocol 3, which stores bytes as bytes. W3 uses 2, which
#: stores them as a call to codecs.encode: 4 µs to write and 4 µs to read per block
#: of a counted field, against 1 µs. W3's reader unpickles any protocol.
_DATA_PROTOCOL = 3
#: zlib window and memory level for a block (at most a few KB): zlib.compress's
#: defaults (32 KB, level 8) spend most of a call setting up tables it never fills.
#: The output is a standard zlib stream that zlib.decompress reads as it is.
_ZLIB_WBITS = 12
_ZLIB_MEMLEVEL = 2


def compress(data: bytes, level: int) -> bytes:
    packer = zlib.compressobj(level, zlib.DEFLATED, _ZLIB_WBITS, _ZLIB_MEMLEVEL)
    return packer.compress(data) + packer.flush()


def _block_weights(weights: array) -> float | tuple[float, ...] | None:
    """A block's weights as W3 stores them: None when all are 1, one value when all equal."""
    first = weights[0]
    if weights.count(first) == len(weights):
        return None if first == 1.0 else first
    return tuple(weights)


#: (documents, weights, values, field lengths) of one term's postings, in document order
Postings = tuple[array, list[float], list[bytes], list]
#: a term's postings as written: the bytes, then the term's statistics (total weight,
#: top weight, shortest and longest field length)
Written = tuple[bytes, float, float, int | None, int]


def one_posting(postings: Postings, fixed: int | None) -> Written:
    """What ``postings_bytes`` gives for a term with a single posting (most terms), faster."""
    docs, weights, values, lengths = postings
    doc, weight, value, length = docs[0], weights[0], values[0], lengths[0]
    stored = array("f", (weight,))[0]
    if fixed is None or fixed < 0:
        block_values: Any = (value,) if value else ()
    else:
        block_values = None if fixed == 0 else value
    data = dumps(((doc,), None if stored == 1.0 else stored, block_values), _DATA_PROTOCOL)
    heaviest = max(0, weight)
    low = length or None
    info = dumps((1, doc, heaviest, 0, length_to_byte(low), length_to_byte(length or 0)), 2)
    chunk = b"".join((BLOCK_MAGIC, pack_int(-len(info) - len(data)), info, data))
    return chunk, stored, heaviest, low, length or 0


def postings_bytes(postings: Postings, fixed: int | None, limit: int, level: int) -> Written:
    """A term's postings as W3PostingsWriter writes them, and the statistics W3TermInfo
    gathers from them: the same blocks, except that blocks of rare terms are left
    uncompressed (each block records whether it is)."""
    docs, weights, values, lengths = postings
    count = len(docs)
    if count == 1:
        return one_posting(postings, fixed)
    if count < COMPRESS_MIN_POSTINGS:
        level = 0
    parts = [BLOCK_MAGIC]
    total = 0.0
    top_weight: float = 0
    shortest: int | None = None
    longest = 0
    for lo in range(0, count, limit):
        hi = min(count, lo + limit)
        ids = docs[lo:hi]
        block_weights = weights[lo:hi]
        stored = array("f", block_weights)
        total += sum(stored)
        heaviest = max(0, max(block_weights))
        top_weight = max(top_weight, heaviest)
        known = list(filter(None, lengths[lo:hi]))
        low = min(known) if known else None
        high = max(known) if known else 0
        if low is not None and (shortest is None or low < shortest):
            shortest = low
        longest = max(longest, high)
        kept = list(filter(None, values[lo:hi]))
        if fixed is None or fixed < 0:
            block_values: Any = tuple(kept)
        else:
            block_values = None if fixed == 0 else b"".join(kept)
        deltas = (ids[0], *map(sub, ids[1:], ids))
        data = dumps((deltas, _block_weights(stored), block_values), _DATA_PROTOCOL)
        comp = level if len(data) >= W3_COMPRESS_MIN_BYTES else 0
        if comp:
            data = compress(data, comp)
        info = dumps(
            (hi - lo, ids[-1], heaviest, comp, length_to_byte(low), length_to_byte(high)), 2
        )
        size = len(info) + len(data)
        parts += (pack_int(-size if hi == count else size), info, data)
    return b"".join(parts), total, top_weight, shortest, longest


#: write the postings file this many bytes at a time
_WRITE_BYTES = 1 << 20


class Batch:
    """Bytes for a file, written a megabyte at a time; ``position`` is where the next
    bytes will be in the file."""

    def __init__(self, file: Any) -> None:
        self.file = file
        self.position = file.tell()
        self.pending: list[bytes] = []
        self.size = 0

    def add(self, data: bytes) -> int:
        self.pending.append(data)
        self.position += len(data)
        self.size += len(data)
        if self.size >= _WRITE_BYTES:
            self.flush()
        return len(data)

    def flush(self) -> None:
        self.file.write(b"".join(self.pending))
        self.pending.clear()
        self.size = 0


def md5_low(key: bytes) -> int:
    """filetables.md5_hash, without going through hex digits."""
    return int.from_bytes(md5(key, usedforsecurity=False).digest()[12:], "big")
