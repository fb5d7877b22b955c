"""Lists a scraper wrote: what a page shows, written in its source's escapes (HTML
entities, TeX's accents and case braces), or an identifier in capitals. Each is read as
the page shows it, as a list that writes it plainly is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.identity import same_family, title_key
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation, validate_bibtex
from tuireader.session import load_session
from tuireader.triage.store import StoredIdentity


def jsonl(path: Path, *rows: dict[str, object]) -> tuple[Record, ...]:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return result.records


def test_an_arxiv_id_in_capitals_or_with_its_version_is_the_id(tmp_path) -> None:
    # "ARXIV:2101.00001V2" was no arXiv id: the paper had no arXiv link, and was another
    # paper than the same one listed with "2101.00001"
    given = [
        "ARXIV:2101.00001V2",
        "arXiv:2101.00001v2",
        "https://arxiv.org/abs/2101.00001v2",
        "HTTPS://ARXIV.ORG/ABS/2101.00001V2",
        "2101.00001",
    ]
    rows = [{"title": f"Paper {n}", "authors": ["A B"], "arxiv_id": v} for n, v in enumerate(given)]
    assert [r.arxiv_id for r in jsonl(tmp_path / "a.jsonl", *rows)] == ["2101.00001"] * 5
    old = [{"title": "Old", "arxiv_id": v} for v in ("ARXIV:MATH.AG/0211159V1", "hep-th/9901001")]
    assert [r.arxiv_id for r in jsonl(tmp_path / "b.jsonl", *old)] == [
        "math.AG/0211159",
        "hep-th/9901001",
    ]


def test_an_arxiv_id_in_capitals_in_a_spreadsheet_is_the_id(tmp_path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text("title,authors,arxiv_id\nSome paper,A B,ARXIV:2101.00001V2\n", encoding="utf-8")
    (record,) = read_file(path).records
    assert record.arxiv_id == "2101.00001"


def test_html_entities_in_names_and_venues_are_the_characters_a_page_shows(tmp_path) -> None:
    # "J&ouml;rg M&uuml;ller" was cited "M&uuml;ller, J." (BibTeX: "M\\&uuml;ller"); as
    # one string its ";"s parted it into three authors, the last one "ller"
    path = tmp_path / "scraped.jsonl"
    rows = [
        {"title": "Learning to grasp", "authors": ["J&ouml;rg M&uuml;ller"], "year": 2021,
         "venue": "Robotics &amp; Automation"},
        {"title": "Caf&eacute; nets", "authors": "J&ouml;rg M&uuml;ller", "year": 2022},
        {"title": "Lists", "authors": ["Ren&#233;e Dupont", "Ren&#xe9;e&nbsp;Roy",
                                       "Marie&nbsp;Curie"], "venue": "Conf&eacute;rence&nbsp;X"},
    ]  # fmt: skip
    grasp, cafe, lists = jsonl(path, *rows)
    assert grasp.authors == cafe.authors == ("Jörg Müller",)
    assert grasp.venue == "Robotics & Automation"
    assert cafe.title == "Café nets"
    assert lists.authors == ("Renée Dupont", "Renée Roy", "Marie Curie")
    assert lists.venue == "Conférence X"
    library = load_library([path])
    paper = next(paper for paper in library.papers if paper.title == "Learning to grasp")
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Müller, J. (2021). Learning to grasp. In Robotics & Automation.")
    bibtex = format_citation(paper, "bibtex", library=library).text
    assert validate_bibtex(bibtex) == []
    assert "author = {Müller, Jörg}" in bibtex
    assert "booktitle = {Robotics \\& Automation}" in bibtex


def test_a_literal_ampersand_is_text_and_still_parts_two_names(tmp_path) -> None:
    rows = [
        {"title": "One", "authors": "Smith &amp; Jones"},
        {"title": "Two", "authors": "Smith & Jones"},
        {"title": "Three", "authors": "J&ouml;rg M&uuml;ller & Bob Lee"},
        {"title": "R&D at AT&T &copy2020", "authors": ["A&B Lab"], "venue": "Q&A; Q &amp A"},
    ]
    one, two, three, four = jsonl(tmp_path / "amp.jsonl", *rows)
    assert one.authors == two.authors == ("Smith", "Jones")
    assert three.authors == ("Jörg Müller", "Bob Lee")
    # no reference there: each "&" is as written
    assert (four.title, four.authors, four.venue) == (
        "R&D at AT&T &copy2020",
        ("A&B Lab",),
        "Q&A; Q &amp A",
    )


def test_a_reference_to_a_control_character_is_no_control(tmp_path) -> None:
    row = {"title": "Bell&#7; ring &#x1b;[31m &#129;&#x9d;", "authors": ["A&#13;&#10;B"]}
    (record,) = jsonl(tmp_path / "c.jsonl", row)
    assert record.title == "Bell ring [31m &#129;&#x9d;"
    assert record.authors == ("A B",)


def test_a_list_named_by_its_one_venue_is_named_as_the_page_shows_it(tmp_path) -> None:
    path = tmp_path / "venue.json"
    path.write_text(json.dumps([{"title": "T", "venue": "R &amp; A"}]), encoding="utf-8")
    assert read_file(path).name == "R & A"


TEX_TITLES = [
    ('On Schr{\\" o}dinger bridges', "On Schrödinger bridges"),
    ('Erd\\H os graphs and Schr\\"{o}dinger', "Erdős graphs and Schrödinger"),
    ("{G}aussian processes for {BERT}", "Gaussian processes for BERT"),
    ("Fast \\& cheap {\\textbar} rules -- really", "Fast & cheap {\\textbar} rules -- really"),
    # math is the reader's to show, as it is BibTeX's title's
    ("Bounds for $\\ell_{p}$ {S}ampling", "Bounds for $\\ell_{p}$ Sampling"),
    # no TeX: braces and backslashes' absence leave a title as it is
    ("Sets {0,1} and {x, y}", "Sets {0,1} and {x, y}"),
    ("A {braced} word, no case in it", "A {braced} word, no case in it"),
]


@pytest.mark.parametrize(("written", "read"), TEX_TITLES)
def test_a_json_title_in_tex_reads_as_a_bibtex_title(tmp_path, written, read) -> None:
    # "Schr{\\" o}dinger" was shown right but cited "Schr{\\textbackslash{}" o}dinger";
    # "{G}aussian" was not found by "Gaussian"
    (record,) = jsonl(tmp_path / "tex.jsonl", {"title": written, "authors": ["Ann Lee"]})
    assert record.title == read


def test_a_spreadsheet_title_in_tex_reads_as_a_bibtex_title(tmp_path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text('title,authors\n"{G}aussian Schr\\"{o}dinger",Ann Lee\n', encoding="utf-8")
    (record,) = read_file(path).records
    assert record.title == "Gaussian Schrödinger"


def test_a_tex_title_is_found_and_cited_as_the_page_shows_it(tmp_path, capsys) -> None:
    path = tmp_path / "tex.jsonl"
    row = {"title": 'On Schr{\\" o}dinger and {G}aussian bridges', "authors": ["Ann Lee"]}
    jsonl(path, row)
    data = ["--data-dir", str(tmp_path / "home")]
    for query in ("Schrodinger", "Schrödinger", "Gaussian"):
        assert main(["search", query, str(path), *data, "--json"]) == 0
        (hit,) = json.loads(capsys.readouterr().out)["hits"]
        assert hit["title"] == "On Schrödinger and Gaussian bridges"
    assert main(["cite", hit["id"], str(path), *data, "--format", "bibtex"]) == 0
    assert "title = {On Schrödinger and Gaussian bridges}" in capsys.readouterr().out


@pytest.mark.parametrize(("written", "read"), TEX_TITLES)
def test_a_title_in_tex_is_keyed_as_its_title_read(written, read) -> None:
    assert title_key(written) == title_key(read)


def test_a_mark_made_on_a_tex_title_read_as_written_follows_it(tmp_path) -> None:
    # a data folder from before: the title was read as written, its key and the paper's
    # id made of "schr o dinger" and "g aussian", which no paper is keyed by now
    written = 'On Schr{\\" o}dinger and {G}aussian bridges'
    data = tmp_path / "data"
    path = tmp_path / "tex.jsonl"
    jsonl(path, {"title": written, "authors": ["Ann Lee"], "year": 2021})
    first = load_session([path], data_dir=data, default_catalogs=False)
    with first.open_store() as store:
        store.set_state("tex0ld00", "kept")
        store.remember(
            [
                StoredIdentity(
                    "tex0ld00",
                    title=written,
                    title_key="on schr o dinger and g aussian bridges",
                    first_author="lee",
                    year=2021,
                )
            ]
        )
    second = load_session([path], data_dir=data, default_catalogs=False)
    (paper,) = second.library.papers
    assert paper.title == "On Schrödinger and Gaussian bridges"
    assert second.triage is not None and second.triage.detached == ()
    with second.open_store() as store:
        assert store.get(paper.id).state == "kept"


def test_a_family_name_known_by_its_html_reference_s_tail_is_the_name() -> None:
    assert same_family("ller", "müller") and same_family("müller", "ller")
    assert same_family("eacute", "café") and same_family("233", "café")
    assert same_family("xe9", "café")
    assert not same_family("ller", "miller") and not same_family("lee", "müller")


@pytest.mark.parametrize(
    ("written", "known_by", "abstract"),
    [
        ("J&ouml;rg M&uuml;ller", "ller", "We learn to grasp objects quickly with a new hand."),
        ("Jean Caf&eacute;", "eacute", ""),
        ("Jean Caf&#233;", "233", ""),
    ],
)
def test_a_mark_made_on_a_name_with_html_references_follows_it(
    tmp_path, written, known_by, abstract
) -> None:
    # a data folder from before: the name's references were read as words, its family
    # name "ller", and the paper's id made of it, which no paper is keyed by now
    data = tmp_path / "data"
    path = tmp_path / "names.jsonl"
    title = "Learning to grasp objects quickly"
    row = {"title": title, "authors": [written, "Ann Lee"], "year": 2021, "abstract": abstract}
    jsonl(path, row)
    first = load_session([path], data_dir=data, default_catalogs=False)
    (paper,) = first.library.papers
    with first.open_store() as store:
        store.set_state("htm0ld00", "kept")
        found = StoredIdentity.of(paper)
        store.remember([StoredIdentity(
            "htm0ld00",
            title=title,
            title_key=found.title_key,
            first_author=known_by,
            year=2021,
            abstract_digest=found.abstract_digest,
            abstract=found.abstract,
        )])  # fmt: skip
    second = load_session([path], data_dir=data, default_catalogs=False)
    assert second.triage is not None and second.triage.detached == ()
    with second.open_store() as store:
        assert store.get(paper.id).state == "kept"


@pytest.mark.parametrize(
    "written",
    [
        "Müller, J., Smith, A., & Jones, B.",
        "M&uuml;ller, J., Smith, A., &amp; Jones, B.",
        "Müller, J.; Smith, A.; & Jones, B.",
        "Müller, J., Smith, A., and Jones, B.",
        "Müller, J. A., Smith, A.-B., & Jones, B.",
    ],
)
def test_an_apa_author_string_is_each_family_name_with_its_initials(tmp_path, written) -> None:
    # "Müller, J., Smith, A., & Jones, B." was two authors, "Müller J. Smith A." (cited
    # "A., M. J. S.") and "B. Jones"; "; & Jones, B." made a name "B. & Jones"
    (record,) = jsonl(tmp_path / "apa.jsonl", {"title": "T", "authors": written})
    assert [name.split()[-1] for name in record.authors] == ["Müller", "Smith", "Jones"]
    assert record.authors[2] == "B. Jones"


def test_an_apa_family_name_with_a_particle_keeps_it(tmp_path) -> None:
    row = {"title": "One", "authors": "van Dyk, J. A., de Boer, B.-C., and Li, W."}
    (record,) = jsonl(tmp_path / "names.jsonl", row)
    assert record.authors == ("J. A. van Dyk", "B.-C. de Boer", "W. Li")


def test_whole_names_between_commas_are_no_family_names_and_initials(tmp_path) -> None:
    rows = [
        {"title": "Two", "authors": "Ann Lee, Bo Kim, Cy Dee, Di Ng"},
        {"title": "Three", "authors": "Smith, Alice and Jones, Bob"},
    ]
    two, three = jsonl(tmp_path / "names.jsonl", *rows)
    assert two.authors == ("Ann Lee", "Bo Kim", "Cy Dee", "Di Ng")
    assert three.authors == ("Alice Smith", "Bob Jones")
