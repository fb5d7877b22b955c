"""Author names as bibliographic databases export them (Scopus's sheets, PubMed's
MEDLINE, Web of Science's tagged export): one name each, its family name as written.

The fixtures in tests/fixtures/database_names/ are written in each database's layout.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file
from tuireader.model import Record

HERE = Path(__file__).parent / "fixtures" / "database_names"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


def test_scopus_full_names_of_several_words_are_one_author_each() -> None:
    # "García Márquez, Gabriel José (57200000002)" was two authors, "García Márquez"
    # and "Gabriel José", wherever both names are of two words or more
    records = by_title(HERE / "scopus_full_names.csv")
    assert records["A Title About Graphs"].authors == (
        "Elias Abad Rocamora",
        "Gabriel José García Márquez",
    )
    assert records["A Paper With One Author"].authors == ("Gabriel José García Márquez",)
