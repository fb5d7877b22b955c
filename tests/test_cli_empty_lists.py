"""Lists that are text yet give no paper (``[]``, a table of its header alone, a title
with nothing after it), named for the reader: said, with what tuireader reads, and the
reader is not opened on an empty list."""

from __future__ import annotations

import pytest

from tuireader import cli
from tuireader.cli import main


@pytest.fixture
def terminal(monkeypatch):
    """The reader's checks see a terminal that can draw; what it was started with is kept."""
    import tuireader.ui.app

    started: list[dict] = []
    monkeypatch.setattr(
        tuireader.ui.app, "run_reader", lambda **kwargs: started.append(kwargs) or 0
    )
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    return started


def _no_papers(tmp_path):
    """Three small files of text, none of which holds a paper."""
    array = tmp_path / "empty.json"
    array.write_text("[]\n")
    header = tmp_path / "header.csv"
    header.write_text("title,authors,year\n")
    title = tmp_path / "title.txt"
    title.write_text("Only the name of a list\n")
    return array, header, title


def test_a_list_of_no_papers_is_said_and_the_reader_not_opened(capsys, terminal, tmp_path):
    for path in _no_papers(tmp_path):
        code = main([str(path)])
        out, err = capsys.readouterr()
        assert code == cli.EXIT_USAGE and out == "" and terminal == []
        assert err.startswith(f"tuireader: {path}: ")
        assert "no papers could be loaded" in err
        assert "BibTeX" in err and "CSV or TSV with a header row" in err


def test_every_list_of_no_papers_is_named_in_the_order_given(capsys, terminal, tmp_path):
    array, header, title = _no_papers(tmp_path)
    assert main([str(title), str(array), str(header)]) == cli.EXIT_USAGE
    _out, err = capsys.readouterr()
    lines = err.splitlines()
    assert [line.split(": ")[1] for line in lines[:3]] == [str(title), str(array), str(header)]
    assert terminal == []


def test_the_reader_opens_on_a_list_of_papers_named_with_empty_ones(capsys, terminal, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    array, header, _title = _no_papers(tmp_path)
    good = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    assert main([str(array), str(good), str(header)]) == 0
    # the empty ones go with the others: the reader names them among its load warnings
    assert terminal[0]["sources"] == [str(array), str(good), str(header)]


def test_a_library_whose_lists_hold_no_papers_is_said(capsys, terminal, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    assert main(["add", str(source)]) == 0
    source.write_text("[]\n")
    capsys.readouterr()
    code = main([])
    _out, err = capsys.readouterr()
    assert code == cli.EXIT_USAGE and terminal == []
    assert f"{source}: " in err and "none of the lists in your library can be read" in err


def test_a_list_that_fails_to_be_read_is_left_to_the_reader(
    capsys, terminal, tmp_path, monkeypatch
):
    # the look before the reader opens must not end the command where the reader, which
    # reads every list within its own guard, would have opened and said what went wrong
    import tuireader.ingest.readers

    def broken(_path):
        raise RuntimeError("reader bug")

    monkeypatch.setattr(tuireader.ingest.readers, "read_file", broken)
    array, _header, _title = _no_papers(tmp_path)
    assert main([str(array)]) == 0
    assert terminal[0]["sources"] == [str(array)]


def test_lists_the_cache_read_with_papers_are_not_read_again_before_the_reader(tmp_path):
    """A start on lists that the data folder's cache read as they are, and found papers
    in, reads none of them again, nor imports the readers (0.1 s of the first screen);
    a list the cache found empty is still said."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    data = tmp_path / "data"
    small = tmp_path / "small.json"
    record = {"title": "Graph networks for molecules", "abstract": "We study graphs. " * 5}
    small.write_text(json.dumps([record]))
    empty = tmp_path / "empty.json"
    empty.write_text("[]\n")
    for path in (small, empty):
        main(["search", "graph", str(path), "--data-dir", str(data)])
    code = f"""
import sys
from tuireader import cli
found = cli._none_readable([{str(small)!r}], {str(data)!r})
print(found is None, "tuireader.ingest.readers" in sys.modules)
said = cli._none_readable([{str(empty)!r}], {str(data)!r})
print(bool(said))
"""
    root = Path(__file__).resolve().parents[1]
    ran = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
    )
    assert ran.stdout.split("\n")[:2] == ["True False", "True"]
    # a list changed since the cache read it is read again
    small.write_text("[]\n")
    assert cli._none_readable([str(small)], str(data))


def test_an_empty_json_array_is_said_to_be_one(tmp_path):
    """ "[]" is a list of no papers, not an empty file (which it was said to be)."""
    from tuireader.ingest.readers import read_file

    path = tmp_path / "empty.json"
    path.write_text("[]\n")
    (problem,) = read_file(path).problems
    assert "empty list ([])" in problem.message


def test_a_large_list_of_no_papers_closes_the_reader_with_why(capsys, monkeypatch, tmp_path):
    """Too large to be read before the reader opens: the reader closes on its load
    (``NoPapersRead``) and the command says why, with the formats read, exit 2."""
    import tuireader.ui.app
    from tuireader.model import Problem

    page = tmp_path / "page.html"
    page.write_text("<html><body>" + "<p>x</p>" * 3000 + "</body></html>", encoding="utf-8")

    def closed(**kwargs):
        raise tuireader.ui.app.NoPapersRead([Problem(page, "is a web page, not a list")])

    monkeypatch.setattr(tuireader.ui.app, "run_reader", closed)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    code = main([str(page), "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 2 and "page.html: is a web page, not a list" in err
    assert "tuireader reads BibTeX" in err
