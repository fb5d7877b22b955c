"""The Markdown and BibTeX exports write a link a paper's abstract mentions apart from
the paper's own, as the JSON and CSV exports do: both wrote it after its kind
("project: <https://web.stanford.edu/…>", ``tuireader-links = {project https://…}``),
and read back it was the paper's own project page, which its citations then gave as
its URL. Now it follows the word ``text``, and read back it is the abstract's again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_export_abstract_links import L4DC
from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

STANFORD = "https://web.stanford.edu/~boyd/papers/learning_cocps.html"


def _listed(tmp_path: Path) -> Library:
    listed = tmp_path / "pmlr_v120_l4dc2020.bib"
    listed.write_text(L4DC, encoding="utf-8")
    return load_library([listed])


def _export(library: Library, fmt: str) -> str:
    papers = list(library.papers)
    return render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)


def _read_back(tmp_path: Path, library: Library, fmt: str) -> Library:
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(_export(library, fmt), encoding="utf-8")
    return load_library([out])


def _links(library: Library) -> dict[str, list[tuple[str, str, bool]]]:
    """Each paper's links by its title, and whether its abstract gives each."""
    return {
        paper.title: [(link.url, link.kind, link.origin == "text") for link in paper.links]
        for paper in library.papers
    }


def test_the_bibtex_export_writes_the_abstracts_links_apart(tmp_path: Path) -> None:
    text = _export(_listed(tmp_path), "bibtex")
    assert r"text https://web.stanford.edu/\textasciitilde{}boyd" in text
    assert "project https://web.stanford.edu" not in text


def test_the_markdown_export_writes_the_abstracts_links_apart(tmp_path: Path) -> None:
    text = _export(_listed(tmp_path), "markdown")
    # after its kind, said to be the abstract's, as a reader of the list wants it
    assert f"  project (in the abstract): <{STANFORD}>" in text
    assert "  code (in the abstract): <https://github.com/Lyceum/Lyceum.jl>" in text
    assert "  url: <https://proceedings.mlr.press/v120/summers20a.html>" in text
    assert f"project: <{STANFORD}>" not in text


def test_a_markdown_export_made_with_text_before_its_links_reads_back(tmp_path: Path) -> None:
    # an export written by the version before wrote a mentioned link after "text"
    library = _listed(tmp_path)
    text = _export(library, "markdown").replace(
        f"  project (in the abstract): <{STANFORD}>", f"  text: <{STANFORD}>"
    )
    out = tmp_path / "older" / "export.md"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    back = load_library([out])
    (paper,) = [p for p in back.papers if p.title.startswith("Learning Convex")]
    assert [(link.url, link.origin) for link in paper.links if "stanford" in link.url] == [
        (STANFORD, "text")
    ]


@pytest.mark.parametrize("fmt", ["bibtex", "markdown"])
def test_read_back_the_abstracts_links_stay_the_abstracts(tmp_path: Path, fmt: str) -> None:
    library = _listed(tmp_path)
    links = _links(library)
    assert (STANFORD, "project", True) in links["Learning Convex Optimization Control Policies"]
    back = _read_back(tmp_path, library, fmt)
    assert _links(back) == links


def test_read_back_from_bibtex_a_mentioned_page_is_not_cited_as_the_papers(
    tmp_path: Path,
) -> None:
    library = _listed(tmp_path)
    back = _read_back(tmp_path, library, "bibtex")
    (agrawal,) = (p for p in back.papers if p.title.startswith("Learning Convex"))
    assert "stanford" not in format_citation(agrawal, "apa").text
