"""IEEE, Chicago author-date, RIS and CSL-JSON citations.

IEEE and Chicago are checked against their style rules on papers of real lists (the
slices of tests/fixtures/citations/styles/) and on papers made here. RIS and CSL-JSON
are checked by reading them back: every paper of the real lists' slices in
tests/fixtures/real_lists/, cited as RIS or CSL-JSON, written to a file and read by
tuireader's own readers, gives the same title, authors, year, venue, DOI and links.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.model import Link, Paper
from tuireader.render.citations import (
    FORMAT_LABELS,
    FORMATS,
    _facts,
    _institution,
    _plain,
    _with_source,
    cite_keys,
    format_citation,
    format_many,
    name_parts,
    paper_url,
)

HERE = Path(__file__).parent
STYLES = HERE / "fixtures" / "citations" / "styles"
REAL = HERE / "fixtures" / "real_lists"
REAL_LISTS = sorted(path for path in REAL.iterdir() if path.name != "README.md")
NEW = ("ieee", "chicago", "ris", "csl-json")


def papers_of(name: str) -> dict[str, Paper]:
    library = load_library([STYLES / name])
    return {
        (p.source_entry.key if p.source_entry else p.cite_key) or p.id: p for p in library.papers
    }


def cite(paper: Paper, fmt: str) -> str:
    return format_citation(paper, fmt).text


def person(name: str, **fields) -> Paper:
    return Paper(id=name, title="T", abstract="", **fields)


# ---------------------------------------------------------------------- formats


def test_the_new_formats_are_offered_after_the_first_eight() -> None:
    # the first eight keep their places: their numbers in the reader's menu are as before
    assert FORMATS[:8] == ("bibtex", "biblatex", "apa", "mla", "markdown", "cite", "pandoc", "url")
    assert FORMATS[8:] == NEW
    assert all(FORMAT_LABELS[fmt] for fmt in NEW)


# ------------------------------------------------------------------------- IEEE

AUTHORS = ("Ada Lovelace", "Alan Turing", "Grace Hopper", "Claude Shannon")
MORE = (*AUTHORS, "John von Neumann", "Kurt Gödel", "Emmy Noether")


def test_ieee_names_initials_first_and_before_the_last_et_al_beyond_six() -> None:
    one = person("a", authors=AUTHORS[:1], year=2020)
    two = person("b", authors=AUTHORS[:2], year=2020)
    four = person("c", authors=AUTHORS, year=2020)
    six = person("d", authors=MORE[:6], year=2020)
    seven = person("e", authors=MORE, year=2020)
    assert cite(one, "ieee").startswith("A. Lovelace, “T,” ")
    assert cite(two, "ieee").startswith("A. Lovelace and A. Turing, “T,” ")
    assert cite(four, "ieee").startswith("A. Lovelace, A. Turing, G. Hopper, and C. Shannon, “T,” ")
    assert cite(six, "ieee").startswith(
        "A. Lovelace, A. Turing, G. Hopper, C. Shannon, J. von Neumann, and K. Gödel, “T,” "
    )
    assert cite(seven, "ieee").startswith("A. Lovelace et al., “T,” ")
    # a source that names only some ("and others") is "et al." too
    others = person("f", authors=(*AUTHORS[:2], "others"), year=2020)
    assert cite(others, "ieee").startswith("A. Lovelace et al., “T,” ")


def test_ieee_journal_article() -> None:
    paper = Paper(
        id="j",
        title='Why "Deep" Nets Generalize',
        abstract="",
        authors=AUTHORS[:3],
        journal="IEEE Transactions on Pattern Analysis and Machine Intelligence",
        volume="12",
        number="3",
        pages="100--110",
        year=2021,
        month=9,
        doi="10.1109/TPAMI.2021.1",
    )
    assert cite(paper, "ieee") == (
        "A. Lovelace, A. Turing, and G. Hopper, “Why ‘Deep’ Nets Generalize,” IEEE "
        "Transactions on Pattern Analysis and Machine Intelligence, vol. 12, no. 3, "
        "pp. 100–110, Sept. 2021, doi: 10.1109/TPAMI.2021.1."
    )
    # a title's own question mark takes no comma; an article's number is no page
    asked = Paper(
        id="q",
        title="Is Attention All You Need?",
        abstract="",
        authors=AUTHORS[:1],
        journal="Journal of Things",
        pages="e70",
        year=2021,
    )
    assert cite(asked, "ieee") == (
        "A. Lovelace, “Is Attention All You Need?” Journal of Things, Art. no. e70, 2021."
    )


def test_ieee_and_chicago_proceedings_with_editors_and_pages() -> None:
    paper = papers_of("pmlr_collas2022_editors_slice.bib")["li2022"]
    assert cite(paper, "ieee") == (
        "S. Li, Y. Du, G. van de Ven, and I. Mordatch, “Energy-Based Models for Continual "
        "Learning,” in Proceedings of The 1st Conference on Lifelong Learning Agents, "
        "S. Chandar, R. Pascanu, and D. Precup, Eds., 2022, pp. 1–22."
    )
    assert cite(paper, "chicago") == (
        "Li, Shuang, Yilun Du, Gido van de Ven, and Igor Mordatch. 2022. “Energy-Based "
        "Models for Continual Learning.” In Proceedings of The 1st Conference on Lifelong "
        "Learning Agents, edited by Sarath Chandar, Razvan Pascanu, and Doina Precup, 1–22."
    )


def test_ieee_and_chicago_icml_paper_names_the_series_and_publisher() -> None:
    paper = person("i", authors=AUTHORS[:2], venue="ICML", year=2024, pages="1--9")
    assert cite(paper, "ieee") == (
        "A. Lovelace and A. Turing, “T,” in Proceedings of the 41st International "
        "Conference on Machine Learning, ser. Proceedings of Machine Learning Research, "
        "vol. 235, PMLR, 2024, pp. 1–9."
    )
    assert cite(paper, "chicago") == (
        "Lovelace, Ada, and Alan Turing. 2024. “T.” In Proceedings of the 41st "
        "International Conference on Machine Learning, 1–9. Proceedings of Machine "
        "Learning Research 235. PMLR."
    )


def test_ieee_and_chicago_theses_and_reports() -> None:
    papers = papers_of("theses_and_reports.bib")
    assert cite(papers["lee2019"], "ieee") == (
        "A. Lee, “Learning to Act in Partially Observed Worlds,” Ph.D. dissertation, "
        "Massachusetts Institute of Technology, 2019."
    )
    assert cite(papers["roe2020"], "ieee") == (
        "R. Roe, “A Study of Small Things in Large Models,” M.S. thesis, University of "
        "Toronto, 2020."
    )
    assert cite(papers["poe2021"], "ieee") == (
        "P. Poe, “Benchmarks for Robot Grasping Under Noise,” Stanford University, "
        "Rep. CS-TR-2021-07, 2021."
    )
    assert cite(papers["lee2019"], "chicago") == (
        "Lee, Ann. 2019. “Learning to Act in Partially Observed Worlds.” PhD diss., "
        "Massachusetts Institute of Technology."
    )
    assert cite(papers["poe2021"], "chicago") == (
        "Poe, Paul. 2021. Benchmarks for Robot Grasping Under Noise. Report CS-TR-2021-07. "
        "Stanford University."
    )


def test_ieee_and_chicago_arxiv_preprint_and_book() -> None:
    preprint = person(
        "p",
        authors=AUTHORS[:1],
        year=2017,
        arxiv_id="1704.00028",
        links=(Link("https://arxiv.org/abs/1704.00028", "paper", "url"),),
    )
    assert cite(preprint, "ieee") == (
        "A. Lovelace, “T,” 2017, arXiv:1704.00028. [Online]. Available: "
        "https://arxiv.org/abs/1704.00028"
    )
    assert cite(preprint, "chicago") == (
        "Lovelace, Ada. 2017. “T.” Preprint, arXiv:1704.00028. https://arxiv.org/abs/1704.00028."
    )
    book = Paper(
        id="b",
        title="Understanding Analysis",
        abstract="",
        authors=("Stephen Abbott",),
        entry_type="book",
        publisher="Springer",
        place="New York",
        edition="2",
        year=2015,
    )
    assert (
        cite(book, "ieee") == "S. Abbott, Understanding Analysis, 2nd ed. New York: Springer, 2015."
    )
    assert cite(book, "chicago") == (
        "Abbott, Stephen. 2015. Understanding Analysis. 2nd ed. New York: Springer."
    )


def test_chicago_names_and_journal() -> None:
    paper = Paper(
        id="j",
        title="Deep Nets",
        abstract="",
        authors=AUTHORS[:2],
        journal="Journal of Things",
        volume="12",
        number="3",
        pages="100-110",
        year=2021,
        doi="10.1000/x",
    )
    assert cite(paper, "chicago") == (
        "Lovelace, Ada, and Alan Turing. 2021. “Deep Nets.” Journal of Things 12 (3): "
        "100–110. https://doi.org/10.1000/x."
    )
    eleven = person(
        "e",
        authors=(*MORE, "Alonzo Church", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"),
        year=2020,
    )
    assert cite(eleven, "chicago").startswith(
        "Lovelace, Ada, Alan Turing, Grace Hopper, Claude Shannon, John von Neumann, "
        "Kurt Gödel, Emmy Noether, et al. 2020. “T.”"
    )
    # no year: "n.d.", one full stop after it
    assert cite(person("n", authors=AUTHORS[:1]), "chicago") == "Lovelace, Ada. n.d. “T.”"


def test_no_empty_elements_in_ieee_and_chicago() -> None:
    for path in [*REAL_LISTS, *sorted(STYLES.iterdir())]:
        library = load_library([path])
        for paper in library.papers:
            for fmt in ("ieee", "chicago"):
                text = format_citation(paper, fmt, library=library).text
                for empty in ("In .", ", ,", "()", "“”", "..", " ,", "vol. ,", "n.d.."):
                    assert empty not in text, (paper.id, fmt, text)


# ------------------------------------------------------------------ read back


def _name(name: str) -> object:
    if _institution(name):
        return _plain(name)
    given, family, suffix = (_plain(part) for part in name_parts(name))
    return family if not given and not suffix else (family, given, suffix)


def _view(paper: Paper) -> dict[str, object]:
    """What a citation says of a paper: its title, authors (as split), year, venue, DOI,
    URL and arXiv id."""
    facts = _facts(_with_source(paper), "key")
    return {
        "title": _plain(paper.title),
        "authors": tuple(_name(name) for name in facts.authors),
        "year": facts.year,
        "venue": _plain(facts.venue.container) if facts.venue else None,
        "doi": facts.doi,
        "url": paper_url(paper),
        "arxiv": paper.arxiv_id,
    }


@pytest.mark.parametrize(("fmt", "name"), [("ris", "back.ris"), ("csl-json", "back.json")])
@pytest.mark.parametrize("path", REAL_LISTS, ids=lambda path: path.name)
def test_every_paper_of_the_real_lists_reads_back_the_same(
    tmp_path: Path, path: Path, fmt: str, name: str
) -> None:
    library = load_library([path])
    papers = list(library.papers)
    assert papers
    text = format_many(papers, fmt, library=library)
    written = tmp_path / name
    written.write_text(text + "\n", encoding="utf-8")
    back = load_library([written])
    assert not back.problems
    assert len(back.papers) == len(papers)
    keys = cite_keys(papers, library)
    by_key = {paper.cite_key: paper for paper in back.papers}
    for paper in papers:
        again = by_key[keys[paper.id]]
        assert _view(again) == _view(paper), paper.id
        facts = _facts(_with_source(paper), "key")
        given = {link.url for link in paper.links} | {facts.url, facts.pdf, facts.address}
        arxiv = {f"https://arxiv.org/{kind}/{paper.arxiv_id}" for kind in ("abs", "pdf")}
        assert {link.url for link in again.links} <= given | arxiv, paper.id


HOSTILE = 'Evil\nTY  - JOUR\nTI  - Injected\nER  - \nTY  - BOOK "quoted" \\ back\x00\x07 end'


@pytest.mark.parametrize(("fmt", "name"), [("ris", "back.ris"), ("csl-json", "back.json")])
def test_paper_text_cannot_break_or_inject_records(tmp_path: Path, fmt: str, name: str) -> None:
    paper = Paper(
        id="h",
        title=HOSTILE,
        abstract="",
        authors=("Ada Lovelace", 'Alan "The" Turing\nAU  - Mallory'),
        journal='Journal "of" Things\r\nER  - ',
        year=2020,
        doi="10.1000/x",
    )
    plain = Paper(id="p", title="Plain", abstract="", authors=("Grace Hopper",), year=2021)
    text = format_many([paper, plain], fmt)
    if fmt == "csl-json":
        items = json.loads(text)
        assert [item["title"] for item in items] == [_plain(HOSTILE), "Plain"]
        assert items[0]["container-title"] == 'Journal "of" Things ER -'
    else:
        # every line is one tag of one of the two records
        lines = [line for line in text.splitlines() if line]
        assert all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in lines)
        assert [line[:2] for line in lines].count("TY") == 2
        assert [line[:2] for line in lines].count("ER") == 2
    written = tmp_path / name
    written.write_text(text + "\n", encoding="utf-8")
    back = load_library([written])
    assert len(back.papers) == 2, [p.title for p in back.papers]
    titles = sorted(p.title for p in back.papers)
    assert titles[1] == "Plain"
    hostile = next(p for p in back.papers if p.title != "Plain")
    if fmt == "ris":  # (the CSL reader cuts what reads as RIS tags from a title's end)
        assert hostile.title == _plain(HOSTILE)
    assert len(hostile.authors) == 2
    assert hostile.doi == "10.1000/x"


# ------------------------------------------------------------------ command line


def test_cite_offers_the_new_formats(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    source = REAL / "zotero_csl_slice.json"
    for fmt in NEW:
        code = main(["cite", str(source), "--query", "", "--format", fmt])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert out.strip()
    assert main(["cite", "--help"]) == 0
    out, _ = capsys.readouterr()
    for fmt in NEW:
        assert fmt in out
    assert "RIS records and CSL-JSON items" in " ".join(out.split())


@pytest.mark.parametrize("fmt", NEW)
def test_the_new_formats_are_what_y_may_copy(tmp_path: Path, monkeypatch, fmt: str) -> None:
    from tuireader.system.config import load_config
    from tuireader.system.paths import resolve

    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    paths = resolve().ensure()
    paths.config_file.write_text(f'citation_format = "{fmt}"\n', encoding="utf-8")
    config = load_config(resolve())
    assert config.citation_format == fmt and config.problems == ()


def test_chicago_calls_no_paper_a_preprint_whose_doi_is_a_journals() -> None:
    # arXiv's record of a paper a journal published (its DOI the journal's) was cited
    # "Preprint, arXiv:0704.0118. https://doi.org/10.1063/1.2747675"
    published = person(
        "w", authors=AUTHORS[:1], year=2007, arxiv_id="0704.0118", doi="10.1063/1.2747675"
    )
    assert cite(published, "chicago") == (
        "Lovelace, Ada. 2007. “T.” arXiv:0704.0118. https://doi.org/10.1063/1.2747675."
    )
    preprint = person(
        "p", authors=AUTHORS[:1], year=2007, arxiv_id="0704.0118", doi="10.48550/arXiv.0704.0118"
    )
    assert "“T.” Preprint, arXiv:0704.0118. https://doi.org/10.48550/arXiv.0704.0118." in cite(
        preprint, "chicago"
    )
