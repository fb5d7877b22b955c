"""Lists in neighbouring shapes of the formats the real files come in: spreadsheets, RIS,
CSL-JSON and BibTeX as other exporters write them, DBLP's and OpenReview's own habits.

The fixtures in tests/fixtures/other_shapes/ are small files written in each source's
layout.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.links import record_links
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation

SHAPES = Path(__file__).parent / "fixtures" / "other_shapes"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


# --------------------------------------------------------------------------- DOIs


@pytest.mark.parametrize(
    "name", ["doi_as_url_sheet.csv", "doi_as_url_zotero.ris", "doi_as_url.bib"]
)
def test_a_doi_given_as_its_resolver_address_in_a_url_field_is_the_papers_doi(name: str) -> None:
    # a spreadsheet's URL column, RIS's UR, BibTeX's url: https://doi.org/10.1126/…
    record = by_title(SHAPES / name)["Url Only Paper"]
    assert record.doi == "10.1126/science.abc1234"


def test_a_page_of_its_own_gives_no_doi() -> None:
    record = by_title(SHAPES / "doi_as_url_sheet.csv")["A Paper With Its Own Page"]
    assert record.doi is None


def test_a_percent_encoded_resolver_address_gives_the_doi_it_stands_for() -> None:
    record = by_title(SHAPES / "doi_as_url_zotero.ris")["Percent Encoded Resolver Address"]
    assert record.doi == "10.1002/(SICI)1097-4636(199812)42:3<1::AID-JBM1>3.0.CO;2-A"


def test_an_arxiv_doi_given_as_a_csl_url_gives_the_doi_and_the_arxiv_id() -> None:
    record = by_title(SHAPES / "doi_as_url_csl.json")["GPT-4 Technical Report"]
    assert record.doi == "10.48550/arXiv.2303.08774"
    assert record.arxiv_id == "2303.08774"


def test_a_doi_field_that_writes_the_resolver_otherwise_gives_the_doi() -> None:
    # "doi.org/10.…" without its scheme, "www.doi.org", "%2F": the DOI was dropped
    records = by_title(SHAPES / "doi_fields_written_otherwise.bib")
    assert {title: record.doi for title, record in records.items()} == {
        "A DOI Without Its Scheme": "10.1000/things.2020.1",
        "A DOI at www.doi.org": "10.1000/things.2021.2",
        "A DOI Percent-Encoded": "10.1000/things.2022.3",
    }


def test_lists_that_give_one_doi_in_different_fields_hold_one_paper() -> None:
    library = load_library([SHAPES / "doi_as_url_sheet.csv", SHAPES / "doi_as_url_zotero.ris"])
    same = [paper for paper in library if paper.title == "Url Only Paper"]
    assert len(same) == 1
    assert same[0].doi == "10.1126/science.abc1234"
    assert set(same[0].lists) == {"doi_as_url_sheet", "doi_as_url_zotero"}


# --------------------------------------------------------------------------- DBLP


def test_dblps_number_after_a_shared_name_is_no_part_of_the_name() -> None:
    # DBLP writes "Li Wang 0001" to tell apart the people named Li Wang
    records = by_title(SHAPES / "dblp_homonyms.bib")
    acl = records["Cross-lingual Transfer and Beyond"]
    assert acl.authors == ("Wei Zhang", "Li Wang", "Ming Li")
    assert acl.editor == ("Smaranda Muresan", "Preslav Nakov")
    assert records["Agents of the 1000 Cities"].authors == ("Yang Liu",)


def test_citations_of_a_dblp_entry_name_the_people_without_their_numbers() -> None:
    library = load_library([SHAPES / "dblp_homonyms.bib"])
    acl = next(paper for paper in library if paper.title == "Cross-lingual Transfer and Beyond")
    apa = format_citation(acl, "apa", library=library).text
    assert apa.startswith("Zhang, W., Wang, L., & Li, M. (2022).")
    assert "S. Muresan & P. Nakov (Eds.)" in apa
    assert "0001" not in apa and "0002" not in apa
    mla = format_citation(acl, "mla", library=library).text
    assert mla.startswith("Zhang, Wei, et al.")
    solo = next(paper for paper in library if paper.title == "Agents of the 1000 Cities")
    assert format_citation(solo, "apa", library=library).text.startswith("Liu, Y. (2023).")


# --------------------------------------------------------------------------- BibDesk


def test_bibdesks_numbered_url_fields_are_the_papers_links() -> None:
    # BibDesk writes no url: its addresses are bdsk-url-1, bdsk-url-2, …
    records = by_title(SHAPES / "bibdesk_export.bib")
    smith = records["Learning to Learn Again"]
    assert smith.url == "https://github.com/asmith/l2la"
    assert smith.arxiv_id == "2301.12345"
    assert [(link.kind, link.url) for link in record_links(smith)] == [
        ("code", "https://github.com/asmith/l2la"),
        ("paper", "https://arxiv.org/abs/2301.12345"),
    ]
    doe = records["Stuff"]
    assert doe.url == "https://doi.org/10.1000/stuff.4"
    assert doe.doi == "10.1000/stuff.4"
    # the alias of the attached file is no address
    assert all("YnBsaXN0" not in link.url for link in record_links(doe))


def test_an_address_in_a_note_is_a_link_of_the_paper() -> None:
    # Google Scholar's BibTeX of a book: note={\url{http://www.deeplearningbook.org}}
    records = by_title(SHAPES / "scholar_book_note.bib")
    book = records["Deep learning"]
    assert [link.url for link in record_links(book)] == ["http://www.deeplearningbook.org"]
    assert record_links(records["A Note Without an Address"]) == ()


# --------------------------------------------------------------------------- Markdown


def test_an_awesome_lists_table_rows_are_papers_beside_its_bullets() -> None:
    # the table's papers were dropped without a word when the file had paper bullets
    result = read_file(SHAPES / "awesome_table.md")
    records = {record.title: record for record in result.records}
    assert list(records) == [
        "High-Resolution Image Synthesis with Latent Diffusion Models",
        "DiT: Scalable Diffusion Models with Transformers",
        "Denoising Diffusion Probabilistic Models",
    ]
    ldm = records["High-Resolution Image Synthesis with Latent Diffusion Models"]
    assert ldm.authors == ("Robin Rombach", "Andreas Blattmann")
    assert (ldm.venue, ldm.year) == ("CVPR 2022", 2022)
    assert [(link.kind, link.url) for link in record_links(ldm)] == [
        ("code", "https://github.com/CompVis/latent-diffusion"),
        ("paper", "https://arxiv.org/abs/2112.10752"),
    ]
    dit = records["DiT: Scalable Diffusion Models with Transformers"]
    assert dit.authors == ("William Peebles", "Saining Xie")
    assert dit.code_urls == ("https://github.com/facebookresearch/DiT",)
    # the row that names no paper is said, not dropped in silence
    assert [problem.message for problem in result.problems] == [
        (
            "read 3 bullets and table rows with a title and a link as papers; skipped 1 "
            "other bullet or table row, the headings and the prose"
        )
    ]


def test_a_markdown_file_of_one_table_is_a_list_of_papers() -> None:
    # it was refused as "a Markdown document … not a list of papers"
    result = read_file(SHAPES / "reading_table_only.md")
    assert result.format == "markdown" and result.problems == ()
    assert [(record.title, record.openreview_id or record.url) for record in result.records] == [
        (
            "Score-Based Generative Modeling through Stochastic Differential Equations",
            "https://openreview.net/forum?id=PxTIG12RRHS",
        ),
        (
            "Denoising Diffusion Implicit Models | DDIM",
            "https://openreview.net/forum?id=St1giarCHLP",
        ),
    ]
    assert [record.year for record in result.records] == [2021, 2021]


# --------------------------------------------------------------------------- OpenReview


def test_openreview_v2_submissions_edited_after_they_were_made_are_papers() -> None:
    # API v2 lists every invitation that edited a note: the camera-ready revision, the
    # withdrawal, the desk rejection; those papers were left out without a word
    result = read_file(SHAPES / "openreview_v2_iclr_decided.json")
    assert result.problems == ()
    assert [record.openreview_id for record in result.records] == [
        "Acc3pt0001",
        "Rej3ct0002",
        "D3skRj0003",
        "Wdrawn0004",
        "Pend1ng0005",
    ]


def test_openreview_v2_gives_each_submission_its_decision_and_the_conferences_year() -> None:
    # a rejected submission's venue says only "Submitted to ICLR 2024": its venueid
    # files it under Rejected_Submission (Desk_Rejected_Submission: desk rejected); every
    # submission was made in 2023
    records = by_title(SHAPES / "openreview_v2_iclr_decided.json")
    assert {title: (record.status, record.year) for title, record in records.items()} == {
        "Graph Networks, Revisited": ("Poster", 2024),
        "A Rejected Idea About Optimisers": ("Reject", 2024),
        "An Anonymity Breach": ("Desk rejected", 2024),
        "A Withdrawn Study": ("Withdraw", 2024),
        "Still Under Review": (None, 2024),
    }


# --------------------------------------------------------------------------- Semantic Scholar


def test_semantic_scholars_journal_and_publication_types_reach_the_citation() -> None:
    # its journal object gives volume and pages; APA cited "In Nature." as a proceedings
    library = load_library([SHAPES / "semantic_scholar_graph.json"])
    papers = {paper.title: paper for paper in library}
    nature = papers["Deep learning"]
    apa = format_citation(nature, "apa", library=library).text
    assert apa == (
        "LeCun, Y., Bengio, Y., & Hinton, G. E. (2015). Deep learning. Nature, 521, "
        "436–444. https://doi.org/10.1038/nature14539"
    )
    bibtex = format_citation(nature, "bibtex", library=library).text
    assert bibtex.startswith("@article{")
    assert "journal = {Nature}" in bibtex and "pages = {436--444}" in bibtex


def test_semantic_scholars_arxiv_is_no_venue_to_cite_a_preprint_in() -> None:
    # venue "arXiv.org" and journal "ArXiv" made GPT-4's report "In arXiv.org"
    library = load_library([SHAPES / "semantic_scholar_graph.json"])
    papers = {paper.title: paper for paper in library}
    report = papers["GPT-4 Technical Report"]
    assert report.venue == "arXiv.org"  # where the reader shows it is from
    assert format_citation(report, "apa", library=library).text == (
        "OpenAI. (2023). GPT-4 Technical Report. arXiv. https://arxiv.org/abs/2303.08774"
    )
    bibtex = format_citation(report, "bibtex", library=library).text
    assert bibtex.startswith("@misc{") and "booktitle" not in bibtex
    # a paper of a conference is cited in its proceedings, with its pages
    attention = papers["Attention is All you Need"]
    bibtex = format_citation(attention, "bibtex", library=library).text
    assert bibtex.startswith("@inproceedings{")
    assert "booktitle = {Neural Information Processing Systems}" in bibtex
    assert "pages = {5998--6008}" in bibtex


def test_dblps_search_api_answer_is_a_list_of_its_hits() -> None:
    # {"result": {"hits": {"hit": [{"info": {…}}]}}} was refused as "one object, with the
    # fields 'result', and no list of papers"
    result = read_file(SHAPES / "dblp_search_api.json")
    assert result.problems == ()
    acl, corr = result.records
    assert (acl.title, acl.authors, acl.year, acl.venue) == (
        "Cross-lingual Transfer and Beyond",
        ("Wei Zhang", "Ming Li"),
        2022,
        "ACL (1)",
    )
    assert acl.doi == "10.18653/V1/2022.ACL-LONG.1" and acl.source_id == "conf/acl/Zhang0L22"
    assert acl.url == "https://doi.org/10.18653/v1/2022.acl-long.1"
    assert "https://dblp.org/rec/conf/acl/Zhang0L22" in acl.project_urls
    # one author is an object, not a list; a title that asks keeps its question mark
    assert (corr.title, corr.authors, corr.arxiv_id) == (
        "Is One Author Enough?",
        ("Solo Person",),
        "2301.00001",
    )


# --------------------------------------------------------------------------- Web of Science


def test_a_web_of_science_export_is_read_record_by_record() -> None:
    # savedrecs.txt was read as a list of abstracts: "VR 1.0 PT J AU LeCun, Y …" a paper
    result = read_file(SHAPES / "web_of_science_savedrecs.txt")
    assert result.problems == ()
    review, talk = result.records
    assert review.title == "Deep learning"
    assert review.authors == ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton")
    assert review.abstract.startswith("Deep learning allows computational models that are")
    assert (review.venue, review.year, review.volume, review.number, review.pages) == (
        "NATURE",
        2015,
        "521",
        "7553",
        "436-444",
    )
    assert review.doi == "10.1038/nature14539" and review.entry_type == "article"
    assert review.keywords == ("deep learning", "representation learning", "neural networks")
    assert review.source_id == "WOS:000355286600030" and review.cite_key is None
    # a paper in proceedings, with the proceedings' editors
    assert (talk.title, talk.authors, talk.entry_type) == (
        "Attention Is All You Need",
        ("Ashish Vaswani",),
        "inproceedings",
    )
    assert talk.booktitle == "ADVANCES IN NEURAL INFORMATION PROCESSING SYSTEMS 30 (NIPS 2017)"
    assert talk.editor == ("Guyon, I", "Luxburg, UV")


def test_a_web_of_science_export_in_a_folder_is_read_as_one(tmp_path: Path) -> None:
    (tmp_path / "savedrecs.txt").write_bytes((SHAPES / "web_of_science_savedrecs.txt").read_bytes())
    library = load_library([tmp_path])
    assert library.problems == ()
    assert sorted(paper.title for paper in library) == [
        "Attention Is All You Need",
        "Deep learning",
    ]


# --------------------------------------------------------------------------- CSV


def test_excels_line_naming_the_delimiter_is_no_header() -> None:
    # "sep=;" before the header: the file was refused, its columns 'sep=' and ''
    result = read_file(SHAPES / "excel_sep_line.csv")
    assert result.problems == ()
    assert [(r.title, r.authors, r.year) for r in result.records] == [
        ("Sparse Coding; Revisited", ("Ann Bee", "Cal Dee"), 2022),
        ("Second Excel Paper", ("Eve Fay",), 2021),
        ("No Link Paper", ("Gil Hay",), 2020),
    ]
    assert result.records[0].url == "https://arxiv.org/abs/2201.00001"


def test_an_awesome_lists_bracketed_venue_and_star_badges_are_no_titles() -> None:
    # "[ICLR 2021] How Powerful…" was titled "ICLR 2021] How Powerful…", a bold
    # "[NeurIPS 2022]" was the title, and a stars badge "![GitHub stars](…"
    records = read_file(SHAPES / "awesome_labels.md").records
    assert [(r.title, r.venue, r.year) for r in records] == [
        ("How Powerful are Graph Transformers?", "ICLR 2021", 2021),
        ("Long Range Graph Benchmark", "NeurIPS 2022", 2022),
        ("Inductive Representation Learning on Large Graphs", None, None),
        ("A Title Written in Brackets", None, None),
    ]
    sage = records[2]
    assert sage.code_urls == ("https://github.com/williamleif/GraphSAGE",)
    assert sage.url == "https://arxiv.org/abs/1706.02216"


# --------------------------------------------------------------------------- Springer


def test_springers_key_is_the_entrys_doi() -> None:
    # Springer's export gives the DOI only as the entry's key
    records = by_title(SHAPES / "springer_citation.bib")
    detr = records["End-to-End Object Detection with Transformers"]
    assert detr.doi == "10.1007/978-3-030-58452-8_13"
    assert detr.source_id == "10.1007/978-3-030-58452-8_13"
    assert records["A Key That Is No DOI"].doi is None
    library = load_library([SHAPES / "springer_citation.bib"])
    paper = next(p for p in library if p.title == detr.title)
    assert format_citation(paper, "apa", library=library).text.endswith(
        "Springer International Publishing. https://doi.org/10.1007/978-3-030-58452-8_13"
    )


# --------------------------------------------------------------------------- other tools' JSON


def test_hugging_faces_daily_papers_keep_the_paper_inside_each_item() -> None:
    # only the title was read: no authors, abstract, year, arXiv id or code link
    [record] = read_file(SHAPES / "huggingface_daily_papers.json").records
    assert record.title == "DeepSeek LLM: Scaling Open-Source Language Models with Longtermism"
    assert record.authors == ("Alice Zhou", "Bo Qian")
    assert record.abstract == "The rapid development of open-source large language models."
    assert (record.year, record.arxiv_id) == (2024, "2401.02954")
    assert record.code_urls == ("https://github.com/deepseek-ai/DeepSeek-LLM",)


def test_the_arxiv_packages_results_keep_their_page_and_pdf() -> None:
    # entry_id and pdf_url were not read: the paper had no link and no arXiv id; they
    # are given as arXiv's Atom feed gives them (https, no version)
    [record] = read_file(SHAPES / "arxiv_package_results.jsonl").records
    assert record.url == "https://arxiv.org/abs/2401.01234"
    assert record.pdf == "https://arxiv.org/pdf/2401.01234"
    assert record.arxiv_id == "2401.01234"


def test_an_ieee_xplore_export_is_read_with_its_pages_and_kinds_of_work() -> None:
    # its titles are under "Document Title": the file was refused as having no title column
    result = read_file(SHAPES / "ieee_xplore_export.csv")
    resnet, senet = result.records
    assert resnet.title == "Deep Residual Learning for Image Recognition"
    assert resnet.authors == ("K. He", "X. Zhang", "S. Ren", "J. Sun")
    assert (resnet.year, resnet.pages, resnet.doi) == (2016, "770-778", "10.1109/CVPR.2016.90")
    assert (resnet.entry_type, resnet.booktitle) == (
        "inproceedings",
        "2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)",
    )
    assert resnet.pdf == "https://ieeexplore.ieee.org/stamp/stamp.jsp?arnumber=7780459"
    assert (senet.entry_type, senet.journal, senet.volume, senet.number, senet.pages) == (
        "article",
        "IEEE Transactions on Pattern Analysis and Machine Intelligence",
        "42",
        "8",
        "2011-2023",
    )
    assert senet.keywords == ("Squeeze-and-excitation", "image representations")


def test_a_scopus_export_names_its_authors_and_journals_as_scopus_does() -> None:
    # the authors were "Smith J." (cited "J., S."), the venue the database: "Scopus"
    library = load_library([SHAPES / "scopus_export.csv"])
    paper = next(p for p in library if p.title == "A Scopus Paper")
    assert paper.authors == ("John Smith", "Anna Doe")
    assert paper.venue == "Neural Networks"
    assert paper.keywords == ("deep learning", "graphs")
    assert format_citation(paper, "apa", library=library).text == (
        "Smith, J., & Doe, A. (2021). A Scopus Paper. Neural Networks, 140, 1–12. "
        "https://doi.org/10.1016/j.neunet.2021.01.001"
    )


def test_a_conference_sites_export_gives_authors_links_and_the_session_type() -> None:
    # "speakers/authors" and "virtualsite_url" were named in a warning and not read
    result = read_file(SHAPES / "neurips2023_site_export.csv")
    assert result.problems == ()
    assert [(r.title, r.authors, r.status) for r in result.records] == [
        ("Sparse Things at Scale", ("Ann Lee", "Bo Kim"), "Poster"),
        ("Dense Things", ("Cy Dee", "Ed Fo", "Gil Ho"), "Oral"),
        ("A Workshop on Things", ("Jo Ka",), None),
    ]
    assert result.records[0].url == "https://neurips.cc/virtual/2023/poster/70001"


# --------------------------------------------------------------------------- arXiv


def test_arxivs_search_results_pasted_as_text_are_its_papers() -> None:
    # each was a paragraph of text: "arXiv:2401.01234 [pdf, other] cs.LG cs.AI Sparse…"
    result = read_file(SHAPES / "arxiv_search_results.txt")
    assert result.name == "diffusion (arXiv search)"
    sparse, dense = result.records
    assert (sparse.title, sparse.authors, sparse.year, sparse.arxiv_id) == (
        "Sparse Diffusion Models for Things",
        ("Ann Lee", "Bo Kim", "Cy Dee"),
        2024,
        "2401.01234",
    )
    # the whole abstract, where the page gave it, and no "▽ More"
    assert sparse.abstract == (
        "We study sparse diffusion models. They are sparse. We show many things about them "
        "that matter in practice."
    )
    assert sparse.categories == ("cs.LG", "cs.AI")
    assert (dense.title, dense.year, dense.abstract) == (
        "Dense Diffusion Revisited",
        2023,
        "Dense diffusion is revisited here in detail.",
    )
    assert dense.journal_ref == "Journal of Things 5 (2023) 1-10"


def test_an_awesome_lists_authors_in_italics_are_the_papers_authors() -> None:
    # "**Title.** *Petar Veličković, Guillem Cucurull, …* ICLR 2018": no authors were read
    records = read_file(SHAPES / "awesome_italic_authors.md").records
    assert [(record.title, record.authors) for record in records] == [
        (
            "Graph Attention Networks",
            ("Petar Veličković", "Guillem Cucurull", "Arantxa Casanova"),
        ),
        (
            "How Powerful are Graph Neural Networks?",
            ("Keyulu Xu", "Weihua Hu", "Jure Leskovec", "Stefanie Jegelka"),
        ),
        ("Neural Message Passing for Quantum Chemistry", ("Gilmer", "et al.")),
        # a remark in italics names nobody
        ("A Paper", ()),
        ("Another Paper", ()),
        ("A Paper With an Award", ()),
        ("A Paper With Its Sessions", ()),
    ]


def test_a_venue_after_a_bullets_authors_is_its_venue() -> None:
    # "*Kaiming He, …*. CVPR 2016.": the paper had the year 2016 and no venue
    records = read_file(SHAPES / "awesome_venue_after_authors.md").records
    assert [(record.venue, record.year) for record in records] == [
        ("CVPR 2016", 2016),
        ("NeurIPS 2020", 2020),
        # a remark after the authors, or nothing, is no venue
        (None, None),
        (None, None),
    ]
    italic = read_file(SHAPES / "awesome_italic_authors.md").records
    assert [record.venue for record in italic[:2]] == ["ICLR 2018", "ICLR 2019"]


# --------------------------------------------------------------------------- EndNote


def test_endnotes_tagged_export_is_read_record_by_record() -> None:
    # Google Scholar's "EndNote" link: the file was one paper titled "%0 Journal Article…"
    result = read_file(SHAPES / "google_scholar.enw")
    assert result.problems == ()
    adam, resnet = result.records
    assert (adam.title, adam.authors, adam.year, adam.venue, adam.entry_type) == (
        "Adam: A method for stochastic optimization",
        ("Diederik P Kingma", "Jimmy Ba"),
        2014,
        "arXiv preprint arXiv:1412.6980",
        "article",
    )
    assert (resnet.entry_type, resnet.booktitle, resnet.pages, resnet.doi) == (
        "inproceedings",
        "Proceedings of the IEEE conference on computer vision and pattern recognition",
        "770-778",
        "10.1109/CVPR.2016.90",
    )
    assert resnet.abstract == (
        "Deeper neural networks are more difficult to train. We present a residual learning "
        "framework."
    )
    assert resnet.keywords == ("deep learning", "residual networks")
    assert resnet.url == (
        "https://openaccess.thecvf.com/content_cvpr_2016/html/"
        "He_Deep_Residual_Learning_CVPR_2016_paper.html"
    )


def test_a_newspaper_article_in_endnotes_tagged_export_is_an_article_as_in_its_xml(
    tmp_path: Path,
) -> None:
    # the tagged export and the XML export name the same reference types
    enw = tmp_path / "press.enw"
    enw.write_text(
        "%0 Newspaper Article\n%T Machines that read papers\n%A Doe, Jane\n%J The Daily\n%D 2024\n",
        encoding="utf-8",
    )
    (record,) = read_file(enw).records
    assert (record.title, record.entry_type, record.journal) == (
        "Machines that read papers",
        "article",
        "The Daily",
    )


@pytest.mark.parametrize("name", ["google_scholar.enw", "google_scholar_refman.ris"])
def test_google_scholars_preprint_journal_gives_the_arxiv_id(name: str) -> None:
    # "arXiv preprint arXiv:1412.6980": the paper had no arXiv id and no link
    adam = by_title(SHAPES / name)["Adam: A method for stochastic optimization"]
    assert adam.arxiv_id == "1412.6980"
    assert [link.url for link in record_links(adam)] == ["https://arxiv.org/abs/1412.6980"]


# --------------------------------------------------------------------------- PubMed


def test_pubmeds_export_is_read_record_by_record() -> None:
    # it was read as a plain text list: "PMID- 26017442" named it, each record an abstract
    result = read_file(SHAPES / "pubmed_export.nbib")
    assert result.problems == ()
    review, second = result.records
    assert (review.title, review.authors, review.year, review.venue) == (
        "Deep learning",
        ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton"),
        2015,
        "Nature",
    )
    assert (review.volume, review.number, review.pages, review.doi) == (
        "521",
        "7553",
        "436-444",  # MEDLINE's "436-44": the last page's digits that differ
        "10.1038/nature14539",
    )
    assert review.abstract.startswith("Deep learning allows computational models that are")
    assert review.abstract.endswith("with multiple levels of abstraction.")
    assert review.keywords == ("Artificial Intelligence", "Neural Networks, Computer")
    assert review.url == "https://pubmed.ncbi.nlm.nih.gov/26017442/"
    assert (review.source_id, review.cite_key) == ("PMID:26017442", None)
    assert second.title == "A second record whose title runs over two lines"
    assert (second.venue, second.year, second.doi) == ("J Things", 2018, None)


def test_a_web_of_science_tab_delimited_export_is_read_by_its_tags() -> None:
    # its header is the tags (PT, AU, …, TI, SO): it was read as a plain text list
    result = read_file(SHAPES / "web_of_science_tab_delimited.txt")
    assert result.problems == ()
    review, talk = result.records
    assert (review.title, review.authors, review.venue, review.year) == (
        "Deep learning",
        ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton"),
        "NATURE",
        2015,
    )
    assert (review.doi, review.pages, review.entry_type, review.source_id) == (
        "10.1038/nature14539",
        "436-444",
        "article",
        "WOS:000355286600030",
    )
    assert review.keywords == ("deep learning", "neural networks")
    assert (talk.entry_type, talk.editor) == ("inproceedings", ("Guyon, I", "Luxburg, UV"))


def test_papers_with_codes_dumps_give_venue_year_tasks_and_code() -> None:
    # "proceeding" and "date" were not read; the links file was refused (no 'title')
    dump = by_title(SHAPES / "paperswithcode_papers_with_abstracts.json")
    attention = dump["Attention Is All You Need"]
    assert (attention.venue, attention.year, attention.keywords) == (
        "NeurIPS 2017",
        2017,
        ("Machine Translation",),
    )
    [linked] = read_file(SHAPES / "paperswithcode_links_to_code.json").records
    assert (linked.title, linked.arxiv_id) == ("Attention Is All You Need", "1706.03762")
    assert linked.code_urls == ("https://github.com/tensorflow/tensor2tensor",)
    # read together, the paper has its code
    library = load_library(
        [
            SHAPES / "paperswithcode_papers_with_abstracts.json",
            SHAPES / "paperswithcode_links_to_code.json",
        ]
    )
    paper = next(p for p in library if p.title == "Attention Is All You Need")
    assert [link.url for link in paper.links if link.kind == "code"] == [
        "https://github.com/tensorflow/tensor2tensor"
    ]


def test_semantic_scholars_citations_answer_is_its_citing_papers() -> None:
    # each record holds its paper as "citingPaper": the file was refused
    result = read_file(SHAPES / "semantic_scholar_citations.json")
    assert result.problems == ()
    assert [(r.title, r.authors, r.year, r.arxiv_id) for r in result.records] == [
        ("A Citing Paper", ("Ann Lee",), 2023, "2301.00001"),
        ("Another Citing Paper", ("Bo Kim",), 2022, None),
    ]


def test_openalexs_works_give_authors_year_abstract_venue_and_links() -> None:
    # only the title and the DOI were read
    library = load_library([SHAPES / "openalex_works.json"])
    papers = {paper.title: paper for paper in library}
    nature = papers["Deep learning"]
    assert nature.authors == ("Yann LeCun", "Geoffrey E. Hinton")
    assert (nature.year, nature.venue) == (2015, "Nature")
    # the abstract's words in the places the inverted index gives them
    assert nature.abstract == "Deep learning allows computational models to learn. We like learning"
    # with its biblio's issue (7553), which the citation left out
    assert format_citation(nature, "apa", library=library).text == (
        "LeCun, Y., & Hinton, G. E. (2015). Deep learning. Nature, 521(7553), 436–444. "
        "https://doi.org/10.1038/nature14539"
    )
    # a repository (arXiv) is no venue; its page and PDF are the paper's links
    attention = papers["Attention Is All You Need"]
    assert (attention.venue, attention.year) == (None, 2017)
    assert [link.url for link in attention.links] == [
        "https://arxiv.org/abs/1706.03762",
        "https://arxiv.org/pdf/1706.03762",
    ]


def test_crossrefs_works_give_their_titles_and_journals_given_as_lists() -> None:
    # "title": ["Deep learning"]: the title was derived from the abstract, the venue
    # unknown, and a work without an abstract skipped
    result = read_file(SHAPES / "crossref_works.json")
    assert result.problems == ()
    nature, resnet = result.records
    assert (nature.title, nature.venue, nature.entry_type, nature.journal) == (
        "Deep learning",
        "Nature",
        "article",
        "Nature",
    )
    assert (resnet.title, resnet.entry_type, resnet.booktitle, resnet.year) == (
        "Deep Residual Learning for Image Recognition",
        "inproceedings",
        "2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)",
        2016,
    )


# --------------------------------------------------------------------------- BibLaTeX


def test_biblatexs_extended_name_format_is_the_persons_name() -> None:
    # Better BibLaTeX writes "family=Oord, given=Aaron, prefix=van den, useprefix=true":
    # the author was "family=Oord given=Aaron …", cited "family=Oord, g. p. d. u."
    records = by_title(SHAPES / "better_biblatex_extended_names.bib")
    wavenet = records["WaveNet: A Generative Model for Raw Audio"]
    assert wavenet.authors == ("Aaron van den Oord", "Sander Dieleman", "Heiga Zen")
    library = load_library([SHAPES / "better_biblatex_extended_names.bib"])
    [paper] = list(library)
    assert format_citation(paper, "apa", library=library).text.startswith(
        "van den Oord, A., Dieleman, S., & Zen, H. (2016)."
    )


def test_markdowns_reference_links_are_the_bullets_links() -> None:
    # "- [Title][attn]" with "[attn]: https://…" below: the bullets were no papers and the
    # definitions were read as an abstract
    result = read_file(SHAPES / "reference_links.md")
    assert result.problems == ()
    attention, bert = result.records
    assert (attention.title, attention.url, attention.code_urls) == (
        "Attention Is All You Need",
        "https://arxiv.org/abs/1706.03762",
        ("https://github.com/tensorflow/tensor2tensor",),
    )
    assert (bert.title, bert.url) == (
        "BERT: Pre-training of Deep Bidirectional Transformers",
        "https://arxiv.org/abs/1810.04805",
    )


def test_a_markdown_table_of_no_papers_is_refused_with_its_rows_counted() -> None:
    # its links are no web addresses: no row is a paper, and the message counts them
    result = read_file(SHAPES / "table_of_no_papers.md")
    assert result.records == ()
    [problem] = result.problems
    assert problem.message.startswith(
        "reads as a Markdown document (1 heading, 0 bullets, 2 table rows, no bullet"
    )


def test_a_bullets_further_lines_give_its_links_and_authors() -> None:
    # "- **Title**" with its authors and links on the lines below: the file was refused
    result = read_file(SHAPES / "awesome_multiline_bullets.md")
    assert result.problems == ()
    ddpm, score, venue = result.records
    assert (ddpm.title, ddpm.authors, ddpm.url, ddpm.code_urls) == (
        "Denoising Diffusion Probabilistic Models",
        ("Jonathan Ho", "Ajay Jain", "Pieter Abbeel"),
        "https://arxiv.org/abs/2006.11239",
        ("https://github.com/hojonathanho/diffusion",),
    )
    assert (score.title, score.authors) == (
        "Score-Based Generative Modeling",
        ("Yang Song", "Stefano Ermon"),
    )
    # a venue on its own line names no author
    assert (venue.title, venue.authors) == ("A Paper in a Venue", ())


def test_tuireaders_own_markdown_export_keeps_its_authors_when_read_again(tmp_path: Path) -> None:
    # "- [Title](url)" / "  Yann LeCun, Yoshua Bengio" / "  Nature (2015)": the authors
    # were lost when the export was read as a list
    from tuireader.triage.export import render_export
    from tuireader.triage.store import Triage

    library = load_library([SHAPES / "crossref_works.json"])
    papers = list(library)
    triage = {paper.id: Triage(paper.id) for paper in papers}
    exported = tmp_path / "reading.md"
    exported.write_text(render_export(papers, triage, "markdown"), encoding="utf-8")
    again = {paper.title: paper for paper in load_library([exported])}
    assert again["Deep learning"].authors == ("Yann LeCun", "Yoshua Bengio")
    assert again["Deep learning"].year == 2015
    # "  Nature (2015)": the line after the authors is where the paper is
    assert again["Deep learning"].venue == "Nature"
    assert again["Deep Residual Learning for Image Recognition"].authors == ("Kaiming He",)


def test_an_and_joined_to_no_name_is_no_part_of_a_name() -> None:
    # "Doe, John and" was the author "John and Doe", cited "Doe, J. a."
    records = by_title(SHAPES / "hand_edited.bib")
    assert records["A Paper Edited by Hand"].authors == ("John Doe",)
    other = records["Another Paper Edited by Hand"]
    assert other.authors == ("Rita Roe", "Paul Poe")
    assert other.editor == ("Hale, Hana",)
    library = load_library([SHAPES / "hand_edited.bib"])
    cited = {p.title: format_citation(p, "apa", library=library).text for p in library}
    assert cited["A Paper Edited by Hand"].startswith("Doe, J. (2020).")
    assert cited["Another Paper Edited by Hand"].startswith("Roe, R., & Poe, P. (2021).")


# --------------------------------------------------------------------------- plain text


def test_a_pasted_list_of_references_is_one_paper_a_reference() -> None:
    # the references, one a line, were one paragraph: a single "paper" of all of them
    result = read_file(SHAPES / "pasted_references.txt")
    assert result.name == "References"
    ieee, ieee_cvpr, preprint, apa, other = result.records
    assert (ieee.title, ieee.authors, ieee.venue, ieee.year) == (
        "Attention is all you need",
        ("A. Vaswani", "N. Shazeer", "N. Parmar"),
        "NeurIPS",
        2017,
    )
    assert (ieee_cvpr.title, ieee_cvpr.year) == (
        "Deep residual learning for image recognition",
        2016,
    )
    assert (preprint.title, preprint.arxiv_id, preprint.year) == (
        "Adam: A method for stochastic optimization",
        "1412.6980",
        2014,
    )
    assert (apa.title, apa.authors, apa.year, apa.venue) == (
        "Deep residual learning for image recognition",
        ("K. He", "X. Zhang", "S. Ren", "J. Sun"),
        2016,
        "IEEE Conference on Computer Vision and Pattern Recognition",
    )
    # a reference in neither style is kept whole, as the paper's title, and said
    assert (other.title, other.abstract) == (
        "Some unparseable reference without a title style",
        "",
    )
    [said] = result.problems
    assert said.message == (
        "1 reference (line 6) could not be read as authors, title, venue and year: "
        "it is kept whole as the paper's title"
    )


def test_abstracts_numbered_in_brackets_are_still_abstracts() -> None:
    result = read_file(SHAPES / "numbered_abstracts.txt")
    assert [record.abstract for record in result.records] == [
        '[1] We study "attention," in models, and more It continues here.',
        "[2] Another abstract about things",
    ]
    assert all(record.title is None for record in result.records)


def test_an_entry_whose_crossref_the_file_lacks_is_read_and_said() -> None:
    # DBLP's entry copied without its @proceedings: no venue, and no word of why
    result = read_file(SHAPES / "dblp_without_its_proceedings.bib")
    assert [record.title for record in result.records] == [
        "On the Stability of Gradient Descent",
        "An Entry With Its Own Booktitle",
    ]
    assert [problem.message for problem in result.problems] == [
        (
            "1 entry names in its crossref an entry the file does not hold, so the "
            "proceedings it is in are unknown (DBLP:conf/icml/MullerK23 → DBLP:conf/icml/2023)"
        )
    ]


def test_a_ris_line_of_several_authors_is_each_of_them() -> None:
    # "AU  - Smith, John; Doe, Anna; Lee, Kim" was one author, cited "Smith, J. D. A. L. K."
    [record] = read_file(SHAPES / "ris_authors_on_one_line.ris").records
    assert record.authors == ("John Smith", "Anna Doe", "Kim Lee")
    library = load_library([SHAPES / "ris_authors_on_one_line.ris"])
    [paper] = list(library)
    assert format_citation(paper, "apa", library=library).text.startswith(
        "Smith, J., Doe, A., & Lee, K. (2020)."
    )


def test_semantic_scholars_datasets_give_their_identifiers_in_lower_case_fields() -> None:
    # the datasets write "externalids", "publicationtypes", "corpusid": the arXiv id and
    # the DOI were lost
    attention, nature = read_file(SHAPES / "semantic_scholar_dataset_papers.jsonl").records
    assert (attention.arxiv_id, attention.source_id, attention.entry_type) == (
        "1706.03762",
        "13756489",
        "inproceedings",
    )
    assert (nature.doi, nature.entry_type, nature.journal, nature.pages) == (
        "10.1038/nature14539",
        "article",
        "Nature",
        "436--444",
    )


def test_openreview_decisions_among_direct_replies_are_read() -> None:
    # openreview-py's details="directReplies": the decision was not read, and a note
    # whose "details" is null could not be read at all
    result = read_file(SHAPES / "openreview_v2_direct_replies.json")
    assert result.problems == ()
    assert [(record.title, record.status) for record in result.records] == [
        ("A Paper Decided in Its Direct Replies", "Accept: notable-top-5%"),
        ("A Paper Whose Details Are Null", None),
    ]


def test_an_acl_event_files_proceedings_entry_is_no_paper_of_the_list() -> None:
    # the volume's @proceedings, which its papers name as their booktitle, was listed as
    # a paper with no authors: "Proceedings of the 61st Annual Meeting …"
    records = by_title(SHAPES / "acl_anthology_event.bib")
    assert sorted(records) == [
        "A Chapter of the Book",
        "One Paper of the Volume",
        # a book beside a chapter of it is a work of its own
        "Speech and Language Processing",
    ]


def test_a_conference_systems_export_names_authors_without_affiliations_or_marks() -> None:
    # CMT writes "Ann Lee (MIT)*; Bo Kim (Stanford University)": the affiliation and the
    # contact author's "*" were part of the names
    result = read_file(SHAPES / "cmt_accepted_papers.csv")
    assert [(r.title, r.authors, r.status) for r in result.records] == [
        ("Sparse Things", ("Ann Lee", "Bo Kim"), "Accept"),
        ("Dense Things", ("Cy Dee",), "Reject"),
    ]
    # its "Track Name" and "Primary Subject Area" are the track and the area
    assert [(r.track, r.primary_area) for r in result.records] == [
        ("Main Track", "Deep Learning -> Theory"),
        ("Main Track", "Optimization"),
    ]
    assert not any("Track Name" in problem.message for problem in result.problems)


def test_a_further_link_to_another_works_doi_is_not_the_papers() -> None:
    # a project link at the resolver is the data's DOI (Zenodo's), not the paper's
    [record] = read_file(SHAPES / "doi_of_its_data.csv").records
    assert record.project_urls == ("https://doi.org/10.5281/zenodo.1234567",)
    assert record.doi is None


def test_html_links_in_a_markdown_list_are_its_links() -> None:
    # "<a href=…>Title</a>": the paper was titled with its address
    records = read_file(SHAPES / "html_links.md").records
    assert [(r.title, r.url, r.code_urls) for r in records] == [
        ("Denoising Diffusion Probabilistic Models", "https://arxiv.org/abs/2006.11239", ()),
        (
            "High-Resolution Image Synthesis with Latent Diffusion Models",
            "https://arxiv.org/abs/2112.10752",
            ("https://github.com/CompVis/latent-diffusion",),
        ),
    ]


def test_a_tables_et_al_is_its_first_author_and_others() -> None:
    # "Rombach et al." was one author named so
    [record] = read_file(SHAPES / "awesome_table_et_al.md").records
    assert record.authors == ("Rombach", "et al.")


def test_a_generic_json_records_volume_issue_and_pages_reach_the_citation() -> None:
    # "volume", "issue" and "pages" of a record were not read: APA cited "Nature."
    library = load_library([SHAPES / "generic_journal_record.json"])
    [paper] = list(library)
    assert format_citation(paper, "apa", library=library).text == (
        "LeCun, Y. (2015). A Generic Journal Record. Nature, 521(7553), 436–444. "
        "https://doi.org/10.1038/nature14539"
    )


def test_a_folder_reads_the_endnote_pubmed_and_web_of_science_files_in_it(tmp_path: Path) -> None:
    # these exports were read when named, but a folder holding them skipped them as
    # files of no list kind ("not read: … (lists are read from .bib, .csv, …)")
    import shutil

    folder = tmp_path / "exports"
    folder.mkdir()
    shutil.copy(SHAPES / "google_scholar.enw", folder / "scholar.enw")
    shutil.copy(SHAPES / "pubmed_export.nbib", folder / "pubmed.nbib")
    shutil.copy(SHAPES / "web_of_science_savedrecs.txt", folder / "savedrecs.ciw")
    library = load_library([folder])
    assert sorted(paper_list.path.name for paper_list in library.lists) == [
        "pubmed.nbib",
        "savedrecs.ciw",
        "scholar.enw",
    ]
    for name in ("google_scholar.enw", "pubmed_export.nbib", "web_of_science_savedrecs.txt"):
        alone = load_library([SHAPES / name])
        assert {p.title for p in alone.papers} <= {p.title for p in library.papers}, name
    assert not [p for p in library.problems if p.severity == "error"]


def test_an_entry_repeating_another_papers_key_is_a_paper_and_a_copy_is_skipped() -> None:
    # a hand-kept .bib gave two papers the key Smith2020: the second paper was skipped
    # as a repeat of the first ("repeats an earlier entry's key; skipped it") and was
    # in none of the searches
    path = SHAPES / "duplicate_keys.bib"
    result = read_file(path)
    assert [r.title for r in result.records] == [
        "Learning to Grasp in Clutter",
        "Planning with Learned Models",
    ]
    said = sorted(problem.message for problem in result.problems)
    assert said == [
        "the entry at line 17, key Smith2020 repeats an earlier entry's key; skipped it",
        (
            "the entry at line 9, key Smith2020 repeats the key of an earlier entry for "
            "another paper; read as a paper of its own (give one of the two another key)"
        ),
    ]
    library = load_library([path])
    assert len(library.papers) == 2


def test_a_paper_copilot_list_without_bibtex_takes_its_venue_from_its_file_name(
    tmp_path: Path,
) -> None:
    # the venue of Paper Copilot's lists is only in their `bibtex` field, which some
    # venues' lists lack: iclr2023.json gave no venue, and citations none either
    records = [
        {
            "id": "aaaa1111",
            "title": "Accepted Oral Paper",
            "track": "main",
            "status": "Top-5%",
            "site": "https://iclr.cc/virtual/2023/poster/1",
            "author": "Ann One;Bo Two",
            "aff": "MIT;Stanford",
            "abstract": "We study planning with learned models in few trials.",
            "keywords": "rl;planning",
        }
    ]
    import json

    named = tmp_path / "iclr2023.json"
    named.write_text(json.dumps(records), encoding="utf-8")
    [record] = read_file(named).records
    assert (record.venue, record.year) == ("ICLR", 2023)
    other = tmp_path / "picks2023.json"  # a name that is no venue's: none is made up
    other.write_text(json.dumps(records), encoding="utf-8")
    [record] = read_file(other).records
    assert (record.venue, record.year) == (None, 2023)


def test_zoteros_automatic_tags_are_keywords_beside_its_manual_tags() -> None:
    # Zotero's CSV: "Automatic Tags" (those an import gave: arXiv's subjects, a
    # journal's) were not read; each column keeps its own "; " between tags
    records = by_title(SHAPES / "zotero_tags.csv")
    assert records["Deep learning"].keywords == (
        "to read",
        "survey",
        "Computer science",
        "Machine learning, statistics",
    )
    assert records["Attention Is All You Need"].keywords == (
        "Computer Science - Computation and Language",
        "Computer Science - Machine Learning",
    )


def test_a_crossref_works_subtitle_is_part_of_its_title(tmp_path: Path) -> None:
    # Crossref gives it apart from the title: the citation left it out
    path = tmp_path / "works.json"
    path.write_text(
        '{"status": "ok", "message-type": "work-list", "message": {"items": ['
        '{"DOI": "10.1016/j.x.2020.01.001", "type": "journal-article", '
        '"title": ["Deep learning"], "subtitle": ["a critical appraisal"], '
        '"container-title": ["Neural Networks"], "issued": {"date-parts": [[2020]]}}, '
        '{"DOI": "10.1016/j.x.2020.01.002", "type": "journal-article", '
        '"title": ["Graphs: A Survey"], "subtitle": ["A Survey"], '
        '"container-title": ["Neural Networks"], "issued": {"date-parts": [[2020]]}}]}}',
        encoding="utf-8",
    )
    titles = [record.title for record in read_file(path).records]
    # one the title already holds is not said twice
    assert titles == ["Deep learning: a critical appraisal", "Graphs: A Survey"]


def test_pubmeds_abbreviated_last_page_and_mesh_qualifiers(tmp_path: Path) -> None:
    # "436-44" was cited as pages 436–44, and a MeSH heading with its qualifier
    # ("Artificial Intelligence/*trends") was a keyword of its own
    text = (SHAPES / "pubmed_export.nbib").read_text(encoding="utf-8")
    path = tmp_path / "pubmed.nbib"
    path.write_text(
        text.replace(
            "MH  - *Artificial Intelligence", "MH  - Artificial Intelligence/*trends"
        ).replace("PG  - 436-44", "PG  - 1021-3"),
        encoding="utf-8",
    )
    review = read_file(path).records[0]
    assert review.pages == "1021-1023"
    assert review.keywords == ("Artificial Intelligence", "Neural Networks, Computer")
    library = load_library([path])
    paper = next(p for p in library if p.title == "Deep learning")
    assert "Nature, 521(7553), 1021–1023." in format_citation(paper, "apa", library=library).text
