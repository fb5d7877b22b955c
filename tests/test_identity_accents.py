"""A title whose accents an export took out is the same title: the paper and its marks
follow it.

Reference managers and spreadsheets exported to ASCII write "Scholkopf" for "Schölkopf";
the reader sees one title, and so must the lists read together and the marks made on
the title as it was.
"""

from __future__ import annotations

import csv
import unicodedata
from pathlib import Path

from tuireader.ingest.identity import identify, same_paper, title_mended
from tuireader.ingest.library import load_library
from tuireader.model import Record
from tuireader.session import load_session

TITLE = "Schölkopf, Müller und Gödel: Über kausale Inferenz"
ABSTRACT = (
    "Wir überprüfen Methoden der kausalen Inferenz nach Schölkopf und Müller und "
    "vergleichen sie auf zwölf Datensätzen mit invarianter Vorhersage."
)


def folded(text: str) -> str:
    """``text`` as an export into ASCII writes it."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def sheet(path: Path, title: str, abstract: str) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["title", "authors", "year", "abstract"])
        writer.writerow([title, "Ann Lee; Bo Chen", "2021", abstract])
    return path


def test_a_title_without_its_accents_is_the_same_title() -> None:
    accented = identify(Record(title=TITLE, authors=("Ann Lee",), year=2021))
    plain = identify(Record(title=folded(TITLE), authors=("Ann Lee",), year=2021))
    assert same_paper(accented, plain) == "same title and first author"
    assert title_mended(accented.title, plain.title)


def test_titles_that_differ_in_more_than_accents_stay_apart() -> None:
    one = identify(Record(title=TITLE, authors=("Ann Lee",), year=2021))
    other = identify(
        Record(title="Schölkopf, Müller und Gödel: Über kausale Modelle", authors=("Ann Lee",))
    )
    assert same_paper(one, other) is None


def test_a_list_and_its_ascii_export_read_together_are_one_paper(tmp_path: Path) -> None:
    first = sheet(tmp_path / "list.csv", TITLE, ABSTRACT)
    export = sheet(tmp_path / "export.csv", folded(TITLE), folded(ABSTRACT))
    library = load_library([first, export])
    assert len(library.papers) == 1
    assert library.papers[0].lists == ("list", "export")


def test_a_mark_follows_its_paper_when_a_reexport_takes_the_accents_out(
    tmp_path: Path,
) -> None:
    # every word with an accent changed, the abstract's too: neither the title, the
    # abstract nor a few letters' mending found the paper, and the mark was detached
    data = tmp_path / "data"
    path = sheet(tmp_path / "list.csv", TITLE, ABSTRACT)
    first = load_session([path], data_dir=data, default_catalogs=False)
    (paper,) = first.library.papers
    with first.open_store() as store:
        store.set_state(paper.id, "kept")
    sheet(path, folded(TITLE), folded(ABSTRACT))
    second = load_session([path], data_dir=data, default_catalogs=False)
    (again,) = second.library.papers
    assert again.id != paper.id
    assert second.triage is not None and second.triage.detached == ()
    with second.open_store() as store:
        assert store.get(again.id).state == "kept"
