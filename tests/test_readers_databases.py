"""Exports of bibliographic databases (Scopus, Web of Science): the abstract is the
authors' text, without what the database writes after it or in its place.

The fixtures in tests/fixtures/databases/ are written in each database's layout.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation

HERE = Path(__file__).parent / "fixtures" / "databases"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


def test_scopus_abstracts_end_before_the_publishers_notice() -> None:
    records = by_title(HERE / "scopus_export.csv")
    assert records["Attention is all you need"].abstract == (
        "The dominant sequence transduction models are based on complex recurrent or "
        "convolutional neural networks."
    )
    assert records["Sparse routing in graphs"].abstract == "We study sparse routing."


def test_scopus_no_abstract_available_is_no_abstract() -> None:
    record = by_title(HERE / "scopus_export.csv")["A paper without an abstract"]
    assert record.abstract == ""


def test_web_of_science_abstracts_end_before_the_publishers_notice() -> None:
    record = by_title(HERE / "wos_savedrecs.txt")["Deep learning in neural networks: An overview"]
    assert record.abstract == (
        "In recent years, deep artificial neural networks have won numerous contests in "
        "pattern recognition and machine learning."
    )


def test_an_abstract_that_speaks_of_copyright_keeps_its_words(tmp_path: Path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text(
        "title,abstract\n"
        '"Copyright and Models","Models memorise. Copyright Law is unsettled. We use the '
        'Kinect© sensor."\n',
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.abstract.endswith("Copyright Law is unsettled. We use the Kinect© sensor.")


def test_a_list_of_abstracts_keeps_its_text_as_written(tmp_path: Path) -> None:
    # its papers' ids are made of their abstracts
    path = tmp_path / "list.txt"
    path.write_text(
        "Reading list\n\nWe study routing in sparse graphs. © 2020 The Authors.\n",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.abstract.endswith("© 2020 The Authors.")


def test_a_biorxiv_preprint_is_an_article_of_biorxiv() -> None:
    # api.biorxiv.org/details: "server" names the preprint server, which was no venue
    records = by_title(HERE / "biorxiv_details.json")
    atlas = records["Single-cell atlas of the mouse retina"]
    assert (atlas.venue, atlas.journal, atlas.entry_type) == ("bioRxiv", "bioRxiv", "article")
    assert atlas.authors == ("J. A. Smith", "K. van der Berg", "T. Müller")
    assert atlas.doi == "10.1101/2024.01.01.573820"
    assert atlas.categories == ("neuroscience",)


def test_a_biorxiv_preprints_published_version_gives_it_no_year() -> None:
    # "published" is the DOI of the journal's version, whose digits read as 2023
    record = by_title(HERE / "biorxiv_details.json")["Protein folding in vivo"]
    assert record.year == 2022
    assert record.doi == "10.1101/2024.01.01.573821"


def test_a_batch_answers_null_is_said_as_an_id_not_found(tmp_path: Path) -> None:
    # Semantic Scholar's paper/batch answers null for each id it does not know: that
    # was "not a paper record (a JSON object)", as if the file were broken
    path = tmp_path / "batch.json"
    path.write_text(
        '[{"paperId": "a1", "title": "Attention Is All You Need", "year": 2017}, null]',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["Attention Is All You Need"]
    assert [p.message for p in result.problems] == [
        "skipped item 2: null, no paper (a batch answer's id it did not find?)"
    ]


def _apa(path: Path, title: str) -> str:
    library = load_library([path])
    paper = next(p for p in library if p.title == title)
    return format_citation(paper, "apa", library=library).text


def test_scopus_article_number_is_cited_where_a_journal_gives_no_pages() -> None:
    # Scopus's "Art. No." (a sheet's column, a BibTeX entry's art_number) was left out:
    # the citation said where in its volume the article is nowhere
    expected = (
        "Müller, T., & van der Berg, J. (2021). Sparse routing in graphs. Journal of "
        "Machine Learning Research, 22, Article 145. https://doi.org/10.5555/jmlr.2021.145"
    )
    assert _apa(HERE / "scopus_export.csv", "Sparse routing in graphs") == expected
    assert _apa(HERE / "scopus_export.bib", "Sparse routing in graphs") == expected


def test_pages_are_cited_before_an_article_number(tmp_path: Path) -> None:
    path = tmp_path / "both.bib"
    path.write_text(
        "@article{a, title={Paged}, author={Lee, Ann}, journal={J}, volume={3}, "
        "year={2020}, pages={10--20}, eid={e70}}\n"
        "@article{b, title={Numbered}, author={Lee, Ann}, journal={J}, volume={3}, "
        "year={2020}, eid={e70}}\n"
        "@article{c, title={Preprint}, author={Lee, Ann}, journal={J}, "
        "year={2020}, eid={arXiv:1706.03762}}\n",
        encoding="utf-8",
    )
    records = by_title(path)
    assert records["Paged"].pages == "10--20"
    assert records["Numbered"].pages == "e70"  # BibLaTeX's eid: the article's number
    assert records["Preprint"].pages is None  # NASA ADS's eid of a preprint: no number


def test_scopus_bibtex_abstracts_end_before_the_publishers_notice() -> None:
    # as its spreadsheet's do: "© 2021 The Authors." was read as the abstract's end
    records = by_title(HERE / "scopus_export.bib")
    assert records["Sparse routing in graphs"].abstract == "We study sparse routing."
    assert records["Attention is all you need"].abstract == (
        "The dominant sequence transduction models are based on complex recurrent networks."
    )


def test_web_of_science_bibtex_abstracts_end_before_the_publishers_notice(
    tmp_path: Path,
) -> None:
    path = tmp_path / "savedrecs.bib"
    path.write_text(
        "@article{ WOS:000344589300001,\n"
        "Author = {Schmidhuber, Juergen},\n"
        "Title = {Deep learning in neural networks: An overview},\n"
        "Journal = {NEURAL NETWORKS},\n"
        "Year = {2015},\n"
        "Volume = {61},\n"
        "Pages = {85-117},\n"
        "Abstract = {In recent years, deep artificial neural networks have won numerous "
        "contests. (C) 2014 Published by Elsevier Ltd.},\n"
        "DOI = {10.1016/j.neunet.2014.09.003},\n"
        "Unique-ID = {WOS:000344589300001},\n"
        "}\n",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.abstract == (
        "In recent years, deep artificial neural networks have won numerous contests."
    )


def test_a_bibtex_list_of_no_database_keeps_its_abstracts_as_written(tmp_path: Path) -> None:
    path = tmp_path / "mine.bib"
    path.write_text(
        "@misc{a, title={Licences}, abstract={We study who owns text. © 2021 Ann Lee}}\n",
        encoding="utf-8",
    )
    assert read_file(path).records[0].abstract == "We study who owns text. © 2021 Ann Lee"


def test_scopus_bibtex_gives_the_authors_keywords_before_its_index_terms() -> None:
    record = by_title(HERE / "scopus_export.bib")["Sparse routing in graphs"]
    assert record.keywords == ("routing", "sparsity", "Graph theory", "Routing algorithms")


def test_a_scopus_conference_entry_is_cited_in_its_proceedings_as_its_sheet_is() -> None:
    # its @CONFERENCE names the proceedings in journal: cited as a journal's article;
    # with no DOI, no link: its url is Scopus's record page, which needs a subscription
    expected = (
        "Vaswani, A., Shazeer, N., & Parmar, N. (2017). Attention is all you need. In "
        "Advances in Neural Information Processing Systems (Vol. 2017-December, pp. "
        "5999–6009). Neural information processing systems foundation."
    )
    for path in (HERE / "scopus_export.bib", HERE / "scopus_export.csv"):
        assert _apa(path, "Attention is all you need") == expected, path


def test_a_web_of_science_article_number_is_cited_where_it_gives_no_pages(
    tmp_path: Path,
) -> None:
    # its "AR" tag (the tab-delimited export's "AR" column) was left out
    tagged = tmp_path / "savedrecs.txt"
    tagged.write_text(
        "FN Clarivate Analytics Web of Science\nVR 1.0\n"
        "PT J\nAU Muller, T\nAF Muller, Thomas\nTI Sparse routing in graphs\n"
        "SO JOURNAL OF MACHINE LEARNING RESEARCH\nPY 2021\nVL 22\nAR 145\n"
        "DI 10.5555/jmlr.2021.145\nUT WOS:000000000000001\nER\n\nEF\n",
        encoding="utf-8",
    )
    table = tmp_path / "savedrecs_tab.txt"
    table.write_text(
        "PT\tAU\tAF\tTI\tSO\tPY\tVL\tBP\tEP\tAR\tDI\tUT\n"
        "J\tMuller, T\tMuller, Thomas\tSparse routing in graphs\t"
        "JOURNAL OF MACHINE LEARNING RESEARCH\t2021\t22\t\t\t145\t"
        "10.5555/jmlr.2021.145\tWOS:000000000000001\n",
        encoding="utf-8",
    )
    for path in (tagged, table):
        assert by_title(path)["Sparse routing in graphs"].pages == "145", path
    assert "JOURNAL OF MACHINE LEARNING RESEARCH, 22, Article 145." in _apa(
        tagged, "Sparse routing in graphs"
    )


def test_scopus_ris_article_number_is_cited_where_it_gives_no_pages() -> None:
    # its "C7  - 093903" was left out
    record = by_title(HERE / "scopus_export.ris")[
        "FORC signatures and switching-field distributions of dipolar coupled "
        "nanowire-based hysterons"
    ]
    assert record.pages == "093903"
    assert record.abstract == "We study hysterons."
    assert "Journal of Applied Physics, 128(9), Article 093903." in _apa(
        HERE / "scopus_export.ris", record.title or ""
    )
