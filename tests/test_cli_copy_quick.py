"""``tuireader copy`` given words or an id's beginning opens an index found current before
as it is, as ``search`` does: it compared the index with every paper of the library
first (seconds at 100,000 papers), to copy one. It copies what it did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.cli import main
from tuireader.search import engine as engine_module


def _library(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> list[dict]:
    write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS)
    write_jsonl(tmp_path / "lists" / "b.jsonl", many_records(30))
    assert main(["add", str(tmp_path / "lists")]) == 0
    capsys.readouterr()
    # the index built, and found current for this library
    assert main(["search", "diffusion", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)["hits"]
    assert hits
    return hits


def _copied(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(["copy", *words, "--cite", "bibtex"])
    out, err = capsys.readouterr()
    return code, out, err


def test_copy_of_words_and_of_an_ids_beginning_reads_no_paper_to_check_the_index(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    over_ssh: list[str],
) -> None:
    hits = _library(capsys, tmp_path)
    top = hits[0]
    # as it was: the index checked against every paper
    expected = _copied(capsys, top["title"])
    assert expected[0] == 0, expected[2]
    assert over_ssh == [expected[1].strip()]
    begun = _copied(capsys, top["id"][:3], *top["title"].split()[:1])

    def opened(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the index was checked against every paper")

    monkeypatch.setattr(engine_module, "open_engine", opened)
    assert _copied(capsys, top["title"]) == expected
    assert _copied(capsys, top["id"][:3], *top["title"].split()[:1]) == begun
