"""Lists given by a stream: ``-`` (stdin), ``/dev/stdin`` from a pipe, a shell's
``<(…)``. Each is read whole once, by what it holds, never cached by its path, and its
papers keep their ids from one run to the next; ``add`` refuses one plainly."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tuireader.ingest import readers, sources
from tuireader.ingest.readers import read_file

REAL = Path(__file__).parent / "fixtures" / "real_lists"
CORL = REAL / "corl2023_slice.json"  # 2 papers, alatg74m and l7bld6aj
L4DC = REAL / "l4dc2020_slice.bib"  # 2 papers, and the volume's front matter


def _shell(command: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``command``, where ``tuireader`` is this checkout's, run by bash (which gives
    ``<(…)``), its data folder in ``tmp_path``."""
    program = f"{shlex.quote(sys.executable)} -m tuireader"
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    return subprocess.run(
        ["bash", "-c", command.replace("tuireader", program)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def _ids(out: str) -> list[str]:
    return [line.split()[0] for line in out.splitlines() if line.strip()]


@pytest.fixture(autouse=True)
def _no_streams_kept():
    """Each test starts with no stream read before (in this process)."""
    sources._STREAMS.clear()
    yield
    sources._STREAMS.clear()


# -- the command line --------------------------------------------------------------------


def test_a_list_piped_to_dash_is_searched(tmp_path):
    done = _shell(f"cat {CORL} | tuireader search learning -", tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(_ids(done.stdout)) == ["alatg74m", "l7bld6aj"]
    assert "no such file" not in done.stderr and "quote it" not in done.stderr


def test_dev_stdin_from_a_pipe_and_a_process_substitution_are_read(tmp_path):
    piped = _shell(f"cat {CORL} | tuireader search learning /dev/stdin", tmp_path)
    substituted = _shell(f"tuireader search learning <(cat {CORL})", tmp_path)
    for done in (piped, substituted):
        assert done.returncode == 0, done.stderr
        assert "not a regular file" not in done.stderr
        assert sorted(_ids(done.stdout)) == ["alatg74m", "l7bld6aj"]


def test_lists_from_process_substitutions_are_named_pipe_never_by_their_number(tmp_path):
    # /dev/fd/63 named a second list "pipe (62)", and list: offered "63" for it
    text = tmp_path / "titles.txt"
    titles = ("Attention Is All You Need", "Deep Residual Learning", "Batch Normalization")
    text.write_text("".join(f"{title}\n" for title in titles), encoding="utf-8")
    arxiv = REAL / "arxiv_slice.jsonl"
    done = _shell(
        f"tuireader lists <(cat {L4DC}) <(cat {arxiv}) <(cat {L4DC}) <(cat {arxiv})", tmp_path
    )
    assert done.returncode == 0, done.stderr
    names = [line.split("  (/dev/fd/")[0].split(None, 1)[1] for line in done.stdout.splitlines()]
    told = ["pipe", "pipe (JSON Lines)", "pipe (BibTeX)", "pipe (JSON Lines 2)"]
    assert names[:4] == told, done.stdout
    done = _shell(f"tuireader search list:nothing <(cat {CORL}) <(cat {text})", tmp_path)
    said = done.stderr.split("(lists: ", 1)[1].rstrip(")\n").split(", ")
    assert len(said) == 2 and all(named.startswith("pipe") for named in said), done.stderr
    # list: finds a list from a pipe by "pipe", as one from stdin by "stdin"
    done = _shell(f"tuireader search list:pipe <(cat {text})", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Deep Residual Learning" in done.stdout


def test_list_pipe_names_the_first_pipe_not_the_one_named_apart_by_its_format(tmp_path):
    # "pipe (BibTeX)" was not known for the pipe named apart, and list:pipe found both
    arxiv = REAL / "arxiv_slice.jsonl"
    done = _shell(f"tuireader search list:pipe <(cat {arxiv}) <(cat {L4DC})", tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(_ids(done.stdout)) == ["43yinqwa", "npausm5s"], done.stdout
    done = _shell(
        f"tuireader search 'list:\"pipe (BibTeX)\"' <(cat {arxiv}) <(cat {L4DC})", tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert _ids(done.stdout) == ["zl23q7l7"], done.stdout


def test_a_pipe_is_read_by_its_content_never_from_the_cache_of_its_path(tmp_path):
    # BibTeX, then JSON, through the same path: each is read for what it holds now
    first = _shell(f"cat {L4DC} | tuireader lists --json -", tmp_path)
    second = _shell(f"cat {CORL} | tuireader lists --json -", tmp_path)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    (bibtex,) = json.loads(first.stdout)["lists"]
    (listed,) = json.loads(second.stdout)["lists"]
    assert (bibtex["format"], bibtex["papers"], bibtex["name"]) == ("bibtex", 1, "stdin")
    assert (listed["format"], listed["papers"]) == ("json", 2)
    assert "front matter" in first.stderr  # what the BibTeX slice holds, said


def test_the_same_list_piped_twice_keeps_its_ids_and_its_triage(tmp_path):
    kept = _shell(f"cat {CORL} | tuireader triage --state keep alatg74m -", tmp_path)
    assert kept.returncode == 0, kept.stderr
    found = _shell(f"cat {CORL} | tuireader search is:kept -", tmp_path)
    assert found.returncode == 0, found.stderr
    assert _ids(found.stdout) == ["alatg74m"]
    # the same content by another stream
    again = _shell(f"tuireader search is:kept <(cat {CORL})", tmp_path)
    assert _ids(again.stdout) == ["alatg74m"]


def test_show_and_cite_read_a_list_on_stdin(tmp_path):
    shown = _shell(f"cat {CORL} | tuireader show alatg74m -", tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "Simultaneous Learning of Contact" in shown.stdout
    cited = _shell(f"cat {CORL} | tuireader cite alatg74m -", tmp_path)
    assert cited.returncode == 0, cited.stderr
    assert cited.stdout.startswith("@")


def test_stdin_redirected_from_a_file_is_read_for_dash(tmp_path):
    done = _shell(f"tuireader search learning - < {CORL}", tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(_ids(done.stdout)) == ["alatg74m", "l7bld6aj"]


def test_what_is_wrong_with_piped_input_is_said_as_for_a_file(tmp_path):
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\x7fELF\x02\x01\x01" + bytes(range(256)) * 8)
    as_file = _shell(f"tuireader search learning {binary}", tmp_path)
    piped = _shell(f"cat {binary} | tuireader search learning -", tmp_path)
    said = as_file.stderr.splitlines()[0].split(": ", 2)[2]
    assert piped.returncode == as_file.returncode == 2
    assert f"tuireader: stdin: {said}" in piped.stderr
    empty = _shell("printf '' | tuireader search learning -", tmp_path)
    assert empty.returncode == 2 and "tuireader: stdin: the file is empty" in empty.stderr


@pytest.mark.parametrize("named", ["-", "/dev/stdin"])
def test_messages_name_a_list_on_stdin_stdin_as_its_list_is_named(tmp_path, named):
    # they named it /dev/stdin, the path it is read under, where its list is "stdin"
    empty = _shell(f"printf '' | tuireader search learning {named} --json", tmp_path)
    assert empty.returncode == 2
    assert empty.stderr.splitlines()[0] == "tuireader: stdin: the file is empty"
    answer = json.loads(empty.stdout)
    assert answer["message"] == "no papers could be loaded; stdin: the file is empty"
    assert answer["problems"] == [
        {"path": "stdin", "severity": "error", "message": "the file is empty"}
    ]
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text('{"title": "Learning to grasp"}\n{oops\n', encoding="utf-8")
    listed = _shell(f"cat {damaged} | tuireader lists {named} --json", tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr.startswith("tuireader: stdin: line 2 is not valid JSON")
    (problem,) = json.loads(listed.stdout)["problems"]
    assert (problem["path"], problem["severity"]) == ("stdin", "warning")
    assert "/dev/stdin" not in empty.stderr + listed.stderr


def test_dash_with_stdin_closed_is_a_usage_error(tmp_path):
    done = _shell("tuireader search learning - <&-", tmp_path)
    assert done.returncode == 2
    assert "stdin is closed" in done.stderr


def test_a_pipe_cannot_be_added_and_is_not_read(tmp_path):
    # the writer would see its pipe closed unread: 'cat' of a file still ends
    dash = _shell(f"cat {CORL} | tuireader add -", tmp_path)
    substituted = _shell(f"tuireader add {CORL} <(cat {CORL})", tmp_path)
    for done in (dash, substituted):
        assert done.returncode == 2
        assert "a list from a pipe cannot be added" in done.stderr
        assert "save it to a file" in done.stderr and "nothing added" in done.stderr
    assert "'-' reads stdin" in dash.stderr
    assert "/dev/fd/" in substituted.stderr and "is a pipe" in substituted.stderr
    listed = _shell("tuireader lists", tmp_path)
    assert "corl2023_slice" not in listed.stdout


def test_a_terminal_on_stdin_is_read_for_dash_and_said_to_be_waited_for(tmp_path):
    import pty

    leader, follower = pty.openpty()
    program = [sys.executable, "-m", "tuireader", "search", "learning", "-"]
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    with subprocess.Popen(
        program, stdin=follower, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    ) as running:
        os.close(follower)
        # a plain-text list (its name, then a paper a paragraph), typed, then Ctrl-D
        typed = b"Typed\n\nLearning to walk on ice.\n\nLearning to swim in a pool.\n\x04"
        os.write(leader, typed)
        out, err = running.communicate()
    os.close(leader)
    assert running.returncode == 0, err
    assert b"reading a paper list from stdin (Ctrl+D ends it)" in err
    assert len(_ids(out.decode())) == 2 and b"Learning to swim" in out


# -- reading a stream --------------------------------------------------------------------


@pytest.fixture
def fifo_written(monkeypatch):
    """Makes a FIFO at a path a writer holds open, that writes the bytes given and
    closes it once the FIFO is opened to be read (the writer is there before it is
    read, as a shell's pipe's is)."""
    opened = threading.Event()
    real_open = os.open

    def watched(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        fd = real_open(path, flags, *args, **kwargs)
        if not flags & (os.O_WRONLY | os.O_RDWR):
            opened.set()
        return fd

    monkeypatch.setattr(os, "open", watched)

    def make(path: Path, data: bytes) -> threading.Thread:
        os.mkfifo(path)
        held = real_open(path, os.O_RDWR)  # a writer, without waiting for a reader

        def write() -> None:
            opened.wait()
            try:
                with open(held, "wb") as handle:
                    handle.write(data)
            except BrokenPipeError:
                pass  # the reader stopped at its limit

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        return writer

    return make


def test_a_fifo_named_is_read_once_by_its_content(tmp_path, fifo_written):
    fifo = tmp_path / "named.bib"
    writer = fifo_written(fifo, CORL.read_bytes())
    assert sources.stream_kind(fifo) == "pipe"
    assert sources.read_streams([str(fifo)]) == [str(fifo)]
    writer.join()
    first = read_file(fifo)
    again = read_file(fifo)  # the pipe is empty now: what was read is read again
    assert [r.title for r in first.records] == [r.title for r in again.records]
    assert len(first.records) == 2 and first.path == fifo
    assert first.format == "json"  # by what it holds, not its name's .bib


def test_a_stream_past_the_limit_is_refused_in_the_words_a_file_gets(
    tmp_path, monkeypatch, fifo_written
):
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 1000)
    fifo = tmp_path / "big"
    writer = fifo_written(fifo, b"x" * 5000)
    sources.read_streams([str(fifo)])
    writer.join()
    result = read_file(fifo)
    assert not result.records
    (problem,) = result.problems
    assert problem.path == fifo
    assert problem.message.endswith("limit for one list; split it into smaller files")


def test_a_fifo_not_named_is_never_opened(tmp_path):
    fifo = tmp_path / "waiting.bib"
    os.mkfifo(fifo)  # no writer: opening it would wait for one
    result = read_file(fifo)
    assert not result.records and "not a regular file" in result.problems[0].message
    assert sources.stream_kind(tmp_path) is None and sources.stream_kind(CORL) is None


def test_a_fifo_named_that_no_program_writes_to_is_refused_not_waited_for(tmp_path):
    fifo = tmp_path / "nobody.json"
    os.mkfifo(fifo)
    sources.read_streams([str(fifo)])
    result = read_file(fifo)
    assert not result.records
    assert result.problems[0].message == sources.NO_WRITER


def test_the_reader_says_it_cannot_read_a_list_on_stdin(tmp_path):
    done = _shell(f"cat {CORL} | tuireader -", tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "the reader takes its keys from stdin, so '-' cannot give it a list" in done.stderr
    assert "<(command)" in done.stderr and "no such file" not in done.stderr


@pytest.mark.parametrize("command", ["search", "cite", "export"])
def test_the_help_says_dash_reads_a_list_on_stdin(capsys, command):
    from tuireader.cli import main

    assert main([command, "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "'-' a list on stdin" in said or "('-': a list on stdin)" in said


# -- the library's index ---------------------------------------------------------------


@pytest.fixture
def stdin_from(monkeypatch):
    """Standard input (its descriptor, as ``-`` reads it) made the file given, for a
    command run in this process; put back as it was after the test."""
    saved = os.dup(0)

    def give(path: Path) -> None:
        with open(path, "rb") as handle:
            os.dup2(handle.fileno(), 0)
        sources._STREAMS.clear()

    yield give
    os.dup2(saved, 0)
    os.close(saved)


def test_a_list_on_stdin_leaves_the_librarys_index_alone(capsys, tmp_path, stdin_from):
    # the papers of a list on stdin are the library's under another list's name
    # ("stdin"): they replaced the library's in its index, and the next search of the
    # library found its index changed and wrote them back (3,670 papers: 6.5 to 19 s)
    from tuireader.cli import main
    from tuireader.search import engine
    from tuireader.search.snapshot import folder_state
    from tuireader.system.paths import resolve

    listed = tmp_path / "corl2023.json"
    listed.write_bytes(CORL.read_bytes())
    assert main(["add", str(listed)]) == 0
    assert main(["search", "learning"]) == 0  # the library's index, built and checked
    index = resolve().index_dir
    before = folder_state(index)
    capsys.readouterr()

    stdin_from(listed)
    assert main(["search", "learning", "-"]) == 0
    out, _err = capsys.readouterr()
    assert sorted(_ids(out)) == ["alatg74m", "l7bld6aj"]
    assert folder_state(index) == before

    opened = []
    full_open = engine.open_engine

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        opened.append(args)
        return full_open(*args, **kwargs)

    sources._STREAMS.clear()
    try:
        engine.open_engine = watched  # type: ignore[assignment]
        assert main(["search", "learning"]) == 0
    finally:
        engine.open_engine = full_open  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert sorted(_ids(out)) == ["alatg74m", "l7bld6aj"]
    # the index found current before is opened as it is: nothing compared, nothing written
    assert opened == [] and "index" not in err, err
    assert folder_state(index) == before
