"""Whoosh behind one door: every use of Whoosh's private names is in this module.

tuireader reads and writes Whoosh's W3 segments faster than Whoosh's public API does
(see ``segments``, ``w3format`` and ``fastsearch``), through names Whoosh does not
promise to keep: ``W3TermInfo._struct``, ``filetables._lengths``, the field writer's
``_postfile``/``_tindex``, ``W3LeafMatcher._read_data``, ``SegmentWriter._flush_segment``
and ``_commit_toc``, a column reader's ``_dbfile``, ``FileIndex._segments`` and others.

``internals()`` checks once, at first use (never at import), that the installed Whoosh
is the tested version and has all of them. When it is not, every caller here takes
Whoosh's public writer and matchers instead (slower, same index, same results), and
``take_note()`` gives a one-line note for the user, once.
"""

from __future__ import annotations

import contextlib
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import whoosh
from whoosh import query as wq
from whoosh.codec import whoosh3
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3Codec, W3FieldWriter, W3LeafMatcher
from whoosh.filedb import filetables
from whoosh.index import FileIndex
from whoosh.matching import NullMatcher
from whoosh.matching.wrappers import FilterMatcher
from whoosh.query.wrappers import WrappingQuery
from whoosh.system import pack_int, pack_long, pack_ushort
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

from tuireader.search.w3format import Batch, Postings, md5_low, postings_bytes

#: the Whoosh release (major, minor) whose internals this module was written and tested
#: against; pyproject.toml pins whoosh3 to it.
TESTED = (3, 54)

#: the private names used here, by owner: checked by ``internals()`` before any is read
_NEEDED: tuple[tuple[object, tuple[str, ...]], ...] = (
    (whoosh3.W3TermInfo, ("_struct",)),
    (filetables, ("_lengths", "md5_hash")),
    (W3FieldWriter, ("start_field", "finish_field")),
    (W3Codec, ("field_writer",)),
    (
        SegmentWriter,
        ("_flush_segment", "_commit_toc", "_finalize_segment", "_check_state", "_check_fields"),
    ),
    (W3LeafMatcher, ("_read_data", "_read_ids", "_read_weights", "_next_block", "block_max_id")),
    (FileIndex, ("_segments",)),
)
#: the struct formats the term writer packs (W3TermInfo's and a hash file row's lengths)
_FORMATS = {"W3TermInfo._struct": "!BfIBBfII", "filetables._lengths": "!ii"}


@dataclass(frozen=True)
class Internals:
    """Whether Whoosh's internals are the ones this module knows, and if not, why."""

    usable: bool
    reason: str = ""


_checked: Internals | None = None
_noted = False


def internals() -> Internals:
    """The one check of Whoosh's version and private names, made at first use."""
    global _checked
    if _checked is None:
        _checked = _check()
    return _checked


def _check() -> Internals:
    version = tuple(getattr(whoosh, "__version__", ())[:2])
    if version != TESTED:
        found = ".".join(map(str, version)) or "unknown"
        return Internals(False, f"Whoosh {found} is not the tested {TESTED[0]}.{TESTED[1]}")
    missing = [
        f"{getattr(owner, '__name__', owner)}.{name}"
        for owner, names in _NEEDED
        for name in names
        if not hasattr(owner, name)
    ]
    if missing:
        return Internals(False, f"Whoosh lacks {', '.join(missing)}")
    formats = {
        "W3TermInfo._struct": whoosh3.W3TermInfo._struct.format,
        "filetables._lengths": filetables._lengths.format,
    }
    changed = [name for name, fmt in formats.items() if fmt != _FORMATS[name]]
    if changed:
        return Internals(False, f"Whoosh's {', '.join(changed)} changed")
    return Internals(True)


def take_note() -> str | None:
    """Once per process, after the check failed: a line saying the slower path is used."""
    global _noted
    checked = _checked
    if checked is None or checked.usable or _noted:
        return None
    _noted = True
    return f"{checked.reason}: the search index uses Whoosh's public writer and matchers (slower)"


# -- reading -----------------------------------------------------------------------------

#: field length of each stored length byte (a missing length counts as 1, as in scoring)
LENGTH_OF_BYTE = [byte_to_length(b) if b else 1 for b in range(256)]


def blocks(
    leaf: Any, fieldname: str, text: str, only: Sequence[int] | None = None
) -> Iterator[tuple[Sequence[int], Sequence[float]]]:
    """A segment's postings of one term as (documents, weights), a block at a time.

    Whoosh's matcher interface costs several Python calls per posting; its W3 matcher
    decodes a whole block at once anyway, so this takes the decoded block. With
    ``only`` (ascending documents), blocks holding none of them are skipped by their
    header, undecoded. Any other matcher, or other internals, are read posting by
    posting. Deleted documents are included.
    """
    m = leaf.postings(fieldname, text)
    if isinstance(m, FilterMatcher):
        # the filter leaving out deleted documents has moved past those it began with
        m = m.child
        m.reset()
    if isinstance(m, W3LeafMatcher) and internals().usable:
        wanted = 0
        while m.is_active():
            if only is not None:
                if wanted >= len(only):
                    return
                top = m.block_max_id()
                if only[wanted] > top:  # none of ``only`` in this block
                    m._next_block()
                    continue
                wanted = bisect_right(only, top, wanted)
            yield _decoded(m)
            m._next_block()
        return
    ids, weights = [], []
    while m.is_active():
        ids.append(m.id())
        weights.append(m.weight())
        m.next()
    yield ids, weights


def _decoded(m: W3LeafMatcher) -> tuple[Sequence[int], Sequence[float]]:
    """The documents and weights of a W3 matcher's current block.

    W3 stores a block's documents as gaps, and its weights as None (all 1), one number
    (all equal) or one per posting. Whoosh undoes that with a Python generator per
    posting; ``accumulate`` and list repetition do it in C.
    """
    m._read_data()
    data = m._data
    if not (isinstance(data, tuple) and len(data) == 3):  # another layout: Whoosh's own
        m._read_ids()
        m._read_weights()
        return m._ids, m._weights
    gaps, weights, _values = data
    ids = list(accumulate(gaps))
    if weights is None:
        weights = [1.0] * len(ids)
    elif isinstance(weights, float):
        weights = [weights] * len(ids)
    return ids, weights


def field_length_bytes(leaf: Any, fieldname: str) -> bytes:
    """Every document's length of ``fieldname`` in one segment, as the byte Whoosh keeps
    it in (``LENGTH_OF_BYTE`` gives the length; 0: unknown, counted as 1).

    At 100,000 papers this is a slice of the lengths file, where a list of lengths
    would be a Python object per document and field."""
    count = leaf.doc_count_all()
    if internals().usable:
        # another codec raises: ask document by document
        with contextlib.suppress(Exception):
            return _stored_length_bytes(leaf, fieldname, count)
    return bytes(length_to_byte(leaf.doc_field_length(d, fieldname, 1) or 1) for d in range(count))


def _stored_length_bytes(leaf: Any, fieldname: str, count: int) -> bytes:
    perdoc = getattr(leaf, "_perdoc", None)
    column = f"_{fieldname}_len"
    if perdoc is None:
        raise LookupError
    if not perdoc.has_column(column):
        return bytes(count)
    reader = perdoc.column_reader(column, LENGTHS_COLUMN)
    stored = getattr(reader, "_count", None)
    if getattr(reader, "_fixedlen", None) == 1 and isinstance(stored, int):
        # one byte per document: read them all at once, not one call per document
        raw = bytes(reader._dbfile.get(reader._basepos, stored))
    else:
        raw = bytes(reader.load())
    if len(raw) > count:
        raise LookupError
    return raw + bytes(count - len(raw))


def segment_files(ix: Any) -> tuple[str, tuple[str, ...]]:
    """The current TOC's file name and the file-name prefixes of its segments."""
    generation = ix.latest_generation()
    toc = f"_{getattr(ix, 'indexname', 'MAIN')}_{generation}.toc"
    if internals().usable:
        segments = ix._segments()
    else:
        with ix.reader() as reader:
            segments = [leaf.segment() for leaf, _ in reader.leaf_readers()]
    return toc, tuple(f"{seg.segment_id()}." for seg in segments if seg is not None)


# -- writing -----------------------------------------------------------------------------


def new_segment_writer(ix: Any, **kwargs: Any) -> Any:
    """A writer for a new segment of ``ix``: ``NewSegmentWriter`` when the internals are
    the known ones, else Whoosh's own (``segments_before`` unsupported)."""
    if internals().usable:
        return NewSegmentWriter(ix, **kwargs)
    kwargs.pop("_lk", None)
    return ix.writer(**kwargs)


def finish_segment(writer: Any) -> Any:
    """Write ``writer``'s segment without committing it; the segment, for another
    process's commit to list."""
    return writer._finalize_segment()


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


def _write_each(writer: Any, terms: Iterable[tuple[bytes, Postings]]) -> None:
    """Write terms through a field writer's public methods, a posting at a time."""
    for tbytes, postings in terms:
        writer.start_term(tbytes)
        for posting in zip(*postings):
            writer.add(*posting)
        writer.finish_term()


class _BlockFieldWriter(W3FieldWriter):
    """Whoosh's W3 field writer that also writes a field's terms in one call."""

    #: what write_terms uses of W3FieldWriter, W3Codec and the terms' OrderedHashWriter
    _NEEDS = ("_postfile", "_tindex", "_fieldid", "_format")
    _NEEDS_CODEC = ("_blocklimit", "_compression")
    _NEEDS_TERMS = ("dbfile", "index", "buckets", "hashfn", "lastkey")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.direct = internals().usable and (
            all(hasattr(self, a) for a in self._NEEDS)
            and all(hasattr(self._codec, a) for a in self._NEEDS_CODEC)
            and all(hasattr(self._tindex, a) for a in self._NEEDS_TERMS)
        )

    def write_terms(self, terms: Iterable[tuple[bytes, Postings]]) -> None:
        """``start_term``, ``add`` per posting and ``finish_term`` for each term of the
        current field, in term order, writing the bytes W3PostingsWriter, W3TermInfo and
        OrderedHashWriter.add write (see ``postings_bytes``), a batch at a time."""
        if not self.direct:  # another version of Whoosh: its public methods
            _write_each(self, terms)
            return
        postfile = self._postfile
        offset = postfile.tell()
        fixed = self._format.fixed_value_size()
        limit, level = self._codec._blocklimit, self._codec._compression
        table = self._tindex
        hashfn = md5_low if table.hashfn is filetables.md5_hash else table.hashfn
        buckets = table.buckets
        rows = Batch(table.dbfile)
        chunks = Batch(postfile)
        field = pack_ushort(self._fieldid)
        key = table.lastkey
        for tbytes, postings in terms:
            chunk, total, top_weight, shortest, longest = postings_bytes(
                postings, fixed, limit, level
            )
            docs = postings[0]
            terminfo = whoosh3.W3TermInfo._struct.pack(
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
            rows.add(filetables._lengths.pack(len(key), len(value)) + key + value)
        chunks.flush()
        rows.flush()
        table.lastkey = key


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
        #: gives the segments written by other processes that come before this one, in
        #: order; asked for only once this segment is written, so all are written at once.
        self.segments_before: Callable[[], list[Any]] | None = None
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
            segments = [*self.segments_before(), *segments]
        super()._commit_toc(segments)


# -- querying ----------------------------------------------------------------------------


class CheckedQuery(WrappingQuery):
    """The documents of ``child`` that ``check(searcher, docnum)`` accepts, scored as ``child``."""

    def __init__(self, child: wq.Query, check: Callable[[object, int], bool]) -> None:
        super().__init__(child)
        self.check = check

    def _rewrap(self, child: wq.Query) -> CheckedQuery:
        return CheckedQuery(child, self.check)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CheckedQuery)
            and other.child == self.child
            and other.check is self.check
        )

    def __hash__(self) -> int:
        return hash(("checked", self.child, id(self.check)))

    def matcher(self, searcher, context=None):  # type: ignore[no-untyped-def]
        accepted = frozenset(
            d for d in self.child.matcher(searcher, context).all_ids() if self.check(searcher, d)
        )
        if not accepted:
            return NullMatcher()
        return FilterMatcher(self.child.matcher(searcher, context), accepted)
