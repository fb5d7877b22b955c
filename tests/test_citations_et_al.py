"""The authors a source does not name ("…, B. Aubert, et al", BibTeX's ``and others``)
are nobody's name: BibTeX writes ``and others``, the styles "et al." after the names
given ("F. Aharonian et al.", "Aharonian, F., et al."), and RIS and CSL-JSON, which
list each author on its own, leave them out; never a person "al., et", family name
"al.". A group named first ("The BABAR Collaboration, B. Aubert, et al") is one name,
without the comma that separates it from the next.

The fixture is the verbatim slice of the arXiv Kaggle metadata dump: 0704.0171
("F. Aharonian, et al") and 0704.0020 ("The BABAR Collaboration, B. Aubert, et al")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import FORMATS, format_citation
from tuireader.triage.export import EXPORT_FORMATS, render_export
from tuireader.triage.store import Triage

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "arxiv_et_al_slice.jsonl"


def papers() -> dict[str, Paper]:
    return {paper.arxiv_id or "": paper for paper in load_library([FIXTURE]).papers}


def ris_tags(text: str) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line[2:6] == "  - ":
            tags.setdefault(line[:2], []).append(line[6:])
    return tags


def csl_names(text: str, role: str = "author") -> list[list[dict[str, str]]]:
    return [item.get(role, []) for item in json.loads(text)]


#: each paper's authors in RIS and CSL-JSON: the names its source gives, no "et al."
RIS_AUTHORS = {
    "0704.0171": ["Aharonian, F."],
    # a group's name whole, with the one comma RIS writes after it (as EndNote does)
    "0704.0020": ["The BABAR Collaboration,", "Aubert, B."],
}
CSL_AUTHORS = {
    "0704.0171": [{"family": "Aharonian", "given": "F."}],
    "0704.0020": [{"literal": "The BABAR Collaboration"}, {"family": "Aubert", "given": "B."}],
}
#: how each style that writes "et al." itself begins the citation
STARTS = {
    ("0704.0171", "apa"): "Aharonian, F., et al. (2007).",
    ("0704.0171", "mla"): "Aharonian, F., et al. ",
    ("0704.0171", "ieee"): "F. Aharonian et al., ",
    ("0704.0171", "chicago"): "Aharonian, F., et al. 2007.",
    ("0704.0020", "apa"): "The BABAR Collaboration, Aubert, B., et al. (2007).",
    ("0704.0020", "ieee"): "The BABAR Collaboration et al., ",
    ("0704.0020", "chicago"): "The BABAR Collaboration, B. Aubert, et al. 2007.",
}


def _no_person_al(text: str) -> None:
    assert "al., et" not in text and '"al."' not in text, text
    assert "& al." not in text and "and al." not in text and "al., E" not in text, text
    assert "Collaboration,," not in text and "Collaboration, ," not in text, text


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_format_cites_et_al_as_an_author(fmt: str) -> None:
    for arxiv_id, paper in papers().items():
        text = format_citation(paper, fmt).text
        _no_person_al(text)
        start = STARTS.get((arxiv_id, fmt))
        if start:
            assert text.startswith(start), text


def test_ris_and_csl_json_leave_out_the_authors_not_named() -> None:
    for arxiv_id, paper in papers().items():
        assert ris_tags(format_citation(paper, "ris").text)["AU"] == RIS_AUTHORS[arxiv_id]
        assert csl_names(format_citation(paper, "csl-json").text) == [CSL_AUTHORS[arxiv_id]]


def test_bibtex_still_says_there_are_more_authors() -> None:
    aharonian, babar = papers()["0704.0171"], papers()["0704.0020"]
    assert "author = {Aharonian, F. and others}" in format_citation(aharonian, "bibtex").text
    babar_authors = "author = {{The BABAR Collaboration} and Aubert, B. and others}"
    assert babar_authors in format_citation(babar, "bibtex").text
    assert format_citation(aharonian, "markdown").text.endswith("). F. Aharonian et al. 2007.")


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_no_export_gives_et_al_as_an_author(fmt: str) -> None:
    listed = list(papers().values())
    triage = {paper.id: Triage(paper.id) for paper in listed}
    text = render_export(listed, triage, fmt, library=listed)
    _no_person_al(text)
    if fmt == "ris":
        records = text.split("ER  - ")[:-1]
        found = sorted(ris_tags(record)["AU"] for record in records)
        assert found == sorted(RIS_AUTHORS.values())
    if fmt == "csl-json":
        assert sorted(csl_names(text), key=str) == sorted(CSL_AUTHORS.values(), key=str)


ARXIV_SHAPES = (
    "A. Smith, B. Jones, et al",
    "A. Smith, B. Jones et al.",
    "A. Smith, B. Jones, et. al.",
    "A. Smith, B. Jones, and others",
)


@pytest.mark.parametrize("authors", ARXIV_SHAPES)
def test_each_way_of_writing_et_al_is_left_out_of_ris_and_csl(tmp_path: Path, authors: str) -> None:
    record = {"id": "2401.00001", "authors": authors, "title": "A study", "abstract": "Text."}
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert ris_tags(format_citation(paper, "ris").text)["AU"] == ["Smith, A.", "Jones, B."]
    people = [{"family": "Smith", "given": "A."}, {"family": "Jones", "given": "B."}]
    assert csl_names(format_citation(paper, "csl-json").text) == [people]
    assert format_citation(paper, "ieee").text.startswith("A. Smith et al., ")


BIBTEX = """\
@inproceedings{smith2020,
  title = {A paper in proceedings},
  author = {Smith, A. and others},
  editor = {Doe, J. and others},
  booktitle = {Proceedings of Things},
  year = {2020}
}
@book{doe2021,
  title = {An edited book},
  editor = {Doe, J. and Roe, K. and others},
  publisher = {Pub},
  year = {2021}
}
@article{roe2019,
  title = {An article with editors},
  author = {Roe, K. and others},
  editor = {Doe, J. and others},
  journal = {Journal of Things},
  year = {2019}
}
"""


def test_editors_not_named_are_left_out_of_ris_and_csl(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    listed = list(load_library([path]).papers)
    triage = {paper.id: Triage(paper.id) for paper in listed}
    # the article's editors are the export's alone: its citation names none
    editors = [["Doe, J."], ["Doe, J.", "Roe, K."], ["Doe, J."]]
    cited = "".join(format_citation(paper, "ris").text for paper in listed[:2])
    for text in (cited, render_export(listed, triage, "ris", library=listed)):
        _no_person_al(text)
        records = text.split("ER  - ")[:-1]
        assert [ris_tags(record)["ED"] for record in records] == editors[: len(records)]
    items = [json.loads(format_citation(paper, "csl-json").text)[0] for paper in listed[:2]]
    exported = json.loads(render_export(listed, triage, "csl-json", library=listed))
    for given in (items, exported):
        _no_person_al(json.dumps(given))
        families = [[name["family"] for name in item["editor"]] for item in given]
        assert families == [["Doe"], ["Doe", "Roe"], ["Doe"]][: len(given)]
    assert format_citation(listed[1], "apa").text.startswith("Doe, J., Roe, K., et al. (Eds.).")
