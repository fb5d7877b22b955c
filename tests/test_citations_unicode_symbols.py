"""Greek letters, math symbols, scripts and full-width forms in BibTeX are LaTeX.

A title from a JSON list ("β-VAE Revisited", "ℓ₂ Bounds", "Ｆｕｌｌ－ｗｉｄｔｈ") went
into the .bib as it was, and pdflatex with BibTeX (most templates' default) stopped at
each such character: "Unicode character β (U+03B2) not set up for use with LaTeX".
BibTeX and BibLaTeX output now write them as the LaTeX that reads the same, as Better
BibTeX does: ``$\\beta$``, ``$\\leq$``, ``$^{2}$``, ``$_{2}$``, ``{\\i}``, full-width
forms as their ASCII; accented Latin letters, which pdflatex reads, stay as written.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import bibtexparser

from tuireader.ingest.library import load_library
from tuireader.render.citations import (
    bibtex_escape,
    bibtex_unescape,
    format_citation,
    validate_bibtex,
)
from tuireader.triage.export import render_export

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "unicode_symbols.jsonl"

#: the characters pdflatex with its UTF-8 input stops at
NOT_FOR_PDFLATEX = "βαεΓΘℓ≤×→∞²₂ıＦｕｌ－"


def _cited(fmt: str) -> str:
    library = load_library([FIXTURE])
    (paper,) = library.papers
    return format_citation(paper, fmt, library=library, include_abstract=True).text


def test_symbols_are_latex_in_bibtex_and_biblatex() -> None:
    for fmt in ("bibtex", "biblatex"):
        text = _cited(fmt)
        assert not set(NOT_FOR_PDFLATEX) & set(text), fmt
        (entry,) = bibtexparser.parse_string(text).entries
        title = entry.fields_dict["title"].value
        assert title.startswith("$\\beta${-VAE} Revisited: $\\ell_{2}$ Bounds"), title
        assert "$\\varepsilon$ $\\leq$ 1/n$^{2}$" in title
        assert "{H}$_{2}${O} Refinement via Full-width $\\alpha$-Divergence" in title
        # math with a capital is braced, as a style would lowercase it
        assert "$\\times$ {$\\Gamma$}-Nets $\\to$ $\\infty$" in title
        author = entry.fields_dict["author"].value
        assert "Y{\\i}ld{\\i}z" in author and "Tanaka, Kenji" in author
        assert "Müller, Jürgen" in author and "$\\Theta$" in author  # ü stays as written
        # math the source wrote keeps its math, in LaTeX
        assert "$\\alpha \\leq \\beta$" in entry.fields_dict["abstract"].value
        assert validate_bibtex(text) == []


def test_text_pdflatex_reads_stays_as_written() -> None:
    for text in ("Müller, Łukasz, François, Gödel – a … b · c † d", "中文（测试）"):
        assert bibtex_escape(text) == text
    assert bibtex_escape("ＶＡＥ ＆ x²³ $x$β Xᵀ") == "VAE \\& x$^{23}$ $x\\beta$ X$^{T}$"
    # φ (U+03C6) is the open phi, which LaTeX writes \varphi (its \phi draws ϕ)
    assert bibtex_escape("φ-divergence") == "$\\varphi$-divergence"
    assert bibtex_unescape("$\\varphi$-divergence") == "φ-divergence"
    # a dotless i under a combining accent, as a PDF gives "naïve" copied: pdflatex stopped
    # at the accent left after {\i}; it is the accented i pdflatex reads
    assert (
        bibtex_escape("na\u0131\u0308ve Bayes, Y\u0131ld\u0131z") == "naïve Bayes, Y{\\i}ld{\\i}z"
    )
    # what a value means is still the text the source wrote
    assert bibtex_unescape("\\& β²") == "& β²"


def test_an_exported_list_reads_back_as_it_was(tmp_path: Path) -> None:
    library = load_library([FIXTURE])
    (paper,) = library.papers
    exported = render_export(list(library.papers), {}, "bibtex", library=library)
    (entry,) = bibtexparser.parse_string(exported).entries
    for field in ("title", "author"):
        assert not set(NOT_FOR_PDFLATEX) & set(entry.fields_dict[field].value), field
    path = tmp_path / "export.bib"
    path.write_text(exported, encoding="utf-8")
    (back,) = load_library([path]).papers
    # the LaTeX reads back as the characters it was written from; the ligature and the
    # full-width forms as the letters they are
    assert back.title == paper.title.replace("\ufb01", "fi").replace(
        "Ｆｕｌｌ－ｗｉｄｔｈ", "Full-width"
    )
    assert back.title.startswith("β-VAE Revisited: ℓ₂ Bounds with ε ≤ 1/n² for H₂O")
    assert back.authors == ("Yıldız Ekşi", "Kenji Tanaka", "Jürgen Müller", "Θ Lab")


def test_the_citation_compiles_with_pdflatex_and_bibtex(tmp_path: Path) -> None:
    if not all(shutil.which(tool) for tool in ("pdflatex", "bibtex")):
        return  # the text above is checked all the same
    text = _cited("bibtex")
    (tmp_path / "refs.bib").write_text(text, encoding="utf-8")
    key = bibtexparser.parse_string(text).entries[0].key
    (tmp_path / "doc.tex").write_text(
        # no package for math: what the entry writes is LaTeX's own
        "\\documentclass{article}\n\\begin{document}\n"
        f"\\cite{{{key}}}\n\\bibliographystyle{{plain}}\n\\bibliography{{refs}}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )

    def run(*command: str) -> None:
        done = subprocess.run(
            list(command), check=False, cwd=tmp_path, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr

    latex = ("pdflatex", "-interaction=nonstopmode", "-no-shell-escape", "-halt-on-error", "doc")
    run(*latex)
    run("bibtex", "doc")
    run(*latex)
    log = (tmp_path / "doc.log").read_text(encoding="utf-8", errors="replace")
    assert "not set up for use with LaTeX" not in log and "Error" not in log, log
    assert "\\Gamma" in (tmp_path / "doc.bbl").read_text(encoding="utf-8")


def test_words_written_in_greek_stay_greek_text() -> None:
    """A Greek letter used as a symbol is math; a name or a word written in Greek is text,
    as Cyrillic and Chinese are (it was written "$\\Pi\\alpha\\pi\\alpha\\delta$ό…")."""
    names = "Παπαδόπουλος, Γιώργος and Νικολάου, Μαρία"
    assert bibtex_escape(names) == names
    assert bibtex_escape("Η Ελλάδα και το β-VAE") == "Η Ελλάδα και το $\\beta$-VAE"
    assert bibtex_escape("ΔG of αβ and Σ-Nets") == "$\\Delta$G of αβ and $\\Sigma$-Nets"
    for text in (names, "Η Ελλάδα και το β-VAE"):
        assert bibtex_unescape(bibtex_escape(text)) == text
