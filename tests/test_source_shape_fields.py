"""Fields of the sources' own shapes that were read wrongly or not at all: Papers with
Code's official repositories, names written "Smith A" in a sheet, Semantic Scholar's
ACL Anthology id, OpenReview's TL;DR fields, EndNote's subscripts and series.

Each test writes the small file it reads.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.formats.common import split_authors_string
from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.render.textrender import render
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- Papers with Code


def _link_row(repo: str, official: bool | str, **more: object) -> dict[str, object]:
    return {
        "paper_url": "https://paperswithcode.com/paper/an-explicit-frame",
        "paper_title": "An Explicit Frame Construction for Normalizing 3D Point Clouds",
        "paper_arxiv_id": "2402.20009",
        "paper_url_abs": "https://arxiv.org/abs/2402.20009v1",
        "paper_url_pdf": "https://arxiv.org/pdf/2402.20009v1.pdf",
        "repo_url": repo,
        "is_official": official,
        "mentioned_in_paper": True,
        "mentioned_in_github": False,
        "framework": "pytorch",
        **more,
    }


def _code(paths: list[Path]) -> list[str]:
    [paper] = [p for p in load_library(paths) if p.title.startswith("An Explicit Frame")]
    return [link.url for link in paper.links if link.kind == "code"]


def test_papers_with_codes_official_repository_is_the_first_code_link(tmp_path: Path) -> None:
    # "is_official" was ignored: the unofficial reimplementation listed first was the
    # paper's first code link, the one copied
    links = _write(
        tmp_path / "links-between-papers-and-code.json",
        [
            _link_row("https://github.com/someone/unofficial-reimpl", False),
            _link_row("https://github.com/Utah-Math-Data-Science/alignment", True),
            _link_row("https://gitlab.com/other/impl", False),
            {**_link_row("https://github.com/LIONS-EPFL/Charmer", True), "paper_url": "x"}
            | {"paper_title": "Revisiting Character-level Adversarial Attacks"}
            | {"paper_arxiv_id": "2402.20019"},
        ],
    )
    assert _code([links]) == [
        "https://github.com/Utah-Math-Data-Science/alignment",
        "https://github.com/someone/unofficial-reimpl",
        "https://gitlab.com/other/impl",
    ]
    # the papers keep the order the file gives them in
    assert [p.title.split()[0] for p in load_library([links])] == ["An", "Revisiting"]


def test_papers_with_codes_official_flag_given_as_text_is_read(tmp_path: Path) -> None:
    # "is_official": "true" (a converted file's) was no flag: the unofficial repository
    # listed first stayed the paper's first code link
    links = _write(
        tmp_path / "links.json",
        [
            _link_row("https://github.com/someone/unofficial-reimpl", "false"),
            _link_row("https://github.com/the/authors", "True"),
        ],
    )
    assert _code([links]) == [
        "https://github.com/the/authors",
        "https://github.com/someone/unofficial-reimpl",
    ]


def test_papers_with_codes_links_as_a_csv_are_one_paper_each(tmp_path: Path) -> None:
    # the CSV was read as four papers with no arXiv id, the official repository second
    rows = [
        _link_row("https://github.com/someone/unofficial-reimpl", False),
        _link_row("https://github.com/the/authors", True),
        _link_row("https://github.com/b/unoff", False)
        | {"paper_title": "Second Paper", "paper_arxiv_id": "2402.20010", "paper_url": "y"},
        _link_row("https://github.com/a/official", True)
        | {"paper_title": "Second Paper", "paper_arxiv_id": "2402.20010", "paper_url": "y"},
    ]
    columns = list(rows[0])
    lines = [",".join(columns)] + [",".join(str(row[c]) for c in columns) for row in rows]
    path = tmp_path / "links-between-papers-and-code.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    papers = list(load_library([path]))
    assert [(p.title.split()[0], p.arxiv_id) for p in papers] == [
        ("An", "2402.20009"),
        ("Second", "2402.20010"),
    ]
    assert _code([path]) == [
        "https://github.com/the/authors",
        "https://github.com/someone/unofficial-reimpl",
    ]
    second = papers[1]
    assert [link.url for link in second.links if link.kind == "code"] == [
        "https://github.com/a/official",
        "https://github.com/b/unoff",
    ]


def test_papers_with_codes_unofficial_repositories_come_by_their_stars(tmp_path: Path) -> None:
    links = _write(
        tmp_path / "links.json",
        [
            _link_row("https://github.com/few/stars", False, stars=3),
            _link_row("https://github.com/many/stars", False, stars=900),
            _link_row("https://github.com/the/authors", True, stars=10),
        ],
    )
    assert _code([links]) == [
        "https://github.com/the/authors",
        "https://github.com/many/stars",
        "https://github.com/few/stars",
    ]


def test_an_official_repository_the_abstract_named_first_is_still_the_papers_code(
    tmp_path: Path,
) -> None:
    # the abstracts' dump read first: its abstract names the official repository, which
    # was then a link the text mentions, after the reimplementations the links file gave
    abstracts = _write(
        tmp_path / "papers-with-abstracts.json",
        [
            {
                "paper_url": "https://paperswithcode.com/paper/an-explicit-frame",
                "arxiv_id": "2402.20009",
                "title": "An Explicit Frame Construction for Normalizing 3D Point Clouds",
                "abstract": "We normalize point clouds. Code: "
                "https://github.com/Utah-Math-Data-Science/alignment.",
                "url_abs": "https://arxiv.org/abs/2402.20009v1",
                "authors": ["Justin Baker"],
                "date": "2024-02-29",
            }
        ],
    )
    links = _write(
        tmp_path / "links-between-papers-and-code.json",
        [
            _link_row("https://github.com/someone/unofficial-reimpl", False),
            _link_row("https://github.com/Utah-Math-Data-Science/alignment", True),
        ],
    )
    assert _code([abstracts, links]) == [
        "https://github.com/Utah-Math-Data-Science/alignment",
        "https://github.com/someone/unofficial-reimpl",
    ]


# --------------------------------------------------------------------------- names


def test_a_sheets_names_written_family_name_then_initials_are_read_so(tmp_path: Path) -> None:
    # "Smith A, Jones B, White C" was read backwards: APA gave "A, S., B, J., & C, W."
    # and the key was "aepsilon"
    sheet = tmp_path / "names.csv"
    sheet.write_text(
        "Paper Title,Author(s),Abstract\n"
        'Epsilon Paper,"Smith A, Jones B, White C",Abstract five.\n'
        'Zeta Paper,"Rumelhart DE; Hinton GE; Williams RJA",Abstract six.\n'
        'Eta Paper,"Jun CEN, Peng Yun",Abstract seven.\n',
        encoding="utf-8",
    )
    library = load_library([sheet])
    papers = {paper.title: paper for paper in library}
    epsilon = papers["Epsilon Paper"]
    assert epsilon.authors == ("A. Smith", "B. Jones", "C. White")
    assert format_citation(epsilon, "apa", library=library).text.startswith(
        "Smith, A., Jones, B., & White, C. (n.d.)."
    )
    assert format_citation(epsilon, "bibtex", library=library).text.startswith(
        "@misc{smithepsilon,"
    )
    assert papers["Zeta Paper"].authors == ("D. E. Rumelhart", "G. E. Hinton", "R. J. A. Williams")
    # a family name in capitals after the given name is no initials
    assert papers["Eta Paper"].authors == ("Jun CEN", "Peng Yun")


def test_names_given_name_first_or_with_full_stops_are_read_as_before() -> None:
    assert split_authors_string("Alice Smith, Bob Jones, and Carol White") == [
        "Alice Smith",
        "Bob Jones",
        "Carol White",
    ]
    assert split_authors_string("Smith, A., Jones, B., & White, C.") == [
        "A. Smith",
        "B. Jones",
        "C. White",
    ]
    assert split_authors_string("Li Wu, Bo Xu") == ["Li Wu", "Bo Xu"]
    assert split_authors_string("Ann LEE, Bob KIM, Cy LIU") == ["Ann LEE", "Bob KIM", "Cy LIU"]


def test_medlines_short_names_without_full_names_are_family_name_then_initials(
    tmp_path: Path,
) -> None:
    # AU "Smith A" where no FAU gives the full names was read as given name "Smith"
    nbib = tmp_path / "pubmed.nbib"
    nbib.write_text(
        "PMID- 36000003\nDP  - 2020\nTI  - Epsilon Paper.\nAB  - Abstract five.\n"
        "AU  - Smith A\nAU  - García-López MJ\nAU  - van der Berg J\nTA  - BMJ\n\n",
        encoding="utf-8",
    )
    library = load_library([nbib])
    [paper] = library
    assert paper.authors == ("A. Smith", "M. J. García-López", "J. van der Berg")
    assert format_citation(paper, "apa", library=library).text.startswith(
        "Smith, A., García-López, M. J., & van der Berg, J. (2020)."
    )


# --------------------------------------------------------------------------- Semantic Scholar

S2 = "https://www.semanticscholar.org/paper/"


def _s2_paper(paper_id: str, title: str, external: dict[str, object], **more: object) -> dict:
    return {
        "paperId": paper_id,
        "externalIds": external,
        "url": S2 + paper_id,
        "title": title,
        "abstract": "An abstract.",
        "year": 2023,
        "authors": [{"authorId": "1", "name": "Jo Bloggs"}],
        "openAccessPdf": None,
        **more,
    }


def test_semantic_scholars_acl_id_gives_the_anthologys_page_whatever_pdf_it_gives(
    tmp_path: Path,
) -> None:
    # with an openAccessPdf (arXiv's), the ACL id was dropped: no aclanthology.org link,
    # the citation's URL was arXiv's page
    answer = _write(
        tmp_path / "s2.json",
        {
            "data": [
                _s2_paper(
                    "a" * 40,
                    "Evaluation Under Time Constraints",
                    {
                        "ArXiv": "2402.10002",
                        "DBLP": "conf/acl/X2",
                        "CorpusId": 2,
                        "ACL": "2023.acl-long.5",
                    },
                    openAccessPdf={"url": "https://arxiv.org/pdf/2402.10002", "status": "GREEN"},
                ),
                _s2_paper(
                    "b" * 40,
                    "A Paper With Its DOI Too",
                    {"DOI": "10.18653/v1/2023.acl-long.6", "ACL": "2023.acl-long.6", "CorpusId": 3},
                ),
                _s2_paper("c" * 40, "A Clinical Paper", {"PubMed": "36000001", "CorpusId": 4}),
                _s2_paper("d" * 40, "An Open Clinical Paper", {"PubMedCentral": "9990001"}),
            ]
        },
    )
    library = load_library([answer])
    papers = {paper.title: paper for paper in library}
    timed = papers["Evaluation Under Time Constraints"]
    assert [link.url for link in timed.links] == [
        "https://aclanthology.org/2023.acl-long.5/",
        "https://arxiv.org/pdf/2402.10002",
        "https://arxiv.org/abs/2402.10002",
        S2 + "a" * 40,
    ]
    assert format_citation(timed, "apa", library=library).text.endswith(
        "https://aclanthology.org/2023.acl-long.5/"
    )
    with_doi = [link.url for link in papers["A Paper With Its DOI Too"].links]
    assert with_doi[0] == "https://aclanthology.org/2023.acl-long.6/"
    assert "https://doi.org/10.18653/v1/2023.acl-long.6" in with_doi
    # PubMed's ids give the paper's pages there, before Semantic Scholar's
    assert [link.url for link in papers["A Clinical Paper"].links] == [
        "https://pubmed.ncbi.nlm.nih.gov/36000001/",
        S2 + "c" * 40,
    ]
    assert [link.url for link in papers["An Open Clinical Paper"].links] == [
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC9990001/",
        S2 + "d" * 40,
    ]
    # the source's id stays Semantic Scholar's paper id
    assert papers["A Clinical Paper"].source_id == "c" * 40


# --------------------------------------------------------------------------- OpenReview


def _note(note_id: str, title: str, content: dict[str, object], v2: bool) -> dict[str, object]:
    fields: dict[str, object] = {
        "title": title,
        "authors": ["Ann Lee"],
        "abstract": "An abstract.",
        **content,
    }
    note: dict[str, object] = {"id": note_id, "forum": note_id, "cdate": 1632000000000}
    if v2:
        note["invitations"] = ["ICLR.cc/2024/Conference/-/Submission"]
        note["content"] = {name: {"value": value} for name, value in fields.items()}
    else:
        note["invitation"] = "ICLR.cc/2022/Conference/-/Blind_Submission"
        note["content"] = fields
    return note


def test_openreviews_one_sentence_summary_is_the_papers_tldr(tmp_path: Path) -> None:
    # ICLR's "one-sentence_summary" was not read: show --json gave "tldr": null
    notes = {
        "notes": [
            _note("A1", "Summed Up", {"one-sentence_summary": "We do a thing."}, v2=False),
            _note("A2", "Summed Up In V2", {"one-sentence_summary": "We do it again."}, v2=True),
            _note("A3", "With A TLDR", {"TLDR": "Short."}, v2=True),
            _note("A4", "With A TL;DR", {"TL;DR": "Shorter."}, v2=False),
        ]
    }
    papers = {p.title: p.tldr for p in load_library([_write(tmp_path / "or.json", notes)])}
    assert papers == {
        "Summed Up": "We do a thing.",
        "Summed Up In V2": "We do it again.",
        "With A TLDR": "Short.",
        "With A TL;DR": "Shorter.",
    }


def test_a_flat_lists_tldr_under_openreviews_names_is_read(tmp_path: Path) -> None:
    # a list of records flattened from OpenReview's notes: "TLDR" and
    # "one-sentence_summary" were left out
    flat = [
        {"title": "Flat One", "abstract": "x", "one-sentence_summary": "One line."},
        {"title": "Flat Two", "abstract": "y", "TLDR": {"value": "Two lines."}},
    ]
    papers = {p.title: p.tldr for p in load_library([_write(tmp_path / "flat.json", flat)])}
    assert papers == {"Flat One": "One line.", "Flat Two": "Two lines."}


def test_semantic_scholars_pubmed_id_always_gives_pubmeds_page(tmp_path: Path) -> None:
    # PubMed's page was given only with Semantic Scholar's page and no other: a record
    # without "url", or with an ACL id or a DOI too, had no PubMed link
    bare = _s2_paper("e" * 40, "A Bare Clinical Paper", {"PubMed": "31234567"})
    del bare["url"]
    answer = _write(
        tmp_path / "s2.json",
        {
            "data": [
                bare,
                _s2_paper(
                    "f" * 40,
                    "A Clinical Paper At ACL",
                    {"ACL": "2023.clinicalnlp-1.2", "PubMed": "37000002"},
                ),
                _s2_paper(
                    "0" * 40,
                    "A Clinical Paper With A DOI",
                    {"DOI": "10.1000/clin.3", "PubMed": "37000003"},
                ),
            ]
        },
    )
    papers = {paper.title: paper for paper in load_library([answer])}
    links = {title: [link.url for link in paper.links] for title, paper in papers.items()}
    assert links["A Bare Clinical Paper"] == ["https://pubmed.ncbi.nlm.nih.gov/31234567/"]
    acl = links["A Clinical Paper At ACL"]
    assert acl[0] == "https://aclanthology.org/2023.clinicalnlp-1.2/"
    assert "https://pubmed.ncbi.nlm.nih.gov/37000002/" in acl
    assert acl.index("https://pubmed.ncbi.nlm.nih.gov/37000002/") < acl.index(S2 + "f" * 40)
    assert links["A Clinical Paper With A DOI"][0] == "https://doi.org/10.1000/clin.3"
    assert "https://pubmed.ncbi.nlm.nih.gov/37000003/" in links["A Clinical Paper With A DOI"]


# --------------------------------------------------------------------------- EndNote XML

_ENDNOTE = """<?xml version="1.0" encoding="UTF-8" ?><xml><records>
<record><ref-type name="Journal Article">17</ref-type>
<contributors><authors><author><style face="normal">Crabbé, Jonathan</style></author></authors>
</contributors>
<titles><title><style face="normal">Imaging with H</style><style face="subscript">2</style>\
<style face="normal">O and x</style><style face="bold superscript">2</style></title>
<secondary-title><style face="normal">Nature Machine Intelligence</style></secondary-title>
</titles><dates><year>2024</year></dates>
<abstract><style face="normal">We split CO</style><style face="subscript">2</style>\
<style face="normal"> at 10</style><style face="superscript">-3</style>\
<style face="normal"> K, p &lt; 0.05.</style></abstract>
</record>
<record><ref-type name="Conference Proceedings">10</ref-type>
<contributors><authors><author>Bläser, Markus</author></authors></contributors>
<titles><title>Probabilistic Generating Circuits</title>
<secondary-title>Proceedings of the 41st International Conference on Machine Learning</secondary-title>
<tertiary-title>Proceedings of Machine Learning Research</tertiary-title></titles>
<pages>1-20</pages><volume>235</volume><dates><year>2024</year></dates>
<publisher>PMLR</publisher></record>
</records></xml>
"""


def test_endnotes_subscripts_and_superscripts_are_kept(tmp_path: Path) -> None:
    # the runs' faces were dropped: H₂O became "H2O", "{H2O}" in BibTeX
    path = tmp_path / "endnote.xml"
    path.write_text(_ENDNOTE, encoding="utf-8")
    library = load_library([path])
    papers = {paper.title.split()[0]: paper for paper in library}
    imaging = papers["Imaging"]
    assert imaging.title == "Imaging with H<sub>2</sub>O and x<sup>2</sup>"
    bibtex = format_citation(imaging, "bibtex", library=library).text
    assert "title = {Imaging with {H\\textsubscript{2}O} and x\\textsuperscript{2}}," in bibtex
    assert format_citation(imaging, "apa", library=library).text.startswith(
        "Crabbé, J. (2024). Imaging with H₂O and x²."
    )


def test_endnotes_abstract_runs_read_as_a_json_abstracts_markup(tmp_path: Path) -> None:
    # the abstract kept its runs as raw tags: shown "We split CO<sub>2</sub> at
    # 10<sup>-3</sup> K.", found by no "CO2"
    path = tmp_path / "endnote.xml"
    path.write_text(_ENDNOTE, encoding="utf-8")
    library = load_library([path])
    imaging = next(paper for paper in library if paper.title.startswith("Imaging"))
    assert imaging.abstract == "We split CO$_{2}$ at 10$^{-3}$ K, p < 0.05."
    assert render(imaging.abstract).text == "We split CO₂ at 10⁻³ K, p < 0.05."
    engine = open_engine(library, resolve(tmp_path / "data"))
    for query in ("CO2", "CO₂"):
        assert [hit.paper.title for hit in engine.search(query).hits] == [imaging.title], query


def test_endnotes_tertiary_title_is_the_series(tmp_path: Path) -> None:
    # "Proceedings of Machine Learning Research" was not read: no citation gave it
    path = tmp_path / "endnote.xml"
    path.write_text(_ENDNOTE, encoding="utf-8")
    library = load_library([path])
    circuits = next(paper for paper in library if paper.title.startswith("Probabilistic"))
    assert circuits.series == "Proceedings of Machine Learning Research"
    assert (
        "series = {Proceedings of Machine Learning Research},"
        in format_citation(circuits, "bibtex", library=library).text
    )
