"""Prices in a title or an abstract ("Cost $5 and $6") are dollar signs in BibTeX and
BibLaTeX, as the reader shows them: the text between two of them ("5 and ") was cited
as math, which LaTeX sets as "5and" in italics. Math beside them stays math, and a
dollar a source left without its partner no longer turns the math after it inside out."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex
from tuireader.render.textrender import display_title, plain


def _cited(tmp_path: Path, title: str, abstract: str, fmt: str) -> dict[str, str]:
    path = tmp_path / "list.jsonl"
    record = {"title": title, "abstract": abstract, "authors": ["Jane Doe"], "year": 2020}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, fmt, library=library, include_abstract=True).text
    assert validate_bibtex(text) == []
    entry = bibtexparser.parse_string(text).entries[0]
    return {name: entry.fields_dict[name].value for name in ("title", "abstract")}


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
@pytest.mark.parametrize(
    ("written", "cited"),
    [
        ("Cost $5 and $6", r"Cost \$5 and \$6"),
        ("Between $5 and $10 million", r"Between \$5 and \$10 million"),
        ("From $5-$6 a run", r"From \$5-\$6 a run"),
        ("It costs 5$ and 6$ a run", r"It costs 5\$ and 6\$ a run"),
        # math beside them is math
        ("Cost $5 and $6 for $n$ runs", r"Cost \$5 and \$6 for $n$ runs"),
        ("Runs of $10$ and $n^2$ steps", "Runs of $10$ and $n^2$ steps"),
    ],
)
def test_prices_are_dollar_signs(tmp_path: Path, fmt: str, written: str, cited: str) -> None:
    fields = _cited(tmp_path, "A study of prices", written, fmt)
    assert fields["abstract"] == cited


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_titles_prices_are_dollar_signs(tmp_path: Path, fmt: str) -> None:
    fields = _cited(tmp_path, "Cost $5 and $6", "We pay.", fmt)
    assert fields["title"] == r"Cost \$5 and \$6"
    # as the reader shows it
    assert display_title("Cost $5 and $6") == plain("Cost $5 and $6") == "Cost $5 and $6"


def test_a_dollar_left_alone_does_not_turn_the_math_after_it_inside_out(tmp_path: Path) -> None:
    # an arXiv abstract (hep-ph) whose first math lost its opening dollar: its closing
    # one opened math up to the next one, and every piece after it was inside out
    abstract = (
        r"studied up to order \cal{O}(\alpha_{s}^2)$ in deeply inelastic scattering. "
        r"At the order $\cal{O}(\alpha_s^2)$, a factor of $C_F/C_A=4/9$ times."
    )
    fields = _cited(tmp_path, "Quark scattering", abstract, "bibtex")
    assert (
        r"At the order $\cal{O}(\alpha_s^2)$, a factor of $C_F/C_A=4/9$ times."
        in (fields["abstract"])
    )
