"""Each input format reads every field its source carries (slices of real files).

The fixtures in tests/fixtures/formats/ are verbatim slices of public files: Paper Copilot
lists (CoRL 2023, NeurIPS 2017), the arXiv Kaggle metadata dump, PMLR proceedings
BibTeX (CoLLAs 2022, L4DC 2020), Zotero Better BibTeX and BibLaTeX exports, a Zotero Better
CSL JSON export and an OpenReview API v1 crawl.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest import catalog, readers
from tuireader.ingest.formats import jsonfile
from tuireader.ingest.library import load_library
from tuireader.ingest.links import record_links
from tuireader.ingest.readers import read_file, supported
from tuireader.model import Paper, Record
from tuireader.render.textrender import plain

FIXTURES = Path(__file__).parent / "fixtures" / "formats"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


def code_links(record: Record) -> list[str]:
    return [link.url for link in record_links(record) if link.kind == "code"]


# --------------------------------------------------------------------------- one type


def test_lists_and_catalogs_produce_one_record_type() -> None:
    assert readers.Record is Record
    assert catalog.CatalogEntry is Record
    assert Record.__slots__  # slotted and frozen
    assert Record.__dataclass_params__.frozen  # type: ignore[attr-defined]
    entries = catalog.load_catalog(FIXTURES / "papercopilot_corl2023_slice.json").entries
    assert all(type(entry) is Record for entry in entries)


def test_every_record_field_but_the_links_has_a_paper_field_of_the_same_name() -> None:
    links = {"url", "pdf", "openreview", "code_urls", "project_urls", "mentioned_urls", "talk_urls"}
    missing = set(Record.__dataclass_fields__) - set(Paper.__dataclass_fields__) - links
    assert missing == set()


# --------------------------------------------------------------------------- paper lists


def test_paper_list_reads_status_track_keywords_code_and_its_bibtex() -> None:
    records = by_title(FIXTURES / "papercopilot_corl2023_slice.json")
    first = records["Simultaneous Learning of Contact and Continuous Dynamics"]
    assert (first.status, first.track) == ("Poster", "main")
    assert first.keywords == (
        "system identification",
        "dynamics learning",
        "contact-rich manipulation",
    )
    assert first.authors == ("Bibit Bianchini", "Mathew Halm", "Michael Posa")
    assert code_links(first) == ["https://github.com/ebianchi/dair_pll"]
    # venue and year come only from the bibtex string
    assert (first.venue, first.year) == ("7th Annual Conference on Robot Learning", 2023)
    assert first.booktitle == "7th Annual Conference on Robot Learning"
    assert first.entry_type == "inproceedings"
    assert first.source_entry is not None
    assert first.source_entry.key == "bianchini2023simultaneous"
    assert (first.source_id, first.openreview_id) == ("-3G6_D66Aua", "-3G6_D66Aua")
    oral = records["Stabilize to Act: Learning to Coordinate for Bimanual Manipulation"]
    assert oral.status == "Oral" and code_links(oral) == []


def test_paper_list_keeps_the_tldr_on_one_line_and_an_empty_one_as_none(tmp_path: Path) -> None:
    records = by_title(FIXTURES / "papercopilot_corl2023_slice.json")
    first = records["Simultaneous Learning of Contact and Continuous Dynamics"]
    assert first.tldr is not None
    assert first.tldr.startswith("We simultaneously learn contact and continuous dynamics")
    path = tmp_path / "list.json"
    path.write_text(
        json.dumps(
            [
                {"title": "Broken", "abstract": "A.", "tldr": "Two\n  lines\tof it."},
                {"title": "Empty", "abstract": "B.", "tldr": ""},
                {"title": "Number", "abstract": "C.", "tldr": ["not", "text"]},
            ]
        ),
        encoding="utf-8",
    )
    found = by_title(path)
    assert found["Broken"].tldr == "Two lines of it."
    assert found["Empty"].tldr is None and found["Number"].tldr is None


def test_a_github_field_with_two_addresses_gives_both_code_links() -> None:
    records = by_title(FIXTURES / "papercopilot_corl2023_slice.json")
    record = records["Towards General Single-Utensil Food Acquisition with Human-Informed Actions"]
    assert code_links(record) == [
        "https://github.com/personalrobotics/corl23_towards_general_food_acquisition",
        "https://github.com/personalrobotics/ada_feeding",
    ]


def test_a_github_field_holding_a_project_page_is_no_code_link() -> None:
    # six CoRL 2023 records (25, 31, 49, 59, 118 and 164 of the list) whose github field
    # holds a project page, an organisation's page or a repository without its scheme
    records = by_title(FIXTURES / "papercopilot_corl2023_github_field_slice.json")
    kinds = {
        title.split(":")[0]: [
            (link.kind, link.url) for link in record_links(record) if link.origin == "code_urls"
        ]
        for title, record in records.items()
    }
    assert kinds["M2T2"] == [("project", "https://m2-t2.github.io")]
    assert kinds["XSkill"] == [("project", "https://xskill.cs.columbia.edu/")]
    assert kinds["HYDRA"] == [("project", "https://sites.google.com/corp/view/hydra-il-2023")]
    assert kinds["Composable Part-Based Manipulation"] == [
        ("project", "https://cpmcorl2023.github.io/")
    ]
    topology = "Topology-Matching Normalizing Flows for Out-of-Distribution Detection in Robot "
    assert kinds[topology + "Learning"] == [("project", "https://github.com/DLR-RM")]
    assert kinds["FastRLAP"] == [("code", "https://github.com/kylestach/fastrlap-release")]


def test_latex_url_and_href_in_an_abstract_give_the_address_once() -> None:
    records = by_title(FIXTURES / "papercopilot_corl2023_latex_links_slice.json")
    reboot = records[
        "REBOOT: Reuse Data for Bootstrapping Efficient Real-World Dexterous Manipulation"
    ]
    saytap = records["SayTap: Language to Quadrupedal Locomotion"]
    text_links = [link.url for link in record_links(reboot) if link.origin == "text"]
    assert text_links == ["https://sites.google.com/view/reboot-dexterous"]  # \href{u}{u}
    assert [link.url for link in record_links(saytap) if link.origin == "text"] == [
        "https://saytap.github.io"  # \url{u})
    ]


def test_paper_list_bibtex_with_escapes_gives_venue_year_volume_editor() -> None:
    records = read_file(FIXTURES / "papercopilot_nips2017_slice.json").records
    first, shap, stub = records
    assert first.title.startswith("#Exploration")
    assert (first.venue, first.year, first.volume) == (
        "Advances in Neural Information Processing Systems",
        2017,
        "30",
    )
    assert first.publisher == "Curran Associates, Inc."
    assert first.editor[:2] == ("I. Guyon", "U. Von Luxburg")
    assert first.source_id == "9061"
    assert first.pdf and first.pdf.endswith("-Paper.pdf")
    assert code_links(shap) == ["https://github.com/slundberg/shap"]
    # a stub with comma-separated authors and no bibtex takes the list's venue and year
    assert stub.authors == ("Scott M Lundberg", "Su-In Lee")
    assert stub.status == "Oral"
    assert (stub.venue, stub.year) == ("Advances in Neural Information Processing Systems", 2017)


def test_a_paper_list_record_with_its_authors_only_in_author_site_names_them(
    tmp_path: Path,
) -> None:
    # NeurIPS 2017's list has a record with "author": "" and the names in "author_site":
    # the paper was shown as "authors unknown" and cited as anon2017deep
    path = FIXTURES / "papercopilot_nips2017_author_site_slice.json"
    (record,) = read_file(path).records
    assert record.authors == ("Ahmed M. Alaa", "Mihaela van der Schaar")
    (paper,) = load_library([path]).papers
    from tuireader.render.citations import W_NO_AUTHORS, format_citation

    citation = format_citation(paper)
    assert citation.key == "alaa2017deep" and W_NO_AUTHORS not in citation.warnings
    # its id comes from the list's own id for it, not from its first author: unchanged
    (item,) = json.loads(path.read_text(encoding="utf-8"))
    nameless = tmp_path / path.name
    nameless.write_text(json.dumps([{**item, "author_site": ""}]), encoding="utf-8")
    (before,) = load_library([nameless]).papers
    assert before.authors == () and before.id == paper.id
    # an address in author_site (some exports name the author's page so) is no author,
    # and a record's bibtex string names the authors when no field does
    cited = {
        "title": "A paper",
        "status": "Poster",
        "author": "",
        "author_site": "https://example.org/~ada",
        "bibtex": "@inproceedings{k, title = {A paper}, author = {Lovelace, Ada and Turing, Alan}}",
    }
    nameless.write_text(json.dumps([cited]), encoding="utf-8")
    (record,) = read_file(nameless).records
    assert record.authors == ("Ada Lovelace", "Alan Turing")


def test_the_year_in_the_file_name_is_the_last_resort(tmp_path: Path) -> None:
    path = tmp_path / "iclr2021.json"
    path.write_text(json.dumps([{"title": "A paper", "status": "Poster", "track": "main"}]))
    (record,) = read_file(path).records
    assert record.year == 2021
    path.write_text(json.dumps([{"title": "A paper", "status": "Poster", "year": 2020}]))
    (record,) = read_file(path).records
    assert record.year == 2020


# --------------------------------------------------------------------------- arXiv


@pytest.mark.parametrize(
    ("journal", "posted", "year"),
    [
        ("ApJS 182, 310 (2009)", 2007, 2009),  # cited as "ApJS 182, 310 (2009), 2007"
        ("Phys.Rev.D76:013009,2007", 2007, 2007),
        ("Eur. Phys. J. - B, 22, 129-135 (2001)", 2007, 2001),  # posted after it appeared
        ("J. of Pure and Applied Algebra, 213(2) (Feb. 2009) 264-278", 2007, 2009),
        ("Annals of Applied Probability 2008, Vol. 18, No. 3, 1026-1058", 2007, 2008),
        ("JHEP 0705:034,2007", 2007, 2007),  # 0705 is a volume, not a year
        ("Lecture Notes 4645, pp. 240-251", 2007, 2007),  # no year: the posting's
        (None, 2007, 2007),
    ],
)
def test_an_arxiv_record_takes_the_year_of_its_journal_reference(
    tmp_path: Path, journal: str | None, posted: int, year: int
) -> None:
    item = {
        "id": "0704.0001",
        "title": "A paper",
        "abstract": "An abstract long enough to read as one.",
        "authors_parsed": [["Doe", "Jane", ""]],
        "versions": [{"version": "v1", "created": f"Mon, 2 Apr {posted} 19:18:42 GMT"}],
        "journal-ref": journal,
    }
    path = tmp_path / "arxiv.jsonl"
    path.write_text(json.dumps(item) + "\n", encoding="utf-8")
    (record,) = read_file(path).records
    assert record.year == year


@pytest.mark.parametrize(
    ("given", "arxiv_id"),
    [
        ("0704.0002v3", "0704.0002"),
        ("arXiv:0704.0002", "0704.0002"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("javascript:alert(1)", None),
        ("0704.0002`id`", None),
        ("../../../etc/passwd", None),
    ],
)
def test_an_arxiv_record_links_to_arxiv_only_for_an_arxiv_id(tmp_path, given, arxiv_id) -> None:
    # any id was made a link: https://arxiv.org/abs/javascript:alert(1), offered to open
    item = {
        "id": given,
        "title": "A paper",
        "abstract": "Words.",
        "authors": "A. Person",
        "categories": "cs.LG",
        "versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}],
    }
    path = tmp_path / "arxiv.jsonl"
    path.write_text(json.dumps(item) + "\n", encoding="utf-8")
    (record,) = read_file(path).records
    assert record.arxiv_id == arxiv_id
    if arxiv_id is None:
        assert record.url is None and record.pdf is None
    else:
        assert record.url == f"https://arxiv.org/abs/{arxiv_id}"


def test_arxiv_metadata_gives_id_links_year_categories_and_no_invented_authors() -> None:
    lines = (FIXTURES / "arxiv_kaggle_slice.jsonl").read_text(encoding="utf-8").splitlines()
    sources = {item["id"]: item for item in map(json.loads, lines)}
    records = {
        record.arxiv_id: record
        for record in read_file(FIXTURES / "arxiv_kaggle_slice.jsonl").records
    }
    assert set(records) == set(sources)
    four = 0
    for arxiv_id, record in records.items():
        parsed = sources[arxiv_id]["authors_parsed"]
        four += sum(1 for author in parsed if len(author) == 4)
        assert len(record.authors) == len(parsed)  # zero invented authors
        assert not any(
            author[3] in " ".join(record.authors) for author in parsed if len(author) == 4
        )
    assert four >= 3
    first = records["0704.0001"]
    assert first.title == (
        "Calculation of prompt diphoton production cross sections at Tevatron and LHC energies"
    )
    assert first.authors[0] == "C. Balázs"
    # the hyphenated initials as the authors wrote them ("C.-P. Yuan"), where the
    # authors_parsed column has "C. -P."
    assert first.authors[-1] == "C.-P. Yuan"
    assert (first.year, first.categories, first.arxiv_class) == (2007, ("hep-ph",), "hep-ph")
    # the journal reference is a citation string, kept whole; the journal it names is
    # the paper's venue, its volume and article number the paper's
    assert first.journal_ref == "Phys.Rev.D76:013009,2007"
    assert first.journal == first.venue == "Phys. Rev. D"
    assert (first.volume, first.pages) == ("76", "013009")
    assert first.doi == "10.1103/PhysRevD.76.013009"
    assert first.url == "https://arxiv.org/abs/0704.0001"
    assert first.pdf == "https://arxiv.org/pdf/0704.0001"
    assert records["0704.0025"].authors == ("A. S. Mishchenko", "N. Nagaosa")
    assert records["0704.0025"].categories == ("cond-mat.str-el", "cond-mat.stat-mech")
    assert "Neal J. Evans II" in records["0704.0009"].authors


def test_an_arxiv_doi_field_naming_the_erratum_too_keeps_the_papers_doi() -> None:
    # arXiv gives a paper's DOI and its erratum's in one field, space between: the
    # paper had no DOI at all
    records = {
        record.arxiv_id: record
        for record in read_file(FIXTURES / "arxiv_kaggle_dois_collaboration_slice.jsonl").records
    }
    first, second = records["0704.0033"], records["0704.0038"]
    assert (first.doi, first.other_dois) == (
        "10.1364/JOSAA.23.002578",
        ("10.1364/JOSAA.32.002407",),
    )
    assert (second.doi, second.other_dois) == (
        "10.1016/j.jqsrt.2007.01.034",
        ("10.1016/j.jqsrt.2015.11.025",),
    )
    assert ("paper", "https://doi.org/10.1364/JOSAA.23.002578") in {
        (link.kind, link.url) for link in record_links(first)
    }
    assert not any("JOSAA.32" in link.url for link in record_links(first))
    assert records["0704.0020"].other_dois == ()


def test_arxiv_names_are_split_as_authors_parsed_splits_them(capsys) -> None:
    # a collaboration (["The BABAR Collaboration", "", ""]) was cited as a person,
    # "Collaboration, The BABAR"; "M. De Napoli" as "Napoli, M. De"
    from tuireader.cli import main

    path = FIXTURES / "arxiv_kaggle_dois_collaboration_slice.jsonl"
    records = {record.arxiv_id: record for record in read_file(path).records}
    babar = records["0704.0020"]
    # "The BABAR Collaboration, B. Aubert, et al": authors_parsed names the first two
    assert babar.authors == ("The BABAR Collaboration", "B. Aubert", "et al.")
    assert babar.author_names == ("{The BABAR Collaboration}", "Aubert, B.", "others")
    first = by_title(FIXTURES / "arxiv_kaggle_slice.jsonl")
    names = {record.arxiv_id: record.author_names for record in first.values()}
    assert names["0704.0001"] == ("Balázs, C.", "Berger, E. L.", "Nadolsky, P. M.", "Yuan, C.-P.")
    assert "Evans, II, Neal J." in names["0704.0009"]
    # the same one name as CSL's family name alone, or literal, and BibTeX's braces give
    item = {"type": "article-journal", "title": "Form factors", "author": []}
    for author in ({"family": "The BABAR Collaboration"}, {"literal": "The BABAR Collaboration"}):
        csl = jsonfile.parse_json(json.dumps([{**item, "author": [author]}]), path)
        assert csl.records[0].author_names == ("{The BABAR Collaboration}",)
    assert main(["cite", "0704.0020", "--format", "bibtex", str(path)]) == 0
    assert (
        "author = {{The BABAR Collaboration} and Aubert, B. and others}" in capsys.readouterr().out
    )


SEVERAL_DOIS = "10.1364/JOSAA.23.002578 10.1364/JOSAA.32.002407"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("list.bib", f"@article{{k, title = {{Wombats}}, doi = {{{SEVERAL_DOIS}}}}}\n"),
        (
            "csl.json",
            json.dumps([{"type": "article-journal", "title": "Wombats", "DOI": SEVERAL_DOIS}]),
        ),
        (
            "list.jsonl",
            json.dumps({"title": "Wombats", "abstract": "Wombats.", "doi": SEVERAL_DOIS}),
        ),
        ("list.csv", f"title,abstract,doi\nWombats,Wombats.,{SEVERAL_DOIS}\n"),
        (
            "list.jsonl",
            json.dumps(
                {
                    "title": "Wombats",
                    "abstract": "Wombats.",
                    "doi": "doi:10.1364/JOSAA.23.002578, https://doi.org/10.1364/JOSAA.32.002407",
                }
            ),
        ),
    ],
)
def test_every_format_keeps_the_first_of_several_dois_as_the_papers(tmp_path, name, text) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (record,) = read_file(path).records
    assert record.doi is not None and record.doi.lower() == "10.1364/josaa.23.002578"
    assert [doi.lower() for doi in record.other_dois] == ["10.1364/josaa.32.002407"]


@pytest.mark.parametrize(
    "doi", ["10.1000/x touch PWNED", "10.1000/x 10.1000/", "10.1/a and 10.2/b"]
)
def test_a_doi_field_with_words_beside_its_dois_gives_none(tmp_path, doi) -> None:
    path = tmp_path / "list.jsonl"
    path.write_text(
        json.dumps({"title": "Wombats", "abstract": "W.", "doi": doi}), encoding="utf-8"
    )
    (record,) = read_file(path).records
    assert (record.doi, record.other_dois) == (None, ())


# --------------------------------------------------------------------------- BibTeX


def test_pmlr_proceedings_fill_booktitle_year_editor_and_are_not_papers() -> None:
    result = read_file(FIXTURES / "pmlr_collas2022_slice.bib")
    assert result.problems == ()  # the @Proceedings is neither a paper nor "skipped"
    (record,) = result.records
    assert record.title == "How Does the Task Landscape Affect MAML Performance?"
    assert record.booktitle == "Proceedings of The 1st Conference on Lifelong Learning Agents"
    assert (record.venue, record.year) == (record.booktitle, 2022)
    assert record.editor == ("Chandar, Sarath", "Pascanu, Razvan", "Precup, Doina")
    assert record.volume is None  # `volume = {}`
    assert (record.pages, record.source_id, record.entry_type) == (
        "23-59",
        "collins2022",
        "inproceedings",
    )
    assert record.source_entry is not None
    assert record.source_entry.entry_type == "InProceedings"
    assert record.source_entry.get("booktitle") is None  # the entry as written


def test_capitalised_field_names_and_proceedings_volume() -> None:
    result = read_file(FIXTURES / "pmlr_l4dc2020_slice.bib")
    # its "Preface" by the editors is the volume's front matter (test_front_matter)
    assert [problem.message for problem in result.problems] == [
        "skipped 1 entry of the volume's front matter, not a paper (Bayen20 “Preface”)"
    ]
    (paper,) = result.records
    assert paper.title == "Actively Learning Gaussian Process Dynamics"
    assert paper.authors == ("Mona Buisson-Fenet", "Friedrich Solowjow", "Sebastian Trimpe")
    assert (paper.year, paper.volume, paper.pages) == (2020, "120", "5--15")
    assert paper.venue == "Proceedings of the 2nd Conference on Learning for Dynamics and Control"
    assert paper.source_entry is not None
    assert paper.source_entry.get("Title") == "Actively Learning Gaussian Process Dynamics"


#: a personal library (as Zotero or JabRef keeps one): one volume among papers from elsewhere
LIBRARY_WITH_A_VOLUME = (
    "@proceedings{things2019, title = {Proceedings of the Workshop on Things},"
    " year = {2019}, publisher = {ACM}}\n"
    "@article{a1, title = {An Article on Graphs}, author = {Black, B.}, year = {2020}}\n"
    "@book{b1, title = {A Book About Graphs}, author = {Green, G.}, year = {2001},"
    " publisher = {Springer}}\n"
    "@misc{m1, title = {A Preprint on Graphs}, author = {White, W.}, year = {2022}}\n"
)


def test_a_librarys_one_proceedings_lends_nothing_to_its_articles_books_and_misc(
    tmp_path: Path,
) -> None:
    # every entry without a booktitle or journal took the volume for its own: the book
    # and the preprint were cited "In Proceedings of the Workshop on Things", the
    # article with it as its journal, and the preprint and the article as ACM's
    path = tmp_path / "library.bib"
    path.write_text(LIBRARY_WITH_A_VOLUME, encoding="utf-8")
    result = read_file(path)
    assert result.problems == ()
    records = {record.source_id: record for record in result.records}
    for key in ("a1", "b1", "m1"):
        record = records[key]
        assert (record.booktitle, record.journal, record.venue, record.editor) == (
            None,
            None,
            None,
            (),
        )
    assert (records["a1"].publisher, records["a1"].year) == (None, 2020)
    assert (records["m1"].publisher, records["m1"].year) == (None, 2022)
    assert (records["b1"].publisher, records["b1"].year) == ("Springer", 2001)
    # lending to none, the volume is an item of the library as a book is
    volume = records["things2019"]
    assert (volume.title, volume.entry_type, volume.year, volume.publisher) == (
        "Proceedings of the Workshop on Things",
        "proceedings",
        2019,
        "ACM",
    )


def test_a_files_one_proceedings_fills_only_its_inproceedings_without_a_booktitle(
    tmp_path: Path,
) -> None:
    path = tmp_path / "volume.bib"
    path.write_text(
        "@Proceedings{V, booktitle = {Proceedings of X}, year = {2021}, volume = {9},\n"
        "  editor = {Doe, Jane}, publisher = {PMLR}}\n"
        "@InProceedings{p1, title = {Paper one}, author = {Lee, Ann}, pages = {1-9}}\n"
        "@conference{p2, title = {Paper two}}\n"
        "@inproceedings{p3, title = {Paper three}, booktitle = {Proceedings of Y}}\n"
        "@incollection{c1, title = {A Chapter}}\n"
        "@techreport{r1, title = {A Report}}\n"
        "@unpublished{u1, title = {A Draft}}\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.problems == ()  # the @Proceedings lent its fields: it is not a paper
    records = {record.source_id: record for record in result.records}
    assert list(records) == ["p1", "p2", "p3", "c1", "r1", "u1"]
    for key in ("p1", "p2"):
        record = records[key]
        assert (record.booktitle, record.venue, record.year, record.volume) == (
            "Proceedings of X",
            "Proceedings of X",
            2021,
            "9",
        )
        assert (record.editor, record.publisher) == (("Doe, Jane",), "PMLR")
    assert (records["p1"].pages, records["p1"].authors) == ("1-9", ("Ann Lee",))
    three = records["p3"]
    assert (three.booktitle, three.year, three.volume, three.editor, three.publisher) == (
        "Proceedings of Y",
        None,
        None,
        (),
        None,
    )
    for key in ("c1", "r1", "u1"):
        record = records[key]
        assert (record.booktitle, record.year, record.volume, record.publisher) == (
            None,
            None,
            None,
            None,
        )


def test_a_proceedings_that_papers_name_by_crossref_fills_no_other_paper(
    tmp_path: Path,
) -> None:
    # BibTeX's own link says which papers are in the volume; a paper of the library that
    # does not name it (its booktitle left out) took the volume, year aside, as its own
    path = tmp_path / "library.bib"
    path.write_text(
        "@proceedings{things2019, title = {Proceedings of the Workshop on Things},"
        " year = {2019}, publisher = {ACM}, editor = {Doe, Jane}}\n"
        "@inproceedings{in1, title = {A Talk at the Workshop}, crossref = {things2019}}\n"
        "@inproceedings{out1, title = {A Talk Elsewhere}, author = {Grey, G.}, year = {2018}}\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.problems == ()
    records = {record.source_id: record for record in result.records}
    assert list(records) == ["in1", "out1"]  # the volume lent its fields: not a paper
    inside = records["in1"]
    assert (inside.booktitle, inside.year, inside.publisher, inside.editor) == (
        "Proceedings of the Workshop on Things",
        2019,
        "ACM",
        ("Doe, Jane",),
    )
    outside = records["out1"]
    assert (outside.booktitle, outside.venue, outside.year) == (None, None, 2018)
    assert (outside.publisher, outside.editor) == (None, ())


def test_crossref_and_string_macros(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(
        "@string{pub = {PMLR}}\n"
        "@inproceedings{a, TITLE = {Paper A}, crossref = {proc}, pages = {1--2}}\n"
        "@article{b, title = {Paper B}, journal = {J}, year = 1999}\n"
        "@proceedings{proc, title = {Proceedings of X}, year = {2021}, volume = {7},\n"
        "  editor = {Doe, Jane}, publisher = pub}\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.problems == ()
    a, b = result.records
    assert (a.booktitle, a.year, a.volume, a.publisher, a.editor) == (
        "Proceedings of X",
        2021,
        "7",
        "PMLR",
        ("Doe, Jane",),
    )
    assert (b.journal, b.venue, b.year, b.booktitle) == ("J", "J", 1999, None)


def test_papers_that_name_each_other_as_crossref_are_both_papers(tmp_path: Path) -> None:
    # both were taken for proceedings and dropped without a word
    path = tmp_path / "cycle.bib"
    path.write_text(
        "@inproceedings{one, title = {Paper one}, crossref = {two}, abstract = {First.}}\n"
        "@inproceedings{two, title = {Paper two}, crossref = {one}, abstract = {Second.}}\n"
        "@article{three, title = {Paper three}, crossref = {three}, journal = {J}}\n"
        "@inproceedings{four, title = {Paper four}, crossref = {proc}}\n"
        "@proceedings{proc, title = {Proceedings of X}, year = {2021}}\n",
        encoding="utf-8",
    )
    result = read_file(path)
    titles = [record.title for record in result.records]
    assert titles == ["Paper one", "Paper two", "Paper three", "Paper four"]
    assert result.records[3].booktitle == "Proceedings of X"  # a container is still none


def test_crossref_to_an_article_gives_its_journal_not_its_title_as_booktitle() -> None:
    # an entry naming an @article took the article's title for its booktitle (and so for
    # its venue); only a book or proceedings lends its title as a booktitle
    records = by_title(Path(__file__).parent / "fixtures" / "readers" / "crossref_parents.bib")
    assert len(records) == 4  # the articles are papers, the containers are not
    reply = records["Weighted Model Counting Revisited: A Reply"]
    assert (reply.booktitle, reply.journal, reply.venue) == (
        None,
        "Artificial Intelligence",
        "Artificial Intelligence",
    )
    assert (reply.year, reply.volume, reply.number, reply.pages) == (2008, "172", "6", "800--802")
    assert reply.doi is None  # its own, never the parent's
    addmc = records["ADDMC: Weighted Model Counting with Algebraic Decision Diagrams"]
    title = "Proceedings of the AAAI Conference on Artificial Intelligence"
    assert (addmc.booktitle, addmc.journal, addmc.venue) == (title, None, title)
    assert (addmc.year, addmc.volume, addmc.publisher) == (2020, "34", "AAAI Press")
    editorial = records["Editorial: Model Counting"]
    jair = "Journal of Artificial Intelligence Research"
    assert (editorial.booktitle, editorial.journal, editorial.venue) == (None, jair, jair)
    assert (editorial.year, editorial.volume) == (2021, "70")


def test_biblatex_date_journaltitle_and_eprint() -> None:
    records = by_title(FIXTURES / "zotero_biblatex_slice.bib")
    amp = records["AMP: adversarial motion priors for stylized physics-based character control"]
    assert (amp.journal, amp.venue, amp.year) == ("ACM Trans. Graph.", "ACM Trans. Graph.", 2021)
    assert (amp.volume, amp.number, amp.pages) == ("40", "4", "144:1--144:20")
    ppo = records["Proximal Policy Optimization Algorithms"]
    assert (ppo.arxiv_id, ppo.arxiv_class, ppo.year) == ("1707.06347", "cs.LG", 2017)
    assert ppo.keywords == ("Computer Science - Machine Learning",)
    amp_priors = records[
        "Adversarial Motion Priors Make Good Substitutes for Complex Reward Functions"
    ]
    assert amp_priors.arxiv_id == "2203.15103"
    wgan = records["Improved Training of Wasserstein GANs"]
    assert (wgan.entry_type, wgan.arxiv_id) == ("online", "1704.00028")
    assert wgan.source_entry is not None and wgan.source_entry.dialect == "biblatex"


def test_zotero_escapes_in_abstracts_read_as_the_source_means_them() -> None:
    # Better BibTeX writes "{", "}", "^", "\\" and "|" of an abstract as "\\{", "\\}",
    # "{\\textasciicircum}", "{\\textbackslash}" and "{\\textbar}".
    records = by_title(FIXTURES / "zotero_betterbibtex_escapes_slice.bib")
    shown = {title: plain(record.abstract) for title, record in records.items()}
    sparse = shown["Sparse Hashing for Scalable Approximate Model Counting: Theory and Practice"]
    assert "hash functions from {0, 1}^n to {0, 1}^m. We" in sparse
    sampling = shown["Distribution-Aware Sampling and Weighted Model Counting for SAT"]
    assert "most-probable-explanation (MPE) queries" in sampling
    assert "a novel parameter,tilt, which" in sampling
    assert "only an NP-oracle (in practice, a SAT-solver)" in sampling
    assert (
        "average running time of CDP is shown to be O(nm^d)"
        in shown["The Good Old Davis-Putnam Procedure Helps Counting Models"]
    )
    assert "PDF | this paper) show" in shown["An Efficient Algorithm for Unit Propagation"]
    assert not [text for text in shown.values() if "textbackslash" in text or "circum" in text]


HOWPUBLISHED = "zotero_betterbibtex_howpublished_slice.bib"


def test_a_web_address_in_howpublished_is_the_papers_page() -> None:
    # Better BibTeX's web pages have their only address in howpublished, escaped: "has no link"
    records = {record.source_id: record for record in read_file(FIXTURES / HOWPUBLISHED).records}
    pages = {key: [link.url for link in record_links(r)] for key, r in records.items()}
    proxy = "https://www-sciencedirect-com.tudelft.idm.oclc.org"
    assert pages == {
        "EfficientAlgorithmUnit": [
            "https://www.researchgate.net/publication/"
            + "2508830_An_Efficient_Algorithm_for_Unit_Propagation"
        ],
        "UnitPropagationOverview": [f"{proxy}/topics/computer-science/unit-propagation"],
        "NewWidthParameters": [f"{proxy}/science/article/pii/S0004370221000114?via%3Dihub"],
    }
    assert all(link.origin == "url" for r in records.values() for link in record_links(r))


@pytest.mark.parametrize(
    ("fields", "url"),
    [
        (r"howpublished = {\url{https://x.org/a\_b\~{}c}}", "https://x.org/a_b~c"),
        (
            r"howpublished = {Available at \url{https://x.org/{\textasciitilde}me}}",
            "https://x.org/~me",
        ),
        (r"howpublished = {https://arxiv.org/abs/2401.01234}", "https://arxiv.org/abs/2401.01234"),
        (r"howpublished = {Online}", None),
        (r"howpublished = {arXiv preprint arXiv:2401.01234}", None),
        (r"url = {https://x.org/own}, howpublished = {https://x.org/other}", "https://x.org/own"),
    ],
)
def test_howpublished_gives_a_url_only_when_it_is_one(tmp_path, fields, url) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(f"@misc{{k, title = {{Wombats}}, {fields}}}\n", encoding="utf-8")
    (record,) = read_file(path).records
    assert record.url == url
    if url and "arxiv" in url:
        assert record.arxiv_id == "2401.01234"


def test_a_howpublished_address_is_held_to_the_rules_of_any_link(tmp_path) -> None:
    from tuireader.ingest.links import record_unsafe_links

    path = tmp_path / "refs.bib"
    path.write_text(
        "@misc{k, title = {Wombats}, howpublished = {https://x.org/\\$(touch PWNED)}}\n"
        "@misc{j, title = {Koalas}, howpublished = {javascript:alert(1)}}\n",
        encoding="utf-8",
    )
    shell, script = read_file(path).records
    assert record_links(shell) == () and record_unsafe_links(shell) == (
        "https://x.org/$(touch PWNED)",
    )
    assert (script.url, record_links(script)) == (None, ())


def test_biblatex_collection_with_only_an_editor_carries_the_editor(tmp_path: Path) -> None:
    # erleben_physics-based_2005 of hugotallys/masters' Zotero BibLaTeX export, unedited,
    # under the export's name (a BibTeX key names a paper within its list)
    path = tmp_path / "zotero_biblatex_export.bib"
    path.write_bytes((FIXTURES / "zotero_biblatex_collection_slice.bib").read_bytes())
    (record,) = read_file(path).records
    assert (record.authors, record.editor) == ((), ("Erleben, Kenny",))
    assert (record.entry_type, record.year, record.publisher) == (
        "collection",
        2005,
        "Charles River Media",
    )
    (paper,) = load_library([path]).papers
    assert (paper.id, paper.authors, paper.editor) == ("kirbd4bf", (), ("Erleben, Kenny",))
    # shown by its editor, not as "authors unknown": the viewer, show and export
    from tuireader.render.textrender import display_editors
    from tuireader.triage.export import render_export
    from tuireader.triage.store import Triage
    from tuireader.ui.text import Palette, paper_header

    assert display_editors(paper.editor) == "Kenny Erleben (ed.)"
    assert display_editors(("Lee, Ann", "Bo Chen")) == "Ann Lee, Bo Chen (eds.)"
    assert "\nKenny Erleben (ed.)\n" in paper_header(paper, Palette()).plain
    assert "Kenny Erleben (ed.)" in render_export([paper], {paper.id: Triage(paper.id)}, "markdown")


def test_csv_and_json_editors_are_read_as_the_source_writes_them(tmp_path: Path) -> None:
    # Zotero's CSV export has an Editor column, names "Family, Given" joined with "; "
    sheet = tmp_path / "zotero.csv"
    sheet.write_text(
        '"Item Type","Title","Author","Editor","Publication Year"\n'
        '"book","Physics-based animation","","Erleben, Kenny; Sporring, Jon","2005"\n',
        encoding="utf-8",
    )
    (row,) = read_file(sheet).records
    assert (row.authors, row.editor) == ((), ("Erleben, Kenny", "Sporring, Jon"))
    items = [
        {"title": "Edited volume one", "editor": "Erleben, Kenny and Sporring, Jon"},
        {"title": "Edited volume two", "editors": ["Erleben, Kenny", "Jon Sporring"]},
        {"title": "Edited volume three", "editors": [{"family": "Erleben", "given": "Kenny"}]},
    ]
    listing = tmp_path / "edited.json"
    listing.write_text(json.dumps(items), encoding="utf-8")
    one, two, three = read_file(listing).records
    assert one.editor == ("Erleben, Kenny", "Sporring, Jon")
    assert two.editor == ("Erleben, Kenny", "Jon Sporring")
    assert three.editor == ("Erleben, Kenny",)


# --------------------------------------------------------------------------- CSL-JSON


def test_csl_json_fields_and_arxiv_containers() -> None:
    records = by_title(FIXTURES / "zotero_csl_slice.json")
    arxiv = records[
        "Inference for multiple heterogeneous networks with a common invariant subspace"
    ]
    assert (arxiv.arxiv_id, arxiv.categories, arxiv.venue) == (
        "1906.10026",
        ("cs", "math", "stat"),
        None,
    )
    assert arxiv.year == 2019 and arxiv.authors[0] == "Jesús Arroyo"
    journal = records["Efficiency and Cost of Economical Brain Functional Networks"]
    assert (journal.journal, journal.venue, journal.year) == (
        "PLOS Computational Biology",
        "PLOS Computational Biology",
        2007,
    )
    assert (journal.volume, journal.number, journal.pages) == ("3", "2", "e17")
    assert journal.doi == "10.1371/journal.pcbi.0030017"
    assert (journal.source_id, journal.entry_type) == (
        "achardEfficiencyCostEconomical2007",
        "article",
    )
    assert records["Review: Minolta Auto Rokkor-PF 55 mm f/2"].authors == ("JuriaanM",)
    conference = records["Local White Matter Architecture Defines Functional Brain Dynamics"]
    assert conference.booktitle and conference.booktitle.startswith("2018 IEEE")
    assert conference.entry_type == "inproceedings"


def test_csl_edition_and_a_reports_number_reach_the_paper(tmp_path: Path, capsys) -> None:
    # axlerLinearAlgebraDone2015 ("edition": "3") and the others of j1c/vault's Zotero
    # Better CSL JSON, unedited: the edition was not read at all
    from tuireader.cli import main

    path = FIXTURES / "zotero_csl_edition_report_slice.json"
    records = {record.source_id: record for record in read_file(path).records}
    assert records["axlerLinearAlgebraDone2015"].edition == "3"
    assert records["abbottUnderstandingAnalysis2015"].edition == "2"
    report = records["hagbergExploringNetworkStructure2008"]
    assert (report.entry_type, report.edition) == ("techreport", None)
    assert report.number == "LA-UR-08-05495; LA-UR-08-5495"
    papers = {paper.source_id: paper for paper in load_library([path])}
    assert papers["axlerLinearAlgebraDone2015"].edition == "3"
    assert papers["hagbergExploringNetworkStructure2008"].number == (
        "LA-UR-08-05495; LA-UR-08-5495"
    )
    paper = papers["axlerLinearAlgebraDone2015"]
    assert main(["show", paper.id, "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Linear Algebra Done Right"
    assert main(["show", paper.id, str(path)]) == 0
    assert "Linear Algebra Done Right" in capsys.readouterr().out


def test_bibtex_edition_reaches_the_paper(tmp_path: Path) -> None:
    path = tmp_path / "zotero_biblatex_export.bib"
    path.write_bytes((FIXTURES / "zotero_biblatex_collection_slice.bib").read_bytes())
    (record,) = read_file(path).records
    assert record.edition == "1. ed"
    (paper,) = load_library([path]).papers
    assert paper.edition == "1. ed"
    path.write_text(
        "@book{b, title = {Handbook of Satisfiability}, edition = {Second edition},"
        " year = {2021}}\n"
        "@incollection{c, title = {A Chapter}, crossref = {b}}\n",
        encoding="utf-8",
    )
    # a chapter has the edition of the book its crossref names (the book is no paper)
    (chapter,) = read_file(path).records
    assert (chapter.title, chapter.edition) == ("A Chapter", "Second edition")


# --------------------------------------------------------------------------- OpenReview


def test_openreview_v1_crawl_reads_submissions_not_replies() -> None:
    result = read_file(FIXTURES / "openreview_v1_slice.json")
    assert result.problems == ()
    (record,) = result.records  # the decision, reviews, comments and revision are not papers
    assert record.title == "Targeted Dropout"
    assert record.openreview_id == "HkghWScuoQ"
    assert record.authors[-1] == "Geoffrey E. Hinton"
    assert (record.year, record.status) == (2018, "Accept")
    assert record.venue == "NIPS 2018 Workshop CDNNRIA"
    assert record.pdf and record.pdf.startswith("https://openreview.net/pdf/")


def test_openreview_v2_value_fields_and_replies(tmp_path: Path) -> None:
    notes = [
        {
            "id": "abc",
            "forum": "abc",
            "invitations": ["ICLR.cc/2024/Conference/-/Submission"],
            "content": {
                "title": {"value": "A v2 paper"},
                "abstract": {"value": "We study things."},
                "authors": {"value": ["Ann Lee", "Bo Chen"]},
                "keywords": {"value": ["graphs", "theory"]},
                "venue": {"value": "ICLR 2024 poster"},
                "primary_area": {"value": "learning theory"},
                "TL;DR": {"value": "Things,\n studied."},
            },
            "cdate": 1695000000000,
        },
        {
            "id": "rev1",
            "forum": "abc",
            "replyto": "abc",
            "invitations": ["ICLR.cc/2024/Conference/Submission1/-/Official_Review"],
            "content": {"title": {"value": "A fine review"}, "review": {"value": "Good."}},
        },
    ]
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"notes": notes}), encoding="utf-8")
    (record,) = read_file(path).records
    assert (record.title, record.authors) == ("A v2 paper", ("Ann Lee", "Bo Chen"))
    assert (record.venue, record.year, record.primary_area) == (
        "ICLR 2024 poster",
        2023,
        "learning theory",
    )
    assert record.keywords == ("graphs", "theory")
    assert record.tldr == "Things, studied."
    only_reviews = tmp_path / "reviews.json"
    only_reviews.write_text(json.dumps([notes[1]]), encoding="utf-8")
    result = read_file(only_reviews)
    assert not result.records
    assert "reviews, comments or decisions" in result.problems[-1].message


# --------------------------------------------------------------------------- CSV


def test_csv_list_with_header_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(
        "TITLE,Authors,Year,Venue,URL,DOI,Keywords,GitHub,TL;DR\n"
        'One paper,"Ann Lee; Bo Chen",2022,ICML,https://example.org/1,10.1/X,"a; b",'
        "https://github.com/o/r,In short.\n"
        'Two paper,"Doe, Jane and Roe, Richard",2021,NeurIPS,,,,,\n'
        ",,,,,,,,\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.format == "csv"
    one, two = result.records
    assert (one.title, one.authors, one.year, one.venue) == (
        "One paper",
        ("Ann Lee", "Bo Chen"),
        2022,
        "ICML",
    )
    assert one.keywords == ("a", "b") and code_links(one) == ["https://github.com/o/r"]
    assert two.authors == ("Jane Doe", "Richard Roe")
    assert (one.tldr, two.tldr) == ("In short.", None)
    assert supported(path)


def test_csv_cells_longer_than_the_csv_modules_limit_are_read(tmp_path: Path) -> None:
    # an abstract pasted with the paper's whole text: the csv module stops at 128 KiB a
    # cell, and every row after it was lost
    long = "word " * 60_000
    path = tmp_path / "papers.csv"
    path.write_text(f'title,abstract\nLong paper,"{long}"\nNext paper,Short.\n', encoding="utf-8")
    result = read_file(path)
    assert [r.title for r in result.records] == ["Long paper", "Next paper"]
    assert len(result.records[0].abstract) == len(long.strip())
    assert not result.problems


def test_csv_doubled_quotes_inside_a_quoted_cell_are_one_quote(tmp_path: Path) -> None:
    # a header without quotes must not make the reader forget that "" is a quote
    path = tmp_path / "papers.csv"
    path.write_text(
        "title,authors,abstract,year\n"
        '"Deep ""quoted"" nets, revisited","Ann Lee; Bob Roe","An abstract, with commas.",2020\n'
        '"=HYPERLINK(""http://evil"",""x"")","Cy Doe","Another abstract.",2021\n',
        encoding="utf-8",
    )
    deep, formula = read_file(path).records
    assert (deep.title, deep.authors, deep.abstract, deep.year) == (
        'Deep "quoted" nets, revisited',
        ("Ann Lee", "Bob Roe"),
        "An abstract, with commas.",
        2020,
    )
    assert (formula.title, formula.authors, formula.abstract, formula.year) == (
        '=HYPERLINK("http://evil","x")',
        ("Cy Doe",),
        "Another abstract.",
        2021,
    )


def test_csv_delimiter_is_sniffed_and_doubled_quotes_kept_with_semicolons_and_tabs(
    tmp_path: Path,
) -> None:
    files = {
        "semi.csv": ('Title;Abstract;Year\n"A ""b""; c";"Text; with ""quotes"".";2019\n', ";"),
        "tabs.tsv": ('Title\tAbstract\tYear\n"A ""b"", c"\t"Text, with ""quotes""."\t2019\n', ","),
        "tabs.csv": ('Title\tAbstract\tYear\n"A ""b"", c"\t"Text, with ""quotes""."\t2019\n', ","),
    }
    for name, (text, mark) in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        (record,) = read_file(path).records
        assert (record.title, record.abstract, record.year) == (
            f'A "b"{mark} c',
            f'Text{mark} with "quotes".',
            2019,
        ), name


def test_unrecognised_json_and_csv_fields_are_named(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps([{"name_of_it": "x", "blurb": "y"}]), encoding="utf-8")
    message = read_file(path).problems[-1].message
    assert "'name_of_it'" in message and "'blurb'" in message
    assert "title" in message and "abstract" in message
    sheet = tmp_path / "odd.csv"
    sheet.write_text("heading,words\n1,2\n", encoding="utf-8")
    message = read_file(sheet).problems[-1].message
    assert "'heading'" in message and "'title'" in message and "'abstract'" in message


# --------------------------------------------------------------------------- Markdown

AWESOME = """# Awesome Robot Learning [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

A curated list of papers.

## Contents
- [Manipulation](#manipulation)
- [Locomotion](#locomotion)

## Manipulation
- [Act3D: 3D Feature Field Transformers](https://arxiv.org/abs/2306.17817) - Gervet et al., CoRL 2023. [[code](https://github.com/zhouxian/act3d-chained-diffuser)]
- **Diffusion Policy: Visuomotor Policy Learning** [[paper](https://arxiv.org/abs/2303.04137)] [[project](https://diffusion-policy.cs.columbia.edu/)]

## Locomotion
- Robot Parkour Learning. https://robot-parkour.github.io/

| Paper | Year |
|---|---|
"""


def test_markdown_bullets_are_papers_with_titles_and_links(tmp_path: Path) -> None:
    path = tmp_path / "awesome.md"
    path.write_text(AWESOME, encoding="utf-8")
    result = read_file(path)
    assert result.format == "markdown"
    assert [record.title for record in result.records] == [
        "Act3D: 3D Feature Field Transformers",
        "Diffusion Policy: Visuomotor Policy Learning",
        "Robot Parkour Learning",
    ]
    act3d, diffusion, parkour = result.records
    assert act3d.url == "https://arxiv.org/abs/2306.17817" and act3d.year == 2023
    assert code_links(act3d) == ["https://github.com/zhouxian/act3d-chained-diffuser"]
    assert diffusion.project_urls == ("https://diffusion-policy.cs.columbia.edu/",)
    assert parkour.project_urls == ("https://robot-parkour.github.io/",)
    assert not any((record.title or "").startswith(("#", "~", "|")) for record in result.records)


def test_a_markdown_title_keeps_the_characters_it_escapes(tmp_path: Path) -> None:
    # tuireader's own Markdown export writes ℓ\\_∞: read back, the title was ℓ\\∞, and a
    # citation of it gave ℓ\\textbackslash{}∞
    path = tmp_path / "marks.md"
    path.write_text(
        "- [Adam\\_W on ℓ\\_∞ and c\\*d with **bold**](https://example.org/x)\n",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.title == "Adam_W on ℓ_∞ and c*d with bold"


def test_a_markdown_link_address_is_read_as_commonmark_reads_it(tmp_path: Path) -> None:
    # an address with a space or parentheses ran into the title:
    # "Ok paper with [bold] markup]( /tmp/x"
    path = tmp_path / "links.md"
    path.write_text(
        "# Links\n\n"
        "- [Ok paper with [bold] markup](https://example.org/$(touch /tmp/x))\n"
        "- [Foo (bar) on Wikipedia](https://en.wikipedia.org/wiki/Foo_(bar)) - 2021\n"
        '- [A paper with a link title](<https://example.org/titled> "The title")\n'
        "- [Spaced address paper](https://example.org/a b)\n",
        encoding="utf-8",
    )
    records = read_file(path).records
    assert [record.title for record in records] == [
        "Ok paper with [bold] markup",
        "Foo (bar) on Wikipedia",
        "A paper with a link title",
        "Spaced address paper",
    ]
    shell, wiki, titled, spaced = records
    # not a link: its address is the text's, up to the space, as GFM links it (and a
    # shell command is never offered as a link: see test_faults_links)
    assert shell.project_urls == ("https://example.org/$(touch",)
    assert wiki.project_urls == ("https://en.wikipedia.org/wiki/Foo_(bar)",) and wiki.year == 2021
    assert titled.project_urls == ("https://example.org/titled",)
    assert spaced.project_urls == ("https://example.org/a",)


def test_a_markdown_document_without_papers_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text(
        "# Notes\n\n## Setup\n\n- install it\n- run it\n\n## Usage\n\n| a | b |\n|---|---|\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.records == ()
    (problem,) = result.problems
    assert problem.severity == "error" and "not a list of papers" in problem.message


def test_a_folders_readme_is_not_a_list() -> None:
    assert not supported(Path("lists/README.md"))
    assert not supported(Path("lists/SOURCES.md"))
    assert supported(Path("lists/reading-group.md"))


def test_a_doi_with_a_line_break_inside_is_not_cut_down_to_a_plausible_one(tmp_path):
    from tuireader.ingest.library import load_library

    path = tmp_path / "list.jsonl"
    record = {"title": "Wombats", "abstract": "We study wombats.", "doi": "10.1000/x\ntouch PWNED"}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    paper = next(iter(load_library([path])))
    assert paper.doi is None and not paper.links


@pytest.mark.parametrize("doi", ["N/A", "none", "-", "10.1000/", "10.1000", "TBD/2024", "10./x"])
def test_a_doi_field_holding_no_doi_gives_no_doi_link_or_citation_field(tmp_path, doi):
    from tuireader.ingest.library import load_library
    from tuireader.render.citations import format_citation

    path = tmp_path / "list.jsonl"
    record = {"title": "Wombats", "abstract": "We study wombats.", "authors": ["A B"], "doi": doi}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    paper = next(iter(load_library([path])))
    assert paper.doi is None and not paper.links
    assert "doi" not in format_citation(paper, "bibtex").text


@pytest.mark.parametrize(
    ("doi", "kept"),
    [
        ("https://doi.org/10.1145/3600211.3604681", "10.1145/3600211.3604681"),
        ("doi:10.1000.10/ABC(1)", "10.1000.10/ABC(1)"),
        ("10.48550/arXiv.2401.00001", "10.48550/arXiv.2401.00001"),
    ],
)
def test_a_doi_is_kept_as_written_without_its_resolver(tmp_path, doi, kept):
    from tuireader.ingest.library import load_library

    path = tmp_path / "list.jsonl"
    record = {"title": "Wombats", "abstract": "We study wombats.", "doi": doi}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert next(iter(load_library([path]))).doi == kept


def test_bibtex_video_slides_and_software_fields_are_links(tmp_path: Path) -> None:
    # PMLR's CoLLAs 2022 entries carry only a video: it is the paper's one link, a video
    # (not a project page), as slides are slides
    path = tmp_path / "pmlr.bib"
    path.write_text(
        "@InProceedings{li22a, title = {Energy-Based Models}, author = {Li, Shuang},\n"
        "  video = {https://youtu.be/iZ4cz5RQmzE}, slides = {https://x.org/s.pdf},\n"
        "  software = {https://github.com/a/b}, poster = {javascript:alert(1)}}\n",
        encoding="utf-8",
    )
    [record] = read_file(path).records
    links = {(link.kind, link.url) for link in record_links(record)}
    assert links == {
        ("video", "https://youtu.be/iZ4cz5RQmzE"),
        ("slides", "https://x.org/s.pdf"),
        ("code", "https://github.com/a/b"),
    }  # the unsafe poster link is dropped
