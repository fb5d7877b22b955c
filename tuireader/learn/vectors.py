"""The library's vectors kept on disk, so a start with the same lists does not build them again.

Building the vectors (:func:`~tuireader.learn.taste.space_of`) is most of a first fit: 0.6
to 0.9 s for one conference, half a minute for 100,000 papers. They depend only on the
papers' text and the recipe, so :func:`space_for` keeps them in the data folder's cache,
one file per set of lists, named by a digest of everything they are made from: the
recipe, the versions of tuireader and scikit-learn, and each paper's id and the fields
the vectors read (title, abstract, TL;DR, keywords, authors). Other lists, an edited
paper or an upgrade give another digest, and the vectors are built again.

The file is a NumPy ``.npz`` read with ``allow_pickle=False``: arrays and text, never
code. A file that cannot be read, or does not hold what its name says, is built again
and replaced; one that cannot be written (a read-only or full disk) is skipped, since the
vectors are only a saving of time. The two most recent files are kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import zipfile
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from tuireader.learn.taste import (
    _AUTHOR,
    DEFAULT_RECIPE,
    Recipe,
    Space,
    author_vectorizer,
    space_of,
    unique_papers,
    word_vectorizer,
)
from tuireader.model import Paper

#: vector files kept in the cache folder (the newest first): the lists of today and of
#: the day before, say.
KEPT_FILES = 2
#: how the vectors read text: raised when that changes (as when Chinese and Japanese came
#: to be read in pairs of characters, bare host names left out, and letterlike symbols
#: folded as the search folds them), so that vectors kept by an older reading are built
#: again
READING = 4
_PREFIX = "vectors-"
_SUFFIX = ".npz"


def space_for(
    papers: Sequence[Paper],
    folder: Path | None,
    recipe: Recipe | None = None,
    *,
    building: Callable[[int], object] | None = None,
    digest: str | None = None,
) -> Space:
    """:func:`space_of` ``papers``, read from ``folder`` when it holds their vectors and
    written there when it does not (``folder`` None: built, never kept). ``building`` is
    told the number of papers before their vectors are built (a quarter of a second
    a thousand papers). ``digest``: their :func:`space_digest`, when worked out."""
    recipe = recipe or DEFAULT_RECIPE
    unique = unique_papers(papers)
    if folder is None:
        if building is not None:
            building(len(unique))
        return space_of(unique, recipe)
    digest = digest or _digest(unique, recipe)
    path = folder / f"{_PREFIX}{digest[:32]}{_SUFFIX}"
    space = _read(path, digest, [paper.id for paper in unique], recipe)
    if space is None:
        if building is not None:
            building(len(unique))
        space = space_of(unique, recipe)
        _write(path, digest, space)
    else:
        with contextlib.suppress(OSError):
            os.utime(path)  # the newest: kept when older files are let go
    _let_go(folder, keep=path)
    return space


def space_digest(papers: Sequence[Paper], recipe: Recipe | None = None) -> str:
    """What names the vectors of ``papers`` (:func:`space_for` keeps them by it): the
    recipe, what makes them (:func:`made_by`) and each paper's text."""
    return _digest(unique_papers(papers), recipe or DEFAULT_RECIPE)


def made_by(recipe: Recipe | None = None) -> str:
    """What the vectors of any papers are made by, besides their text: the recipe and
    the versions of tuireader and scikit-learn (part of :func:`space_digest`)."""
    from importlib.metadata import version  # (importing scikit-learn takes a second)

    from tuireader import __version__

    sklearn_version = version("scikit-learn")
    return repr((__version__, sklearn_version, recipe or DEFAULT_RECIPE, READING))


def kept_space(
    folder: Path, digest: str, ids: Sequence[str], recipe: Recipe | None = None
) -> Space | None:
    """The vectors :func:`space_for` kept in ``folder`` for the papers whose
    :func:`space_digest` is ``digest`` and whose ids are ``ids`` (each once, in list
    order), without reading those papers; None when they are not kept."""
    return _read(folder / f"{_PREFIX}{digest[:32]}{_SUFFIX}", digest, ids, recipe or DEFAULT_RECIPE)


def _digest(papers: Sequence[Paper], recipe: Recipe) -> str:
    digest = hashlib.sha256()
    digest.update(made_by(recipe).encode())
    for paper in papers:
        # the fields the vectors are made from, as the list has them: what the vectors
        # read of them (:func:`~tuireader.learn.taste._words_text`) takes the web addresses
        # out of every abstract, four seconds at 100,000 papers, on every start
        keywords = "\x1f".join(paper.keywords)
        names = "\x1f".join(paper.authors)
        text = f"{paper.title}\x1d{paper.abstract}\x1d{paper.tldr or ''}\x1d{keywords}"
        digest.update(f"\x1e{paper.id}\x1d{text}\x1d{names}".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _lines(values: Sequence[str]) -> Any:
    import numpy as np

    return np.frombuffer("\n".join(values).encode("utf-8", "surrogatepass"), dtype=np.uint8)


def _unlines(array: Any) -> list[str]:
    text = bytes(array).decode("utf-8", "surrogatepass")
    return text.split("\n") if text else []


def _write(path: Path, digest: str, space: Space) -> bool:
    """``space`` into ``path`` atomically; False when the disk will not take it."""
    import numpy as np

    matrix = space.matrix.tocsr()
    names = list(space.features)
    split = sum(1 for name in names if not name.startswith(_AUTHOR))
    ids = sorted(space.rows, key=space.rows.__getitem__)
    arrays = {
        "digest": _lines([digest]),
        "ids": _lines(ids),
        "data": matrix.data,
        "indices": matrix.indices,
        "indptr": matrix.indptr,
        "shape": np.asarray(matrix.shape, dtype=np.int64),
        "words": _lines(names[:split]),
        "words_idf": space.words.idf_ if space.words is not None else np.zeros(0),
        "authors": _lines([name[len(_AUTHOR) :] for name in names[split:]]),
        "authors_idf": space.authors.idf_ if space.authors is not None else np.zeros(0),
    }
    from tuireader.ingest.cache import write_private

    return write_private(path, lambda handle: np.savez(handle, **arrays))


def _read(path: Path, digest: str, wanted: Sequence[str], recipe: Recipe) -> Space | None:
    """The space kept in ``path``, or None when it is missing, unreadable or not the
    vectors of the papers whose ids are ``wanted`` (another digest, other ids, a matrix
    of another shape)."""
    import numpy as np
    from scipy import sparse

    try:
        with np.load(path, allow_pickle=False) as found:
            if _unlines(found["digest"]) != [digest]:
                return None
            ids = _unlines(found["ids"])
            shape = tuple(int(n) for n in found["shape"])
            matrix = sparse.csr_matrix(
                (found["data"], found["indices"], found["indptr"]), shape=shape
            )
            words, authors = _unlines(found["words"]), _unlines(found["authors"])
            words_idf, authors_idf = found["words_idf"], found["authors_idf"]
            matrix.check_format(full_check=True)
    except (OSError, ValueError, TypeError, KeyError, EOFError, zipfile.BadZipFile):
        return None  # (UnicodeDecodeError is a ValueError)
    if ids != list(wanted) or shape != (len(ids), len(words) + len(authors)):
        return None
    if len(words_idf) != len(words) or len(authors_idf) != len(authors):
        return None
    count = len(ids)
    return Space(
        recipe=recipe,
        features=(*words, *(_AUTHOR + name for name in authors)),
        rows={pid: row for row, pid in enumerate(ids)},
        matrix=matrix.astype(np.float32, copy=False),
        words=_Fitted(partial(word_vectorizer, count, recipe), words, words_idf) if words else None,
        authors=_Fitted(author_vectorizer, authors, authors_idf) if authors else None,
    )


class _Fitted:
    """A vectorizer as it was fitted (its vocabulary and inverse document frequencies),
    made when first used: only papers outside the kept vectors need one, and making it
    imports scikit-learn."""

    def __init__(self, make: Callable[[], Any], names: list[str], idf: Any) -> None:
        self._make = make
        self._names = names
        self._idf = idf
        #: read without making the vectorizer: "why" weighs how many papers hold a word
        self.idf_ = idf
        self._made: Any = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if self._made is None:
            vectorizer = self._make()
            vectorizer.set_params(vocabulary={term: n for n, term in enumerate(self._names)})
            vectorizer.idf_ = self._idf
            self._made = vectorizer
        return getattr(self._made, name)


def _let_go(folder: Path, keep: Path) -> None:
    """Remove all but the :data:`KEPT_FILES` newest vector files (``keep`` among them)."""
    try:
        found = [p for p in folder.glob(f"{_PREFIX}*{_SUFFIX}") if p != keep]
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in found[KEPT_FILES - 1 :]:
        with contextlib.suppress(OSError):
            old.unlink()
