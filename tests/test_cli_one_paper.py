"""The commands that take one paper's id answer from that paper's record in the cache of
read lists: a library of 100,000 papers was read whole (2 to 9 s, 600 MB) to show one
paper, list its links or cite it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest import cache as cache_module

FIXTURES = Path(__file__).parent / "fixtures"
ICML = FIXTURES / "identity" / "icml2024_cospgd_framequant_slice.jsonl"
CORL = FIXTURES / "identity" / "papercopilot_corl2023_shared_key_slice.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def library(capsys) -> list[str]:
    """A library of two lists, cached; the ids of its papers."""
    for source in (ICML, CORL):
        assert run(capsys, "add", str(source))[0] == 0
    code, out, _ = run(capsys, "export", "--format", "json")
    assert code == 0
    return [paper["id"] for paper in json.loads(out)]


def whole_answers(capsys, monkeypatch, argvs: list[tuple[str, ...]]) -> list:
    """What each command answers with the library read whole (no paper read alone from
    the cache), then forbids reading it whole."""
    with monkeypatch.context() as patch:
        patch.setattr(cache_module.Cache, "open_library", lambda *_args, **_kwargs: None)
        answers = [run(capsys, *argv) for argv in argvs]

    def refuse(*_args, **_kwargs):
        raise AssertionError("the library was read whole")

    monkeypatch.setattr(cache_module.Cache, "load_library", refuse)
    monkeypatch.setattr(cache_module.LazyLibrary, "_read_whole", refuse)
    return answers


@pytest.mark.parametrize(
    "command",
    [("show",), ("show", "--json"), ("links",), ("links", "--json")],
    ids=["show", "show-json", "links", "links-json"],
)
def test_one_id_reads_one_paper(capsys, monkeypatch, library, command):
    name, *options = command
    argvs = [(name, paper_id, *options) for paper_id in library]
    answers = whole_answers(capsys, monkeypatch, argvs)
    assert all(code in (0, 1) and out for code, out, _ in answers)
    assert [run(capsys, *argv) for argv in argvs] == answers
