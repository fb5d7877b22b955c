"""Writing a new index fast: postings gathered per term, and half the papers in a second process.

Whoosh's ``SegmentWriter`` puts every posting into a pool as a tuple, sorts the pool
on commit, and reads each document's field length back from disk per posting. For a
segment written from nothing, this writer instead gathers each term's postings in
memory as papers are added (they arrive in document order, so only the terms need
sorting) and keeps the field lengths it has just computed. Everything else (segment
files, compound files, the TOC, the write lock) is Whoosh's own code.

``write_new`` builds an empty index from many papers. With two processes, a forked
child writes the first half as one segment while this process writes the second
half; the commit then lists both segments, in order.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from whoosh.codec.whoosh3 import W3Codec, W3FieldWriter, W3PostingsWriter
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

Progress = Callable[[int, int], None]
#: report progress (and poll the other process) after this many papers
PROGRESS_EVERY = 250


def _no_length(docnum: int) -> None:
    return None


#: a term with fewer postings is written uncompressed: zlib costs about 40 µs a call
#: here whatever the size, and such a term's block is a few hundred bytes at most.
COMPRESS_MIN_POSTINGS = 32


class _BlockPostingsWriter(W3PostingsWriter):
    """Whoosh's postings writer, taking a term's postings a block at a time."""

    #: what add_many uses of W3PostingsWriter; without them it adds one posting at a time
    _NEEDS = ("_ids", "_weights", "_values", "_maxweight", "_minlength", "_maxlength")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._level = getattr(self, "_compression", None)
        self._by_block: bool | None = None  # known once a term has started

    def add_many(
        self, ids: list[int], weights: list[float], values: list[bytes], lengths: list
    ) -> None:
        """``add_posting`` for each posting in turn, with the same blocks and statistics.

        Blocks of rare terms are left uncompressed (each block says whether it is).
        """
        if self._by_block is None:
            self._by_block = self._level is not None and all(hasattr(self, a) for a in self._NEEDS)
        if not self._by_block:  # another version of Whoosh: its public method
            for posting in zip(ids, weights, values, lengths):
                self.add_posting(*posting)
            return
        self._compression = self._level if len(ids) >= COMPRESS_MIN_POSTINGS else 0
        limit = self._blocklimit
        start, end = 0, len(ids)
        while start < end:
            room = limit - len(self._ids)
            if room <= 0:
                self._write_block()
                continue
            stop = min(end, start + room)
            chunk = weights[start:stop]
            self._ids.extend(ids[start:stop])
            self._weights.extend(chunk)
            self._maxweight = max(self._maxweight, max(chunk))
            self._values.extend(v for v in values[start:stop] if v)
            known = [n for n in lengths[start:stop] if n]
            if known:
                low = min(known)
                if self._minlength is None or low < self._minlength:
                    self._minlength = low
                self._maxlength = max(self._maxlength, max(known))
            start = stop


class _BlockFieldWriter(W3FieldWriter):
    def add_many(
        self, ids: list[int], weights: list[float], values: list[bytes], lengths: list
    ) -> None:
        self._postwriter.add_many(ids, weights, values, lengths)


class BlockCodec(W3Codec):
    """Whoosh's W3 codec whose writers also take postings a block at a time.

    It writes W3Codec's format (leaving rare terms' blocks uncompressed, which each
    block records) and is saved in the index as a W3Codec: the index needs nothing
    from tuireader to be read.
    """

    def field_writer(self, storage, segment):  # type: ignore[no-untyped-def]
        return _BlockFieldWriter(self, storage, segment)

    def postings_writer(self, dbfile, byteids=False):  # type: ignore[no-untyped-def]
        return _BlockPostingsWriter(
            dbfile,
            blocklimit=self._blocklimit,
            byteids=byteids,
            compression=self._compression,
            inlinelimit=self._inlinelimit,
        )

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
        #: (field, term) → documents, weights and values of its postings, in document order
        self._postings: dict[tuple[str, bytes], tuple[array, list, list]] = {}
        self._weights: dict[float, float] = {}
        self._lengths: dict[str, dict[int, int | None]] = {}

    def add_document(self, **fields: Any) -> None:
        self._check_state()
        schema = self.schema
        perdoc = self.perdocwriter
        postings = self._postings
        weights = self._weights
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
                scorable = field.scorable
                for tbytes, freq, weight, vbytes in field.index(value):
                    if scorable:
                        length += freq
                    weight = weights.setdefault(weight, weight)  # a few distinct values
                    entry = postings.get((fieldname, tbytes))
                    if entry is None:
                        postings[fieldname, tbytes] = (array("I", (docnum,)), [weight], [vbytes])
                    else:
                        entry[0].append(docnum)
                        entry[1].append(weight)
                        entry[2].append(vbytes)
            perdoc.add_field(fieldname, field, value if field.stored else None, length)
            if field.scorable:
                quantised = length_to_byte(length)
                lengths = self._lengths.setdefault(fieldname, {})
                lengths[docnum] = byte_to_length(quantised) if quantised else None
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def _flush_segment(self) -> None:
        """Write the postings term by term through the codec's field writer."""
        self.perdocwriter.close()
        writer = self.fieldwriter
        schema = self.schema
        postings = self._postings
        track = self.codec.length_stats
        bulk = isinstance(writer, _BlockFieldWriter)
        current = None
        length_of: Callable[[int], int | None] = _no_length
        for key in sorted(postings):
            fieldname, tbytes = key
            if fieldname != current:
                if current is not None:
                    writer.finish_field()
                writer.start_field(fieldname, schema[fieldname])
                current = fieldname
                lengths = self._lengths.get(fieldname)
                length_of = lengths.get if track and lengths is not None else _no_length
            docs, weights, values = postings.pop(key)
            writer.start_term(tbytes)
            lengths_of_docs = [length_of(doc) for doc in docs]
            if bulk:
                writer.add_many(docs, weights, values, lengths_of_docs)
            else:
                for posting in zip(docs, weights, values, lengths_of_docs):
                    writer.add(*posting)
            writer.finish_term()
        if current is not None:
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


def _child(
    ix, items: Sequence[Any], to_fields, tally: Tally | None, compound: bool, results
) -> None:  # type: ignore[no-untyped-def]
    parent = os.getppid()

    def report(n: int) -> None:
        if os.getppid() != parent:  # the parent was killed: its build is abandoned
            raise SystemExit(1)
        results.put(("progress", n))

    try:
        writer = NewSegmentWriter(ix, _lk=False, compound=compound)
        counts = _add_all(writer, items, to_fields, tally, report)
        results.put(("segment", (writer._finalize_segment(), counts)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
        results.put(("error", f"{type(exc).__name__}: {exc}"))


class BuildError(Exception):
    """The second indexing process failed."""


class _Helper:
    """A forked process writing the first part of the items as a segment of its own."""

    def __init__(self, ix, items, to_fields, tally, compound: bool, progress) -> None:  # type: ignore[no-untyped-def]
        context = multiprocessing.get_context("fork")
        self.results = context.Queue()
        self.progress = progress
        self.process = context.Process(
            target=_child, args=(ix, items, to_fields, tally, compound, self.results), daemon=True
        )
        self.process.start()
        self.result: tuple[Any, Counter[str]] | None = None

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
) -> Counter[str]:
    """Add ``items`` (as ``to_fields(item)`` documents) to the empty index ``ix`` and commit.

    Returns, for each string ``tally`` gives, the number of items that gave it.
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
            helper = _Helper(ix, items[:split], to_fields, tally, compound, report)
            writer.segments_before = helper.segment

        def report_here(n: int) -> None:
            if helper is not None:
                helper.poll(wait=False)
            report(n)

        counts = _add_all(writer, items[split:], to_fields, tally, report_here)
        writer.commit(merge=False)
        if helper is not None and helper.result is not None:
            counts.update(helper.result[1])
        return counts
    except BaseException:
        if not writer.is_closed:
            writer.cancel()
        raise
    finally:
        if helper is not None:
            helper.close()
