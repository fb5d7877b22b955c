"""Lists a scraper wrote: what a page shows, written in its source's escapes (HTML
entities, TeX's accents and case braces), or an identifier in capitals. Each is read as
the page shows it, as a list that writes it plainly is."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file
from tuireader.model import Record


def jsonl(path: Path, *rows: dict[str, object]) -> tuple[Record, ...]:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return result.records


def test_an_arxiv_id_in_capitals_or_with_its_version_is_the_id(tmp_path) -> None:
    # "ARXIV:2101.00001V2" was no arXiv id: the paper had no arXiv link, and was another
    # paper than the same one listed with "2101.00001"
    given = [
        "ARXIV:2101.00001V2",
        "arXiv:2101.00001v2",
        "https://arxiv.org/abs/2101.00001v2",
        "HTTPS://ARXIV.ORG/ABS/2101.00001V2",
        "2101.00001",
    ]
    rows = [{"title": f"Paper {n}", "authors": ["A B"], "arxiv_id": v} for n, v in enumerate(given)]
    assert [r.arxiv_id for r in jsonl(tmp_path / "a.jsonl", *rows)] == ["2101.00001"] * 5
    old = [{"title": "Old", "arxiv_id": v} for v in ("ARXIV:MATH.AG/0211159V1", "hep-th/9901001")]
    assert [r.arxiv_id for r in jsonl(tmp_path / "b.jsonl", *old)] == [
        "math.AG/0211159",
        "hep-th/9901001",
    ]


def test_an_arxiv_id_in_capitals_in_a_spreadsheet_is_the_id(tmp_path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text("title,authors,arxiv_id\nSome paper,A B,ARXIV:2101.00001V2\n", encoding="utf-8")
    (record,) = read_file(path).records
    assert record.arxiv_id == "2101.00001"
