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
from tuireader.model import Library, Paper

#: what the file of the citation keys is named by, before the library entry's name
KEYS_KIND = "citekeys"
#: the shape of its entries (not a library's)
_KEYS_SHAPE = "citation keys 1"
#: what the file of the keys that find each paper is named by
FINDING_KIND = "findkeys"
_FINDING_SHAPE = "finding keys 1"


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


def cite_keys(
    library: Library, entry: Path | None, token: str | None, papers: Sequence[Paper]
) -> Mapping[str, str] | None:
    """The citation key of each of ``papers`` in ``library`` (as
    ``render.citations.cite_keys`` gives them, told apart from every other paper's),
    from the keys kept beside the library's cache entry ``entry`` whose content
    ``token`` names; worked out from every paper and kept there when none are. None
    for a library read otherwise (not lazily from ``entry``): its keys are worked out
    as they always were."""
    if not isinstance(library, LazyLibrary) or entry is None or token is None:
        return None
    if token != library.token or not entry.name.endswith(f"-{program_tag()}.bin"):
        return None
    path = _kept_path(entry, KEYS_KIND)
    wanted = [paper.id for paper in papers]
    keys = None if library.complete else _read_keys(path, token, library.paper_ids(), wanted)
    if keys is None:
        from tuireader.render.citations import cite_keys as library_keys

        whole: Any = library
        every = library_keys(whole.papers, whole)
        _write_keys(path, token, library.paper_ids(), every)
        keys = {paper_id: every[paper_id] for paper_id in wanted}
    return keys


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
        for key in keys:
            found = [source.get(paper_id) for paper_id in table.get(key, ())]
            if found:
                return tuple(paper for paper in found if paper is not None)
        return ()

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
    try:
        with open(path, "rb") as handle:
            head = read_header(handle, _FINDING_SHAPE)
            table = read_payload(handle, head) if head.get("token") == token else None
    except (OSError, CacheMiss):
        table = None
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


def papers_cited(library: Library, key: str) -> tuple[Paper, ...]:
    """The papers of ``library`` whose citation key is ``key``
    (``render.citations.papers_cited_as``): for a library :func:`keyed` gives, from the
    keys kept beside its cache entry, worked out the first time only for a word shaped
    as such a key, so no paper is read to find one."""
    from tuireader.render.citations import papers_cited_as, shaped_as_cite_key

    kept = cited_as(library, key, work_out=shaped_as_cite_key(key))
    return kept if kept is not None else papers_cited_as(library, key)


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
