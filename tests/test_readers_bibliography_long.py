"""A reference with a large collaboration's list of authors ("G. Aad, B. Abbott, …",
thousands of names, a full stop after every initial). The list was read again from its
start at each full stop, so that 36 KB of names took seconds and 96 KB most of a minute,
and past 2,000 characters the names were not read at all: the reference lost its title.
The names are read once, and the title after them is the paper's."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from tuireader.ingest.formats import references
from tuireader.ingest.formats.references import read_reference
from tuireader.ingest.readers import read_file

TITLE = "Observation of a new particle in the search for the Standard Model Higgs boson"


def _authors(count: int) -> list[str]:
    letters = string.ascii_lowercase
    return [
        f"{string.ascii_uppercase[i % 26]}. "
        + "".join(letters[(i * 7 + j) % 26] for j in range(6)).capitalize()
        for i in range(count)
    ]


def _reference(count: int) -> str:
    return f"{', '.join(_authors(count))}. {TITLE}. Phys. Lett. B, 716(1):1–29, 2012."


def test_a_long_list_of_authors_keeps_its_title(tmp_path: Path) -> None:
    reference = _reference(3500)
    assert len(reference) > 35_000
    path = tmp_path / "refs.txt"
    path.write_text(
        f"References\n[1] {reference}\n"
        "[2] A. Vaswani, N. Shazeer, et al. Attention is all you need. In NeurIPS, 2017.\n",
        encoding="utf-8",
    )
    first, second = read_file(path).records
    assert (first.title, first.year, first.venue) == (TITLE, 2012, "Phys. Lett. B")
    assert len(first.authors) == 3500 and first.authors[:2] == tuple(_authors(2))
    assert second.title == "Attention is all you need"


def test_the_names_are_read_once_not_once_a_full_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    names = references._names

    def counted(text: str) -> tuple[str, ...] | None:
        calls.append(len(text))
        return names(text)

    monkeypatch.setattr(references, "_names", counted)
    record, known = read_reference(_reference(5000))
    assert known and record.title == TITLE and len(record.authors) == 5000
    # a few lists of names read whole, not one a full stop (5,000 of them)
    assert sum(length > 1000 for length in calls) <= 3
    calls.clear()
    assert not read_reference("A. " * 4000)[1]
    assert sum(length > 1000 for length in calls) <= 3
