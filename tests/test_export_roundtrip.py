"""Exports read back as lists: each paper keeps the id it had, so its marks stay put.

A paper's id comes from what identifies it (``tuireader.ingest.identity``): a DOI, arXiv
id, OpenReview id or PMLR key, else its own id in its source scoped by the source (its
venue, else its list's name), else its title and first author. An export writes what it
needs of these, and its readers take it back; tuireader's own ``id`` column is never
taken for anything. The slices are unedited records of real lists (see the README of
tests/fixtures/export_roundtrip/ and tests/fixtures/formats/).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tuireader.ingest.cache import Cache
from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import validate_bibtex
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = {
    "icml": HERE / "export_roundtrip" / "icml2024_slice.jsonl",
    "nips": HERE / "export_roundtrip" / "nips2017_slice.json",
    "corl": HERE / "formats" / "papercopilot_corl2023_slice.json",
    "pmlr": HERE / "formats" / "pmlr_l4dc2020_slice.bib",
    "csl": HERE / "export_roundtrip" / "zotero_csl_slice.json",
    "betterbibtex": HERE / "export_roundtrip" / "zotero_betterbibtex_slice.bib",
    "biblatex": HERE / "formats" / "zotero_biblatex_slice.bib",
    "arxiv": HERE / "formats" / "arxiv_kaggle_slice.jsonl",
}
FORMATS = ("json", "csv", "bibtex")


def kept(papers) -> dict[str, Triage]:
    return {p.id: Triage(p.id, "kept", ("to read",), "Read §3.") for p in papers}


def exported(tmp_path: Path, library, fmt: str, name: str = "export") -> Path:
    papers = list(library.papers)
    target = tmp_path / f"{name}{SUFFIXES[fmt]}"
    target.write_text(render_export(papers, kept(papers), fmt, library=library), encoding="utf-8")
    return target


def ids_and_titles(library) -> dict[str, str]:
    return {paper.id: paper.title for paper in library.papers}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", sorted(LISTS))
def test_each_real_list_read_back_from_its_export_keeps_every_id(tmp_path, name, fmt):
    library = load_library([LISTS[name]])
    assert library.papers and not [p for p in library.problems if p.severity == "error"]
    back = load_library([exported(tmp_path, library, fmt)])
    assert ids_and_titles(back).keys() == ids_and_titles(library).keys(), {
        k: v for k, v in ids_and_titles(library).items() if k not in ids_and_titles(back)
    }


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_lists_read_together_and_read_back_keep_every_id(tmp_path, fmt):
    # a paper of two lists is known by the strongest key either gives: the export says it
    library = load_library(list(LISTS.values()))
    back = load_library([exported(tmp_path, library, fmt)])
    assert set(ids_and_titles(back)) == set(ids_and_titles(library))


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_read_back_through_the_cache_keeps_every_id(tmp_path, fmt):
    # the command line reads lists through the cache: the list each paper's own id is
    # of is kept there too, also when the export is read under another name
    library = load_library([LISTS["csl"], LISTS["betterbibtex"], LISTS["nips"]])
    path = exported(tmp_path, library, fmt)
    first = load_library([path], cache=Cache(tmp_path / "cache"))
    again = load_library([path], cache=Cache(tmp_path / "cache"))
    assert set(ids_and_titles(first)) == set(ids_and_titles(again)) == set(ids_and_titles(library))
    # read after a list of the same name, the export is named anew, and its records,
    # taken from the cache, are identified again
    other = tmp_path / "other"
    other.mkdir()
    (other / path.name).write_text(path.read_text(encoding="utf-8").replace("Read §3.", "§4"))
    renamed = load_library([other / path.name, path], cache=Cache(tmp_path / "cache"))
    assert renamed.lists[1].name != first.lists[0].name
    assert set(renamed.lists[1].paper_ids) == set(ids_and_titles(library))


def test_a_json_export_gives_the_identifiers_under_the_names_its_readers_take(tmp_path):
    library = load_library([LISTS["icml"]])
    (paper,) = [p for p in library.papers if p.title.startswith("Accelerating")]
    data = json.loads(render_export([paper], kept([paper]), "json"))[0]
    assert data["id"] == paper.id == "36wu22xt"
    assert (data["openreview_id"], data["pmlr_key"]) == ("CjVWen8aJL", "tang24f")
    back = load_library([exported(tmp_path, library, "json")])
    (again,) = [p for p in back.papers if p.id == paper.id]
    # the paper as it was: links by kind, no id taken for the source's own
    assert again.links == paper.links and again.source_id is None
    assert (again.abstract, again.status, again.venue) == (paper.abstract, "Poster", "ICML 2024")


def test_a_paper_known_by_its_abstract_alone_keeps_its_id_through_a_json_export(tmp_path):
    source = tmp_path / "abstracts.txt"
    source.write_text(
        "Reading list\n\nWe study how diffusion models plan grasps for robot hands in "
        "clutter, with a new dataset and a benchmark.\n",
        encoding="utf-8",
    )
    library = load_library([source])
    (paper,) = library.papers
    assert paper.title_derived
    back = load_library([exported(tmp_path, library, "json")])
    assert [p.id for p in back.papers] == [paper.id]
    assert back.papers[0].title_derived


def test_an_id_column_is_never_taken_for_the_papers_id(tmp_path):
    # a list whose "id" names another paper's tuireader id, and one made to look like
    # tuireader's own export claiming it too: each paper is known by what it says of
    # itself, and neither takes the id (or the marks) of the paper that has it
    library = load_library([LISTS["icml"]])
    (paper,) = [p for p in library.papers if p.title.startswith("Accelerating")]
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text(
        json.dumps({"id": paper.id, "title": "Another paper", "abstract": "Words."}) + "\n",
        encoding="utf-8",
    )
    own_looking = tmp_path / "looks_like_an_export.json"
    fake = {
        "id": paper.id,
        "title": "Yet another paper",
        "title_text": "Yet another paper",
        "authors_text": [],
        "metadata_source": "list",
        "abstract": "Other words.",
    }
    own_looking.write_text(json.dumps([fake]), encoding="utf-8")
    rows = tmp_path / "looks_like_an_export.csv"
    rows.write_text(
        "id,title,authors,venue,year,state,tags,note,url,code\n"
        f"{paper.id},A third paper,Ann Lee,,2020,kept,,,,\n",
        encoding="utf-8",
    )
    for path in (foreign, own_looking, rows):
        alone = load_library([path])
        together = load_library([LISTS["icml"], path])
        assert paper.id not in {p.id for p in alone.papers}
        assert [p.title for p in together.papers if p.id == paper.id] == [paper.title]


def test_a_csv_export_reads_back_its_cells_as_the_paper_had_them(tmp_path):
    # a cell a spreadsheet would run is written with an apostrophe before it; read back,
    # the apostrophe comes off (an OpenReview id "-3G6_D66Aua", a title "=…"), and the
    # tags are the user's triage, not the paper's keywords
    paper = Paper(
        id="x",
        title="=Cells that look like formulas",
        abstract="",
        authors=("Ann Lee",),
        year=2023,
        venue="CoRL 2023",
        openreview_id="-3G6_D66Aua",
        source_id="'@odd",
    )
    text = render_export([paper], {"x": Triage("x", "kept", ("robots",), "=1+1")}, "csv")
    (row,) = csv.DictReader(io.StringIO(text))
    assert (row["title"], row["openreview_id"], row["source_id"]) == (
        "'=Cells that look like formulas",
        "'-3G6_D66Aua",
        "''@odd",
    )
    path = tmp_path / "export.csv"
    path.write_text(text, encoding="utf-8")
    (again,) = load_library([path]).papers
    assert (again.title, again.openreview_id, again.source_id) == (
        "=Cells that look like formulas",
        "-3G6_D66Aua",
        "'@odd",
    )
    assert again.keywords == ()


def test_a_bibtex_export_read_back_gives_its_papers_without_the_triage_it_carries(tmp_path):
    # the triage lives in the triage file: the state and tags written into keywords, the
    # note into annote, are not the paper's keywords (found by a search for the word
    # long after the tag is gone) and never reach a citation of the paper read back
    from tuireader.render.citations import format_citation

    library = load_library([LISTS["betterbibtex"], LISTS["icml"]])
    triage = {
        p.id: Triage(p.id, "kept", ("secret-tag",), "my private note") for p in library.papers
    }
    path = tmp_path / "export.bib"
    text = render_export(list(library.papers), triage, "bibtex", library=library)
    path.write_text(text, encoding="utf-8")
    assert text.count("secret-tag") == len(library.papers)
    back = load_library([path])
    before = {p.id: p for p in library.papers}
    assert {p.id for p in back.papers} == set(before)
    for paper in back.papers:
        assert paper.keywords == before[paper.id].keywords
        cited = format_citation(paper, "bibtex", library=back).text
        assert "secret-tag" not in cited and "private" not in cited and "tuireader" not in cited
    (book,) = [p for p in back.papers if p.title.startswith("Handbook")]
    assert book.keywords[0] == "Algebra Boolean--Congresses"
    assert book.source_entry is not None
    assert book.source_entry.get("keywords") == before[book.id].source_entry.get("keywords")


def test_a_bibtex_file_that_is_no_tuireader_export_keeps_its_keywords_and_annote(tmp_path):
    path = tmp_path / "zotero.bib"
    path.write_text(
        "@article{lee2020,\n  title = {Grasping Things},\n  author = {Lee, Ann},\n"
        "  year = {2020},\n  keywords = {robots, tuireader:kept},\n  annote = {theirs}\n}\n",
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert paper.keywords == ("robots", "tuireader:kept")
    assert paper.source_entry is not None and paper.source_entry.get("annote") == "theirs"


def carried(text: str) -> dict[str, tuple[str, tuple[str, ...], str]]:
    """The triage each entry of a BibTeX export carries, by its key."""
    from tuireader.ingest.formats.bibtex import parse_bibtex
    from tuireader.ingest.formats.ownbib import own_triage

    records = parse_bibtex(text, Path("export.bib")).records
    return {r.source_entry.key: own_triage(r.source_entry) for r in records if r.source_entry}


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_export_read_back_gives_the_editions_and_the_further_dois(tmp_path, fmt):
    # arXiv gives a paper's DOI and its erratum's in one field, Zotero a book's edition;
    # a journal article's edition is one its citation leaves out
    article = tmp_path / "articles.json"
    article.write_text(
        json.dumps(
            [
                {
                    "id": "leeGrasping2020",
                    "type": "article-journal",
                    "title": "Grasping in Clutter",
                    "author": [{"family": "Lee", "given": "Ann"}],
                    "issued": {"date-parts": [[2020]]},
                    "container-title": "Journal of Robots",
                    "edition": "3",
                    "DOI": "10.1000/robots.1 10.1000/robots.erratum",
                }
            ]
        ),
        encoding="utf-8",
    )
    dois = HERE / "formats" / "arxiv_kaggle_dois_collaboration_slice.jsonl"
    library = load_library([dois, LISTS["csl"], article])

    def details(library) -> dict[str, tuple[str | None, tuple[str, ...]]]:
        return {p.id: (p.edition, p.other_dois) for p in library.papers}

    before = details(library)
    assert ("2", ()) in before.values() and ("3", ("10.1000/robots.erratum",)) in before.values()
    assert ((None, ("10.1364/JOSAA.32.002407",))) in before.values()
    back = load_library([exported(tmp_path, library, fmt)])
    assert details(back) == before
    # what the BibTeX export adds for it is no field of the papers' entries
    assert not [p for p in back.papers if "tuireader" in str(p.source_entry)]


def test_a_csv_of_zotero_gives_the_edition(tmp_path):
    path = tmp_path / "zotero.csv"
    path.write_text(
        '"Key","Item Type","Title","Author","Edition"\n'
        '"ABCD","book","Understanding Analysis","Abbott, Stephen","2"\n',
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert paper.edition == "2"


def test_a_new_paper_with_tags_carries_its_tags_in_bibtex(tmp_path):
    # a new paper with tags says "tuireader:new" before them, so that an export saved
    # again by Zotero (which leaves out tuireader-tags) tells them from the keywords of
    # the user's own entries; read back, the tags are still the triage's, not the
    # paper's keywords, after the entry's own or alone; a new paper without tags or a
    # note says nothing
    library = load_library([LISTS["betterbibtex"], LISTS["icml"]])
    triage = {p.id: Triage(p.id, "new", ("to read", "grasping; robots")) for p in library.papers}
    text = render_export(list(library.papers), triage, "bibtex", library=library)
    assert text.count("tuireader:new, to read, grasping robots}") == len(library.papers)
    bare = {p.id: Triage(p.id, "new") for p in library.papers}
    plain = render_export(list(library.papers), bare, "bibtex", library=library)
    assert "tuireader:" not in plain.partition("\n\n")[2]
    assert text.count("to read, grasping robots}") == 2 * len(library.papers)
    path = tmp_path / "export.bib"
    path.write_text(text, encoding="utf-8")
    back = load_library([path])
    before = {p.id: p for p in library.papers}
    assert {p.id for p in back.papers} == set(before)
    for paper in back.papers:
        assert paper.keywords == before[paper.id].keywords
        entry, was = paper.source_entry, before[paper.id].source_entry
        assert entry is not None and "tuireader" not in str(entry.fields)
        assert entry.get("keywords") == (was.get("keywords") if was else None)
    assert set(carried(text).values()) == {("new", ("to read", "grasping robots"), "")}


def test_an_entrys_own_annote_is_kept_apart_from_the_note_in_bibtex(tmp_path):
    # the export put the user's note after the entry's own annote, and read back left
    # out the whole field: the source's annote was lost; with keywords of its own
    # too, the entry was written broken and skipped
    from tuireader.render.citations import format_citation

    source = tmp_path / "jabref.bib"
    source.write_text(
        "@article{lee2020,\n  title = {Grasping},\n  author = {Lee, Ann},\n  year = {2020},\n"
        "  journal = {J},\n  keywords = {robots, grasp},\n"
        "  annote = {Their summary: 50\\% faster.}\n}\n\n"
        "@article{kim2021,\n  title = {Planning},\n  author = {Kim, Bo},\n  year = {2021},\n"
        "  journal = {J},\n  annote = {Seen at the workshop}\n}\n\n"
        "@article{park2022,\n  title = {Walking},\n  author = {Park, Cy},\n  year = {2022},\n"
        "  journal = {J},\n  annote = {Theirs alone}\n}\n",
        encoding="utf-8",
    )
    library = load_library([source])
    first, second, third = library.papers
    note = "Mine: read §3 {first}\n\nthen the code"
    triage = {
        first.id: Triage(first.id, "new", ("to read",), note),
        second.id: Triage(second.id, "kept", (), "Mine too"),
        third.id: Triage(third.id),
    }
    text = render_export(list(library.papers), triage, "bibtex", library=library)
    assert validate_bibtex(text) == []
    path = tmp_path / "export.bib"
    path.write_text(text, encoding="utf-8")
    back = load_library([path])
    assert not back.problems
    before = {p.id: p for p in library.papers}
    assert {p.id for p in back.papers} == set(before)
    for paper in back.papers:
        entry, was = paper.source_entry, before[paper.id].source_entry
        assert entry is not None and was is not None
        assert entry.fields == was.fields
        assert paper.keywords == before[paper.id].keywords
        cited = format_citation(paper, "bibtex", library=back).text
        assert "Mine" not in cited and "tuireader" not in cited
    assert carried(text) == {
        "lee2020": ("new", ("to read",), note),
        "kim2021": ("kept", (), "Mine too"),
        "park2022": ("new", (), ""),
    }


def test_an_export_whose_state_keyword_names_no_state_is_read(tmp_path):
    # a keyword 'tuireader:' with nothing after it (a hand-edited export): no state
    path = tmp_path / "export.bib"
    path.write_text(
        "@comment{tuireader export: edited by hand}\n\n"
        "@article{lee2020,\n  title = {Grasping},\n  author = {Lee, Ann},\n"
        "  year = {2020},\n  keywords = {robots, tuireader:}\n}\n",
        encoding="utf-8",
    )
    back = load_library([path])
    assert not back.problems
    (paper,) = back.papers
    assert paper.keywords == ("robots",)
    assert carried(path.read_text(encoding="utf-8")) == {"lee2020": ("new", (), "")}


def links_of(library) -> dict[str, set[str]]:
    """Every paper's link addresses, by its id."""
    return {paper.id: {link.url for link in paper.links} for paper in library.papers}


def test_a_json_export_read_back_keeps_every_page_of_a_paper_listed_twice(tmp_path):
    # NeurIPS 2017 lists a paper given as an oral and as a poster twice, each with its
    # own page: the merged paper has both, and the talk's page was written but not read
    library = load_library([HERE / "export_roundtrip" / "nips2017_oral_poster_slice.json"])
    (proving,) = [p for p in library.papers if "Proving" in p.title]
    assert {
        "https://nips.cc/virtual/2017/poster/9161",
        "https://nips.cc/virtual/2017/oral/10058",
    } <= {link.url for link in proving.links}
    back = load_library([exported(tmp_path, library, "json")])
    assert links_of(back) == links_of(library)
    # the first page stays the paper's own; a further one is kept as a project link
    (again,) = [p for p in back.papers if p.id == proving.id]
    assert [(link.url, link.kind) for link in again.links if "nips.cc/virtual" in link.url] == [
        ("https://nips.cc/virtual/2017/poster/9161", "paper"),
        ("https://nips.cc/virtual/2017/oral/10058", "project"),
    ]


def test_a_csv_export_gives_the_title_as_its_source_wrote_it(tmp_path):
    # the title was written as the reader shows it ("ℓ_∞"): read back, a citation of it
    # gave "ℓ\_∞-Norm", which pdflatex does not compile; JSON gives it as written too
    from tuireader.render.citations import format_citation

    library = load_library([HERE / "export_roundtrip" / "icml2024_latex_title_slice.jsonl"])
    (paper,) = library.papers
    assert paper.title == r"Implicit Bias of AdamW: $\ell_\infty$-Norm Constrained Optimization"
    for fmt in ("csv", "json"):
        back = load_library([exported(tmp_path, library, fmt)])
        (again,) = back.papers
        assert (again.id, again.title) == (paper.id, paper.title)
        cited = format_citation(again, "bibtex", library=back).text
        assert r"$\ell_\infty$-Norm" in cited and "ℓ" not in cited
    (row,) = csv.DictReader(io.StringIO(render_export([paper], kept([paper]), "csv")))
    assert row["title"] == paper.title


def test_a_csv_export_read_back_gives_each_doi_as_written(tmp_path):
    # the DOI came back in lower case (10.1103/physrevd.76.013009), and so did its link
    dois = HERE / "formats" / "arxiv_kaggle_dois_collaboration_slice.jsonl"
    library = load_library([LISTS["arxiv"], dois])
    before = {p.id: (p.doi, p.other_dois) for p in library.papers}
    assert ("10.1103/PhysRevD.76.013009", ()) in before.values()
    assert ("10.1364/JOSAA.23.002578", ("10.1364/JOSAA.32.002407",)) in before.values()
    back = load_library([exported(tmp_path, library, "csv")])
    assert {p.id: (p.doi, p.other_dois) for p in back.papers} == before
    (again,) = [p for p in back.papers if p.doi == "10.1103/PhysRevD.76.013009"]
    assert "https://doi.org/10.1103/PhysRevD.76.013009" in {link.url for link in again.links}


def test_a_csv_gives_its_dois_as_written_and_each_once(tmp_path):
    path = tmp_path / "sheet.csv"
    path.write_text(
        "Title,DOI,other_dois\n"
        "Grasping,https://doi.org/10.1000/ABC.1 10.1000/abc.1 10.1000/Err.2,10.1000/ERR.2\n",
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert (paper.doi, paper.other_dois) == ("10.1000/ABC.1", ("10.1000/Err.2",))


def test_a_csv_export_read_back_gives_the_pdf_forum_arxiv_class_and_journal(tmp_path):
    # the url column gives one link: the PDF and the OpenReview forum were lost, and with
    # them the arXiv class, categories and journal reference nothing else wrote
    library = load_library([LISTS["arxiv"], LISTS["icml"]])

    def details(library):
        # the links of the papers' own fields
        return {
            p.id: (
                p.arxiv_class,
                p.categories,
                p.journal_ref,
                {link.url for link in p.links if link.origin != "text"},
            )
            for p in library.papers
        }

    before = details(library)
    assert ("hep-ph", ("hep-ph",), "Phys.Rev.D76:013009,2007") in [v[:3] for v in before.values()]
    links = set().union(*(v[3] for v in before.values()))
    assert {
        "https://arxiv.org/pdf/0704.0001",
        "https://openreview.net/forum?id=CjVWen8aJL",
    } <= links
    back = load_library([exported(tmp_path, library, "csv")])
    again = details(back)
    assert again.keys() == before.keys()
    for paper_id, (*was, links) in before.items():
        # (a code link its abstract gives is the code column's)
        assert again[paper_id][:3] == tuple(was) and links <= again[paper_id][3]


def test_a_csv_that_is_no_export_takes_no_journal_reference_or_arxiv_class(tmp_path):
    # a sheet's own columns of these names may mean anything: only the export's are read
    path = tmp_path / "sheet.csv"
    path.write_text(
        "title,journal_ref,arxiv_class\nGrasping,see the shared drive,pending\n",
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert (paper.journal_ref, paper.arxiv_class) == (None, None)


@pytest.mark.parametrize("fmt", ("bibtex", "csv"))
def test_a_bibtex_or_csv_export_read_back_keeps_every_link_of_its_papers(tmp_path, fmt):
    # a citation has no code or project link and no abstract to find links in, and a
    # NeurIPS entry's url is its own PDF, not the paper's page: read back, papers lost
    # their code (has:code found none), pages, PDFs and forums; a CSV row gave one
    # link, the best for people, and one code link
    from tuireader.render.citations import format_citation

    library = load_library(
        [
            HERE / "export_roundtrip" / "nips2017_oral_poster_slice.json",
            LISTS["icml"],
            LISTS["corl"],
            LISTS["pmlr"],
        ]
    )
    assert sum(paper.has_code for paper in library.papers) >= 3
    path = exported(tmp_path, library, fmt)
    text = path.read_text(encoding="utf-8")
    assert fmt != "bibtex" or validate_bibtex(text) == []
    back = load_library([path])
    assert not back.problems
    assert links_of(back) == links_of(library)
    before = {paper.id: paper for paper in library.papers}
    for paper in back.papers:
        was = before[paper.id]
        assert [link.url for link in paper.code_links] == [link.url for link in was.code_links]
        # each link of the kind it was, but for a paper's page beyond its own (a record
        # has one: a talk's beside the poster's, an arXiv page its abstract gives): a
        # project's, unless the export gives the abstract again (BibTeX, CSV), which
        # gives it
        own = {
            link.origin: link.url
            for link in reversed(was.links)
            if link.origin in ("url", "pdf", "openreview", "doi", "arxiv")
        }
        given = paper.abstract or ""
        assert {(link.url, link.kind) for link in paper.links} == {
            (
                link.url,
                "project"
                if link.kind == "paper" and link.url not in own.values() and link.url not in given
                else link.kind,
            )
            for link in was.links
        }
        # the links are no field of the entry: a citation of the paper never gives them
        assert "tuireader" not in str(paper.source_entry)
        assert "tuireader" not in format_citation(paper, "bibtex", library=back).text


def test_an_export_whose_links_field_gives_no_link_keeps_the_entrys_own(tmp_path):
    path = tmp_path / "export.bib"
    path.write_text(
        "@comment{tuireader export: edited by hand}\n\n"
        "@article{lee2020,\n  title = {Grasping},\n  author = {Lee, Ann},\n  year = {2020},\n"
        "  url = {https://example.org/grasping},\n  tuireader-links = {see below}\n}\n\n"
        "@article{kim2021,\n  title = {Planning},\n  author = {Kim, Bo},\n  year = {2021},\n"
        "  url = {https://example.org/planning.pdf},\n"
        "  tuireader-links = {url https://example.org/planning, code https://github.com/kim/plan,"
        " project javascript:alert(1)}\n}\n",
        encoding="utf-8",
    )
    first, second = load_library([path]).papers
    assert [link.url for link in first.links] == ["https://example.org/grasping"]
    assert [(link.url, link.kind) for link in second.links] == [
        ("https://github.com/kim/plan", "code"),
        ("https://example.org/planning", "paper"),
    ]
    assert second.unsafe_links == ("javascript:alert(1)",)


def test_braces_in_tags_and_notes_leave_every_bibtex_entry_whole(tmp_path):
    # a tag 'a}b' and a note with an unbalanced brace were written \} and \{, which
    # BibTeX counts as braces all the same: the field closed early and BibTeX skipped
    # the rest of the entry ("I was expecting a ',' or a '}'")
    library = load_library([LISTS["icml"]])
    note = "see \\cite{foo} }unbalanced{ and {more"
    triage = {p.id: Triage(p.id, "kept", ("a}b", "c#d{"), note) for p in library.papers}
    text = render_export(list(library.papers), triage, "bibtex", library=library)
    depth = 0
    for char in text:  # as BibTeX counts them: a backslash escapes no brace
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0
    assert depth == 0
    assert set(carried(text).values()) == {("kept", ("a}b", "c#d{"), note)}
