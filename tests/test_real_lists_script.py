"""benchmarks/real_lists.py: what it counts in each source format, and how it judges a load.

The script reads every source on its own terms and compares it with what tuireader loads.
These tests pin the source side on slices of real files (tests/fixtures/real_lists/) and
the verdicts on hand-made loads, so they do not change as the readers improve.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

import pytest

from tuireader.model import Library, Link, Paper

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "real_lists"
SCRIPT = HERE.parent / "benchmarks" / "real_lists.py"

#: file: (format, records, records naming code, giving a venue, giving a year)
EXPECTED = {
    "arxiv_slice.jsonl": ("arxiv-jsonl", 2, 0, 1, 2),
    "biblatex_slice.bib": ("bibtex", 3, 0, 1, 3),
    "corl2023_slice.json": ("paperlist-json", 2, 1, 2, 2),
    "l4dc2020_slice.bib": ("bibtex", 1, 0, 1, 1),  # its "Preface" is no paper
    "nips2017_slice.json": ("paperlist-json", 2, 1, 1, 1),
    "openreview_v1_slice.json": ("openreview", 1, 0, 1, 1),
    "zotero_csl_slice.json": ("csl-json", 2, 0, 1, 2),
}


@pytest.fixture(scope="module")
def real_lists() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("real_lists", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["real_lists"] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("real_lists", None)


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(FIXTURES), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_json_counts_each_format_from_the_source(tmp_path: Path) -> None:
    done = _run("--json", cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    document = json.loads(done.stdout)
    assert document["skipped"] == ["README.md"]
    found = {
        report["file"]: (
            report["format"],
            report["records"],
            report["code"]["of"],
            report["venue"]["of"],
            report["year"]["of"],
        )
        for report in document["files"]
    }
    assert found == EXPECTED
    for report in document["files"]:
        assert isinstance(report["loaded"], int)
        assert isinstance(report["passed"], bool)
        assert report["cite_parse"]["of"] == report["loaded"]
    assert document["summary"].startswith(f"summary: {document['passed']}/7 files pass")


def test_text_prints_one_row_per_file_then_a_summary(tmp_path: Path) -> None:
    done = _run(cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    lines = done.stdout.splitlines()
    assert "skipped: README.md" in lines[0]
    rows = [line for line in lines if line.split(" ")[0] in EXPECTED]
    assert [row.split(" ")[0] for row in rows] == sorted(EXPECTED)
    assert all(row.endswith(("PASS", "FAIL")) for row in rows)
    assert not any(line.startswith("README.md") for line in lines)
    assert lines[-1].startswith("summary: ")


def test_source_side_keys_types_and_inherited_venue(real_lists: ModuleType) -> None:
    kind, records, _ = real_lists.read_source(FIXTURES / "l4dc2020_slice.bib")
    assert kind == "bibtex"
    # neither the @Proceedings nor the "Preface" its editors wrote
    assert [r.key for r in records] == ["Moe20"]
    assert all(r.expected_types == {"inproceedings"} for r in records)
    assert {r.venue for r in records} == {
        "Proceedings of the 2nd Conference on Learning for Dynamics and Control"
    }
    assert {r.year for r in records} == {2020}

    _, records, _ = real_lists.read_source(FIXTURES / "biblatex_slice.bib")
    by_key = {r.key: r for r in records}
    assert by_key["gulrajani_improved_2017"].expected_types == {"online", "misc"}
    assert by_key["escontrela_adversarial_2022"].arxiv == "2203.15103"
    assert by_key["peng_amp_2021"].venue == "{ACM} Trans. Graph."
    assert by_key["peng_amp_2021"].year == 2021  # from `date`

    _, records, _ = real_lists.read_source(FIXTURES / "arxiv_slice.jsonl")
    assert [r.expected_types for r in records] == [{"misc"}, {"misc"}]
    assert "mishchenko" in records[1].author_words
    assert "crest" not in records[1].author_words  # the affiliation is not an author

    _, records, _ = real_lists.read_source(FIXTURES / "zotero_csl_slice.json")
    assert [r.expected_types for r in records] == [{"misc"}, {"article"}]
    assert records[0].venue is None and records[0].arxiv == "1701.08140"

    kind, records, _ = real_lists.read_source(FIXTURES / "openreview_v1_slice.json")
    assert kind == "openreview"
    assert [r.title for r in records] == ["Targeted Dropout"]  # no revision, no reply


def _loader(*papers: Paper):  # type: ignore[no-untyped-def]
    def load(paths: Sequence[Path]) -> Library:
        return Library(papers=papers)

    return load


def _write_list(folder: Path, records: list[dict[str, object]]) -> Path:
    path = folder / "list.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def test_distinct_titles_merged_on_a_placeholder_abstract_fail(
    real_lists: ModuleType, tmp_path: Path
) -> None:
    path = _write_list(
        tmp_path,
        [
            {"title": "Sparse Routing for Mixtures", "abstract": "Withdrawn", "author": "Ann Lee"},
            {"title": "Dense Retrieval at Scale", "abstract": "Withdrawn", "author": "Bo Chen"},
        ],
    )
    merged = Paper(id="aaaa1111", title="Sparse Routing for Mixtures", abstract="Withdrawn")
    report = real_lists.evaluate_file(path, loader=_loader(merged))
    reason = "distinct titles merged (same abstract 'Withdrawn')"
    assert [(g.reason, g.ok) for g in report.groups] == [(reason, False)]
    assert report.groups[0].titles == ["Sparse Routing for Mixtures", "Dense Retrieval at Scale"]
    assert not report.identity_ok and not report.passed
    assert real_lists.table([report])[1].endswith("FAIL")


def test_records_sharing_a_doi_may_share_a_paper(real_lists: ModuleType, tmp_path: Path) -> None:
    path = _write_list(
        tmp_path,
        [
            {"title": "Rare Path Guided Fuzzing", "doi": "10.1145/3597926.3598136"},
            {"title": "Rare path guided fuzzing", "doi": "10.1145/3597926.3598136"},
        ],
    )
    paper = Paper(id="bbbb2222", title="Rare Path Guided Fuzzing", abstract="")
    report = real_lists.evaluate_file(path, loader=_loader(paper))
    assert [(g.reason, g.ok) for g in report.groups] == [("same DOI", True)]
    assert report.identity_ok


def test_affiliation_fragments_are_invented_authors_accents_are_not(
    real_lists: ModuleType,
) -> None:
    _, records, _ = real_lists.read_source(FIXTURES / "arxiv_slice.jsonl")
    balazs = Paper(
        id="c1",
        title=records[0].title,
        abstract=records[0].abstract,
        authors=("C. Bal\\'azs", "E. L. Berger", "P. M. Nadolsky", "C.-P. Yuan"),
    )
    mishchenko = Paper(
        id="c2",
        title=records[1].title,
        abstract=records[1].abstract,
        authors=("A. S. Mishchenko (1", "2)", "N. Nagaosa"),
    )
    report = real_lists.evaluate_file(
        FIXTURES / "arxiv_slice.jsonl", loader=_loader(balazs, mishchenko)
    )
    assert report.invented == ["A. S. Mishchenko (1", "2)"]

    _, records, _ = real_lists.read_source(FIXTURES / "l4dc2020_slice.bib")
    papers = [
        Paper(id=f"d{i}", title=r.title, abstract=r.abstract, authors=(name,))
        for i, (r, name) in enumerate(zip(records, ["Esten Ingar Grøtli"], strict=True))
    ]
    report = real_lists.evaluate_file(FIXTURES / "l4dc2020_slice.bib", loader=_loader(*papers))
    assert report.invented == []


def _l4dc_papers(real_lists: ModuleType) -> list[Paper]:
    _, records, _ = real_lists.read_source(FIXTURES / "l4dc2020_slice.bib")
    return [
        Paper(
            id=f"e{i}",
            title=" ".join(r.title.split()),
            abstract=r.abstract,
            authors=tuple(r.authors),
            venue="L4DC",
            year=2020,
        )
        for i, r in enumerate(records)
    ]


def test_a_faithful_load_passes_and_each_shortfall_fails(real_lists: ModuleType) -> None:
    path = FIXTURES / "l4dc2020_slice.bib"
    papers = _l4dc_papers(real_lists)
    keys = {"Linear Antisymmetric Recurrent Neural Networks": "Moe20"}

    def right(paper: Paper, library: Library) -> tuple[str, str, str]:
        return "inproceedings", keys.get(paper.title, "other"), ""

    report = real_lists.evaluate_file(path, loader=_loader(*papers), citer=right)
    assert report.passed, report
    assert real_lists.table([report])[1].endswith("PASS")

    def renamed(paper: Paper, library: Library) -> tuple[str, str, str]:
        return "misc", "moe2020linear", ""

    report = real_lists.evaluate_file(path, loader=_loader(*papers), citer=renamed)
    assert (report.cite_type.have, report.cite_type.of) == (0, 1) and not report.passed

    def broken(paper: Paper, library: Library) -> tuple[None, None, str]:
        return None, None, "1 failed block"

    report = real_lists.evaluate_file(path, loader=_loader(*papers), citer=broken)
    assert (report.cite_parse.have, report.cite_parse.of) == (0, 1) and not report.passed

    junk = Paper(id="e9", title="~ ### Understanding Transformers", abstract="")
    report = real_lists.evaluate_file(path, loader=_loader(*papers, junk), citer=right)
    assert report.extra == ["~ ### Understanding Transformers"] and not report.passed

    bare = [Paper(id=p.id, title=p.title, abstract=p.abstract, authors=p.authors) for p in papers]
    report = real_lists.evaluate_file(path, loader=_loader(*bare), citer=right)
    assert (report.venue.have, report.venue.of, report.year.have) == (0, 1, 0)
    assert not report.passed


def test_code_link_counts_only_links_to_code(real_lists: ModuleType) -> None:
    path = FIXTURES / "corl2023_slice.json"
    _, records, _ = real_lists.read_source(path)
    assert [r.code for r in records] == [True, False]
    repo = Link("https://github.com/ebianchi/dair_pll", "code", "github")
    papers = [
        Paper(id=f"f{i}", title=r.title, abstract=r.abstract, links=(repo,) if i == 0 else ())
        for i, r in enumerate(records)
    ]
    report = real_lists.evaluate_file(path, loader=_loader(*papers))
    assert (report.code.have, report.code.of, report.papers_with_code) == (1, 1, 1)
    report = real_lists.evaluate_file(
        path, loader=_loader(*[Paper(id=p.id, title=p.title, abstract=p.abstract) for p in papers])
    )
    assert (report.code.have, report.code.of) == (0, 1) and not report.code.ok
