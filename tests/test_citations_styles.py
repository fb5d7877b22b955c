"""APA, MLA and Markdown as their style guides write them, for papers of real lists.

The slices in tests/fixtures/citations/styles/ are verbatim records of public files:
PMLR's CoLLAs 2022 proceedings BibTeX (the @Proceedings and two papers), a Zotero
Better BibTeX export, a Zotero BibLaTeX export, a Zotero Better CSL JSON export, Paper
Copilot's CoRL 2023 list, the ICML 2024 list and the arXiv Kaggle metadata dump. They
are read by tuireader's own readers, as the command line reads them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import bibtexparser

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import (
    W_NO_VENUE,
    base_key,
    format_citation,
    make_source_entry,
    validate_bibtex,
)

STYLES = Path(__file__).parent / "fixtures" / "citations" / "styles"


def papers_of(name: str) -> dict[str, Paper]:
    """The papers of one slice, by their source key (else their PMLR key, else their id)."""
    library = load_library([STYLES / name])
    assert not [p for p in library.problems if p.severity == "error"], library.problems
    papers = {}
    for paper in library.papers:
        key = paper.source_entry.key if paper.source_entry else paper.cite_key
        papers[key or paper.pmlr_key or paper.source_id or paper.id] = paper
    return papers


def cite(paper: Paper, fmt: str) -> str:
    return format_citation(paper, fmt).text


def bib_authors(text: str) -> str:
    (entry,) = bibtexparser.parse_string(text).entries
    return next(f.value for f in entry.fields if f.key == "author")


# ------------------------------------------------------- editors of the container


def test_apa_and_mla_name_the_editors_of_the_proceedings() -> None:
    paper = papers_of("pmlr_collas2022_editors_slice.bib")["li2022"]
    assert cite(paper, "apa") == (
        "Li, S., Du, Y., van de Ven, G., & Mordatch, I. (2022). Energy-Based Models for "
        "Continual Learning. In S. Chandar, R. Pascanu, & D. Precup (Eds.), Proceedings of "
        "The 1st Conference on Lifelong Learning Agents (pp. 1–22)."
    )
    assert cite(paper, "mla") == (
        'Li, Shuang, et al. "Energy-Based Models for Continual Learning." Proceedings of '
        "The 1st Conference on Lifelong Learning Agents, edited by Sarath Chandar et al., "
        "2022, pp. 1-22."
    )
    # the BibTeX copy had them already
    assert "editor = {Chandar, Sarath and Pascanu, Razvan and Precup, Doina}" in cite(
        paper, "bibtex"
    )


def test_one_and_two_editors_of_a_book_the_paper_is_in() -> None:
    young = papers_of("zotero_csl_styles_slice.json")["youngRandomDotProduct2007"]
    assert cite(young, "apa") == (
        "Young, S. J., & Scheinerman, E. R. (2007). Random Dot Product Graph Models for Social "
        "Networks. In A. Bonato & F. R. K. Chung (Eds.), Algorithms and Models for the "
        "Web-Graph (pp. 138–149). Springer Berlin Heidelberg."
    )
    assert cite(young, "mla") == (
        'Young, Stephen J., and Edward R. Scheinerman. "Random Dot Product Graph Models for '
        'Social Networks." Algorithms and Models for the Web-Graph, edited by Anthony Bonato '
        "and Fan R. K. Chung, Springer Berlin Heidelberg, 2007, pp. 138-149."
    )
    dilkas = papers_of("zotero_betterbibtex_styles_slice.bib")[
        "dilkasGeneratingRandomInstances2023"
    ]
    assert cite(dilkas, "apa") == (
        "Dilkas, P. (2023). Generating Random Instances of Weighted Model Counting. In A. A. "
        "Cire (Ed.), Integration of Constraint Programming, Artificial Intelligence, and "
        "Operations Research (pp. 395–416). Springer Nature Switzerland. "
        "https://doi.org/10.1007/978-3-031-33271-5_26"
    )
    assert ", edited by Andre A. Cire, Springer Nature Switzerland, 2023, pp. 395-416," in (
        cite(dilkas, "mla")
    )


def test_a_journals_editors_are_not_named() -> None:
    paper = Paper(
        id="j",
        title="A Result",
        abstract="",
        authors=("Ada Lovelace",),
        year=2020,
        journal="Journal of Results",
        editor=("Babbage, Charles",),
    )
    assert "Babbage" not in cite(paper, "apa")
    assert "Babbage" not in cite(paper, "mla")


# -------------------------------------------------------------- names' particles


def test_particles_go_with_the_family_name_never_into_the_initials() -> None:
    oord = papers_of("zotero_biblatex_oord_slice.bib")["oord_neural_2017"]
    # the source writes "Oord, Aaron van den", which BibTeX reads with "van den" given
    assert cite(oord, "apa").startswith("van den Oord, A., Vinyals, O., & Kavukcuoglu, K. (2017).")
    assert cite(oord, "mla").startswith("van den Oord, Aaron, et al.")
    assert "author = {Oord, Aaron van den and" in cite(oord, "bibtex")  # as written
    icml = papers_of("icml2024_names_slice.jsonl")
    apa = cite(icml["levine24a"], "apa")
    assert "Han, I., de Oliveira Fonseca, A. H., Caro, J. O.," in apa
    assert "van Dijk, D. (2024)" in apa


def test_a_pmlr_key_says_where_the_first_authors_family_name_begins() -> None:
    icml = papers_of("icml2024_names_slice.jsonl")
    latour = icml["dupre-la-tour24a"]
    assert cite(latour, "apa").startswith("Dupre la Tour, M., Henzinger, M., & Saulpic, D. (2024).")
    assert cite(latour, "mla").startswith("Dupre la Tour, Max, et al.")
    bibtex = cite(latour, "bibtex")
    # braced, or BibTeX would read "Dupre la" as the von part of "Tour"
    assert bib_authors(bibtex).startswith("{Dupre la Tour}, Max and Henzinger, Monika")
    assert base_key(latour) == "duprelatour2024making"
    luca = icml["back-de-luca24a"]
    assert cite(luca, "apa").startswith("Back de Luca, A., & Fountoulakis, K. (2024).")
    assert bib_authors(cite(luca, "bibtex")) == "{Back de Luca}, Artur and Fountoulakis, Kimon"
    assert base_key(luca) == "backdeluca2024simulation"
    # a key that is the last word alone changes nothing
    assert cite(icml["levine24a"], "apa").startswith("Levine, D., Rizvi, S. A., Lévy, S.,")


def test_a_pmlr_key_matches_accents_hyphens_and_a_suffix() -> None:
    def first(name: str, key: str) -> str:
        paper = Paper(id="p", title="T", abstract="", authors=(name, "B C"), pmlr_key=key)
        return cite(paper, "apa").split(", &")[0]

    assert first("José García Márquez", "garcia-marquez24a") == "García Márquez, J."
    assert first("Ana Maria Rubin-Delanchy", "rubin-delanchy24b") == "Rubin-Delanchy, A. M."
    assert first("Neal J. Evans II", "evans-ii24a") == "Evans, N. J., II"
    assert first("Ivan van der Berg", "van-der-berg24a") == "van der Berg, I."
    # the key of another name, or the whole name, is no family name
    assert first("Max Dupre la Tour", "smith24a") == "la Tour, M. D."
    assert first("Ada Lovelace", "ada-lovelace24a") == "Lovelace, A."
    # nor a shorter one than the name gives, nor one that starts with an initial
    assert first("Saul José Rodrigues dos Santos", "santos24a") == "dos Santos, S. J. R."
    assert first("Soroush H. Zargarbashi", "h-zargarbashi24a") == "Zargarbashi, S. H."


def test_names_that_came_out_right_still_do() -> None:
    def apa(name: str) -> str:
        paper = Paper(id="p", title="T", abstract="", authors=(name,), year=2020)
        return cite(paper, "apa").split(" (2020)")[0]

    assert apa("Gido van de Ven") == "van de Ven, G."
    assert apa("Dimitri von Rütte") == "von Rütte, D."
    assert apa("Christopher De Sa") == "De Sa, C."
    assert apa("Martin Luther King Jr.") == "King, M. L., Jr."
    assert apa("Neal J. Evans II") == "Evans, N. J., II."
    assert apa("Xue Bin Peng") == "Peng, X. B."
    assert apa("Ana de la Cruz") == "de la Cruz, A."
    assert apa("Jean-Paul Sartre") == "Sartre, J.-P."


# ----------------------------------------------------------------------------- MLA


def test_mla_three_or_more_editors_end_with_et_al_and_its_period() -> None:
    paper = papers_of("zotero_betterbibtex_styles_slice.bib")[
        "bessierePrinciplesPracticeConstraint2007"
    ]
    assert cite(paper, "mla").startswith("Bessière, Christian, et al., editors. Principles")


def test_mla_gives_the_year_when_the_proceedings_title_holds_one() -> None:
    papers = papers_of("zotero_betterbibtex_styles_slice.bib")
    fichte = cite(papers["fichteProofsPropositionalModel2022"], "mla")
    assert "(SAT 2022), Schloss Dagstuhl" in fichte
    assert "für Informatik, 2022, pp. 30:1-30:24, https://doi.org/" in fichte
    ganian = cite(papers["ganianCommunityStructureInspired2015"], "mla")
    assert "SAT 2015, edited by Marijn Heule and Sean Weaver, Springer International " in ganian
    assert "Publishing, 2015, pp. 223-237," in ganian
    # a journal reference that ends with its year is not followed by it again
    arxiv = Paper(
        id="a",
        title="T",
        abstract="",
        authors=("A B",),
        year=2007,
        journal_ref="Phys.Rev.D76:013009,2007",
    )
    assert cite(arxiv, "mla").endswith('"T." Phys. Rev. D 76, 013009 (2007).')


def test_mla_gives_no_year_again_after_a_journal_reference_that_holds_it() -> None:
    # arXiv 0704.0163's reference gives the year after the volume: MLA repeated it
    # ("Philosophical Magazine 86 (2006), 753, 2006,")
    (paper,) = load_library([STYLES / "arxiv_kaggle_journal_ref_year_slice.jsonl"]).papers
    assert paper.journal_ref == "Philosophical Magazine 86 (2006), 753"
    mla = cite(paper, "mla")  # the journal it names, read from it
    assert '." Philosophical Magazine, vol. 86, 2006, 753, https://doi.org/10.1080/' in mla
    assert "2006, 753, 2006" not in mla
    # its one number the page it starts on, as IEEE gave it from the reference before
    assert "Philosophical Magazine, vol. 86, p. 753, 2006, doi:" in cite(paper, "ieee")
    # a reference no journal is read from is given as written, without its year again
    written = replace(paper, venue=None, journal=None, volume=None, pages=None, entry_type=None)
    mla = cite(written, "mla")
    assert '." Philosophical Magazine 86 (2006), 753, https://doi.org/10.1080/' in mla
    assert "2006, 753, 2006" not in mla
    unlinked = replace(written, links=(), doi=None, arxiv_id=None)  # Markdown says where
    assert cite(unlinked, "markdown").endswith(" Philosophical Magazine 86 (2006), 753.")
    # a reference of another year, or a number holding the year's digits, is followed by it
    for reference in ("Phil. Mag. 86 (2005), 753", "Phil. Mag. 86, 12006"):
        other = replace(written, journal_ref=reference)
        assert f"{reference}, 2006, https://doi.org/" in cite(other, "mla"), reference


# ------------------------------------------------------------ a title's own mark


def test_a_title_ending_in_a_question_mark_gets_no_period_after_it() -> None:
    paper = papers_of("pmlr_collas2022_editors_slice.bib")["collins2022"]
    markdown = cite(paper, "markdown")
    assert markdown.startswith("*How Does the Task Landscape Affect MAML Performance?* Liam")
    assert "?*." not in markdown
    assert "Performance? In S. Chandar" in cite(paper, "apa")
    assert '"How Does the Task Landscape Affect MAML Performance?" Proceedings' in cite(
        paper, "mla"
    )
    shout = Paper(id="s", title="Stop!", abstract="", authors=("A B",), year=2020)
    assert cite(shout, "markdown") == "*Stop!* A B. 2020."
    assert cite(shout, "apa") == "B, A. (2020). Stop!"
    assert cite(shout, "mla") == 'B, A. "Stop!" 2020.'


# --------------------------------------------------------------------- blog posts


def test_a_blog_posts_site_is_named() -> None:
    post = papers_of("zotero_csl_styles_slice.json")["juriaanmReviewMinoltaAuto2019"]
    url = "https://phillipreeve.net/blog/review-minolta-auto-rokkor-pf-55-mm-f-2/"
    apa = format_citation(post, "apa")
    assert (
        apa.text == f"JuriaanM. (2019, June 20). Review: Minolta Auto Rokkor-PF 55 mm f/2. "
        f"phillipreeve.net. {url}"
    )
    assert W_NO_VENUE not in apa.warnings
    assert cite(post, "mla") == (
        f'JuriaanM. "Review: Minolta Auto Rokkor-PF 55 mm f/2." phillipreeve.net, '
        f"20 June 2019, {url}."
    )
    for fmt in ("bibtex", "biblatex"):
        text = cite(post, fmt)
        assert validate_bibtex(text) == []
        assert "howpublished = {phillipreeve.net}" in text
        assert text.startswith("@misc{juriaanmReviewMinoltaAuto2019,")
    # the CSL item's issued [[2019, 6, 20]]: BibTeX's month macro, BibLaTeX's date
    assert "  year = {2019},\n  month = jun,\n" in cite(post, "bibtex")
    assert "  date = {2019-06-20},\n" in cite(post, "biblatex")


def test_a_blog_posts_site_and_day_from_biblatex() -> None:
    # Zotero's BibLaTeX gives a Medium post's site as titleaddon and its day as date:
    # APA and MLA named no site, and APA gave the year alone
    post = papers_of("zotero_biblatex_medium_slice.bib")["kim_ppo_2025"]
    url = (
        "https://medium.com/@kdk199604/"
        "ppo-efficient-stable-and-scalable-policy-optimization-15b5b9c74a88"
    )
    title = "PPO: Efficient, Stable, and Scalable Policy Optimization"
    apa = format_citation(post, "apa")
    assert apa.text == f"Kim, D.-K. (2025, March 24). {title}. Medium. {url}"
    assert not apa.warnings
    assert cite(post, "mla") == f'Kim, Dong-Keon. "{title}." Medium, 24 Mar. 2025, {url}.'
    assert "titleaddon = {Medium}" in cite(post, "biblatex")  # the entry as given

    def page(*fields: tuple[str, str]) -> Paper:
        base = [("title", "A Post"), ("author", "Doe, Jane"), ("url", "https://x.org/p")]
        entry = make_source_entry("k", "misc", [*base, *fields])
        return Paper(id="m", title="A Post", abstract="", year=2021, source_entry=entry)

    # BibTeX's year, month and day, a howpublished that names the site
    dated = page(("howpublished", "Some Blog"), ("year", "2021"), ("month", "sep"), ("day", "7"))
    assert cite(dated, "apa") == "Doe, J. (2021, September 7). A Post. Some Blog. https://x.org/p"
    assert cite(dated, "mla") == 'Doe, Jane. "A Post." Some Blog, 7 Sept. 2021, https://x.org/p.'
    month = page(("titleaddon", "Some Blog"), ("date", "2021-05"))
    assert cite(month, "apa").startswith("Doe, J. (2021, May). A Post. Some Blog. https:")
    assert " Some Blog, May 2021, https:" in cite(month, "mla")
    # an address is no site's name, and a post without a site is dated by its year
    for site in (("howpublished", "\\url{https://x.org/p}"), ("titleaddon", "https://x.org")):
        bare = page(site, ("date", "2021-05-02"))
        assert cite(bare, "apa") == "Doe, J. (2021). A Post. https://x.org/p", site
    # a preprint on arXiv is dated by its year, its site or not
    oord = papers_of("zotero_biblatex_oord_slice.bib")["oord_neural_2017"]
    assert "(2017). Neural Discrete Representation Learning. arXiv." in cite(oord, "apa")


# ---------------------------------------------------------------------- ligatures


def test_ligatures_are_plain_letters_in_every_format() -> None:
    papers = papers_of("papercopilot_corl2023_ligatures_slice.json")
    titles = {paper.title: paper for paper in papers.values()}
    label = next(p for t, p in titles.items() if t.startswith("LabelFormer"))
    traffic = next(p for t, p in titles.items() if t.startswith("Learning Realistic"))
    for fmt in ("apa", "mla", "markdown", "bibtex"):
        assert "Trajectory Refinement" in cite(label, fmt), fmt
        assert "Realistic Traffic Agents" in cite(traffic, fmt), fmt
    # the other ligatures, and in a generated entry too
    paper = Paper(
        id="l",
        title="\ufb00 \ufb02 \ufb03 \ufb04 \ufb05 \ufb06",
        abstract="",
        authors=("Gri\ufb03n Wol\ufb00",),
        year=2020,
        venue="ICLR",
    )
    for fmt in ("apa", "mla", "markdown", "bibtex", "biblatex"):
        text = cite(paper, fmt)
        assert not any(0xFB00 <= ord(ch) <= 0xFB06 for ch in text), (fmt, text)
    assert cite(paper, "apa").startswith("Wolff, G. (2020). ff fl ffi ffl st st.")
    assert base_key(paper) == "wolff2020ff"


# ---------------------------------------------------------------- institutions


def babar_papers() -> list[Paper]:
    """The BABAR Collaboration as each source gives an institution's name: a BibTeX
    author in braces, a CSL ``literal`` (and arXiv's ``authors_parsed`` with no given
    name) as the split names, and a name the paper itself writes in braces."""
    record = json.loads((STYLES / "arxiv_kaggle_babar_slice.jsonl").read_text("utf-8"))
    title = " ".join(record["title"].split())
    common = {"title": title, "abstract": "", "year": 2007, "journal": "Physical Review D"}
    entry = make_source_entry(
        "babar2007",
        "article",
        [
            ("title", title),
            ("author", "{The BABAR Collaboration} and Aubert, B."),
            ("journal", "Physical Review D"),
            ("year", "2007"),
        ],
    )
    return [
        Paper(id="bib", source_entry=entry, **common),  # type: ignore[arg-type]
        Paper(
            id="csl",
            authors=("The BABAR Collaboration", "B. Aubert"),
            author_names=("{The BABAR Collaboration}", "Aubert, B."),
            **common,  # type: ignore[arg-type]
        ),
        Paper(
            id="own",
            authors=("{The BABAR Collaboration}", "B. Aubert"),
            **common,  # type: ignore[arg-type]
        ),
    ]


def test_an_institutions_name_stays_whole_in_every_style() -> None:
    for paper in babar_papers():
        bibtex = cite(paper, "bibtex")
        assert bib_authors(bibtex) == "{The BABAR Collaboration} and Aubert, B.", paper.id
        assert cite(paper, "apa").startswith("The BABAR Collaboration, & Aubert, B. (2007).")
        # MLA leaves out an organisation's leading article
        assert cite(paper, "mla").startswith('BABAR Collaboration, and B. Aubert. "Measurement')
        assert "*. The BABAR Collaboration, B. Aubert. Physical" in cite(paper, "markdown")
        # its key is named by the institution's first significant word
        assert base_key(paper) == "babar2007measurement", paper.id


def test_authors_a_source_does_not_name_are_et_al_in_every_style() -> None:
    # arXiv gives "The BABAR Collaboration, B. Aubert, et al" (BibTeX "and others", which
    # its reader gives as "et al."): BibTeX wrote the words as a name ("al., et"), MLA
    # "and et al.", Markdown "others"
    (paper, *_rest) = babar_papers()[1:]
    paper = replace(paper, authors=(*paper.authors, "et al"))
    assert bib_authors(cite(paper, "bibtex")) == (
        "{The BABAR Collaboration} and Aubert, B. and others"
    )
    assert cite(paper, "apa").startswith("The BABAR Collaboration, Aubert, B., et al. (2007).")
    assert cite(paper, "mla").startswith('BABAR Collaboration, et al. "Measurement')
    assert "*. The BABAR Collaboration, B. Aubert et al. Physical" in cite(paper, "markdown")
    for others in ("et al.", "others", "{others}", "Et Al"):
        two = Paper(id="t", title="T", abstract="", authors=("Ada Lovelace", others), year=2020)
        assert bib_authors(cite(two, "bibtex")) == "Lovelace, Ada and others", others
        assert cite(two, "apa").startswith("Lovelace, A., et al. (2020)."), others
        assert cite(two, "mla").startswith('Lovelace, Ada, et al. "T."'), others
        assert cite(two, "markdown") == "*T*. Ada Lovelace et al. 2020.", others
    # editors the source does not all name
    chapter = Paper(
        id="c",
        title="T",
        abstract="",
        authors=("Ada Lovelace",),
        year=2020,
        booktitle="The Book",
        editor=("Richard Roe", "others"),
    )
    assert "In R. Roe, et al. (Eds.), The Book." in cite(chapter, "apa")
    assert "The Book, edited by Richard Roe et al., 2020." in cite(chapter, "mla")
    assert "editor = {Roe, Richard and others}" in cite(chapter, "bibtex")
    # a name holding the words is a name ("Al Etal" is no one's "et al.")
    named = Paper(id="n", title="T", abstract="", authors=("Ada Lovelace", "Al Etal"), year=2020)
    assert bib_authors(cite(named, "bibtex")) == "Lovelace, Ada and Etal, Al"


def test_an_institution_alone() -> None:
    paper = Paper(
        id="o",
        title="GPT-4 Technical Report",
        abstract="",
        authors=("OpenAI",),
        author_names=("{OpenAI}",),
        year=2023,
    )
    assert cite(paper, "apa").startswith("OpenAI. (2023). GPT-4 Technical Report.")
    assert cite(paper, "mla").startswith('OpenAI. "GPT-4 Technical Report."')
    assert bib_authors(cite(paper, "bibtex")) == "{OpenAI}"
    assert base_key(paper) == "openai2023gpt"


# ------------------------------------------------------------------------ editions


def test_a_books_edition_is_given_in_apa_and_mla() -> None:
    biere = papers_of("zotero_betterbibtex_styles_slice.bib")["biereHandbookSatisfiability2021"]
    assert cite(biere, "apa") == (
        "Biere, A., Heule, M., & van Maaren, H. (2021). Handbook of Satisfiability (2nd ed.). "
        "IOS Press."
    )
    assert cite(biere, "mla") == (
        "Biere, Armin, et al. Handbook of Satisfiability. 2nd ed., IOS Press, 2021. "
        "Frontiers in Artificial Intelligence and Applications."
    )
    assert "edition = {Second edition}" in cite(biere, "bibtex")


def test_editions_as_sources_write_them() -> None:
    def book(edition: str) -> Paper:
        entry = make_source_entry(
            "k",
            "book",
            [
                ("title", "A Book"),
                ("author", "Doe, Jane"),
                ("publisher", "Press"),
                ("year", "2020"),
                ("edition", edition),
            ],
        )
        return Paper(id="b", title="A Book", abstract="", source_entry=entry)

    for written in ("2", "2nd", "Second edition", "second", "2. ed", "2nd ed."):
        assert cite(book(written), "apa") == "Doe, J. (2020). A Book (2nd ed.). Press.", written
        assert cite(book(written), "mla") == "Doe, Jane. A Book. 2nd ed., Press, 2020.", written
    assert "(3rd ed.)" in cite(book("Third"), "apa")
    assert "(11th ed.)" in cite(book("11"), "apa")
    assert "(Rev. ed.)" in cite(book("Revised edition"), "apa")
    assert ". Rev. ed., Press" in cite(book("revised"), "mla")
    # a first edition is not said
    for first in ("1", "1. ed", "First edition"):
        assert cite(book(first), "apa") == "Doe, J. (2020). A Book. Press.", first


def test_a_revised_edition_with_its_number_is_abbreviated() -> None:
    def book(edition: str) -> Paper:
        entry = make_source_entry(
            "k",
            "book",
            [
                ("title", "A Book"),
                ("author", "Doe, Jane"),
                ("publisher", "Press"),
                ("year", "2020"),
                ("edition", edition),
            ],
        )
        return Paper(id="b", title="A Book", abstract="", source_entry=entry)

    for written in (
        "3rd revised ed.",
        "Third revised edition",
        "third revised",
        "Revised third edition",
        "3rd rev. ed.",
        "3rd ed., revised",
    ):
        assert cite(book(written), "apa") == "Doe, J. (2020). A Book (3rd rev. ed.). Press.", (
            written
        )
        assert cite(book(written), "mla") == "Doe, Jane. A Book. 3rd rev. ed., Press, 2020.", (
            written
        )
        # BibTeX keeps the edition as the source wrote it
        assert f"edition = {{{written}}}" in cite(book(written), "bibtex"), written
    # a revised first edition is a revised edition; other words stay, "revised" abbreviated
    assert "(Rev. ed.)" in cite(book("First revised edition"), "apa")
    assert "(Rev. and expanded ed.)" in cite(book("Revised and expanded edition"), "apa")
    assert "(2nd rev. and expanded ed.)" in cite(book("2nd revised and expanded edition"), "apa")
    assert "(Reverse ed.)" in cite(book("Reverse edition"), "apa")
    # an abbreviation before "ed." keeps its full stop: "exp ed." was given
    for written in ("Rev. and exp. ed.", "Rev. and exp. edition", "revised and exp. ed"):
        assert "(Rev. and exp. ed.)" in cite(book(written), "apa"), written
        assert ". Rev. and exp. ed., Press, 2020." in cite(book(written), "mla"), written
    assert "(2nd enl. ed.)" in cite(book("2nd enl. ed."), "apa")
    # a sentence's full stop is no abbreviation's
    assert "(Rev. and updated ed.)" in cite(book("Revised and updated."), "apa")


def test_a_revised_edition_read_from_csl_json(tmp_path: Path) -> None:
    item = {
        "id": "doeBook2020",
        "type": "chapter",
        "title": "A Chapter",
        "author": [{"family": "Doe", "given": "Jane"}],
        "editor": [{"family": "Roe", "given": "Richard"}],
        "container-title": "The Book",
        "publisher": "Press",
        "page": "3-9",
        "edition": "Third revised edition",
        "issued": {"date-parts": [[2020]]},
    }
    path = tmp_path / "book.json"
    path.write_text(json.dumps([item]), encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert cite(paper, "apa") == (
        "Doe, J. (2020). A Chapter. In R. Roe (Ed.), The Book (3rd rev. ed., pp. 3–9). Press."
    )
    assert ", 3rd rev. ed., Press, 2020, pp. 3-9." in cite(paper, "mla")


@dataclass(frozen=True, slots=True)
class PaperWithEdition(Paper):
    """A paper that keeps its edition itself, as a reader may fill it from BibTeX or CSL."""

    edition: str | None = None


def test_an_edition_the_paper_knows_is_preferred() -> None:
    entry = make_source_entry(
        "k", "book", [("title", "A Book"), ("author", "Doe, Jane"), ("edition", "2")]
    )
    paper = PaperWithEdition(
        id="e",
        title="A Book",
        abstract="",
        authors=("Jane Doe",),
        year=2020,
        entry_type="book",
        publisher="Press",
        edition="Fourth",
    )
    assert cite(paper, "apa") == "Doe, J. (2020). A Book (4th ed.). Press."
    assert cite(replace(paper, source_entry=entry), "mla").startswith("Doe, Jane. A Book. 4th ed.,")
    bibtex = cite(paper, "bibtex")
    assert "edition = {Fourth}" in bibtex and validate_bibtex(bibtex) == []


def test_the_edition_of_the_book_a_chapter_is_in() -> None:
    entry = make_source_entry(
        "c",
        "incollection",
        [
            ("title", "A Chapter"),
            ("author", "Doe, Jane"),
            ("editor", "Roe, Richard"),
            ("booktitle", "The Book"),
            ("publisher", "Press"),
            ("pages", "3--9"),
            ("year", "2020"),
            ("edition", "3"),
        ],
    )
    paper = Paper(id="c", title="A Chapter", abstract="", source_entry=entry)
    assert cite(paper, "apa") == (
        "Doe, J. (2020). A Chapter. In R. Roe (Ed.), The Book (3rd ed., pp. 3–9). Press."
    )
    assert cite(paper, "mla") == (
        'Doe, Jane. "A Chapter." The Book, edited by Richard Roe, 3rd ed., Press, 2020, pp. 3-9.'
    )


# --------------------------------------------------------------------- a report


def test_a_reports_number_is_given_in_every_style() -> None:
    # the number a CSL report gives reached the paper, and no style said it
    library = load_library(
        [Path(__file__).parent / "fixtures" / "formats" / "zotero_csl_edition_report_slice.json"]
    )
    (paper,) = [p for p in library.papers if p.cite_key == "hagbergExploringNetworkStructure2008"]
    number = "LA-UR-08-05495; LA-UR-08-5495"
    assert cite(paper, "apa").startswith(
        "Hagberg, A., Swart, P., & Schult, D. (2008). Exploring network structure, dynamics, "
        f"and function using networkx (Report No. {number}). Los Alamos National Lab."
    )
    assert f"networkx. Report no. {number}, Los Alamos" in cite(paper, "mla")
    bibtex = cite(paper, "bibtex")
    assert validate_bibtex(bibtex) == []
    (entry,) = bibtexparser.parse_string(bibtex).entries
    assert entry.entry_type == "techreport"
    assert next(f.value for f in entry.fields if f.key == "number") == number


def test_authors_a_source_leaves_unnamed_are_et_al_in_apa() -> None:
    # BibTeX's "and others" became a person: "Müller, T., García, J., & al., e. (2024)."
    paper = Paper(
        id="x",
        title="Sparse Attention for Long-Context Transformers",
        abstract="",
        authors=("Thomas Müller", "José García", "others"),
        venue="ICML",
        year=2024,
    )
    assert cite(paper, "apa").startswith("Müller, T., García, J., et al. (2024). Sparse")
    assert cite(paper, "mla").startswith("Müller, Thomas, et al. ")


def test_a_thesis_names_its_school_and_a_report_its_institution() -> None:
    # BibTeX's school and institution were not read: APA and MLA named neither, nor
    # what the thesis is ("[Doctoral dissertation, MIT]")
    papers = papers_of("theses_and_reports.bib")
    apa = {key: format_citation(paper, "apa").text for key, paper in papers.items()}
    mla = {key: format_citation(paper, "mla").text for key, paper in papers.items()}
    assert apa["lee2019"] == (
        "Lee, A. (2019). Learning to Act in Partially Observed Worlds "
        "[Doctoral dissertation, Massachusetts Institute of Technology]."
    )
    assert apa["roe2020"] == (
        "Roe, R. (2020). A Study of Small Things in Large Models "
        "[Master's thesis, University of Toronto]."
    )
    assert apa["poe2021"] == (
        "Poe, P. (2021). Benchmarks for Robot Grasping Under Noise "
        "(Report No. CS-TR-2021-07). Stanford University."
    )
    assert mla["lee2019"] == (
        "Lee, Ann. Learning to Act in Partially Observed Worlds. 2019. "
        "Massachusetts Institute of Technology, PhD dissertation."
    )
    assert mla["poe2021"] == (
        "Poe, Paul. Benchmarks for Robot Grasping Under Noise. Report no. CS-TR-2021-07, "
        "Stanford University, 2021."
    )
    # the school stays under the field BibTeX gives it
    assert "school = {University of Toronto}" in format_citation(papers["roe2020"], "bibtex").text


def test_a_csl_thesis_is_a_masters_when_its_genre_says_so() -> None:
    papers = papers_of("theses_csl.json")
    apa = {key: format_citation(paper, "apa").text for key, paper in papers.items()}
    assert apa["kimGraphLearningMolecules2022"] == (
        "Kim, J. (2022). Graph Learning for Molecules [Master's thesis, KAIST]."
    )
    assert apa["parkRobotHands2021"] == (
        "Park, M. (2021). Dexterous Robot Hands That Learn "
        "[Doctoral dissertation, Seoul National University]."
    )
