"""ACM's BibTeX gives a conference paper's publisher's place in ``address`` (``New York,
NY, USA``) and the conference's city in ``location`` (``Barcelona, Spain``). The city was
cited as the publisher's place: RIS's ``CY``, CSL's ``publisher-place`` and Chicago's
"Barcelona, Spain: Association for Computing Machinery", and BibLaTeX, which reads
``location`` as the publisher's place, was given it so. The publisher's place is now the
``address``, the city the event's place (CSL's ``event-place``, BibLaTeX's ``venue``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

ACM = Path(__file__).parent / "fixtures" / "citations" / "acm_conference_location.bib"


def _cited(fmt: str, path: Path = ACM) -> str:
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, fmt, library=library).text


def test_chicago_gives_the_publishers_place() -> None:
    text = _cited("chicago")
    assert "New York, NY, USA: Association for Computing Machinery." in text
    assert "Barcelona" not in text


def test_ris_gives_the_publishers_place() -> None:
    text = _cited("ris")
    assert "\nCY  - New York, NY, USA\n" in text
    assert "Barcelona" not in text


def test_csl_gives_the_event_place_apart() -> None:
    (item,) = json.loads(_cited("csl-json"))
    assert item["publisher-place"] == "New York, NY, USA"
    assert item["event-place"] == "Barcelona, Spain"


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_bibtex_keeps_the_city_as_the_venue(fmt: str) -> None:
    text = _cited(fmt)
    assert "\n  address = {New York, NY, USA},\n" in text
    assert "\n  venue = {Barcelona, Spain},\n" in text
    assert "location" not in text


def test_a_location_alone_is_still_the_publishers_place(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        ACM.read_text(encoding="utf-8").replace("address = {New York, NY, USA},\n", ""),
        encoding="utf-8",
    )
    assert "\nCY  - Barcelona, Spain\n" in _cited("ris", path)
    assert "event-place" not in json.loads(_cited("csl-json", path))[0]
