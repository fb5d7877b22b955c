"""Citation keys a paper's source gives it: a BibTeX entry's, a CSL citation-key, and
the key of its page in PMLR (``pmlr-v235-bharadhwaj24a``) for a list that carries the
paper's PMLR key, as the proceedings page cites it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import bibtexparser
import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.model import Library, Link, Paper
from tuireader.render.citations import (
    cite_keys,
    format_citation,
    format_many,
    make_source_entry,
    papers_cited_as,
    validate_bibtex,
)

HERE = Path(__file__).parent
ICML_SAMPLE = HERE / "fixtures" / "citations" / "icml2024_sample.jsonl"


def icml_paper(pid: str = "p1", key: str = "bharadhwaj24a", **kw) -> Paper:
    """A paper as an ICML 2024 list of PMLR's gives it: its PMLR key and page."""
    fields: dict = {
        "title": "Position: Scaling Simulation is Neither Necessary Nor Sufficient",
        "abstract": "",
        "authors": ("Homanga Bharadhwaj",),
        "venue": "ICML 2024",
        "year": 2024,
        "pmlr_key": key,
        "links": (Link(f"https://proceedings.mlr.press/v235/{key}.html", "paper", "url"),),
    }
    fields.update(kw)
    return Paper(id=pid, **fields)


def key_of(text: str) -> str:
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks and len(library.entries) == 1
    return library.entries[0].key


def test_a_pmlr_papers_key_is_the_one_its_proceedings_page_gives() -> None:
    paper = icml_paper()
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt).text
        assert key_of(text) == "pmlr-v235-bharadhwaj24a"
        assert validate_bibtex(text) == []
    assert format_citation(paper, "cite").text == "\\cite{pmlr-v235-bharadhwaj24a}"
    assert format_citation(paper, "pandoc").text == "[@pmlr-v235-bharadhwaj24a]"
    assert cite_keys([paper], Library(papers=(paper,))) == {"p1": "pmlr-v235-bharadhwaj24a"}


def test_the_volume_comes_from_the_papers_pmlr_links_else_its_icml_year() -> None:
    # CoRL 2023 is PMLR's volume 229: only the record's own page says so
    corl = icml_paper(
        key="lee23a",
        venue="CoRL 2023",
        year=2023,
        links=(Link("https://proceedings.mlr.press/v229/lee23a.html", "paper", "url"),),
    )
    assert format_citation(corl, "cite").text == "\\cite{pmlr-v229-lee23a}"
    # the PDF in PMLR's repository says it as well
    pdf = Link(
        "https://raw.githubusercontent.com/mlresearch/v229/main/assets/lee23a/lee23a.pdf",
        "paper",
        "pdf",
    )
    assert format_citation(
        icml_paper(key="lee23a", venue="CoRL 2023", links=(pdf,)), "cite"
    ).text == ("\\cite{pmlr-v229-lee23a}")
    # an ICML paper with its key alone: the year's volume
    bare = icml_paper(links=(), venue=None)
    assert format_citation(bare, "cite").text == "\\cite{pmlr-v235-bharadhwaj24a}"


def test_without_a_volume_or_a_pmlr_key_the_key_is_generated() -> None:
    # no venue of known volume, no PMLR link: a PMLR key alone is not PMLR's citation key
    unknown = icml_paper(venue="Some Workshop 2024", links=())
    assert format_citation(unknown, "cite").text == "\\cite{bharadhwaj2024scaling}"
    # a PMLR page the abstract mentions is another paper's, not this one's volume
    mentioned = icml_paper(
        venue="Some Workshop 2024",
        links=(Link("https://proceedings.mlr.press/v229/other23a.html", "paper", "text"),),
    )
    assert format_citation(mentioned, "cite").text == "\\cite{bharadhwaj2024scaling}"
    assert format_citation(icml_paper(pmlr_key=None), "cite").text == (
        "\\cite{bharadhwaj2024scaling}"
    )


def test_a_source_entrys_own_key_comes_before_the_pmlr_key() -> None:
    entry = make_source_entry(
        "myOwnKey2024",
        "inproceedings",
        [("title", "Position: Scaling Simulation"), ("author", "Bharadhwaj, Homanga")],
    )
    paper = icml_paper(source_entry=entry)
    assert key_of(format_citation(paper).text) == "myOwnKey2024"
    assert format_citation(icml_paper(cite_key="bharadhwajPosition2024"), "cite").text == (
        "\\cite{bharadhwajPosition2024}"
    )


def test_pmlr_keys_of_two_volumes_stay_apart_and_no_generated_key_takes_one() -> None:
    a = icml_paper("a", key="lee24a")
    b = icml_paper(
        "b",
        key="lee24a",
        venue="AISTATS 2024",
        links=(Link("https://proceedings.mlr.press/v238/lee24a.html", "paper", "url"),),
    )
    plain = Paper(id="c", title="Other", abstract="", authors=("Ann Lee",), year=2024)
    keys = cite_keys([a, b, plain], Library(papers=(a, b, plain)))
    assert keys == {"a": "pmlr-v235-lee24a", "b": "pmlr-v238-lee24a", "c": "lee2024other"}
    text = format_many([a, b, plain], "bibtex")
    assert validate_bibtex(text) == []


def test_two_papers_with_one_pmlr_key_get_suffixes() -> None:
    # two lists' records of one PMLR key that are not merged (their titles differ)
    a = icml_paper("a")
    b = icml_paper("b", title="Another Title")
    keys = cite_keys([a, b])
    assert keys == {"a": "pmlr-v235-bharadhwaj24a", "b": "pmlr-v235-bharadhwaj24aa"}


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "cite", "pandoc"])
def test_an_icml_list_read_from_its_file_is_cited_with_pmlr_keys(capsys, fmt: str) -> None:
    records = [json.loads(line) for line in ICML_SAMPLE.read_text(encoding="utf-8").splitlines()]
    code = main(["cite", "--format", fmt, "--query", "tseng", str(ICML_SAMPLE)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert any(r["pmlr_key"] == "tseng24a" for r in records)
    assert "pmlr-v235-tseng24a" in out
    assert "tseng2024quip" not in out


def test_two_better_bibtex_entries_of_one_doi_are_cited_by_the_first(tmp_path: Path) -> None:
    # a Zotero duplicate, exported twice: the second key has Better BibTeX's suffix
    slice_ = HERE / "fixtures" / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
    library = load_library([slice_])
    (paper,) = library.papers
    text = format_citation(paper, library=library).text
    assert key_of(text) == "sahaRarePathGuided2023"
    assert "{{ISSTA}} 2023 - {{Proceedings}}" in text  # the first entry's fields with it
    assert validate_bibtex(text) == []
    # the rule is the file's order, not the key's spelling
    first, second = slice_.read_text(encoding="utf-8").split("\n\n")
    reversed_ = tmp_path / "reversed.bib"
    reversed_.write_text(second.strip() + "\n\n" + first.strip() + "\n", encoding="utf-8")
    (paper,) = load_library([reversed_]).papers
    assert key_of(format_citation(paper).text) == "sahaRarePathGuided2023a"


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_the_other_key_of_a_merged_entry_is_one_biber_takes_too(fmt: str, tmp_path: Path) -> None:
    # a manuscript written against the second export cites sahaRarePathGuided2023a: the
    # entry cited by the first key answers to it through BibLaTeX's ids
    slice_ = HERE / "fixtures" / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
    first, second = slice_.read_text(encoding="utf-8").split("\n\n")
    for name, text in (("one.bib", first), ("two.bib", second)):
        (tmp_path / name).write_text(text.strip() + "\n", encoding="utf-8")
    for paths, key, alias in (
        ([slice_], "sahaRarePathGuided2023", "sahaRarePathGuided2023a"),
        (
            [tmp_path / "two.bib", tmp_path / "one.bib"],
            "sahaRarePathGuided2023a",
            "sahaRarePathGuided2023",
        ),
    ):
        library = load_library(paths)
        (paper,) = library.papers
        text = format_citation(paper, fmt, library=library).text
        (entry,) = bibtexparser.parse_string(text).entries
        assert entry.key == key
        assert entry.fields_dict["ids"].value == alias
        assert validate_bibtex(text) == []


def test_one_key_in_two_lists_gives_no_alias(tmp_path: Path) -> None:
    slice_ = HERE / "fixtures" / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
    first = slice_.read_text(encoding="utf-8").split("\n\n")[0].strip() + "\n"
    (tmp_path / "a.bib").write_text(first, encoding="utf-8")
    (tmp_path / "b.bib").write_text(first, encoding="utf-8")
    library = load_library([tmp_path / "a.bib", tmp_path / "b.bib"])
    (paper,) = library.papers
    assert "ids" not in format_citation(paper, "biblatex", library=library).text


def test_a_key_with_control_characters_is_no_alias(tmp_path: Path) -> None:
    # a hostile second entry's key: its escapes would become spaces on the screen and
    # leave ids a key no manuscript can cite
    slice_ = HERE / "fixtures" / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
    first, second = slice_.read_text(encoding="utf-8").split("\n\n")
    second = second.replace("sahaRarePathGuided2023a", "second\x1b]0;title\x07\x1b[31mred", 1)
    (tmp_path / "both.bib").write_text(first.strip() + "\n\n" + second.strip() + "\n", "utf-8")
    library = load_library([tmp_path / "both.bib"])
    (paper,) = library.papers
    assert "ids" not in format_citation(paper, "biblatex", library=library).text


class _Taken(Library):
    """A library whose papers are counted as they are taken from it (a library read
    from the cache reads each one as it is taken)."""

    def __init__(self, papers: list[Paper]) -> None:
        object.__setattr__(self, "_all", tuple(papers))
        object.__setattr__(self, "taken", [])

    @property  # type: ignore[override]
    def papers(self) -> Iterator[Paper]:  # type: ignore[override]
        for paper in self._all:
            self.taken.append(paper.id)
            yield paper


def test_the_papers_a_key_finds_are_looked_for_in_one_reading_of_the_library() -> None:
    # every paper was taken twice: once to see whether any could give the key, once to
    # find those that do
    papers = [icml_paper(f"p{at}", f"paper{at}24a") for at in range(5)]
    library = _Taken(papers)
    keys = cite_keys(papers, library)  # (worked out once for the library, and kept)
    library.taken.clear()
    assert papers_cited_as(library, keys["p4"].upper()) == (papers[4],)
    assert sorted(library.taken) == sorted(paper.id for paper in papers)
