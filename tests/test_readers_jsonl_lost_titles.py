"""A line of JSON Lines that is no JSON (cut in the middle of its abstract, a comma too
many) is named by its title where the line gives it whole, as a damaged record of a JSON
list is: "skipped lines 5 (“…”), 10: not valid JSON", not by its number alone."""

from __future__ import annotations

import json

from tuireader.ingest.readers import read_file


def _line(number: int, title: str | None = None) -> str:
    return json.dumps(
        {
            "id": f"MMMHufV{number:03}",
            "title": title or f"Paper {number}",
            "track": "main",
            "status": "Poster",
            "site": f"https://openreview.net/forum?id=MMMHufV{number:03}",
            "abstract": "We propose a generalization of the classical G-optimal design.",
        }
    )


def test_two_damaged_lines_are_named_by_their_titles(tmp_path) -> None:
    lines = [_line(n) for n in range(1, 13)]
    lines[4] = _line(5, "The Non-linear $F$-Design and Applications to Interactive Learning")[:-40]
    lines[9] = _line(10, "Analyzing $D^\\alpha$ seeding for $k$-means").replace(", ", ",, ", 2)
    path = tmp_path / "papercopilot.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 10
    assert [problem.message for problem in result.problems] == [
        (
            "skipped lines 5 (“The Non-linear $F$-Design and Applications to Interactive "
            "Learning”), 10 (“Analyzing $D^\\alpha$ seeding for $k$-means”): not valid JSON"
        )
    ]


def test_one_damaged_line_is_named_by_its_title(tmp_path) -> None:
    lines = [_line(n) for n in range(1, 4)]
    lines[1] = lines[1][:-30]
    path = tmp_path / "papercopilot.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (problem,) = read_file(path).problems
    assert problem.message.startswith("line 2 (“Paper 2”) is not valid JSON (Unterminated")
    assert problem.message.endswith("; skipped it")


def test_a_line_whose_title_is_not_whole_is_named_by_its_number(tmp_path) -> None:
    # cut inside its title, or with no title: nothing is guessed
    lines = [_line(n) for n in range(1, 5)]
    lines[1] = lines[1][: lines[1].index("Paper 2") + 4]
    lines[2] = '{"id": "abc", "abstract": "Words",, "track": "main"}'
    path = tmp_path / "papercopilot.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (problem,) = read_file(path).problems
    assert problem.message == "skipped lines 2, 3: not valid JSON"


def test_a_long_title_is_cut_and_many_lines_are_counted(tmp_path) -> None:
    long = "A " + "very " * 30 + "long title"
    lines = [_line(n) for n in range(1, 21)]
    for at in (2, 4, 6, 8, 10, 12, 14):
        lines[at] = _line(at + 1, long if at == 2 else None)[:-20]
    path = tmp_path / "papercopilot.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (problem,) = read_file(path).problems
    cut = long[:79].rstrip() + "…"
    assert problem.message == (
        f"skipped lines 3 (“{cut}”), 5 (“Paper 5”), 7 (“Paper 7”), 9 (“Paper 9”), "
        "11 (“Paper 11”) and 2 more: not valid JSON"
    )


def test_a_title_whose_colon_was_lost_names_its_record(tmp_path) -> None:
    # "title" "Analyzing …": the colon lost is what made the record no JSON, and its
    # title was read neither in JSON Lines nor in a JSON list
    title = "Analyzing $D^\\alpha$ seeding for $k$-means"
    lines = [_line(n) for n in range(1, 5)]
    lines[2] = _line(3, title).replace('"title": ', '"title" ')
    jsonl = tmp_path / "papercopilot.jsonl"
    jsonl.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (problem,) = read_file(jsonl).problems
    assert problem.message.startswith(f"line 3 (“{title}”) is not valid JSON (Expecting ':'")
    listed = tmp_path / "papercopilot.json"
    listed.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    result = read_file(listed)
    assert len(result.records) == 3
    (problem,) = result.problems
    assert problem.message.endswith(f"could not be read: item 3 (line 4, “{title}”)")
