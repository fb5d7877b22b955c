"""Papers by their ids in one JSON object written on one line, damaged in one paper: the
papers after it were all lost (the next paper cannot be found by a line that starts
it). Reading goes on at the next key written as the keys before it, after a paper's
"}" and its comma; the damaged paper is named, and so is one cut short at the end."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

#: the first six records of Paper Copilot's CoRL 2023 list, as it writes them
FIRST_SIX = Path(__file__).parent / "fixtures" / "damaged" / "corl2023_first6.json"


def _one_line() -> tuple[str, list[str]]:
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    keyed = {item["id"]: {k: v for k, v in item.items() if k != "id"} for item in items}
    return json.dumps(keyed), [item["title"] for item in items]


def _ids() -> list[str]:
    return [item["id"] for item in json.loads(FIRST_SIX.read_text(encoding="utf-8"))]


def _titles(path: Path) -> list[str | None]:
    return [record.title for record in read_file(path).records]


def test_a_damaged_paper_on_one_line_costs_that_paper_only(tmp_path: Path) -> None:
    text, titles = _one_line()
    assert "\n" not in text
    third = text.index('"title"', text.index(json.dumps(titles[2])) - 20)
    # both quotes of "title" lost: no one quote put back mends it
    damaged = text[:third] + "title" + text[third + len('"title"') :]
    path = tmp_path / "corl.json"
    path.write_text(damaged, encoding="utf-8")
    assert _titles(path) == [*titles[:2], *titles[3:]]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message.startswith("is not valid JSON at line 1 (Expecting ")
    assert message.endswith(
        "skipped 1 record that could not be read and read the 5 records before and after, "
        f"check the file there; could not be read: item 3 (line 1, id “{_ids()[2]}”)"
    )


def test_a_damaged_paper_on_one_line_cut_short_names_both(tmp_path: Path) -> None:
    text, titles = _one_line()
    second = text.index('"title"', text.index(json.dumps(titles[1])) - 20)
    cut = text.index(json.dumps(titles[5])) + len(json.dumps(titles[5])) + 40
    path = tmp_path / "corl.json"
    damaged = text[:second] + "title" + text[second + len('"title"') : cut]
    path.write_text(damaged, encoding="utf-8")
    assert _titles(path) == [titles[0], *titles[2:5]]
    (message,) = [problem.message for problem in read_file(path).problems]
    named = titles[5][:79].rstrip() + "…"  # a long title is cut where it is named
    assert message.endswith(
        "skipped 2 records that could not be read and read the 4 records before and after, "
        f"check the file there; could not be read: items 2 (line 1, id “{_ids()[1]}”), 6 "
        f"(line 1, “{named}”)"
    )


def test_a_damaged_first_paper_on_one_line_costs_that_paper_only(tmp_path: Path) -> None:
    # no key read before it to tell the next paper's by: every paper was lost
    text, titles = _one_line()
    first = text.index(json.dumps(titles[0])) + len(json.dumps(titles[0]))
    path = tmp_path / "corl.json"
    path.write_text(text[:first] + " x" + text[first:], encoding="utf-8")
    assert _titles(path) == titles[1:]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message.endswith(
        "skipped 1 record that could not be read and read the 5 records before and after, "
        f"check the file there; could not be read: item 1 (line 1, id “{_ids()[0]}”)"
    )


def test_two_papers_on_one_line_the_first_damaged_keep_the_second(tmp_path: Path) -> None:
    papers = {"id1": {"title": "Paper 1", "year": 2021}, "id2": {"title": "Paper 2"}}
    path = tmp_path / "list.json"
    path.write_text(json.dumps(papers).replace('"Paper 1"', '"Paper 1" x'), encoding="utf-8")
    assert _titles(path) == ["Paper 2"]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message.endswith("could not be read: item 1 (line 1, id “id1”)")


def test_a_quote_left_out_of_a_paper_on_one_line_is_put_back(tmp_path: Path) -> None:
    text, titles = _one_line()
    path = tmp_path / "corl.json"
    path.write_text(text.replace(json.dumps(titles[0]), json.dumps(titles[0])[1:]), "utf-8")
    assert _titles(path) == titles
    (message,) = [problem.message for problem in read_file(path).problems]
    assert "read a quote left out at line 1 as if it were there" in message


def test_a_paper_field_holding_a_paper_is_no_paper_by_its_id(tmp_path: Path) -> None:
    # one paper, damaged, whose "content" holds a title: no object of papers by ids
    paper = {"title": "Paper 1", "venue": "X", "content": {"title": "Paper 1"}}
    path = tmp_path / "list.json"
    path.write_text(json.dumps(paper).replace('"Paper 1",', '"Paper 1" x,', 1), "utf-8")
    assert _titles(path) == []


def test_one_line_cut_short_alone_is_said_as_cut_short(tmp_path: Path) -> None:
    text, titles = _one_line()
    path = tmp_path / "corl.json"
    path.write_text(text[: text.index(json.dumps(titles[4])) + 10], encoding="utf-8")
    assert _titles(path) == titles[:4]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message.endswith("read the 4 records before it (is the file cut short?)")


def test_a_first_paper_without_its_opening_brace_costs_that_paper_only(tmp_path: Path) -> None:
    text, titles = _one_line()
    first = f'"{_ids()[0]}": {{'
    assert text.startswith("{" + first)
    path = tmp_path / "corl.json"
    path.write_text(text.replace(first, first[:-1], 1), encoding="utf-8")
    assert _titles(path) == titles[1:]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert "could not be read: item 1 (line 1, “" in message
