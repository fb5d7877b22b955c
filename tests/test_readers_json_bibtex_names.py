"""A paper list's record whose ``bibtex`` string names its booktitle (or journal, or
year) with a letter lost, typed over or swapped (``boktitle``, ``bookitle``) gives its
venue all the same, read from that field, and says so; the venue was lost without a
word (papercopilot's lists carry no venue but the one in their ``bibtex`` strings)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

REAL = Path(__file__).parent / "fixtures" / "real_lists"
CORL = json.loads((REAL / "corl2023_slice.json").read_text(encoding="utf-8"))
FORMATS = Path(__file__).parent / "fixtures" / "formats"
NIPS = [
    record
    for record in json.loads(
        (FORMATS / "papercopilot_nips2017_slice.json").read_text(encoding="utf-8")
    )
    if "bibtex" in record  # (a stub of the list has none)
]


def _written(tmp_path: Path, records: list, name: str = "list.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(records, indent=4), encoding="utf-8")
    return path


def _damaged(records: list, written: str, as_written: str) -> list:
    damaged = [dict(record) for record in records]
    for record in damaged:
        assert written in record["bibtex"]
        record["bibtex"] = record["bibtex"].replace(written, as_written, 1)
    return damaged


@pytest.mark.parametrize(
    ("records", "written", "as_written", "venue", "name"),
    [
        (CORL, "booktitle=", "boktitle=", "7th Annual Conference on Robot Learning", "boktitle"),
        (CORL, "booktitle=", "booktitel=", "7th Annual Conference on Robot Learning", "booktitel"),
        (
            NIPS,
            "booktitle =",
            "bookitle =",
            "Advances in Neural Information Processing Systems",
            "bookitle",
        ),
    ],
)
def test_a_venue_under_a_misspelt_name_is_read_and_said(
    tmp_path, records, written, as_written, venue, name
):
    whole = read_file(_written(tmp_path, records, "whole.json"))
    assert {record.venue for record in whole.records} == {venue}
    result = read_file(_written(tmp_path, _damaged(records, written, as_written)))
    assert [r.venue for r in result.records] == [r.venue for r in whole.records]
    assert [r.year for r in result.records] == [r.year for r in whole.records]
    said = [p.message for p in result.problems if "bibtex string" in p.message]
    count = len(records)
    expected = (
        f"items {', '.join(str(n) for n in range(1, count + 1))} have bibtex strings with "
        f"a field whose name is one character from another's (“{name}” as “booktitle”); "
        "read as that field (the paper's venue or year), check the file there"
    )
    assert said == [expected]


def test_one_record_alone_keeps_its_venue(tmp_path):
    result = read_file(_written(tmp_path, _damaged(CORL[:1], "booktitle=", "booktitl=")))
    (record,) = result.records
    assert record.venue == "7th Annual Conference on Robot Learning"
    assert any(
        p.message.startswith("item 1 has a bibtex string with a field whose name")
        for p in result.problems
    )


def test_a_field_of_its_own_is_not_taken_for_the_booktitle(tmp_path):
    # the string names its venue: a field near no venue field's name is left as it is
    records = [dict(CORL[0])]
    records[0]["bibtex"] = records[0]["bibtex"].replace("year=", "note={x},\nyear=", 1)
    result = read_file(_written(tmp_path, records))
    assert result.records[0].venue == "7th Annual Conference on Robot Learning"
    assert not any("bibtex string" in p.message for p in result.problems)
