"""A BibTeX export writes its abstracts' Greek letters and math symbols as LaTeX
(``$\\beta$``, ``$\\leq$``, ``$^{2}$``), as a citation's abstract does, where it left
them raw and pdflatex stopped at them; read back, the export gives the abstract as it
was, and ``tuireader import`` finds the paper by it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser

from tuireader.cli import main
from tuireader.ingest.formats.ownbib import abstract_literal, abstract_text
from tuireader.ingest.library import load_library
from tuireader.triage.carry import read_export

ABSTRACT = (
    "We train a β-VAE with α ≤ 1 and show x² + y₁ → ∞ as θ ∈ Θ grows, with the "
    "dotless ı; a price of $5 {a} and \\beta % stay text, and −1 is a minus."
)
RECORD = {"title": "Disentangled codes", "authors": ["Ada Lovelace"], "abstract": ABSTRACT}
#: what pdflatex's UTF-8 input stops at in text: characters a citation writes as LaTeX
RAW = "βαΘθ≤²₁→∞∈ı−"


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def exported(tmp_path: Path, capsys) -> tuple[Path, Path]:
    lst, data = tmp_path / "list.jsonl", tmp_path / "data"
    lst.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "search", "", lst, "--data-dir", data, "--json")
    assert code == 0, err
    paper_id = json.loads(out)["hits"][0]["id"]
    code, _, err = run(capsys, "triage", paper_id, lst, "--state", "keep", "--data-dir", data)
    assert code == 0, err
    export = tmp_path / "export.bib"
    code, _, err = run(
        capsys, "export", lst, "--format", "bibtex", "-o", export, "--data-dir", data
    )
    assert code == 0, err
    return lst, export


def test_the_exports_abstract_writes_greek_letters_and_symbols_as_latex(tmp_path, capsys):
    _lst, export = exported(tmp_path, capsys)
    entries = bibtexparser.parse_string(export.read_text(encoding="utf-8")).entries
    (entry,) = entries
    written = entry.fields_dict["abstract"].value
    assert not set(written) & set(RAW), written
    for latex in (r"$\beta$-VAE", r"$\alpha$ $\leq$ 1", r"x$^{2}$", r"y$_{1}$", r"{\i}"):
        assert latex in written
    # a price's dollar and a plain percent are escaped, a stray command spelled out,
    # braces that pair kept as LaTeX groups
    assert r"\$5 {a} and \textbackslash{}beta \%" in written


def test_read_back_the_export_gives_the_abstract_as_it_was(tmp_path, capsys):
    _lst, export = exported(tmp_path, capsys)
    (paper,) = load_library([export]).papers
    assert paper.abstract == ABSTRACT
    _fmt, marks = read_export(export)
    assert [mark.identity.abstract for mark in marks] == [ABSTRACT]


def test_import_finds_a_reworded_paper_by_such_an_abstract(tmp_path, capsys):
    lst, export = exported(tmp_path, capsys)
    lst.write_text(json.dumps(RECORD | {"title": "Codes, disentangled"}) + "\n", encoding="utf-8")
    remote = tmp_path / "remote"
    code, _, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    assert "1 taken up by papers of these lists" in err


def test_an_earlier_exports_raw_letters_read_back_as_written() -> None:
    assert abstract_text(r"raw β and \$x\$ and \{y\}") == "raw β and $x$ and {y}"
    # an earlier export wrote the abstract's own math as text, its dollars escaped
    assert abstract_text(r"β \$$\beta$\$") == "β $β$"
    assert re.fullmatch(r"\$\\beta\$ \$\\leq\$ \$\\beta\$", abstract_literal("β ≤ $β$"))
