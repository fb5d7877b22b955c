"""The user's library: ``add``, ``remove``, ``lists``, and every command reading it."""

from __future__ import annotations

import json
import os
import stat

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.system import shelf
from tuireader.system.paths import resolve


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def hit_ids(capsys, *argv) -> list[str]:
    code, out, err = run(capsys, "search", *argv, "--json")
    assert code in (0, 1), err
    return [hit["id"] for hit in json.loads(out)["hits"]]


@pytest.fixture
def demo(tmp_path):
    return write_jsonl(tmp_path / "papers" / "demo.jsonl", RECORDS)


def test_commands_read_the_added_list_without_naming_it(capsys, demo):
    assert hit_ids(capsys, "subsampling") == []  # the seeds know no such paper
    code, out, err = run(capsys, "add", str(demo))
    assert code == 0, err
    assert "added demo (4 papers)" in out
    assert "seed lists make way" in err
    [paper_id] = hit_ids(capsys, "subsampling")
    code, out, _ = run(capsys, "show", paper_id)
    assert code == 0 and "Privacy Amplification by Subsampling" in out
    code, out, _ = run(capsys, "links", paper_id)
    assert code == 0 and out.strip() == "https://arxiv.org/abs/2401.00001"
    code, out, _ = run(capsys, "cite", paper_id, "--format", "cite")
    assert code == 0 and out.strip()
    assert hit_ids(capsys, "igsg") == []  # the seeds made way
    # files on the command line still win for that run, and change nothing
    from tuireader.system.resources import seeds_dir

    assert len(hit_ids(capsys, "igsg", str(seeds_dir()))) == 1
    assert hit_ids(capsys, "subsampling") == [paper_id]


def test_lists_shows_the_library_with_counts_and_json(capsys, demo):
    run(capsys, "add", str(demo), "--seeds")
    code, out, err = run(capsys, "lists")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["36", "seeds"]
    assert [line.split()[:3] for line in lines if "demo" in line] == [["4", "demo", str(demo)]]
    assert lines[-1].split() == ["40", "distinct", "papers"]
    code, out, _ = run(capsys, "lists", "--json")
    data = json.loads(out)
    assert data["papers"] == 40 and len(data["lists"]) == 3  # the lists read, as before
    entries = data["library"]["entries"]
    assert [(e["name"], e["kind"], e["state"], e["papers"]) for e in entries] == [
        ("seeds", "seeds", "ok", 36),
        ("demo", "file", "ok", 4),
    ]


def test_the_untouched_library_is_the_seeds_and_writes_nothing(capsys):
    code, out, _ = run(capsys, "lists")
    assert code == 0 and out.splitlines()[0].split()[:2] == ["36", "seeds"]
    assert not shelf.shelf_file(resolve()).exists()
    assert shelf.sources(resolve()) is None  # what load_session(None) reads: the seeds


def test_remove_by_name_or_path_and_an_empty_library_says_how_to_add(capsys, demo):
    run(capsys, "add", str(demo), "--seeds")
    code, out, _ = run(capsys, "remove", "seeds")
    assert code == 0 and "removed seeds" in out and "triage is kept" in out
    code, out, _ = run(capsys, "remove", str(demo))
    assert code == 0 and "removed demo" in out
    code, out, err = run(capsys, "search", "subsampling")
    assert code == 2 and out == ""
    assert "your library is empty: tuireader add FILE|DIR" in err
    code, _out, err = run(capsys, "lists")
    assert code == 0 and "your library is empty" in err
    assert shelf.sources(resolve()) == []
    code, out, _ = run(capsys, "add", "--seeds")
    assert code == 0 and hit_ids(capsys, "igsg")


def test_remove_of_an_unknown_list_changes_nothing(capsys, demo):
    run(capsys, "add", str(demo))
    before = shelf.shelf_file(resolve()).read_bytes()
    code, _out, err = run(capsys, "remove", "demo", "nosuchlist")
    assert code == 1 and "no list 'nosuchlist'" in err and "lists: demo" in err
    assert shelf.shelf_file(resolve()).read_bytes() == before
    code, _out, err = run(capsys, "remove", "Demos")
    assert code == 1 and "no list 'Demos' in your library; did you mean demo? (lists: demo)" in err
    assert shelf.shelf_file(resolve()).read_bytes() == before


def test_add_refuses_what_is_not_there_or_holds_no_papers(capsys, demo, tmp_path):
    code, _out, err = run(capsys, "add", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "no such file or folder" in err and "nothing added" in err
    assert not shelf.shelf_file(resolve()).exists()
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    code, _out, err = run(capsys, "add", str(empty))
    assert code == 2 and "no papers could be read" in err
    assert not shelf.shelf_file(resolve()).exists()


def test_add_adds_the_lists_it_can_read_and_names_the_others(capsys, demo, tmp_path):
    # as grep does: the rest are done, each list that cannot be read named, exit code 2
    readme = tmp_path / "README.md"
    readme.write_text(
        "# My lists\n\n## Sources\n\n- proceedings\n- exports\n\n## Quirks\n\n- none\n- yet\n",
        encoding="utf-8",
    )
    nope = tmp_path / "nope.jsonl"
    code, out, err = run(capsys, "add", str(readme), str(demo), str(nope))
    assert code == 2 and "added demo" in out
    assert f"no papers could be read from {readme}; not added" in err
    assert f"no such file or folder: {nope}; not added" in err
    assert "nothing added" not in err
    assert [e.name for e in shelf.load(resolve()).entries] == ["demo"]


def test_adding_twice_keeps_one_entry(capsys, demo):
    run(capsys, "add", str(demo))
    code, out, _ = run(capsys, "add", str(demo))
    assert code == 0 and "already in your library" in out
    assert [e.name for e in shelf.load(resolve()).entries] == ["demo"]


def test_a_folder_is_read_again_at_each_start(capsys, demo, tmp_path):
    folder = demo.parent
    run(capsys, "add", str(folder))
    assert len(hit_ids(capsys, "")) == 4
    write_jsonl(folder / "more.jsonl", [{"title": "Quokka Dynamics", "abstract": "Quokkas hop."}])
    assert len(hit_ids(capsys, "quokka")) == 1
    _code, out, _ = run(capsys, "lists")
    assert out.splitlines()[0].split()[:2] == ["5", "papers"]


def test_a_folders_list_that_links_to_a_file_elsewhere_is_counted_with_the_folder(
    capsys, demo, tmp_path
):
    # the folder reads the link as one of its lists; `lists` left it out of the
    # folder's count and lines (164 papers read, "papers: 64" said)
    elsewhere = write_jsonl(
        tmp_path / "elsewhere" / "more.jsonl", [{"title": "Quokka Dynamics", "abstract": "Hop."}]
    )
    (demo.parent / "more.jsonl").symlink_to(elsewhere)
    run(capsys, "add", str(demo.parent))
    code, out, err = run(capsys, "lists", "--json")
    assert code == 0, err
    (entry,) = json.loads(out)["library"]["entries"]
    assert entry["papers"] == 5


def test_a_vanished_list_is_reported_and_its_triage_kept(capsys, demo, tmp_path):
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[2:])
    run(capsys, "add", str(demo), str(other))
    [paper_id] = hit_ids(capsys, "molecules")  # in demo only
    session_paths = resolve()
    from tuireader.session import load_session

    with load_session([demo, other], data_dir=session_paths.root).open_store() as store:
        store.set_state(paper_id, "kept")
    os.rename(demo, tmp_path / "gone.jsonl")  # out of its folder: not findable
    code, out, err = run(capsys, "search", "scaling")
    assert code == 0 and "Scaling Laws" in out
    assert "list 'demo' is missing" in err and "its triage is kept" in err
    assert "tuireader add FILE puts it back from where it is now" in err  # how to go on
    assert "detached" in err
    code, out, err = run(capsys, "lists")
    assert code == 0 and "[missing]" in out and "list 'demo' is missing" in err
    # the file comes back: so do its papers, with their triage
    os.rename(tmp_path / "gone.jsonl", demo)
    assert hit_ids(capsys, "is:kept") == [paper_id]


def test_lists_shows_a_library_none_of_whose_lists_can_be_read(capsys, demo, tmp_path):
    # the other commands say "tuireader lists shows them", and lists printed nothing
    # but the reason, where a library whose files are all gone is shown; it ends as they
    # do, with 2 (it ended with 0, and a script that checked the library was not told)
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[:1])
    assert run(capsys, "add", str(demo), str(other))[0] == 0
    demo.write_bytes(b"\x00\x01 damaged")
    code, out, err = run(capsys, "lists")
    assert code == 0 and f"!  demo   {demo}  [no papers read]" in out
    assert f"{other}" in out and "distinct papers" in out
    other.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "lists")
    assert code == 2, err
    assert f"!  demo   {demo}  [no papers read]" in out
    assert f"!  other  {other}  [no papers read]" in out
    assert f"{demo}: this looks like a binary file" in err and f"{other}: the file is empty" in err
    assert err.splitlines()[-1].startswith("tuireader: none of the lists in your library can be")
    code, out, _err = run(capsys, "lists", "--json")
    data = json.loads(out)
    assert code == 2 and data["lists"] == [] and data["error"] == "no papers"
    assert data["message"].startswith("none of the lists in your library can be read")
    assert [(p["path"], p["severity"]) for p in data["problems"]] == [
        (str(demo), "error"),
        (str(other), "error"),
    ]
    assert [e["name"] for e in data["library"]["entries"]] == ["demo", "other"]
    # the other commands, which have no papers to answer with, still end with 2
    code, out, err = run(capsys, "search", "privacy")
    assert code == 2 and out == "" and "no papers could be loaded" in err


def test_a_vanished_list_is_among_the_problems_of_a_json_answer(capsys, demo, tmp_path):
    # search --json answered without the list's papers and said nothing of it: a script
    # saw fewer papers, where a list named on the command line is named in "problems"
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[2:])
    run(capsys, "add", str(demo), str(other))
    [paper_id] = hit_ids(capsys, "scaling")
    code, out, _err = run(capsys, "search", "scaling", "--json")
    assert code == 0 and "problems" not in json.loads(out)  # every list read: no key
    demo.unlink()
    for argv in (
        ["search", "scaling"],
        ["show", paper_id],
        ["similar", paper_id],
        ["links", paper_id],
    ):
        code, out, _err = run(capsys, *argv, "--json")
        assert code in (0, 1), argv
        [problem] = json.loads(out)["problems"]
        assert problem["path"] == str(demo) and problem["severity"] == "error", argv
        assert problem["message"].startswith("list 'demo' is missing"), argv


def test_a_damaged_library_file_is_among_the_problems_of_a_json_answer(capsys, demo):
    # search --json answered from the seed lists read in the library's place, and said
    # nothing of it: a script took the seeds' papers for the user's
    run(capsys, "add", str(demo))
    file = shelf.shelf_file(resolve())
    file.write_bytes(b'{"format": "tuireader-lists", "version": 1, "lists": [')
    code, out, err = run(capsys, "search", "scaling", "--json")
    assert code in (0, 1) and "is damaged" in err
    [problem] = json.loads(out)["problems"]
    assert problem["path"] == str(file) and problem["severity"] == "warning"
    assert "is damaged" in problem["message"] and "seed lists" in problem["message"]


def test_a_list_renamed_in_its_folder_is_found_and_readded_in_place(capsys, demo):
    run(capsys, "add", str(demo))
    renamed = demo.with_name("renamed.jsonl")
    os.rename(demo, renamed)
    code, out, err = run(capsys, "lists")
    assert f"[moved to {renamed}]" in out and "looks moved" in err
    code, out, err = run(capsys, "add", str(renamed))
    assert code == 0 and "found again" in out
    assert [e.path for e in shelf.load(resolve()).entries] == [renamed]
    assert hit_ids(capsys, "subsampling")


def test_all_lists_missing_is_an_error_not_the_seeds(capsys, demo):
    run(capsys, "add", str(demo))
    demo.unlink()
    code, out, err = run(capsys, "search", "igsg")
    assert code == 2 and out == ""
    assert "none of the lists in your library can be read" in err


# -- the file ----------------------------------------------------------------------------


def test_the_file_is_versioned_json_for_the_user_only(capsys, demo):
    run(capsys, "add", str(demo))
    file = shelf.shelf_file(resolve())
    data = json.loads(file.read_text())
    assert data["format"] == "tuireader-lists" and data["version"] == 1
    assert data["lists"][0]["kind"] == "file" and data["lists"][0]["path"] == str(demo)
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    assert [p.name for p in file.parent.iterdir() if p.name.startswith("lists.json.")] == [
        "lists.json.lock"
    ]  # no temporary file left behind


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"[1, 2]",
        b'{"format": "other"}',
        b"\xff\xfe",
        b'{"format": "tuireader-lists"}',
    ],
)
def test_a_damaged_file_means_a_message_and_the_seeds(capsys, demo, content):
    file = shelf.shelf_file(resolve().ensure())
    file.write_bytes(content)
    code, out, err = run(capsys, "search", "igsg")
    assert code == 0 and "Attack-free" in out
    assert "is damaged" in err and len(err.splitlines()) == 1
    code, out, err = run(capsys, "add", str(demo))
    assert code == 0 and "kept as" in err
    assert file.with_name("lists.json.damaged").read_bytes() == content
    assert hit_ids(capsys, "subsampling")


def test_a_bad_entry_is_skipped_and_the_rest_read(capsys, demo):
    file = shelf.shelf_file(resolve().ensure())
    good = {"kind": "file", "path": str(demo)}
    bad = {"kind": "file", "path": "relative/path.jsonl"}
    file.write_text(json.dumps({"format": "tuireader-lists", "version": 1, "lists": [bad, good]}))
    code, _out, err = run(capsys, "search", "subsampling")
    assert code == 0 and "1 entry" in err and "was ignored" in err


def test_a_newer_file_is_read_but_never_rewritten(capsys, demo, tmp_path):
    file = shelf.shelf_file(resolve().ensure())
    data = {
        "format": "tuireader-lists",
        "version": 99,
        "lists": [{"kind": "file", "path": str(demo)}],
    }
    file.write_text(json.dumps(data))
    code, _out, err = run(capsys, "search", "subsampling")
    assert code == 0 and "newer tuireader" in err
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[:1])
    before = file.read_bytes()
    code, _out, err = run(capsys, "add", str(other))
    assert code == 2 and "left unchanged" in err
    assert file.read_bytes() == before


def test_two_writers_at_once_lose_nothing(tmp_path):
    import threading

    files = [write_jsonl(tmp_path / f"l{n}.jsonl", RECORDS[:1]) for n in range(8)]
    paths = resolve()
    shelf.add(paths, [], seeds=True)
    threads = [threading.Thread(target=shelf.add, args=(paths, [f])) for f in files]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    names = sorted(e.name for e in shelf.load(paths).entries)
    assert names == sorted([*(f"l{n}" for n in range(8)), "seeds"])


WALRUS_BIB = (
    "@article{a, title={Walrus gaits}, doi={10.1/w}, year={2020}}\n"
    "@article{b, title={Walrus gaits again}, doi={10.1/w}, year={2020}}\n"
    "@misc{c, note={neither title nor abstract}}\n"
    "@article{d, title={Seal herds}, year={2021}}\n"
)


def test_a_lists_warnings_are_said_when_its_contents_are_new_and_by_lists(capsys, tmp_path):
    source = tmp_path / "refs.bib"
    source.write_text(WALRUS_BIB, encoding="utf-8")
    missing = tmp_path / "gone.json"
    data = ["--data-dir", str(tmp_path / "data")]
    code, _out, err = run(capsys, "search", "walrus", str(source), *data)
    assert code == 0
    assert [line.split(": ", 2)[2] for line in err.splitlines()] == [
        "skipped 1 entry with neither title nor abstract (c)",
        (
            "1 record names a paper listed earlier in this list and was merged into it: "
            "“Walrus gaits” (same DOI)"
        ),
    ]
    # said once: the same contents read again (from the cache) say nothing
    for command in (["search", "seal"], ["export", "--format", "markdown"]):
        code, _out, err = run(capsys, *command, str(source), *data)
        assert code in (0, 1) and err == "", command
    # a file touched or copied into place has the same contents: still nothing new
    os.utime(source, ns=(1, 1))
    assert run(capsys, "search", "walrus", str(source), *data)[2] == ""
    # lists counts them, lists --warnings spells them out every time, --json gives them
    code, _out, err = run(capsys, "lists", str(source), *data)
    assert code == 0 and err == "tuireader: 2 load warnings: lists --warnings with them\n"
    code, _out, err = run(capsys, "lists", str(source), "--warnings", *data)
    assert code == 0 and "skipped 1 entry" in err and "merged" in err
    code, out, _err = run(capsys, "lists", str(source), "--json", *data)
    assert [p["message"][:9] for p in json.loads(out)["problems"]] == ["skipped 1", "1 record "]
    # new contents are read again, and what they hold is said again, once
    source.write_text(WALRUS_BIB + "@misc{e, note={no title either}}\n", encoding="utf-8")
    err = run(capsys, "search", "walrus", str(source), *data)[2]
    assert "skipped 2 entries with neither title nor abstract (c, e)" in err and "merged" in err
    assert run(capsys, "search", "walrus", str(source), *data)[2] == ""
    # a list that cannot be read at all is named every time
    for _ in range(2):
        err = run(capsys, "search", "walrus", str(source), str(missing), *data)[2]
        assert "gone.json" in err and "refs.bib" not in err


def test_an_added_lists_warnings_are_said_by_add_and_lists_not_by_every_command(capsys, tmp_path):
    source = tmp_path / "refs.bib"
    source.write_text(WALRUS_BIB, encoding="utf-8")
    code, out, err = run(capsys, "add", str(source))
    assert code == 0 and "added refs (2 papers)" in out
    said = [line for line in err.splitlines() if "seed lists" not in line]
    assert len(said) == 2 and "skipped 1 entry" in said[0] and "merged" in said[1]
    # the first command after add reads the list as add did: nothing to say again
    for command in (["search", "walrus"], ["search", "seal"], ["export", "--format", "bibtex"]):
        code, _out, err = run(capsys, *command)
        assert code == 0 and err == "", command
    # nor lists, which counts them: lists --warnings spells them out
    code, _out, err = run(capsys, "lists")
    assert code == 0 and err == "tuireader: 2 load warnings: tuireader lists --warnings\n"
    code, _out, err = run(capsys, "lists", "--warnings")
    assert code == 0 and err.splitlines() == said


def test_a_library_with_no_papers_says_why_every_time(capsys, tmp_path):
    source = tmp_path / "refs.bib"
    source.write_text("@misc{c, note={neither title nor abstract}}\n", encoding="utf-8")
    for _ in range(2):
        code, _out, err = run(capsys, "search", "walrus", str(source))
        assert code == 2 and "skipped 1 entry" in err and "no papers could be loaded" in err


def test_the_files_beside_a_folders_lists_are_named_by_add_and_lists_only(capsys, tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    write_jsonl(folder / "demo.jsonl", RECORDS)
    (folder / "README.md").write_text("# My reading\n\nWhat these lists are.\n")
    (folder / "cover.png").write_bytes(b"\x89PNG")
    code, out, err = run(capsys, "add", str(folder))
    assert code == 0 and "added papers (4 papers)" in out
    note = (
        f"tuireader: {folder}: not read: README.md (it describes the folder); "
        "cover.png (lists are read from .bib, .ciw, .csv, .enw, .json,"
    )
    assert err.startswith(note)
    # a README and images are normal in a folder of lists: not a load warning
    for command in (["search", "privacy"], ["search", "privacy", str(folder)]):
        code, _out, err = run(capsys, *command)
        assert code == 0 and err == "", command
    code, _out, err = run(capsys, "lists")
    assert code == 0 and err == "tuireader: 1 load warning: tuireader lists --warnings\n"
    code, _out, err = run(capsys, "lists", "--warnings")
    assert code == 0 and err.startswith(note)
    code, out, _err = run(capsys, "lists", "--json")
    [problem] = json.loads(out)["problems"]
    assert problem["path"] == str(folder) and problem["message"].startswith("not read: README")
    code, _out, err = run(capsys, "lists", str(folder), "--warnings")
    assert code == 0 and err.startswith(note)


def test_a_file_that_a_folder_of_the_library_reads_is_not_added_again(capsys, demo, tmp_path):
    folder = demo.parent
    (folder / "README.md").write_text(
        "# Reading\n\n- [Quokka Dynamics](https://example.org/quokka)\n", encoding="utf-8"
    )
    run(capsys, "add", str(folder))
    before = shelf.shelf_file(resolve()).read_bytes()
    for spelled in (str(demo), str(folder / "." / "demo.jsonl")):
        code, out, err = run(capsys, "add", spelled)
        assert code == 0 and err == ""
        assert out == f"demo is already in your library through the folder papers ({folder})\n"
        assert shelf.shelf_file(resolve()).read_bytes() == before
    code, out, _err = run(capsys, "lists")
    assert [line.split()[:2] for line in out.splitlines()] == [
        ["4", "papers"],
        ["4", "demo"],
        ["4", "distinct"],
    ]
    # a file the folder does not read (its README) is a list of its own
    code, out, _err = run(capsys, "add", str(folder / "README.md"))
    assert code == 0 and out.startswith("added README (1 paper)")
    assert [e.name for e in shelf.load(resolve()).entries] == ["papers", "README"]


def test_a_folder_added_takes_the_place_of_the_files_of_it_in_the_library(capsys, demo, tmp_path):
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[2:])
    more = write_jsonl(demo.parent / "more.jsonl", RECORDS[:1])
    run(capsys, "add", str(more), str(other), str(demo))
    code, out, _err = run(capsys, "add", str(demo.parent))
    assert code == 0
    taken = "is now read through the folder papers, which takes its place in your library"
    assert out.splitlines() == [
        f"added papers (4 papers): {demo.parent}",
        f"more ({more}) {taken}",
        f"demo ({demo}) {taken}",
    ]
    # in the place of the first of them, each list read once
    assert [e.name for e in shelf.load(resolve()).entries] == ["papers", "other"]
    code, out, _err = run(capsys, "lists")
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == ["4", "4", "1", "2", "4"]
    assert lines[0].split()[1] == "papers" and lines[3].split()[1] == "other"


def test_a_file_in_a_folder_that_holds_no_papers_is_said_when_new_not_every_command(
    capsys, tmp_path
):
    # a stray package.json or todo.txt beside the lists: two long errors on every search
    folder = tmp_path / "lists"
    write_jsonl(folder / "papers.jsonl", RECORDS)
    (folder / "package.json").write_text('{"name": "x", "version": "1.0.0"}', encoding="utf-8")
    (folder / "todo.txt").write_text("buy milk\n", encoding="utf-8")
    code, _out, err = run(capsys, "add", str(folder))
    assert code == 0 and "package.json" in err and "todo.txt" in err
    code, out, err = run(capsys, "search", "privacy")
    assert code == 0 and out and "package.json" not in err and "todo.txt" not in err
    code, _out, err = run(capsys, "lists")
    assert "package.json" not in err and "2 load warnings: tuireader lists --warnings" in err
    code, _out, err = run(capsys, "lists", "--warnings")
    assert "package.json" in err and "todo.txt" in err  # the inventory says them
    (folder / "todo.txt").write_text("buy eggs\n", encoding="utf-8")
    code, _out, err = run(capsys, "search", "privacy")
    assert "todo.txt" in err and "package.json" not in err  # changed: said once more
    # named on its own, a file that holds no papers is the user's input: said every time
    code, _out, err = run(capsys, "search", "privacy", str(folder / "package.json"), str(folder))
    assert code == 2 and "package.json" in err


def test_lists_names_the_file_of_a_folders_list_that_goes_by_another_name(capsys, tmp_path):
    # list: and remove take a list's file name, which lists did not show for a folder's
    folder = tmp_path / "lists"
    record = {"title": "Grasping with Diffusion", "abstract": "x", "venue": "CoRL 2023"}
    (folder / "corl2023.json").parent.mkdir()
    (folder / "corl2023.json").write_text(json.dumps([record]), encoding="utf-8")
    write_jsonl(folder / "demo.jsonl", RECORDS)
    code, _, err = run(capsys, "add", str(folder), "--seeds")
    assert code == 0, err
    code, out, err = run(capsys, "lists")
    assert code == 0, err
    names = [line.split(maxsplit=1)[1] for line in out.splitlines() if line.startswith(" " * 8)]
    assert "CoRL 2023  (corl2023.json)" in names and "demo" in names, names
    assert "ICML 2024 Papers" in names  # the seeds' files say nothing


def test_an_export_into_a_folder_of_the_library_is_refused(capsys, demo, tmp_path):
    # it was written, and read as one of the folder's lists from then on
    code, _, err = run(capsys, "add", str(demo.parent))
    assert code == 0, err
    outside = tmp_path / "kept.json"
    code, _, err = run(capsys, "export", "--format", "json", "-o", str(outside))
    assert code == 0 and "folder of your library" not in err
    inside = demo.parent / "kept.json"
    code, _, err = run(capsys, "export", "--format", "json", "-o", str(inside))
    assert code == 2 and not inside.exists()
    assert f"is in {demo.parent}, a folder of your library" in err
    code, out, _ = run(capsys, "lists")
    assert code == 0 and "kept" not in out


def _suggested(err: str, command: str) -> list[str]:
    """The words of the ``tuireader COMMAND …`` a message suggests, as a shell reads it."""
    import re
    import shlex

    found = re.search(rf"tuireader {command} (.+?) (?:puts it back|forgets the list)", err)
    assert found, err
    return [command, *shlex.split(found.group(1))]


def test_the_commands_a_lost_list_suggests_work_when_pasted(capsys, tmp_path):
    # 'tuireader remove my papers forgets the list' removed nothing when pasted ('my' is
    # no list), and a path with $(…) in it ran the command inside
    spaced = write_jsonl(tmp_path / "papers" / "my papers.jsonl", RECORDS)
    other = write_jsonl(tmp_path / "papers" / "other.jsonl", RECORDS[2:])
    assert run(capsys, "add", str(spaced), str(other))[0] == 0
    os.rename(spaced, tmp_path / "elsewhere.jsonl")  # out of its folder: missing
    _code, _out, err = run(capsys, "lists")
    code, out, err = run(capsys, *_suggested(err, "remove"))
    assert code == 0 and "removed my papers" in out, err
    assert [e.name for e in shelf.load(resolve()).entries] == ["other"]

    hostile = tmp_path / "papers" / "$(touch pwned) `id`.jsonl"
    os.rename(tmp_path / "elsewhere.jsonl", tmp_path / "papers" / "my papers.jsonl")
    assert run(capsys, "add", str(spaced))[0] == 0
    os.rename(spaced, hostile)  # in its folder: found as moved
    _code, _out, err = run(capsys, "lists")
    assert "looks moved to" in err
    assert _suggested(err, "add") == ["add", str(hostile)]


def test_lists_json_names_a_damaged_library_file_among_its_problems(capsys, demo):
    # lists --json gave the seeds read in its place with "problems": [] and
    # "stored": false, as on a fresh installation: the damage was said on stderr alone
    run(capsys, "add", str(demo))
    file = shelf.shelf_file(resolve())
    file.write_bytes(b'{"format": "tuireader-lists", "version": 1, "lists": [')
    code, out, err = run(capsys, "lists", "--json")
    data = json.loads(out)
    assert code == 0 and "is damaged" in err and len(err.splitlines()) == 1
    [problem] = data["problems"]
    assert problem["path"] == str(file) and problem["severity"] == "warning"
    assert "is damaged" in problem["message"] and "seed lists" in problem["message"]
    # an entry that cannot be understood, beside one that can
    file.write_text(
        json.dumps({"format": "tuireader-lists", "version": 1, "lists": [{"kind": "file"}]}),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "lists", "--json")
    data = json.loads(out)
    [problem] = data["problems"]
    assert "could not be understood" in problem["message"]
    assert err.startswith(f"tuireader: {problem['message']}\n")


def test_add_and_remove_give_up_on_a_library_another_process_holds(
    capsys, demo, tmp_path, monkeypatch
):
    # an add stopped with Ctrl-Z held the lock of lists.json, and every add and remove
    # after it waited for good, without a word
    import fcntl

    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[2:])
    assert run(capsys, "add", str(demo))[0] == 0
    file = shelf.shelf_file(resolve())
    before = file.read_bytes()
    monkeypatch.setattr(shelf, "LOCK_WAIT", 0.3)
    with open(file.with_name("lists.json.lock"), "a") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        for argv in (["add", str(other)], ["remove", "demo"]):
            code, out, err = run(capsys, *argv)
            assert code == 2 and out == "", err
            assert "waiting for another tuireader to finish changing your library" in err
            assert "another tuireader has been changing your library" in err
            assert file.read_bytes() == before  # nothing changed
        # a name that fits no list is said so at once, as an unknown id (exit code 1),
        # not after the wait as the library held (2)
        code, out, err = run(capsys, "remove", "nosuch")
        assert code == 1 and out == "" and "no list 'nosuch' in your library" in err
        assert "changing your library" not in err and file.read_bytes() == before
    # once it is done, they go through
    assert run(capsys, "add", str(other))[0] == 0
    assert [e.name for e in shelf.load(resolve()).entries] == ["demo", "other"]


def test_a_library_file_kept_through_a_link_stays_linked(capsys, demo, tmp_path):
    # lists.json linked from a dotfiles folder: add replaced the link by a file of its
    # own, and the file it led to was left as it was, without the list added
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[2:])
    assert run(capsys, "add", str(demo))[0] == 0
    file = shelf.shelf_file(resolve())
    kept = tmp_path / "dotfiles" / "tuireader-lists.json"
    kept.parent.mkdir()
    os.replace(file, kept)
    file.symlink_to(kept)
    assert run(capsys, "add", str(other))[0] == 0
    assert file.is_symlink() and file.resolve() == kept
    assert [e["path"] for e in json.loads(kept.read_text())["lists"]] == [str(demo), str(other)]
    assert run(capsys, "remove", "demo")[0] == 0
    assert file.is_symlink()
    assert [e.name for e in shelf.load(resolve()).entries] == ["other"]
    # a damaged one is kept aside beside the file the link leads to, the link kept
    kept.write_text("{not json", encoding="utf-8")
    code, _out, err = run(capsys, "add", str(demo))
    assert code == 0 and "kept as" in err, err
    assert file.is_symlink() and kept.with_name("lists.json.damaged").read_text() == "{not json"
    assert [e.name for e in shelf.load(resolve()).entries] == ["demo"]


def test_an_add_that_cannot_write_the_library_says_nothing_was_added(tmp_path, capsys, monkeypatch):
    # "cannot write …/lists.json: No space left on device" left the user to guess
    import errno

    from tuireader.system import shelf

    data = tmp_path / "data"
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        path.write_text(
            json.dumps({"title": f"Paper of {path.stem}", "abstract": "Text of some length."})
            + "\n",
            encoding="utf-8",
        )
    assert main(["--data-dir", str(data), "add", str(first)]) == 0
    before = (data / "lists.json").read_bytes()
    capsys.readouterr()

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shelf, "write_atomic", full)
    assert main(["--data-dir", str(data), "add", str(second)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and err.rstrip().endswith("No space left on device; nothing added")
    assert (data / "lists.json").read_bytes() == before


def test_counts_of_papers_are_grouped_in_thousands_as_the_reader_gives_them(capsys, tmp_path):
    # the reader's status line says "1,200"; add, export and index said "1200"
    records = [
        {"title": f"Study {i} of grasping", "abstract": f"We study grasp {i}.", "authors": ["A B"]}
        for i in range(1200)
    ]
    listed = write_jsonl(tmp_path / "many.jsonl", records)
    _code, out, _err = run(capsys, "add", str(listed))
    assert out.startswith("added many (1,200 papers)")
    _code, out, _err = run(capsys, "index", "--rebuild")
    assert "index rebuilt (1,200 papers): 1,200 papers, 1,200 written" in out
    _code, _out, err = run(capsys, "export", "--format", "json", "-o", str(tmp_path / "e.json"))
    assert "wrote 1,200 papers to" in err
