"""A list is read as what it plainly holds, whatever its name ends with: a CSL-JSON
export saved as ``list.txt`` was read as a text list, one paper in a list named "[", and
a BibTeX file saved as ``.md`` one paper an entry."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

ITEMS = [
    {
        "id": f"doe{year}",
        "type": "article-journal",
        "title": f"A Study of Year {year}",
        "author": [{"family": "Doe", "given": "Jane"}],
        "issued": {"date-parts": [[year]]},
        "abstract": f"We study what happened in {year}.",
    }
    for year in (2020, 2021, 2022)
]

BIBTEX = """% exported from a reference manager
@article{doe2020,
  title = {A Study of Year 2020},
  author = {Doe, Jane},
  year = {2020},
  abstract = {We study what happened in 2020.}
}

@article{doe2021,
  title = {A Study of Year 2021},
  author = {Doe, Jane},
  year = {2021}
}
"""


def titles(path: Path) -> list[str | None]:
    return [record.title for record in read_file(path).records]


def test_a_txt_file_holding_csl_json_is_read_as_json(tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    path.write_text(json.dumps(ITEMS, indent=2), encoding="utf-8")
    result = read_file(path)
    assert result.name != "["
    assert [record.title for record in result.records] == [item["title"] for item in ITEMS]
    assert result.records[0].authors == ("Jane Doe",)


def test_a_txt_file_holding_json_lines_is_read_as_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    path.write_text("\n".join(json.dumps(item) for item in ITEMS) + "\n", encoding="utf-8")
    assert titles(path) == [item["title"] for item in ITEMS]


def test_a_markdown_file_holding_bibtex_is_read_as_bibtex(tmp_path: Path) -> None:
    path = tmp_path / "refs.md"
    path.write_text(BIBTEX, encoding="utf-8")
    assert titles(path) == ["A Study of Year 2020", "A Study of Year 2021"]


def test_a_json_file_holding_bibtex_is_read_as_bibtex(tmp_path: Path) -> None:
    path = tmp_path / "refs.json"
    path.write_text(BIBTEX, encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "A Study of Year 2020",
        "A Study of Year 2021",
    ]
    assert not [problem for problem in result.problems if problem.severity == "error"]


def test_a_markdown_file_holding_ris_is_read_as_ris(tmp_path: Path) -> None:
    path = tmp_path / "refs.md"
    path.write_text(
        "TY  - JOUR\nTI  - A Study of Year 2020\nAU  - Doe, Jane\nPY  - 2020\nER  - \n",
        encoding="utf-8",
    )
    assert titles(path) == ["A Study of Year 2020"]


def test_a_text_list_that_only_starts_with_a_bracket_stays_a_text_list(tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    path.write_text(
        "[ICML 2024] papers to read\n\nWe study a thing {with braces}.\n\nAnother abstract.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.name == "[ICML 2024] papers to read"
    assert len(result.records) == 2


def test_a_txt_file_holding_json_cut_short_is_read_as_json(tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    text = json.dumps(ITEMS, indent=2)
    path.write_text(text[: text.index('"doe2022"')], encoding="utf-8")
    result = read_file(path)
    assert result.name != "["
    assert [record.title for record in result.records] == [item["title"] for item in ITEMS[:2]]
    assert "not valid JSON" in result.problems[-1].message


def test_json_lines_cut_short_in_a_txt_file_keep_their_whole_lines(tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    text = "\n".join(json.dumps(item) for item in ITEMS)
    path.write_text(text[:-20], encoding="utf-8")
    assert titles(path) == [item["title"] for item in ITEMS[:2]]


def test_a_markdown_wiki_contents_marker_stays_markdown(tmp_path: Path) -> None:
    path = tmp_path / "papers.md"
    path.write_text(
        "[[_TOC_]]\n\n# Papers\n\n- [Attention Is All You Need](https://arxiv.org/abs/1706.03762)\n",
        encoding="utf-8",
    )
    assert titles(path) == ["Attention Is All You Need"]
