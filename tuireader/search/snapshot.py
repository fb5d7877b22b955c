"""An index found current for a library, remembered so the next process need not check it.

Opening the index for a library compares every paper's fingerprint with the index's
manifest (100,000 papers: the manifest's 4 MB of JSON, a digest of the library, its
vocabulary) before a search can run. When that open finds the index current, ``save``
writes, beside the library's cache entry (``search-….bin`` next to ``library-….bin``):
the entry's token, the size, modification time and inode of every file of the index
folder, the index generation, the library's vocabulary and the library's position of
each document of the index (``documents.Documents.positions``: which paper each hit is,
without reading the document; the library's documents, when the index holds papers of
other lists too).

``open_checked`` opens the index directly when the library is that very cache entry
(same token) and no file of the index folder changed since (a ``stat`` each): any
update, rebuild or manifest written by another process since is a change. Anything
else, or anything unexpected, gives None, and the caller opens the index the full way.
The snapshot is written under the index's build lock, so it never describes an index
in the middle of an update.
"""

from __future__ import annotations

import os
import time
from array import array
from pathlib import Path
from typing import Any

from tuireader.model import Library
from tuireader.system.paths import DataPaths

#: files of the index folder whose changes do not change what is searched
_IGNORED = frozenset({"MAIN_WRITELOCK"})
#: what the snapshot's header says it is ("search": the library's documents, not their
#: positions, were kept)
_KIND = "search-positions"


def snapshot_path(entry: Path) -> Path:
    """Where the snapshot for the library cache entry ``entry`` is kept."""
    return entry.with_name(entry.name.replace("library-", "search-", 1))


def folder_state(folder: Path) -> dict[str, list[int]]:
    """Size, modification time (ns) and inode of every file of the index ``folder``."""
    state = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if name in _IGNORED or name.startswith("."):
                continue
            info = entry.stat(follow_symlinks=False)
            state[name] = [info.st_size, info.st_mtime_ns, info.st_ino]
    return state


def save(engine: Any, paths: DataPaths, entry: Path, token: str) -> bool:
    """Remember that ``engine`` (just opened) searches an index current for the library
    of cache entry ``entry`` (``token``). Nothing is written when the engine is not
    searching a current index, when it is already remembered, or when another process
    holds the index's build lock. True when written."""
    checked = engine.checked_state()
    if checked is None:
        return False
    generation, positions = checked
    from tuireader.ingest.cache import write_entry
    from tuireader.search.index import LOCKED, _build_lock, open_folder

    folder = paths.index_dir
    target = snapshot_path(entry)
    try:
        with _build_lock(paths.index_lock, 0.0, None) as lock:
            if lock != LOCKED:
                return False
            state = folder_state(folder)
            if open_folder(folder).latest_generation() != generation:
                return False  # updated since this engine opened it
            if _current(target, token, folder, state) is not None:
                return False
            vocabulary = engine.vocabulary
            header = {
                "kind": _KIND,
                "token": token,
                "folder": str(folder),
                "generation": generation,
                "files": state,
            }
            payload = (
                vocabulary.counts,
                vocabulary.stems,
                engine._opened.others,
                positions.itemsize,
                positions.tobytes(),
            )
            return write_entry(target, header, payload)
    except Exception:  # noqa: BLE001 - a snapshot is an optimisation only
        return False


def _current(
    target: Path, token: str, folder: Path, state: dict[str, list[int]] | None = None
) -> tuple[dict[str, Any], Any] | None:
    """The header and payload of the snapshot at ``target`` if it holds for ``token``
    and the index ``folder`` as it is now; else None."""
    from tuireader.ingest.cache import CacheMiss, read_header, read_payload

    try:
        with open(target, "rb") as handle:
            head = read_header(handle)
            if (head.get("kind"), head.get("token"), head.get("folder")) != (
                _KIND,
                token,
                str(folder),
            ):
                return None
            if head.get("files") != (folder_state(folder) if state is None else state):
                return None
            return head, read_payload(handle, head)
    except (OSError, CacheMiss, ValueError):
        return None


def open_checked(library: Library, paths: DataPaths, entry: Path, token: str) -> Any:
    """An ``Engine`` over the index remembered for cache entry ``entry`` (``token``) if
    nothing changed since; None otherwise (the caller opens the index the full way)."""
    started = time.monotonic()
    folder = paths.index_dir
    found = _current(snapshot_path(entry), token, folder)
    if found is None:
        return None
    head, payload = found
    try:
        counts, stems, others, itemsize, raw = payload
        if not (isinstance(counts, dict) and isinstance(stems, dict) and isinstance(others, int)):
            return None
        positions = array("i")
        if itemsize != positions.itemsize:
            return None
        positions.frombytes(raw)
    except (TypeError, ValueError):
        return None
    from tuireader.search.engine import Engine, healer
    from tuireader.search.index import IndexReport, OpenIndex, open_folder

    ix = None
    try:
        ix = open_folder(folder)
        if ix.latest_generation() != head.get("generation"):
            ix.close()
            return None
        report = IndexReport(seconds=time.monotonic() - started)
        opened = OpenIndex(
            ix=ix, path=folder, vocab=counts, report=report, stems=stems, others=others
        )
        return Engine(
            library, opened, rebuild=healer(library, paths), positions=positions, paths=paths
        )
    except Exception:  # noqa: BLE001 - the full open decides what is wrong, and says so
        if ix is not None:
            try:
                ix.close()
            except Exception:  # noqa: BLE001, S110 - closing a broken index
                pass
        return None
