"""Titles and author names written in LaTeX or markup read as text in every text output.

``search``, ``show``, ``similar`` and the markdown export show them rendered, and the CSV
export its authors (its title is the source's, which a citation of it read back needs);
JSON keeps what the source wrote in ``title``/``authors`` and adds
``title_text``/``authors_text``; BibTeX keeps valid LaTeX.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from corpus_util import write_jsonl

from tuireader.cli import main
from tuireader.render.citations import validate_bibtex

ARXIV = Path(__file__).parent / "fixtures" / "text" / "arxiv_accented_names.jsonl"
ZOTERO = Path(__file__).parent / "fixtures" / "text" / "zotero_dashes.bib"

RECORDS = [
    {
        "title": r"Sparse $\ell_1$-regression with {RL} and \textit{Hölderian} Bounds",
        "authors": [r"C. Bal\'azs", r"Kari Gr{\o}tli", r"J. H\"{o}lder"],
        "abstract": "We fit sparse regressions under Hölderian error bounds on benchmark data.",
        "year": 2024,
        "url": "https://arxiv.org/abs/2401.00007",
    },
    {
        "title": "Sparse Regression for Tabular Benchmarks",
        "authors": ["Ada Lovelace"],
        "abstract": "We fit sparse regressions on tabular benchmark data with few features.",
        "year": 2024,
    },
]
TITLE = "Sparse ℓ₁-regression with RL and Hölderian Bounds"
AUTHORS = ["C. Balázs", "Kari Grøtli", "J. Hölder"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def source(tmp_path):
    return str(write_jsonl(tmp_path / "latex.jsonl", RECORDS))


def first_id(capsys, source):
    code, out, _ = run(capsys, "search", "Hölderian", "--json", source)
    assert code == 0
    return json.loads(out)["hits"][0]["id"]


def test_search_and_similar_print_titles_as_text(capsys, source):
    code, out, _ = run(capsys, "search", "Hölderian", source)
    assert code == 0 and f"  {TITLE}  (latex)" in out
    other = run(capsys, "search", "tabular", "--json", source)[1]
    other_id = json.loads(other)["hits"][0]["id"]
    code, out, _ = run(capsys, "similar", other_id, source)
    assert code == 0 and TITLE in out and "\\" not in out


def test_show_prints_title_and_authors_as_text(capsys, source):
    paper_id = first_id(capsys, source)
    code, out, _ = run(capsys, "show", paper_id, source)
    lines = out.splitlines()
    assert code == 0 and lines[0] == TITLE and lines[1] == ", ".join(AUTHORS)


def test_json_keeps_the_source_and_adds_the_text(capsys, source):
    paper_id = first_id(capsys, source)
    data = json.loads(run(capsys, "show", paper_id, "--json", source)[1])
    # the source's title, its math and commands as written; TeX's case braces ("{RL}")
    # read as a BibTeX list's title reads them
    assert data["title"] == RECORDS[0]["title"].replace("{RL}", "RL")
    assert data["authors"] == RECORDS[0]["authors"]
    assert data["title_text"] == TITLE and data["authors_text"] == AUTHORS


def test_markdown_exports_show_text_and_csv_and_bibtex_keep_the_latex(capsys, source):
    code, out, _ = run(capsys, "export", "--format", "markdown", "--query", "Hölderian", source)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == f"- [{TITLE}](https://arxiv.org/abs/2401.00007)"
    assert lines[1] == "  " + ", ".join(AUTHORS)
    out = run(capsys, "export", "--format", "csv", "--query", "Hölderian", source)[1]
    (row,) = csv.DictReader(io.StringIO(out))
    # the title as read, its math as written, as JSON gives it: read back, it is the
    # paper's again
    assert row["title"] == RECORDS[0]["title"].replace("{RL}", "RL")
    assert row["authors"] == "; ".join(AUTHORS)
    out = run(capsys, "export", "--format", "bibtex", "--query", "Hölderian", source)[1]
    assert validate_bibtex(out) == []
    assert "$\\ell_1$" in out and "ℓ₁" not in out


def test_real_arxiv_names_show_as_letters(capsys, tmp_path):
    folder = tmp_path / "arxiv"
    folder.mkdir()
    source = str(shutil.copy(ARXIV, folder / "arxiv.jsonl"))
    code, out, _ = run(capsys, "search", "Fano polytopes", "--json", source)
    paper_id = json.loads(out)["hits"][0]["id"]
    code, out, _ = run(capsys, "show", paper_id, source)
    assert code == 0 and out.splitlines()[1] == "Mikkel Øbro"
    out = run(capsys, "export", "--format", "markdown", source)[1]
    assert "C. Balázs" in out and "Tomáš Vinař" in out and "\\" not in out


def test_show_gives_an_arxiv_journal_reference_as_one(capsys, tmp_path):
    # the journal-ref "Phys.Rev.D76:013009,2007" was the venue in show and its JSON;
    # the venue is the journal it names
    source = str(shutil.copy(ARXIV, tmp_path / "arxiv.jsonl"))
    code, out, _ = run(capsys, "show", "0704.0001", "--json", source)
    data = json.loads(out)
    assert code == 0 and data["venue"] == "Phys. Rev. D" and data["year"] == 2007
    assert data["journal_ref"] == "Phys.Rev.D76:013009,2007"
    code, out, _ = run(capsys, "show", "0704.0001", source)
    lines = out.splitlines()
    assert lines[2] == "arxiv · Phys. Rev. D · 2007"
    assert "journal ref: Phys.Rev.D76:013009,2007" in lines
    code, out, _ = run(capsys, "search", "venue:phys.rev", "--json", source)
    assert [hit["title"][:11] for hit in json.loads(out)["hits"]] == ["Calculation"]


CORL = Path(__file__).parent / "fixtures" / "formats" / "papercopilot_corl2023_slice.json"


def test_show_gives_the_keywords_and_the_lists_decision(capsys, tmp_path):
    # show --json had neither the keywords nor the decision the viewer shows (Oral)
    source = str(shutil.copy(CORL, tmp_path / "corl2023.json"))
    code, out, _ = run(capsys, "show", "86aMPJn6hX9F", "--json", source)
    data = json.loads(out)
    assert code == 0 and data["status"] == "Oral" and data["state"] == "new"
    assert data["keywords"] == [
        "Bimanual Manipulation",
        "Learning from Demonstrations",
        "Deformable Object Manipulation",
    ]
    code, out, _ = run(capsys, "show", "86aMPJn6hX9F", source)
    assert out.splitlines()[4] == (
        "keywords: Bimanual Manipulation, Learning from Demonstrations, "
        "Deformable Object Manipulation"
    )


def test_tex_dashes_read_as_dashes_in_a_shown_title_and_a_cited_publisher(capsys, tmp_path):
    # Zotero's "Programming -- {{CP}} 2007" and "Schloss Dagstuhl -- Leibniz-Zentrum"
    # were shown with TeX's two hyphens, where " -- " in an abstract read as a dash
    folder = tmp_path / "zotero"
    folder.mkdir()
    source = str(shutil.copy(ZOTERO, folder / "zotero.bib"))
    out = run(capsys, "search", "constraint programming", "--json", source)[1]
    book = json.loads(out)["hits"][0]["id"]
    out = run(capsys, "show", book, source)[1]
    assert out.splitlines()[0].startswith("Principles and Practice of Constraint Programming – CP")
    out = run(capsys, "search", "propositional model counting", "--json", source)[1]
    paper = json.loads(out)["hits"][0]["id"]
    for style in ("apa", "mla"):
        out = run(capsys, "cite", paper, "--format", style, source)[1]
        assert "Schloss Dagstuhl – Leibniz-Zentrum für Informatik" in out and "--" not in out
    out = run(capsys, "cite", paper, "--format", "bibtex", source)[1]
    assert "Schloss Dagstuhl -- Leibniz-Zentrum" in out  # BibTeX keeps TeX's own


def test_show_and_the_viewer_read_the_venue_as_a_title_is_read(capsys, tmp_path):
    # the venue line took the venue raw: "Theory and Applications of Satisfiability
    # Testing -- SAT 2015", where the title and the citations read its dash
    from tuireader.ingest.library import load_library
    from tuireader.ui.text import Palette, paper_header

    folder = tmp_path / "zotero"
    folder.mkdir()
    source = str(shutil.copy(ZOTERO, folder / "zotero.bib"))
    (paper,) = [p for p in load_library([source]).papers if "2015" in (p.venue or "")]
    venue = "Theory and Applications of Satisfiability Testing – SAT 2015"
    out = run(capsys, "show", paper.id, source)[1]
    assert venue in out.splitlines()[2] and "--" not in out.splitlines()[2]
    assert venue in paper_header(paper, Palette()).plain
