"""``tuireader note`` and ``tuireader undo``: a paper's note and the last triage action,
from scripts, in the store and undo history the reader's own keys use."""

from __future__ import annotations

import io
import json
import sys

import pytest

from tuireader.cli import main
from tuireader.session import load_session
from tuireader.triage.store import Store, reader_origin

RECORDS = [
    {
        "title": f"{topic} study number {n}",
        "authors": [f"Author {topic} {n}"],
        "abstract": f"We study {topic.lower()} in setting {n} with careful experiments.",
    }
    for topic in ("Grasping", "Driving")
    for n in range(3)
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lst(tmp_path):
    path = tmp_path / "list.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def ids(capsys, lst, query: str) -> list[str]:
    _code, out, _err = run(capsys, "search", query, lst, "--json", "--sort", "list")
    return [hit["id"] for hit in json.loads(out)["hits"]]


def note_of(lst, paper_id: str) -> str:
    session = load_session([lst])
    with session.open_store() as store:
        return store.get(paper_id).note


def stdin(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_note_sets_prints_appends_and_clears_a_note(capsys, lst):
    first = ids(capsys, lst, "grasping")[0]
    code, out, err = run(capsys, "note", first, lst)
    assert code == 1 and out == "" and f"{first} has no note" in err
    code, out, err = run(capsys, "note", first, "--set", "read the appendix", lst)
    assert code == 0 and out == f"{first}  Grasping study number 0\n"
    assert "1 paper: note set (1 change; tuireader undo, or z in the reader, undoes it)" in err
    code, out, _err = run(capsys, "note", first, lst)
    assert code == 0 and out == "read the appendix\n"
    code, out, _err = run(capsys, "note", first[:5].upper(), "--append", "and the code", lst)
    assert code == 0 and note_of(lst, first) == "read the appendix\nand the code"
    code, out, _err = run(capsys, "show", first, "--json", lst)
    assert json.loads(out)["note"] == "read the appendix\nand the code"
    code, out, err = run(capsys, "note", first, "--set", "read the appendix\nand the code", lst)
    assert code == 0 and "nothing changed" in err
    code, out, err = run(capsys, "note", first, "--clear", lst)
    assert code == 0 and "note cleared" in err and note_of(lst, first) == ""
    code, out, err = run(capsys, "search", "has:note", lst)
    assert code == 1


def test_undo_after_a_note_from_the_command_line_puts_the_old_note_back(capsys, lst):
    first = ids(capsys, lst, "grasping")[0]
    run(capsys, "note", first, "--set", "the old note", lst)
    run(capsys, "note", first, "--set", "a new note", lst)
    code, out, err = run(capsys, "undo")
    assert code == 0
    assert "undid: note back as it was for 1 paper (“Grasping study number 0”)" in err
    assert out == f"{first}  Grasping study number 0\n"
    assert note_of(lst, first) == "the old note"
    code, out, err = run(capsys, "undo")
    assert code == 0 and note_of(lst, first) == ""
    code, out, err = run(capsys, "undo")
    assert code == 1 and out == "" and "nothing to undo" in err


def test_a_note_on_several_papers_is_one_undo_step(capsys, lst):
    grasp = ids(capsys, lst, "grasping")
    run(capsys, "note", grasp[0], "--set", "mine", lst)
    code, out, err = run(capsys, "note", *grasp, "--append", "reading group", lst)
    assert code == 0 and "3 papers: text added to the note (3 changes" in err
    assert [line.split()[0] for line in out.splitlines()] == grasp
    assert note_of(lst, grasp[0]) == "mine\nreading group"
    with load_session([lst]).open_store() as store:
        undone = store.undo()
        assert undone is not None and undone.paper_ids == tuple(grasp)
    assert [note_of(lst, paper_id) for paper_id in grasp] == ["mine", "", ""]


def test_a_note_read_from_stdin_is_kept_as_the_reader_keeps_one(capsys, lst, monkeypatch):
    first = ids(capsys, lst, "grasping")[0]
    stdin(monkeypatch, "\ufefffirst line\r\n\tindented ✓\r\n\r\n".encode())
    code, _out, err = run(capsys, "note", first, "--set", "-", lst)
    assert code == 0, err
    assert note_of(lst, first) == "first line\n\tindented ✓"  # as the editor's Ctrl+S saves
    stdin(monkeypatch, b"more\n")
    assert run(capsys, "note", first, "--append", "-", lst)[0] == 0
    assert note_of(lst, first) == "first line\n\tindented ✓\nmore"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"caf\xe9 latin-1", "the text on stdin is not UTF-8 (byte 0xe9 at offset 3)"),
        (b"  \n\n", "the text on stdin is empty: --clear clears a note"),
        (b"", "the text on stdin is empty"),
    ],
)
def test_text_that_is_no_note_is_refused_and_the_note_kept(capsys, lst, monkeypatch, data, said):
    # a command in a pipe that printed nothing (or bytes) must not wipe the note
    first = ids(capsys, lst, "grasping")[0]
    run(capsys, "note", first, "--set", "keep me", lst)
    stdin(monkeypatch, data)
    code, out, err = run(capsys, "note", first, "--set", "-", lst)
    assert code == 2 and out == "" and said in err and "nothing saved" in err
    assert note_of(lst, first) == "keep me"
    code, _out, err = run(capsys, "note", first, "--set", "bad \udce9 byte", lst)
    assert code == 2 and "the text given is not UTF-8; nothing saved" in err
    code, _out, err = run(capsys, "note", first, "--append", " ", lst)
    assert code == 2 and "empty" in err
    assert note_of(lst, first) == "keep me"


def test_a_file_piped_in_by_mistake_is_refused_past_the_notes_limit(capsys, lst, monkeypatch):
    # megabytes in a note made the reader's editor take seconds a key (30 MB: it hung)
    first, second = ids(capsys, lst, "grasping")[:2]
    run(capsys, "note", first, "--set", "keep me", lst)
    stdin(monkeypatch, ("a log line\n" * 20_000).encode())
    code, out, err = run(capsys, "note", first, "--append", "-", lst)
    assert code == 2 and out == "", err
    assert "Note not saved" in err and "more than the 100,000 a note may hold" in err
    assert note_of(lst, first) == "keep me"
    code, _out, err = run(capsys, "note", first, second, "--set", "x" * 100_001, lst)
    assert code == 2 and "100,001 characters" in err
    assert [note_of(lst, first), note_of(lst, second)] == ["keep me", ""]  # neither changed
    assert run(capsys, "note", second, "--set", "y" * 100_000, lst)[0] == 0  # the limit itself
    assert run(capsys, "undo")[0] == 0 and note_of(lst, second) == ""
    assert run(capsys, "note", first, "--append", "still here", lst)[0] == 0
    assert note_of(lst, first) == "keep me\nstill here"


def test_control_characters_in_a_note_are_kept_as_data_and_shown_escaped(capsys, lst):
    first = ids(capsys, lst, "grasping")[0]
    given = "red \x1b[31mtext\x1b[0m and \x07bell \u202eflip"
    # data: kept as the symbols a terminal is shown, never as codes (the reader's note
    # editor wrote them to the terminal), and said to be
    text = "red ␛[31mtext␛[0m and ␇bell \u202eflip"
    code, _out, err = run(capsys, "note", first, "--set", given, lst)
    assert code == 0 and note_of(lst, first) == text
    assert "3 control characters (terminal codes)" in err
    for argv in (["note", first], ["show", first]):
        code, out, _err = run(capsys, *argv, lst)
        assert code == 0 and "\x1b" not in out and "\x07" not in out and "\u202e" not in out
        assert "␛[31mtext" in out and "\\u202e" in out
    code, out, _err = run(capsys, "show", first, "--json", lst)
    assert "\x1b" not in out and json.loads(out)["note"] == text


def test_a_text_starting_with_a_dash_is_given_joined_to_its_option(capsys, lst):
    first = ids(capsys, lst, "grasping")[0]
    code, _out, err = run(capsys, "note", first, "--set", "-5 is wrong", lst)
    assert code == 0 and note_of(lst, first) == "-5 is wrong"  # (a space: argparse's value)
    code, _out, err = run(capsys, "note", first, "--set", "-wrong", lst)
    assert code == 2 and "--set=-wrong" in err and "after '--'" not in err
    code, _out, err = run(capsys, "note", first, "--set=-wrong", lst)
    assert code == 0 and note_of(lst, first) == "-wrong"


def test_note_asks_what_to_do_and_changes_nothing_for_an_unknown_id(capsys, lst):
    grasp = ids(capsys, lst, "grasping")
    code, _out, err = run(capsys, "note", *grasp[:2], lst)
    assert code == 2 and "give one id to print its note" in err
    code, _out, err = run(capsys, "note", "--set", "x", lst)
    assert code == 2 and "give the id of a paper" in err
    code, _out, err = run(capsys, "note", grasp[0], "--set", "x", "--clear", lst)
    assert code == 2 and "not allowed with" in err
    code, out, err = run(capsys, "note", grasp[0], "zzzzzz", "--set", "x", lst)
    assert code == 1 and out == "" and "no paper with id 'zzzzzz'" in err
    assert note_of(lst, grasp[0]) == ""


def test_a_list_misspelt_after_the_id_is_said_to_be_no_file(capsys, lst):
    # 'note ID papres.jsonl' asked for one id, where one was given and the list misspelt
    grasp = ids(capsys, lst, "grasping")
    missing = lst.with_name("lsit.jsonl")
    code, out, err = run(capsys, "note", grasp[0], missing)
    assert code == 2 and out == "" and "give one id to print its note" in err
    assert f"there is no file '{missing}' to read as a list (it was taken for an id)" in err


def test_undo_takes_back_a_readers_change_whoever_made_it_and_names_the_paper(capsys, lst):
    # as the reader writes: its own origin, keeping with each mark what identifies it;
    # this process is the reader, so it is one still running
    first, second = ids(capsys, lst, "grasping")[:2]
    session = load_session([lst])
    with session.open_store() as reader:
        reader.origin = reader_origin()
        reader.set_state_many([first], "kept")
        reader.set_note(first, "the reader's note")
        reader.set_state_many([first, second], "skip")
    code, out, err = run(capsys, "undo")
    assert code == 0 and "undid a step made in a reader: skipped back to new/kept" in err
    assert out.splitlines() == [
        f"{first}  Grasping study number 0",
        f"{second}  Grasping study number 1",
    ]
    code, out, err = run(capsys, "undo")
    assert code == 0
    assert "undid a step made in a reader: note back as it was for 1 paper (“Grasping" in err
    with Store.open(session.paths.state_db) as store:
        assert store.get(first).state == "kept" and store.get(first).note == ""
        assert store.get(second).state == "new"


def test_undo_leaves_a_paper_changed_again_since_and_says_so(capsys, lst):
    first = ids(capsys, lst, "grasping")[0]
    run(capsys, "triage", first, "--state", "keep", lst)
    with Store.open(load_session([lst]).paths.state_db) as elsewhere:
        elsewhere._conn.execute("UPDATE triage SET state = 'read' WHERE paper_id = ?", (first,))
    code, out, err = run(capsys, "undo")
    assert code == 0
    assert "nothing undone: the paper changed since elsewhere and is left as it is" in err
    code, out, _err = run(capsys, "show", first, "--json", lst)
    assert json.loads(out)["state"] == "read"


def test_undo_on_a_damaged_triage_file_says_why_and_leaves_it_untouched(capsys, lst):
    first = ids(capsys, lst, "grasping")[0]
    run(capsys, "triage", first, "--state", "keep", lst)
    state_db = load_session([lst]).paths.state_db
    for leftover in state_db.parent.glob("triage.sqlite3-*"):
        leftover.unlink()
    state_db.write_bytes(b"not a database, " * 20)
    code, out, err = run(capsys, "undo")
    assert code == 2 and out == "" and "is damaged" in err
    assert state_db.read_bytes() == b"not a database, " * 20


# -- output that cannot be written --------------------------------------------------------


def full_stdout(monkeypatch):
    """stdout on a full disk: every write that reaches the device fails. Returns what
    puts the test's own stdout back."""
    import errno

    class Full(io.RawIOBase):
        def writable(self) -> bool:
            return True

        def write(self, data) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    before = sys.stdout
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BufferedWriter(Full()), encoding="utf-8"))
    monkeypatch.setattr("tuireader.cli._let_stdout_go", lambda: None)
    return lambda: monkeypatch.setattr("sys.stdout", before)


@pytest.mark.parametrize(
    "argv",
    [
        ["note", "--append", "second thought"],
        ["note", "--set", "a new note"],
        ["triage", "--state", "keep", "--tag", "later"],
    ],
)
def test_a_change_whose_output_cannot_be_written_is_not_saved(capsys, lst, monkeypatch, argv):
    # saved first, `note --append … > /dev/full` ended with 2 and the line added: a
    # script that tried again added it twice
    first = ids(capsys, lst, "grasping")[0]
    assert run(capsys, "note", first, "--set", "first thought", lst)[0] == 0
    back = full_stdout(monkeypatch)
    code = main([argv[0], first, *argv[1:], str(lst)])
    back()
    err = capsys.readouterr().err
    assert code == 2
    assert "could not write the output: No space left on device; nothing saved" in err
    assert note_of(lst, first) == "first thought"
    code, out, _ = run(capsys, "show", first, lst, "--json")
    shown = json.loads(out)
    assert (shown["state"], shown["tags"]) == ("new", [])
    # so running it again, where output can be written, does it once
    code, out, _ = run(capsys, "note", first, "--append", "second thought", lst)
    assert code == 0 and note_of(lst, first) == "first thought\nsecond thought"


def test_an_undo_whose_output_cannot_be_written_says_it_is_done(capsys, lst, monkeypatch):
    first = ids(capsys, lst, "grasping")[0]
    assert run(capsys, "note", first, "--set", "one", lst)[0] == 0
    assert run(capsys, "note", first, "--set", "two", lst)[0] == 0
    back = full_stdout(monkeypatch)
    code = main(["undo"])
    back()
    err = capsys.readouterr().err
    assert code == 2 and note_of(lst, first) == "one"
    assert "the undo is done all the same (undo again would take back the step before)" in err


@pytest.mark.parametrize("option", ["--set", "--append"])
def test_stdin_given_as_both_the_text_and_a_list_is_refused(capsys, lst, monkeypatch, option):
    # read as the note's text, stdin left an empty list behind: "the file is empty"
    first = ids(capsys, lst, "grasping")[0]
    stdin(monkeypatch, b"hi\n")
    code, out, err = run(capsys, "note", first, option, "-", "-")
    assert code == 2 and out == ""
    assert "stdin can't be both the note's text and a list" in err
    assert "the file is empty" not in err and "no papers could be loaded" not in err
