"""Citations of papers from real lists: source entries kept, right types, keys per library.

The fixtures in tests/fixtures/citations/ are verbatim slices of public files (PMLR
proceedings BibTeX for CoLLAs 2022 and L4DC 2020, a Zotero Better BibTeX export, a
Zotero BibLaTeX export, the arXiv Kaggle metadata dump, a Zotero Better CSL JSON
export, four records of Paper Copilot's NeurIPS 2017 list). The readers are not under test here: :func:`read_bib` and friends build the
papers the way a reader hands them over (a ``SourceEntry`` plus the crossref's fields).
Golden files live in tests/golden/citations/real/; regenerate them with
``TUIREADER_UPDATE_GOLDEN=1 pytest tests/test_citations_sources.py`` and read the diff.
"""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import replace
from pathlib import Path

import bibtexparser
import pytest

from tuireader.model import Library, Link, Paper
from tuireader.render.citations import (
    FORMATS,
    W_NO_VENUE,
    base_key,
    cite_keys,
    format_citation,
    format_many,
    make_source_entry,
    validate_bibtex,
)
from tuireader.render.textrender import display_title

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "citations"
GOLDEN = HERE / "golden" / "citations" / "real"
UPDATE = os.environ.get("TUIREADER_UPDATE_GOLDEN") == "1"


# ----------------------------------------------------------------------- building


def read_bib(name: str) -> dict[str, Paper]:
    """Papers of a .bib slice, keyed by source key; an @Proceedings fills the crossref fields."""
    library = bibtexparser.parse_file(str(FIXTURES / name))
    proceedings = {}
    for entry in library.entries:
        if entry.entry_type.lower() == "proceedings":
            proceedings = {f.key.lower(): f.value for f in entry.fields}
    papers = {}
    for index, entry in enumerate(library.entries):
        if entry.entry_type.lower() == "proceedings":
            continue
        source = make_source_entry(
            entry.key, entry.entry_type, [(f.key, f.value) for f in entry.fields]
        )
        extra: dict = {}
        if proceedings and not source.get("booktitle"):
            extra = {
                "booktitle": proceedings.get("booktitle"),
                "year": int(proceedings["year"]),
                "editor": tuple(proceedings.get("editor", "").split(" and ")),
            }
        papers[entry.key] = Paper(
            id=f"{name.split('_slice')[0]}-{index:03d}",
            title=source.get("title") or "",
            abstract=source.get("abstract") or "",
            source_entry=source,
            **extra,
        )
    return papers


def read_arxiv() -> dict[str, Paper]:
    papers = {}
    for line in (FIXTURES / "arxiv_kaggle_slice.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        papers[record["id"]] = Paper(
            id="ax" + record["id"],
            title=record["title"],
            abstract=record["abstract"],
            # authors_parsed without the affiliation column, as the reader gives them
            authors=tuple(
                f"{given} {family}".strip() for family, given, *_ in record["authors_parsed"]
            ),
            year=int(record["versions"][0]["created"].split()[3]),
            doi=record["doi"],
            arxiv_id=record["id"],
            arxiv_class=record["categories"].split()[0],
        )
    return papers


def read_csl() -> dict[str, Paper]:
    papers = {}
    for index, item in enumerate(json.loads((FIXTURES / "zotero_csl_slice.json").read_text())):
        papers[item["id"]] = Paper(
            id=f"csl{index:03d}",
            title=item["title"],
            abstract=item.get("abstract", ""),
            authors=tuple(f"{a.get('given', '')} {a['family']}".strip() for a in item["author"]),
            year=item["issued"]["date-parts"][0][0],
            entry_type="article",
            journal=item.get("container-title"),
            volume=item.get("volume"),
            number=item.get("issue"),
            pages=item.get("page"),
            doi=item.get("DOI"),
        )
    return papers


BBT = read_bib("zotero_betterbibtex_slice.bib")
BIBLATEX = read_bib("zotero_biblatex_slice.bib")
COLLAS = read_bib("pmlr_collas2022_slice.bib")
L4DC = read_bib("pmlr_l4dc2020_slice.bib")
ARXIV = read_arxiv()
CSL = read_csl()
ALL = {**BBT, **BIBLATEX, **COLLAS, **L4DC, **ARXIV, **CSL}


def entry_of(text: str):
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    assert len(library.entries) == 1
    return library.entries[0]


def fields_of(text: str) -> dict[str, str]:
    entry = entry_of(text)
    return {"ENTRYTYPE": entry.entry_type, "ID": entry.key} | {f.key: f.value for f in entry.fields}


# ------------------------------------------------------------ source entries kept


def test_better_bibtex_entry_is_given_back_with_its_key_type_and_fields() -> None:
    text = format_citation(BBT["carvalhoSpecBCFuzzFuzzingLTL2024"]).text
    fields = fields_of(text)
    assert fields["ENTRYTYPE"] == "inproceedings"
    assert fields["ID"] == "carvalhoSpecBCFuzzFuzzingLTL2024"
    assert fields["pages"] == "1--13"
    assert fields["doi"] == "10.1145/3597503.3639087"
    assert fields["title"] == "{{SpecBCFuzz}}: {{Fuzzing LTL Solvers}} with {{Boundary Conditions}}"
    assert fields["booktitle"].startswith("Proceedings of the {{IEEE}}/{{ACM}} 46th")
    assert "file" not in fields and "abstract" not in fields
    assert "\n  month = apr,\n" in text  # month macros stay macros
    assert validate_bibtex(text) == []


def test_braces_and_literal_names_are_kept_exactly() -> None:
    text = format_citation(BBT["a.biereHandbookSatisfiabilitySecond2021"]).text
    fields = fields_of(text)
    assert fields["ENTRYTYPE"] == "book"
    assert fields["title"] == "Handbook of {{Satisfiability}} : {{Second Edition}}"
    assert fields["author"] == "{A. Biere} and {M. Heule} and {H. van Maaren}"
    # three literal names, never split inside their braces
    apa = format_citation(BBT["a.biereHandbookSatisfiabilitySecond2021"], "apa").text
    assert apa.startswith("A. Biere, M. Heule, & H. van Maaren. (2021). Handbook of Satisfiability")


def test_pmlr_entry_keeps_key_and_pages_and_gains_the_proceedings_fields() -> None:
    text = format_citation(COLLAS["li2022"]).text
    fields = fields_of(text)
    assert (fields["ENTRYTYPE"], fields["ID"]) == ("inproceedings", "li2022")
    assert fields["pages"] == "1-22"
    assert fields["booktitle"] == "Proceedings of The 1st Conference on Lifelong Learning Agents"
    assert fields["year"] == "2022"
    assert fields["video"] == "https://youtu.be/iZ4cz5RQmzE"
    # Capitalised field names (``Author={...}``) come out in lower case; accents as written
    moe = format_citation(L4DC["Moe20"]).text
    assert "\n  author = {Signe Moe and Filippo Remonato and Esten Ingar Gr{\\o}tli and" in moe
    assert "Author" not in moe and "textbackslash" not in moe
    assert 'Fr\\"ohlich' in format_citation(L4DC["Hewing20"]).text
    assert format_citation(COLLAS["li2022"], "cite").text == "\\cite{li2022}"


def test_bibtex_source_as_biblatex_maps_fields() -> None:
    article = fields_of(
        format_citation(BBT["chakrabortyDistributionAwareSamplingWeighted2014"], "biblatex").text
    )
    assert article["ENTRYTYPE"] == "article"
    assert (
        article["journaltitle"] == "Proceedings of the AAAI Conference on Artificial Intelligence"
    )
    assert "journal" not in article and "year" not in article and "month" not in article
    assert article["date"] == "2014-06"
    preprint = fields_of(
        format_citation(BBT["balutaQuantitativeVerificationNeural2019"], "biblatex").text
    )
    assert preprint["eprinttype"] == "arxiv" and preprint["eprint"] == "1906.10395"
    assert "archiveprefix" not in preprint


def test_biblatex_source_as_bibtex_maps_fields_and_types() -> None:
    article = fields_of(format_citation(BIBLATEX["peng_amp_2021"], "bibtex").text)
    assert article["ENTRYTYPE"] == "article" and article["ID"] == "peng_amp_2021"
    assert article["journal"] == "{ACM} Trans. Graph."
    assert (article["year"], article["month"]) == ("2021", "jul")
    assert article["pages"] == "144:1--144:20" and article["volume"] == "40"
    assert "date" not in article and "journaltitle" not in article
    preprint = fields_of(format_citation(BIBLATEX["schulman_proximal_2017"], "bibtex").text)
    # ``eprint = {1707.06347 [cs.LG]}``: the id alone, the category in its own field
    assert preprint["eprint"] == "1707.06347" and preprint["primaryclass"] == "cs.LG"
    assert preprint["archiveprefix"] == "arXiv"
    assert (
        fields_of(format_citation(BIBLATEX["gulrajani_improved_2017"], "bibtex").text)["ENTRYTYPE"]
        == "misc"
    )
    assert (
        fields_of(format_citation(BIBLATEX["erleben_physics-based_2005"], "bibtex").text)[
            "ENTRYTYPE"
        ]
        == "book"
    )
    # in its own dialect the BibLaTeX type and fields stay
    online = fields_of(format_citation(BIBLATEX["gulrajani_improved_2017"], "biblatex").text)
    assert (
        online["ENTRYTYPE"] == "online"
        and online["title"] == "Improved Training of {Wasserstein} {GANs}"
    )


def test_abstract_only_on_request() -> None:
    paper = COLLAS["ma2022"]
    assert "abstract" not in fields_of(format_citation(paper).text)
    assert fields_of(format_citation(paper, include_abstract=True).text)["abstract"].startswith(
        "Federated learning involves"
    )


# ---------------------------------------------------------------- generated types


def test_journal_gives_an_article() -> None:
    paper = next(p for p in CSL.values() if "arXiv" not in (p.journal or ""))
    assert paper.journal == "PLOS Computational Biology"
    fields = fields_of(format_citation(paper).text)
    assert fields["ENTRYTYPE"] == "article"
    assert fields["journal"] == paper.journal and "booktitle" not in fields
    assert fields["volume"] == paper.volume and fields["pages"] == paper.pages.replace("-", "--")
    assert fields_of(format_citation(paper, "biblatex").text)["journaltitle"] == paper.journal


def test_booktitle_gives_inproceedings() -> None:
    paper = Paper(
        id="bt",
        title="Deep Things",
        abstract="",
        authors=("Ann Lee",),
        year=2021,
        booktitle="Proceedings of the 29th ACM Joint Meeting",
        pages="10-20",
        publisher="ACM",
    )
    fields = fields_of(format_citation(paper).text)
    assert fields["ENTRYTYPE"] == "inproceedings"
    assert fields["booktitle"] == "Proceedings of the 29th {ACM} Joint Meeting".replace(
        "{ACM}", "ACM"
    )
    assert fields["pages"] == "10--20" and fields["publisher"] == "ACM"


def test_arxiv_venue_string_is_an_eprint_not_a_booktitle() -> None:
    paper = next(p for p in CSL.values() if "arXiv" in (p.journal or ""))
    assert paper.journal == "arXiv:1906.10026 [cs, math, stat]"
    for as_venue in (
        paper,
        Paper(
            id="v",
            title=paper.title,
            abstract="",
            authors=paper.authors,
            year=2019,
            venue=paper.journal,
        ),
    ):
        text = format_citation(as_venue).text
        fields = fields_of(text)
        assert fields["ENTRYTYPE"] == "misc"
        assert "booktitle" not in fields and "journal" not in fields
        assert fields["eprint"] == "1906.10026"
        assert fields["archiveprefix"] == "arXiv" and fields["primaryclass"] == "cs"
        assert W_NO_VENUE not in format_citation(as_venue).warnings
    online = fields_of(format_citation(paper, "biblatex").text)
    assert online["ENTRYTYPE"] == "online" and online["eprinttype"] == "arxiv"
    assert online["eprintclass"] == "cs"


def test_arxiv_only_paper_is_misc_with_eprint() -> None:
    paper = ARXIV["0704.0001"]
    fields = fields_of(format_citation(paper).text)
    assert fields["ENTRYTYPE"] == "misc"
    assert (fields["eprint"], fields["archiveprefix"], fields["primaryclass"]) == (
        "0704.0001",
        "arXiv",
        "hep-ph",
    )
    assert "booktitle" not in fields
    assert fields["url"] == "https://arxiv.org/abs/0704.0001"


# ------------------------------------------------------------ capitals and accents


def test_capitals_are_protected_in_generated_titles() -> None:
    # sentence case: the capitalised words are names the source meant
    title = fields_of(format_citation(ARXIV["0704.0001"]).text)["title"]
    assert title == (
        "Calculation of prompt diphoton production cross sections at {Tevatron} and {LHC} energies"
    )
    # title case: only words with inner capitals or acronyms
    paper = Paper(id="t", title="EFL: Elastic Federated Learning on Non-IID Data", abstract="")
    assert fields_of(format_citation(paper).text)["title"] == (
        "{EFL}: Elastic Federated Learning on {Non-IID} Data"
    )
    # braces the source wrote are kept, not doubled
    braced = Paper(id="b", title="Improved Training of Wasserstein {GANs}", abstract="")
    assert (
        fields_of(format_citation(braced).text)["title"]
        == "Improved Training of Wasserstein {GANs}"
    )


def test_capitals_after_math_inside_a_word_are_protected() -> None:
    # ICML 2024 titles: the capitals after the math were left for a style to lower
    # ("{MS}$^3$D", "S$\Omega$I"), though they belong to the word as its first ones do
    titles = {
        "MS$^3$D: A RG Flow-Based Regularization for GAN Training with Limited Data": (
            "{MS}$^3${D}: A {RG} Flow-Based Regularization for {GAN} Training with Limited Data"
        ),
        "S$\\Omega$I: Score-based O-INFORMATION Estimation": (
            "{S}{$\\Omega$}{I}: Score-based {O-INFORMATION} Estimation"
        ),
        # math before a capitalised word of a title in title case is no reason to brace it
        "Approximation Algorithms for $\\ell_0$-Low Rank Approximation": (
            "Approximation Algorithms for $\\ell_0$-Low Rank Approximation"
        ),
        "$\\alpha$-MDF: An Attention-based Multimodal Differentiable Filter": (
            "$\\alpha${-MDF}: An Attention-based Multimodal Differentiable Filter"
        ),
    }
    for title, expected in titles.items():
        text = format_citation(Paper(id="m", title=title, abstract="", year=2024)).text
        assert fields_of(text)["title"] == expected
        assert validate_bibtex(text) == []


def test_accents_become_unicode_in_text_and_stay_latex_in_bibtex() -> None:
    paper = Paper(
        id="acc",
        title='Fast rates for H\\"{o}lderian error bounds',
        abstract="",
        authors=("C. Bal\\'azs", "Esten Ingar Gr{\\o}tli"),
        year=2017,
        venue="NeurIPS 2017",
    )
    apa = format_citation(paper, "apa").text
    assert apa.startswith(
        "Balázs, C., & Grøtli, E. I. (2017). Fast rates for Hölderian error bounds."
    )
    mla = format_citation(paper, "mla").text
    assert mla.startswith(
        'Balázs, C., and Esten Ingar Grøtli. "Fast rates for Hölderian error bounds."'
    )
    assert format_citation(paper, "markdown").text == (
        "*Fast rates for Hölderian error bounds*. C. Balázs, Esten Ingar Grøtli. "
        "Advances in Neural Information Processing Systems, 2017."
    )
    bib = format_citation(paper).text
    assert "textbackslash" not in bib
    fields = fields_of(bib)
    assert fields["author"] == "Bal{\\'a}zs, C. and Gr{\\o}tli, Esten Ingar"
    # sentence case: the capitalised name is protected too
    assert fields["title"] == 'Fast rates for {H{\\"o}lderian} error bounds'
    assert base_key(paper) == "balazs2017fast"
    assert validate_bibtex(bib) == []


def test_arxiv_author_string_with_affiliations_invents_no_author() -> None:
    paper = ARXIV["0704.0025"]
    fields = fields_of(format_citation(paper).text)
    assert fields["author"] == "Mishchenko, A. S. and Nagaosa, N."


def test_a_paper_whose_doi_is_another_publishers_is_not_published_by_arxiv() -> None:
    # 0704.0025 is a chapter of a Springer book (its DOI says so): APA named "arXiv." as
    # its publisher, MLA "arXiv" as its container
    paper = ARXIV["0704.0025"]
    doi = "https://doi.org/10.1007/978-1-4020-6348-0_12"
    apa, mla = (format_citation(paper, fmt).text for fmt in ("apa", "mla"))
    assert apa.endswith("Monte Carlo Method. " + doi) and "arXiv" not in apa
    assert mla.endswith('Monte Carlo Method." 2007, ' + doi + ".") and "arXiv" not in mla
    # BibTeX still says where the preprint is
    assert fields_of(format_citation(paper).text)["eprint"] == "0704.0025"
    # with no DOI, or arXiv's own, arXiv is where it was published
    for arxiv_doi in (None, "10.48550/arXiv.0704.0025"):
        preprint = replace(paper, doi=arxiv_doi)
        assert " Monte Carlo Method. arXiv. https://" in format_citation(preprint, "apa").text
        assert 'Monte Carlo Method." arXiv, 2007, https://' in format_citation(preprint, "mla").text


# --------------------------------------------------------------------------- keys


def _paper(pid: str, title: str, **kw) -> Paper:
    return Paper(id=pid, title=title, abstract="", authors=("Wei Zhou",), year=2024, **kw)


def test_keys_depend_on_the_library_not_the_batch() -> None:
    a = _paper("p1", "Attack of Models")
    b = _paper("p2", "Attack on Graphs")
    c = _paper("p3", "Defence Matters")
    library = Library(papers=(a, b, c))
    alone = cite_keys([a], library=library)
    assert alone == {"p1": "zhou2024attacka"}
    together = cite_keys([b, a, c], library=library)
    assert together == {"p1": "zhou2024attacka", "p2": "zhou2024attackb", "p3": "zhou2024defence"}
    # y, cite and export give the same key for the same paper
    assert format_citation(a, "bibtex", library=library).key == "zhou2024attacka"
    assert format_citation(a, "cite", library=library).text == "\\cite{zhou2024attacka}"
    assert format_many([a], "pandoc", library=library) == "[@zhou2024attacka]"
    exported = bibtexparser.parse_string(format_many([c, a], "bibtex", library=library))
    assert [e.key for e in exported.entries] == ["zhou2024defence", "zhou2024attacka"]
    # a plain list of papers works as the library too; the old call still works
    assert cite_keys([a], library=[a, b, c]) == alone
    assert cite_keys([a]) == {"p1": "zhou2024attack"}


def test_source_keys_are_kept_and_never_taken_by_a_generated_key() -> None:
    source = COLLAS["li2022"]
    twin = Paper(id="zz", title="Energy", abstract="", authors=("Shuang Li",), year=2022)
    clash = Paper(
        id="aa",
        title="Other",
        abstract="",
        source_entry=make_source_entry("li2022", "article", [("title", "Other")]),
    )
    library = [source, twin, clash]
    keys = cite_keys([source, twin, clash], library=library)
    first, second = sorted([source.id, clash.id])
    assert keys[first] == "li2022"
    assert keys[second] == "li2022a"
    assert base_key(twin) == "li2022energy" and keys["zz"] == "li2022energy"
    generated = Paper(
        id="g",
        title="Energy",
        abstract="",
        authors=("Shuang Li",),
        year=2022,
    )
    kept = Paper(
        id="k",
        title="x",
        abstract="",
        source_entry=make_source_entry("li2022energy", "misc", [("title", "x")]),
    )
    keys = cite_keys([generated], library=[generated, kept])
    assert keys == {"g": "li2022energya"}


def test_library_keys_are_worked_out_once() -> None:
    papers = tuple(_paper(f"q{i}", f"Title {i} words") for i in range(50))
    library = Library(papers=papers)
    first = cite_keys(papers[:3], library=library)
    assert cite_keys(papers[:3], library=library) == first
    # a paper outside the library is resolved together with it
    stranger = _paper("x", "Title 1 words")
    assert cite_keys([stranger], library=library)["x"].startswith("zhou2024title")


# ------------------------------------------------------------- every fixture


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_fixture_citation_parses_back(name: str) -> None:
    paper = ALL[name]
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt, include_abstract=True).text
        assert validate_bibtex(text) == [], text
        entry = entry_of(text)
        source = paper.source_entry
        if source is not None:
            assert entry.key == source.key
            if (fmt == "biblatex") == (source.dialect == "biblatex"):
                assert entry.entry_type == source.entry_type.lower()
        assert "textbackslash{}'" not in text and 'textbackslash{}"' not in text


def test_batch_of_every_fixture_is_one_valid_file() -> None:
    papers = list(ALL.values())
    for fmt in ("bibtex", "biblatex"):
        text = format_many(papers, fmt, include_abstract=True, library=papers)
        assert validate_bibtex(text) == []
        assert len(bibtexparser.parse_string(text).entries) == len(papers)


def render_all(paper: Paper) -> str:
    out = [f"# {paper.title}"]
    for fmt in FORMATS:
        citation = format_citation(paper, fmt)
        out.append(f"===== {fmt} =====")
        out.append(citation.text)
        out.append(f"----- warnings: {'; '.join(citation.warnings) or 'none'}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(ALL))
def test_golden_real_entries(name: str) -> None:
    path = GOLDEN / f"{name.replace('/', '_')}.txt"
    text = render_all(ALL[name])
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"missing golden file {path}; run with TUIREADER_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_a_title_whose_math_the_source_wrote_as_text_is_cited_as_math() -> None:
    # OpenReview's BibTeX (Paper Copilot's records carry it) escapes a title's LaTeX so
    # that it prints as typed: "$\alpha$-MDF" came out with dollars and a backslash
    title = "$\\alpha$-MDF: An Attention-based Multimodal Differentiable Filter"
    source = make_source_entry(
        "liu2023alphamdf",
        "inproceedings",
        [
            (
                "title",
                "\\${\\textbackslash}alpha\\$-{MDF}: An Attention-based Multimodal Differentiable Filter",
            ),
            ("author", "Xiao Liu and Heni Ben Amor"),
            ("booktitle", "7th Annual Conference on Robot Learning"),
            ("year", "2023"),
        ],
    )
    paper = Paper(
        id="nqkgrl6p",
        title=title,
        abstract="",
        authors=("Xiao Liu", "Heni Ben Amor"),
        source_entry=source,
    )
    text = format_citation(paper).text
    assert "textbackslash" not in text and "\\$" not in text
    assert fields_of(text)["title"].startswith("$\\alpha$")
    assert fields_of(text)["ID"] == "liu2023alphamdf"  # the rest of the entry as given
    assert format_citation(paper, "apa").text.count("α-MDF") == 1
    # a title the source escaped because it means the characters stays as written
    dollars = make_source_entry(
        "k", "misc", [("title", "Prices in \\$ per {GPU} hour"), ("year", "2023")]
    )
    plain = Paper(id="p", title="Prices in $ per GPU hour", abstract="", source_entry=dollars)
    assert "Prices in \\$ per {GPU} hour" in format_citation(plain).text


def test_neurips_titles_whose_latex_the_source_bibtex_wrote_as_text_are_cited_as_latex() -> None:
    # The NeurIPS 2017 proceedings' BibTeX (Paper Copilot's ``bibtex`` strings) prints a
    # title's LaTeX as typed and loses some of it on the way: the dollars go, and the
    # braces of an accent become \lbrace and \rbrace. The entries came out as
    # "H\textbackslash "\lbrace o\rbrace lderian" and "\textbackslash ell\_0-Low Rank".
    from tuireader.ingest.library import load_library

    library = load_library([FIXTURES / "papercopilot_nips2017_latex_slice.json"])
    by_title = {p.title.split()[0]: p for p in library.papers}
    expected = {
        # the list's own title, 'H\\"{o}lderian', reads as a BibTeX title does
        "Adaptive": "Adaptive Accelerated Gradient Converging Method under Hölderian "
        "Error Bound Condition",
        "Approximation": "Approximation Algorithms for $\\ell_0$-Low Rank Approximation",
        "Influence": "Influence Maximization with $\\varepsilon$-Almost Submodular Threshold "
        "Functions",
    }
    for first, title in expected.items():
        paper = by_title[first]
        assert "textbackslash" in (paper.source_entry.get("title") or "")  # as the source has it
        for fmt in ("bibtex", "biblatex"):
            text = format_citation(paper, fmt, library=library).text
            assert validate_bibtex(text) == [], text
            fields = fields_of(text)
            assert fields["title"] == title, fmt
            assert fields["ID"].startswith("NIPS2017_")  # the rest of the entry as given
            assert "textbackslash" not in text and "lbrace" not in text
    assert "Hölderian" in format_citation(by_title["Adaptive"], "apa").text
    assert "ℓ₀-Low Rank" in format_citation(by_title["Approximation"], "mla").text
    exported = format_many(library.papers, "bibtex", library=library)
    assert validate_bibtex(exported) == [] and "textbackslash" not in exported
    # a list that gives the title in Unicode beside the same BibTeX
    unicode_title = replace(by_title["Adaptive"], title=display_title(by_title["Adaptive"].title))
    assert "Hölderian" in unicode_title.title
    fields = fields_of(format_citation(unicode_title, library=library).text)
    assert fields["title"].endswith("under Hölderian Error Bound Condition")


def test_a_paper_has_one_url_in_every_format() -> None:
    # NeurIPS 2017 (Paper Copilot's list): BibTeX gave the proceedings' PDF its entry
    # names, APA and MLA the conference site's poster page (nips.cc/virtual/…); the
    # paper's page is the proceedings' abstract page the record gives in ``oa``
    from tuireader.ingest.library import load_library
    from tuireader.render.citations import best_link

    library = load_library([FIXTURES / "papercopilot_nips2017_latex_slice.json"])
    paper = next(p for p in library.papers if p.title.startswith("Adaptive"))
    pdf = (
        "https://proceedings.neurips.cc/paper_files/paper/2017/file/"
        "2612aa892d962d6f8056b195ca6e550d-Paper.pdf"
    )
    page = (
        "https://proceedings.neurips.cc/paper_files/paper/2017/hash/"
        "2612aa892d962d6f8056b195ca6e550d-Abstract.html"
    )
    assert any("nips.cc/virtual" in link.url for link in paper.links)
    assert fields_of(format_citation(paper, library=library).text)["url"] == page
    for fmt in ("apa", "mla", "markdown", "url"):
        text = format_citation(paper, fmt, library=library).text
        assert page in text and pdf not in text and "virtual" not in text, fmt
    assert best_link(paper) == page
    # the paper links that PDF (not the mirror on papers.nips.cc the list gives), and
    # without its entry its page still comes before the PDF and the conference's page
    assert [link.url for link in paper.links if link.url.endswith(".pdf")] == [pdf]
    bare = replace(paper, source_entry=None)
    for fmt in ("bibtex", "apa", "mla", "url"):
        text = format_citation(bare, fmt).text
        assert page in text and "virtual" not in text, fmt
    # a record without that page cites the PDF its entry names, before the site's page
    no_page = replace(paper, links=tuple(link for link in paper.links if link.url != page))
    assert fields_of(format_citation(no_page, library=library).text)["url"] == pdf
    for fmt in ("apa", "mla", "markdown", "url"):
        text = format_citation(no_page, fmt, library=library).text
        assert pdf in text and "virtual" not in text, fmt
    # a DOI is the most lasting: every format gives its address, BibTeX in its doi field
    with_doi = replace(paper, doi="10.5555/3294771.3294789")
    address = "https://doi.org/10.5555/3294771.3294789"
    for fmt in ("apa", "mla", "markdown", "url"):
        text = format_citation(with_doi, fmt, library=library).text
        assert address in text and page not in text, fmt
    fields = fields_of(format_citation(with_doi, library=library).text)
    assert fields["doi"] == "10.5555/3294771.3294789" and fields["url"] == page
    assert best_link(with_doi) == address
    # a talk's video the entry gives as its url is still no page of the paper
    video = make_source_entry("v", "misc", [("title", "T"), ("url", "https://youtu.be/xyz")])
    talk = Paper(
        id="v",
        title="T",
        abstract="",
        source_entry=video,
        links=(Link("https://example.org/paper", "paper", "url"),),
    )
    assert format_citation(talk, "url").text == "https://example.org/paper"


def test_a_dois_address_is_percent_encoded_in_every_format() -> None:
    # APA and MLA gave "https://doi.org/" and the DOI as written: a brace, a backslash
    # or an angle bracket went into the address (https://doi.org/10.1000/abc}\input{x})
    for doi, address in (
        ("10.1000/abc}\\input{x}", "https://doi.org/10.1000/abc%7D%5Cinput%7Bx%7D"),
        ("10.1000/a<b>c", "https://doi.org/10.1000/a%3Cb%3Ec"),
    ):
        paper = Paper(id="d", title="T", abstract="", authors=("Ada Lovelace",), year=2020, doi=doi)
        assert format_citation(paper, "apa").text == f"Lovelace, A. (2020). T. {address}"
        assert format_citation(paper, "mla").text == f'Lovelace, Ada. "T." 2020, {address}.'
        assert format_citation(paper, "markdown").text == f"[T]({address}). Ada Lovelace. 2020."
        assert format_citation(paper, "url").text == address
        assert fields_of(format_citation(paper).text)["url"] == address
    # a DOI that makes no safe address (a space in it) gives no link
    spaced = Paper(id="s", title="T", abstract="", authors=("A B",), year=2020, doi="10.1000/a b")
    assert "doi.org" not in format_citation(spaced, "apa").text
    assert format_citation(spaced, "url").text == ""


def zotero_csl_books() -> dict[str, Paper]:
    """A book, a report and an article with an article number, as the reader gives them."""
    from tuireader.ingest.library import load_library

    library = load_library([FIXTURES / "zotero_csl_book_report_slice.json"])
    return {paper.title.split()[0].strip(","): paper for paper in library.papers}


def test_a_books_publisher_and_a_reports_institution_are_their_venue() -> None:
    # a Zotero @book with its publisher and a @techreport with its institution were
    # cited with the warning "venue unknown"
    papers = zotero_csl_books()
    for title, field in (("Understanding", "publisher"), ("Exploring", "institution")):
        citation = format_citation(papers[title])
        assert W_NO_VENUE not in citation.warnings and not citation.warnings, title
        assert field in fields_of(citation.text), title
    bare = replace(papers["Understanding"], publisher=None)
    assert W_NO_VENUE in format_citation(bare).warnings  # a book of no one is still said


def test_mla_gives_an_article_number_without_pp() -> None:
    # PLOS Genetics' "e70" is the article's number, not pages: MLA printed "pp. e70"
    text = format_citation(zotero_csl_books()["Clines"], "mla").text
    assert "2005, e70, https://doi.org/" in text and "pp." not in text
    article = ALL["achardEfficiencyCostEconomical2007"]
    assert "pp. 1-2," in format_citation(replace(article, pages="1-2"), "mla").text
    # a lone number is an article number in a journal, one page elsewhere
    assert "2007, 17, https:" in format_citation(replace(article, pages="17"), "mla").text
    talk = Paper(
        id="t",
        title="A talk",
        abstract="",
        authors=("Ada Lovelace",),
        booktitle="Proceedings of the Analytical Engine Workshop",
        year=1843,
        pages="17",
    )
    assert format_citation(talk, "mla").text.endswith(", 1843, p. 17.")


def test_a_talks_video_is_never_cited_as_the_paper(tmp_path: Path) -> None:
    # PMLR's source files give each paper's talk as ``video``: a link beside the paper,
    # which the citations gave as the paper's URL when the entry had no other
    from tuireader.ingest.library import load_library

    library = load_library([FIXTURES / "pmlr_collas2022_slice.bib"])
    (paper,) = [
        p for p in library.papers if p.title == "Energy-Based Models for Continual Learning"
    ]
    assert any("youtu.be" in link.url for link in paper.links)  # still among its links
    for fmt in ("bibtex", "biblatex"):  # the source's own field stays, as given
        text = format_citation(paper, fmt).text
        assert "video = {https://youtu.be/" in text and "url = {https://youtu" not in text
    for fmt in ("apa", "mla", "markdown", "url"):
        assert "youtu" not in format_citation(paper, fmt).text, fmt
    with_page = replace(
        paper, links=(*paper.links, Link("https://example.org/li22", "paper", "url"))
    )
    assert "url = {https://example.org/li22}" in format_citation(with_page).text


def test_a_talks_video_is_never_exported_or_copied_as_the_papers_page(tmp_path, capsys) -> None:
    # export --format urls gave every CoLLAs paper's YouTube talk as "the paper's own
    # page", the Markdown export linked the titles to it, and copy --link paper took it
    from tuireader.cli import main
    from tuireader.ingest.library import load_library
    from tuireader.render.citations import best_link

    source = FIXTURES / "pmlr_collas2022_slice.bib"
    library = load_library([source])
    videos = [p for p in library.papers if any("youtu" in link.url for link in p.links)]
    assert videos and all(best_link(p) is None or "youtu" not in best_link(p) for p in videos)
    data = ("--data-dir", str(tmp_path / "data"))
    for fmt in ("urls", "markdown", "csv", "json"):
        main(["export", str(source), "--format", fmt, *data])
        out, _err = capsys.readouterr()
        if fmt == "csv":  # its links column lists every link, with its kind, as JSON
            out = "".join(row["url"] for row in csv.DictReader(io.StringIO(out)))
        if fmt == "markdown":  # every link is listed under its paper, after its kind
            assert "video: <https://youtu" in out
            out = "\n".join(line for line in out.splitlines() if "video: <" not in line)
        assert "youtu" not in out or fmt == "json", fmt  # JSON lists every link, with its kind
    code = main(["copy", videos[0].id, str(source), "--link", "paper", *data])
    out, err = capsys.readouterr()
    assert code == 1 and "youtu" not in out and "has no paper link" in err
