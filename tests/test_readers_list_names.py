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


def test_arxiv_papers_of_one_journal_do_not_name_their_list_after_it(tmp_path: Path) -> None:
    # each paper's journal reference names "Phys. Rev. D", its venue: the list's name is
    # still its file's
    path = tmp_path / "diphotons.jsonl"
    lines = (FORMATS / "arxiv_kaggle_slice.jsonl").read_text("utf-8").splitlines()
    path.write_text(f"{lines[0]}\n{lines[0].replace('0704.0001', '0704.9001')}\n", "utf-8")
    result = read_file(path)
    assert {record.venue for record in result.records} == {"Phys. Rev. D"}
    assert result.name == "diphotons"


def test_a_file_of_arxiv_metadata_the_user_named_keeps_its_name(tmp_path: Path) -> None:
    path = tmp_path / "cs-lg-2024.jsonl"
    shutil.copy(FORMATS / "arxiv_kaggle_slice.jsonl", path)
    assert read_file(path).name == "cs-lg-2024"


def test_another_list_under_kaggles_name_keeps_the_name(tmp_path: Path) -> None:
    # the name says arXiv only when the file holds arXiv's records
    path = tmp_path / "arxiv-metadata-oai-snapshot.json"
    path.write_text('[{"title": "A Paper", "abstract": "Words about it."}]', encoding="utf-8")
    assert read_file(path).name == "arxiv-metadata-oai-snapshot"


FEEDS = Path(__file__).parent / "fixtures" / "feeds"


def test_arxiv_answers_to_several_queries_differ_at_the_start_of_their_names(
    tmp_path: Path,
) -> None:
    # the reader's list column, a dozen cells, shows a name's start: three answers all
    # named "arXiv search: …" showed alike there
    text = (FEEDS / "arxiv_api_query.xml").read_text(encoding="utf-8")
    asked = "search_query=all:diffusion AND cat:cs.LG&amp;id_list="
    paths = []
    for stem, query in (
        ("a", asked),
        ("b", "search_query=ti:attention&amp;id_list="),
        ("c", "search_query=&amp;id_list=2006.11239,0710.2073"),
    ):
        path = tmp_path / f"{stem}.xml"
        path.write_text(text.replace(asked, query), encoding="utf-8")
        paths.append(path)
    names = [read_file(path).name for path in paths]
    assert names == [
        "diffusion AND cat:cs.LG (arXiv search)",
        "ti:attention (arXiv search)",
        "2006.11239,0710.2073 (arXiv)",
    ]
    assert len({name[:8] for name in names}) == 3


def test_arxivs_search_page_pasted_is_named_by_its_query_first() -> None:
    path = Path(__file__).parent / "fixtures" / "other_shapes" / "arxiv_search_results.txt"
    assert read_file(path).name == "diffusion (arXiv search)"


def test_later_pages_of_one_arxiv_query_are_named_apart(tmp_path: Path) -> None:
    # the answers to "start=0" and "start=100" of one query were both named by the query
    text = (FEEDS / "arxiv_api_query.xml").read_text(encoding="utf-8")
    first, later = tmp_path / "page1.xml", tmp_path / "page2.xml"
    first.write_text(text, encoding="utf-8")
    later.write_text(text.replace("start=0&amp;", "start=100&amp;"), encoding="utf-8")
    assert read_file(first).name == "diffusion AND cat:cs.LG (arXiv search)"
    assert read_file(later).name == "diffusion AND cat:cs.LG (arXiv search, from 101)"
