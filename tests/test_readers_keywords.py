"""A keyword is listed once: Zotero exports a paper's keywords and the publisher's index
terms in one ``keywords`` field (IEEE Xplore's "Deep learning" beside the authors' "deep
learning"), so the same word comes twice in another case; the paper keeps it once, as it
is first written."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

SLICE = Path(__file__).parent / "fixtures" / "citations" / "zotero_biblatex_proxied_slice.bib"


def test_a_keyword_given_twice_in_another_case_is_one_keyword() -> None:
    (record,) = read_file(SLICE).records
    folded = [word.casefold() for word in record.keywords]
    assert len(folded) == len(set(folded))
    assert "Deep learning" in record.keywords and "deep learning" not in record.keywords
    assert "Unsupervised learning" in record.keywords
    assert "Anti-money laundering (AML)" in record.keywords  # as written, first
    assert "fraud detection" in record.keywords  # one given once stays


def test_a_csl_items_keywords_are_distinct_too(tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    item = {
        "id": "doe2020",
        "type": "article-journal",
        "title": "A Study",
        "author": [{"family": "Doe", "given": "Jane"}],
        "issued": {"date-parts": [[2020]]},
        "keyword": "Deep learning, SAT, deep learning, sat, Graphs",
    }
    path.write_text(json.dumps([item]), encoding="utf-8")
    (record,) = read_file(path).records
    assert record.keywords == ("Deep learning", "SAT", "Graphs")


def test_an_ris_records_keywords_are_distinct(tmp_path: Path) -> None:
    path = tmp_path / "items.ris"
    path.write_text(
        "TY  - JOUR\nTI  - A Study\nAU  - Doe, Jane\nPY  - 2020\n"
        "KW  - Deep learning\nKW  - deep learning\nKW  - SAT\nKW  - Sat\nER  - \n",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.keywords == ("Deep learning", "SAT")


def test_a_csl_items_keyword_and_subject_are_one_list(tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    item = {
        "id": "doe2020",
        "type": "article-journal",
        "title": "A Study",
        "author": [{"family": "Doe", "given": "Jane"}],
        "issued": {"date-parts": [[2020]]},
        "keyword": "Deep learning",
        "subject": ["deep learning", "Graphs"],
    }
    path.write_text(json.dumps([item]), encoding="utf-8")
    (record,) = read_file(path).records
    assert record.keywords == ("Deep learning", "Graphs")


def test_a_tables_keyword_columns_are_one_list(tmp_path: Path) -> None:
    path = tmp_path / "items.csv"
    path.write_text(
        "title,authors,year,keywords,tags\n"
        'A Study,Jane Doe,2020,"Deep learning; SAT","deep learning; sat; Graphs"\n',
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.keywords == ("Deep learning", "SAT", "Graphs")


def test_an_ris_keyword_line_of_several_is_each_of_them(tmp_path: Path) -> None:
    path = tmp_path / "items.ris"
    path.write_text(
        "TY  - JOUR\nTI  - A Study\nAU  - Doe, Jane\nPY  - 2020\n"
        "KW  - deep learning; graphs;Deep Learning\nKW  - SAT\nER  - \n",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.keywords == ("deep learning", "graphs", "SAT")
