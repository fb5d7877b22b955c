"""Two papers of one title, first author and year (two workshop talks, a paper and its
erratum) are told apart by their abstracts: each export, read back as a list, gives
each the id it had, so the marks of one never land on the other or go missing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

TWINS = Path(__file__).parent / "fixtures" / "twins" / "twin_talks.jsonl"


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fmt", ("json", "csv", "bibtex"))
def test_twins_read_back_from_an_export_keep_their_ids(tmp_path, fmt):
    library = load_library([TWINS])
    papers = list(library.papers)
    twins = [paper for paper in papers if paper.title == "On Graph Rewiring"]
    assert len(twins) == 2 and twins[0].id != twins[1].id
    marks = {paper.id: Triage(paper.id, "kept", (), "") for paper in papers}
    export = tmp_path / f"export{SUFFIXES[fmt]}"
    export.write_text(render_export(papers, marks, fmt, library=library), encoding="utf-8")
    back = load_library([export])
    assert sorted(paper.id for paper in back.papers) == sorted(paper.id for paper in papers)


def test_a_csv_export_read_back_as_a_list_shows_each_twins_own_marks(capsys, tmp_path):
    data = tmp_path / "data"
    _code, out, _ = run(capsys, "search", "rewiring", TWINS, "--data-dir", data, "--json")
    first, second = sorted(json.loads(out)["hits"], key=lambda hit: hit["authors"])
    common = (TWINS, "--data-dir", data)
    assert run(capsys, "triage", first["id"], "--state", "keep", "--tag", "talk", *common)[0] == 0
    assert run(capsys, "triage", second["id"], "--state", "skip", *common)[0] == 0
    assert run(capsys, "note", second["id"], "--set", "the erratum", *common)[0] == 0
    export = tmp_path / "marks.csv"
    assert run(capsys, "export", "--format", "csv", "-o", export, *common)[0] == 0
    _code, out, _ = run(capsys, "search", "rewiring", export, "--data-dir", data, "--json")
    back = {hit["id"]: (hit["state"], hit["tags"], hit["note"]) for hit in json.loads(out)["hits"]}
    assert back == {
        first["id"]: ("kept", ["talk"], ""),
        second["id"]: ("skip", [], "the erratum"),
    }


def test_one_twin_exported_alone_as_csv_keeps_its_id_read_back(capsys, tmp_path):
    # the CSV holds one of the two: no abstract tells it from a twin the export does
    # not hold, so the id the export wrote for it says which it is
    data = tmp_path / "data"
    _code, out, _ = run(capsys, "search", "rewiring", TWINS, "--data-dir", data, "--json")
    hits = json.loads(out)["hits"]
    common = (TWINS, "--data-dir", data)
    for hit in hits:
        assert run(capsys, "triage", hit["id"], "--state", "skip", *common)[0] == 0
        export = tmp_path / f"{hit['id']}.csv"
        assert (
            run(
                capsys,
                "export",
                "--format",
                "csv",
                "-o",
                export,
                "--query",
                "is:skip",
                *common,
            )[0]
            == 0
        )
        assert run(capsys, "triage", hit["id"], "--state", "new", *common)[0] == 0
        back = load_library([export])
        assert [paper.id for paper in back.papers] == [hit["id"]]


def test_a_csv_export_reads_no_abstract_but_the_twins(monkeypatch):
    # a paper whose id its title and first author give is no twin: its abstract is
    # written as it is, not normalised and hashed to find out (at 100,000 papers that
    # cost as much again as the rest of the export); the twins' are
    from tuireader.ingest import identity

    library = load_library([TWINS])
    papers = list(library.papers)
    marks = {paper.id: Triage(paper.id) for paper in papers}
    read: list[str] = []
    digest = identity.abstract_digest
    monkeypatch.setattr(identity, "abstract_digest", lambda text: read.append(text) or digest(text))
    rows = list(csv.DictReader(io.StringIO(render_export(papers, marks, "csv"))))
    twins = sorted(paper.abstract for paper in papers if paper.title == "On Graph Rewiring")
    assert sorted(row["abstract"] for row in rows) == sorted(paper.abstract for paper in papers)
    assert sorted(read) == twins


@pytest.mark.parametrize(
    "folder", ("real_lists", "export_roundtrip", "twins", "identity"), ids=lambda f: f
)
def test_the_key_an_export_asks_for_is_the_one_the_id_is_made_of(folder):
    # an export finds a paper's strongest key without its abstract
    # (``identity.strongest_key``): the key it stands for is identify's, every paper
    from tuireader.ingest.identity import identify, strongest_key

    papers = load_library([Path(__file__).parent / "fixtures" / folder]).papers
    assert papers
    for paper in papers:
        scope = paper.venue or (paper.lists[0] if paper.lists else "")
        assert strongest_key(paper, scope) == identify(paper, scope).strongest
