"""Papers with Code's ``papers-with-abstracts.json`` records: the year of the proceedings
they name, and the arXiv links they give over http with a version.

The fixture holds two records as Papers with Code writes them: ResNet (``proceeding``
"CVPR 2016 6", ``date`` the arXiv preprint's 2015-12-10) and Adam (no proceedings).
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Paper, Record
from tuireader.render.citations import format_citation

RECORDS = (
    Path(__file__).parent / "fixtures" / "other_shapes" / "paperswithcode_proceeding_year.json"
)
#: a page of Papers with Code's REST API (``/api/v1/papers/``): ResNet ("published" its
#: arXiv date, "proceeding" the id "cvpr-2016-6", its CVF page and PDF), a COLING paper at
#: the ACL Anthology, ClimateGAN at ICLR 2022 on OpenReview, and Adam (no proceedings)
API = Path(__file__).parent / "fixtures" / "other_shapes" / "paperswithcode_api_papers.json"
SMHD = (
    "SMHD: A Large-Scale Resource for Exploring Online Language Usage for Multiple Mental "
    "Health Conditions"
)
CLIMATEGAN = "ClimateGAN: Raising Climate Change Awareness by Generating Images of Floods"
RESNET = "Deep Residual Learning for Image Recognition"
ADAM = "Adam: A Method for Stochastic Optimization"


def papers() -> dict[str, Paper]:
    return papers_of(RECORDS)


def papers_of(path: Path) -> dict[str, Paper]:
    return {paper.title: paper for paper in load_library([path])}


def test_the_proceedings_year_is_the_papers_year_not_the_arxiv_date() -> None:
    records = {record.title: record for record in read_file(RECORDS).records}
    assert (records[RESNET].venue, records[RESNET].year) == ("CVPR 2016", 2016)
    # a record that names no proceedings is dated by its arXiv date
    assert (records[ADAM].venue, records[ADAM].year) == (None, 2014)


def test_a_paper_in_proceedings_of_a_later_year_is_shown_and_keyed_by_that_year() -> None:
    resnet = papers()[RESNET]
    assert resnet.where == ("paperswithcode_proceeding_year", "CVPR 2016")
    bibtex = format_citation(resnet, "bibtex").text
    assert bibtex.startswith("@inproceedings{he2016deep,")
    assert "year = {2016}" in bibtex


def test_arxiv_links_over_http_with_a_version_are_cited_as_arxivs_own() -> None:
    found = papers()
    resnet, adam = found[RESNET], found[ADAM]
    assert [link.url for link in resnet.links] == [
        "https://arxiv.org/abs/1512.03385",
        "https://arxiv.org/pdf/1512.03385",
    ]
    bibtex = format_citation(resnet, "bibtex").text
    assert "url = {https://arxiv.org/abs/1512.03385}" in bibtex
    assert "pdf = {https://arxiv.org/pdf/1512.03385}" in bibtex
    assert "http://" not in bibtex and "v1" not in bibtex
    assert format_citation(adam, "apa").text.endswith("https://arxiv.org/abs/1412.6980")


def test_arxiv_links_are_given_as_an_arxiv_feed_gives_them() -> None:
    # the same paper from arXiv's Atom feed has these very links
    from tuireader.ingest.formats.feed import parse_feed

    atom = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<feed xmlns="http://www.w3.org/2005/Atom">'
        "<entry><id>http://arxiv.org/abs/1512.03385v1</id>"
        "<published>2015-12-10T15:34:40Z</published>"
        f"<title>{RESNET}</title><summary>Deeper neural networks.</summary>"
        "<author><name>Kaiming He</name></author>"
        '<link href="http://arxiv.org/abs/1512.03385v1" rel="alternate" type="text/html"/>'
        "</entry></feed>"
    )
    (fed,) = parse_feed(atom, Path("feed.xml")).records
    (listed,) = [r for r in read_file(RECORDS).records if r.title == RESNET]
    assert (listed.url, listed.pdf) == (fed.url, fed.pdf)


def test_other_links_of_a_record_are_as_given() -> None:
    from tuireader.ingest.formats.jsonfile import arxiv_link

    for url in (
        "http://papers.nips.cc/paper/8192-dynamic-network-model",
        "https://arxiv.org/abs/1512.03385?context=cs",
        "https://arxiv.org/list/cs.LG/recent",
        None,
    ):
        assert arxiv_link(url) == url


def api_records() -> dict[str, Record]:
    return {record.title: record for record in read_file(API).records}


def test_the_apis_proceeding_id_is_read_as_the_venue_and_its_year() -> None:
    records = api_records()
    # "cvpr-2016-6": the venue's acronym and year; the 6 is the site's own index
    assert records[RESNET].venue == "CVPR 2016"
    assert records[SMHD].venue == "COLING 2018"
    assert records[ADAM].venue is None
    bibtex = format_citation(papers_of(API)[RESNET], "bibtex").text
    assert "cvpr-2016-6" not in bibtex
    assert "booktitle = {CVPR 2016}" in bibtex


def test_the_apis_published_date_gives_way_to_the_proceedings_year() -> None:
    # "published": "2015-12-10" is the arXiv preprint's date, as the dump's "date" is
    records = api_records()
    assert (records[RESNET].venue, records[RESNET].year) == ("CVPR 2016", 2016)
    assert records[ADAM].year == 2014  # no proceedings: its arXiv date's year
    resnet = papers_of(API)[RESNET]
    assert resnet.where == ("paperswithcode_api_papers", "CVPR 2016")
    bibtex = format_citation(resnet, "bibtex").text
    assert bibtex.startswith("@inproceedings{he2016deep,")
    assert "year = {2016}" in bibtex


def links_of(paper: Paper) -> list[tuple[str, str, str]]:
    return [(link.url, link.kind, link.origin) for link in paper.links]


def test_the_proceedings_page_and_pdf_are_the_papers_before_its_arxiv_preprint() -> None:
    found = papers_of(API)
    cvf = "http://openaccess.thecvf.com/content_cvpr_2016"
    assert links_of(found[RESNET]) == [
        (f"{cvf}/html/He_Deep_Residual_Learning_CVPR_2016_paper.html", "paper", "url"),
        (f"{cvf}/papers/He_Deep_Residual_Learning_CVPR_2016_paper.pdf", "paper", "pdf"),
        ("https://arxiv.org/abs/1512.03385", "paper", "arxiv"),
    ]
    assert found[RESNET].arxiv_id == "1512.03385"
    smhd = format_citation(found[SMHD], "bibtex").text
    assert "url = {https://aclanthology.org/C18-1126}" in smhd
    assert "pdf = {https://aclanthology.org/C18-1126.pdf}" in smhd
    assert "eprint = {1806.05258}" in smhd
    # a record in no proceedings keeps its arXiv page and PDF
    assert links_of(found[ADAM]) == [
        ("https://arxiv.org/abs/1412.6980", "paper", "url"),
        ("https://arxiv.org/pdf/1412.6980", "paper", "pdf"),
    ]


def test_a_proceedings_page_on_openreview_is_the_papers_openreview_page() -> None:
    climategan = papers_of(API)[CLIMATEGAN]
    assert climategan.openreview_id == "EZNOb_uNpJk"
    assert climategan.where == ("paperswithcode_api_papers", "ICLR 2022")
    urls = [url for url, _, _ in links_of(climategan)]
    assert "https://openreview.net/forum?id=EZNOb_uNpJk" in urls
    assert "https://openreview.net/pdf?id=EZNOb_uNpJk" in urls
    assert "https://arxiv.org/abs/2110.02871" in urls
