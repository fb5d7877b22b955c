"""Citations: golden output for every format, cite keys, and BibTeX that parses back.

Golden files live in tests/golden/citations/; regenerate them with
``TUIREADER_UPDATE_GOLDEN=1 pytest tests/test_citations.py`` and read the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import unicodedata
from dataclasses import replace
from pathlib import Path

import bibtexparser
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tuireader.model import Link, Paper
from tuireader.render import citations
from tuireader.render.citations import (
    FORMATS,
    W_DERIVED_TITLE,
    W_NO_AUTHORS,
    W_NO_LINK,
    W_NO_VENUE,
    W_NO_YEAR,
    base_key,
    best_link,
    bibtex_escape,
    bibtex_unescape,
    cite_keys,
    format_citation,
    format_many,
    name_parts,
    split_name,
    validate_bibtex,
)

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "citations"
GOLDEN = HERE / "golden" / "citations"
#: the ICML 2024 records the project ships as seeds (the tests read nothing outside the repo)
ICML_DATA = HERE.parent / "seeds" / "catalog" / "icml2024-seeds.jsonl"
UPDATE = os.environ.get("TUIREADER_UPDATE_GOLDEN") == "1"


# ----------------------------------------------------------------------- building


def _paper_id(abstract: str, title: str) -> str:
    basis = " ".join((abstract or title).lower().split())
    return hashlib.sha1(basis.encode("utf-8")).hexdigest()[:16]


def paper_from_record(record: dict) -> Paper:
    """A Paper from one icml2024.jsonl record, the way a loader would build it."""
    links: list[Link] = [Link(u, "code", "code_urls") for u in record.get("code_urls", [])]
    for field_name in ("url", "pdf", "openreview"):
        if record.get(field_name):
            links.append(Link(record[field_name], "paper", field_name))
    links += [Link(u, "project", "project_urls") for u in record.get("project_urls", [])]
    return Paper(
        id=_paper_id(record["abstract"], record["title"]),
        title=record["title"],
        abstract=record["abstract"],
        authors=tuple(record["authors"]),
        venue=record.get("venue"),
        year=record.get("year"),
        links=tuple(links),
        openreview_id=record.get("openreview_id"),
        pmlr_key=record.get("pmlr_key"),
    )


def bare_paper(record: dict) -> Paper:
    """A paper known only by its abstract, as read from a seed list."""
    return Paper(
        # the fixture holds the same abstract twice (with and without a venue)
        id=_paper_id(record["abstract"] + record["name"], record["title"]),
        title=record["title"],
        abstract=record["abstract"],
        title_derived=True,
        venue=record.get("venue"),
        year=record.get("year"),
        metadata_source="derived",
    )


def load_samples() -> dict[str, Paper]:
    samples: dict[str, Paper] = {}
    for line in (FIXTURES / "icml2024_sample.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        samples[record["pmlr_key"]] = paper_from_record(record)
    for record in json.loads((FIXTURES / "bare_seed.json").read_text(encoding="utf-8")):
        samples[record["name"]] = bare_paper(record)
    return samples


SAMPLES = load_samples()


def parse_one(text: str) -> dict[str, str]:
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks, [b.error for b in library.failed_blocks]
    assert len(library.entries) == 1
    entry = library.entries[0]
    return {"ENTRYTYPE": entry.entry_type, "ID": entry.key} | {f.key: f.value for f in entry.fields}


def split_authors(value: str) -> list[str]:
    """Split a BibTeX author field at top-level ``and``."""
    names, depth, start = [], 0, 0
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0 and value[i : i + 5].lower() == " and ":
            names.append(value[start:i])
            start = i = i + 5
            continue
        i += 1
    names.append(value[start:])
    return names


def split_top_commas(name: str) -> list[str]:
    """A BibTeX name's parts at its commas outside braces (``Last, Jr, First``)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(name):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(name[start:i].strip(" "))
            start = i + 1
    return [*parts, name[start:].strip(" ")]


def bibtex_name(name: str) -> tuple[str, str, str]:
    """``(given, family, suffix)`` of a name as BibTeX reads ``Last, First`` and
    ``Last, Jr, First``."""
    parts = split_top_commas(name)
    if len(parts) == 3:
        return parts[2], parts[0], parts[1]
    return (parts[1] if len(parts) > 1 else ""), parts[0], ""


def meant(text: str) -> str:
    """What a field is meant to hold: the text on one line, whitespace collapsed."""
    return citations._clean(text)


def folded(text: str) -> str:
    """``text`` with its full-width forms as the ASCII they stand for, as BibTeX output
    writes them (but in Chinese, Japanese or Korean text, where they stay)."""
    if citations._CJK.search(text):
        return text
    return citations._FULL_WIDTH.sub(lambda found: unicodedata.normalize("NFKC", found[0]), text)


def meaning(text: str) -> str:
    """What LaTeX text means: accents and escapes as characters, grouping braces gone,
    full-width forms as their ASCII (:func:`folded`)."""
    return folded(bibtex_unescape(meant(text)))


def check_round_trip(paper: Paper, fields: dict[str, str]) -> None:
    """The parsed entry holds exactly the paper's title, authors, abstract and links."""
    # the HTML a scraper left ("&amp;", tags) is read as the reader shows it
    assert bibtex_unescape(fields["title"]) == meaning(citations._tags_as_latex(paper.title))
    if meant(paper.abstract):
        shown = meaning(citations._tags_as_latex(paper.abstract))
        assert bibtex_unescape(fields["abstract"]) == shown
    # the names as the citation splits them (a PMLR key says where the first author's
    # family name begins)
    authors = [meant(a) for a in citations._authors(paper) if meant(a)]
    if authors:
        parsed = [
            tuple(map(bibtex_unescape, bibtex_name(name)))
            for name in split_authors(fields["author"])
        ]
        expected = []
        for author in authors:
            if citations._is_others(author):  # "et al.": BibTeX's "and others"
                expected.append(("", "others", ""))
                continue
            given, family, suffix = name_parts(author)
            if suffix and not given:  # written as one braced name
                family, suffix = f"{family} {suffix}", ""
            expected.append(
                tuple(folded(bibtex_unescape(part)) for part in (given, family, suffix))
            )
        assert parsed == expected
    else:
        assert "author" not in fields
    for key in ("url", "pdf"):
        if key in fields:
            assert not re.search(r"[{}\s\\]", fields[key])


# ------------------------------------------------------------------------- golden


def render_all(paper: Paper) -> str:
    out = [f"# {paper.title}"]
    for fmt in FORMATS:
        citation = format_citation(paper, fmt)
        out.append(f"===== {fmt} =====")
        out.append(citation.text)
        out.append(f"----- warnings: {'; '.join(citation.warnings) or 'none'}")
    out.append("===== bibtex, include_abstract =====")
    out.append(format_citation(paper, "bibtex", include_abstract=True).text)
    return "\n".join(out) + "\n"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"missing golden file {path}; run with TUIREADER_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_golden_every_format(name: str) -> None:
    check_golden(f"{name}.txt", render_all(SAMPLES[name]))


def test_golden_batch_export_is_valid_bibtex() -> None:
    text = format_many(list(SAMPLES.values()), "bibtex", include_abstract=True)
    check_golden("batch.bib", text + "\n")
    assert validate_bibtex(text) == []
    library = bibtexparser.parse_string(text)
    assert len(library.entries) == len(SAMPLES)
    by_key = {entry.key: {f.key: f.value for f in entry.fields} for entry in library.entries}
    keys = cite_keys(list(SAMPLES.values()))
    for paper in SAMPLES.values():
        check_round_trip(paper, by_key[keys[paper.id]])


def test_golden_batch_biblatex_is_valid() -> None:
    text = format_many(list(SAMPLES.values()), "biblatex")
    check_golden("batch_biblatex.bib", text + "\n")
    assert validate_bibtex(text) == []


# ------------------------------------------------------------------ ICML entries


def test_icml_entry_has_proceedings_fields() -> None:
    fields = parse_one(format_citation(SAMPLES["tseng24a"]).text)
    assert fields["ENTRYTYPE"] == "inproceedings"
    assert (
        fields["booktitle"]
        == "Proceedings of the 41st International Conference on Machine Learning"
    )
    assert fields["series"] == "Proceedings of Machine Learning Research"
    assert fields["volume"] == "235"
    assert fields["publisher"] == "PMLR"
    assert fields["year"] == "2024"
    assert fields["url"] == "https://proceedings.mlr.press/v235/tseng24a.html"
    assert fields["pdf"].endswith("/tseng24a.pdf")
    assert "abstract" not in fields
    # the math in the title is kept as LaTeX, the acronyms are protected
    assert fields["title"].startswith("{QuIP}$\\#$: Even Better {LLM} Quantization")


def test_icml_detected_from_pmlr_key_without_venue() -> None:
    paper = Paper(
        id="x1",
        title="Some Result",
        abstract="",
        authors=("Ann Lee",),
        year=2024,
        pmlr_key="lee24z",
    )
    fields = parse_one(format_citation(paper).text)
    assert fields["volume"] == "235"
    assert fields["url"] == "https://proceedings.mlr.press/v235/lee24z.html"
    assert fields["pdf"] == "https://proceedings.mlr.press/v235/lee24z/lee24z.pdf"


def test_other_venues() -> None:
    neurips = Paper(
        id="n", title="Deep Things", abstract="", authors=("Ann Lee",), venue="NeurIPS 2023"
    )
    fields = parse_one(format_citation(neurips).text)
    assert fields["booktitle"] == "Advances in Neural Information Processing Systems"
    assert fields["volume"] == "36" and fields["year"] == "2023"
    iclr = Paper(
        id="i", title="Deep Things", abstract="", authors=("Ann Lee",), venue="ICLR", year=2024
    )
    assert parse_one(format_citation(iclr).text)["booktitle"] == (
        "The Twelfth International Conference on Learning Representations"
    )
    other = Paper(
        id="o", title="Deep Things", abstract="", authors=("Ann Lee",), venue="CVPR & Co 2022"
    )
    fields = parse_one(format_citation(other).text)
    assert fields["booktitle"] == "CVPR \\& Co 2022" and fields["year"] == "2022"
    oral = Paper(id="x", title="T", abstract="", authors=("Ann Lee",), venue="ICML 2024 (Oral)")
    assert parse_one(format_citation(oral).text)["volume"] == "235"
    workshop = Paper(id="w", title="T", abstract="", venue="ICML 2024 Workshop on Things")
    assert parse_one(format_citation(workshop).text)["booktitle"] == "ICML 2024 Workshop on Things"
    none = Paper(id="m", title="Deep Things", abstract="", authors=("Ann Lee",))
    citation = format_citation(none)
    assert parse_one(citation.text)["ENTRYTYPE"] == "misc"
    assert W_NO_VENUE in citation.warnings and W_NO_YEAR in citation.warnings


def test_apa_and_mla_text() -> None:
    paper = SAMPLES["tseng24a"]
    apa = format_citation(paper, "apa").text
    assert apa.startswith(
        "Tseng, A., Chee, J., Sun, Q., Kuleshov, V., & De Sa, C. (2024). QuIP#: Even Better"
    )
    assert (
        "In Proceedings of the 41st International Conference on Machine Learning (Vol. 235). PMLR. "
        in apa
    )
    assert apa.endswith("https://proceedings.mlr.press/v235/tseng24a.html")
    assert "*" not in apa and "$" not in apa
    mla = format_citation(paper, "mla").text
    assert mla.startswith('Tseng, Albert, et al. "QuIP#: Even Better LLM Quantization')
    assert mla.endswith(
        "Proceedings of the 41st International Conference on Machine Learning, vol. 235, PMLR, 2024, "
        "https://proceedings.mlr.press/v235/tseng24a.html."
    )
    accented = format_citation(SAMPLES["von-rutte24a"], "apa").text
    assert accented.startswith(
        "von Rütte, D., Anagnostidis, S., Bachmann, G., & Hofmann, T. (2024)."
    )


def test_mla_does_not_repeat_the_year_a_journal_reference_ends_with() -> None:
    # "Phys.Rev.D76:013009,2007, 2007"
    ref = Paper(
        id="a",
        title="T",
        abstract="",
        authors=("Ann Lee",),
        journal_ref="Phys.Rev.D76:013009,2007",
        year=2007,
        arxiv_id="0704.0001",
    )
    assert "Phys. Rev. D 76, 013009 (2007), https" in format_citation(ref, "mla").text
    workshop = Paper(
        id="w",
        title="T",
        abstract="",
        authors=("Ann Lee",),
        venue="ICML 2024 Workshop on Things",
        year=2024,
    )
    assert "ICML 2024 Workshop on Things, 2024" in format_citation(workshop, "mla").text


def test_a_journal_reference_is_cited_as_a_note_not_as_the_journal() -> None:
    # arXiv's journal-ref ran whole into the journal: journal = {Phys.Rev.D76:013009,2007}
    paper = Paper(
        id="a",
        title="Calculation of prompt diphoton production cross sections",
        abstract="",
        authors=("C. Balázs", "E. L. Berger"),
        journal_ref="Phys.Rev.D76:013009,2007",
        year=2007,
        doi="10.1103/PhysRevD.76.013009",
        arxiv_id="0704.0001",
        arxiv_class="hep-ph",
    )
    for fmt in ("bibtex", "biblatex"):
        cited = format_citation(paper, fmt)
        fields = {f.key: f.value for f in bibtexparser.parse_string(cited.text).entries[0].fields}
        assert "journal" not in fields and "journaltitle" not in fields
        assert fields["note"] == "Phys. Rev. D 76, 013009 (2007)"
        assert fields["eprint"] == "0704.0001"
        assert cited.text.startswith("@misc{" if fmt == "bibtex" else "@online{")
        assert W_NO_VENUE not in cited.warnings
    # the plain styles give the reference where the published version is named
    apa = format_citation(paper, "apa").text
    assert "energies" not in apa and "(2007). Calculation" in apa
    assert "sections. Phys. Rev. D 76, 013009 (2007). https://doi.org/" in apa
    # a journal that a source names is the journal, the reference not repeated
    named = Paper(
        id="b",
        title="T",
        abstract="",
        authors=("Ann Lee",),
        journal="Physical Review D",
        journal_ref="Phys.Rev.D76:013009,2007",
        year=2007,
    )
    text = format_citation(named, "bibtex").text
    assert "journal = {Physical Review D}" in text and "013009" not in text


def test_mla_two_authors_and_question_title() -> None:
    paper = Paper(
        id="q", title="Is It Real?", abstract="", authors=("Ann Lee", "Bo Chen"), venue="ICML 2024"
    )
    mla = format_citation(paper, "mla").text
    assert mla.startswith('Lee, Ann, and Bo Chen. "Is It Real?" Proceedings of the 41st')


# ------------------------------------------------------------- bare abstracts


def test_bare_abstract_never_invents_authors() -> None:
    paper = SAMPLES["bare_seed"]
    citation = format_citation(paper)
    fields = parse_one(citation.text)
    assert "author" not in fields
    assert fields["ENTRYTYPE"] == "misc"
    assert fields["note"] == "Title derived from the abstract; authors unknown"
    assert citation.key == "anongenerating"
    assert {W_NO_AUTHORS, W_DERIVED_TITLE, W_NO_YEAR, W_NO_VENUE} <= set(citation.warnings)
    assert citation.incomplete
    apa = format_citation(paper, "apa").text
    assert apa.startswith(
        "Generating rich and controllable motion is a pivotal challenge in video… "
        "[title derived from the abstract]. (n.d.)."
    )
    assert format_citation(paper, "url").text == ""
    assert W_NO_LINK in format_citation(paper, "url").warnings
    assert W_NO_LINK in format_citation(paper, "markdown").warnings


def test_markdown_of_a_paper_without_link_says_who_when_and_where() -> None:
    paper = Paper(
        id="m",
        title="Deep Things [v2]",
        abstract="",
        authors=("Ann Lee", "Bo Chen", "Cy Dee", "Di Eng"),
        venue="ICML 2024",
    )
    citation = format_citation(paper, "markdown")
    assert citation.text == (
        r"*Deep Things \[v2\]*. Ann Lee, Bo Chen, Cy Dee et al. "
        "Proceedings of the 41st International Conference on Machine Learning, 2024."
    )
    assert W_NO_LINK in citation.warnings
    alone = Paper(id="n", title="Deep Things", abstract="", authors=("Ann Lee",), year=2020)
    assert format_citation(alone, "markdown").text == "*Deep Things*. Ann Lee. 2020."
    linked = Paper(
        id="l",
        title="Deep Things",
        abstract="",
        authors=("Ann Lee",),
        links=(Link("https://example.org/p", "paper", "url"),),
    )
    # the same shape as a paper without a link, its title linked
    assert (
        format_citation(linked, "markdown").text == "[Deep Things](https://example.org/p). Ann Lee."
    )


def test_bare_abstract_with_known_venue() -> None:
    citation = format_citation(SAMPLES["bare_seed_icml"])
    fields = parse_one(citation.text)
    assert citation.key == "anon2024generating"
    assert fields["ENTRYTYPE"] == "inproceedings" and fields["volume"] == "235"
    assert "author" not in fields and "authors unknown" in fields["note"]
    assert W_NO_AUTHORS in citation.warnings and W_NO_YEAR not in citation.warnings


def test_complete_paper_has_no_warnings() -> None:
    for fmt in FORMATS:
        assert format_citation(SAMPLES["tseng24a"], fmt).warnings == ()


# ------------------------------------------------------------------------ names


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("Neal J. Evans II", ("Neal J.", "Evans", "II")),
        ("Martin Luther King Jr.", ("Martin Luther", "King", "Jr.")),
        ("Sammy Davis Jr", ("Sammy", "Davis", "Jr")),
        ("John Smith III", ("John", "Smith", "III")),
        ("Neal J. Evans, Jr.", ("Neal J.", "Evans", "Jr.")),
        ("Evans, II, Neal J.", ("Neal J.", "Evans", "II")),  # BibTeX's Last, Jr, First
        ("Evans, Neal J., II", ("Neal J.", "Evans", "II")),
        ("Evans, Neal J.", ("Neal J.", "Evans", "")),
        ("Floris van der Tak", ("Floris", "van der Tak", "")),
        ("Maria de la Cruz", ("Maria", "de la Cruz", "")),
        ("Ludwig van Beethoven Jr.", ("Ludwig", "van Beethoven", "Jr.")),
        ("John V. Smith", ("John V.", "Smith", "")),  # an initial, not a suffix
        ("Plato", ("", "Plato", "")),
        ("{A. Biere}", ("", "{A. Biere}", "")),
    ],
)
def test_name_parts_read_suffixes_and_particles(name: str, parts: tuple[str, str, str]) -> None:
    assert name_parts(name) == parts
    assert split_name(name) == parts[:2]


def test_suffixes_go_where_each_style_puts_them() -> None:
    paper = Paper(
        id="s",
        title="The Serpens YSO Population",
        abstract="",
        authors=("Paul Harvey", "Neal J. Evans II", "Dimitri von Rütte"),
        year=2007,
        venue="The Astrophysical Journal",
    )
    fields = parse_one(format_citation(paper, "bibtex").text)
    assert fields["author"] == "Harvey, Paul and Evans, II, Neal J. and von Rütte, Dimitri"
    apa = format_citation(paper, "apa").text
    assert apa.startswith("Harvey, P., Evans, N. J., II, & von Rütte, D. (2007).")
    first = Paper(id="t", title="T", abstract="", authors=("Neal J. Evans II", "Ann Lee"))
    assert format_citation(first, "mla").text.startswith('Evans, Neal J., II, and Ann Lee. "T."')
    assert base_key(first) == "evanst"
    # BibTeX reads "Last, Jr, First" back as the same three parts
    parsed = bibtexparser.parse_string(format_citation(paper, "bibtex").text)
    assert not parsed.failed_blocks


def test_editors_stand_for_the_authors_of_an_edited_book() -> None:
    book = Paper(
        id="e",
        title="Physics-based animation",
        abstract="",
        editor=("Erleben, Kenny",),
        year=2005,
        publisher="Charles River Media",
        entry_type="collection",
    )
    apa = format_citation(book, "apa")
    assert apa.text == "Erleben, K. (Ed.). (2005). Physics-based animation. Charles River Media."
    assert W_NO_AUTHORS not in apa.warnings
    mla = format_citation(book, "mla").text
    assert mla == "Erleben, Kenny, editor. Physics-based animation. Charles River Media, 2005."
    fields = parse_one(format_citation(book, "bibtex").text)
    assert (fields["ENTRYTYPE"], fields["ID"]) == ("book", "erleben2005physics")
    assert fields["editor"] == "Erleben, Kenny" and fields["publisher"] == "Charles River Media"
    assert "note" not in fields  # no "Authors unknown": the editors are named
    assert format_citation(book, "biblatex").text.startswith("@collection{erleben2005physics,")
    two = Paper(id="f", title="Book", abstract="", editor=("Lee, Ann", "Chen, Bo"), year=2001)
    assert format_citation(two, "apa").text.startswith("Lee, A., & Chen, B. (Eds.). (2001). Book.")
    assert format_citation(two, "mla").text.startswith('Lee, Ann, and Bo Chen, editors. "Book."')
    assert format_citation(two, "markdown").text == "*Book*. Ann Lee, Bo Chen (eds.). 2001."
    # a paper with authors is cited by them, whoever edited the proceedings
    chapter = Paper(id="g", title="T", abstract="", authors=("Ann Lee",), editor=("Chen, Bo",))
    assert format_citation(chapter, "apa").text.startswith("Lee, A. (n.d.). T.")


# ------------------------------------------------------------------------- keys


def test_base_keys() -> None:
    assert base_key(SAMPLES["tseng24a"]) == "tseng2024quip"
    assert base_key(SAMPLES["von-rutte24a"]) == "vonrutte2024language"
    # the PMLR key says the family name is "Abad Rocamora", not "Rocamora"
    assert base_key(SAMPLES["abad-rocamora24a"]) == "abadrocamora2024revisiting"
    # "Position:" and LaTeX commands are skipped
    assert base_key(SAMPLES["hashimoto24a"]) == "hashimoto2024algebraic"
    assert (
        base_key(SAMPLES["banihashem24a"])
        == base_key(SAMPLES["banihashem24b"])
        == "banihashem2024dynamic"
    )


@pytest.mark.parametrize(
    ("author", "title", "key"),
    [
        ("Zoë Ångström", "The Attack of the Clones", "angstrom2024attack"),
        ("Jan van den Brand", "On a Faster Solver", "vandenbrand2024faster"),
        ("Lee, Ann", "$\\mathtt{VITS}$ : Variational Inference", "lee2024vits"),
        ("张三", "学习", "zhang2024xuexi"),
        ("O'Neil Smith-Jones", "A 3D World", "smithjones20243d"),
    ],
)
def test_key_shapes(author: str, title: str, key: str) -> None:
    paper = Paper(id="k", title=title, abstract="", authors=(author,), year=2024)
    assert base_key(paper) == key
    assert re.fullmatch(r"[a-z][a-z0-9]*", base_key(paper))


def without_pmlr_key(paper: Paper) -> Paper:
    """``paper`` as a list that does not carry its PMLR key gives it (a generated key)."""
    return replace(paper, pmlr_key=None)


def test_colliding_keys_get_suffixes_in_a_stable_order() -> None:
    a, b = map(without_pmlr_key, (SAMPLES["banihashem24a"], SAMPLES["banihashem24b"]))
    others = [without_pmlr_key(SAMPLES["tseng24a"]), SAMPLES["bare_seed"]]
    forward = cite_keys([a, b, *others])
    backward = cite_keys([*reversed(others), b, a])
    assert forward == backward
    first, second = sorted([a.id, b.id])
    assert forward[first] == "banihashem2024dynamica"
    assert forward[second] == "banihashem2024dynamicb"
    assert forward[others[0].id] == "tseng2024quip"
    # alone, a paper keeps its base key
    assert cite_keys([a]) == {a.id: "banihashem2024dynamic"}
    # the same paper twice is one paper with one key
    assert cite_keys([a, a]) == {a.id: "banihashem2024dynamic"}


def test_many_collisions_and_suffix_clashes_stay_unique() -> None:
    papers = [
        Paper(id=f"p{i:03d}", title="Learning", abstract="", authors=("Wei Li",), year=2024)
        for i in range(30)
    ]
    papers.append(Paper(id="zz", title="Learninga", abstract="", authors=("Wei Li",), year=2024))
    keys = cite_keys(papers)
    assert len(set(keys.values())) == len(papers)
    assert keys["zz"] == "li2024learninga"
    assert keys["p000"] == "li2024learningb"
    assert keys["p024"] == "li2024learningz"
    assert keys["p025"] == "li2024learningaa"


def test_keys_are_stable_across_runs() -> None:
    script = (
        f"import json, sys; sys.path.insert(0, {str(HERE)!r}); from test_citations import SAMPLES;"
        "from tuireader.render.citations import cite_keys;"
        "print(json.dumps(cite_keys(list(SAMPLES.values())), sort_keys=True))"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    }
    assert len(runs) == 1
    assert json.loads(runs.pop()) == cite_keys(list(SAMPLES.values()))


def test_format_many_uses_unique_keys() -> None:
    a, b = map(without_pmlr_key, (SAMPLES["banihashem24a"], SAMPLES["banihashem24b"]))
    papers = [b, a, b]
    text = format_many(papers, "bibtex")
    keys = [entry.key for entry in bibtexparser.parse_string(text).entries]
    assert sorted(keys) == ["banihashem2024dynamica", "banihashem2024dynamicb"]
    assert "\n\n@" in text
    cite = format_many(papers, "cite")
    assert cite in (
        "\\cite{banihashem2024dynamica,banihashem2024dynamicb}",
        "\\cite{banihashem2024dynamicb,banihashem2024dynamica}",
    )
    assert format_many(papers, "pandoc").count("@") == 2
    assert len(format_many(papers, "url").splitlines()) == 2


# ---------------------------------------------------------------- small formats


def test_markdown_link_escapes_brackets_and_picks_best_link() -> None:
    paper = Paper(
        id="m",
        title="[Re] Attention $\\alpha$ *is* all",
        abstract="",
        links=(
            Link("https://github.com/a/b", "code", "text"),
            Link("https://example.org/paper.pdf", "paper", "pdf"),
            Link("https://arxiv.org/abs/2401.00001", "paper", "text"),
            Link("https://openreview.net/forum?id=abc", "paper", "openreview"),
        ),
    )
    text = format_citation(paper, "markdown").text
    assert text == "[\\[Re\\] Attention α is all](https://openreview.net/forum?id=abc)."
    assert format_citation(paper, "url").text == "https://openreview.net/forum?id=abc"
    fields = parse_one(format_citation(paper, "bibtex").text)
    assert fields["pdf"] == "https://example.org/paper.pdf"
    assert "eprint" not in fields  # an arXiv link the abstract mentions is no eprint
    bracketed = Paper(
        id="c", title="T", abstract="", links=(Link("https://x.org/a/(b)", "paper", "url"),)
    )
    assert format_citation(bracketed, "markdown").text == "[T](https://x.org/a/%28b%29)."
    # a link the abstract mentions is no URL of the paper's, in Markdown as in every format
    code_only = Paper(
        id="c", title="T", abstract="", links=(Link("https://github.com/a/(b)", "code", "text"),)
    )
    assert format_citation(code_only, "markdown").text == "*T*."


def test_cite_and_pandoc() -> None:
    paper = SAMPLES["tseng24a"]
    assert format_citation(paper, "cite").text == "\\cite{pmlr-v235-tseng24a}"
    assert format_citation(paper, "pandoc").text == "[@pmlr-v235-tseng24a]"
    unkeyed = without_pmlr_key(paper)
    assert format_citation(unkeyed, "cite").text == "\\cite{tseng2024quip}"
    assert format_citation(unkeyed, "pandoc").text == "[@tseng2024quip]"
    assert format_citation(paper, "cite", key="mykey").text == "\\cite{mykey}"


def test_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown citation format"):
        format_citation(SAMPLES["tseng24a"], "harvard")


# ---------------------------------------------------------------------- escaping


@pytest.mark.parametrize(
    ("raw", "escaped"),
    [
        ("Batch size & Time", "Batch size \\& Time"),
        ("improves ASR in $4.84$% points", "improves ASR in $4.84$\\% points"),
        ("costs $5 and more", "costs \\$5 and more"),
        ("set $\\{x\\}$ ok", "set $\\{x\\}$ ok"),
        # ``\\{`` is LaTeX's brace; the unmatched ``}`` is a literal one
        ("bad $\\{x}$ math", "bad \\$\\textbraceleft{}x\\textbraceright{}\\$ math"),
        ("$50% off$", "\\$50\\% off\\$"),
        ("a_b ~c^ #1 {x", "a\\_b \\textasciitilde{}c\\textasciicircum{} \\#1 \\textbraceleft{}x"),
        ("trailing \\", "trailing \\textbackslash{}"),
        ("Ünïcödé — stays", "Ünïcödé — stays"),
        ("two\n\nlines\t here", "two lines here"),
    ],
)
def test_bibtex_escape_examples(raw: str, escaped: str) -> None:
    assert bibtex_escape(raw) == escaped
    assert bibtex_unescape(escaped) == meaning(raw)


def test_unbalanced_url_braces_are_percent_encoded() -> None:
    paper = Paper(
        id="u",
        title="T",
        abstract="",
        authors=("A B",),
        links=(Link("https://example.org/a}b{c", "paper", "url"),),
    )
    text = format_citation(paper).text
    assert validate_bibtex(text) == []
    assert parse_one(text)["url"] == "https://example.org/a%7Db%7Bc"


def test_a_link_that_is_not_a_safe_web_address_is_never_cited() -> None:
    for url in ("https://example.org/a b", "https://example.org/a\\nb", "javascript:alert(1)"):
        paper = Paper(id="u", title="T", abstract="", authors=("A B",), links=(Link(url, "paper"),))
        text = format_citation(paper).text
        assert "example.org" not in text and "javascript" not in text, text


def test_a_doi_with_a_line_break_never_becomes_a_link() -> None:
    paper = Paper(id="u", title="T", abstract="", authors=("A B",), doi="10.1000/x\ntouch PWNED")
    assert best_link(paper) is None
    assert "PWNED" not in format_citation(paper, "url").text


def test_validate_bibtex_reports_problems() -> None:
    assert validate_bibtex("@misc{k,\n  title = {a & b}\n}") == [
        "entry 'k': field title: unescaped '&' outside math"
    ]
    assert any("does not parse" in p for p in validate_bibtex("@misc{k,\n  title = {a {b}\n}"))
    assert any("never closes" in p for p in validate_bibtex("@misc{k,\n  title = {a $b}\n}"))
    problems = validate_bibtex("@misc{k,\n  title = {a}\n}\n\n@misc{k,\n  title = {b}\n}")
    assert problems
    assert validate_bibtex("@misc{k,\n  title = {a \\& b $x_1$}\n}") == []


NASTY = st.sampled_from(
    list("\\{}$&%#_~^@=,\"'()[]* \n\t\x00é—ß中") + ["and", " and ", "$x$", "\\alpha", "a"]
)
nasty_text = st.one_of(st.lists(NASTY, max_size=25).map("".join), st.text(max_size=40))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    title=nasty_text,
    abstract=nasty_text,
    authors=st.lists(nasty_text, max_size=4),
    url=nasty_text,
    venue=st.one_of(st.none(), nasty_text),
)
@example(title="Rock &amp; roll", abstract="a &lt; b", authors=[], url="", venue=None)
@example(title="", abstract="", authors=["ETAL"], url="", venue=None)
def test_any_text_gives_bibtex_that_parses_back(title, abstract, authors, url, venue) -> None:
    paper = Paper(
        id="h",
        title=title,
        abstract=abstract,
        authors=tuple(authors),
        venue=venue,
        year=2024,
        links=(Link("https://example.org/" + url, "paper", "url"),),
    )
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt, include_abstract=True).text
        assert validate_bibtex(text) == [], text
        fields = parse_one(text)
        check_round_trip(paper, fields)
        venue_info = citations._venue(paper, 2024)
        container = fields.get("booktitle") or fields.get("journal") or fields.get("journaltitle")
        if venue_info is not None:
            assert bibtex_unescape(container) == meaning(venue_info.container)
    for fmt in FORMATS:
        assert isinstance(format_citation(paper, fmt).text, str)


@settings(max_examples=300, deadline=None)
@given(text=nasty_text)
@example(text="$\\a$")  # a command no LaTeX math knows, spelled out as its name
@example(text="$\\frac{1}{2}\\leq\\Q_{p}$")
@example(text="&amp;")  # HTML a scraper left: the character it stands for, as shown
def test_unescape_inverts_escape(text: str) -> None:
    # the HTML a scraper left in a text (tags, "&amp;") is read first, as the reader shows it
    shown = meaning(citations._tags_as_latex(text))
    assert bibtex_unescape(bibtex_escape(text)) == shown
    assert bibtex_unescape(bibtex_escape(text, protect=lambda w: True)) == shown
    if not set(text) & set("\\{}$"):
        assert meaning(text) == folded(meant(text))


def test_every_icml_record_parses_back() -> None:
    papers = [
        paper_from_record(json.loads(line))
        for line in ICML_DATA.read_text(encoding="utf-8").splitlines()
    ]
    assert len(papers) == 36
    text = format_many(papers, "bibtex", include_abstract=True)
    assert validate_bibtex(text) == []
    library = bibtexparser.parse_string(text)
    by_key = {entry.key: {f.key: f.value for f in entry.fields} for entry in library.entries}
    keys = cite_keys(papers)
    assert len(by_key) == len(set(keys.values())) == len({p.id for p in papers})
    for paper in papers:
        fields = by_key[keys[paper.id]]
        check_round_trip(paper, fields)
        assert fields["volume"] == "235" and fields["url"].startswith(
            "https://proceedings.mlr.press/v235/"
        )


def test_core_module_does_not_import_textual_or_rich() -> None:
    code = (
        "import sys, tuireader.render.citations;"
        "print(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_text_formats_render_latex_commands_in_titles() -> None:
    paper = Paper(
        id="t", title=r"\textit{Deep} nets for $\ell_1$", abstract="", authors=(r"C. Bal\'azs",)
    )
    apa = format_citation(paper, "apa").text
    assert "Deep nets for ℓ₁" in apa and "textit" not in apa
    assert "Balázs" in apa


def test_csl_books_reports_events_and_posts_keep_their_kind(tmp_path) -> None:
    import json

    from tuireader.ingest.library import load_library

    items = [
        {
            "id": "axler",
            "type": "book",
            "title": "Linear Algebra Done Right",
            "author": [{"family": "Axler", "given": "Sheldon"}],
            "publisher": "Springer",
            "issued": {"date-parts": [[2015]]},
        },
        {
            "id": "hagberg",
            "type": "report",
            "title": "Exploring network structure",
            "author": [{"family": "Hagberg", "given": "Aric"}],
            "publisher": "Los Alamos",
            "issued": {"date-parts": [[2008]]},
        },
        {
            "id": "brin",
            "type": "paper-conference",
            "title": "The Anatomy of a Search Engine",
            "author": [{"family": "Brin", "given": "Sergey"}],
            "event-title": "Seventh International World-Wide Web Conference",
            "issued": {"date-parts": [[1998]]},
        },
        {
            "id": "post",
            "type": "post-weblog",
            "title": "Review: a lens",
            "author": [{"literal": "JuriaanM"}],
            "container-title": "A Photo Blog",
            "issued": {"date-parts": [[2019]]},
        },
    ]
    path = tmp_path / "library.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    library = load_library([path])
    entries = {p.source_id: parse_one(format_citation(p, library=library).text) for p in library}
    assert entries["axler"]["ENTRYTYPE"] == "book" and entries["axler"]["publisher"] == "Springer"
    assert entries["hagberg"]["ENTRYTYPE"] == "techreport"
    assert entries["hagberg"]["institution"] == "Los Alamos"
    assert entries["brin"]["ENTRYTYPE"] == "inproceedings"
    assert "World-Wide Web" in entries["brin"]["booktitle"]
    assert entries["post"]["ENTRYTYPE"] == "misc"
