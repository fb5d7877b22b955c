""" "et al." says a list of authors was cut: it is written after the names, never as a
name. A spreadsheet's "Alice Smith et al." was one person (APA "al., A. S. e."), and an
"et al." with no author named before it an author of its own ("al., e.")."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import format_citation


def _authors(path: Path) -> dict[str | None, tuple[str, ...]]:
    return {record.title: record.authors for record in read_file(path).records}


def test_et_al_after_the_last_name_is_no_part_of_it(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(
        'title,authors,year\nA Study,Alice Smith et al.,2020\nB Study,"Alice Smith, Bob Jones et al",2021\n',
        encoding="utf-8",
    )
    assert _authors(path) == {
        "A Study": ("Alice Smith", "et al."),
        "B Study": ("Alice Smith", "Bob Jones", "et al."),
    }
    library = load_library([path])
    apa = {
        paper.title: format_citation(paper, "apa", library=library).text for paper in library.papers
    }
    assert apa["A Study"].startswith("Smith, A., et al. (2020).")


def test_et_al_naming_no_one_is_no_author(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text("title,authors,year\nA Study,et al.,2020\n", encoding="utf-8")
    assert _authors(path) == {"A Study": ()}
    library = load_library([path])
    (paper,) = library.papers
    assert "al., e." not in format_citation(paper, "apa", library=library).text


def test_arxiv_metadata_says_et_al_one_way(tmp_path: Path) -> None:
    # arXiv's "authors" as written, without authors_parsed
    path = tmp_path / "arxiv.jsonl"
    lines = [
        {
            "id": "0704.0001",
            "title": "Cut list",
            "abstract": "One.",
            "authors": "F. Aharonian, et al",
        },
        {"id": "0704.0002", "title": "No one", "abstract": "Two.", "authors": "et al"},
    ]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert _authors(path) == {"Cut list": ("F. Aharonian", "et al."), "No one": ()}


def test_a_csl_literal_et_al_is_others_in_the_split_names(tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    item = {
        "type": "article-journal",
        "title": "A Study",
        "author": [{"family": "Smith", "given": "Alice"}, {"literal": "et al."}],
        "issued": {"date-parts": [[2020]]},
    }
    path.write_text(json.dumps([item]), encoding="utf-8")
    (record,) = read_file(path).records
    assert record.authors == ("Alice Smith", "et al.")
    assert record.author_names == ("Smith, Alice", "others")
