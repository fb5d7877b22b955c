"""arXiv's feeds saved to a file: the API's Atom answer and the RSS feed of new papers.

The fixtures in tests/fixtures/feeds/ are written in arXiv's layouts (the API's answer as
``export.arxiv.org/api/query`` gives it, the RSS feed as ``rss.arxiv.org/rss/cs.LG`` does).
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.links import record_links
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.textrender import plain

FEEDS = Path(__file__).parent / "fixtures" / "feeds"


def by_id(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.arxiv_id or "": record for record in result.records}


def test_an_arxiv_api_answer_is_one_paper_an_entry() -> None:
    result = read_file(FEEDS / "arxiv_api_query.xml")
    assert result.format == "xml"
    assert [record.arxiv_id for record in result.records] == [
        "2006.11239",
        "hep-ex/0307015",
        "0710.2073",
    ]
    assert result.name == "diffusion AND cat:cs.LG (arXiv search)"


def test_an_api_entry_gives_title_authors_abstract_and_year() -> None:
    record = by_id(FEEDS / "arxiv_api_query.xml")["2006.11239"]
    assert record.title == "Denoising Diffusion Probabilistic Models"
    assert record.authors == ("Jonathan Ho", "Ajay Jain", "Pieter Abbeel")
    assert record.abstract.startswith("We present high quality image synthesis")
    assert record.year == 2020  # the first version's (published), not the last update's
    assert record.categories == ("cs.LG", "stat.ML")
    assert record.arxiv_class == "cs.LG"
    assert record.url == "https://arxiv.org/abs/2006.11239"
    assert record.pdf == "https://arxiv.org/pdf/2006.11239"


def test_a_wrapped_title_is_one_line_and_an_affiliation_is_no_author() -> None:
    record = by_id(FEEDS / "arxiv_api_query.xml")["0710.2073"]
    assert record.title == (
        "On coincidence of Alday-Maldacena-regularized $σ$-model and Nambu-Goto areas of "
        "minimal surfaces"
    )
    assert record.authors == ("A. Popolitov", "Jean-Pierre Dupré de la Tour")
    assert record.doi == "10.1134/S0021364007210011"
    assert record.journal_ref == "JETP Lett.86:559-561,2008"
    assert record.year == 2008  # the journal reference's
    # a citation string, kept whole; the journal it names, spaced, the paper's venue
    assert record.venue == record.journal == "JETP Lett."
    assert (record.volume, record.pages) == ("86", "559-561")


def test_the_code_a_comment_gives_is_a_code_link_and_its_other_addresses_none() -> None:
    record = by_id(FEEDS / "arxiv_api_query.xml")["hep-ex/0307015"]
    assert record.code_urls == ("https://github.com/h1-collab/multi-electron",)
    assert [link.url for link in record_links(record) if link.kind == "code"] == [
        "https://github.com/h1-collab/multi-electron"
    ]


def test_an_api_error_answer_is_said_and_makes_no_paper() -> None:
    result = read_file(FEEDS / "arxiv_api_error.xml")
    assert not result.records
    assert [p.message for p in result.problems] == [
        "arXiv's API answered with an error: incorrect id format for 1234.12345"
    ]


def test_an_rss_feed_item_gives_id_authors_and_abstract_without_the_announcement() -> None:
    result = read_file(FEEDS / "arxiv_rss_cs_lg.xml")
    assert result.name == "cs.LG updates on arXiv.org"
    records = by_id(FEEDS / "arxiv_rss_cs_lg.xml")
    record = records["2402.03001"]
    assert record.title == "Sparse Attention Revisited"
    assert record.authors == ("Thomas Müller", "Ada Lovelace", "Alan Turing")
    assert record.abstract.startswith("We revisit sparse attention")
    assert record.categories == ("cs.LG", "cs.AI")
    assert record.year == 2024
    replaced = records["1710.10903"]
    assert replaced.doi == "10.48550/arXiv.1710.10903"
    assert replaced.journal_ref == "ICLR 2018"
    assert replaced.authors[0] == "Petar Veličković"


def test_a_feed_saved_without_a_name_ending_is_read_as_a_feed(tmp_path: Path) -> None:
    # curl -o query saves the API's answer under whatever name it is given
    path = tmp_path / "query"
    path.write_bytes((FEEDS / "arxiv_api_query.xml").read_bytes())
    assert len(read_file(path).records) == 3


def test_a_feed_cut_short_keeps_the_entries_before_the_break(tmp_path: Path) -> None:
    text = (FEEDS / "arxiv_api_query.xml").read_text(encoding="utf-8")
    path = tmp_path / "cut.xml"
    path.write_text(text[: text.index("<title>Multi-Electron")], encoding="utf-8")
    result = read_file(path)
    assert [record.arxiv_id for record in result.records] == ["2006.11239"]
    assert any("breaks off" in p.message for p in result.problems)


def test_an_xml_document_with_entities_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "laughs.xml"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE feed [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>&b;&secret;</title>'
        "<summary>x</summary></entry></feed>\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert not result.records
    assert "DOCTYPE" in result.problems[0].message


def test_other_xml_is_refused_with_a_message_naming_what_is_read(tmp_path: Path) -> None:
    # RDF that is neither an RSS feed nor Zotero's export (no item has a z:itemType)
    path = tmp_path / "Exported Items.rdf"
    path.write_text(
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><rdf:Description>'
        "<dc:title>Attention Is All You Need</dc:title></rdf:Description></rdf:RDF>",
        encoding="utf-8",
    )
    result = read_file(path)
    assert not result.records
    message = result.problems[0].message
    assert "<RDF>" in message and "BibTeX" in message


def test_an_endnote_xml_record_gives_its_fields_as_endnotes_tagged_export_does() -> None:
    result = read_file(FEEDS / "endnote_library.xml")
    records = {record.title: record for record in result.records}
    paper = records["Deep residual learning for image recognition"]
    assert paper.authors == ("Kaiming He", "Xiangyu Zhang", "Shaoqing Ren", "Jian Sun")
    assert paper.editor == ("Agapito, Lourdes",)
    assert (paper.year, paper.entry_type, paper.pages) == (2016, "inproceedings", "770-778")
    assert paper.booktitle == (
        "Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition"
    )
    assert paper.doi == "10.1109/CVPR.2016.90"
    assert paper.keywords == ("residual networks", "image recognition")
    assert paper.cite_key == "he2016deep"
    assert paper.abstract.startswith("Deeper neural networks are more difficult to train.")
    # the PDF in the user's EndNote library is no web address
    assert paper.url and paper.url.startswith("https://openaccess.thecvf.com/")
    assert not paper.pdf
    article = records["Deep learning in neural networks: An overview"]
    assert (article.entry_type, article.journal, article.volume) == (
        "article",
        "Neural Networks",
        "61",
    )
    assert article.authors == ("Jürgen Schmidhuber",)
    assert [p.message for p in result.problems] == [
        "skipped 1 record with neither a title nor an abstract"
    ]


def test_a_saved_web_page_is_refused_not_read_as_abstracts(tmp_path: Path) -> None:
    # a conference's "accepted papers" page saved from the browser: read as text, its
    # tags were the list's name and its papers' abstracts
    page = (
        '<!DOCTYPE html>\n<html lang="en">\n<head><title>ICML 2024 Accepted Papers</title>'
        '</head>\n<body>\n<div class="paper"><p>Position: Stop Making Unscientific AGI '
        'Performance Claims</p></div>\n\n<div class="paper"><p>Another</p></div>\n</body>'
        "\n</html>\n"
    )
    for name in ("accepted.html", "accepted.txt", "accepted"):
        path = tmp_path / name
        path.write_text(page, encoding="utf-8")
        result = read_file(path)
        assert not result.records
        assert result.problems[0].message.startswith("is a web page (HTML)")


def test_a_text_list_that_starts_with_a_comment_stays_a_text_list(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        "<!-- copied from the workshop's page -->\nReading list\n\nWe study how "
        "diffusion models plan grasps for robot hands in clutter.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.format == "text" and result.records


def test_dblps_search_answer_in_xml_is_read_as_its_json_answer() -> None:
    # dblp.org/search/publ/api?q=… answers in XML unless asked for JSON
    result = read_file(FEEDS / "dblp_search_api.xml")
    records = {record.title: record for record in result.records}
    paper = records["Attention is All you Need"]  # DBLP's full stop after it left out
    assert paper.authors == ("Ashish Vaswani", "Noam Shazeer", "Niki Parmar")
    assert (paper.venue, paper.year, paper.pages) == ("NIPS", 2017, "5998-6008")
    assert paper.url and paper.url.startswith("https://proceedings.neurips.cc/paper/2017/")
    assert paper.source_id == "conf/nips/VaswaniSPUJGKP17"
    preprint = records["Is Attention All You Need for Graphs?"]
    assert preprint.authors == ("Wei Wang", "Jürgen Schmidhuber")  # no homonym number
    assert preprint.doi == "10.48550/ARXIV.2301.01234"


def test_tex_accents_in_an_entry_are_the_letters_they_make(tmp_path: Path) -> None:
    # arXiv keeps titles and names as submitted, TeX's accents in them, as its metadata
    # snapshot does, whose reader gives the letters
    text = (FEEDS / "arxiv_api_query.xml").read_text(encoding="utf-8")
    text = text.replace(
        "<title>Denoising Diffusion Probabilistic Models</title>",
        '<title>Denoising Diffusion for Schr\\"odinger Bridges</title>',
    ).replace("<name>Ajay Jain</name>", "<name>C. Bal\\'azs</name>")
    path = tmp_path / "query.xml"
    path.write_text(text, encoding="utf-8")
    record = by_id(path)["2006.11239"]
    assert record.title == "Denoising Diffusion for Schrödinger Bridges"
    assert record.authors == ("Jonathan Ho", "C. Balázs", "Pieter Abbeel")


def test_an_answer_to_a_list_of_ids_is_named_by_the_ids(tmp_path: Path) -> None:
    text = (FEEDS / "arxiv_api_query.xml").read_text(encoding="utf-8")
    path = tmp_path / "query.xml"
    path.write_text(
        text.replace(
            "search_query=all:diffusion AND cat:cs.LG&amp;id_list=",
            "search_query=&amp;id_list=2006.11239,0710.2073",
        ),
        encoding="utf-8",
    )
    assert read_file(path).name == "2006.11239,0710.2073 (arXiv)"


def test_an_entry_of_another_sites_feed_links_to_its_page(tmp_path: Path) -> None:
    # and its description, HTML, is its abstract without the markup
    path = tmp_path / "journal.rss"
    path.write_text(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Journal of Things</title>'
        "<item><title>Things Considered</title><link>https://journal.example.org/a/1</link>"
        "<description>&lt;p&gt;We consider &lt;i&gt;things&lt;/i&gt;.&lt;/p&gt;</description>"
        "</item></channel></rss>",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.url == "https://journal.example.org/a/1"
    # its italics kept as the LaTeX the abstract is shown with, no tag
    assert record.arxiv_id is None and record.abstract == "We consider \\textit{things}."
    assert plain(record.abstract) == "We consider things."


# --------------------------------------------------------------------------- RSS 1.0


def test_a_journals_rss_1_table_of_contents_is_its_papers() -> None:
    # RSS 1.0 (RDF) was refused as "another kind" of XML: Nature's table of contents
    result = read_file(FEEDS / "nature_rss1_toc.xml")
    assert result.format == "xml"
    assert result.name == "Nature"
    alphafold, briefing = result.records
    assert alphafold.title == (
        "Accurate structure prediction of biomolecular interactions with AlphaFold 3"
    )
    assert alphafold.authors == ("Josh Abramson", "Jonas Adler", "John M. Jumper")
    # the line of where and when it came out is no part of the summary
    assert alphafold.abstract.startswith("AlphaFold 3 has a substantially updated")
    assert "Published online" not in alphafold.abstract
    assert (alphafold.doi, alphafold.year, alphafold.journal) == (
        "10.1038/s41586-024-07487-w",
        2024,
        "Nature",
    )
    assert alphafold.url == "https://www.nature.com/articles/s41586-024-07487-w"
    assert "<" not in briefing.abstract
    assert (
        plain(briefing.abstract)
        == "The latest version of AlphaFold can model nearly all molecules of life."
    )


def test_an_rss_1_item_gives_its_prism_volume_and_pages_and_its_authors_one_by_one() -> None:
    (record,) = read_file(FEEDS / "elsevier_rss1_toc.xml").records
    # one dc:creator joining the names with commas
    assert record.authors == (
        "Gbolahan Ajibola",
        "Jean Leidner",
        "Gloria K. Mayondi",
        "Erik van Widenfelt",
        "Shahin Lockman",
    )
    assert (record.doi, record.volume, record.pages, record.year) == (
        "10.1016/j.jpeds.2018.08.009",
        "203",
        "68--75.e2",
        2018,
    )
    assert record.venue == "The Journal of Pediatrics"


def test_one_creator_written_family_name_first_is_one_author(tmp_path: Path) -> None:
    text = (FEEDS / "elsevier_rss1_toc.xml").read_text(encoding="utf-8")
    path = tmp_path / "toc.xml"
    start = text.index("<dc:creator>")
    end = text.index("</dc:creator>") + len("</dc:creator>")
    path.write_text(
        text[:start] + "<dc:creator>Lee, Ann B.</dc:creator>" + text[end:], encoding="utf-8"
    )
    assert read_file(path).records[0].authors == ("Lee, Ann B.",)


def test_arxivs_rss_1_feed_of_before_2024_gives_ids_categories_and_names() -> None:
    result = read_file(FEEDS / "arxiv_rss1_cs_lg_2023.xml")
    assert result.name == "cs.LG updates on arXiv.org"
    peft, revised = result.records
    # the id and category the title ended with are the paper's, not its title's
    assert (
        peft.title
        == "Empirical Analysis of the Strengths and Weaknesses of PEFT Techniques for LLMs"
    )
    assert (peft.arxiv_id, peft.categories, peft.year) == ("2304.14999", ("cs.CL",), 2023)
    assert peft.url == "https://arxiv.org/abs/2304.14999"
    # the names were links to their other papers, escaped HTML; TeX's accents are letters
    assert peft.authors == ("George Pu", "Anshul Jain", "Erwin Schrödinger")
    assert peft.abstract.startswith("As foundation models continue")
    assert "<p>" not in peft.abstract
    assert (revised.title, revised.arxiv_id, revised.year) == (
        "Old Paper Revised",
        "2210.01234",
        2022,
    )


def test_an_old_arxiv_title_ending_in_a_question_keeps_no_added_full_stop(
    tmp_path: Path,
) -> None:
    # the feed put ". (arXiv:…)" after every title, one ending in "?" or "!" too
    text = (FEEDS / "arxiv_rss1_cs_lg_2023.xml").read_text(encoding="utf-8")
    text = text.replace("Techniques for LLMs. (arXiv:", "Techniques for LLMs?. (arXiv:")
    text = text.replace("Old Paper Revised. (arXiv:", "Old Paper Revised!. (arXiv:")
    path = tmp_path / "cs.LG.xml"
    path.write_text(text, encoding="utf-8")
    peft, revised = read_file(path).records
    assert peft.title.endswith("for LLMs?")
    assert revised.title == "Old Paper Revised!"


def test_rdf_of_another_kind_is_refused_naming_the_rss_feeds_read(tmp_path: Path) -> None:
    path = tmp_path / "Exported Items.rdf"
    path.write_text(
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:bib="http://purl.org/net/biblio#" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        "<bib:Article><dc:title>Attention Is All You Need</dc:title></bib:Article></rdf:RDF>",
        encoding="utf-8",
    )
    result = read_file(path)
    assert not result.records
    assert "RSS feeds" in result.problems[0].message


def test_a_journals_rss_2_feed_gives_its_dublin_core_and_prism_fields() -> None:
    # Wiley's: the abstract was the description ("Advanced Materials, Volume 36, …"),
    # and the DOI, journal, volume, issue and page were left out
    (record,) = read_file(FEEDS / "wiley_rss2_toc.xml").records
    assert "<" not in record.abstract
    assert plain(record.abstract) == "We screen a million candidates with learned potentials."
    assert record.authors == ("Ann Lee", "Bo Kim", "Cy Dee")
    assert (record.doi, record.journal, record.volume, record.number, record.pages) == (
        "10.1002/adma.202400001",
        "Advanced Materials",
        "36",
        "12",
        "2400001",
    )
    assert record.year == 2024
