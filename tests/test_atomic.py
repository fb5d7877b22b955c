"""Files replaced whole: an export gets the mode a new file gets, a private file 0600."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.system.atomic import write_atomic


@pytest.fixture
def umask_022():
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path, umask_022):
    target = tmp_path / "refs.bib"
    write_atomic("@misc{a}\n", target)
    assert target.read_text(encoding="utf-8") == "@misc{a}\n"
    assert mode(target) == 0o644
    os.umask(0o077)
    other = tmp_path / "other.bib"
    write_atomic("x", other)
    assert mode(other) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.bib", "refs.bib"]


def test_a_private_file_is_the_users_alone_and_a_replaced_one_keeps_its_mode(tmp_path, umask_022):
    private = tmp_path / "notes.txt"
    write_atomic("mine", private, private=True)
    assert mode(private) == 0o600
    kept = tmp_path / "kept.bib"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    write_atomic("new \ud800", kept)
    assert kept.read_text(encoding="utf-8") == "new \ufffd" and mode(kept) == 0o640


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "refs.bib"
    target.write_text("old", encoding="utf-8")

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(OSError):
        write_atomic("new", target)
    assert [p.name for p in tmp_path.iterdir()] == ["refs.bib"]
    assert target.read_text(encoding="utf-8") == "old"


def test_an_export_file_is_made_as_any_new_file_is(capsys, tmp_path, umask_022):
    # export -o made every file -rw------- (0600), a surprise for a bibliography to share
    # the first paper with a page of its own, which --format urls gives
    paged = [{**RECORDS[0], "url": "https://example.org/bodiff"}, *RECORDS[1:]]
    source = write_jsonl(tmp_path / "demo.jsonl", paged)
    for fmt, name in (("bibtex", "refs.bib"), ("csv", "list.csv"), ("urls", "urls.txt")):
        target = tmp_path / name
        code = main(["export", "--format", fmt, "-o", str(target), str(source)])
        assert code == 0, capsys.readouterr().err
        assert mode(target) == 0o644, fmt
    # one written again keeps the mode given it since
    (tmp_path / "refs.bib").chmod(0o640)
    assert (
        main(["export", "--format", "bibtex", "-o", str(tmp_path / "refs.bib"), str(source)]) == 0
    )
    assert mode(tmp_path / "refs.bib") == 0o640
    capsys.readouterr()


def test_the_readers_export_is_made_as_any_new_file_is(tmp_path, umask_022):
    from tuireader.ingest.library import load_library
    from tuireader.ui.exporting import write_export

    papers = load_library([write_jsonl(tmp_path / "demo.jsonl", RECORDS)]).papers
    target = write_export(papers, None, "bibtex", "results", tmp_path / "exports")
    assert mode(target) == 0o644
