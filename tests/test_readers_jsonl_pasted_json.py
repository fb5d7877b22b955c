"""arXiv metadata JSON Lines with CSL JSON pasted after them (or before): each part a
well-formed run of records, both are read. The CSL part, a list written over several
lines (as Zotero's Better CSL JSON writes it) or on one line, was lost, its lines
skipped as "not valid JSON" or its list as "not a paper record"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
ARXIV = (FIXTURES / "arxiv_kaggle_slice.jsonl").read_text(encoding="utf-8")
CSL = json.loads((FIXTURES / "zotero_csl_slice.json").read_text(encoding="utf-8"))


def _better_csl(records: list) -> str:
    """CSL JSON laid out as Zotero's Better CSL JSON export: a record a line in a list."""
    return "[\n" + ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in records) + "\n]\n"


LAYOUTS = {
    "better csl": _better_csl(CSL),
    "indented": json.dumps(CSL, indent=2, ensure_ascii=False) + "\n",
    "one line": json.dumps(CSL, ensure_ascii=False) + "\n",
}


def _said_of(record) -> tuple:
    return (record.title, record.authors, record.year, record.doi, record.venue, record.url)


def _titles(result) -> list[str]:
    return [record.title for record in result.records]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_csl_json_pasted_after_arxiv_lines_is_read(tmp_path, layout, suffix):
    arxiv = read_file(_written(tmp_path / f"arxiv{suffix}", ARXIV))
    path = _written(tmp_path / f"pasted{suffix}", ARXIV + LAYOUTS[layout])
    result = read_file(path)
    titles = _titles(result)
    assert titles == _titles(arxiv) + [record["title"] for record in CSL]
    # each part read as it is alone: the arXiv records' ids, the CSL records' DOIs
    assert [r.arxiv_id for r in result.records[: len(arxiv.records)]] == [
        r.arxiv_id for r in arxiv.records
    ]
    csl = read_file(FIXTURES / "zotero_csl_slice.json")
    assert [_said_of(r) for r in result.records[len(arxiv.records) :]] == [
        _said_of(r) for r in csl.records
    ]
    said = [problem.message for problem in result.problems]
    assert not any("not valid JSON" in m or "not a paper record" in m for m in said), said
    lines = ARXIV.count("\n") + 1
    (pasted,) = [m for m in said if "JSON other than one record a line" in m]
    assert pasted.startswith(f"line {lines}" if layout == "one line" else f"lines {lines}–")
    assert f"({len(CSL)} records:" in pasted


def test_csl_json_pasted_before_arxiv_lines_is_read(tmp_path):
    path = _written(tmp_path / "pasted.jsonl", _better_csl(CSL) + ARXIV)
    arxiv = read_file(_written(tmp_path / "arxiv.jsonl", ARXIV))
    assert _titles(read_file(path)) == [r["title"] for r in CSL] + _titles(arxiv)


def test_a_list_of_no_records_among_the_lines_is_still_skipped(tmp_path):
    path = _written(tmp_path / "pasted.jsonl", ARXIV + '[\n  "a",\n  "b"\n]\n')
    result = read_file(path)
    assert len(result.records) == ARXIV.count("\n")
    said = " ".join(problem.message for problem in result.problems)
    assert "not valid JSON" in said and "JSON other than" not in said


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
