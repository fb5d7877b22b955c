"""The names of LaTeX's commands are no words of a paper: its text is found as shown.

An abstract that writes ``$\\tilde{O}(\\frac{p\\sqrt{d}}{K\\epsilon})$`` is shown
"Õ((p√d)/(Kε))": "frac" is nowhere on screen. The index read the text as written, so
``frac`` found 36 papers of ICML 2024, ``mathcal`` 73, ``mathbb`` 25 and ``textbf`` 6,
with nothing to highlight in them. A command's arguments are words (``\\textbf{Sparse}``
is shown "Sparse"), its name is not; a word that is a command's name written in prose
("the frac operator") is a word; and the names of symbols are what readers type for
them, as before (``ell`` finds ``$\\ell_0$``, ``epsilon`` finds ``$\\epsilon$``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from corpus_util import write_jsonl

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.textrender import render
from tuireader.search.analysis import without_command_names
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

FIXTURE = Path(__file__).parent / "fixtures" / "queries" / "latex_math_letters.jsonl"

PRIVATE = "Differentially Private Worst-group Risk Minimization"
SPARSE = "Sparse is Enough in Fine-tuning Pre-trained Large Language Models"
DATT = "DATT: Deep Adaptive Trajectory Tracking for Quadrotor Control"
L1GP = "L1-GP: L1 Adaptive Control with Bayesian Learning"
H2 = "Policy Optimization for $\\mathcal{H}_{2}$ Linear Control"
#: papers that say, in prose, words that are names of commands
PROSE = [
    {
        "title": "The frac Operator of Lattices",
        "abstract": "We study the frac operator, which keeps the fractional part, and "
        "text left to the right margin, with \\emph{tilde} marks we cite.",
        "authors": ["A. Writer"],
    },
    {
        "title": "Sketches of $\\ell_0$ Samplers",
        "abstract": "An $\\ell_0$ sampler, with $\\varepsilon$ error and $\\infty$ rounds; "
        "a command of the paper's own, \\cla, is shown as written.",
        "authors": ["B. Writer"],
    },
    {
        "title": "Dynamic Revenue Sharing",
        "abstract": "The platform keeps a constant fraction \\alpha of the revenue.",
        "authors": ["C. Writer"],
    },
]
FRAC = PROSE[0]["title"]
SAMPLERS = PROSE[1]["title"]
REVENUE = PROSE[2]["title"]


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    shutil.copy(FIXTURE, folder / "latex_math_letters.jsonl")
    write_jsonl(folder / "prose.jsonl", PROSE)
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    found = {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}
    return {title[: len(H2)] if title.startswith(H2) else title for title in found}


def test_the_names_of_commands_are_left_out_and_their_arguments_kept():
    written = "$\\tilde{O}(\\frac{p\\sqrt{d}}{K\\epsilon})$ by \\textbf{Sparse} \\cite{key}"
    assert without_command_names(written).split() == [
        "$",
        "{O}(",
        "{p",
        "{d}}{K\\epsilon})$",
        "by",
        "{Sparse}",
        "{key}",
    ]
    # the names of symbols and of operators, and of a paper's own commands, are kept
    kept = "$\\ell_0$ $\\alpha \\log n$ \\cla \\OPT"
    assert without_command_names(kept) == kept
    # an escaped backslash is a line break, and the letters after it are text
    assert without_command_names("a\\\\frac b") == "a\\\\frac b"
    # an environment is shown by what it holds, not by its name
    assert without_command_names("\\begin{align} x \\end{align}").split() == ["x"]


@pytest.mark.parametrize(
    "query",
    ["frac", "mathcal", "textbf", "tilde", "sqrt", "emph", "mathcal{L}", "textbf{S}"],
)
def test_a_command_name_finds_only_the_papers_that_say_it(engine, query):
    assert _titles(engine, query) - {FRAC} == set()


@pytest.mark.parametrize("query", ["frac", "frac operator", '"the frac operator"', "title:frac"])
def test_a_word_that_is_a_command_name_is_found_in_prose(engine, query):
    assert _titles(engine, query) == {FRAC}


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("left", {FRAC}),  # \left( of math is shown "("
        ("right margin", {FRAC}),
        ("cite", {FRAC}),
        ("text left", {FRAC}),
        ("tilde marks", {FRAC}),  # \emph's argument
        ("sparse increment", {SPARSE}),  # $\textbf{S}$parse $\textbf{I}$ncrement
        ('"parameter efficient fine tuning"', {SPARSE}),
        ("epsilon delta", {PRIVATE}),  # $(\epsilon, \delta)$, shown (ε, δ)
        ("ell", {SAMPLERS}),
        ("l0 sampler", {SAMPLERS}),
        ("infty rounds", {SAMPLERS}),
        ("varepsilon", {SAMPLERS}),
        ("cla", {SAMPLERS}),  # shown "\cla"
        ("h2 linear control", {H2}),
    ],
)
def test_what_the_reader_shows_is_found(engine, query, wanted):
    assert _titles(engine, query) == wanted


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("$\\mathcal{L}_1$ adaptive", {DATT, L1GP}),
        ("$\\mathcal{L}_1$", {DATT, L1GP}),
        ("\\mathcal{L}_1 adaptive", {DATT, L1GP}),
        ("$\\mathcal{H}_{2}$ linear", {H2}),
        ("\\textbf{Sparse}", {SPARSE}),
        ('"$\\mathcal{L}_1$ adaptive control"', {DATT, L1GP}),
        ('"$\\mathcal{H}_{2}$ linear control"', {H2}),
        ("$\\ell_0$", {SAMPLERS}),
        ("$\\ell_0$ $\\infty$", {SAMPLERS}),
    ],
)
def test_latex_pasted_in_a_query_finds_what_it_shows(engine, query, wanted):
    assert _titles(engine, query) == wanted


def test_a_command_alone_is_left_out_and_said(engine):
    # markup with nothing of what it writes is no word to search, as "*" is none: left
    # out (every paper, as for "*"), and said
    result = engine.search("\\frac", limit=None)
    assert result.total == len(_titles(engine, ""))
    assert result.message is not None and "“\\frac” is LaTeX markup" in result.message


@pytest.mark.parametrize(
    ("query", "name", "wanted"),
    [
        ("$\\epsilon$", "epsilon", {PRIVATE, SAMPLERS}),
        ("\\epsilon", "epsilon", {PRIVATE, SAMPLERS}),
        ("$\\varepsilon$", "epsilon", {PRIVATE, SAMPLERS}),
        ("$\\alpha$", "alpha", {REVENUE}),  # written \alpha in prose, as many lists do
        ("\\alpha", "alpha", {REVENUE}),
    ],
)
def test_a_greek_letter_pasted_from_latex_finds_what_its_name_finds(engine, query, name, wanted):
    assert _titles(engine, query) == _titles(engine, name) == wanted


def test_a_command_name_being_typed_completes_to_no_command(engine):
    for typed in ("mathc", "mathb", "textb"):
        assert _titles(engine, typed, prefix=True) == set(), typed
    assert _titles(engine, "fra", prefix=True) >= {FRAC}


def test_the_reader_highlights_the_words_found_where_it_shows_them(engine):
    result = engine.search("frac operator")
    (hit,) = result.hits
    shown = render(hit.paper.abstract).text
    assert {shown[a:b] for a, b in spans_of(shown, result.terms)} == {"frac", "operator"}
    result = engine.search("sparse increment")
    (hit,) = result.hits
    shown = render(hit.paper.abstract).text
    marked = {shown[a:b].lower() for a, b in spans_of(shown, result.terms)}
    assert marked == {"sparse", "increment"}


def test_the_command_line_finds_no_paper_by_a_command_name(capsys, tmp_path):
    source = tmp_path / "latex_math_letters.jsonl"
    shutil.copy(FIXTURE, source)
    prose = write_jsonl(tmp_path / "prose.jsonl", PROSE)
    data = str(tmp_path / "data")
    for query, wanted in (("frac", [FRAC]), ("mathcal", []), ("textbf", []), ("ell", [SAMPLERS])):
        code = main(["search", query, "--json", "--data-dir", data, str(source), str(prose)])
        out = json.loads(capsys.readouterr().out)
        assert code == (0 if wanted else 1), query
        assert [hit["title"] for hit in out["hits"]] == wanted, query
