"""What a list is called when its file names it: the names the reader's columns show."""

from __future__ import annotations

import shutil
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file

FORMATS = Path(__file__).parent / "fixtures" / "formats"


def test_kaggles_arxiv_metadata_file_is_named_arxiv(tmp_path: Path) -> None:
    # the file as Kaggle gives it: its stem, a name of no words, was cut in the middle
    # by the reader's list column ("arxiv…pshot")
    path = tmp_path / "arxiv-metadata-oai-snapshot.json"
    shutil.copy(FORMATS / "arxiv_kaggle_slice.jsonl", path)
    assert read_file(path).name == "arXiv"
    library = load_library([path])
    assert {paper.lists for paper in library.papers} == {("arXiv",)}


def test_a_file_of_arxiv_metadata_the_user_named_keeps_its_name(tmp_path: Path) -> None:
    path = tmp_path / "cs-lg-2024.jsonl"
    shutil.copy(FORMATS / "arxiv_kaggle_slice.jsonl", path)
    assert read_file(path).name == "cs-lg-2024"


def test_another_list_under_kaggles_name_keeps_the_name(tmp_path: Path) -> None:
    # the name says arXiv only when the file holds arXiv's records
    path = tmp_path / "arxiv-metadata-oai-snapshot.json"
    path.write_text('[{"title": "A Paper", "abstract": "Words about it."}]', encoding="utf-8")
    assert read_file(path).name == "arxiv-metadata-oai-snapshot"
