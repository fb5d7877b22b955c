"""``add`` of a big folder says how far it is on a terminal, as ``index`` does, and
clears that line at the end; not a word more elsewhere."""

from __future__ import annotations

import io
import json

import pytest

from tuireader import cli


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Shown(cli._ListsProgress):
    """The progress of a read slow enough to be shown from its first list."""

    def __init__(self, json: bool = False, **lines: str) -> None:
        super().__init__(json, **lines)
        self.started -= 1


def _folder(tmp_path, lists: int = 3, papers: int = 4):
    folder = tmp_path / "lists"
    folder.mkdir()
    for number in range(lists):
        rows = (
            json.dumps({"title": f"Paper {n} of list {number}", "abstract": f"About {n}."})
            for n in range(papers)
        )
        (folder / f"list{number}.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def _added(capsys, monkeypatch, *argv, terminal: bool = True, progress: type = Shown):
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr(cli, "_ListsProgress", progress)
    screen = Terminal() if terminal else io.StringIO()
    monkeypatch.setattr("sys.stderr", screen)
    code = cli.main([str(arg) for arg in argv])
    return code, capsys.readouterr().out, screen.getvalue()


def test_adding_a_folder_on_a_terminal_shows_the_lists_read_then_clears_the_line(
    capsys, monkeypatch, tmp_path
):
    # 100,000 papers in 39 lists: add said nothing for 50 s
    folder = _folder(tmp_path)
    code, out, err = _added(capsys, monkeypatch, "add", folder)
    assert code == 0, err
    updates = err.split("\r")
    assert any(u.startswith("reading lists (4 papers) [") and "1/3" in u for u in updates)
    assert any(u.startswith("reading lists (12 papers) [") and "3/3" in u for u in updates)
    assert any(u.startswith("merging lists (12 papers) [") and "3/3" in u for u in updates)
    # the line is blanked and the cursor back at its start: what follows is as it was
    assert updates[-2].strip() == ""
    assert updates[-1] == "tuireader: " + cli._SEEDS_MAKE_WAY + "\n"
    assert out == f"added lists (12 papers): {folder}\n"


@pytest.mark.parametrize(
    ("terminal", "flags"), [(False, ("--json",)), (True, ("--json",))], ids=["plain", "terminal"]
)
def test_with_json_add_says_nothing_more(capsys, monkeypatch, tmp_path, terminal, flags):
    folder = _folder(tmp_path)
    code, out, err = _added(capsys, monkeypatch, "add", folder, *flags, terminal=terminal)
    assert code == 0, err
    assert "\r" not in err and "papers)" not in err and "reading" not in err
    assert err == "tuireader: " + cli._SEEDS_MAKE_WAY + "\n"
    assert json.loads(out)["lists"][0]["papers"] == 12


def test_off_a_terminal_a_slow_add_says_so_in_one_plain_line(capsys, monkeypatch, tmp_path):
    # a bar is drawn on a terminal only; elsewhere (a log) add said nothing for 50 s
    monkeypatch.setattr(cli._Progress, "PLAIN_FROM", 0)
    folder = _folder(tmp_path)
    code, out, err = _added(capsys, monkeypatch, "add", folder, terminal=False)
    assert code == 0, err
    assert "\r" not in err and "\x1b" not in err
    # each step said once: the lists read, then the library made of them for what follows
    assert err == (
        "tuireader: reading 3 lists…\n"
        "tuireader: preparing the library of 3 lists for the next commands…\n"
        "tuireader: " + cli._SEEDS_MAKE_WAY + "\n"
    )
    assert out == f"added lists (12 papers): {folder}\n"


def test_ctrl_c_mid_add_ends_the_line_and_adds_nothing(capsys, monkeypatch, tmp_path):
    class Stopped(Shown):
        def update(self, stage: str, done: int, total: int, papers: int) -> None:
            super().update(stage, done, total, papers)
            if (stage, done) == ("merging", 2):
                raise KeyboardInterrupt

    folder = _folder(tmp_path)
    code, out, err = _added(capsys, monkeypatch, "add", folder, progress=Stopped)
    assert code == 130 and out == ""
    # the line it stopped on ends there: cleared, the terminal's "^C" stayed after it
    assert err.split("\r")[-1].startswith("merging lists (8 papers) [")
    assert err.endswith(" 2/3\n")
    code, out, _err = _added(capsys, monkeypatch, "lists", "--json", terminal=False)
    assert code == 0
    assert "lists" not in [entry["name"] for entry in json.loads(out)["lists"]]


@pytest.mark.parametrize("columns", [80, 40, 30, 20])
def test_on_a_narrow_terminal_the_lists_count_stays_whole(monkeypatch, columns):
    # at 30 columns the papers' count took the line, and the lists' count was cut off
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("TERM", "xterm-256color")
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    progress = Shown()
    progress.update("reading", 12, 39, 31_320)
    progress.update("merging", 39, 39, 101_790)
    updates = screen.getvalue().split("\r")[1:]
    assert [update.rstrip()[-5:] for update in updates] == ["12/39", "39/39"]
    assert all(len(update) < columns for update in updates), updates
    assert ("(101,790 papers)" in updates[1]) == (columns >= 60)
