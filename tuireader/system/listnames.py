"""How a list, or an entry of the library, is named apart from one before it of its name.

The library names the lists it reads (``ingest.library.unique_list_name``), the shelf
its entries (``system.shelf``), and ``list:`` recognises either name
(``search.index.lists_named_apart``), all by :func:`names_apart`.

This module is plain Python (no Textual, no Rich, nothing from the layers above).
"""

from __future__ import annotations

import re
from collections.abc import Container
from pathlib import Path

__all__ = ["is_named_apart", "names_apart", "numbered"]

#: the number a name told apart ends with when its other forms are taken ("icml2024
#: (copy/icml2024.jsonl 2)")
_NUMBERED = re.compile(r" \d+\)$")


def names_apart(
    name: str, path: Path, first: Path | None = None, *, stream: str = "", folder: bool = False
) -> list[str]:
    """The forms "name (what)" that ``name`` takes, in the order they are tried, for a
    list (or an entry: a file or a folder) read from ``path`` after one of that name
    read from ``first``: ``what`` is what differs from that one's file, the file's stem
    ("CoRL 2023 (posters)"), else its whole name ("marks (marks.csv)" beside "marks" of
    marks.bib), else its folder too ("marks (b/marks.json)" beside a/marks.json); a
    ``what`` that is ``name`` itself is left out. Without ``first`` (none to compare
    with, or a name being recognised), every one of them. A list read from a stream,
    whose path is a number that changes (a shell's ``<(…)``: /dev/fd/62), is told apart
    by the word ``stream`` says ("pipe (BibTeX)"), never by that number. A ``folder``
    has no stem: its whole name is its own ("real (copy/real)" beside another "real")."""
    if stream:
        told = [stream]
    else:
        told = [
            what
            for what, same in (
                (path.stem, folder or (first is not None and path.stem == first.stem)),
                (path.name, first is not None and path.name == first.name),
                (f"{path.parent.name}/{path.name}", False),
            )
            if not same and what != name
        ]
    return [f"{name} ({what})" for what in dict.fromkeys(told)]


def numbered(candidates: list[str], taken: Container[str], fold: bool = False) -> str:
    """The first of ``candidates`` (:func:`names_apart`) not in ``taken``, else the last
    of them numbered, from 2, as the first number not taken ("icml2024 (copy/icml2024.jsonl
    2)"); ``fold``: ``taken`` holds names casefolded, and any case takes a name."""

    def free(candidate: str) -> bool:
        return (candidate.casefold() if fold else candidate) not in taken

    for candidate in candidates:
        if free(candidate):
            return candidate
    last = candidates[-1][:-1]
    number = 2
    while not free(f"{last} {number})"):
        number += 1
    return f"{last} {number})"


def is_named_apart(name: str, candidates: list[str]) -> bool:
    """Whether ``name`` is one of ``candidates`` (:func:`names_apart`), or one of them
    numbered (:func:`numbered`), in any case."""
    folded = {candidate.casefold() for candidate in candidates}
    return name.casefold() in folded or _NUMBERED.sub(")", name).casefold() in folded
