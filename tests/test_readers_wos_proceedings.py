"""A Web of Science proceedings paper's venue: its ``SO`` is the proceedings in capitals
with the volume after it ("INTERNATIONAL CONFERENCE ON MACHINE LEARNING, VOL 235"),
which its ``VL`` gives too, so citations gave "in INTERNATIONAL CONFERENCE ON MACHINE
LEARNING, VOL 235, vol. 235"; the conference's title in its ``CT`` line was not read.
The ``SO`` now loses that volume; what is left names a series, no book, and the
conference's title takes its place where ``CT`` gives one. A proceedings' own title
("ADVANCES IN NEURAL INFORMATION PROCESSING SYSTEMS 30 (NIPS 2017)") is kept, in capitals
as a journal's name with no abbreviation to case it by is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.formats.common import wos_venue
from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.render.citations import format_citation

WOS = Path(__file__).parent / "fixtures" / "formats" / "wos_proceedings.txt"
CONFERENCE = "41st International Conference on Machine Learning (ICML)"


def _paper(path: Path = WOS) -> tuple[Library, Paper]:
    library = load_library([path])
    (paper,) = library.papers
    return library, paper


def test_the_conference_title_is_the_venue() -> None:
    _library, paper = _paper()
    assert paper.venue == paper.booktitle == CONFERENCE


@pytest.mark.parametrize("fmt", ["apa", "chicago", "ieee", "mla", "bibtex", "ris"])
def test_the_volume_is_cited_once(fmt: str) -> None:
    library, paper = _paper()
    text = format_citation(paper, fmt, library=library).text
    assert CONFERENCE in text
    assert "VOL 235" not in text and "INTERNATIONAL CONFERENCE" not in text


def test_without_a_conference_title_the_source_loses_its_volume(tmp_path: Path) -> None:
    path = tmp_path / "savedrecs.txt"
    text = WOS.read_text(encoding="utf-8")
    path.write_text(text.replace(f"CT {CONFERENCE}\n", ""), encoding="utf-8")
    library, paper = _paper(path)
    assert paper.venue == "INTERNATIONAL CONFERENCE ON MACHINE LEARNING"
    chicago = format_citation(paper, "chicago", library=library).text
    assert "In INTERNATIONAL CONFERENCE ON MACHINE LEARNING, vol. 235, 21–39." in chicago


def test_the_tab_delimited_export_reads_the_conference_title(tmp_path: Path) -> None:
    path = tmp_path / "savedrecs.txt"
    path.write_text(
        "PT\tAU\tTI\tSO\tDT\tCT\tVL\tPY\tUT\n"
        "C\tDoe, J\tA paper\tINTERNATIONAL CONFERENCE ON MACHINE LEARNING, VOL 235\t"
        f"Proceedings Paper\t{CONFERENCE}\t235\t2024\tWOS:001\n"
        "C\tRoe, J\tB paper\tINTERNATIONAL CONFERENCE ON MACHINE LEARNING, VOL 235\t"
        "Proceedings Paper\t\t235\t2024\tWOS:002\n",
        encoding="utf-8",
    )
    venues = {paper.title: paper.venue for paper in load_library([path]).papers}
    assert venues == {
        "A paper": CONFERENCE,
        "B paper": "INTERNATIONAL CONFERENCE ON MACHINE LEARNING",
    }


def test_a_journals_volume_or_another_is_kept() -> None:
    # a journal's name is as it was; a volume other than the record's stays in the name
    assert wos_venue("PHYSICAL REVIEW D", "Phys. Rev. D", volume="12") == "Physical Review D"
    assert wos_venue("PROCEEDINGS, VOL 2", None, volume="3") == "PROCEEDINGS, VOL 2"
    assert wos_venue("PROCEEDINGS, VOL 2", None, volume=None) == "PROCEEDINGS, VOL 2"
    nips = "ADVANCES IN NEURAL INFORMATION PROCESSING SYSTEMS 30 (NIPS 2017)"
    assert wos_venue(nips, None, volume="30", conference="31st Conference (NIPS)") == nips
