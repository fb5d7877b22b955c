"""A list of identifiers, one a line, with a line more: a comment, a bullet, a number, a
comment after the identifier, a title among them. One such line made the whole list be
read one paper a paragraph (or a title a line), silently: one paper titled "# comment
2301.00001 arXiv:…", or papers titled "2301.00001" and "# later" with no link. When
most lines are identifiers, each is a paper; comments and blank lines are skipped, a
title is a paper's title, anything else is left out and said by line number."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file


def _read(tmp_path: Path, text: str, name: str = "list.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def _ids(result) -> list[tuple[str | None, str | None, str | None]]:
    return [(r.arxiv_id, r.doi, r.title) for r in result.records]


def test_a_comment_line_under_the_name_is_skipped(tmp_path: Path) -> None:
    result = _read(
        tmp_path, "My list\n# comment\n2301.00001\narXiv:2402.01234v2\n10.1145/3290605.3300233\n"
    )
    assert result.name == "My list"
    assert _ids(result) == [
        ("2301.00001", None, None),
        ("2402.01234", None, None),
        (None, "10.1145/3290605.3300233", None),
    ]
    [said] = result.problems
    assert "holds identifiers only" in said.message


def test_a_blank_line_and_a_comment_between_paragraphs_are_skipped(tmp_path: Path) -> None:
    result = _read(tmp_path, "2301.00001\n2402.01234\n\n# later\n2310.06825\n")
    assert result.name == "list"
    assert _ids(result) == [
        ("2301.00001", None, None),
        ("2402.01234", None, None),
        ("2310.06825", None, None),
    ]
    assert len(result.problems) == 1


@pytest.mark.parametrize(
    "text",
    [
        "- 2301.00001\n- 2402.01234\n* 2310.06825\n",
        "1. 2301.00001\n2. 2402.01234\n3) 2310.06825\n",
        "2301.00001  # great\n2402.01234 # read twice\n2310.06825\n",
    ],
)
def test_bullets_numbers_and_trailing_comments(tmp_path: Path, text: str) -> None:
    result = _read(tmp_path, text)
    assert _ids(result) == [
        ("2301.00001", None, None),
        ("2402.01234", None, None),
        ("2310.06825", None, None),
    ]
    assert len(result.problems) == 1


def test_titles_among_identifiers_are_papers_and_other_lines_are_said(tmp_path: Path) -> None:
    text = (
        "Reading\n2301.00001\nAttention Is All You Need\n"
        "2402.01234\nthese are the ones I liked.\n2310.06825\n"
    )
    result = _read(tmp_path, text)
    assert result.name == "Reading"
    assert _ids(result) == [
        ("2301.00001", None, None),
        (None, None, "Attention Is All You Need"),
        ("2402.01234", None, None),
        ("2310.06825", None, None),
    ]
    said, left = result.problems
    assert "1 line (3) is a title: read it as one paper's title" in said.message
    assert left.message == "left out 1 line that is neither an identifier nor a title (line 5)"


def test_a_list_of_titles_with_one_identifier_is_still_a_list_of_titles(tmp_path: Path) -> None:
    text = "Attention Is All You Need\nDeep Residual Learning\nAdam A Method\n2301.00001\n"
    result = _read(tmp_path, text)
    assert "holds identifiers" not in result.problems[0].message


def test_a_paper_given_twice_by_identifiers_only_is_named_by_its_identifier(
    tmp_path: Path,
) -> None:
    # the arXiv page and the arXiv DOI of one paper: it said it merged “”
    path = tmp_path / "twice.txt"
    path.write_text(
        "https://arxiv.org/abs/2301.00001\nhttps://doi.org/10.48550/arXiv.2301.00001\n",
        encoding="utf-8",
    )
    library = load_library([path])
    assert [paper.title for paper in library.papers] == ["Untitled paper (arXiv id 2301.00001)"]
    [merged] = [problem for problem in library.problems if "merged" in problem.message]
    assert merged.message.endswith(": “Untitled paper (arXiv id 2301.00001)” (same arXiv id)")
