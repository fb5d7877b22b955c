"""The command line itself: ``--``, typos, ids as people see them, no terminal, no reader."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest

from tuireader import cli
from tuireader.cli import main

#: two seed papers whose ids begin with the same letter
SHARED = "b"
B_IDS = {"b7apx2bo", "bcbqdb5c"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_reader(monkeypatch):
    """The reader must not start: fail loudly instead of waiting for keys."""
    import tuireader.ui.app

    def refuse(*_args, **_kwargs):
        raise AssertionError("the reader was started")

    monkeypatch.setattr(tuireader.ui.app, "run_reader", refuse)


# -- `--` ends options ---------------------------------------------------------------------


def test_double_dash_ends_options_so_a_query_may_start_with_a_dash(capsys):
    code, out, err = run(capsys, "search", "--json", "--", "-video")
    assert code == 0, err
    data = json.loads(out)
    assert data["query"] == "-video"
    assert "Boximator" not in out  # the one video paper is excluded
    assert data["total"] == 35


def test_an_option_after_double_dash_is_said_to_go_before_it(capsys):
    # 'search -- -video --limit 2' offered to search '-video --limit 2' quoted
    assert main(["search", "--", "-video", "--limit", "2"]) == 2
    err = capsys.readouterr().err
    assert "'--limit' comes after '--', which ends the options: give it before '--'" in err
    assert "quote it" not in err


def test_a_dash_word_taken_for_an_option_gets_a_hint_about_double_dash(capsys):
    assert main(["search", "-video"]) == 2
    err = capsys.readouterr().err
    assert "goes after '--': tuireader search -- -video" in err
    assert main(["search", "--limit", "3", "--bogus"]) == 2
    assert "tuireader search --limit 3 -- --bogus" in capsys.readouterr().err
    # the options given stay in the command the hint gives (it dropped --state keep)
    assert main(["triage", "-3G6_D66Aua", "--state", "keep"]) == 2
    assert "tuireader triage --state keep -- -3G6_D66Aua" in capsys.readouterr().err
    assert main(["note", "-3G6_D66Aua", "--set=hi", "a.json"]) == 2
    assert "tuireader note --set=hi -- -3G6_D66Aua a.json" in capsys.readouterr().err
    # A plain usage error with no such word gets no hint.
    assert main(["show"]) == 2
    assert "'--'" not in capsys.readouterr().err


def test_a_missing_id_is_named_alone_for_the_lists_are_optional(capsys):
    assert main(["show"]) == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith("the following arguments are required: id")


@pytest.mark.parametrize("command", [*cli.COMMANDS, None])
def test_version_works_before_and_after_every_command(capsys, command, no_reader):
    from tuireader import __version__

    code, out, _err = run(capsys, *([command] if command else []), "--version")
    assert code == 0
    assert out.strip() == f"tuireader {__version__}"


def test_a_search_that_finds_nothing_says_so(capsys):
    code, out, err = run(capsys, "search", "zzqqxx")
    assert code == 1 and out == ""
    assert "no papers match 'zzqqxx'" in err


def test_the_lists_default_to_the_library_in_help(capsys):
    assert main(["search", "--help"]) == 0
    assert "your library" in " ".join(capsys.readouterr().out.split())


def test_options_before_double_dash_still_apply_and_lists_may_follow(capsys, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    source = write_jsonl(tmp_path / "-odd name.jsonl", RECORDS)
    code, out, err = run(capsys, "search", "--limit", "1", "--json", "--", "-graph", str(source))
    assert code == 0, err
    data = json.loads(out)
    assert data["query"] == "-graph" and len(data["hits"]) == 1 and data["total"] == 3


def test_a_double_dash_before_the_command_name_makes_it_a_file(capsys, no_reader):
    code, _out, err = run(capsys, "--", "search")
    assert code == 2 and "no such file or command 'search'" in err


def test_every_option_that_takes_a_value_is_skipped_to_find_the_command():
    parsers = [cli.build_parser(), *(build() for build in cli._COMMAND_PARSERS.values())]
    taking = {
        option
        for parser in parsers
        for action in parser._actions
        if action.option_strings and action.nargs != 0
        for option in action.option_strings
    }
    assert taking == set(cli._OPTIONS_WITH_VALUES)


def test_an_option_with_a_value_may_come_before_the_command(capsys, no_reader):
    code, out, err = run(capsys, "--sort", "list", "search", "graph", "--json")
    assert code == 0, err
    assert json.loads(out)["hits"]


# -- typos ---------------------------------------------------------------------------------


def test_a_mistyped_command_is_an_error_with_a_suggestion(capsys, no_reader):
    code, out, err = run(capsys, "serach", "diffusion")
    assert code == 2 and out == ""
    assert err.strip() == "tuireader: no such file or command 'serach'; did you mean 'search'?"
    code, _out, err = run(capsys, "lsts", "--json")
    assert code == 2 and "did you mean 'lists'?" in err


def test_a_word_like_no_command_lists_the_commands(capsys, no_reader):
    code, _out, err = run(capsys, "zzzzzz")
    assert code == 2 and "no such file or command 'zzzzzz' (commands: search, show" in err


@pytest.mark.parametrize("path", ["/nonexistent.bib", "lists/corl.json", "~/nope", "a.jsonl"])
def test_a_missing_path_for_the_reader_is_named_a_missing_file(capsys, no_reader, path):
    code, _out, err = run(capsys, path)
    assert code == 2 and err.strip() == f"tuireader: no such file {path!r}"


def test_lists_for_the_reader_none_of_which_is_there_are_an_error(capsys, no_reader, tmp_path):
    # one missing among lists that are there opens the reader on those (see
    # test_e2e_missing_list); with none there, the first is said
    code, _out, err = run(capsys, str(tmp_path / "nope.jsonl"), str(tmp_path / "nada.jsonl"))
    assert code == 2 and err.strip() == f"tuireader: no such file {str(tmp_path / 'nope.jsonl')!r}"
    code, _out, err = run(capsys, "serch", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "did you mean 'search'?" in err


# -- no terminal, no reader ---------------------------------------------------------------


def test_the_reader_without_a_terminal_exits_2(capsys, no_reader):
    code, out, err = run(capsys)  # under pytest, stdin and stdout are not terminals
    assert code == 2 and out == ""
    assert "the reader needs a terminal" in err


def test_the_reader_in_a_terminal_that_cannot_draw_exits_2(monkeypatch, capsys, no_reader):
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "dumb")
    code, out, err = run(capsys)
    assert code == 2 and out == ""
    assert "TERM=dumb" in err and "tuireader search" in err


def test_the_reader_starts_when_both_are_terminals(monkeypatch, capsys):
    import tuireader.ui.app

    started = []
    monkeypatch.setattr(
        tuireader.ui.app, "run_reader", lambda **kwargs: started.append(kwargs) or 0
    )
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert main([]) == 0
    assert started and started[0]["sources"] == ()  # the default library: the seeds


def test_the_reader_draws_at_120_frames_unless_the_user_says(monkeypatch, capsys):
    import os

    import tuireader.ui.app

    seen = []
    monkeypatch.setattr(
        tuireader.ui.app, "run_reader", lambda **kwargs: seen.append(os.environ["TEXTUAL_FPS"]) or 0
    )
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert main([]) == 0
    monkeypatch.setenv("TEXTUAL_FPS", "30")
    assert main([]) == 0
    assert seen == [str(cli.FRAMES_PER_SECOND), "30"]


def test_the_reader_reads_the_library(monkeypatch, capsys, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    import tuireader.ui.app

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    started = []
    monkeypatch.setattr(
        tuireader.ui.app, "run_reader", lambda **kwargs: started.append(kwargs) or 0
    )
    assert main(["add", str(source)]) == 0
    assert started == []
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert main([]) == 0
    assert [str(p) for p in started[0]["sources"]] == [str(source)]


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


def test_lists_for_the_reader_none_of_which_can_be_read_are_an_error(capsys, terminal, tmp_path):
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\0\1")
    empty = tmp_path / "e.bib"
    empty.write_text("\n")
    missing = tmp_path / "nope.bib"
    code, out, err = run(capsys, str(binary))
    assert code == 2 and out == "" and terminal == []
    assert f"{binary}: this looks like a binary file" in err
    assert "no papers could be loaded" in err
    code, out, err = run(capsys, str(missing), str(binary), str(empty))
    assert code == 2 and out == "" and terminal == []
    assert f"{missing}: no such file" in err and f"{binary}: this looks like a binary" in err
    assert f"{empty}: the file is empty" in err


def test_the_reader_opens_on_the_lists_that_can_be_read_among_others(capsys, terminal, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\0\1")
    good = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    assert main([str(binary), str(good)]) == 0
    assert terminal[0]["sources"] == [str(binary), str(good)]


def test_a_library_none_of_whose_lists_can_be_read_is_an_error(capsys, terminal, tmp_path):
    from corpus_util import RECORDS, write_jsonl

    first = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    second = write_jsonl(tmp_path / "b.jsonl", RECORDS[:1])
    assert main(["add", str(first), str(second)]) == 0
    first.write_bytes(b"\0\1")
    capsys.readouterr()
    assert main([]) == 0  # the other list is still there to read
    assert [str(p) for p in terminal[0]["sources"]] == [str(first), str(second)]
    second.write_text("")
    code, out, err = run(capsys)
    assert code == 2 and out == "" and len(terminal) == 1
    assert f"{first}: this looks like a binary file" in err
    assert f"{second}: the file is empty" in err
    assert "none of the lists in your library can be read" in err


def test_the_installed_command_with_no_terminal_exits_at_once(tmp_path):
    env = {"TUIREADER_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "tuireader"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,  # a guard: the old reader spun forever here
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "the reader needs a terminal" in done.stderr


# -- ids as people see them ------------------------------------------------------------------


def test_an_id_as_shown_works_in_any_case_and_with_brackets(capsys):
    for text in ("fhg466ju", "FHG466JU", "[fhg466ju]", " fhg4 ", "(fhg466ju),"):
        code, out, err = run(capsys, "show", text)
        assert code == 0, (text, err)
        assert "id fhg466ju" in out
    code, out, _ = run(capsys, "links", "FHG466", "--kind", "code")
    assert code == 0 and out.strip() == "https://github.com/YujunZhou/IGSG"


@pytest.mark.parametrize("command", ["show", "links", "similar"])
def test_an_ambiguous_prefix_lists_the_candidates(capsys, command):
    code, out, err = run(capsys, command, SHARED)
    assert code == 1 and out == ""
    assert f"id {SHARED!r} is the beginning of 2 papers' ids" in err
    listed = {line.split()[1] for line in err.splitlines()[1:]}
    assert listed == B_IDS
    assert all(line.startswith("tuireader: ") for line in err.splitlines())


@pytest.mark.parametrize("command", ["show", "similar"])
def test_with_json_an_id_that_names_no_paper_or_several_is_said_in_json(capsys, command):
    # stdout was empty, the message on stderr only: a script reading JSON read nothing
    code, out, err = run(capsys, command, SHARED, "--json")
    data = json.loads(out)
    # said on stderr too, as every --json failure is: stdout stays the JSON
    assert code == 1 and f"id {SHARED!r} is the beginning of 2 papers' ids" in err
    assert data["id"] is None and data["error"] == "ambiguous"
    assert data["message"] == f"id {SHARED!r} is the beginning of 2 papers' ids; give more of it"
    assert {c["id"] for c in data["candidates"]} == B_IDS
    assert all(c["title"] and c["lists"] for c in data["candidates"])
    code, out, err = run(capsys, command, "zzzzzzzz", "--json")
    data = json.loads(out)
    assert code == 1 and "no paper with id 'zzzzzzzz'" in err
    assert (data["id"], data["error"], data["candidates"]) == (None, "not found", [])
    assert data["message"].startswith("no paper with id 'zzzzzzzz'")
    # similar gives its hits, none, as search --json gives a query that finds none
    assert data.get("hits") == ([] if command == "similar" else None)


def test_cite_names_the_candidates_of_an_ambiguous_id_and_leaves_it_out(capsys):
    code, out, err = run(capsys, "cite", "fhg466ju", SHARED)
    assert code == 1 and out.startswith("@") and out.count("@") == 1  # the other id's
    assert {line.split()[1] for line in err.splitlines()[1:-1]} == B_IDS
    assert err.splitlines()[-1] == "tuireader: cited the other paper"
    code, out, err = run(capsys, "cite", SHARED)
    assert code == 1 and out == "" and "nothing printed" in err


# -- closed and full outputs ------------------------------------------------------------


def _shell(command: str, tmp_path) -> subprocess.CompletedProcess[str]:
    from corpus_util import RECORDS, write_jsonl

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    run_it = f"{shlex.quote(sys.executable)} -m tuireader search diffusion {source} {command}"
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    return subprocess.run(
        ["bash", "-c", run_it], capture_output=True, text=True, env=env, check=False
    )


def test_a_command_with_stderr_closed_still_gives_its_results(tmp_path):
    done = _shell("2>&-", tmp_path)
    assert done.returncode == 0 and "Diffusion" in done.stdout
    assert "unexpected error" not in done.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_disk_is_said_in_words(tmp_path):
    done = _shell("> /dev/full", tmp_path)
    assert done.returncode == 2
    assert "could not write the output: No space left on device" in done.stderr
    assert "unexpected error" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", ["--version", "--help", "search --help"])
def test_help_and_version_to_a_full_disk_are_said_in_words(tmp_path, argv):
    # Python's own flush at exit failed: "Exception ignored in: <_io.TextIOWrapper
    # name='<stdout>'…>" and exit code 120, where any other output said it in words
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["TUIREADER_HOME"] = str(tmp_path / "home")
    command = f"{shlex.quote(sys.executable)} -m tuireader {argv} > /dev/full"
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == "tuireader: could not write the output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", ["--version", "--help", "note --help"])
def test_help_and_version_to_a_full_disk_unbuffered_are_said_in_words(tmp_path, argv):
    # with PYTHONUNBUFFERED=1 the write failed at once, inside argparse, which lets it
    # pass: exit code 0 and not a word
    env = dict(os.environ, PYTHONUNBUFFERED="1", TUIREADER_HOME=str(tmp_path / "home"))
    command = f"{shlex.quote(sys.executable)} -m tuireader {argv} > /dev/full"
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == "tuireader: could not write the output: No space left on device\n"


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["search", "--help"]])
def test_help_and_version_into_a_closed_pipe_end_quietly(tmp_path, argv):
    # as `tuireader --help | head -1` does when head is gone before the help is written
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["TUIREADER_HOME"] = str(tmp_path / "home")
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tuireader", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            env=env,
            check=False,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")


def test_output_cut_short_by_a_filling_disk_is_not_taken_for_done(monkeypatch):
    # the disk takes the first part of a write, then has no room: Python's own buffered
    # stdout took the short write for the end of the trouble and dropped the rest
    import errno
    import io

    from tuireader import cli

    written = bytearray()

    def filling(_fd: int, data) -> int:
        if len(written) >= 100:
            raise OSError(errno.ENOSPC, "No space left on device")
        taken = bytes(data[: 100 - len(written)])
        written.extend(taken)
        return len(taken)

    monkeypatch.setattr(cli.os, "write", filling)
    out = io.TextIOWrapper(io.BufferedWriter(cli._WholeWrites(1, None)), encoding="utf-8")
    with pytest.raises(OSError, match="No space left"):
        out.write("x" * 20_000)
        out.flush()
    assert len(written) == 100


def _closed_stdout(argv: str, tmp_path) -> subprocess.CompletedProcess[str]:
    """``tuireader ARGV >&-`` on a list of the corpus (``{source}`` in ``argv``)."""
    from corpus_util import RECORDS, write_jsonl

    from tuireader.session import load_session

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    first = load_session([source], data_dir=tmp_path / "home").library.papers[0]
    argv = argv.format(source=shlex.quote(str(source)), id=first.id)
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    run_it = f"{shlex.quote(sys.executable)} -m tuireader {argv} >&-"
    return subprocess.run(
        ["bash", "-c", run_it], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.parametrize(
    "argv",
    [
        "search diffusion {source}",
        "show {id} {source}",
        "cite {id} {source}",
        "lists {source}",
        "export --format bibtex {source}",
        "--version",
    ],
)
def test_output_to_a_closed_stdout_is_said_lost(tmp_path, argv):
    # `tuireader search robot >&-` ended with 0 and wrote nothing, its results dropped
    # without a word (ls and grep say "write error" there, and end with 2)
    done = _closed_stdout(argv, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "tuireader: could not write the output: stdout is closed\n" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_a_command_that_writes_nothing_to_a_closed_stdout_succeeds(tmp_path):
    out = tmp_path / "out.bib"
    done = _closed_stdout(f"export --format bibtex {{source}} -o {out}", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "@" in out.read_text(encoding="utf-8")
    done = _closed_stdout("search nothing-is-called-this {source}", tmp_path)
    assert done.returncode == 1 and "no papers match" in done.stderr


def test_a_triage_change_whose_output_a_closed_stdout_loses_is_not_saved(tmp_path):
    done = _closed_stdout("triage {id} --state keep {source}", tmp_path)
    assert done.returncode == 2
    assert "could not write the output: stdout is closed; nothing saved" in done.stderr
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    kept = subprocess.run(
        [sys.executable, "-m", "tuireader", "search", "is:kept", str(tmp_path / "a.jsonl")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert kept.returncode == 1 and kept.stdout == ""


def test_output_to_a_disk_that_fills_up_is_said_in_words(tmp_path):
    # more output than the disk has room for: the first part is written, then no room
    from corpus_util import write_jsonl

    records = [
        {"title": f"Diffusion study {i}", "abstract": "diffusion models " * 40} for i in range(40)
    ]
    source = write_jsonl(tmp_path / "big.jsonl", records)
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a small tmpfs")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(disk)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    command = (
        f"{shlex.quote(sys.executable)} -m tuireader export --format json {source} "
        f"> {disk}/out.json"
    )
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    try:
        done = subprocess.run(
            ["bash", "-c", command], capture_output=True, text=True, env=env, check=False
        )
        written = (disk / "out.json").stat().st_size
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True, check=False)
    assert 0 < written < sum(len(r["abstract"]) for r in records)  # cut short
    assert done.returncode == 2, done.stderr
    assert "could not write the output: No space left on device" in done.stderr


def test_a_named_list_or_catalog_that_cannot_be_read_ends_with_2_after_the_results(
    tmp_path, capsys
):
    # a typo in a list's path gave the results of the others and 0: a script could not tell
    from corpus_util import RECORDS, write_jsonl

    from tuireader.cli import main

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    data = ("--data-dir", str(tmp_path / "data"))
    for extra in (
        [str(tmp_path / "missing.json")],
        [str(empty)],
        ["--catalog", str(tmp_path / "missing.bib")],
    ):
        code = main(["search", "diffusion", str(source), *extra, *data])
        out, _err = capsys.readouterr()
        assert code == 2, extra
        assert "Diffusion" in out  # the rest still searched
    assert main(["search", "diffusion", str(source), *data]) == 0
    capsys.readouterr()
    assert main(["search", "walrus", str(source), str(empty), *data]) == 2  # not 1


# -- a data folder that cannot be one ------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "learning"],
        ["lists"],
        ["triage", "5l43nkff", "--state", "keep"],
        ["note", "5l43nkff", "--set", "kept"],
        ["undo"],
        ["recover"],
        ["add", "--seeds"],
        [],
    ],
)
def test_a_data_folder_that_is_a_file_is_said_once_and_nothing_runs(
    capsys, tmp_path, no_reader, argv
):
    blocker = tmp_path / "papers"
    blocker.write_text("a file, not a folder\n", encoding="utf-8")
    for data_dir in (blocker, blocker / "tuireader"):
        code, out, err = run(capsys, *argv, "--data-dir", str(data_dir))
        assert code == 2 and out == ""
        assert err.count("\n") == 1, err  # one message, not one per file of the folder
        assert f"data folder {data_dir} cannot be used" in err
        assert "is a file, not a folder" in err and "--data-dir" in err
        assert "damaged" not in err
    assert blocker.read_text(encoding="utf-8") == "a file, not a folder\n"


def test_a_data_folder_that_is_a_file_in_tuireader_home_is_said(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "home"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("TUIREADER_HOME", str(blocker))
    code, out, err = run(capsys, "search", "learning")
    assert code == 2 and f"data folder {blocker} cannot be used" in err
    code, out, _ = run(capsys, "search", "learning", "--data-dir", str(tmp_path / "data"))
    assert code == 0 and out  # --data-dir wins, and a folder not there yet is made


def test_an_empty_name_is_no_list_and_never_the_current_folder(
    capsys, tmp_path, monkeypatch, no_reader
):
    # `tuireader add "$LIST"` with the variable empty added the folder it ran in
    here = tmp_path / "here"
    here.mkdir()
    (here / "mine.jsonl").write_text(
        json.dumps({"title": "A paper in the folder the command runs in", "year": 2024}) + "\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(here)
    data = ["--data-dir", str(tmp_path / "data")]
    code, out, err = run(capsys, "add", "", *data)
    assert code == 2 and out == "" and "an empty name names no file or folder" in err
    assert "nothing added" in err
    # named among lists, it is said and the others are added, as grep does
    code, out, err = run(capsys, "add", "mine.jsonl", "", *data)
    assert code == 2 and "an empty name names no file or folder; not added" in err
    assert out.startswith("added mine ")
    code, out, err = run(capsys, "lists", *data)
    assert out.splitlines()[0].split()[1:] == ["mine", str(here / "mine.jsonl")]
    assert len(out.splitlines()) == 2  # the one list, and the papers it holds: not the folder
    for argv in (
        ["search", "folder", ""],
        ["show", "5l43nkff", ""],
        ["export", "--format", "csv", ""],
    ):
        code, out, err = run(capsys, *argv, *data)
        assert code == 2 and out == "", (argv, err)
        assert "an empty name names no list file or folder" in err
    code, out, err = run(capsys, "", *data)
    assert code == 2 and "no such file or command ''" in err
    code, out, err = run(capsys, "triage", "5l43nkff", "", "--state", "keep", *data)
    assert code == 2 and "an empty id names no paper" in err  # nor a list: nothing read


def test_an_empty_data_folder_or_catalog_name_is_refused_not_the_default(
    capsys, tmp_path, monkeypatch, no_reader
):
    # `--data-dir "$DIR"` with the variable empty used the user's own data folder
    home = tmp_path / "home"
    monkeypatch.setenv("TUIREADER_HOME", str(home))
    for argv in (["triage", "5l43nkff", "--state", "keep"], ["search", "learning"], []):
        code, out, err = run(capsys, *argv, "--data-dir", "")
        assert code == 2 and out == "" and "--data-dir was given an empty name" in err
    assert not home.exists()
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "search", "learning", "--catalog", "", "--data-dir", "d")
    assert code == 2 and out == "" and "--catalog was given an empty name" in err


def test_a_command_stopped_with_ctrl_c_ends_with_130_and_saves_nothing(capsys, monkeypatch):
    # as the README says: the change of a command stopped is not saved in part
    from tuireader import cli
    from tuireader.triage.store import Store

    real = Store.apply_many

    def stopped(self, paper_ids, **kwargs):
        with self._write() as conn:
            conn.execute(
                "INSERT INTO triage (paper_id, state, note, updated) VALUES ('x', 'kept', '', 0)"
            )
            raise KeyboardInterrupt

    monkeypatch.setattr(Store, "apply_many", stopped)
    assert cli.main(["triage", "za5opmmk", "--state", "keep"]) == 130
    monkeypatch.setattr(Store, "apply_many", real)
    capsys.readouterr()
    assert cli.main(["search", "is:kept"]) == 1
    assert "Traceback" not in capsys.readouterr().err


# -- --limit -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["search", "similar"])
@pytest.mark.parametrize("limit", ["0", "-1"])
def test_a_limit_below_one_is_a_usage_error_in_words_and_json(capsys, command, limit):
    # similar --limit 0 ended in "unexpected error (IndexError: list index out of range)"
    target = "diffusion" if command == "search" else min(B_IDS)
    code, out, err = run(capsys, command, target, "--limit", limit)
    assert code == 2 and out == ""
    assert "--limit must be at least 1" in err and "unexpected" not in err
    code, out, err = run(capsys, command, target, "--limit", limit, "--json")
    data = json.loads(out)
    assert code == 2
    assert data["error"] == "usage" and data["message"] == "--limit must be at least 1"


def test_the_help_says_what_each_exit_code_means(capsys):
    # the exit codes were in the README only: --help, where a script's author looks,
    # did not name them
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Exit codes: 0 success; 1 nothing found or done" in out
    assert "2 a usage or input error" in out and "130 stopped by Ctrl-C" in out


@pytest.mark.parametrize("argv", [["--theme", "light", "search"], ["search", "--theme=dark"]])
def test_the_readers_own_option_given_to_a_command_is_said_to_be_the_readers(capsys, argv):
    # 'tuireader --theme light search robot' hinted to search '--theme light robot'
    # after '--'
    code, out, err = run(capsys, *argv, "robot")
    assert code == 2 and out == ""
    assert "--theme sets the reader's colours: tuireader --theme light [LIST…]" in err
    assert "tuireader search takes no --theme" in err and "goes after '--'" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["show", ""],
        ["links", " "],
        ["similar", ""],
        ["note", ""],
        ["cite", "fhg466ju", ""],
        ["triage", "", "--state", "keep"],
    ],
)
def test_an_empty_id_is_a_usage_error(capsys, argv):
    # tuireader show "$ID" with ID unset said "no paper with id ''", exit code 1, as
    # for an id looked for and not found: a script took the paper to be gone
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "an empty id names no paper (an unset variable?)" in err
    if argv[0] in ("show", "similar", "links"):
        code, out, _err = run(capsys, *argv, "--json")
        assert code == 2 and json.loads(out)["error"] == "usage"


def test_similar_lists_papers_as_search_does(capsys):
    # similar gave "id  title" alone, where search gives the lists and [code] too
    code, out, err = run(capsys, "similar", "fhg466ju", "--limit", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 3
    for line in lines:
        code, found, _err = run(capsys, "search", line.split()[0])
        assert code == 0 and found.splitlines() == [line]
        assert line.endswith((")", ") [code]"))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["lists", "--limit", "3"],
            "(tuireader lists takes no --limit; search, similar and cite take it)",
        ),
        (["show", "x", "--kind=code"], "(tuireader show takes no --kind; links takes it)"),
        (["--limit", "3"], "(tuireader takes no --limit; search, similar and cite take it)"),
    ],
)
def test_an_option_of_other_commands_is_said_to_be_theirs(capsys, argv, said):
    # 'tuireader lists --limit 3' hinted to read the lists '--limit' and '3' after '--'
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert said in err and "goes after '--'" not in err


def test_a_closed_stdouts_descriptor_is_taken_by_no_file_the_command_opens(tmp_path):
    # the first file opened (the triage file) took descriptor 1: a program the command
    # runs (a clipboard tool) inherits it as its stdout and writes into that file
    code = (
        "import os, sys\n"
        "from tuireader.cli import _closed_streams_to_devnull\n"
        "_closed_streams_to_devnull()\n"
        f"fd = os.open({str(tmp_path / 'opened')!r}, os.O_RDWR | os.O_CREAT)\n"
        "sys.stderr.write(str(fd))\n"
    )
    done = subprocess.run(
        ["bash", "-c", f"{shlex.quote(sys.executable)} -c {shlex.quote(code)} >&-"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stderr) > 2
