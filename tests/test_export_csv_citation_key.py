"""The CSV export gives each paper's citation key (``citation_key``, after ``code``),
the key its BibTeX export and ``tuireader cite`` give it (ICML's ``pmlr-v235-basu24a``),
where it gave none. Read back as a list, the column is no id: each paper keeps the id it
had, and its source's own id is ``source_id``'s."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.formats.table import parse_csv
from tuireader.ingest.library import load_library

BASU = Path(__file__).parent / "fixtures" / "export_latex" / "icml2024_basu24a.jsonl"


def run(capsys, *argv: object) -> str:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_gives_the_key_bibtex_cites_the_paper_by(tmp_path, capsys):
    data = tmp_path / "data"
    text = run(capsys, "export", BASU, "--format", "csv", "--data-dir", data)
    header = text.splitlines()[0].split(",")
    assert header[header.index("code") + 1] == "citation_key"
    (row,) = rows(text)
    assert row["citation_key"] == "pmlr-v235-basu24a"
    bib = run(capsys, "export", BASU, "--format", "bibtex", "--data-dir", data)
    assert "@inproceedings{pmlr-v235-basu24a," in bib


def test_read_back_as_a_list_the_key_is_no_id(tmp_path, capsys):
    lst = tmp_path / "list.jsonl"
    papers = [
        {"title": "Graph nets", "authors": ["Ada Lovelace"], "year": 2020, "id": "n1"},
        {"title": "Graph nets", "authors": ["Ada Lovelace"], "year": 2020, "id": "n2"},
        {"title": "Plain one", "authors": ["Alan Turing"], "year": 2021},
    ]
    lst.write_text("".join(json.dumps(each) + "\n" for each in papers), encoding="utf-8")
    before = load_library([lst]).papers
    for source in (lst, BASU):
        export = tmp_path / f"{source.stem}.csv"
        run(capsys, "export", source, "--format", "csv", "-o", export, "--data-dir", tmp_path / "d")
        written = rows(export.read_text(encoding="utf-8"))
        assert all(row["citation_key"] for row in written)
        assert all(row["citation_key"] != row["id"] for row in written)
        result = parse_csv(export.read_text(encoding="utf-8"), export)
        keys = {row["citation_key"] for row in written}
        assert not keys & {record.source_id for record in result.records}
        expected = [each.id for each in load_library([source]).papers]
        assert [each.id for each in load_library([export]).papers] == expected
    assert [each.id for each in before] == [each.id for each in load_library([lst]).papers]


def test_without_its_source_id_column_the_key_is_still_no_id(tmp_path, capsys):
    """A sheet edited in a spreadsheet, its ``source_id`` column taken out: the citation
    key does not take its place (a table of another's ``citation_key`` is its ids)."""
    lst = tmp_path / "list.jsonl"
    record = {"title": "Plain one", "authors": ["Alan Turing"], "year": 2021}
    lst.write_text(json.dumps(record) + "\n", encoding="utf-8")
    text = run(capsys, "export", lst, "--format", "csv", "--data-dir", tmp_path / "d")
    table = list(csv.reader(io.StringIO(text)))
    at = table[0].index("source_id")
    edited = tmp_path / "edited.csv"
    with edited.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out, lineterminator="\n").writerows(row[:at] + row[at + 1 :] for row in table)
    (record_read,) = parse_csv(edited.read_text(encoding="utf-8"), edited).records
    assert record_read.source_id is None
    (paper,) = load_library([lst]).papers
    assert [each.id for each in load_library([edited]).papers] == [paper.id]
