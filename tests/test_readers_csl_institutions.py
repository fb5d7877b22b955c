"""A CSL-JSON author that Zotero split out of an institution's name at its last word,
taking the "and" before it for a name particle (the real Better CSL export's
``{"given": "Consortium for Reliability", "dropping-particle": "and", "family":
"Reproducibliity (CoRR)"}``), is the institution, whole, in every citation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex


def _item(middle: dict[str, str]) -> dict:
    return {
        "id": "kiar2018",
        "type": "article-journal",
        "title": "A High-Throughput Pipeline",
        "container-title": "bioRxiv",
        "issued": {"date-parts": [[2018, 4, 24]]},
        "author": [
            {"family": "Kiar", "given": "Gregory"},
            middle,
            {"family": "Vogelstein", "given": "Joshua"},
        ],
    }


@pytest.mark.parametrize("conjunction", ["and", "&"])
def test_an_institution_split_at_its_and_is_one_author(tmp_path: Path, conjunction: str) -> None:
    given, family = "Consortium for Reliability", "Reproducibility (CoRR)"
    middle = {"given": given, "dropping-particle": conjunction, "family": family}
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps([_item(middle)]), encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    whole = f"{given} {conjunction} {family}"
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith(f"Kiar, G., {whole}, & Vogelstein, J. (2018).")
    bibtex = format_citation(paper, "bibtex", library=library).text
    assert validate_bibtex(bibtex) == []
    written = whole.replace("&", r"\&")
    assert f"author = {{Kiar, Gregory and {{{written}}} and Vogelstein, Joshua}}" in bibtex


def test_a_name_with_a_particle_keeps_it(tmp_path: Path) -> None:
    middle = {"given": "Ulrike", "non-dropping-particle": "von", "family": "Luxburg"}
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps([_item(middle)]), encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Kiar, G., von Luxburg, U., & Vogelstein, J. (2018).")
