"""An edited book names its editors as editors, not as its authors: RIS's ``EDBOOK``
(whose ``AU`` are its editors), EndNote's "Edited Book" (whose authors are), and a book
Zotero exports as RIS (whose editors it writes as ``A3``). Cited as its authors, the
Handbook of Satisfiability had no "(Eds.)" in APA."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation

EDITORS = ("Biere, Armin", "Heule, Marijn")


def _one(path: Path, text: str) -> Record:
    path.write_text(text, encoding="utf-8")
    (record,) = read_file(path).records
    return record


def _ris(tmp_path: Path, kind: str, tag: str) -> Record:
    return _one(
        tmp_path / "book.ris",
        f"TY  - {kind}\nTI  - Handbook of Satisfiability\n{tag}  - Biere, Armin\n"
        f"{tag}  - Heule, Marijn\nPY  - 2021\nPB  - IOS Press\nER  - \n",
    )


def test_an_edited_books_au_are_its_editors(tmp_path: Path) -> None:
    record = _ris(tmp_path, "EDBOOK", "AU")
    assert record.authors == ()
    assert record.editor == EDITORS


def test_the_a3_of_a_book_zotero_exports_are_its_editors(tmp_path: Path) -> None:
    record = _ris(tmp_path, "BOOK", "A3")
    assert record.editor == EDITORS


def test_a_books_au_are_still_its_authors(tmp_path: Path) -> None:
    record = _ris(tmp_path, "BOOK", "AU")
    assert record.authors == ("Armin Biere", "Marijn Heule")
    assert record.editor == ()


def test_endnotes_edited_book_names_its_editors(tmp_path: Path) -> None:
    record = _one(
        tmp_path / "book.enw",
        "%0 Edited Book\n%T Handbook of Satisfiability\n%A Biere, Armin\n"
        "%A Heule, Marijn\n%D 2021\n%I IOS Press\n",
    )
    assert record.authors == ()
    assert record.editor == EDITORS


def test_an_edited_book_is_cited_with_its_editors(tmp_path: Path) -> None:
    _ris(tmp_path, "EDBOOK", "AU")
    library = load_library([tmp_path / "book.ris"])
    (paper,) = library.papers
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Biere, A., & Heule, M. (Eds.). (2021). Handbook of Satisfiability.")


def test_the_a2_of_a_book_naming_no_one_else_are_its_editors(tmp_path: Path) -> None:
    # RIS's own reading of a book's A2 (its editors): a book with only A2 showed no names
    # and was cited as "authors unknown"
    record = _ris(tmp_path, "BOOK", "A2")
    assert record.authors == ()
    assert record.editor == EDITORS
    library = load_library([tmp_path / "book.ris"])
    (paper,) = library.papers
    cited = {fmt: format_citation(paper, fmt, library=library) for fmt in ("apa", "mla")}
    assert cited["apa"].text.startswith("Biere, A., & Heule, M. (Eds.). (2021). Handbook")
    assert cited["mla"].text.startswith("Biere, Armin, and Marijn Heule, editors. Handbook")
    assert not cited["apa"].warnings
    bibtex = format_citation(paper, "bibtex", library=library).text
    assert "\n  editor = {Biere, Armin and Heule, Marijn},\n" in bibtex
    assert "author" not in bibtex and "Authors unknown" not in bibtex


def test_a_books_a2_beside_zoteros_a3_or_its_authors_names_no_editor(tmp_path: Path) -> None:
    # Zotero writes a book's editors as A3 and its series editors as A2
    record = _one(
        tmp_path / "book.ris",
        "TY  - BOOK\nTI  - Handbook of Satisfiability\nA3  - Biere, Armin\n"
        "A3  - Heule, Marijn\nA2  - Series, Sam\nPY  - 2021\nER  - \n",
    )
    assert record.editor == EDITORS
    authored = _one(
        tmp_path / "authored.ris",
        "TY  - BOOK\nTI  - Deep Learning\nAU  - Goodfellow, Ian\nA2  - Series, Sam\n"
        "PY  - 2016\nER  - \n",
    )
    assert authored.authors == ("Ian Goodfellow",)
    assert authored.editor == ()


def test_endnotes_xml_gives_the_publishers_place(tmp_path: Path) -> None:
    # EndNote's XML writes the place as <pub-location>, as the tagged export's %C: the
    # book was cited without it, where its RIS (CY) and .enw gave it
    record = _one(
        tmp_path / "book.xml",
        '<?xml version="1.0" encoding="UTF-8"?><xml><records><record>'
        '<ref-type name="Edited Book">28</ref-type><contributors><authors>'
        "<author><style>Biere, Armin</style></author>"
        "<author><style>Heule, Marijn</style></author></authors></contributors>"
        "<titles><title><style>Handbook of Satisfiability</style></title></titles>"
        "<dates><year><style>2021</style></year></dates>"
        "<pub-location><style>Amsterdam</style></pub-location>"
        "<publisher><style>IOS Press</style></publisher>"
        "</record></records></xml>",
    )
    assert (record.editor, record.publisher, record.place) == (EDITORS, "IOS Press", "Amsterdam")
