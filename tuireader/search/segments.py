"""Writing a new index fast: postings gathered per term, and half the papers in a second process.

Whoosh's ``SegmentWriter`` puts every posting into a pool as a tuple, sorts the pool
on commit, and reads each document's field length back from disk per posting. For a
segment written from nothing, this writer instead gathers each term's postings in
memory as papers are added (they arrive in document order, so only the terms need
sorting) and keeps the field lengths it has just computed. It then writes each
field's postings and term table rows itself, in W3's format, a batch at a time
(``_BlockFieldWriter.write_terms``); tests compare the result with Whoosh's own
writer block by block. Everything else (stored fields, segment files, compound files,
the TOC, the write lock) is Whoosh's own code.

``write_new`` builds an empty index from many papers. With two processes, a forked
child writes the first half as one segment while this process writes the second
half; the commit then lists both segments, in order.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import sys
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from hashlib import md5
from operator import sub
from pickle import dumps
from typing import Any, NamedTuple

from whoosh.codec import whoosh3
from whoosh.codec.whoosh3 import W3Codec, W3FieldWriter
from whoosh.filedb import filetables
from whoosh.system import pack_int, pack_long, pack_ushort
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

Progress = Callable[[int, int], None]
#: report progress (and poll the other process) after this many papers
PROGRESS_EVERY = 250


def _no_length(docnum: int) -> None:
    return None


class _Memo(dict):
    """``make(key)`` for each key, made once."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.make(key)
        return value


#: a term with fewer postings is written uncompressed: its block is a few hundred bytes
#: at most, and a zlib call costs its setup whatever the size.
COMPRESS_MIN_POSTINGS = 32
#: below this many bytes W3 leaves a block uncompressed anyway (whoosh3's own threshold)
_W3_COMPRESS_MIN_BYTES = getattr(whoosh3, "COMPRESSION_MIN_SIZE", 0)
_TERM_INFO = whoosh3.W3TermInfo._struct
_ROW_LENGTHS = filetables._lengths  # a hash file row: key and value lengths
_BLOCK_MAGIC = whoosh3.WHOOSH3_HEADER_MAGIC
#: block data is pickled with protocol 3, which stores bytes as bytes. W3 uses 2, which
#: stores them as a call to codecs.encode: 4 µs to write and 4 µs to read per block
#: of a counted field, against 1 µs. W3's reader unpickles any protocol.
_DATA_PROTOCOL = 3
#: zlib window and memory level for a block (at most a few KB): zlib.compress's
#: defaults (32 KB, level 8) spend most of a call setting up tables it never fills.
#: The output is a standard zlib stream that zlib.decompress reads as it is.
_ZLIB_WBITS = 12
_ZLIB_MEMLEVEL = 2


def _compress(data: bytes, level: int) -> bytes:
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


def _one_posting(postings: Postings, fixed: int | None) -> Written:
    """What ``_postings_bytes`` gives for a term with a single posting (most terms), faster."""
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
    chunk = b"".join((_BLOCK_MAGIC, pack_int(-len(info) - len(data)), info, data))
    return chunk, stored, heaviest, low, length or 0


def _postings_bytes(postings: Postings, fixed: int | None, limit: int, level: int) -> Written:
    """A term's postings as W3PostingsWriter writes them, and the statistics W3TermInfo
    gathers from them: the same blocks, except that blocks of rare terms are left
    uncompressed (each block records whether it is)."""
    docs, weights, values, lengths = postings
    count = len(docs)
    if count == 1:
        return _one_posting(postings, fixed)
    if count < COMPRESS_MIN_POSTINGS:
        level = 0
    parts = [_BLOCK_MAGIC]
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
        comp = level if len(data) >= _W3_COMPRESS_MIN_BYTES else 0
        if comp:
            data = _compress(data, comp)
        info = dumps(
            (hi - lo, ids[-1], heaviest, comp, length_to_byte(low), length_to_byte(high)), 2
        )
        size = len(info) + len(data)
        parts += (pack_int(-size if hi == count else size), info, data)
    return b"".join(parts), total, top_weight, shortest, longest


def _write_each(writer: Any, terms: Iterable[tuple[bytes, Postings]]) -> None:
    """Write terms through a field writer's public methods, a posting at a time."""
    for tbytes, postings in terms:
        writer.start_term(tbytes)
        for posting in zip(*postings):
            writer.add(*posting)
        writer.finish_term()


#: write the postings file this many bytes at a time
_WRITE_BYTES = 1 << 20


class _BlockFieldWriter(W3FieldWriter):
    """Whoosh's W3 field writer that also writes a field's terms in one call."""

    #: what write_terms uses of W3FieldWriter, W3Codec and the terms' OrderedHashWriter
    _NEEDS = ("_postfile", "_tindex", "_fieldid", "_format")
    _NEEDS_CODEC = ("_blocklimit", "_compression")
    _NEEDS_TERMS = ("dbfile", "index", "buckets", "hashfn", "lastkey")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.direct = (
            all(hasattr(self, a) for a in self._NEEDS)
            and all(hasattr(self._codec, a) for a in self._NEEDS_CODEC)
            and all(hasattr(self._tindex, a) for a in self._NEEDS_TERMS)
        )

    def write_terms(self, terms: Iterable[tuple[bytes, Postings]]) -> None:
        """``start_term``, ``add`` per posting and ``finish_term`` for each term of the
        current field, in term order, writing the bytes W3PostingsWriter, W3TermInfo and
        OrderedHashWriter.add write (see ``_postings_bytes``), a batch at a time."""
        if not self.direct:  # another version of Whoosh: its public methods
            _write_each(self, terms)
            return
        postfile = self._postfile
        offset = postfile.tell()
        fixed = self._format.fixed_value_size()
        limit, level = self._codec._blocklimit, self._codec._compression
        table = self._tindex
        hashfn = _md5_low if table.hashfn is filetables.md5_hash else table.hashfn
        buckets = table.buckets
        rows = _Batch(table.dbfile)
        chunks = _Batch(postfile)
        field = pack_ushort(self._fieldid)
        key = table.lastkey
        for tbytes, postings in terms:
            chunk, total, top_weight, shortest, longest = _postings_bytes(
                postings, fixed, limit, level
            )
            docs = postings[0]
            terminfo = _TERM_INFO.pack(
                False,
                total,
                len(docs),
                length_to_byte(shortest),
                length_to_byte(longest),
                top_weight,
                docs[0],
                docs[-1],
            )
            value = terminfo + pack_long(offset) + pack_int(len(chunk))
            offset += chunks.add(chunk)
            if (next_key := field + tbytes) <= key:
                raise ValueError(f"Keys must increase: {key!r}..{next_key!r}")
            key = next_key
            # OrderedHashWriter.add: the row's position, then the row in its hash bucket
            table.index.append(rows.position)
            h = hashfn(key)
            buckets[h & 255].append((h, rows.position))
            rows.add(_ROW_LENGTHS.pack(len(key), len(value)) + key + value)
        chunks.flush()
        rows.flush()
        table.lastkey = key


class _Batch:
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


def _md5_low(key: bytes) -> int:
    """filetables.md5_hash, without going through hex digits."""
    return int.from_bytes(md5(key, usedforsecurity=False).digest()[12:], "big")


class BlockCodec(W3Codec):
    """Whoosh's W3 codec whose field writer also takes a term's postings at once.

    It writes W3Codec's format (leaving rare terms' blocks uncompressed, which each
    block records) and is saved in the index as a W3Codec: the index needs nothing
    from tuireader to be read.
    """

    def field_writer(self, storage, segment):  # type: ignore[no-untyped-def]
        return _BlockFieldWriter(self, storage, segment)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return W3Codec, (self._blocklimit, self._compression, self._inlinelimit)


class NewSegmentWriter(SegmentWriter):
    """A SegmentWriter for a new segment that keeps its postings per term in memory.

    Only for schemas without term vectors, spelling fields or columns (tuireader's),
    which the constructor checks.
    """

    def __init__(self, ix, **kwargs: Any) -> None:
        kwargs.setdefault("codec", BlockCodec())
        super().__init__(ix, **kwargs)
        for name, field in self.schema.items():
            if field.vector or field.separate_spelling() or field.column_type:
                raise ValueError(f"field {name!r} needs Whoosh's general writer")
        #: gives the segment written by another process that comes before this one; it
        #: is asked for only once this segment is written, so both are written at once.
        self.segments_before: Callable[[], Any] | None = None
        #: field → term → documents, weights and values of its postings, in document order
        self._postings: dict[str, dict[bytes, tuple[array, list, list]]] = {}
        #: the same for fields that keep only counts (``term_counts``): field → term →
        #: documents and counts; weights and values are made from the counts when written
        self._counted: dict[str, dict[str, tuple[array, array]]] = {}
        self._weights: dict[float, float] = {}
        self._lengths: dict[str, dict[int, int | None]] = {}

    def add_document(self, **fields: Any) -> None:
        self._check_state()
        schema = self.schema
        perdoc = self.perdocwriter
        docnum = self.docnum
        self._check_fields(schema, fields)
        perdoc.start_doc(docnum)
        for fieldname in sorted(fields):
            if fieldname.startswith("_"):
                raise ValueError(f"{fieldname!r}: per-document boosts are not supported here")
            value = fields[fieldname]
            if value is None:
                continue
            field = schema[fieldname]
            length = 0
            if field.indexed:
                counts_of = getattr(field, "term_counts", None)
                found = counts_of(value) if counts_of is not None else None
                if found is not None:
                    self._add_counts(fieldname, docnum, found)
                    length = sum(found.values())
                else:
                    length = self._add_postings(fieldname, docnum, field.index(value))
                if not field.scorable:
                    length = 0
            perdoc.add_field(fieldname, field, value if field.stored else None, length)
            if field.scorable:
                quantised = length_to_byte(length)
                lengths = self._lengths.setdefault(fieldname, {})
                lengths[docnum] = byte_to_length(quantised) if quantised else None
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def _add_counts(self, fieldname: str, docnum: int, found: dict[str, int]) -> None:
        terms = self._counted.get(fieldname)
        if terms is None:
            terms = self._counted[fieldname] = {}
        for term, n in found.items():
            entry = terms.get(term)
            if entry is None:
                terms[term] = (array("I", (docnum,)), array("I", (n,)))
            else:
                entry[0].append(docnum)
                entry[1].append(n)

    def _add_postings(self, fieldname: str, docnum: int, postings: Iterable[tuple]) -> int:
        """Add a document's postings of one field; the sum of their frequencies."""
        terms = self._postings.get(fieldname)
        if terms is None:
            terms = self._postings[fieldname] = {}
        weights = self._weights
        length = 0
        for tbytes, freq, weight, vbytes in postings:
            length += freq
            weight = weights.setdefault(weight, weight)  # a few distinct values
            entry = terms.get(tbytes)
            if entry is None:
                terms[tbytes] = (array("I", (docnum,)), [weight], [vbytes])
            else:
                entry[0].append(docnum)
                entry[1].append(weight)
                entry[2].append(vbytes)
        return length

    def _terms(self, fieldname: str) -> Iterator[tuple[bytes, array, list, list]]:
        """Each term of a field with its postings (documents, weights, values), in
        term order, each dropped from memory as it is given."""
        general = self._postings.pop(fieldname, {})
        counted = self._counted.pop(fieldname, {})
        if counted:
            posting_of = _Memo(self.schema[fieldname].count_posting)  # n → (weight, value)

            def expanded(docs: array, counts: array) -> tuple[array, list, list]:
                pairs = [posting_of[n] for n in counts]
                return docs, [w for w, _ in pairs], [v for _, v in pairs]

            if general:  # never for tuireader's schema: each field is indexed one way
                for term in list(counted):
                    general[term.encode("utf-8")] = expanded(*counted.pop(term))
            # str order is the UTF-8 byte order the terms are stored in
            for term in sorted(counted):
                yield (term.encode("utf-8"), *expanded(*counted.pop(term)))
        for tbytes in sorted(general):
            docs, weights, values = general.pop(tbytes)
            yield tbytes, docs, weights, values

    def _flush_segment(self) -> None:
        """Write the postings term by term through the codec's field writer."""
        self.perdocwriter.close()
        writer = self.fieldwriter
        track = self.codec.length_stats
        for fieldname in sorted(self._postings.keys() | self._counted.keys()):
            writer.start_field(fieldname, self.schema[fieldname])
            lengths = self._lengths.get(fieldname)
            length_of = lengths.get if track and lengths is not None else _no_length
            terms = (
                (tbytes, (docs, weights, values, list(map(length_of, docs))))
                for tbytes, docs, weights, values in self._terms(fieldname)
            )
            if isinstance(writer, _BlockFieldWriter):
                writer.write_terms(terms)
            else:
                _write_each(writer, terms)
            writer.finish_field()
        writer.close()

    def _commit_toc(self, segments):  # type: ignore[no-untyped-def]
        if self.segments_before is not None:
            segments = [self.segments_before(), *segments]
        super()._commit_toc(segments)


def can_fork() -> bool:
    """Whether a second process can be forked safely here (Linux; not macOS or Windows)."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


Tally = Callable[[Any], Iterable[str]]
Summarise = Callable[[Counter[str]], dict[str, Any]]


class Tallied(NamedTuple):
    """What ``write_new`` counted: how many items gave each string, and the summaries of
    those counts, each worked out in the process that counted (its caches warm)."""

    counts: Counter[str]
    summary: dict[str, Any]


def _add_all(
    writer: NewSegmentWriter, items: Sequence[Any], to_fields, tally: Tally | None, report
) -> Counter[str]:  # type: ignore[no-untyped-def]
    """Add ``items`` to ``writer``, calling ``report(n)`` every PROGRESS_EVERY of them."""
    counts: Counter[str] = Counter()
    for done, item in enumerate(items, 1):
        writer.add_document(**to_fields(item))
        if tally is not None:
            counts.update(tally(item))
        if done % PROGRESS_EVERY == 0:
            report(PROGRESS_EVERY)
    report(len(items) % PROGRESS_EVERY)
    return counts


#: prctl option: the signal this process gets when the thread that forked it ends
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Make this (forked) process end when ``parent`` does, even by ``kill -9``.

    On Linux the kernel sends SIGKILL when the parent dies; a parent that died before
    that was set is seen by its pid having changed. Elsewhere the progress reports
    poll the parent (see ``_child``).
    """
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the polling below still applies
            pass
    if os.getppid() != parent:
        os._exit(1)


def _child(
    ix,
    items: Sequence[Any],
    to_fields,
    tally: Tally | None,
    summarise: Summarise | None,
    compound: bool,
    results,
    parent: int,
    close_fds: Sequence[int] = (),
) -> None:  # type: ignore[no-untyped-def]
    die_with_parent(parent)
    for fd in close_fds:  # e.g. the parent's lock: it must not outlive the parent
        with contextlib.suppress(OSError):
            os.close(fd)

    def report(n: int) -> None:
        if os.getppid() != parent:  # the parent was killed: its build is abandoned
            os._exit(1)
        results.put(("progress", n))

    try:
        writer = NewSegmentWriter(ix, _lk=False, compound=compound)
        counts = _add_all(writer, items, to_fields, tally, report)
        segment = writer._finalize_segment()
        summary = summarise(counts) if summarise is not None else {}
        results.put(("segment", (segment, Tallied(counts, summary))))
    except OSError as exc:  # e.g. a full disk: the parent raises the same error
        results.put(("oserror", (exc.errno, exc.strerror or str(exc))))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
        results.put(("error", f"{type(exc).__name__}: {exc}"))


class BuildError(Exception):
    """The second indexing process failed."""


class _Helper:
    """A forked process writing the first part of the items as a segment of its own."""

    def __init__(
        self,
        ix,
        items,
        to_fields,
        tally,
        summarise,
        compound: bool,
        progress,
        close_fds: Sequence[int] = (),
    ) -> None:  # type: ignore[no-untyped-def]
        context = multiprocessing.get_context("fork")
        self.results = context.Queue()
        self.progress = progress
        self.process = context.Process(
            target=_child,
            args=(
                ix,
                items,
                to_fields,
                tally,
                summarise,
                compound,
                self.results,
                os.getpid(),
                tuple(close_fds),
            ),
            daemon=True,
        )
        self.process.start()
        self.result: tuple[Any, Tallied] | None = None

    def poll(self, wait: bool) -> None:
        """Take the helper's messages; with ``wait``, until its segment arrives."""
        while self.result is None:
            try:
                kind, value = self.results.get(timeout=0.2) if wait else self.results.get_nowait()
            except queue.Empty:
                if not wait:
                    return
                if not self.process.is_alive() and self.results.empty():
                    raise BuildError("the second indexing process stopped unexpectedly") from None
                continue
            if kind == "progress":
                self.progress(value)
            elif kind == "segment":
                self.result = value
            elif kind == "oserror":
                raise OSError(*value)
            else:
                raise BuildError(f"the second indexing process failed: {value}")

    def segment(self) -> Any:
        self.poll(wait=True)
        assert self.result is not None
        return self.result[0]

    def close(self) -> None:
        if self.process.is_alive() and self.result is None:
            self.process.kill()
        self.process.join()
        self.results.close()


def write_new(
    ix,
    items: Sequence[Any],
    to_fields: Callable[[Any], dict[str, Any]],
    *,
    compound: bool,
    processes: int = 1,
    progress: Progress | None = None,
    tally: Tally | None = None,
    summarise: Summarise | None = None,
    close_fds: Sequence[int] = (),
) -> Tallied:
    """Add ``items`` (as ``to_fields(item)`` documents) to the empty index ``ix`` and commit.

    Returns, for each string ``tally`` gives, the number of items that gave it, and
    ``summarise`` of those counts: each process summarises its own counts, and the
    summaries are merged with ``dict.update`` (so a key's value must not depend on
    which process worked it out). The second process closes ``close_fds`` (files of
    this process, such as a lock, that must not outlive it) and dies with this one.
    """
    total = len(items)
    split = total // 2 if processes > 1 and total >= 2 and can_fork() else 0
    done = 0

    def report(n: int) -> None:
        nonlocal done
        done += n
        if progress and n:
            progress(done, total)

    writer = NewSegmentWriter(ix, compound=compound)
    helper = None
    try:
        if split:
            helper = _Helper(
                ix, items[:split], to_fields, tally, summarise, compound, report, close_fds
            )
            writer.segments_before = helper.segment

        def report_here(n: int) -> None:
            if helper is not None:
                helper.poll(wait=False)
            report(n)

        counts = _add_all(writer, items[split:], to_fields, tally, report_here)
        writer.commit(merge=False)
        summary = summarise(counts) if summarise is not None else {}
        if helper is not None and helper.result is not None:
            theirs = helper.result[1]
            counts.update(theirs.counts)
            summary.update(theirs.summary)
        return Tallied(counts, summary)
    except BaseException:
        if not writer.is_closed:  # a failed commit closes the writer itself
            with contextlib.suppress(Exception):  # the first error is the one to report
                writer.cancel()
        raise
    finally:
        if helper is not None:
            helper.close()
