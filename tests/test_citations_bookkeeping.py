"""A copied or cited entry gives the work, not what the user's reference manager or the
database it came from keeps of it: no path to a PDF on the user's disk, no groups,
ratings, owner or dates of the user's library, no citation counts of the day it was
exported (fixtures: the shapes JabRef, Mendeley, BibDesk, Scopus and Web of Science
write)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import (
    W_UNSAFE_TEXT,
    cite_many,
    format_citation,
    format_many,
    validate_bibtex,
)

FIXTURES = Path(__file__).parent / "fixtures" / "citations"
BOOKKEEPING = FIXTURES / "bookkeeping"


def _cited(path: Path, title: str, fmt: str = "bibtex") -> str:
    library = load_library([path])
    paper = next(p for p in library.papers if p.title == title)
    text = format_citation(paper, fmt, library=library).text
    assert validate_bibtex(text) == []
    return text


def _names(entry: str) -> list[str]:
    return [line.split("=")[0].strip() for line in entry.splitlines()[1:-1]]


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_jabrefs_own_fields_are_not_cited(fmt: str) -> None:
    text = _cited(BOOKKEEPING / "jabref_export.bib", "Attention Is All You Need", fmt)
    for name in (
        "file",
        "owner",
        "groups",
        "creationdate",
        "modificationdate",
        "priority",
        "qualityassured",
        "ranking",
        "readstatus",
        "comment-ann",
    ):
        assert name not in _names(text)
    assert "Read section 3" not in text
    assert "Vaswani2017.pdf" not in text
    # the work is all there
    assert _names(text)[:3] == [
        "author",
        "journaltitle" if fmt == "biblatex" else "journal",
        "title",
    ]
    assert "volume = {30}" in text


def test_jabrefs_older_owner_and_timestamp_are_not_cited() -> None:
    text = _cited(BOOKKEEPING / "jabref_export.bib", "Deep Residual Learning for Image Recognition")
    assert _names(text) == ["author", "booktitle", "title", "year", "pages"]
    assert "/home/ann" not in text


def test_mendeleys_local_pdf_and_groups_are_not_cited() -> None:
    text = _cited(FIXTURES / "mendeley_export.bib", "Denoising diffusion probabilistic models")
    assert "Users/ann" not in text
    assert "mendeley-groups" not in _names(text)
    assert "Diffusion}" not in text
    assert "eprint = {2006.11239}" in text


def test_bibdesks_dates_and_file_alias_are_not_cited() -> None:
    path = Path(__file__).parent / "fixtures" / "other_shapes" / "bibdesk_export.bib"
    text = _cited(path, "Stuff")
    assert not [name for name in _names(text) if name.startswith(("bdsk-", "date-"))]
    assert "YnBsaXN0" not in text  # the alias, which holds the file's path
    assert "doi = {10.1000/stuff.4}" in text
    learning = _cited(path, "Learning to Learn Again")
    assert _names(learning) == ["author", "booktitle", "title", "year", "url"]


def test_scopus_counts_and_stage_are_not_cited() -> None:
    text = _cited(BOOKKEEPING / "scopus_export.bib", "A Real-Time Testbed for Smart Grids")
    names = _names(text)
    for name in ("note", "source", "publication_stage", "correspondence_address"):
        assert name not in names
    assert "Cited by" not in text
    assert "rabindra.bhatta@example.edu" not in text
    assert "doi = {10.3390/app13040001}" in text


def test_a_scopus_note_keeps_what_is_not_the_databases() -> None:
    text = _cited(
        BOOKKEEPING / "scopus_export.bib", "Development of n-queens software for education"
    )
    assert "note = {Invited talk}" in text
    assert "cited By" not in text


def test_a_note_that_only_mentions_open_access_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, title = {Open Science}, author = {Doe, Jane}, year = {2020},\n"
        "  note = {A Green Open Access copy is on the author's page}}\n",
        encoding="utf-8",
    )
    text = _cited(path, "Open Science")
    assert "note = {A Green Open Access copy is on the author's page}" in text


def test_web_of_sciences_counts_and_record_id_are_not_cited() -> None:
    text = _cited(BOOKKEEPING / "wos_export.bib", "Learning dynamics of deep networks")
    names = _names(text)
    for name in (
        "unique-id",
        "times-cited",
        "usage-count-last-180-days",
        "usage-count-since-2013",
        "number-of-cited-references",
        "doc-delivery-number",
        "da",
    ):
        assert name not in names
    assert "issn" in names


def test_the_real_zotero_export_cites_no_local_file() -> None:
    library = load_library([FIXTURES / "zotero_betterbibtex_slice.bib"])
    for paper in library.papers:
        text = format_citation(paper, "bibtex", library=library).text
        assert "file" not in _names(text)
        assert "Zotero/storage" not in text


def _private_notes_list(tmp_path: Path) -> Path:
    path = tmp_path / "library.bib"
    path.write_text(
        "@article{doe2020,\n  author = {Doe, Jane},\n  title = {Open Science},\n"
        "  journal = {J},\n  year = {2020},\n"
        "  annote = {Ask Ann about the second proof},\n}\n\n"
        "@online{roe2021,\n  author = {Roe, Rick},\n  title = {Closed Science},\n"
        "  date = {2021},\n  url = {https://example.org/closed},\n"
        "  annotation = {Reviewer 2 is probably Roe},\n}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_the_users_own_notes_are_not_cited(tmp_path: Path, fmt: str) -> None:
    # Mendeley and Zotero export the notes of the user's library in annote
    path = _private_notes_list(tmp_path)
    for title, note in (
        ("Open Science", "second proof"),
        ("Closed Science", "Reviewer 2"),
    ):
        text = _cited(path, title, fmt)
        assert note not in text
        assert not {"annote", "annotation"} & set(_names(text))
        assert "title" in _names(text)


def test_a_printed_batch_of_citations_leaves_the_notes_out(tmp_path: Path) -> None:
    library = load_library([_private_notes_list(tmp_path)])
    text = format_many(library.papers, "bibtex", library=library)
    assert "second proof" not in text and "Reviewer 2" not in text
    assert "Open Science" in text and "Closed Science" in text
    # the BibTeX export writes its note after the entry's own, so it keeps them
    kept = "\n".join(c.text for c in cite_many(library.papers, "bibtex", library=library))
    assert "annote = {Ask Ann about the second proof}" in kept


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_scopus_record_page_is_not_cited_as_the_papers_url(fmt: str) -> None:
    # Scopus gives its own record page in url, which needs a subscription to read
    text = _cited(BOOKKEEPING / "scopus_export.bib", "A Real-Time Testbed for Smart Grids", fmt)
    assert "scopus.com" not in text
    assert "url = {https://doi.org/10.3390/app13040001}" in text


def test_a_scopus_record_page_is_no_link_of_the_paper(tmp_path: Path) -> None:
    # without a DOI the citation has no page to give: none, rather than the record's
    path = tmp_path / "scopus.bib"
    path.write_text(
        "@ARTICLE{Roe2022,\n\tauthor = {Roe, Rick},\n\ttitle = {Closed Science},\n"
        "\tyear = {2022},\n\tjournal = {J},\n"
        "\turl = {https://www.scopus.com/inward/record.uri?eid=2-s2.0-8514&partnerID=40},\n"
        "\tsource = {Scopus}\n}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    paper = library.papers[0]
    for fmt in ("bibtex", "biblatex", "apa", "mla", "markdown", "url"):
        assert "scopus.com" not in format_citation(paper, fmt, library=library).text
    assert "url" not in _names(_cited(path, "Closed Science"))


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_web_of_sciences_twice_braced_values_are_cited_once_braced(fmt: str) -> None:
    text = _cited(BOOKKEEPING / "wos_export.bib", "Learning dynamics of deep networks", fmt)
    assert "{{" not in text
    assert "title = {Learning dynamics of deep networks}" in text
    assert ("journaltitle" if fmt == "biblatex" else "journal") + " = {Nature}" in text
    assert "pages = {123-127}" in text and "issn = {0028-0836}" in text
    if fmt == "bibtex":
        assert "month = apr," in text and "year = {2020}" in text


def test_only_the_pair_web_of_science_wraps_a_value_in_is_unwrapped(tmp_path: Path) -> None:
    path = tmp_path / "savedrecs.bib"
    path.write_text(
        "@article{ WOS:000000000000002,\nAuthor = {{ATLAS Collaboration}},\n"
        "Title = {{Measuring {DNA} repair in {Escherichia coli}}},\n"
        "Journal = {{Physical Review {D}}},\nYear = {{2021}},\n"
        "Unique-ID = {{WOS:000000000000002}},\n}\n\n"
        "@article{own,\n  author = {Doe, Jane},\n  title = {{Attention Is All You Need}},\n"
        "  journal = {{Nature}},\n  year = {2017}\n}\n",
        encoding="utf-8",
    )
    wos = _cited(path, "Measuring DNA repair in Escherichia coli")
    assert "title = {Measuring {DNA} repair in {Escherichia coli}}" in wos
    assert "journal = {Physical Review {D}}" in wos
    # a name written whole in braces is an institution's: its braces stay
    assert "author = {{ATLAS Collaboration}}" in wos
    # a user's own entry braces its title whole to keep its capitals: kept as written
    own = _cited(path, "Attention Is All You Need")
    assert "title = {{Attention Is All You Need}}" in own
    assert "journal = {{Nature}}" in own


def test_a_control_character_in_a_note_left_out_is_no_warning_of_the_citation(
    tmp_path: Path,
) -> None:
    # the warning says what the citation lost; a note it leaves out is none of it
    path = tmp_path / "library.bib"
    path.write_text(
        "@article{doe2020,\n  author = {Doe, Jane},\n  title = {Open Science},\n"
        "  journal = {J},\n  year = {2020},\n  annote = {pasted\u200b note},\n}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    paper = library.papers[0]
    assert W_UNSAFE_TEXT not in format_citation(paper, "bibtex", library=library).warnings
    kept = cite_many([paper], "bibtex", library=library)[0]
    assert W_UNSAFE_TEXT in kept.warnings


@pytest.mark.parametrize("fmt", ["bibtex", "apa", "csl-json", "markdown"])
def test_a_non_joiner_inside_a_word_stays_in_the_citation(tmp_path: Path, fmt: str) -> None:
    # «می‌خواهم» was cited «میخواهم», with a warning of unsafe characters removed
    path = tmp_path / "library.bib"
    path.write_text(
        "@article{doe2020,\n  author = {Doe, Jane},\n  title = {می\u200cخواهم},\n"
        "  journal = {J},\n  year = {2020},\n}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    cited = format_citation(library.papers[0], fmt, library=library)
    assert "می\u200cخواهم" in cited.text and W_UNSAFE_TEXT not in cited.warnings
