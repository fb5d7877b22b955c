"""An OpenReview crawl (``[{venue, year, submissions: [...]}]``) damaged in one
submission loses that submission only: the others are read, with their venue's year
and their decisions, and the one lost is named by its place, line and title. Read as
one array, a crawl is one element a venue, and one damaged submission cost them all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tuireader.ingest.formats import jsonfile
from tuireader.ingest.formats.jsonfile import parse_json
from tuireader.ingest.readers import ReadResult, read_file

#: OpenReview's NeurIPS 2018 CDNNRIA workshop as a crawler writes it (two submissions,
#: a decision and a review each; their revisions left out)
CRAWL = Path(__file__).parent / "fixtures" / "damaged" / "openreview_nips2018_workshop_crawl.json"
FIRST, SECOND = "Targeted Dropout", "Rethinking the Value of Network Pruning"


def read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "crawl.json"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def damage(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1
    return text.replace(old, new)


def line_of(text: str, part: str) -> int:
    return text.count("\n", 0, text.index(part)) + 1


def the_warning(result: ReadResult) -> str:
    (problem,) = result.problems
    assert problem.severity == "warning"
    return problem.message


def test_the_whole_crawl_reads_both_submissions() -> None:
    result = read_file(CRAWL)
    assert [record.title for record in result.records] == [FIRST, SECOND]
    assert not result.problems


@pytest.mark.parametrize(
    ("old", "new", "kept", "lost"),
    [
        # a title without its quotes
        (f'"title": "{FIRST}",', f'"title": {FIRST},', SECOND, 1),
        # a stray character after a field
        ('"number": 49,', '"number": 49,x', FIRST, 2),
        # a stray brace after a field
        ('"original": "H1xH1hQtjQ",', '"original": "H1xH1hQtjQ",}', FIRST, 2),
        # an abstract cut short, the rest of its line gone
        ("compress neural networks without", "compress neural net", SECOND, 1),
    ],
)
def test_a_damaged_submission_costs_that_submission_only(
    tmp_path: Path, old: str, new: str, kept: str, lost: int
) -> None:
    whole = CRAWL.read_text(encoding="utf-8")
    text = damage(whole, old, new)
    if old.startswith("compress"):  # cut short: the rest of the abstract's line gone
        start = text.index("compress neural net")
        text = text[: start + len("compress neural net")] + text[text.index("\n", start) :]
    result = read(tmp_path, text)
    (record,) = result.records
    assert record == next(paper for paper in read_file(CRAWL).records if paper.title == kept)
    assert record.year == 2018 and record.status
    message = the_warning(result)
    assert "skipped 1 record that could not be read and read the 1 record before and after" in (
        message
    )
    title = FIRST if lost == 1 else SECOND
    assert f"could not be read: submission {lost} (line " in message
    # a title is named only where the damage left it whole
    assert message.endswith(f", “{title}”)") == (not new.startswith('"title"'))


def test_a_quote_left_out_of_a_submission_is_put_back(tmp_path: Path) -> None:
    whole = CRAWL.read_text(encoding="utf-8")
    result = read(tmp_path, damage(whole, f'"title": "{FIRST}",', f'"title": "{FIRST},'))
    assert result.records == read_file(CRAWL).records
    message = the_warning(result)
    assert "read a quote left out at line " in message
    assert "could not be read" not in message


def test_a_comma_left_out_is_mended_beside_a_damaged_submission(tmp_path: Path) -> None:
    whole = CRAWL.read_text(encoding="utf-8")
    text = damage(whole, '"id": "HkghWScuoQ",', '"id": "HkghWScuoQ"')
    text = damage(text, '"number": 49,', '"number": 49 49,')
    result = read(tmp_path, text)
    assert [record.title for record in result.records] == [FIRST]
    message = the_warning(result)
    comma = line_of(text, '"id": "HkghWScuoQ"') + 1  # where json stops: the next field
    assert f"read a comma left out at line {comma} as if it were there" in message
    number = line_of(text, '"number": 49 49,')
    assert message.endswith(f"could not be read: submission 2 (line {number}, “{SECOND}”)")


def note(venue: str, number: int) -> dict[str, Any]:
    forum = f"{venue}{number}"
    return {
        "id": forum,
        "forum": forum,
        "invitation": f"{venue}.cc/-/Submission",
        "content": {"title": f"{venue} paper {number}", "abstract": "We study it."},
        "notes": [
            {
                "id": f"{forum}r",
                "forum": forum,
                "replyto": forum,
                "invitation": f"{venue}.cc/-/Official_Review",
                "content": {"title": "A review"},
            }
        ],
    }


def venues(*sizes: int) -> list[dict[str, Any]]:
    names = ["ICLR", "NeurIPS", "ICML"]
    return [
        {
            "venue": f"{names[n]}.cc",
            "year": 2019 + n,
            "submissions": [note(names[n], i) for i in range(size)],
        }
        for n, size in enumerate(sizes)
    ]


def years(result: ReadResult) -> list[tuple[str | None, int | None]]:
    return [(record.title, record.year) for record in result.records]


#: a crawl written indented, and on one line (``json.dump`` as it writes by default)
INDENTS = pytest.mark.parametrize("indent", [3, None])


@INDENTS
@pytest.mark.parametrize(
    ("old", "new", "lost"),
    [
        ('"ICLR paper 1"', "ICLR paper 1", 2),  # the last of its venue, its title unquoted
        ('"id": "ICLR0",', '"id": "ICLR0",,', 1),  # a comma too many
        ('"id": "NeurIPS0",', '"id": "NeurIPS0" x,', 3),  # a stray word
    ],
)
def test_a_damaged_submission_costs_no_other_of_any_venue(
    tmp_path: Path, indent: int | None, old: str, new: str, lost: int
) -> None:
    text = damage(json.dumps(venues(2, 2, 1), indent=indent), old, new)
    result = read(tmp_path, text)
    read_so = [
        ("ICLR paper 0", 2019),
        ("ICLR paper 1", 2019),
        ("NeurIPS paper 0", 2020),
        ("NeurIPS paper 1", 2020),
        ("ICML paper 0", 2021),
    ]
    assert years(result) == read_so[: lost - 1] + read_so[lost:]
    assert f"could not be read: submission {lost} (line " in the_warning(result)


def test_a_venue_damaged_before_its_submissions_costs_that_venue_only(
    tmp_path: Path,
) -> None:
    text = damage(json.dumps(venues(1, 2, 1), indent=3), '"year": 2020,', '"year": 2020,,')
    result = read(tmp_path, text)
    assert years(result) == [("ICLR paper 0", 2019), ("ICML paper 0", 2021)]
    message = the_warning(result)
    line = line_of(text, '"venue": "NeurIPS.cc"') - 1
    assert message.endswith(f"the venue at line {line} could not be read, nor its submissions")


class Decoder(json.JSONDecoder):
    """A decoder that counts the characters it reads."""

    read = 0

    def raw_decode(self, s: str, idx: int = 0) -> tuple[Any, int]:
        try:
            value, end = super().raw_decode(s, idx)
        except json.JSONDecodeError as error:
            Decoder.read += error.pos - idx
            raise
        Decoder.read += end - idx
        return value, end


@INDENTS
def test_a_large_crawl_damaged_throughout_is_read_in_one_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, indent: int | None
) -> None:
    count = 2000
    text = json.dumps(venues(count), indent=indent)
    # every submission without the comma after its id, and every tenth damaged
    text = text.replace('",\n            "forum"', '"\n            "forum"')
    text = text.replace('", "forum"', '" "forum"')
    for number in range(0, count, 10):
        text = damage(text, f'"title": "ICLR paper {number}"', f'"title": "ICLR paper {number}" x')
    monkeypatch.setattr(jsonfile.json, "JSONDecoder", Decoder)
    Decoder.read = 0
    result = parse_json(text, tmp_path / "crawl.json")
    assert len(result.records) == count - count // 10
    message = the_warning(result)
    assert f"skipped {count // 10} records that could not be read" in message
    # each submission read a few times over; read again from the start at each damaged
    # one, the crawl would be read about ``count // 10`` times
    assert Decoder.read < 10 * len(text)


@INDENTS
def test_a_crawl_cut_short_keeps_the_whole_submissions_of_its_last_venue(
    tmp_path: Path, indent: int | None
) -> None:
    whole = json.dumps(venues(2, 3), indent=indent)
    result = read(tmp_path, whole[: whole.index('"NeurIPS paper 2"')])
    assert years(result) == [
        ("ICLR paper 0", 2019),
        ("ICLR paper 1", 2019),
        ("NeurIPS paper 0", 2020),
        ("NeurIPS paper 1", 2020),
    ]
    assert the_warning(result).endswith("read the 4 records before it (is the file cut short?)")


@INDENTS
@pytest.mark.parametrize("year", [2019, 2020, 2021])
def test_any_venue_damaged_before_its_submissions_costs_that_venue_only(
    tmp_path: Path, indent: int | None, year: int
) -> None:
    text = json.dumps(venues(1, 2, 1), indent=indent)
    result = read(tmp_path, damage(text, f'"year": {year},', f'"year": {year},,'))
    every = [("ICLR paper 0", 2019), ("NeurIPS paper 0", 2020), ("NeurIPS paper 1", 2020)]
    every.append(("ICML paper 0", 2021))
    assert years(result) == [paper for paper in every if paper[1] != year]
    message = the_warning(result)
    assert message.endswith("could not be read, nor its submissions")
    assert "item" not in message


@INDENTS
def test_a_quote_left_out_of_a_venues_last_submission_is_put_back(
    tmp_path: Path, indent: int | None
) -> None:
    text = damage(json.dumps(venues(2, 2, 1), indent=indent), '"ICLR paper 1"', '"ICLR paper 1')
    result = read(tmp_path, text)
    assert len(result.records) == 5
    assert "read a quote left out at line " in the_warning(result)
