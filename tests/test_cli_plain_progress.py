"""Slow work says so on stderr when stderr is not a terminal: one plain line as it
begins, and one as it ends when it was long; no bar, no escape codes.

The first search of a 13,000-paper library built its index for a minute with stderr
sent to a file and wrote nothing there (on a terminal a bar shows how far it is).
"""

from __future__ import annotations

import io
import json

import pytest

from tuireader import cli


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _list(tmp_path, papers: int = 6):
    lst = tmp_path / "list.jsonl"
    rows = (
        json.dumps({"title": f"Robot paper {n}", "abstract": f"About robots, number {n}."})
        for n in range(papers)
    )
    lst.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return lst


def _run(capsys, monkeypatch, *argv, terminal: bool = False, term: str = "xterm-256color"):
    monkeypatch.setenv("TERM", term)
    monkeypatch.setenv("COLUMNS", "100")
    screen = Terminal() if terminal else io.StringIO()
    monkeypatch.setattr("sys.stderr", screen)
    code = cli.main([str(arg) for arg in argv])
    return code, capsys.readouterr().out, screen.getvalue()


@pytest.fixture
def slow(monkeypatch):
    """Work as slow as it may be: shown from its first step, and said to end."""
    monkeypatch.setattr(cli._Progress, "SLOW", 0.0)
    monkeypatch.setattr(cli._Progress, "LONG", 0.0)
    monkeypatch.setattr(cli._Progress, "PLAIN_FROM", 0)


@pytest.mark.parametrize("json_out", [False, True], ids=["lines", "json"])
def test_building_the_index_off_a_terminal_says_so_plainly(
    capsys, monkeypatch, tmp_path, slow, json_out
):
    lst = _list(tmp_path)
    flags = ("--json",) if json_out else ()
    code, out, err = _run(capsys, monkeypatch, "search", "robot", "--limit", "2", lst, *flags)
    assert code == 0, err
    lines = err.splitlines()
    assert lines[0] == "tuireader: building the search index (6 papers)…"
    assert lines[1].startswith("tuireader: search index built (6 papers, ")
    assert lines[1].endswith(" s)")
    assert "\r" not in err and "\x1b" not in err and "[#" not in err
    if json_out:
        assert len(json.loads(out)["hits"]) == 2  # stdout as it was
    else:
        assert out.count("Robot paper") == 2
    # the index is built: the next search says nothing of it
    code, out, err = _run(capsys, monkeypatch, "search", "robot", lst, *flags)
    assert code == 0 and "index" not in err


def test_a_dumb_terminal_gets_the_plain_lines_too(capsys, monkeypatch, tmp_path, slow):
    lst = _list(tmp_path)
    code, _, err = _run(capsys, monkeypatch, "search", "robot", lst, terminal=True, term="dumb")
    assert code == 0
    assert "tuireader: building the search index (6 papers)…\n" in err and "\r" not in err


def test_quick_work_says_nothing(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(cli._Progress, "SLOW", 3600.0)
    monkeypatch.setattr(cli._Progress, "PLAIN_FROM", 0)
    lst = _list(tmp_path)
    code, _, err = _run(capsys, monkeypatch, "search", "robot", lst)
    assert code == 0 and "index" not in err


def test_a_small_list_says_nothing_however_long_it_takes(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(cli._Progress, "SLOW", 0.0)
    monkeypatch.setattr(cli._Progress, "PLAIN_FROM", 7)
    lst = _list(tmp_path)
    code, _, err = _run(capsys, monkeypatch, "search", "robot", lst)
    assert code == 0 and "index" not in err


def test_work_not_long_says_no_end(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(cli._Progress, "SLOW", 0.0)
    monkeypatch.setattr(cli._Progress, "PLAIN_FROM", 0)
    monkeypatch.setattr(cli._Progress, "LONG", 3600.0)
    lst = _list(tmp_path)
    code, _, err = _run(capsys, monkeypatch, "search", "robot", lst)
    assert code == 0
    assert "building the search index (6 papers)…" in err and "built" not in err


def test_on_a_terminal_the_bar_is_drawn_and_no_plain_line(capsys, monkeypatch, tmp_path, slow):
    lst = _list(tmp_path)
    code, _, err = _run(capsys, monkeypatch, "search", "robot", lst, terminal=True)
    assert code == 0
    assert "\rindexing [" in err and "building the search index" not in err
