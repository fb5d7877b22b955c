"""The month and day a BibTeX or BibLaTeX source dates a work by are cited as a CSL
source's are: Zotero's BibLaTeX export gives ``date = {2022-03-28}``, its Better BibTeX
export ``month = jan``, and every style that shows a month (IEEE, RIS's ``DA``,
CSL-JSON's ``date-parts``) shows it, as it does for a CSL item's ``issued``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

FIXTURES = Path(__file__).parent / "fixtures" / "citations" / "dates_places"
BIBLATEX = FIXTURES / "zotero_biblatex_dated_slice.bib"
BETTER_BIBTEX = FIXTURES / "zotero_betterbibtex_dated_slice.bib"


def _cited(path: Path, key: str, fmt: str) -> str:
    library = load_library([path])
    paper = next(p for p in library.papers if p.source_entry and p.source_entry.key == key)
    return format_citation(paper, fmt, library=library).text


def _date_parts(text: str) -> list[list[int]]:
    (item,) = json.loads(text)
    parts: list[list[int]] = item["issued"]["date-parts"]
    return parts


def test_a_biblatex_date_is_cited_to_the_day() -> None:
    ris = _cited(BIBLATEX, "escontrela_adversarial_2022", "ris")
    assert "PY  - 2022\nDA  - 2022/03/28\n" in ris
    csl = _cited(BIBLATEX, "escontrela_adversarial_2022", "csl-json")
    assert _date_parts(csl) == [[2022, 3, 28]]
    # the BibLaTeX entry kept its date as before
    assert "  date = {2022-03-28},\n" in _cited(BIBLATEX, "escontrela_adversarial_2022", "biblatex")


def test_a_journal_articles_biblatex_date_gives_ieee_its_month() -> None:
    ieee = _cited(BIBLATEX, "peng_amp_2021", "ieee")
    assert "pp. 144:1\u2013144:20, July 2021, doi:" in ieee
    assert "DA  - 2021/07/19\n" in _cited(BIBLATEX, "peng_amp_2021", "ris")
    assert _date_parts(_cited(BIBLATEX, "peng_amp_2021", "csl-json")) == [[2021, 7, 19]]


def test_a_bibtex_month_macro_is_cited() -> None:
    key = "shahriariTakingHumanOut2016"
    assert "pp. 148\u2013175, Jan. 2016, doi:" in _cited(BETTER_BIBTEX, key, "ieee")
    assert "PY  - 2016\nDA  - 2016/01/\n" in _cited(BETTER_BIBTEX, key, "ris")
    assert _date_parts(_cited(BETTER_BIBTEX, key, "csl-json")) == [[2016, 1]]
    assert "\n  month = jan,\n" in _cited(BETTER_BIBTEX, key, "bibtex")


def _written(tmp_path: Path, date: str) -> Path:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, author = {Doe, Jane}, title = {A Dated Article},\n"
        f"  journal = {{Journal of Tests}}, volume = {{3}}, pages = {{1--9}}, {date}}}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("date", "month", "day"),
    [
        ("year = {2022}, month = mar", 3, None),
        ("year = {2022}, month = {March}", 3, None),
        ("year = {2022}, month = {mar.}", 3, None),
        ("year = {2022}, month = 3", 3, None),
        ("year = {2022}, month = {03}", 3, None),
        ("year = {2022}, month = {11}", 11, None),
        ("year = {2022}, month = mar, day = {28}", 3, 28),
        ("year = {2022}, month = {MAR 28}", 3, 28),
        ("year = {2022}, month = jan # {--} # feb", 1, None),
        ("date = {2022-03}", 3, None),
        ("date = {2022-03-28}", 3, 28),
        ("date = {2022-03-28/2022-04-02}", 3, 28),
        ("date = {2022-11/2022-12}", 11, None),
    ],
)
def test_every_way_a_source_writes_a_month_is_cited(
    tmp_path: Path, date: str, month: int, day: int | None
) -> None:
    path = _written(tmp_path, date)
    library = load_library([path])
    (paper,) = library.papers
    ieee = format_citation(paper, "ieee", library=library).text
    names = [
        "Jan.",
        "Feb.",
        "Mar.",
        "Apr.",
        "May",
        "June",
        "July",
        "Aug.",
        "Sept.",
        "Oct.",
        "Nov.",
        "Dec.",
    ]
    assert f"pp. 1\u20139, {names[month - 1]} 2022." in ieee
    ris = format_citation(paper, "ris", library=library).text
    assert f"\nDA  - 2022/{month:02d}/{f'{day:02d}' if day else ''}\n" in ris
    csl = format_citation(paper, "csl-json", library=library).text
    assert _date_parts(csl) == [[2022, month, *([day] if day else [])]]


@pytest.mark.parametrize(
    "date",
    [
        "year = {2022}",
        "date = {2022}",
        "year = {2022}, month = {Spring}",
        "year = {2022}, month = {13}",
        "year = {2022}, month = {Early Spring, delayed}",
    ],
)
def test_no_month_is_cited_where_the_source_gives_none(tmp_path: Path, date: str) -> None:
    path = _written(tmp_path, date)
    library = load_library([path])
    (paper,) = library.papers
    assert "pp. 1\u20139, 2022." in format_citation(paper, "ieee", library=library).text
    assert "\nDA  - " not in format_citation(paper, "ris", library=library).text
    csl = format_citation(paper, "csl-json", library=library).text
    assert _date_parts(csl) == [[2022]]


def test_a_bibtex_source_is_dated_as_the_same_csl_source(tmp_path: Path) -> None:
    bib = _written(tmp_path, "date = {2021-07-19}")
    csl = tmp_path / "list.json"
    csl.write_text(
        json.dumps(
            [
                {
                    "id": "a",
                    "type": "article-journal",
                    "title": "A Dated Article",
                    "author": [{"family": "Doe", "given": "Jane"}],
                    "container-title": "Journal of Tests",
                    "volume": "3",
                    "page": "1-9",
                    "issued": {"date-parts": [[2021, 7, 19]]},
                }
            ]
        ),
        encoding="utf-8",
    )
    for fmt in ("ieee", "ris", "csl-json"):
        texts = []
        for path in (bib, csl):
            library = load_library([path])
            (paper,) = library.papers
            texts.append(format_citation(paper, fmt, key="a", library=library).text)
        assert texts[0] == texts[1]
