"""Exports read back: real lists read by tuireader's own readers, cited and exported,
then the export read again as a list, with the papers (and their triage) as before.

The slices in tests/fixtures/roundtrip/ are verbatim records of public files (see the
README there); the others are the slices of tests/fixtures/citations/.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.citations import (
    W_NO_PAGE,
    W_UNSAFE_TEXT,
    best_link,
    cite_many,
    format_citation,
    format_many,
    paper_url,
    validate_bibtex,
)
from tuireader.render.safetext import is_unsafe
from tuireader.triage.export import render_export

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "roundtrip"
CITATIONS = HERE / "fixtures" / "citations"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def read_back(tmp_path: Path, text: str, name: str = "export.bib"):
    """The library an export gives when it is read as a list."""
    path = tmp_path / name
    path.write_text(text + "\n", encoding="utf-8")
    return load_library([path])


def by_key(library) -> dict:
    return {paper.source_entry.key: paper for paper in library.papers if paper.source_entry}


# ------------------------------------------------------------- links in abstracts


def test_an_arxiv_link_an_abstract_mentions_is_not_the_papers_eprint(tmp_path) -> None:
    # A workshop's extended abstract ends "posted to arXiv at https://arxiv.org/abs/1705.09355",
    # the id of the full paper, listed beside it. The extended abstract was cited with that
    # eprint and that arXiv page for its url (before its own DOI), so its export read back
    # took it for the full paper: the two became one, and the full paper's marks went astray.
    library = load_library([FIXTURES / "zotero_csl_arxiv_in_abstract_slice.json"])
    short, full = sorted(library.papers, key=lambda paper: paper.cite_key or "")
    assert short.cite_key == "levinCentralLimitTheorem2017"
    text = format_citation(short, "bibtex", library=library).text
    assert "eprint" not in text and "arxiv.org" not in text
    assert "url = {https://doi.org/10.1109/ICDMW.2017.132}" in text
    full_text = format_citation(full, "bibtex", library=library).text
    assert "eprint = {1705.09355}" in full_text  # the full paper's own arXiv id stays
    exported = format_many(list(library.papers), "bibtex", library=library)
    assert validate_bibtex(exported) == []
    back = read_back(tmp_path, exported)
    assert not back.problems and len(back.papers) == 2
    assert {paper.title for paper in back.papers} == {paper.title for paper in library.papers}


def test_triage_follows_each_paper_through_an_export_read_again(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    source = tmp_path / "library.json"
    source.write_bytes((FIXTURES / "zotero_csl_arxiv_in_abstract_slice.json").read_bytes())
    args = ("--data-dir", str(data))
    library = load_library([source])
    states = {"levinCentralLimitTheorem2017": "keep", "levinCentralLimitTheorem2019": "skip"}
    for paper in library.papers:
        code, _, _ = run(
            capsys, "triage", paper.id, str(source), "--state", states[paper.cite_key or ""], *args
        )
        assert code == 0
    exported = tmp_path / "export.bib"
    code, _, _ = run(
        capsys, "export", str(source), "--format", "bibtex", "-o", str(exported), *args
    )
    assert code == 0
    code, out, _ = run(capsys, "search", "", str(exported), "--json", *args)
    hits = {hit["title"][:40]: hit["state"] for hit in json.loads(out)["hits"]}
    assert hits == {
        "A Central Limit Theorem for an Omnibus E": "kept",
        "A central limit theorem for an omnibus e": "skip",
    }


def test_a_link_an_abstract_mentions_is_no_citations_url(tmp_path) -> None:
    # PMLR's entries have no url; their abstracts end "A longer version of this paper …
    # is available at https://web.stanford.edu/~boyd/…" and "The code, tutorials, and
    # demonstration videos can be found at: www.lyceum.ml", and the entry copied from the
    # .bib was given that as its url (APA and MLA too), as if the paper were there
    library = load_library([FIXTURES / "pmlr_l4dc2020_links_in_abstracts_slice.bib"])
    papers = by_key(library)
    assert len(papers) == 2 and all(paper.links for paper in papers.values())
    for paper in papers.values():
        for fmt in ("bibtex", "biblatex", "apa", "mla"):
            text = format_citation(paper, fmt, library=library).text
            assert "http" not in text and "www." not in text, (fmt, text)
        # the url format gives the URL every citation gives: none, said as such
        url = format_citation(paper, "url", library=library)
        assert url.text == "" and paper_url(paper) is None
        assert W_NO_PAGE in url.warnings
        # a link to follow is still one, but no citation's: Markdown links none either
        link = best_link(paper)
        assert link is not None and link.startswith("https://")
        markdown = format_citation(paper, "markdown", library=library)
        assert link not in markdown.text and W_NO_PAGE in markdown.warnings


def test_the_url_format_gives_no_link_an_abstract_mentions(tmp_path, capsys) -> None:
    # `cite --format url` printed https://www.lyceum.ml for a paper whose APA, MLA and
    # BibTeX give no URL: a URL every citation lacks
    source = tmp_path / "l4dc.bib"
    shutil.copy(FIXTURES / "pmlr_l4dc2020_links_in_abstracts_slice.bib", source)
    data = ("--data-dir", str(tmp_path / "data"))
    ids = [paper.id for paper in load_library([source]).papers]
    code, out, err = run(capsys, "cite", *ids, str(source), "--format", "url", *data)
    assert code == 1 and out == ""
    assert "no page of its own" in err and "none of these papers has a URL" in err


def test_a_link_an_abstract_mentions_leaves_the_papers_own_link_in_its_citation() -> None:
    # an abstract naming another arXiv paper, DOI or PMLR page stood for the paper's
    # own: its arXiv page, DOI and PMLR page were not made, and the citation had no url
    from tuireader.model import Link, Paper

    mentions = (
        Link("https://arxiv.org/abs/1111.11111", "paper", "text"),
        Link("https://doi.org/10.9999/other", "paper", "text"),
    )
    paper = Paper(
        id="p",
        title="Ours",
        abstract="See arxiv.org/abs/1111.11111 and doi.org/10.9999/other.",
        authors=("Ada Lovelace",),
        year=2020,
        arxiv_id="2001.00001",
        doi="10.1234/ours",
        links=mentions,
    )
    bibtex = format_citation(paper, "bibtex").text
    assert "url = {https://arxiv.org/abs/2001.00001}" in bibtex, bibtex
    assert "1111.11111" not in bibtex and "10.9999" not in bibtex
    # the paper's own DOI is its address, never the one its abstract mentions
    assert best_link(paper) == "https://doi.org/10.1234/ours"
    assert format_citation(paper, "url").text == "https://doi.org/10.1234/ours"
    without_doi = replace(paper, doi=None)
    assert best_link(without_doi) == "https://arxiv.org/abs/2001.00001"
    assert format_citation(without_doi, "url").text == "https://arxiv.org/abs/2001.00001"


# ---------------------------------------------------------------- source entries


def test_a_month_macro_read_from_a_bib_is_written_back_as_the_macro(tmp_path) -> None:
    # Better BibTeX writes "month = jun"; the reader reads the macro as "June", and the
    # entry went out as "month = {June}", which biber warns about for every entry
    # ("legacy month field 'June' … is not an integer").
    library = load_library([CITATIONS / "zotero_betterbibtex_slice.bib"])
    papers = by_key(library)
    text = format_citation(papers["balutaQuantitativeVerificationNeural2019"], library=library).text
    assert "\n  month = jun,\n" in text and "June" not in text
    biblatex = format_citation(
        papers["carvalhoSpecBCFuzzFuzzingLTL2024"], "biblatex", library=library
    ).text
    assert "\n  date = {2024-04},\n" in biblatex
    exported = format_many(list(library.papers), "bibtex", library=library)
    assert validate_bibtex(exported) == []
    back = read_back(tmp_path, exported)
    assert format_many(list(back.papers), "bibtex", library=back) == exported


# ------------------------------------------------------------------- hostile text

#: commands that would read a file into the document, write one, run a program or
#: redefine what follows, spelled every way a list could hide them
HOSTILE_BIB = r"""@inproceedings{evil2024,
  title = {Reading \input{/etc/passwd} and \immediate\write18{id}},
  author = {Lovelace, Ada and \csname input\endcsname{/etc/shadow}},
  booktitle = {Proc. of $\def\x{\input{/etc/passwd}}\x$},
  year = {2024},
  note = {$x^^5cinput{/etc/passwd}$ and \directlua{os.execute("id")} \UseName{input}},
  howpublished = {\pdfcatalog{/OpenAction << /S /JavaScript /JS (app.alert(1)) >>}},
  abstract = {We \begin{filecontents*}{/tmp/pwned}x\end{filecontents*} here \endinput}
}
"""
HOSTILE_RECORDS = [
    {
        "title": r"Include \include{secret} \usepackage{shellesc} \ShellEscape{id}",
        "authors": [r"Ada \write18{rm -rf ~} Lovelace"],
        "abstract": r"We \immediate\openout and \catcode`\@=11 and $\csname input\endcsname$.",
        "year": 2024,
        "venue": "ICML",
    },
    {"title": r"Math $x^^5cinput{/etc/passwd}$ here", "authors": ["Bo Li"], "abstract": "x"},
]
UNSAFE = set(
    """input include usepackage immediate write write18 openout csname endcsname def
    catcode directlua ShellEscape UseName begin end endinput pdfcatalog""".split()  # noqa: SIM905
)


def hostile_libraries(tmp_path: Path):
    bib = tmp_path / "hostile.bib"
    bib.write_text(HOSTILE_BIB, encoding="utf-8")
    jsonl = tmp_path / "hostile.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in HOSTILE_RECORDS), encoding="utf-8")
    return load_library([bib]), load_library([jsonl])


def test_commands_that_read_write_or_redefine_are_cited_as_text(tmp_path) -> None:
    # \input{/etc/passwd} in a title went into the .bib as it was, and LaTeX, citing the
    # paper, read the file into the document (\write18 ran a program with shell escape,
    # \directlua in LuaLaTeX); a list is data, and so is what a citation makes of it.
    for library in hostile_libraries(tmp_path):
        for fmt in ("bibtex", "biblatex"):
            text = format_many(list(library.papers), fmt, include_abstract=True, library=library)
            assert set(re.findall(r"\\([A-Za-z]+)", text)) & UNSAFE == set(), text
            assert "^^" not in text and "\\textbackslash{}in" in text
            assert validate_bibtex(text) == []
            back = read_back(tmp_path, text)
            assert len(back.papers) == len(library.papers) and not back.problems
            assert format_many(list(back.papers), fmt, include_abstract=True, library=back) == text


#: commands a paper's text may hold that LaTeX does not know, or that act for the paper
#: (\jobname names the document's file, \loop never ends, \pdfshellescape tells whether
#: programs may run), with the markup a citation keeps
UNKNOWN_BIB = r"""@misc{own2024,
  title = {A \def\x{y} \jobname{} and \loop x\repeat with \pdfshellescape{} and \myown{z}},
  author = {Lovelace, Ada},
  note = {Kept: \emph{Fast} {\em slow} H\"{o}lder \v{s} {\o} \ldots{} $\alpha_{i}$ \textbf{b} d\textquotesingle Aspremont},
  howpublished = {\url{https://x.org/a_b}},
  year = {2024}
}
"""
UNKNOWN_RECORD = {
    "title": r"A \def\x{y} \jobname{} and \loop x\repeat with \pdfshellescape{} and \myown{z}",
    "authors": [r"Ada \x Lovelace"],
    "abstract": r"We \cite{k} at \url{javascript:alert(1)} in $\jobname$ and $\alpha$.",
    "year": 2024,
}
#: the commands a citation may keep outside math, of those above
KEPT = {"emph", "em", "v", "o", "ldots", "textbf", "textbackslash", "url", "textquotesingle"}


def test_commands_latex_may_not_know_are_cited_as_text(tmp_path) -> None:
    # \def\x{y} became \textbackslash{}def\x{y}: \x stayed a command, and LaTeX stopped
    # at it ("undefined control sequence"); \jobname, \loop and \pdfshellescape went
    # through as written. Known markup, accents and math stay LaTeX.
    bib = tmp_path / "own.bib"
    bib.write_text(UNKNOWN_BIB, encoding="utf-8")
    jsonl = tmp_path / "own.jsonl"
    jsonl.write_text(json.dumps(UNKNOWN_RECORD) + "\n", encoding="utf-8")
    for library in (load_library([bib]), load_library([jsonl])):
        for fmt in ("bibtex", "biblatex"):
            text = format_many(list(library.papers), fmt, include_abstract=True, library=library)
            outside_math = re.sub(r"(?<!\\)\$[^$]*\$", "", text)
            assert set(re.findall(r"\\([A-Za-z]+)", outside_math)) <= KEPT, text
            assert "\\textbackslash{}def\\textbackslash{}x{y}" in text
            assert validate_bibtex(text) == []
            back = read_back(tmp_path, text)
            assert format_many(list(back.papers), fmt, include_abstract=True, library=back) == text
    text = format_many(list(load_library([bib]).papers), "bibtex")
    assert '\\emph{Fast} {\\em slow} H\\"{o}lder \\v{s} {\\o} \\ldots{} $\\alpha_{i}$' in text
    # an acting command in math is text too, math of known commands stays math
    (paper,) = load_library([jsonl]).papers
    abstract = format_citation(paper, include_abstract=True).text
    assert "\\$\\textbackslash{}jobname\\$" in abstract and "$\\alpha$" in abstract
    assert "\\textbackslash{}cite{k}" in abstract
    # a web address stays one, as Better BibTeX writes it (the url package sets it)
    assert "\\textbackslash{}url{javascript:" in abstract
    assert "howpublished = {\\url{https://x.org/a_b}}" in text
    assert "d\\textquotesingle Aspremont" in text  # a symbol of LaTeX's own (NeurIPS')
    # the title is read as it was written in the text formats
    assert "\\def\\x{y}" in format_citation(paper, "apa").text
    log = run_latex(tmp_path, text)
    if log is not None:  # LaTeX itself, where it is installed
        assert "Undefined control sequence" not in log, log


#: a paper's own macro in math (its preamble's \newcommand{\Q}{\mathbb{Q}}) beside math
#: every LaTeX with amsmath knows
OWN_MACRO_BIB = r"""@article{lee2020,
  title = {Units in $\Q(\sqrt{5})$ and $\mathbb{Z}[\alpha]$},
  author = {Lee, Ann},
  journal = {Journal of Numbers},
  abstract = {We show that $\frac{1}{2}\leq\Q_{p}$ and $\msun\cdot x$.},
  year = {2020}
}
"""


def test_a_papers_own_macro_in_math_is_cited_as_its_name(tmp_path) -> None:
    # $\Q(\sqrt{5})$ went into the .bib as it was: LaTeX, citing the paper, stopped at
    # \Q ("undefined control sequence"), which only the paper's own preamble defines;
    # a shorthand near every paper defines alike (\Q for the rationals) is written as
    # what it stands for, any other (\msun) as its name, where \Q printed "\Q"
    bib = tmp_path / "own.bib"
    bib.write_text(OWN_MACRO_BIB, encoding="utf-8")
    jsonl = tmp_path / "own.jsonl"
    (entry,) = load_library([bib]).papers
    record = {"title": entry.title, "authors": ["Ann Lee"], "abstract": entry.abstract}
    jsonl.write_text(json.dumps(record) + "\n", encoding="utf-8")
    for library in (load_library([bib]), load_library([jsonl])):
        for fmt in ("bibtex", "biblatex"):
            text = format_many(list(library.papers), fmt, include_abstract=True, library=library)
            assert "$\\mathbb{Q}(\\sqrt{5})$" in text
            assert "$\\mathbb{Z}[\\alpha]$" in text
            assert "$\\frac{1}{2}\\leq\\mathbb{Q}_{p}$" in text
            assert "$\\backslash\\mathrm{msun}\\cdot x$" in text
            assert validate_bibtex(text) == []
            back = read_back(tmp_path, text)
            assert format_many(list(back.papers), fmt, include_abstract=True, library=back) == text
            log = run_latex(tmp_path, text) if fmt == "bibtex" else None
            if log is not None:  # LaTeX itself, where it is installed
                assert "Undefined control sequence" not in log, log
    # the text formats show what the reader shows
    assert "ℚ(√5)" in format_citation(entry, "apa").text


def run_latex(folder: Path, bib: str) -> str | None:
    """The log of a LaTeX run over a document citing every entry of ``bib`` with BibTeX's
    plain style (None without LaTeX and BibTeX); the run must end without an error."""
    if run_bibtex(folder, bib) is None or shutil.which("pdflatex") is None:
        return None
    (folder / "doc.tex").write_text(
        # amssymb for the \mathbb a paper's math is written with, as the README tells
        "\\documentclass{article}\n\\usepackage{url,amssymb}\n\\begin{document}\n\\nocite{*}\n"
        "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", "-halt-on-error", "doc"],
        check=False,
        cwd=folder,
        capture_output=True,
        text=True,
    )
    log = (folder / "doc.log").read_text(encoding="utf-8", errors="replace")
    assert done.returncode == 0, log
    return log


def test_invisible_and_bidirectional_characters_leave_no_trace_in_bibtex(tmp_path) -> None:
    # A zero-width space and a right-to-left override went through, and the export shows
    # such characters as "\u202e": in a .bib that is LaTeX's breve accent on "2", and the
    # title read back was "bell 2̆02eevil".
    record = {
        "title": "Deep\u200bLearning and bell \u202eevil\ufeff",
        "authors": ["Ada\u200e Lovelace"],
        "abstract": "x",
        "year": 2024,
    }
    source = tmp_path / "list.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([source])
    for fmt in ("bibtex", "biblatex", "apa", "mla", "markdown"):
        text = format_many(list(library.papers), fmt, library=library)
        assert "DeepLearning" in text and "bell evil" in text and "\\u" not in text, fmt
        assert not any(is_unsafe(char) for char in text if char != "\n"), fmt
    (paper,) = library.papers
    assert W_UNSAFE_TEXT in format_citation(paper, "bibtex").warnings  # said, as a copy says it
    clean = load_library([CITATIONS / "pmlr_collas2022_slice.bib"])
    assert not any(W_UNSAFE_TEXT in c.warnings for c in cite_many(list(clean.papers), "apa"))
    exported = render_export(list(library.papers), {}, "bibtex", library=library)
    assert "title = {{DeepLearning} and bell evil}" in exported
    (back,) = read_back(tmp_path, exported).papers
    assert back.title == "DeepLearning and bell evil" and back.authors == ("Ada Lovelace",)


# ------------------------------------------------------------------------- names


def test_apa_gives_each_initial_of_given_names_written_without_a_space() -> None:
    # "E.J. Chichilnisky" (NeurIPS 2017) was cited "Chichilnisky, E." in APA
    library = load_library([FIXTURES / "nips2017_stub_initials_slice.json"])
    (paper,) = library.papers
    apa = format_citation(paper, "apa", library=library).text
    assert "Rajpal, M., Chichilnisky, E. J., & Paninski, L. (2017)." in apa


# ------------------------------------------------------------------------ LaTeX


def test_math_with_a_capital_in_a_title_keeps_its_case_in_a_bibliography(tmp_path) -> None:
    # "From dyadic $\Lambda_{\alpha}$ to $\Lambda_{\alpha}$" (arXiv 0704.0005): a style
    # that sets titles in sentence case (plain, plainnat) lowercases what is not braced,
    # math too, and the bibliography read "From dyadic $\lambda_{\alpha}$"
    library = load_library([CITATIONS / "arxiv_kaggle_slice.jsonl"])
    (paper,) = [paper for paper in library.papers if paper.arxiv_id == "0704.0005"]
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt, library=library).text
        assert "title = {From dyadic {$\\Lambda_{\\alpha}$} to {$\\Lambda_{\\alpha}$}}" in text
    exported = format_many(list(library.papers), "bibtex", library=library)
    bbl = run_bibtex(tmp_path, exported)
    if bbl is not None:  # BibTeX itself, where it is installed
        assert "From dyadic {$\\Lambda_{\\alpha}$} to {$\\Lambda_{\\alpha}$}" in bbl
        assert "lambda" not in bbl


def run_bibtex(folder: Path, bib: str) -> str | None:
    """The .bbl BibTeX's plain style makes of every entry of ``bib`` (None without BibTeX)."""
    if shutil.which("bibtex") is None or shutil.which("kpsewhich") is None:
        return None
    found = subprocess.run(["kpsewhich", "plain.bst"], check=False, capture_output=True, text=True)
    if not found.stdout.strip():
        return None
    (folder / "refs.bib").write_text(bib, encoding="utf-8")
    (folder / "doc.aux").write_text(
        "\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n", encoding="utf-8"
    )
    done = subprocess.run(
        ["bibtex", "doc"], check=False, cwd=folder, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
    return (folder / "doc.bbl").read_text(encoding="utf-8")


_DBLP = """@inproceedings{DBLP:conf/icml/RocamoraWLCC24,
  author       = {Elias Abad Rocamora and
                  Yongtao Wu},
  title        = {Revisiting Character-level Adversarial Attacks for Language Models},
  crossref     = {DBLP:conf/icml/2024},
  url          = {https://openreview.net/forum?id=AZWqXfM6z9},
  biburl       = {https://dblp.org/rec/conf/icml/RocamoraWLCC24.bib}
}

@proceedings{DBLP:conf/icml/2024,
  editor       = {Ruslan Salakhutdinov and Zico Kolter},
  title        = {Forty-first International Conference on Machine Learning, {ICML} 2024},
  series       = {Proceedings of Machine Learning Research},
  publisher    = {OpenReview.net},
  year         = {2024},
  url          = {https://openreview.net/group?id=ICML.cc/2024/Conference}
}
"""


def test_a_dblp_entry_is_cited_with_its_proceedings_fields_not_a_crossref_to_it(tmp_path) -> None:
    # DBLP names each paper's proceedings by crossref: the citation kept the crossref
    # without the entry it names, and BibTeX stopped on it ("refers to entry
    # DBLP:conf/icml/2024, which doesn't exist", exit 2)
    (tmp_path / "dblp.bib").write_text(_DBLP, encoding="utf-8")
    (paper,) = load_library([tmp_path / "dblp.bib"]).papers
    for style in ("bibtex", "biblatex"):
        text = format_citation(paper, style).text
        assert "crossref" not in text
        assert (
            "booktitle = {Forty-first International Conference on Machine Learning, {ICML} 2024}"
            in text
        )
        assert "series = {Proceedings of Machine Learning Research}" in text
        assert "editor = {Ruslan Salakhutdinov and Zico Kolter}" in text
        assert "url = {https://openreview.net/forum?id=AZWqXfM6z9}" in text  # its own
    bbl = run_bibtex(tmp_path, format_citation(paper, "bibtex").text)
    if bbl is not None:
        assert "Forty-first International Conference" in " ".join(bbl.split())
