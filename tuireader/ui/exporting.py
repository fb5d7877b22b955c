"""Export from the reader: the results, the marked papers or the kept ones, to a file.

A palette command posts :class:`~tuireader.ui.commands.ExportPapers`; the main screen asks
for the format, then for the file (a path offered: :func:`default_export_path`, in the
folder the reader was started from; one that cannot be written is said at once,
:func:`export_path_problem`), then a worker calls :func:`write_export`, which renders
the papers with their triage (``tuireader.triage.export``) and writes the file
atomically; the notice says where the file is, or why it could not be written
(:func:`write_error_said`).

An export of many papers takes a while (10,000 as BibTeX: half a minute): it is said at
once (:func:`exporting`), on the status line until it is written, and another asked
meanwhile is refused (:func:`still_exporting`); the notice that it is written stays up
longer than others (:data:`WRITTEN_NOTICE_SECONDS`), and is in the notices' log (W).
"""

from __future__ import annotations

import errno
import os
import tempfile
import time
from collections.abc import Collection, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from tuireader.model import Paper
from tuireader.system.atomic import write_atomic
from tuireader.triage.export import (
    CARRY_DETACHED,
    EXPORT_FORMATS,
    SUFFIXES,
    detached_count,
    detached_marks,
    render_export,
    split_in_zotero,
    split_in_zotero_said,
)
from tuireader.triage.filters import triage_of
from tuireader.triage.store import Triage
from tuireader.ui.commands import ExportPapers
from tuireader.ui.palette import Command, ScreenActions

__all__ = [
    "CARRY_DETACHED",
    "EXPORT_FORMATS",
    "FORMATS_SAID",
    "FORMAT_NAMES",
    "SCOPES",
    "WRITTEN_NOTICE_SECONDS",
    "ExportRefused",
    "default_export_path",
    "detached_count",
    "detached_marks",
    "export_path_problem",
    "exporting",
    "papers_in_scope",
    "refusal",
    "still_exporting",
    "write_error_said",
    "write_export",
]

SCOPES = {"results": "the results", "marked": "the marked papers", "kept": "the kept papers"}
#: each export format's name, and what the export menu adds to it
FORMAT_SHORT = {
    "bibtex": "BibTeX",
    "markdown": "Markdown",
    "csv": "CSV",
    "json": "JSON",
    "urls": "URLs",
    "ris": "RIS",
    "csl-json": "CSL-JSON",
    "biblatex": "BibLaTeX",
}
FORMAT_NAMES = {
    fmt: name + {"markdown": " reading list", "urls": ", one per line"}.get(fmt, "")
    for fmt, name in FORMAT_SHORT.items()
}
#: the formats the export menu offers, named in a line ("BibTeX, Markdown, …, CSL-JSON"):
#: what the help and the palette say it writes
FORMATS_SAID = ", ".join(FORMAT_SHORT[fmt] for fmt in EXPORT_FORMATS)


#: how long the notice that an export is written stays up: a user who looked away
#: from an export of half a minute missed the usual five seconds' notice and asked again
WRITTEN_NOTICE_SECONDS = 20.0


def exporting(papers: str, fmt: str) -> str:
    """What is said as an export starts, and on the status line until it is written:
    "Exporting 10,134 papers as BibTeX…" (``papers`` counted as the status line does)."""
    return f"Exporting {papers} as {FORMAT_NAMES[fmt]}…"


def still_exporting(papers: str, fmt: str) -> str:
    """Why another export is not started while that of ``papers`` as ``fmt`` (as
    :func:`exporting` said it) is written: two at once wrote two files of the same
    papers."""
    return (
        f"Not exported: the export of {papers} as {FORMAT_NAMES[fmt]} is still being "
        "written; its notice says where it is (W lists the notices)"
    )


def papers_in_scope(
    scope: str,
    results: Sequence[Paper],
    everything: Sequence[Paper],
    marked: Collection[str],
    states: Mapping[str, str],
) -> list[Paper]:
    """The papers of the current ``results``, the marked ones, or the kept ones (in the
    library's order, from ``everything``)."""
    if scope == "results":
        return list(results)
    if scope == "marked":
        wanted = set(marked)
    else:
        wanted = {pid for pid, state in states.items() if state == "kept"}
    return [paper for paper in everything if paper.id in wanted]


def default_export_path(folder: Path, scope: str, fmt: str) -> Path:
    """The file an export of ``scope`` as ``fmt`` is offered to be written to, in
    ``folder``: named after what it holds (``kept.bib``, ``results.csv``,
    ``marked-csl.json``), and one that is not there yet (``kept-2.bib`` when
    ``kept.bib`` is), so that Enter on it replaces no file."""
    stem = scope + ("-csl" if fmt == "csl-json" else "")
    suffix = SUFFIXES[fmt]
    target = folder / f"{stem}{suffix}"
    number = 2
    while os.path.lexists(target) and number < 1000:
        target = folder / f"{stem}-{number}{suffix}"
        number += 1
    return target


def export_path_problem(target: Path, own: Path | None = None) -> str | None:
    """Why an export cannot be written to ``target``, in words (None: it may be). The
    folder ``own`` (the data folder's ``exports``) is made when missing; any other must
    be there already, a folder, and one this user may write in. A file already there is
    no problem here (the dialog asks before replacing it)."""
    folder = target.parent
    if target.is_dir():
        return f"{target} is a folder: add the file's name after it"
    if own is not None and folder == own and not folder.exists():
        return None  # made as the export is written
    if not folder.exists():
        return f"The folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"Cannot write in {folder}: permission denied"
    # a folder the user may write in by its mode may still make no file: /proc (a file
    # made there "does not exist"), /sys (permission denied to root too), a disk
    # mounted read-only; the dialog closed and the export failed after it
    try:
        make_trial_file(folder)
    except OSError as error:
        if error.errno == errno.ENOENT:
            return f"Cannot write in {folder}: no file can be made in it"
        return f"Cannot write in {folder}: {write_error_said(error)}"
    return None


def make_trial_file(folder: Path) -> None:
    """Make a file in ``folder`` and remove it again: OSError when none can be made,
    as the export's would fail."""
    descriptor, name = tempfile.mkstemp(dir=folder, prefix=".tuireader-trial-")
    os.close(descriptor)
    os.unlink(name)


def write_error_said(error: OSError) -> str:
    """Why a file could not be written (``error``), in words: "the disk is full"."""
    words = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the disk is read-only",
        errno.ENOENT: "the folder does not exist",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.EISDIR: "it is a folder",
        errno.ENAMETOOLONG: "the name is too long",
    }
    if error.errno in words:
        return words[error.errno]
    return error.strerror or str(error)


class ExportRefused(Exception):
    """An export not written, for the reason given in words (:func:`refusal`)."""


def refusal(store: Any) -> str | None:
    """Why an export carrying triage must not be written from ``store``, in the words
    ``tuireader export`` says it in; None where it may be. A triage file damaged, or one
    that cannot be read at all (a link to a disk not mounted), would give every mark
    that cannot be read of it as none, each such paper "new", and a file kept or
    imported elsewhere would take the user's decisions for none. A store kept from
    saving otherwise (a read-only file, a full disk) reads every mark: it is exported.
    Blocking (it reads the file): call it in a worker."""
    problem = getattr(store, "problem", None)
    path = getattr(store, "path", None)
    if not problem or not isinstance(path, Path):
        return None
    if not (path.is_file() and os.access(path, os.R_OK)):
        return (
            f"{problem.rstrip('.')}; an export would give every mark in it as none (state "
            "new), so nothing was written"
        )
    from tuireader.triage.recover import damage

    found = damage(path)
    if found is None:
        return None
    return (
        f"the triage file {path} is {found}, and an export would give the marks that "
        "cannot be read of it as none (state new); tuireader recover carries what can be "
        "read over to a fresh file, then export again (nothing was written)"
    )


def write_export(
    papers: Sequence[Paper],
    store: Any,
    fmt: str,
    scope: str,
    folder: Path,
    detached: Sequence[tuple[Paper, Triage]] = (),
    said: list[str] | None = None,
    target: Path | None = None,
) -> Path:
    """Render ``papers`` with their triage (read from ``store``), then the ``detached``
    marks, as ``fmt`` and write them atomically to ``target`` (by default a file named
    after ``scope`` and the time, in ``folder``; ``folder`` is made when missing, when
    it is the folder of ``target`` too); returns the file.
    Every format but ``urls`` carries the triage: from a damaged triage file it is
    refused (:class:`ExportRefused`, :func:`refusal`), nothing written. What the file
    cannot carry whole, as ``tuireader export`` says it (the tags Zotero splits in
    RIS), is added to ``said``. Blocking: call it in a worker."""
    if fmt != "urls":
        refused = refusal(store)
        if refused is not None:
            raise ExportRefused(refused)
    triage = dict(triage_of(store, [p.id for p in papers]))
    triage.update((paper.id, mark) for paper, mark in detached)
    text = render_export(
        [*papers, *(paper for paper, _mark in detached)],
        triage,
        fmt,
        # each written as a detached mark, which a list reader takes for no paper
        detached={paper.id for paper, _mark in detached},
    )
    if target is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = folder / f"tuireader-{scope}-{stamp}{SUFFIXES[fmt]}"
    if target.parent == folder:
        folder.mkdir(parents=True, exist_ok=True)
    write_atomic(text, target)
    split = split_in_zotero(fmt, triage.values())
    if split and said is not None:
        said.append(split_in_zotero_said(split, "a BibTeX export"))
    return target


class ExportCommands(ScreenActions):
    """Palette entries: export the results / marked / kept papers."""

    def commands(self) -> list[Command]:
        screen = self.screen
        offered = getattr(screen, "has_papers_in", None)
        return [
            (
                f"Export {label}…",
                f"Write {label} to a file ({FORMATS_SAID})",
                partial(screen.post_message, ExportPapers(scope)),
            )
            for scope, label in SCOPES.items()
            # a scope with no paper is not offered: there would be nothing to export
            if offered is None or offered(scope)
        ]
