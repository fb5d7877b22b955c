"""Detached marks (their papers are in none of the lists read) in an export: a user who
moves their triage to another machine with ``export`` and ``import`` takes every mark
along, also those on papers of lists the first machine does not hold."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.cli import main

REAL = Path(__file__).parent / "fixtures" / "real_lists"
#: the lists a machine holding only part of them reads
PART = ("arxiv_slice.jsonl", "corl2023_slice.json")


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _folder(tmp_path: Path, name: str, files) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for each in files:
        shutil.copy(REAL / each, folder / each)
    return folder


def _machine(capsys, tmp_path: Path, name: str, files) -> Path:
    """A data folder whose library is a folder holding ``files`` of the real slices."""
    data = tmp_path / f"{name}-data"
    code, _, err = run(capsys, "add", _folder(tmp_path, name, files), "--data-dir", data)
    assert code == 0, err
    return data


def _marks(capsys, data: Path) -> dict[str, tuple]:
    """Every mark of the data folder's library, by title: state, tags and note."""
    _code, out, _ = run(capsys, "export", "--format", "json", "--data-dir", data)
    return {
        p["title"]: (p["state"], p["tags"], p["note"])
        for p in json.loads(out)
        if p["state"] != "new" or p["tags"] or p["note"]
    }


def _all_marked(capsys, tmp_path: Path) -> tuple[Path, dict[str, tuple]]:
    """A machine with every list, each of its papers marked, and its export."""
    every = sorted(p.name for p in REAL.iterdir() if p.name != "README.md")
    data = _machine(capsys, tmp_path, "all", every)
    _code, out, _ = run(capsys, "export", "--format", "json", "--data-dir", data)
    states = ("keep", "maybe", "skip", "read")
    for number, paper in enumerate(json.loads(out)):
        pid = paper["id"]
        state = states[number % len(states)]
        code, _, err = run(
            capsys, "triage", pid, "--state", state, "--tag", "moved", "--data-dir", data
        )
        assert code == 0, err
        if number % 3 == 0:
            code, _, err = run(capsys, "note", pid, "--set", f"résumé {number}", "--data-dir", data)
            assert code == 0, err
    marks = tmp_path / "marks.json"
    code, _, err = run(capsys, "export", "--format", "json", "-o", marks, "--data-dir", data)
    assert code == 0, err
    return marks, _marks(capsys, data)


@pytest.mark.parametrize("fmt", ["json", "csv", "bibtex"])
def test_an_export_carries_detached_marks_to_a_machine_whose_lists_hold_their_papers(
    capsys, tmp_path, fmt
):
    marks, expected = _all_marked(capsys, tmp_path)
    part = _machine(capsys, tmp_path, "part", PART)
    code, _, err = run(capsys, "import", marks, "--data-dir", part)
    assert code == 0, err
    _code, out, _ = run(
        capsys, "search", "is:detached", "--data-dir", part, "--json", "--limit", "100"
    )
    detached = json.loads(out)["total"]
    assert 0 < detached < len(expected)  # some marks are on papers of no list read here

    moved = tmp_path / f"moved.{fmt}"
    code, _, said = run(capsys, "export", "--format", fmt, "-o", moved, "--data-dir", part)
    assert code == 0, said

    every = [p.name for p in REAL.iterdir() if p.name != "README.md"]
    other = _machine(capsys, tmp_path, "other", every)
    code, _, err = run(capsys, "import", moved, "--data-dir", other)
    assert code == 0, err
    assert _marks(capsys, other) == expected
    listed = len(expected) - detached
    assert f"wrote {listed} papers and {detached} detached marks to" in said, said


def test_export_of_is_detached_gives_the_detached_marks_and_a_query_says_it_leaves_them_out(
    capsys, tmp_path
):
    marks, expected = _all_marked(capsys, tmp_path)
    part = _machine(capsys, tmp_path, "part", PART)
    run(capsys, "import", marks, "--data-dir", part)
    _code, out, _ = run(
        capsys, "search", "is:detached", "--data-dir", part, "--json", "--limit", "100"
    )
    detached = {mark["id"]: mark for mark in json.loads(out)["detached"]}

    code, out, err = run(
        capsys, "export", "--query", "is:detached", "--format", "json", "--data-dir", part
    )
    assert code == 0, err
    exported = json.loads(out)
    assert {p["id"] for p in exported} == set(detached)
    for paper in exported:
        mark = detached[paper["id"]]
        assert (paper["title"], paper["state"], paper["tags"], paper["note"]) == (
            mark["title"],
            mark["state"],
            mark["tags"],
            mark["note"],
        )
    assert f"exported {len(detached)} detached marks" in err

    code, out, err = run(
        capsys, "export", "--query", "tag:moved", "--format", "json", "--data-dir", part
    )
    assert code == 0
    assert len(json.loads(out)) == len(expected) - len(detached)
    assert f"{len(detached)} detached marks (on papers of none of these lists) left out" in err

    code, out, err = run(capsys, "export", "--format", "markdown", "--data-dir", part)
    assert code == 0 and f"{len(detached)} detached marks" in err and "left out" in err


def test_the_reader_writes_the_detached_marks_tuireader_export_writes(capsys, tmp_path):
    # the marks on papers of none of the lists read, made papers by one function for
    # both (what the triage file keeps of each: title, first author, abstract, ids):
    # moved with the reader's export or with tuireader export, a mark is found alike
    from tuireader import cli
    from tuireader.ingest.library import load_library
    from tuireader.system.paths import resolve
    from tuireader.triage.store import Store
    from tuireader.ui.exporting import detached_marks, write_export

    marks, _expected = _all_marked(capsys, tmp_path)
    part = _machine(capsys, tmp_path, "part", PART)
    assert run(capsys, "import", marks, "--data-dir", part)[0] == 0
    listed = {paper.id for paper in load_library([tmp_path / "part"]).papers}
    args = cli.build_command_parser("export").parse_intermixed_args(
        ["--format", "json", "--data-dir", str(part)]
    )
    with Store.open(resolve(part).state_db) as store:
        assert cli._detached_to_export(cli._session(args), args, "") == detached_marks(
            store, listed
        )
    for fmt in ("json", "csv"):
        by_command = tmp_path / f"command.{fmt}"
        command = ("export", "--query", "is:detached", "--format", fmt, "-o", by_command)
        code, _, err = run(capsys, *command, "--data-dir", part)
        assert code == 0, err
        with Store.open(resolve(part).state_db) as store:
            pairs = detached_marks(store, listed)
            by_reader = write_export([], store, fmt, "results", tmp_path / fmt, pairs)
        assert len(pairs) > 1 and any(paper.abstract for paper, _mark in pairs)
        assert by_reader.read_text(encoding="utf-8") == by_command.read_text(encoding="utf-8")
