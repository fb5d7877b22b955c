"""Catalogs: reading each format, matching damaged abstracts, applying metadata to a library."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tuireader.ingest.catalog import (
    Catalog,
    CatalogEntry,
    Matcher,
    apply_catalogs,
    default_catalog_paths,
    load_catalog,
    load_catalogs,
)
from tuireader.ingest.library import load_library

FIXTURES = Path(__file__).parent / "fixtures" / "catalog"
SAMPLE = FIXTURES / "icml-sample.jsonl"
BOXIMATOR = "Boximator: Generating Rich and Controllable Motions for Video Synthesis"
BOXIMATOR_AUTHORS = (
    "Jiawei Wang",
    "Yuchen Zhang",
    "Jiaxin Zou",
    "Yan Zeng",
    "Guoqiang Wei",
    "Liping Yuan",
    "Hang Li",
)


def _records() -> dict[str, dict]:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    return {record["pmlr_key"]: record for record in map(json.loads, lines)}


RECORDS = _records()


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip())


def _write_list(path: Path, name: str, abstracts: list[str]) -> Path:
    path.write_text(name + "\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def sample() -> Catalog:
    return load_catalog(SAMPLE)


@pytest.fixture(scope="module")
def matcher(sample: Catalog) -> Matcher:
    return Matcher(sample.entries)


# --------------------------------------------------------------------------- formats


@pytest.mark.parametrize("suffix", ["jsonl", "json", "bib", "csv"])
def test_every_catalog_format_gives_titles_and_authors(suffix: str) -> None:
    catalog = load_catalog(FIXTURES / f"icml-sample.{suffix}")
    assert catalog.problems == ()
    assert catalog.name == "icml-sample"
    assert len(catalog.entries) == len(RECORDS)
    by_title = {entry.title: entry for entry in catalog.entries}
    assert set(by_title) == {record["title"] for record in RECORDS.values()}
    boximator = by_title[BOXIMATOR]
    assert boximator.authors == BOXIMATOR_AUTHORS
    assert boximator.year == 2024
    assert boximator.url == "https://proceedings.mlr.press/v235/wang24cr.html"
    assert boximator.pdf and boximator.pdf.endswith("wang24cr.pdf")


@pytest.mark.parametrize("suffix", ["jsonl", "json", "bib", "csv"])
def test_a_catalog_in_any_format_names_a_rewrapped_abstract(suffix: str) -> None:
    matcher = Matcher(load_catalog(FIXTURES / f"icml-sample.{suffix}").entries)
    for record in RECORDS.values():
        query = textwrap.fill(record["abstract"], width=64)
        found = matcher.match(query)
        assert found is not None, record["pmlr_key"]
        assert found.entry.title == record["title"]


def test_csv_columns_are_found_by_name_in_any_order_and_with_semicolons(tmp_path: Path) -> None:
    record = RECORDS["wang24cr"]
    path = tmp_path / "mine.csv"
    path.write_text(
        "Year;Abstract;Paper Title;Author;DOI;OpenReview\n"
        f'2024;"{record["abstract"]}";{record["title"]};Jiawei Wang, Yuchen Zhang and Hang Li;'
        "https://doi.org/10.1000/XYZ;https://openreview.net/forum?id=7wgXuNOF0V\n",
        encoding="utf-8",
    )
    catalog = load_catalog(path)
    assert catalog.problems == ()
    (entry,) = catalog.entries
    assert entry.title == BOXIMATOR
    assert entry.authors == ("Jiawei Wang", "Yuchen Zhang", "Hang Li")
    assert entry.year == 2024
    assert entry.doi == "10.1000/XYZ"  # as written: it matches in any case
    assert entry.openreview_id == "7wgXuNOF0V"


# --------------------------------------------------------------------------- bad input


def test_a_catalog_that_does_not_parse_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('[{"title": "A", "abstract": "unterminated', encoding="utf-8")
    catalog = load_catalog(path)
    assert catalog.entries == ()
    assert [problem.severity for problem in catalog.problems] == ["error"]
    assert catalog.problems[0].path == path
    assert "not valid JSON" in catalog.problems[0].message


def test_records_without_abstract_are_counted_in_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "titles.jsonl"
    lines = [{"title": f"A Paper About Topic Number {n}", "authors": ["A B"]} for n in range(12)]
    lines.append({"title": BOXIMATOR, "abstract": RECORDS["wang24cr"]["abstract"]})
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    catalog = load_catalog(path)
    assert len(catalog.entries) == 13
    (problem,) = catalog.problems
    assert problem.severity == "warning"
    assert problem.path == path
    assert problem.message.startswith("12 records have no abstract and cannot be matched")


def test_a_csv_without_title_or_abstract_column_says_which_columns_it_has(tmp_path: Path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text("name of paper,writers\nX,Y\n", encoding="utf-8")
    catalog = load_catalog(path)
    assert catalog.entries == ()
    (problem,) = catalog.problems
    assert problem.severity == "error"
    assert "no 'title' or 'abstract' column" in problem.message
    assert "'name of paper'" in problem.message


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("list.txt", "My list\n\nAn abstract about things.\n", "plain-text list, not a catalog"),
        ("empty.csv", "", "empty"),
        ("image.csv", b"\x89PNG\r\n\x1a\n\x00\x00binary", "PNG image"),
        ("nothing.jsonl", "\n\n", "empty"),
    ],
)
def test_files_that_are_not_catalogs_give_an_error(
    tmp_path: Path, name: str, content: str | bytes, expected: str
) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    catalog = load_catalog(path)
    assert catalog.entries == ()
    assert any(expected in problem.message for problem in catalog.problems), catalog.problems
    assert any(problem.severity == "error" for problem in catalog.problems)


def test_load_catalogs_reads_folders_and_reports_missing_paths(tmp_path: Path) -> None:
    folder = tmp_path / "catalogs"
    folder.mkdir()
    (folder / "b.jsonl").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "a.csv").write_text((FIXTURES / "icml-sample.csv").read_text(encoding="utf-8"))
    (folder / "notes.txt").write_text("not a catalog\n")
    missing = tmp_path / "nope.jsonl"
    catalogs, problems = load_catalogs([folder, missing])
    assert [catalog.name for catalog in catalogs] == ["a", "b", "nope"]
    assert [len(catalog.entries) for catalog in catalogs] == [8, 8, 0]
    assert [(problem.path, problem.message) for problem in problems] == [
        (missing, "catalog not found")
    ]


def test_a_broken_catalog_leaves_the_lists_loaded(tmp_path: Path) -> None:
    listed = _write_list(tmp_path / "list.txt", "Mine", [RECORDS["wang24cr"]["abstract"]])
    library = load_library([listed])
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n", encoding="utf-8")
    catalogs, _ = load_catalogs([broken])
    applied = apply_catalogs(library, catalogs)
    assert [paper.id for paper in applied] == [paper.id for paper in library]
    assert applied.papers[0].title_derived
    assert any(problem.path == broken for problem in applied.problems)


# --------------------------------------------------------------------------- matching


def test_exact_match_ignores_wrapping_case_quotes_dashes_and_markup(matcher: Matcher) -> None:
    abstract = RECORDS["bailey24a"]["abstract"]
    copy = abstract.replace("’", "'").replace("*", "").upper()
    copy = textwrap.fill(copy, width=50).replace("-", "\u2013")
    found = matcher.match(copy)
    assert found is not None
    assert found.method == "exact"
    assert found.entry.pmlr_key == "bailey24a"


def _drop_latex(text: str) -> str:
    text = text.replace(r"$\varepsilon$", "ε").replace(r"\varepsilon", "epsilon")
    return re.sub(r"\$[^$]*\$", "", text)


def _swap_quotes(text: str) -> str:
    return text.translate(str.maketrans({"’": "'", "'": "’", "“": '"', "”": '"', '"': "”"}))


def _without_last_sentence(text: str) -> str:
    return " ".join(_sentences(text)[:-1])


DAMAGES = {
    "re-wrapped with hyphen breaks": lambda text: textwrap.fill(text, width=41),
    "quotes swapped": _swap_quotes,
    "LaTeX dropped": _drop_latex,
    "last sentence missing": _without_last_sentence,
    "all combined": lambda text: textwrap.fill(
        _swap_quotes(_drop_latex(_without_last_sentence(text))), width=55
    ),
}


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
@pytest.mark.parametrize("key", ["asi24a", "abad-rocamora24a", "bailey24a", "nguyen24a"])
def test_damaged_abstracts_find_their_own_record(matcher: Matcher, damage: str, key: str) -> None:
    original = RECORDS[key]["abstract"]
    query = DAMAGES[damage](original)
    found = matcher.match(query)
    assert found is not None, f"{key} with {damage} found nothing"
    assert found.entry.pmlr_key == key


def test_dropped_latex_in_a_formula_heavy_abstract_needs_the_fuzzy_match(matcher: Matcher) -> None:
    query = _drop_latex(RECORDS["asi24a"]["abstract"])
    found = matcher.match(query)
    assert found is not None and found.method == "fuzzy"
    assert found.score >= 0.85
    assert found.entry.pmlr_key == "asi24a"


def _different_findings(abstract: str) -> str:
    """The same opening, but another method and other results: a different paper."""
    parts = _sentences(abstract)
    keep = parts[: len(parts) // 2]
    return " ".join(
        keep
        + [
            (
                "We instead propose a kernel-based estimator that replaces the gating network "
                "with a learned Gaussian process prior over expert assignments."
            ),
            (
                "Our analysis shows that this estimator converges at a polynomial rate under "
                "misspecification, which we verify on protein folding and traffic datasets."
            ),
            "Experiments on twelve benchmarks show consistent gains over sparse baselines.",
        ]
    )


def test_a_near_duplicate_of_a_different_paper_is_not_merged(matcher: Matcher) -> None:
    original = RECORDS["nguyen24a"]["abstract"]
    other_paper = _different_findings(original)
    assert matcher.match(other_paper) is None
    assert matcher.match(textwrap.fill(other_paper, 60)) is None
    # With both papers in the catalog, each finds its own.
    entries = [*load_catalog(SAMPLE).entries, CatalogEntry(title="Other", abstract=other_paper)]
    both = Matcher(entries)
    assert both.match(_drop_latex(_without_last_sentence(other_paper))).entry.title == "Other"
    mine = both.match(_swap_quotes(_without_last_sentence(original)))
    assert mine is not None and mine.entry.pmlr_key == "nguyen24a"


def test_real_near_duplicates_from_icml_stay_apart() -> None:
    """nguyen24a and nguyen24b share authors, topic and phrasing but are two papers."""
    a, b = RECORDS["nguyen24a"], RECORDS["nguyen24b"]
    only_b = Matcher([CatalogEntry(title=b["title"], abstract=b["abstract"])])
    for damage in DAMAGES.values():
        assert only_b.match(damage(a["abstract"])) is None


def test_text_stitched_from_several_abstracts_matches_nothing(matcher: Matcher) -> None:
    stitched = " ".join(
        _sentences(RECORDS[key]["abstract"])[index]
        for index, key in enumerate(["asi24a", "bailey24a", "wang24cr", "zhang24aw"])
    )
    assert matcher.match(stitched) is None
    assert matcher.match("Deep learning is useful.") is None


def test_two_records_that_fit_equally_well_attach_neither() -> None:
    abstract = RECORDS["asi24a"]["abstract"]
    longer = abstract + " We also release an open-source implementation of all protocols."
    matcher = Matcher(
        [CatalogEntry(title="A", abstract=abstract), CatalogEntry(title="B", abstract=longer)]
    )
    assert matcher.match(abstract).entry.title == "A"  # exact still decides
    assert matcher.match(_drop_latex(abstract)) is None


def test_identifiers_and_titles_match_without_abstract(matcher: Matcher) -> None:
    by_openreview = matcher.match("", openreview_id="7wgXuNOF0V")
    assert by_openreview is not None and by_openreview.method == "id"
    assert by_openreview.entry.title == BOXIMATOR
    by_pmlr = matcher.match("", pmlr_key="asi24a")
    assert by_pmlr is not None and by_pmlr.entry.pmlr_key == "asi24a"
    by_title = matcher.match("", BOXIMATOR.upper().replace(":", " -"))
    assert by_title is not None and by_title.method == "title"
    assert by_title.entry.pmlr_key == "wang24cr"
    assert matcher.match("", "Boximator") is None
    assert matcher.match("", openreview_id="unknown") is None


def test_a_title_two_records_share_matches_neither() -> None:
    twins = [CatalogEntry(title="Attention Is All You Need", abstract=f"x{n}") for n in range(2)]
    assert Matcher(twins).match("", "Attention is all you need") is None


# --------------------------------------------------------------------------- applying


def test_applying_a_catalog_gives_matched_papers_their_real_metadata(tmp_path: Path) -> None:
    boximator = RECORDS["wang24cr"]["abstract"]
    outsider = (
        "We study the migration of songbirds across the Sahara using radar data and show "
        "that nocturnal flight altitudes depend on wind shear more than on temperature."
    )
    listed = _write_list(
        tmp_path / "list.txt",
        "Reading",
        [textwrap.fill(_swap_quotes(boximator), 70), outsider],
    )
    library = load_library([listed])
    applied = apply_catalogs(library, [load_catalog(SAMPLE)])

    assert [paper.id for paper in applied] == [paper.id for paper in library]
    paper, untouched = applied.papers
    assert paper.title == BOXIMATOR
    assert not paper.title_derived
    assert paper.authors == BOXIMATOR_AUTHORS
    assert (paper.venue, paper.year) == ("ICML 2024", 2024)
    assert (paper.pmlr_key, paper.openreview_id) == ("wang24cr", "7wgXuNOF0V")
    assert paper.metadata_source == "icml-sample"
    assert {(link.origin, link.kind) for link in paper.links} >= {
        ("url", "paper"),
        ("pdf", "paper"),
        ("openreview", "paper"),
    }
    assert paper.abstract == library.papers[0].abstract  # the list's own text is kept
    assert untouched == library.papers[1]
    assert applied.lists == library.lists


def test_first_catalog_wins_and_later_ones_fill_gaps(tmp_path: Path) -> None:
    record = RECORDS["wang24cr"]
    sparse = tmp_path / "sparse.csv"
    sparse.write_text(
        f'title,abstract\nBoximator (short title),"{record["abstract"]}"\n', encoding="utf-8"
    )
    listed = _write_list(tmp_path / "list.txt", "Reading", [record["abstract"]])
    catalogs, problems = load_catalogs([sparse, SAMPLE])
    assert problems == []
    applied = apply_catalogs(load_library([listed]), catalogs)
    (paper,) = applied.papers
    assert paper.title == "Boximator (short title)"
    assert paper.authors == BOXIMATOR_AUTHORS
    assert paper.pmlr_key == "wang24cr"
    assert paper.metadata_source == "sparse"


def test_a_catalogs_unsafe_link_is_left_out_and_kept_to_be_said(tmp_path: Path) -> None:
    record = RECORDS["wang24cr"]
    hostile = "https://github.com/x/y$(rm -rf ~)"
    catalog = tmp_path / "hostile.jsonl"
    row = {"title": "Boximator", "abstract": record["abstract"], "code_urls": [hostile]}
    catalog.write_text(json.dumps(row) + "\n", encoding="utf-8")
    listed = _write_list(tmp_path / "list.txt", "Reading", [record["abstract"]])
    catalogs, problems = load_catalogs([catalog])
    assert problems == []
    (paper,) = apply_catalogs(load_library([listed]), catalogs).papers
    assert paper.title == "Boximator"
    assert all(link.url != hostile for link in paper.links)
    assert paper.unsafe_links == (hostile,)


def test_the_same_paper_from_a_list_and_a_bibtex_file_becomes_one(tmp_path: Path) -> None:
    record = RECORDS["asi24a"]
    listed = _write_list(tmp_path / "list.txt", "Reading", [textwrap.fill(record["abstract"], 72)])
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@article{{asi, title={{{record['title']}}}, author={{Asi, Hilal}}}}\n")
    library = load_library([listed, bib])
    assert len(library) == 2  # a title alone and a bare abstract: the lists cannot tell
    applied = apply_catalogs(library, [load_catalog(SAMPLE)])
    (paper,) = applied.papers
    assert paper.id == library.papers[0].id
    assert paper.title == record["title"]
    assert paper.lists == ("Reading", "refs")
    assert [paper_list.paper_ids for paper_list in applied.lists] == [(paper.id,), (paper.id,)]
    # the id the BibTeX file gave its paper still finds it
    assert paper.aliases == (library.papers[1].id,)
    assert applied.named(library.papers[1].id) == (paper,)


# --------------------------------------------------------------------------- the seed catalog


def test_the_shipped_seed_catalog_is_found_and_not_read_as_a_list() -> None:
    paths = default_catalog_paths()
    assert [path.name for path in paths] == ["icml2024-seeds.jsonl"]
    library = load_library()
    assert "icml2024-seeds" not in {paper_list.name for paper_list in library.lists}
    assert len(library) == 36


def test_the_seed_papers_get_their_real_titles_and_authors() -> None:
    library = load_library()
    catalogs, problems = load_catalogs(default_catalog_paths())
    assert problems == []
    applied = apply_catalogs(library, catalogs)
    assert [paper.id for paper in applied] == [paper.id for paper in library]
    assert all(paper.metadata_source == "icml2024-seeds" for paper in applied)
    assert not any(paper.title_derived for paper in applied)
    (boximator,) = [paper for paper in applied if paper.title.startswith("Boximator")]
    assert boximator.title == BOXIMATOR
    assert boximator.authors == BOXIMATOR_AUTHORS


def test_the_catalog_module_does_not_import_the_ui() -> None:
    code = (
        "import sys, tuireader.ingest.catalog\n"
        "assert 'textual' not in sys.modules and 'rich' not in sys.modules, sys.modules.keys()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_catalog_gives_a_matched_paper_every_field_it_carries(tmp_path: Path) -> None:
    abstract = (
        "We motivate energy-based models as a promising model class for continual learning "
        "problems and show that they outperform baseline methods by a large margin."
    )
    lst = tmp_path / "list.txt"
    lst.write_text(f"Reading\n\n{abstract}\n", encoding="utf-8")
    bib = tmp_path / "cat.bib"
    bib.write_text(
        "@Proceedings{P, booktitle = {Proceedings of CoLLAs}, year = {2022},\n"
        "  editor = {Chandar, Sarath}}\n"
        f"@InProceedings{{li2022, title = {{Energy-Based Models}}, abstract = {{{abstract}}},\n"
        "  author = {Li, Shuang}, pages = {1-22}, keywords = {continual, energy}}\n",
        encoding="utf-8",
    )
    catalogs, _problems = load_catalogs([bib])
    (paper,) = apply_catalogs(load_library([lst]), catalogs).papers
    assert (paper.title, paper.booktitle, paper.year) == (
        "Energy-Based Models",
        "Proceedings of CoLLAs",
        2022,
    )
    assert (paper.pages, paper.editor, paper.keywords) == (
        "1-22",
        ("Chandar, Sarath",),
        ("continual", "energy"),
    )
    assert paper.source_entry is not None and paper.source_entry.key == "li2022"
    assert (paper.source_id, paper.entry_type) == ("li2022", "inproceedings")
