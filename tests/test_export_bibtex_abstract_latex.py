"""A BibTeX export writes an abstract's LaTeX as LaTeX, as a citation writes a title:
PMLR's ``80\\%`` stays ``80\\%`` and arXiv's ``$\\alpha_p(E_{0+})$`` stays math, where
the export escaped them a second time (``80\\textbackslash{}\\%``,
``\\$\\textbackslash{}alpha\\_p…\\$``); plain text's specials outside math are escaped
once. Read back, the export gives the abstract's math as it was."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser

from tuireader.cli import main
from tuireader.ingest.identity import normalise_text
from tuireader.ingest.library import load_library

FIXTURES = Path(__file__).parent / "fixtures" / "export_latex"
ICML = FIXTURES / "icml2024_jovanovic24a.jsonl"  # PMLR paper pmlr-v235-jovanovic24a
ARXIV = FIXTURES / "arxiv_0704.0200.jsonl"  # arXiv metadata, math in $…$


def exported(tmp_path: Path, capsys, lst: Path) -> Path:
    export = tmp_path / "export.bib"
    code = main(
        ["export", str(lst), "--format", "bibtex", "-o", str(export)]
        + ["--data-dir", str(tmp_path / "data")]
    )
    _, err = capsys.readouterr()
    assert code == 0, err
    return export


def abstract_of(export: Path) -> str:
    parsed = bibtexparser.parse_string(export.read_text(encoding="utf-8"))
    assert not parsed.failed_blocks
    (entry,) = parsed.entries
    return str(entry.fields_dict["abstract"].value)


def test_a_pmlr_abstracts_escaped_percent_is_written_once(tmp_path, capsys):
    written = abstract_of(exported(tmp_path, capsys, ICML))
    assert "success rate of over 80\\%. Our findings" in written
    assert "for under \\$50 an attacker" in written  # a price's dollar, escaped once
    assert "textbackslash" not in written


def test_an_arxiv_abstracts_math_stays_math(tmp_path, capsys):
    written = abstract_of(exported(tmp_path, capsys, ARXIV))
    for math in (
        r"$\alpha_p(E_{0+})=+3.2$",
        r"$\beta_{p,n}(P_{33}(1232))=+8.3$",
        r"$\Gamma_{\gamma\gamma}=2.6$",
        r"$10^{-4}$fm$^3$",
    ):
        assert math in written
    assert r"\$\textbackslash{}alpha" not in written


def test_plain_texts_specials_are_escaped_once(tmp_path, capsys):
    lst = tmp_path / "list.jsonl"
    abstract = "Tom & Jerry: 5% of #1 runs of my_var cost $5, as $x_1$ shows."
    record = {"title": "Specials", "authors": ["Ada Lovelace"], "abstract": abstract}
    lst.write_text(json.dumps(record) + "\n", encoding="utf-8")
    written = abstract_of(exported(tmp_path, capsys, lst))
    assert written == r"Tom \& Jerry: 5\% of \#1 runs of my\_var cost \$5, as $x_1$ shows."
    (paper,) = load_library([tmp_path / "export.bib"]).papers
    assert paper.abstract == abstract


def test_read_back_the_export_gives_the_abstracts_latex_as_it_was(tmp_path, capsys):
    (source,) = load_library([ICML]).papers
    (paper,) = load_library([exported(tmp_path, capsys, ICML)]).papers
    assert normalise_text(paper.abstract) == normalise_text(source.abstract)
    (tmp_path / "export.bib").unlink()
    (paper,) = load_library([exported(tmp_path, capsys, ARXIV)]).papers
    assert r"nonresonant $\alpha_p(E_{0+})=+3.2$, $\alpha_n(E_{0+})=+4.1$" in paper.abstract
    assert r"width $\Gamma_{\gamma\gamma}=2.6$ keV." in paper.abstract


def test_an_abstracts_own_math_of_one_letter_reads_back_as_math(tmp_path, capsys):
    """``$\\sigma$`` in the source stays ``$\\sigma$`` read back, where ``σ`` in it,
    which the export writes ``$\\sigma$`` too, is ``σ`` again: a paper whose title was
    reworded since is found by such an abstract."""
    lst = tmp_path / "list.jsonl"
    abstract = r"The $\sigma$-meson, with $\epsilon \to 0$, and σ-models at 5% < 9%."
    record = {"title": "Mesons", "authors": ["Ada Lovelace"], "abstract": abstract}
    lst.write_text(json.dumps(record) + "\n", encoding="utf-8")
    export = exported(tmp_path, capsys, lst)
    written = abstract_of(export)
    assert r"{$\sigma$}-meson" in written and r"$\sigma$-models" in written
    (paper,) = load_library([export]).papers
    assert paper.abstract == abstract
