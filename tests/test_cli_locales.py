"""Commands on a stdout that is not UTF-8 (a Latin-1 or ASCII locale, a serial console).

The command runs as installed, its stdout a pipe, with ``PYTHONIOENCODING`` standing for
the locale: JSON stays JSON that gives back the same strings, files written to stdout are
the UTF-8 that ``-o`` writes, and what a terminal of that locale cannot show is escaped
where it stood, never dropped, never a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

#: accents, a letter Latin-1 lacks, an en dash, CJK and a character past the first plane
TITLE = "Polyak–Łojasiewicz Bounds for Müller's 让 Models 𝔼"
AUTHORS = ["Thomas Müller", "Zoë Ŝtraße"]

RECORDS = [
    {
        "title": TITLE,
        "authors": AUTHORS,
        "abstract": "We bound the gradient flow of Müller's models under the PL condition.",
        "venue": "ICML 2024",
        "year": 2024,
        "url": "https://example.org/mueller",
    },
    {
        "title": "Plain Gradient Descent",
        "authors": ["Ada Lovelace"],
        "abstract": "Gradient descent, step by step, for convex losses.",
        "venue": "ICML 2024",
        "year": 2024,
    },
]


@pytest.fixture
def papers(tmp_path):
    path = tmp_path / "accents.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def run(args: list[str], tmp_path, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {
        **os.environ,
        "TUIREADER_HOME": str(tmp_path / "home"),
        "PYTHONIOENCODING": encoding,
    }
    return subprocess.run(
        [sys.executable, "-m", "tuireader", *args],
        capture_output=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_is_json_with_the_same_strings_whatever_the_locale(papers, tmp_path, encoding):
    done = run(["search", "gradient", str(papers), "--json"], tmp_path, encoding)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout.decode("utf-8"))
    hit = next(h for h in data["hits"] if h["title"] == TITLE)
    assert hit["authors"] == AUTHORS

    shown = run(["show", hit["id"], str(papers), "--json"], tmp_path, encoding)
    assert json.loads(shown.stdout.decode("utf-8"))["title"] == TITLE

    exported = run(["export", "--format", "json", str(papers)], tmp_path, encoding)
    assert exported.returncode == 0, exported.stderr
    titles = {p["title"] for p in json.loads(exported.stdout.decode("utf-8"))}
    assert TITLE in titles


@pytest.mark.parametrize("fmt", ["csv", "bibtex", "markdown"])
def test_an_export_into_a_pipe_is_the_file_o_writes(papers, tmp_path, fmt):
    target = tmp_path / f"out.{fmt}"
    written = run(["export", "--format", fmt, str(papers), "-o", str(target)], tmp_path, "utf-8")
    assert written.returncode == 0, written.stderr
    piped = run(["export", "--format", fmt, str(papers)], tmp_path, "latin-1")
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == target.read_bytes()
    assert "Müller".encode() in piped.stdout


def test_a_citation_into_a_pipe_keeps_its_letters(papers, tmp_path):
    found = run(["search", "Łojasiewicz", str(papers), "--json"], tmp_path, "utf-8")
    paper_id = json.loads(found.stdout)["hits"][0]["id"]
    done = run(["cite", paper_id, str(papers)], tmp_path, "ascii")
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    assert "Müller, Thomas" in text and "Łojasiewicz" in text


def test_what_the_terminal_cannot_show_is_escaped_in_place(papers, tmp_path):
    found = run(["search", "Łojasiewicz", str(papers), "--json"], tmp_path, "utf-8")
    paper_id = json.loads(found.stdout)["hits"][0]["id"]
    done = run(["show", paper_id, str(papers)], tmp_path, "ascii")
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    out = done.stdout.decode("ascii")  # nothing past ASCII reaches such a terminal
    assert "M\\xfcller" in out and "\\u0141ojasiewicz" in out


# -- text typed under a C locale with Python's UTF-8 mode off -------------------------------


def as_c_locale_gives_it(text: str) -> str:
    """``text`` as a UTF-8 terminal sends it and Python reads it under such a locale:
    each byte past ASCII a stand-in (a lone surrogate)."""
    return text.encode("utf-8").decode("ascii", "surrogateescape")


def test_a_query_tag_and_note_typed_in_utf8_under_a_c_locale_are_read_as_typed(papers, capsys):
    from tuireader.cli import main

    assert main(["search", as_c_locale_gives_it("Müller"), str(papers), "--json"]) == 0
    (hit,) = json.loads(capsys.readouterr().out)["hits"][:1]
    assert hit["title"] == TITLE
    tag, note = as_c_locale_gives_it("Łódź"), as_c_locale_gives_it("à lire 让")
    assert main(["triage", hit["id"], str(papers), "--tag", tag]) == 0
    assert main(["note", hit["id"], str(papers), "--set", note]) == 0
    capsys.readouterr()
    assert main(["show", hit["id"], str(papers), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["tags"] == ["Łódź"] and shown["note"] == "à lire 让"


def test_a_tag_that_is_not_utf8_is_refused_in_words(papers, capsys):
    from tuireader.cli import main

    assert main(["search", "gradient", str(papers), "--json"]) == 0
    paper_id = json.loads(capsys.readouterr().out)["hits"][0]["id"]
    bad = b"bad \xff".decode("ascii", "surrogateescape")
    assert main(["triage", paper_id, str(papers), "--tag", bad]) == 2
    err = capsys.readouterr().err
    assert "is not UTF-8; nothing saved" in err and "codec" not in err
    assert main(["show", paper_id, str(papers), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tags"] == []


def test_the_reader_on_a_terminal_that_is_not_utf8_says_so_and_starts_not(
    papers, capsys, monkeypatch
):
    # its frames came out as escapes (\u2502 for each line of a box), unreadable
    import io

    from tuireader import cli
    from tuireader.ui import app

    started = []
    monkeypatch.setattr(app, "run_reader", lambda **kwargs: started.append(kwargs) or 0)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert cli.main([str(papers)]) == 2
    assert started == []
    err = capsys.readouterr().err
    assert "the reader draws in Unicode, and this terminal's encoding is latin-1" in err
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert cli.main([str(papers)]) == 0 and len(started) == 1


def test_copys_words_typed_in_utf8_under_a_c_locale_are_read_as_typed(papers, capsys, over_ssh):
    # `LC_ALL=C PYTHONUTF8=0 tuireader copy Müller` said "no papers match
    # 'M\udcc3\udcbcller'", where search found the paper
    from tuireader.cli import main

    assert main(["copy", as_c_locale_gives_it("Müller"), str(papers)]) == 0
    assert over_ssh == ["https://example.org/mueller"]
    err = capsys.readouterr().err
    assert "Polyak–Łojasiewicz" in err and "\\udc" not in err
