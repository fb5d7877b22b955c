"""The library's vectors kept on disk: read back the same, built again when in doubt."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.learn import fit, space_for, space_of
from tuireader.learn import vectors as vectors_module
from tuireader.model import Paper

FIXTURES = Path(__file__).parent / "fixtures" / "learn"
OUTSIDE = Paper(
    id="outside",
    title="Tactile grasping of soft objects",
    abstract="We grasp soft objects with tactile sensing.",
    authors=("Ann Lee",),
)


@pytest.fixture
def papers() -> list[Paper]:
    return list(load_library([FIXTURES / "conf2023.jsonl"]).papers)


@pytest.fixture
def builds(monkeypatch) -> list[int]:
    """How many papers each build of the vectors was given, in order."""
    made: list[int] = []

    def counted(papers, recipe=None):
        made.append(len(papers))
        return space_of(papers, recipe)

    monkeypatch.setattr(vectors_module, "space_of", counted)
    return made


def files(folder: Path) -> list[Path]:
    return sorted(folder.glob("vectors-*.npz"))


def assert_same(a, b) -> None:
    assert a.features == b.features and dict(a.rows) == dict(b.rows)
    assert a.matrix.shape == b.matrix.shape and (a.matrix != b.matrix).nnz == 0
    assert a.matrix.dtype == b.matrix.dtype
    # papers outside the space are placed in it the same way
    assert (a.vectors([OUTSIDE]) != b.vectors([OUTSIDE])).nnz == 0


def test_the_second_time_the_vectors_are_read_not_built(papers, builds, tmp_path):
    first = space_for(papers, tmp_path)
    second = space_for(papers, tmp_path)
    assert builds == [len(papers)] and len(files(tmp_path)) == 1
    assert_same(first, second)
    assert_same(first, space_of(papers))
    decisions = {papers[2].id: "kept", papers[0].id: "skip", papers[1].id: "skip"}
    with_outside = [*papers, OUTSIDE]
    built = fit(with_outside, decisions, space=first)
    read = fit(with_outside, decisions, space=second)
    assert built is not None and read is not None
    assert [p.id for p in built.order(with_outside)] == [p.id for p in read.order(with_outside)]
    assert built.why(papers[4]) == read.why(papers[4])


def test_reading_the_vectors_does_not_prepare_every_paper_s_text(papers, monkeypatch, tmp_path):
    # the digest that names the file read each paper's text as the vectors read it, web
    # addresses taken out of every abstract: 4.8 s of a 6.3 s read at 100,000 papers
    from tuireader.learn import taste

    space_for(papers, tmp_path)
    prepared: list[str] = []

    def counted(text: str) -> str:
        prepared.append(text)
        return text

    monkeypatch.setattr(taste, "without_urls", counted)
    space_for(papers, tmp_path)
    assert prepared == []
    # a paper's text still names the vectors: another abstract, another file
    edited = [replace(papers[0], abstract=papers[0].abstract + " Walrus."), *papers[1:]]
    assert "walrus" in space_for(edited, tmp_path).features
    assert len(files(tmp_path)) == 2


def test_other_text_other_vectors_and_only_the_newest_files_are_kept(papers, builds, tmp_path):
    space_for(papers, tmp_path)
    edited = [replace(papers[0], title=papers[0].title + " revisited"), *papers[1:]]
    space = space_for(edited, tmp_path)
    assert "revisited" in space.features
    fewer = papers[:-1]
    space_for(fewer, tmp_path)
    assert builds == [len(papers), len(papers), len(papers) - 1]
    assert len(files(tmp_path)) == vectors_module.KEPT_FILES
    space_for(fewer, tmp_path)  # still there: read
    assert len(builds) == 3


def _damage(path: Path, how: str) -> None:
    if how == "garbage":
        path.write_bytes(b"\x00not a numpy file at all")
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[:200])
    elif how == "pickled":
        # arrays that would need pickle to read: refused, never unpickled
        np.savez(path.open("wb"), digest=np.array([object()], dtype=object))
    elif how == "other ids":
        with np.load(path) as found:
            arrays = dict(found)
        arrays["ids"] = np.frombuffer(b"\n".join([b"x"] * 10), dtype=np.uint8)
        np.savez(path.open("wb"), **arrays)
    elif how == "bad matrix":
        with np.load(path) as found:
            arrays = dict(found)
        arrays["indices"] = arrays["indices"] + 10**6
        np.savez(path.open("wb"), **arrays)


@pytest.mark.parametrize("how", ["garbage", "truncated", "pickled", "other ids", "bad matrix"])
def test_a_damaged_file_is_built_again_and_replaced(papers, builds, tmp_path, how):
    fresh = space_for(papers, tmp_path)
    (path,) = files(tmp_path)
    _damage(path, how)
    again = space_for(papers, tmp_path)
    assert builds == [len(papers)] * 2
    assert_same(fresh, again)
    space_for(papers, tmp_path)  # the file was replaced: read this time
    assert len(builds) == 2


def test_a_folder_that_cannot_be_written_still_gives_the_vectors(papers, builds, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    space = space_for(papers, blocked)
    assert_same(space, space_of(papers))
    assert not any(tmp_path.glob("**/vectors-*"))
    assert space_for(papers, None).features == space.features
    assert builds == [len(papers), len(papers)]


def test_search_sort_fit_keeps_the_vectors_in_the_data_folder(capsys, tmp_path):
    data = tmp_path / "data"
    source = str(FIXTURES / "conf2023.jsonl")

    def run(*argv: str) -> str:
        assert main([*argv, source, "--data-dir", str(data)]) == 0
        return capsys.readouterr().out

    hits = json.loads(run("search", "grasping", "--json"))["hits"]
    ids = [hit["id"] for hit in hits]
    others = json.loads(run("search", "language", "--json"))["hits"]
    run("triage", ids[0], "--state", "keep")
    run("triage", *(hit["id"] for hit in others[:2]), "--state", "skip")
    first = run("search", "", "--sort", "fit", "--json")
    assert len(files(data / "cache")) == 1
    second = run("search", "", "--sort", "fit", "--json")
    assert first == second
    order = [hit["id"] for hit in json.loads(second)["hits"]]
    assert set(order[:3]) <= set(ids)


def test_the_first_fit_over_many_papers_says_at_a_terminal_that_it_reads_them(
    capsys, tmp_path, monkeypatch
):
    # half a minute of silence at 100,000 papers, once per set of lists
    from tuireader import cli

    data = tmp_path / "data"
    source = str(FIXTURES / "conf2023.jsonl")

    def run(*argv: str) -> str:
        assert main([*argv, source, "--data-dir", str(data)]) == 0
        return capsys.readouterr().err

    assert main(["search", "grasping", "--json", source, "--data-dir", str(data)]) == 0
    hits = json.loads(capsys.readouterr().out)["hits"]
    run("triage", hits[0]["id"], "--state", "keep")
    run("triage", *(hit["id"] for hit in hits[-2:]), "--state", "skip")
    monkeypatch.setattr(cli, "BUILDING_NOTE_PAPERS", 5)
    monkeypatch.setattr(cli.sys.stderr, "isatty", lambda: True, raising=False)
    first = run("search", "", "--sort", "fit")
    assert "learning from your decisions: reading 10 papers once for these lists" in first
    assert "learning" not in run("search", "", "--sort", "fit")  # read back: nothing to say
    monkeypatch.setattr(cli.sys.stderr, "isatty", lambda: False, raising=False)
    for kept in files(data / "cache"):
        kept.unlink()
    assert "learning" not in run("search", "", "--sort", "fit")  # not at a terminal


def test_a_fit_on_kept_vectors_needs_no_scikit_learn(papers, tmp_path):
    # a search --sort fit (or a start) whose vectors are kept pays no second for
    # importing scikit-learn; a paper outside them still can be placed, and then does
    import subprocess
    import sys

    space_for(papers, tmp_path)
    code = (
        "import sys\n"
        "from tuireader.ingest.library import load_library\n"
        "from tuireader.learn import fit, space_for\n"
        "from tuireader.model import Paper\n"
        f"papers = list(load_library([{str(FIXTURES / 'conf2023.jsonl')!r}]).papers)\n"
        f"space = space_for(papers, __import__('pathlib').Path({str(tmp_path)!r}))\n"
        "decisions = {papers[0].id: 'kept', papers[1].id: 'skip', papers[2].id: 'skip'}\n"
        "model = fit(papers, decisions, space=space)\n"
        "model.order(papers), model.why(papers[3])\n"
        "print('sklearn' in sys.modules)\n"
        "space.vectors([Paper(id='new', title='Tactile grasping', abstract='Soft grasp.')])\n"
        "print('sklearn' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "True"]


def test_vectors_kept_by_an_older_reading_of_the_text_are_built_again(
    papers, builds, tmp_path, monkeypatch
):
    # Chinese and Japanese came to be read in pairs of characters: vectors kept by the
    # reading before, a whole run one word, would have been read back as they were
    space_for(papers, tmp_path)
    monkeypatch.setattr(vectors_module, "READING", vectors_module.READING - 1)
    space_for(papers, tmp_path)
    assert builds == [len(papers), len(papers)]
    assert len(files(tmp_path)) == 2
