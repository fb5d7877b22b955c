"""A BibTeX export read back gives the text the reader showed before: a hyphen a PDF
left as a control character is written as a hyphen (it was a space), a paper's own
macro in an abstract's math is its macro again (it read back as
``\\backslash\\mathrm{XQM}``), and a paper merged from two records is cited and
exported under the title it is shown with."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.render.textrender import plain


def exported(tmp_path: Path, capsys, lst: Path) -> Path:
    export = tmp_path / "export.bib"
    code = main(
        ["export", str(lst), "--format", "bibtex", "-o", str(export)]
        + ["--data-dir", str(tmp_path / "data")]
    )
    _, err = capsys.readouterr()
    assert code == 0, err
    return export


def written(export: Path, field: str) -> str:
    parsed = bibtexparser.parse_string(export.read_text(encoding="utf-8"))
    (entry,) = parsed.entries
    return str(entry.fields_dict[field].value)


def jsonl(tmp_path: Path, record: dict) -> Path:
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return lst


def test_a_pdfs_hyphen_is_exported_as_the_hyphen_the_reader_shows(tmp_path, capsys):
    # CoRL 2023's "state-of-the\x02art": shown "state-of-the-art", exported and read
    # back as "state-of-the art"
    abstract = "SCONE excels, surpassing state-of-the\x02art methods."
    lst = jsonl(tmp_path, {"title": "SCONE", "authors": ["Yi-Ting Chen"], "abstract": abstract})
    export = exported(tmp_path, capsys, lst)
    assert "surpassing state-of-the-art methods" in written(export, "abstract")
    (paper,) = load_library([export]).papers
    shown = "SCONE excels, surpassing state-of-the-art methods."
    assert plain(paper.abstract) == plain(abstract) == shown


def test_a_papers_own_macro_in_an_abstracts_math_reads_back_as_written(tmp_path, capsys):
    # arXiv 0704.0029: "In $\XQM$, a quark …" was shown "In XQM", and read back from the
    # export as "In $\backslash\mathrm{XQM}$", shown "In \XQM"
    abstract = "In $\\XQM$, a quark can emit bosons, with $\\frac{1}{2}\\leq\\kms$ and $x$."
    record = {"title": "Chiral quarks", "authors": ["Zhan Shu"], "abstract": abstract}
    export = exported(tmp_path, capsys, jsonl(tmp_path, record))
    # written as LaTeX runs it without the paper's own definitions
    assert "$\\backslash\\mathrm{XQM}$" in written(export, "abstract")
    (paper,) = load_library([export]).papers
    assert paper.abstract == abstract
    assert plain(paper.abstract).startswith("In XQM, a quark")


#: two records of one paper in a Paper Copilot list (NeurIPS 2017): the first gives the
#: title the reader shows, the second BibTeX whose title has another capital
COPILOT = [
    {
        "title": "End-to-End Differentiable Proving",
        "author": "Tim Rocktäschel, Sebastian Riedel",
        "status": "Poster",
        "site": "https://nips.cc/virtual/2017/poster/9161",
        "id": "9161",
    },
    {
        "title": "End-to-end Differentiable Proving",
        "status": "Oral",
        "site": "https://nips.cc/virtual/2017/oral/10058",
        "id": "10058",
        "author": "Tim Rocktäschel; Sebastian Riedel",
        "abstract": "We introduce deep neural networks for differentiable theorem proving.",
        "bibtex": "@inproceedings{NIPS2017_b2ab0019,\n"
        ' author = {Rockt\\"{a}schel, Tim and Riedel, Sebastian},\n'
        " booktitle = {Advances in Neural Information Processing Systems},\n"
        " title = {End-to-end Differentiable Proving},\n"
        " volume = {30},\n year = {2017}\n}",
    },
]


def test_a_merged_paper_is_cited_and_exported_under_its_shown_title(tmp_path, capsys):
    lst = tmp_path / "papercopilot_nips2017.json"
    lst.write_text(json.dumps(COPILOT), encoding="utf-8")
    (paper,) = load_library([lst]).papers
    assert paper.title == "End-to-End Differentiable Proving"
    assert paper.source_entry is not None  # the second record's BibTeX
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt).text
        assert "End-to-End Differentiable Proving" in text, text
        assert "End-to-end" not in text
    export = exported(tmp_path, capsys, lst)
    assert "NIPS2017_b2ab0019" in export.read_text(encoding="utf-8")  # the source's key
    (back,) = load_library([export]).papers
    assert back.id == paper.id
    assert back.title == "End-to-End Differentiable Proving"
