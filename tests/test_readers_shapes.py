"""Lists in the shapes researchers get them in: DBLP's BibTeX, Semantic Scholar and Papers
with Code API answers, RIS exports, arXiv listings pasted as text, spreadsheets with their
own column names, OpenReview API v2 notes.

The fixtures in tests/fixtures/shapes/ are small files written in each source's layout.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.links import record_links, record_unsafe_links
from tuireader.ingest.readers import read_file
from tuireader.model import Record

SHAPES = Path(__file__).parent / "fixtures" / "shapes"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


def urls(record: Record) -> list[str]:
    return [link.url for link in record_links(record)]


# --------------------------------------------------------------------------- BibTeX


def test_dblp_escapes_in_link_fields_are_undone_before_the_safety_check() -> None:
    # DBLP writes paper\_files: the link was left out "as unsafe (it holds the character \)"
    records = by_title(SHAPES / "dblp_escapes.bib")
    nips = records["Sparse Mixtures of Experts at Scale"]
    page = "http://papers.nips.cc/paper_files/paper/2023/hash/abc123-Abstract-Conference.html"
    assert nips.url == page
    assert urls(nips) == [page] and record_unsafe_links(nips) == ()
    eccv = records["Escaped Identifiers in Proceedings"]
    assert eccv.doi == "10.1007/978-3-030-58452-8_1"
    assert eccv.url == "https://doi.org/10.1007/978-3-030-58452-8_1"
    assert eccv.pdf == "https://example.org/papers/roe%20lee_2020.pdf"
    assert record_unsafe_links(eccv) == ()
    # the entry is kept as the file writes it, for y to copy
    assert eccv.source_entry is not None
    assert eccv.source_entry.get("doi") == "10.1007/978-3-030-58452-8\\_1"


def test_a_doi_given_twice_in_two_cases_is_one_link_and_the_eprint_an_arxiv_link() -> None:
    # DBLP's url https://doi.org/10.48550/arXiv.… and doi 10.48550/ARXIV.…: one DOI
    records = by_title(SHAPES / "dblp_escapes.bib")
    corr = records["Dense Attention, Revisited"]
    assert urls(corr) == [
        "https://doi.org/10.48550/arXiv.2401.01234",
        "https://arxiv.org/abs/2401.01234",
    ]


# --------------------------------------------------------------------------- JSON


def test_an_arxiv_id_with_its_version_is_the_id_and_gives_the_arxiv_link(tmp_path) -> None:
    path = tmp_path / "papers.json"
    path.write_text(
        '[{"title": "Sparse Attention Revisited", "abstract": "We revisit it.",'
        ' "arxiv_id": "2402.05555v2"},'
        ' {"title": "Prefixed", "abstract": "Another.", "arxiv_id": "arXiv:hep-th/9901001v1"},'
        ' {"title": "No id", "abstract": "A third.", "arxiv_id": "N/A"}]',
        encoding="utf-8",
    )
    sparse, prefixed, none = read_file(path).records
    assert (sparse.arxiv_id, prefixed.arxiv_id, none.arxiv_id) == (
        "2402.05555",
        "hep-th/9901001",
        None,
    )
    assert urls(sparse) == ["https://arxiv.org/abs/2402.05555"]
    assert urls(prefixed) == ["https://arxiv.org/abs/hep-th/9901001"]
    assert urls(none) == []
    # a record that links to its arXiv page already gets no second one
    page = Record(title="T", arxiv_id="2402.05555", url="https://arxiv.org/abs/2402.05555v3")
    assert urls(page) == ["https://arxiv.org/abs/2402.05555v3"]
    pdf = Record(title="T", arxiv_id="2402.05555", pdf="https://arxiv.org/pdf/2402.05555")
    assert urls(pdf) == ["https://arxiv.org/pdf/2402.05555", "https://arxiv.org/abs/2402.05555"]


def test_a_semantic_scholar_answer_is_read_with_its_identifiers_pdf_venue_and_tldr() -> None:
    # {"total", "offset", "data": [...]} was refused: "its records have the fields 'total', …"
    result = read_file(SHAPES / "semantic_scholar_search.json")
    assert result.problems == ()
    sparse, parsing, graphs = result.records
    assert (sparse.title, sparse.authors, sparse.year, sparse.venue) == (
        "Sparse Attention Revisited",
        ("Thomas Müller", "Ada Lovelace"),
        2024,
        "arXiv.org",
    )
    assert (sparse.arxiv_id, sparse.doi) == ("2402.05555", "10.48550/arXiv.2402.05555")
    assert sparse.pdf == "https://arxiv.org/pdf/2402.05555"
    assert sparse.tldr == "A top-k rule makes sparse attention as good as dense attention."
    assert sparse.source_id == "649def34f8be52c8b66281af98ae884c09aef38b"
    # its page is the paper's on arXiv; Semantic Scholar's, a catalogue's, comes last
    assert sparse.url == "https://arxiv.org/abs/2402.05555"
    assert urls(sparse)[-1] == (
        "https://www.semanticscholar.org/paper/649def34f8be52c8b66281af98ae884c09aef38b"
    )
    # the venue of publicationVenue where venue is empty; the ACL id as the anthology's PDF
    assert parsing.venue == "Annual Meeting of the Association for Computational Linguistics"
    assert (parsing.abstract, parsing.tldr, parsing.authors) == ("", None, ("Jo Bloggs", "Sam Roe"))
    assert parsing.pdf == "https://aclanthology.org/2023.acl-long.17.pdf"
    assert (graphs.doi, graphs.pdf, graphs.venue) == (
        "10.1145/3580305.3599999",
        None,
        "Knowledge Discovery and Data Mining",
    )


def test_a_papers_with_code_answer_is_read_from_its_results() -> None:
    result = read_file(SHAPES / "paperswithcode_papers.json")
    assert result.problems == ()
    sparse, routing = result.records
    assert (sparse.title, sparse.authors, sparse.arxiv_id, sparse.year) == (
        "Sparse Attention Revisited",
        ("Thomas Müller", "Ada Lovelace"),
        "2402.05555",
        2024,
    )
    # its arXiv links as arXiv's own records give them, without the version
    assert (sparse.url, sparse.pdf) == (
        "https://arxiv.org/abs/2402.05555",
        "https://arxiv.org/pdf/2402.05555",
    )
    assert urls(sparse) == [
        "https://arxiv.org/abs/2402.05555",
        "https://arxiv.org/pdf/2402.05555",
    ]
    assert (routing.arxiv_id, routing.url, routing.year) == (
        None,
        "https://proceedings.mlr.press/v202/roe23a.html",
        2023,
    )


def test_an_object_around_one_list_of_papers_is_read_whatever_the_lists_name(tmp_path) -> None:
    paper = {"title": "Wrapped", "abstract": "A paper.", "authors": [{"name": "Ann Lee"}]}
    for name in ("hits", "records", "entries", "publications"):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"status": "ok", "count": 1, name: [paper]}), encoding="utf-8")
        result = read_file(path)
        assert [r.title for r in result.records] == ["Wrapped"], name
        assert result.problems == (), name
    # a paper of its own with a list of objects (its authors) is one paper, not a wrapper
    alone = tmp_path / "alone.json"
    alone.write_text(json.dumps(paper), encoding="utf-8")
    (record,) = read_file(alone).records
    assert (record.title, record.authors) == ("Wrapped", ("Ann Lee",))
    # an answer with no papers says so, not that its file is empty or its fields unknown
    empty = tmp_path / "empty.json"
    empty.write_text('{"total": 0, "offset": 0, "data": []}', encoding="utf-8")
    result = read_file(empty)
    assert result.records == ()
    assert [p.message for p in result.problems] == ["holds no paper records: its 'data' is empty"]


def test_a_semantic_scholar_answer_cut_short_keeps_the_papers_before_the_break(tmp_path) -> None:
    text = (SHAPES / "semantic_scholar_search.json").read_text(encoding="utf-8")
    path = tmp_path / "cut.json"
    path.write_text(text[: text.index('"Graphs at Scale"')], encoding="utf-8")
    result = read_file(path)
    assert [r.title for r in result.records] == [
        "Sparse Attention Revisited",
        "Parsing With Fewer Labels",
    ]
    assert "(is the file cut short?)" in result.problems[0].message


def test_show_finds_a_semantic_scholar_paper_by_its_arxiv_id(capsys, tmp_path) -> None:
    from tuireader.cli import main

    listing = str(SHAPES / "semantic_scholar_search.json")
    code = main(["--data-dir", str(tmp_path / "data"), "show", "2402.05555", "--json", listing])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["title"] == "Sparse Attention Revisited"
    assert data["tldr"] == "A top-k rule makes sparse attention as good as dense attention."
    assert "https://arxiv.org/abs/2402.05555" in [link["url"] for link in data["links"]]


# --------------------------------------------------------------------------- OpenReview


def test_openreview_v2_tldr_venue_status_and_decisions_beside_the_submissions() -> None:
    result = read_file(SHAPES / "openreview_v2_notes.json")
    assert result.problems == ()
    oral, poster, graphs = result.records
    # v2 names it TLDR: no tldr was read
    assert oral.tldr == "A top-k rule makes sparse attention as good as dense."
    # the venue says the decision: the status was empty
    assert (oral.venue, oral.status) == ("ICML 2024 Oral", "Oral")
    assert (poster.venue, poster.status) == ("ICML 2024 Poster", "Poster")
    # a decision among the notes, not under the submission's details.replies
    assert (graphs.venue, graphs.status) == (
        "ICLR 2024 Conference Submission",
        "Accept (spotlight)",
    )


def test_openreview_v2_venues_that_say_no_acceptance_give_their_own_status(tmp_path) -> None:
    notes = [
        {
            "id": f"n{number}",
            "forum": f"n{number}",
            "invitations": ["ICLR.cc/2023/Conference/-/Submission"],
            "content": {"title": {"value": f"Paper {number}"}, "venue": {"value": venue}},
        }
        for number, venue in enumerate(
            (
                "ICLR 2023 notable top 5%",
                "ICLR 2023 Conference Withdrawn Submission",
                "Submitted to ICLR 2023",
                "ICLR 2023 spotlight",
            )
        )
    ]
    path = tmp_path / "notes.jsonl"
    path.write_text("\n".join(json.dumps(note) for note in notes) + "\n", encoding="utf-8")
    statuses = [record.status for record in read_file(path).records]
    assert statuses == ["notable top 5%", "Withdraw", None, "Spotlight"]


# --------------------------------------------------------------------------- CSV


def code_urls(record: Record) -> list[str]:
    return [link.url for link in record_links(record) if link.kind == "code"]


def test_csv_columns_named_as_people_name_them_are_read() -> None:
    # Author(s) gave no authors ("authors unknown"), Code Link and Repository no code link
    result = read_file(SHAPES / "reading_group.csv")
    # Notes and Reviewer Score hold no paper's data: named in one line, as not read
    assert [p.message for p in result.problems] == ["columns not read: Notes, Reviewer Score"]
    sparse, routing = result.records
    assert sparse.authors == ("Thomas Müller", "Ada Lovelace")
    assert routing.authors == ("Sam Roe", "Jo Bloggs")
    assert code_urls(sparse) == [
        "https://github.com/tm/sparse",
        "https://gitlab.com/tm/sparse-mirror",
    ]
    assert code_urls(routing) == ["https://github.com/roe/routing"]


def test_csv_columns_by_other_names_are_read_and_every_code_column_gives_its_links() -> None:
    result = read_file(SHAPES / "shared_sheet.csv")
    # a second authors column is not said to hold data no column gives (the authors are
    # read), only named among the columns not read
    assert [p.message for p in result.problems] == [
        "columns not read: Lead Author, Code Host Address, Comments"
    ]
    (graphs,) = result.records
    assert (graphs.title, graphs.authors) == ("Graphs at Scale", ("Jo Bloggs", "Sam Roe"))
    assert code_urls(graphs) == [
        "https://github.com/jb/graphs",
        "https://github.com/jb/graphs-extra",
    ]


def test_csv_columns_that_may_hold_data_no_column_gives_are_named(tmp_path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text(
        "Title,Abstract,Lead Author,Code Host Address,Comments\n"
        "Graphs at Scale,We study graphs.,Jo Bloggs,https://codeberg.org/jb/graphs,good\n",
        encoding="utf-8",
    )
    result = read_file(path)
    (graphs,) = result.records
    assert (graphs.authors, graphs.code_urls) == ((), ())
    # said once, with what to name them; Comments holds nothing a paper has, and is
    # only named as not read
    assert [p.message for p in result.problems] == [
        (
            "did not read 2 columns that may hold the papers' data: 'Lead Author' (the "
            "authors are read from a column named 'authors' or 'author(s)'), 'Code Host "
            "Address' (code links are read from a column named 'code', 'github' or "
            "'repository')"
        ),
        "column not read: Comments",
    ]
    assert [p.severity for p in result.problems] == ["warning", "warning"]


# --------------------------------------------------------------------------- RIS


def test_a_ris_export_is_read_record_by_record() -> None:
    # read as a plain-text list, it gave papers titled "~ TI - Sparse Attention … AU - …"
    result = read_file(SHAPES / "zotero_export.ris")
    assert result.format == "ris"
    sparse, graphs, routing = result.records
    assert (sparse.title, sparse.authors, sparse.year) == (
        "Sparse Attention Revisited",
        ("Thomas Müller", "Ada Lovelace"),
        2024,
    )
    assert sparse.author_names == ("Müller, Thomas", "Lovelace, Ada")
    venue = "Proceedings of the 41st International Conference on Machine Learning"
    assert (sparse.venue, sparse.booktitle, sparse.journal) == (venue, venue, None)
    assert (sparse.entry_type, sparse.editor, sparse.publisher) == (
        "inproceedings",
        ("Salakhutdinov, Ruslan",),
        "PMLR",
    )
    assert (sparse.volume, sparse.pages, sparse.keywords) == (
        "235",
        "1-22",
        ("attention", "sparsity"),
    )
    assert sparse.abstract == "We revisit sparse attention for long sequences."
    # a file on the exporter's own disk is no link for anybody: not a link, not "unsafe"
    assert (sparse.url, sparse.pdf) == ("https://proceedings.mlr.press/v235/muller24a.html", None)
    assert record_unsafe_links(sparse) == ()
    assert (graphs.journal, graphs.venue, graphs.entry_type) == (
        "Journal of Machine Learning Research",
        "Journal of Machine Learning Research",
        "article",
    )
    assert (graphs.number, graphs.pages, graphs.doi) == ("3", "100-120", "10.5555/jmlr.2023.00100")
    assert graphs.abstract == "We study graphs at scale, with a second line."
    assert (routing.arxiv_id, routing.entry_type, routing.venue) == ("2402.05555", "misc", None)
    # the record with neither a title nor an abstract is said, by its line
    assert [p.message for p in result.problems] == [
        "skipped 1 record with neither a title nor an abstract (line 46)"
    ]
    assert not [r for r in result.records if "TI  -" in (r.title or "") + r.abstract]


def test_an_endnote_ris_export_named_txt_is_read_as_ris() -> None:
    result = read_file(SHAPES / "endnote_export.txt")
    assert (result.format, result.problems) == ("ris", ())
    (dense,) = result.records
    assert (dense.title, dense.authors, dense.year) == (
        "Dense Attention, Revisited",
        ("Sam Roe", "Jo Bloggs"),
        2023,
    )
    assert (dense.journal, dense.pages, dense.abstract) == (
        "Journal of Machine Learning Research",
        "100-120",
        "Dense attention is revisited.",
    )
    assert dense.pdf == "http://jmlr.org/papers/volume24/roe23a/roe23a.pdf"
    assert (dense.source_id, dense.cite_key) == ("roe2023dense", "roe2023dense")


def test_a_ris_file_cut_short_keeps_its_last_record_and_says_so(tmp_path) -> None:
    path = tmp_path / "cut.ris"
    path.write_text("TY  - JOUR\nTI  - Whole\nER  - \n\nTY  - JOUR\nTI  - Half", encoding="utf-8")
    result = read_file(path)
    assert [r.title for r in result.records] == ["Whole", "Half"]
    assert [p.message for p in result.problems] == [
        "the last record (line 5) has no ER line; read it as it is (is the file cut short?)"
    ]


def test_a_folder_reads_its_ris_files(tmp_path) -> None:
    from tuireader.ingest.sources import expand_sources

    (tmp_path / "library.ris").write_bytes((SHAPES / "zotero_export.ris").read_bytes())
    files, problems = expand_sources([tmp_path])
    assert [path.name for path in files] == ["library.ris"] and problems == []


def test_a_publishers_ris_with_lines_about_the_export_before_it_is_read_as_ris(tmp_path) -> None:
    path = tmp_path / "sciencedirect.txt"
    path.write_text(
        "Provider: Elsevier\nDatabase: SciVerse ScienceDirect Journals\nContent: text/plain; "
        'charset="UTF-8"\n\nTY  - JOUR\nT1  - Graphs at Scale\nAU  - Bloggs, Jo\n'
        "JO  - Artificial Intelligence\nER  - \n\nstray words\nTY  - JOUR\nTI  - Second\nER  - \n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.format == "ris"
    assert [(r.title, r.journal) for r in result.records] == [
        ("Graphs at Scale", "Artificial Intelligence"),
        ("Second", None),
    ]
    assert [p.message for p in result.problems] == [
        "skipped line 11: between records (after an 'ER  - ' and before the next 'TY  - ')"
    ]


# --------------------------------------------------------------------------- arXiv listings


def test_an_arxiv_listing_copied_from_the_web_page_is_read_entry_by_entry() -> None:
    # its header lines were abstracts of untitled papers, with no id and no warning
    result = read_file(SHAPES / "arxiv_listing_web.txt")
    assert (result.format, result.name, result.problems) == ("text", "Machine Learning", ())
    sparse, routing, graphs = result.records
    assert (sparse.title, sparse.authors, sparse.arxiv_id) == (
        "Sparse Attention Revisited",
        ("Thomas Müller", "Ada Lovelace"),
        "2401.01234",
    )
    assert sparse.abstract == (
        "We revisit sparse attention for long sequences. A simple top-$k$ rule matches "
        "dense attention at a fraction of its cost."
    )
    assert (sparse.categories, sparse.arxiv_class, sparse.year) == (
        ("cs.LG", "cs.AI"),
        "cs.LG",
        2024,
    )
    assert (sparse.url, sparse.pdf) == (
        "https://arxiv.org/abs/2401.01234",
        "https://arxiv.org/pdf/2401.01234",
    )
    assert (routing.title, routing.journal_ref) == (
        "Routing Tokens Through Experts",
        "Proceedings of ICML 2024",
    )
    # the page's headings and its footer are no part of an abstract
    assert (graphs.arxiv_id, graphs.abstract) == ("2401.00999", "We study graphs.")
    assert graphs.categories == ("stat.ML", "cs.LG")


def test_an_arxiv_mailing_list_digest_is_read_entry_by_entry() -> None:
    result = read_file(SHAPES / "arxiv_listing_email.txt")
    assert (result.format, result.problems) == ("text", ())
    sparse, routing, older = result.records
    assert (sparse.title, sparse.authors, sparse.arxiv_id, sparse.year) == (
        "Sparse Attention Revisited",
        ("Thomas Müller", "Ada Lovelace"),
        "2401.01234",
        2024,
    )
    assert sparse.abstract.startswith("We revisit sparse attention for long sequences. A simple")
    assert sparse.categories == ("cs.LG", "cs.AI")
    assert (routing.title, routing.authors, routing.doi) == (
        "Routing Tokens Through Experts",
        ("Sam Roe", "Jo Bloggs", "Li Lee"),
        "10.1000/routing.2024",
    )
    # a replacement names the paper without its abstract
    assert (older.title, older.arxiv_id, older.abstract) == ("An Older Paper", "2312.00001", "")


def test_a_list_of_abstracts_that_cites_an_arxiv_entry_is_still_a_list_of_abstracts(tmp_path):
    path = tmp_path / "abstracts.txt"
    path.write_text(
        "My reading list\n\nWe study graphs, as in\n[1] arXiv:2401.01234 [pdf]\n\n"
        "\\\\\narXiv:2401.01235\nand more.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.name == "My reading list" and len(result.records) == 2
    assert result.records[0].abstract.startswith("We study graphs, as in")


# --------------------------------------------------------------------------- messages


def test_an_object_with_no_papers_is_said_once(tmp_path) -> None:
    # "skipped items 1: the record has neither …", then "no paper records could be read"
    path = tmp_path / "answer.json"
    path.write_text('{"meta": {"source": "an API"}, "total": 0}', encoding="utf-8")
    result = read_file(path)
    (problem,) = result.problems
    assert problem.severity == "error"
    assert problem.message.startswith(
        "no paper records could be read: it holds one object, with the fields 'meta' and "
        "'total', and no list of papers; a paper needs a title or an abstract (fields read: "
    )
    untitled = tmp_path / "untitled.json"
    untitled.write_text('[{"title": "", "year": 2024}, {"title": " "}]', encoding="utf-8")
    assert [p.message for p in read_file(untitled).problems] == [
        "no paper records could be read: none of its 2 records has a title or an abstract"
    ]
    one = tmp_path / "one.jsonl"
    one.write_text('{"title": "", "year": 2024}\n', encoding="utf-8")
    assert [p.message for p in read_file(one).problems] == [
        "no paper records could be read: its one record has neither a title nor an abstract"
    ]
    strings = tmp_path / "strings.json"
    strings.write_text('["a", "b"]', encoding="utf-8")
    assert [p.message for p in read_file(strings).problems] == [
        "no paper records could be read: its items are not paper records (JSON objects)"
    ]


def test_one_line_or_item_skipped_is_said_as_one(tmp_path) -> None:
    path = tmp_path / "papers.jsonl"
    lines = [json.dumps({"title": f"Paper {n}"}) for n in range(5)]
    lines += [json.dumps({"year": 2024}), json.dumps({"title": "Last"}), '"a string"']
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [p.message for p in read_file(path).problems] == [
        "skipped line 8: not a paper record (a JSON object)",
        "skipped line 6: the record has neither a title nor an abstract",
    ]
    many = tmp_path / "papers.json"
    many.write_text(json.dumps([{"title": "A"}, {"year": 1}, {"year": 2}]), encoding="utf-8")
    assert [p.message for p in read_file(many).problems] == [
        "skipped items 2, 3: the records have neither a title nor an abstract"
    ]


def test_search_json_on_lists_that_cannot_be_read_prints_the_error_as_json(
    capsys, tmp_path
) -> None:
    from tuireader.cli import main

    broken = tmp_path / "broken.json"
    broken.write_text("not json", encoding="utf-8")
    data_dir = str(tmp_path / "data")
    code = main(["--data-dir", data_dir, "search", "--json", "attention", str(broken)])
    out, err = capsys.readouterr()
    assert code == 2 and "no papers could be loaded" in err
    data = json.loads(out)
    assert (data["query"], data["total"], data["hits"]) == ("attention", 0, [])
    assert data["error"] == "no papers"
    assert data["message"].startswith("no papers could be loaded")
    # show --json and similar --json alike, in the shape they give an id that names nothing
    for command in ("show", "similar"):
        code = main(["--data-dir", data_dir, command, "--json", "abc", str(broken)])
        out, err = capsys.readouterr()
        data = json.loads(out)
        assert code == 2 and (data["id"], data["query"], data["error"]) == (
            None,
            "abc",
            "no papers",
        )
        assert data["candidates"] == [] and data.get("hits") == (
            [] if command == "similar" else None
        )


def test_csv_rows_skipped_are_named_by_their_lines(tmp_path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text("title,year\nOne,2020\n,2021\n,2022\n", encoding="utf-8")
    assert [p.message for p in read_file(path).problems] == [
        "skipped 2 rows with neither a title nor an abstract (lines 3, 4)"
    ]


def test_a_csv_column_of_paper_numbers_is_no_column_of_titles(tmp_path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text("Paper #,Paper,Author(s)\n17,Graphs at Scale,Jo Bloggs\n", encoding="utf-8")
    (graphs,) = read_file(path).records
    assert (graphs.title, graphs.authors) == ("Graphs at Scale", ("Jo Bloggs",))


def test_a_semantic_scholar_venue_that_is_a_journal_makes_an_article(tmp_path: Path) -> None:
    """Its ``publicationVenue`` says "journal" and no ``publicationTypes`` say otherwise:
    the paper was cited as one of a conference's proceedings."""
    from tuireader.ingest.formats.jsonfile import record_from_mapping

    def kind(venue_type: str, types: list[str] | None = None) -> str | None:
        data = {
            "title": "A study of materials",
            "abstract": "We study materials.",
            "venue": "Materials Today",
            "publicationVenue": {"name": "Materials Today", "type": venue_type},
        }
        if types is not None:
            data["publicationTypes"] = types
        record = record_from_mapping(data)
        assert record is not None
        return record.entry_type

    assert kind("journal") == "article"
    assert kind("conference") == "inproceedings"
    assert kind("journal", ["Conference"]) == "inproceedings"  # the paper's own type first
    assert kind("repository") is None
