"""A name in capitals a .bib writes with TeX's accents is cited as names are written.

``author = {M{\\"U}LLER, J{\\"O}RG}`` was kept in capitals in every style ("MÜLLER, J.",
"JÖRG MÜLLER"), where the same name written in Unicode was cited "Müller, J.": the
braces and the backslash of an accent were taken for the source's own spelling. The
accents stay as the source wrote them, their letters' case changed.
"""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import capitalised_name, format_citation, validate_bibtex


@pytest.mark.parametrize(
    ("written", "cited"),
    [
        ('M{\\"U}LLER, J{\\"O}RG', 'M{\\"u}ller, J{\\"o}rg'),
        ('M\\"ULLER, J\\"ORG', 'M\\"uller, J\\"org'),
        ("{\\'E}MILE DURAND", "{\\'E}mile Durand"),
        ("\\v{S}KODA, JAN", "\\v{S}koda, Jan"),
        ("GR{\\O}TLI, KARI", "Gr{\\o}tli, Kari"),
        ('D{\\"U}RR Hans', 'D{\\"u}rr, Hans'),
        # as the source wrote them: a name with capitals, braces of its own
        ('M{\\"u}ller, J{\\"o}rg', 'M{\\"u}ller, J{\\"o}rg'),
        ("{JAISWAL}, AJAY", "{JAISWAL}, AJAY"),
        ("{\\'E}MILE {DURAND}", "{\\'E}MILE {DURAND}"),
    ],
)
def test_a_name_in_capitals_with_accents_takes_a_names_capitals(written: str, cited: str) -> None:
    assert capitalised_name(written) == cited


def test_styles_cite_a_name_in_capitals_with_accents_as_a_name(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{mueller2020,\n"
        "  title = {Deep learning of things},\n"
        '  author = {M{\\"U}LLER, J{\\"O}RG and {\\\'E}MILE DURAND},\n'
        "  journal = {Journal of Things},\n"
        "  year = {2020}\n}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt, library=library).text
        assert validate_bibtex(text) == []
        entry = bibtexparser.parse_string(text).entries[0]
        assert entry.fields_dict["author"].value == 'M{\\"u}ller, J{\\"o}rg and {\\\'E}mile Durand'
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Müller, J., & Durand, É. (2020).")
    mla = format_citation(paper, "mla", library=library).text
    assert mla.startswith("Müller, Jörg, and Émile Durand.")
    markdown = format_citation(paper, "markdown", library=library).text
    assert "Jörg Müller, Émile Durand" in markdown
