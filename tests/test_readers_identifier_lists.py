"""A plain text list of identifiers, one a line (arXiv ids, DOIs, links to papers'
pages), as one is often handed. Read one paper a paragraph, it was one paper whose
abstract was its lines and whose title was derived from them, under a list named by its
first line, and nothing was said (two arXiv ids: a list "2401.01234" of one paper titled
"1706.03762"). Each identifier is one paper with its link, untitled, and the load says
the file holds identifiers only."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tuireader import cli
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import W_DERIVED_TITLE, W_UNKNOWN_TITLE, format_citation

TEXT = Path(__file__).parent / "fixtures" / "text"
MIXED = TEXT / "identifiers_mixed.txt"
NAMED = TEXT / "identifiers_named.txt"


def test_each_identifier_of_a_mixed_list_is_one_paper(tmp_path: Path) -> None:
    result = read_file(MIXED)
    assert result.name == "identifiers_mixed"
    assert [(r.arxiv_id, r.doi, r.title, r.abstract) for r in result.records] == [
        ("2401.01234", None, None, ""),
        ("1706.03762", None, None, ""),  # "arXiv:…v5": the id, without its version
        (None, "10.18653/v1/N19-1423", None, ""),  # as written
        ("2106.09685", None, None, ""),
    ]
    [said] = result.problems
    assert said.severity == "warning"
    assert "holds identifiers only, one a line" in said.message
    assert "titles, authors and abstracts are not in the file" in said.message
    assert "named after the file" in said.message


def test_each_paper_links_to_its_identifiers_page_and_says_it_is_untitled() -> None:
    library = load_library([MIXED])
    assert [(p.title, p.title_derived, [link.url for link in p.links]) for p in library.papers] == [
        ("Untitled paper (arXiv id 2401.01234)", True, ["https://arxiv.org/abs/2401.01234"]),
        ("Untitled paper (arXiv id 1706.03762)", True, ["https://arxiv.org/abs/1706.03762"]),
        (
            "Untitled paper (DOI 10.18653/v1/N19-1423)",
            True,
            ["https://doi.org/10.18653/v1/N19-1423"],
        ),
        ("Untitled paper (arXiv id 2106.09685)", True, ["https://arxiv.org/abs/2106.09685"]),
    ]
    assert all(not paper.abstract and not paper.authors for paper in library.papers)


def test_two_arxiv_ids_are_two_papers_not_a_list_named_by_the_first(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("2401.01234\n1706.03762\n", encoding="utf-8")
    result = read_file(path)
    assert result.name == "a"
    assert [record.arxiv_id for record in result.records] == ["2401.01234", "1706.03762"]
    # one identifier alone is one paper, not a list name with no papers after it
    path.write_text("2401.01234\n", encoding="utf-8")
    assert [record.arxiv_id for record in read_file(path).records] == ["2401.01234"]


def test_a_named_list_keeps_its_name_and_leaves_out_an_address_of_no_paper() -> None:
    result = read_file(NAMED)
    assert result.name == "Reading list"
    records = result.records
    assert [(r.url, r.openreview_id, r.pmlr_key, r.doi, r.arxiv_id) for r in records] == [
        ("https://openreview.net/forum?id=Xq3lTbE7nZ", "Xq3lTbE7nZ", None, None, None),
        ("https://proceedings.mlr.press/v999/smith99a.html", None, "smith99a", None, None),
        (None, None, None, "10.1145/ABC.123", None),
        (None, None, None, None, "2106.09685"),
    ]
    first, left_out = result.problems
    assert "read each as one paper with its link, 4 in all" in first.message
    assert "named after the file" not in first.message
    assert left_out.message == "left out 1 web address that names no paper's identifier (line 8)"


def test_a_catalog_gives_the_papers_their_titles(tmp_path: Path, capsys) -> None:
    catalog = tmp_path / "catalog.jsonl"
    record = {
        "title": "Wombats Count Better Than Models",
        "authors": ["Ann Wombat"],
        "openreview": "https://openreview.net/forum?id=Xq3lTbE7nZ",
        "abstract": "We show that wombats count better than models of any size.",
    }
    catalog.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code = cli.main(["search", "", str(NAMED), "--catalog", str(catalog), "--json"])
    assert code == 0
    titles = [hit["title"] for hit in json.loads(capsys.readouterr().out)["hits"]]
    assert titles[0] == "Wombats Count Better Than Models"
    assert titles[1:] == [
        "Untitled paper (PMLR key smith99a)",
        "Untitled paper (DOI 10.1145/ABC.123)",
        "Untitled paper (arXiv id 2106.09685)",
    ]


def test_add_counts_a_paper_an_identifier(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["add", str(MIXED)]) == 0
    captured = capsys.readouterr()
    assert "(4 papers)" in captured.out
    assert "holds identifiers only" in captured.err


def test_a_file_of_addresses_of_no_paper_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text("https://example.org/a\nhttps://example.org/b\n", encoding="utf-8")
    result = read_file(path)
    assert not result.records
    assert "holds web addresses, one a line, and no abstracts" in result.problems[0].message


def test_an_untitled_paper_is_not_said_to_have_a_title_from_its_abstract(capsys) -> None:
    # show said "(title derived from the abstract)" of a paper with no abstract, and its
    # citations "[title derived from the abstract]"
    paper = load_library([MIXED]).papers[0]
    assert paper.title_unknown
    assert cli.main(["show", paper.id, str(MIXED)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "title not known" in first
    assert "derived from the abstract" not in first
    bibtex = format_citation(paper, "bibtex")
    assert W_UNKNOWN_TITLE in bibtex.warnings
    assert W_DERIVED_TITLE not in bibtex.warnings
    assert "note = {Title not known; authors unknown}" in bibtex.text
    apa = format_citation(paper, "apa").text
    assert apa.startswith("Untitled paper (arXiv id 2401.01234) [title not known]. (n.d.).")
    # a title derived from an abstract is said to be so, as ever
    derived = replace(paper, abstract="We count wombats.")
    assert not derived.title_unknown
    assert W_DERIVED_TITLE in format_citation(derived, "bibtex").warnings
