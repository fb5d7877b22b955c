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

__all__ = ["is_named_apart", "names_apart", "numbered", "told_apart", "unnumbered"]

#: a name told apart from another of its own ("x (a/x.jsonl)"): the name and what tells
#: it apart
_APART = re.compile(r"(.+?) \((.+)\)")
#: the number what tells a name apart ends with when its other forms are taken
#: ("copy/icml2024.jsonl 2" of "icml2024 (copy/icml2024.jsonl 2)")
_NUMBER_ENDS = re.compile(r" \d+$")


def told_apart(name: str) -> tuple[str, str] | None:
    """The name ``name`` is told apart from and what tells it apart ("x" and "a/x.jsonl"
    of "x (a/x.jsonl)"); None for a name that is not told apart."""
    apart = _APART.fullmatch(name)
    return None if apart is None else (apart[1], apart[2])


def unnumbered(what: str) -> str:
    """What tells a name apart without the number it ends with (:func:`numbered`)."""
    return _NUMBER_ENDS.sub("", what)


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
    if name.casefold() in folded:
        return True
    return name.endswith(")") and f"{unnumbered(name[:-1])})".casefold() in folded
