"""A few papers of a large library, without reading all of it.

A library opened from the cache of read lists (``cache.LazyLibrary``) reads each paper's
record when it is asked for. What needs every paper to answer for one is kept beside the
library's cache entry, named by the entry's content (its token), so that it is worked
out once: each paper's citation key (a key is told apart from every other paper's of the
library, see ``render.citations.cite_keys``), and the keys that find each paper (its DOI,
arXiv id, the key its list gives it: ``identity.papers_named`` and ``papers_keyed``).

:func:`keyed` gives the library as those look papers up: by the keys kept.

:func:`citing` gives the library as a citation reads it: its papers as a sequence that
reads only those taken from it (the few thousand, evenly spread, whose word use a
citation counts), never the library whole.
"""

from __future__ import annotations

import contextlib
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any, overload

from tuireader.ingest.cache import (
    CacheMiss,
    LazyLibrary,
    program_tag,
    read_header,
    read_payload,
    write_entry,
)
from tuireader.model import Library, Paper, first_keyed

#: what the file of the citation keys is named by, before the library entry's name
KEYS_KIND = "citekeys"
#: the shape of its entries (not a library's)
_KEYS_SHAPE = "citation keys 1"
#: what the file of the keys that find each paper is named by
FINDING_KIND = "findkeys"
_FINDING_SHAPE = "finding keys 1"
#: what the file of what each paper's citation key begins with is named by
STEMS_KIND = "keystems"
_STEMS_SHAPE = "citation key stems 1"
#: what the file naming the vectors of the library's papers (``learn.space_digest``) is
#: named by
VECTORS_KIND = "vectorsof"
_VECTORS_SHAPE = "vectors of 1"


class _Papers(Sequence[Paper]):
    """The papers of a lazy library in list order, each read when it is taken."""

    def __init__(self, library: LazyLibrary) -> None:
        self._library = library
        self._ids = library.paper_ids()

    def __len__(self) -> int:
        return len(self._ids)

    @overload
    def __getitem__(self, at: int) -> Paper: ...

    @overload
    def __getitem__(self, at: slice) -> tuple[Paper, ...]: ...

    def __getitem__(self, at: int | slice) -> Paper | tuple[Paper, ...]:
        if isinstance(at, slice):
            return tuple(self._paper(paper_id) for paper_id in self._ids[at])
        return self._paper(self._ids[at])

    def __iter__(self) -> Iterator[Paper]:
        return (self._paper(paper_id) for paper_id in self._ids)

    def _paper(self, paper_id: str) -> Paper:
        paper = self._library.get(paper_id)
        if paper is None:  # its entry fell back to lists that no longer hold it
            raise LookupError(paper_id)
        return paper


class _Citing(Library):
    """A lazy library as a citation reads it (:func:`citing`): its ``papers`` only."""

    _source: LazyLibrary

    def __init__(self, library: LazyLibrary) -> None:
        object.__setattr__(self, "_source", library)

    @property  # type: ignore[override]
    def papers(self) -> Sequence[Paper]:  # type: ignore[override]
        return _Papers(self._source)

    def __len__(self) -> int:
        return len(self._source)

    def __repr__(self) -> str:
        return f"citing({self._source!r})"


def citing(library: Library) -> Library:
    """``library`` as a citation takes it (``render.citations``): a lazy library not
    read whole yet as a view whose papers are read as they are taken; any other as it is."""
    if isinstance(library, LazyLibrary) and not library.complete:
        return _Citing(library)
    return library


def _kept_path(entry: Path, kind: str) -> Path:
    """The file of what is kept of ``kind`` beside the library entry ``entry``."""
    return entry.with_name(entry.name.replace("library-", f"{kind}-", 1))


def _read_keys(
    path: Path, token: str, ids: Sequence[str], wanted: Sequence[str]
) -> dict[str, str] | None:
    """The keys of the papers ``wanted`` kept at ``path`` for the library of content
    ``token`` (whose papers' ids are ``ids``, in list order); None when they are not
    all there."""
    kept = _kept_keys(path, token, len(ids))
    if kept is None:
        return None
    offsets, text = kept
    # each paper's place found once (``ids.index`` per paper read the ids again for each)
    place: dict[str, int] = {}
    for at, paper_id in enumerate(ids):
        place.setdefault(paper_id, at)
    keys: dict[str, str] = {}
    for paper_id in wanted:
        try:
            at = place[paper_id]
            keys[paper_id] = text[offsets[at] : offsets[at + 1]].decode("utf-8", "surrogatepass")
        except (KeyError, UnicodeDecodeError):
            return None
    return keys


def _read_kept(path: Path, shape: str, token: str | None) -> Any:
    """What is kept at ``path`` (of header ``shape``) for the library of content
    ``token``; None when nothing is, or it was kept for other content."""
    try:
        with open(path, "rb") as handle:
            head = read_header(handle, shape)
            return read_payload(handle, head) if head.get("token") == token else None
    except (OSError, CacheMiss):
        return None


def _kept_keys(path: Path, token: str, count: int) -> tuple[array[int], bytes] | None:
    """The keys kept at ``path`` for the library of content ``token`` (of ``count``
    papers), as written: where each one ends, and their text; None when not kept."""
    try:
        with open(path, "rb") as handle:
            head = read_header(handle, _KEYS_SHAPE)
            if head.get("token") != token:
                return None
            offsets_raw, text = read_payload(handle, head)
        offsets = array("q")
        offsets.frombytes(offsets_raw)
    except (OSError, CacheMiss, ValueError, TypeError):
        return None
    if not isinstance(text, bytes) or len(offsets) != count + 1 or offsets[-1] != len(text):
        return None
    return offsets, text


def _write_keys(path: Path, token: str, ids: Sequence[str], keys: Mapping[str, str]) -> None:
    """Keep ``keys`` at ``path``, one for each of ``ids`` in their order."""
    encoded = [keys[paper_id].encode("utf-8", "surrogatepass") for paper_id in ids]
    offsets = array("q", accumulate(map(len, encoded), initial=0))
    _write_kept(path, KEYS_KIND, _KEYS_SHAPE, token, (offsets.tobytes(), b"".join(encoded)))


def _write_kept(path: Path, kind: str, shape: str, token: str, payload: Any) -> None:
    """Keep ``payload`` at ``path`` (of ``kind``, beside a library entry), for the library
    whose content ``token`` names; those of this kind other programs kept beside
    entries no longer there go."""
    if write_entry(path, {"kind": kind, "token": token}, payload, shape=shape):
        stem = path.stem.rsplit("-", 1)[0]
        for other in path.parent.glob(f"{stem}-*.bin"):
            library = other.with_name(other.name.replace(f"{kind}-", "library-", 1))
            if other != path and not library.exists():
                with contextlib.suppress(OSError):
                    other.unlink()


#: how many papers' keys at most are worked out from the papers whose keys could meet
#: theirs (each looks through every paper's stem): more are worked out with every
#: paper's, kept for the next cite
FEW_TO_CITE = 200


def cite_keys(
    library: Library, entry: Path | None, token: str | None, papers: Sequence[Paper]
) -> Mapping[str, str] | None:
    """The citation key of each of ``papers`` in ``library`` (as
    ``render.citations.cite_keys`` gives them, told apart from every other paper's),
    from the keys kept beside the library's cache entry ``entry`` whose content
    ``token`` names; else worked out from the papers whose keys could meet theirs (what
    each paper's key begins with kept there, for the next cite), or from every paper,
    and kept there. A library read whole and just written as ``entry`` (the first
    command after ``add``) is one of these too. None for a library with no such entry
    (lists read from a stream, no cache): its keys are worked out as they always were."""
    if entry is None or token is None or not entry.name.endswith(f"-{program_tag()}.bin"):
        return None
    if isinstance(library, LazyLibrary) and token != library.token:
        return None
    path = _kept_path(entry, KEYS_KIND)
    wanted = [paper.id for paper in papers]
    lazy_whole = isinstance(library, LazyLibrary) and library.complete
    keys = None if lazy_whole else _read_keys(path, token, library.paper_ids(), wanted)
    if keys is None and wanted and len(wanted) <= FEW_TO_CITE:
        # not kept yet: only the papers whose keys could meet these ones' are worked out
        # (see ``keys_among_collisions``), not every paper's
        keys = _keys_of(_library_stems(library, entry, token), wanted)
    if keys is None:
        from tuireader.render.citations import cite_keys as library_keys

        whole: Any = library
        every = library_keys(whole.papers, whole)
        _write_keys(path, token, library.paper_ids(), every)
        keys = {paper_id: every[paper_id] for paper_id in wanted}
    return keys


class _Stems:
    """What each paper's citation key begins with, worked out only as far as it is
    cheap (see :func:`keys_among_collisions`): the key its source gives (lower case)
    for a paper with one; else the year and first title word that end its generated
    key (``2024weightless`` of ``feng2024weightless``), whose family name, the costly
    part, is worked out only for the papers those could make collide."""

    def __init__(
        self,
        ids: Sequence[str],
        cheap: Sequence[tuple[str | None, str, int | None]],
        paper_of: Callable[[str], Paper | None],
    ) -> None:
        #: each id once, in list order
        self.ids = ids
        #: per paper: its source key (lower case) and "", or None and the year and title
        #: word that end its generated key, with where the first digit of those is
        #: (None: none; -1: its family name may hold one too, see ``_generated_ending``)
        self.cheap = cheap
        self._paper_of = paper_of
        self._exact: dict[int, str] = {}

    @classmethod
    def of(cls, papers: Iterable[Paper]) -> _Stems:
        """The stems of ``papers`` (each id's first paper, as ``_assign_keys`` takes it)."""
        from tuireader.render.citations import _source_key

        first: dict[str, Paper] = {}
        for paper in papers:
            first.setdefault(paper.id, paper)
        cheap: list[tuple[str | None, str, int | None]] = []
        for paper in first.values():
            source = _source_key(paper)
            if source is not None:
                cheap.append((source.lower(), "", None))
                continue
            ending, certain = _generated_ending(paper)
            cheap.append((None, ending, _first_digit(ending) if certain else -1))
        return cls(tuple(first), cheap, first.get)

    def paper(self, at: int) -> Paper:
        found = self._paper_of(self.ids[at])
        if found is None:  # (its entry fell back to lists that no longer hold it)
            raise LookupError(self.ids[at])
        return found

    def exact(self, at: int) -> str:
        """The lower-case stem of the paper at ``at``: its source key, or its generated
        key before any suffix."""
        found = self._exact.get(at)
        if found is None:
            source, _ending, _digit = self.cheap[at]
            if source is not None:
                found = source
            else:
                from tuireader.render.citations import base_key

                found = base_key(self.paper(at)).lower()
            self._exact[at] = found
        return found

    def touching(self, stem: str) -> list[int]:
        """Where the papers are whose stems begin with ``stem`` or begin it; raises
        LookupError when the cheap parts cannot tell (``stem`` holds no digit)."""
        first = _first_digit(stem)
        if first is None:
            raise LookupError(stem)
        found: list[int] = []
        inner = stem[1:first]
        for at, (source, ending, digit) in enumerate(self.cheap):
            if source is not None:
                if source.startswith(stem) or stem.startswith(source):
                    found.append(at)
                continue
            if digit == -1:  # a family name that may hold digits: worked out whole
                exact = self.exact(at)
                if exact.startswith(stem) or stem.startswith(exact):
                    found.append(at)
                continue
            if digit is None:
                # no digit in the ending, so none in the whole stem: it could only be
                # one of the letters before the stem's first digit
                if ending in inner:
                    found.append(at)
                continue
            # the family name holds no digit: the stem's first digit is the ending's
            if digit < first:
                rest = stem[first - digit :]
                if ending.startswith(rest) or rest.startswith(ending):
                    found.append(at)
        return found


def _first_digit(text: str) -> int | None:
    found = _DIGIT.search(text)
    return found.start() if found is not None else None


_DIGIT = re.compile(r"[0-9]")


def _generated_ending(paper: Paper) -> tuple[str, bool]:
    """The year and first title word that end the key generated for ``paper``
    (``render.citations.base_key``), and whether its family name surely holds no digit
    (one taken from a group's name, ``{3M Company}``, may)."""
    from tuireader.render.citations import (
        _ascii_fold,
        _first_word,
        _tags_as_latex,
        _with_source,
        _year,
    )

    full = _with_source(paper)
    year = _year(full)
    ending = f"{year if year else ''}{_first_word(_tags_as_latex(paper.title))}"
    names: list[str] = [*full.authors, *full.editor, *full.author_names]
    entry = paper.source_entry
    if entry is not None:
        names += [entry.get("author") or "", entry.get("editor") or ""]
    for name in names:
        if "&" in name:  # a character reference may be one ("&frac12;")
            return ending, False
        if "\\" in name or not name.isascii():
            name = f"{name} {_ascii_fold(name)}"
        if _ANY_DIGIT.search(name):
            return ending, False
    return ending, True


_ANY_DIGIT = re.compile(r"\d")


def keys_among_collisions(papers: Sequence[Paper], wanted: Sequence[str]) -> dict[str, str] | None:
    """The citation keys of the papers ``wanted`` (ids) among ``papers`` (a library's,
    in list order), each as ``render.citations.cite_keys`` gives it told apart from
    every paper's, worked out from only the papers whose keys could meet theirs.

    A key is its stem (the key the source gives, else ``familyYearFirstword``) and the
    suffix a collision gives: papers whose stems do not begin one another never take
    each other's keys. So the keys of the papers whose stems begin with the shortest
    stem that begins a wanted paper's are those of the whole library; the year and
    title word ending each generated stem find them, and only their family names are
    worked out. None when that cannot be told so (a stem without a digit, whose family
    name could run into any other's), or a wanted paper is not among ``papers``: the
    whole library's keys are then worked out."""
    return _keys_of(_Stems.of(papers), wanted)


def _keys_of(stems: _Stems, wanted: Sequence[str]) -> dict[str, str] | None:
    """:func:`keys_among_collisions` of the papers whose stems are ``stems``."""
    from tuireader.render.citations import _assign_keys

    place: dict[str, int] = {}
    for number, paper_id in enumerate(stems.ids):
        place.setdefault(paper_id, number)
    among: set[int] = set()
    try:
        for paper_id in wanted:
            own = place.get(paper_id)
            if own is None:
                return None
            stem = stems.exact(own)
            while True:
                found = stems.touching(stem)
                shortest = min(
                    (stems.exact(k) for k in found if stem.startswith(stems.exact(k))),
                    key=len,
                    default=stem,
                )
                if shortest == stem:
                    break
                stem = shortest
            among.update(k for k in found if stems.exact(k).startswith(stem))
        keys = _assign_keys([stems.paper(at) for at in sorted(among)])
    except LookupError:
        return None
    return {paper_id: keys[paper_id] for paper_id in wanted}


def _library_stems(library: Library, entry: Path, token: str) -> _Stems:
    """The stems of ``library``'s papers (see :class:`_Stems`): as kept beside its cache
    entry, its papers read as they are wanted; else worked out from every paper, and
    kept."""
    path = _kept_path(entry, STEMS_KIND)
    ids = library.paper_ids()
    kept = _read_kept(path, _STEMS_SHAPE, token)
    if (
        isinstance(kept, tuple)
        and len(kept) == 2
        and isinstance(kept[0], tuple)
        and isinstance(kept[1], tuple)
        and len(kept[0]) == len(kept[1])
        and set(kept[0]) == set(ids)
        and all(_cheap_shaped(item) for item in kept[1])
    ):
        return _Stems(kept[0], kept[1], library.get)
    whole: Any = library
    stems = _Stems.of(whole.papers)
    _write_kept(path, STEMS_KIND, _STEMS_SHAPE, token, (tuple(stems.ids), tuple(stems.cheap)))
    return stems


def _cheap_shaped(item: object) -> bool:
    return (
        isinstance(item, tuple)
        and len(item) == 3
        and (item[0] is None or isinstance(item[0], str))
        and isinstance(item[1], str)
        and (item[2] is None or isinstance(item[2], int))
    )


def _kept_beside(library: Library, entry: Path | None, token: str | None) -> bool:
    """Whether ``library`` is read lazily from the cache entry ``entry`` whose content
    ``token`` names, beside which what is worked out of it may be kept."""
    return (
        isinstance(library, LazyLibrary)
        and entry is not None
        and token is not None
        and token == library.token
        and entry.name.endswith(f"-{program_tag()}.bin")
    )


def kept_vectors(library: Library, entry: Path | None, token: str | None) -> tuple[str, str] | None:
    """What the vectors of ``library``'s papers are made by and their digest
    (``learn.made_by`` and ``learn.space_digest``), as kept beside its cache entry
    ``entry`` (:func:`keep_vectors`), so that they are found without reading every
    paper; None when none are kept, or the library is not read from ``entry``."""
    if not _kept_beside(library, entry, token):
        return None
    assert entry is not None
    kept = _read_kept(_kept_path(entry, VECTORS_KIND), _VECTORS_SHAPE, token)
    if isinstance(kept, tuple) and len(kept) == 2 and all(isinstance(k, str) for k in kept):
        return kept
    return None


def keep_vectors(
    library: Library, entry: Path | None, token: str | None, made: str, digest: str
) -> None:
    """Keep beside ``library``'s cache entry what the vectors of its papers are made by
    and their digest (see :func:`kept_vectors`)."""
    if _kept_beside(library, entry, token) and kept_vectors(library, entry, token) != (
        made,
        digest,
    ):
        assert entry is not None and token is not None
        _write_kept(
            _kept_path(entry, VECTORS_KIND), VECTORS_KIND, _VECTORS_SHAPE, token, (made, digest)
        )


class _Keyed(Library):
    """A lazy library whose papers are found by their keys (``with_key``) in the table
    kept beside its cache entry (:func:`keyed`)."""

    _source: LazyLibrary
    _entry: Path
    _table: dict[str, tuple[str, ...]] | None

    def __init__(self, library: LazyLibrary, entry: Path) -> None:
        object.__setattr__(self, "_source", library)
        object.__setattr__(self, "_entry", entry)
        object.__setattr__(self, "_table", None)

    def get(self, paper_id: str) -> Paper | None:
        return self._source.get(paper_id)

    def with_key(
        self, keys: Sequence[str], keys_of: Callable[[Paper], Iterable[str]]
    ) -> tuple[Paper, ...]:
        source = self._source
        if source.complete:
            return source.with_key(keys, keys_of)
        table = self._table
        if table is None:
            table = _finding_table(source, self._entry, keys_of)
            object.__setattr__(self, "_table", table)
        return first_keyed(table, keys, source.get)

    def __len__(self) -> int:
        return len(self._source)

    def __repr__(self) -> str:
        return f"keyed({self._source!r})"


def _finding_table(
    library: LazyLibrary, entry: Path, keys_of: Callable[[Paper], Iterable[str]]
) -> dict[str, tuple[str, ...]]:
    """Each key that finds a paper of ``library`` with the ids of the papers it finds,
    in list order (as ``Library.with_key`` makes it): kept beside the library's cache
    entry, else made from every paper and kept."""
    path = _kept_path(entry, FINDING_KIND)
    token = library.token
    table = _read_kept(path, _FINDING_SHAPE, token)
    if isinstance(table, dict) and all(
        isinstance(key, str) and isinstance(ids, tuple) for key, ids in table.items()
    ):
        return table
    table = {}
    for paper in library.papers:
        for key in keys_of(paper):
            table[key] = (*table.get(key, ()), paper.id)
    _write_kept(path, FINDING_KIND, _FINDING_SHAPE, token, table)
    return table


def keyed(library: Library, entry: Path | None, token: str | None) -> Library:
    """``library`` as ``identity.papers_named`` and ``papers_keyed`` look papers up in it
    (``with_key``): a lazy library not read whole, read from the cache entry ``entry``
    whose content ``token`` names, finds them by the table of every paper's keys kept
    beside it (made from every paper, and kept, the first time); any other as it is."""
    if (
        not isinstance(library, LazyLibrary)
        or library.complete
        or entry is None
        or token != library.token
        or not entry.name.endswith(f"-{program_tag()}.bin")
    ):
        return library
    return _Keyed(library, entry)


def cited_as(library: Library, key: str, *, work_out: bool) -> tuple[Paper, ...] | None:
    """The papers of ``library`` whose citation key is ``key``, in any case (as
    ``render.citations.papers_cited_as`` finds them), from the keys kept beside its
    cache entry (worked out from every paper, and kept, when none are and ``work_out``:
    the first ``cite`` of a large library waits for them too), for a library
    :func:`keyed` gives; None for any other, which is read as it always was."""
    if not isinstance(library, _Keyed):
        return None
    source, entry = library._source, library._entry
    token = source.token
    if token is None:
        return None
    path = _kept_path(entry, KEYS_KIND)
    ids = source.paper_ids()
    keys = _all_keys(path, token, len(ids))
    if keys is None and not work_out:
        return ()
    if keys is None:
        cite_keys(source, entry, token, ())
        keys = _all_keys(path, token, len(ids))
    if keys is None:
        return None
    wanted = key.strip().lower()
    found = (source.get(ids[at]) for at, own in enumerate(keys) if own.lower() == wanted)
    return tuple(paper for paper in found if paper is not None)


def _all_keys(path: Path, token: str, count: int) -> list[str] | None:
    """Every paper's key kept at ``path`` for the library of content ``token`` (of
    ``count`` papers), in list order; None when they are not kept."""
    kept = _kept_keys(path, token, count)
    if kept is None:
        return None
    offsets, text = kept
    try:
        return [
            text[offsets[at] : offsets[at + 1]].decode("utf-8", "surrogatepass")
            for at in range(count)
        ]
    except UnicodeDecodeError:
        return None


def papers_cited(library: Library, key: str, *, yearless: bool = False) -> tuple[Paper, ...]:
    """The papers of ``library`` whose citation key is ``key``
    (``render.citations.papers_cited_as``): for a library :func:`keyed` gives, from the
    keys kept beside its cache entry, worked out the first time only for a word shaped
    as such a key, so no paper is read to find one. ``yearless``: a key without a year
    (``lovelacemorphology``) is looked up too, among the papers without one whose title's
    first word ends it (:func:`_yearless_candidates`)."""
    from tuireader.render.citations import (
        papers_cited_as,
        shaped_as_cite_key,
        shaped_as_yearless_key,
    )

    if yearless and shaped_as_yearless_key(key):
        candidates = _yearless_candidates(library, key)
        if candidates is None or not isinstance(library, _Keyed):
            return papers_cited_as(library, key, yearless=True)
        if not candidates:
            return ()
        source = library._source
        keys = cite_keys(source, library._entry, source.token, candidates) or {}
        wanted = key.strip().lower()
        return tuple(paper for paper in candidates if keys.get(paper.id, "").lower() == wanted)
    kept = cited_as(library, key, work_out=shaped_as_cite_key(key))
    return kept if kept is not None else papers_cited_as(library, key)


def _yearless_candidates(library: Library, key: str) -> list[Paper] | None:
    """The papers of a library :func:`keyed` gives that may have (or have had) the key
    ``key``, one without a year: those without a year whose list gives them no key and
    whose title's first word ends ``key`` before any collision suffix, found by the
    stems kept beside its cache entry (worked out, and kept, the first time), reading
    no other paper. None for any other library, whose papers are all read."""
    if not isinstance(library, _Keyed):
        return None
    source = library._source
    token = source.token
    if token is None:
        return None
    stems = _library_stems(source, library._entry, token)
    wanted = key.strip().lower()
    found: list[Paper] = []
    for at, (own, ending, _digit) in enumerate(stems.cheap):
        if own is not None or not ending or ending[:4].isdigit():
            continue  # (its list gives its key, or it has a year)
        ends = (wanted[: len(wanted) - cut] for cut in range(3) if len(wanted) - cut > 0)
        if any(stem.endswith(ending) and len(stem) > len(ending) for stem in ends):
            with contextlib.suppress(LookupError):
                found.append(stems.paper(at))
    return found


def papers_formerly_cited(
    library: Library, key: str, *, yearless: bool = False
) -> tuple[Paper, ...]:
    """The papers of ``library`` that an earlier release gave the key ``key``, which no
    paper has now (``render.citations.papers_formerly_cited_as``). For a library
    :func:`keyed` gives, only the papers whose key now has the year ``key`` has are read
    (their keys kept beside its cache entry), not every paper. ``yearless``: a key
    without a year (``tailangmorphology``) is looked up too, among the papers
    :func:`_yearless_candidates` gives."""
    from tuireader.render.citations import (
        formerly_cited_as,
        papers_formerly_cited_as,
        shaped_as_cite_key,
        shaped_as_yearless_key,
    )

    if yearless and shaped_as_yearless_key(key):
        candidates = _yearless_candidates(library, key)
        if candidates is None:
            return papers_formerly_cited_as(library, key)
        return tuple(paper for paper in candidates if formerly_cited_as(paper, key))
    if not shaped_as_cite_key(key):
        return ()
    if not isinstance(library, _Keyed):
        return papers_formerly_cited_as(library, key)
    source, entry = library._source, library._entry
    token = source.token
    ids = source.paper_ids()
    keys = _all_keys(_kept_path(entry, KEYS_KIND), token, len(ids)) if token else None
    if keys is None:
        return papers_formerly_cited_as(source, key)
    year = re.search(r"(?:19|20)\d\d", key.strip()[1:])
    found = (source.get(ids[at]) for at, own in enumerate(keys) if year and year.group() in own)
    return tuple(paper for paper in found if paper is not None and formerly_cited_as(paper, key))


#: a PMLR key without its volume, the name of the paper's page in the proceedings
#: (``abad-rocamora24a`` of ``proceedings.mlr.press/v235/abad-rocamora24a.html``): a
#: name, the year's last two digits and a letter or more
_PMLR_SHORT_KEY = re.compile(r"[a-z][a-z0-9_-]*\d\d[a-z]{1,3}")


def papers_of_pmlr_key(library: Library, text: str) -> tuple[Paper, ...]:
    """The paper whose PMLR key is ``text`` without its volume (``abad-rocamora24a``, as
    ``pmlr-v235-abad-rocamora24a`` and the paper's page name it), found by the keys that
    find each paper (for a library :func:`keyed` gives, the table kept: no paper is read
    to find it); only when exactly one paper has it, as papers of several volumes may."""
    from tuireader.ingest.identity import Key, papers_with

    wanted = text.strip().lower()
    if not _PMLR_SHORT_KEY.fullmatch(wanted):
        return ()
    found = papers_with(library, [Key("pmlr", wanted)])
    return found if len(found) == 1 else ()
