"""``--json`` errors carry their cause on stdout, where a script reads: which list could
not be read and why, not only that no papers could be loaded."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main

#: every command with --json, with what it needs besides the lists
JSON_ARGV = {
    "search": ["search", "--json", "diffusion"],
    "show": ["show", "--json", "zzzzzz"],
    "similar": ["similar", "--json", "zzzzzz"],
    "links": ["links", "--json", "zzzzzz"],
    "lists": ["lists", "--json"],
}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def _unreadable(tmp_path):
    """Lists that hold no papers, each for its own reason, with words the reason has."""
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\x00\x01\x02\xff\xfe binary")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    one = tmp_path / "one.json"
    one.write_text('{"a": 1}\n', encoding="utf-8")
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(b"\xff\xfe\xfd{not json\n")
    return {binary: "binary", empty: "empty", one: "no list of papers", broken: "not valid JSON"}


@pytest.mark.parametrize("command", sorted(JSON_ARGV))
def test_a_list_that_cannot_be_read_is_named_with_its_cause_in_the_json(capsys, tmp_path, command):
    for path, why in _unreadable(tmp_path).items():
        code, data, err = run(capsys, *JSON_ARGV[command], str(path))
        assert code == 2 and data["error"] == "no papers", path
        # the message says the cause, as stderr did in the line before its own
        assert data["message"].startswith("no papers could be loaded; ")
        assert str(path) in data["message"] and why in data["message"], data["message"]
        assert why in err
        assert any(p["path"] == str(path) and p["severity"] == "error" for p in data["problems"]), (
            data["problems"]
        )
        assert any(why in p["message"] for p in data["problems"])


def test_every_cause_is_given_when_several_lists_cannot_be_read(capsys, tmp_path):
    paths = list(_unreadable(tmp_path))
    code, data, _ = run(capsys, "search", "--json", "x", *map(str, paths))
    named = [p["path"] for p in data["problems"] if p["severity"] == "error"]
    assert code == 2 and named == list(map(str, paths))
    assert all(str(path) in data["message"] for path in paths)


def test_a_library_whose_lists_are_all_gone_names_them_in_the_json(capsys, tmp_path):
    path = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    assert main(["add", str(path)]) == 0
    capsys.readouterr()
    path.unlink()
    code, data, err = run(capsys, "search", "--json", "diffusion")
    # "no papers", as for a list named that cannot be read, and the list named as one
    # of a library that can be read only in part is (it was a "usage" error, the list
    # a warning about the library's file)
    assert code == 2 and data["error"] == "no papers"
    assert "none of the lists in your library can be read" in data["message"]
    assert "missing" in data["message"] and "missing" in err
    assert [(p["path"], p["severity"]) for p in data["problems"]] == [(str(path), "error")]
    assert "mine" in data["problems"][0]["message"]


@pytest.mark.parametrize("command", sorted(JSON_ARGV))
def test_a_data_folder_that_cannot_be_used_is_said_in_the_json(capsys, tmp_path, command):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    code, data, err = run(capsys, "--data-dir", str(blocker), *JSON_ARGV[command])
    assert code == 2 and "is a file, not a folder" in err
    assert data is not None, "nothing on stdout"
    assert data["error"] == "usage" and "is a file, not a folder" in data["message"]
    code, data, err = run(capsys, *JSON_ARGV[command], "--data-dir", "")
    assert code == 2 and data["error"] == "usage" and "empty name" in data["message"]


def test_an_answer_given_without_a_named_list_names_it_in_the_json(capsys, tmp_path):
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\x00\x01binary")
    code, data, err = run(capsys, "search", "--json", "diffusion", str(good), str(bad))
    # the hits of the list read, exit code 2 as grep's, and the list not read named
    assert code == 2 and data["hits"] and "binary" in err
    assert data["problems"] == [
        {
            "path": str(bad),
            "severity": "error",
            "message": "this looks like a binary file, not a text list of papers",
        }
    ]
    paper = data["hits"][0]["id"]
    for argv in (["show", "--json", paper], ["similar", "--json", paper]):
        code, data, _ = run(capsys, *argv, str(good), str(bad))
        assert code == 2 and [p["path"] for p in data["problems"]] == [str(bad)]
    # links too: its answer is an object, with the links a script reads as .links
    code, data, _ = run(capsys, "links", "--json", paper, str(good), str(bad))
    assert code == 2 and data["id"] == paper and data["links"][0]["kind"] == "code"
    assert [p["path"] for p in data["problems"]] == [str(bad)]
    code, data, _ = run(capsys, "links", "--json", paper, str(good))
    assert code == 0 and "problems" not in data and data["links"]
    code, data, _ = run(capsys, "show", "--json", "zzzzzz", str(good), str(bad))
    assert code == 2 and data["error"] == "not found"
    assert [p["path"] for p in data["problems"]] == [str(bad)]
    # every list read: the answer keeps the shape it always had
    code, data, _ = run(capsys, "search", "--json", "diffusion", str(good))
    assert code == 0 and "problems" not in data


def _into(target, argv, tmp_path):
    """Run the installed command with stdout into ``target`` ("full": /dev/full;
    "closed": a pipe whose reader has gone), buffered as a user's is."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["TUIREADER_HOME"] = str(tmp_path / "home")
    if target == "full":
        with open("/dev/full", "w") as out:
            return subprocess.run(
                [sys.executable, "-m", "tuireader", *argv],
                stdout=out,
                stderr=subprocess.PIPE,
                env=env,
                check=False,
                text=True,
            )
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "tuireader", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            env=env,
            check=False,
            text=True,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize("target", ["full", "closed"])
@pytest.mark.parametrize(
    "argv",
    [
        ["search", "--json", "x", "{missing}"],
        ["search", "--json", "x", "--limit", "0"],
        ["search", "--json", "x", "--data-dir", "{file}"],
    ],
    ids=["no papers", "usage", "data folder"],
)
def test_a_json_error_that_cannot_be_written_ends_in_words(tmp_path, target, argv):
    # the JSON of an error was printed past the command's own flush: into a full disk
    # or a pipe closed, Python's flush at exit failed ("Exception ignored", 120)
    import os

    if target == "full" and not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    argv = [a.format(missing=tmp_path / "missing.jsonl", file=blocker) for a in argv]
    done = _into(target, argv, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Exception ignored" not in done.stderr and "Traceback" not in done.stderr
    said = "could not write the output: No space left on device" in done.stderr
    assert said == (target == "full"), done.stderr


@pytest.mark.parametrize("asked", ["--json", "--js"])
def test_a_mistyped_command_asked_for_json_says_so_as_json(capsys, asked):
    # 'tuireader serch --json x' printed nothing on stdout, where a script reads
    code, data, err = run(capsys, "serch", asked, "x")
    assert code == 2 and "did you mean 'search'?" in err
    assert data == {"error": "usage", "message": err.strip().removeprefix("tuireader: ")}
    # a '--json' after '--' is a word, not the option: nothing on stdout
    code, data, err = run(capsys, "serch", "--", "--json")
    assert code == 2 and data is None and "did you mean 'search'?" in err


def test_a_damaged_triage_file_is_among_the_problems_of_a_json_answer(capsys, tmp_path):
    # the answer gave every paper "state": "new" and said nothing of it on stdout: a
    # script took the user's decisions for none
    from tuireader.system.paths import resolve

    path = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    code, data, _err = run(capsys, "search", "--json", "privacy", str(path))
    paper_id = data["hits"][0]["id"]
    assert main(["triage", paper_id, "--state", "keep", str(path)]) == 0
    capsys.readouterr()
    code, data, _err = run(capsys, "search", "--json", "privacy", str(path))
    assert code == 0 and "problems" not in data and data["hits"][0]["state"] == "kept"
    db = resolve().state_db
    db.write_bytes(b"\x00" * 100)
    for argv in (["search", "privacy"], ["show", paper_id], ["similar", paper_id]):
        code, data, err = run(capsys, *argv, "--json", str(path))
        assert code in (0, 1) and "damaged" in err, argv
        [problem] = data["problems"]
        assert problem["path"] == str(db) and problem["severity"] == "warning", argv
        assert "damaged" in problem["message"], argv
