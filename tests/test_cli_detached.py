"""Triage whose paper left the lists: the command line says so and lists it, never drops it."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main
from tuireader.session import load_session
from tuireader.system import shelf

PAPERS = [
    {
        "title": "Sparse Attention for Long Documents",
        "authors": ["Ada Lovelace"],
        "abstract": "We study sparse attention over long documents and show it scales.",
    },
    {
        "title": "Graph Networks for Molecules",
        "authors": ["Alan Turing"],
        "abstract": "Graph networks predict molecular properties from structure alone.",
    },
]


def _write(path, papers):
    path.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_mark_whose_paper_left_is_reported_listed_and_comes_back(tmp_path, capsys):
    data = tmp_path / "data"
    lst = tmp_path / "list.jsonl"
    _write(lst, PAPERS)
    session = load_session([lst], data_dir=data)
    kept = next(p for p in session.library if p.title.startswith("Sparse"))
    store = session.open_store()
    store.set_state(kept.id, "kept")
    store.add_tag(kept.id, "to-read")
    store.close()

    _write(lst, PAPERS[1:])  # the list is re-scraped without the kept paper
    code, out, err = run(capsys, "search", "graph", str(lst), "--data-dir", str(data))
    assert code == 0
    assert "1 triage mark is on papers outside these lists" in err and "is:detached" in err

    code, out, err = run(capsys, "search", "is:detached", str(lst), "--data-dir", str(data))
    assert code == 0
    assert kept.id in out and "Sparse Attention for Long Documents" in out and "#to-read" in out

    code, out, _ = run(capsys, "search", "is:detached", str(lst), "--data-dir", str(data), "--json")
    data_json = json.loads(out)
    assert data_json["total"] == 1 and data_json["detached"][0]["state"] == "kept"

    _write(lst, PAPERS)  # the paper returns
    code, out, err = run(capsys, "search", "is:kept", str(lst), "--data-dir", str(data))
    assert code == 0 and kept.id in out and "detached" not in err
    code, out, err = run(capsys, "search", "is:detached", str(lst), "--data-dir", str(data))
    assert code == 1 and out == ""


def test_marks_outside_the_lists_are_said_when_they_change_not_on_every_command(tmp_path, capsys):
    # a list removed on purpose left the same line on every command, for ever
    data = tmp_path / "data"
    lst = tmp_path / "list.jsonl"
    _write(lst, PAPERS)
    session = load_session([lst], data_dir=data)
    first, second = session.library.papers
    store = session.open_store()
    store.set_state(first.id, "kept")
    store.set_state(second.id, "skip")
    store.close()
    args = ("--data-dir", str(data))
    said = "triage mark is on papers outside these lists"

    _write(lst, PAPERS[1:])
    assert said in run(capsys, "search", "graph", str(lst), *args)[2]
    assert said not in run(capsys, "search", "graph", str(lst), *args)[2]  # the same mark
    assert said not in run(capsys, "show", second.id, str(lst), *args)[2]
    assert said in run(capsys, "lists", str(lst), "--warnings", *args)[2]  # the inventory

    _write(lst, [{"title": "Other", "abstract": "Something else entirely, at length."}])
    err = run(capsys, "search", "other", str(lst), *args)[2]
    assert "2 triage marks are on papers outside these lists" in err  # changed: said again
    assert "outside these lists" not in run(capsys, "search", "other", str(lst), *args)[2]


def test_a_mark_set_aside_under_an_id_of_its_own_says_the_id_its_paper_had(tmp_path, capsys):
    # a list's own id given to another paper sets the mark aside under a made-up id
    # ("d…"): is:detached, show and triage named it by that id alone, which the user
    # never saw, and show said it was "the id of a paper"
    data, lst = str(tmp_path / "data"), tmp_path / "my.csv"
    head = "id,title,authors,venue,year,abstract\n"
    lst.write_text(head + "1,Alpha Paper on Graphs,Ann Lee,ICML,2024,Graphs are great.\n")
    args = (str(lst), "--data-dir", data)
    _code, out, _err = run(capsys, "search", "alpha", *args, "--json")
    (alpha,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", alpha, "--state", "keep", "--tag", "graphs", *args)[0] == 0
    lst.write_text(head + "1,Beta Paper on Vision,Bob Stone,ICML,2024,Vision is hard.\n")

    code, out, _err = run(capsys, "search", "is:detached", *args, "--json")
    (mark,) = json.loads(out)["detached"]
    aside = mark["id"]
    assert aside != alpha and mark["was"] == [alpha]
    assert (mark["title"], mark["state"], mark["tags"]) == (
        "Alpha Paper on Graphs",
        "kept",
        ["graphs"],
    )
    code, out, _err = run(capsys, "search", "is:detached", *args)
    assert code == 0 and out == f"{aside}  [kept #graphs]  Alpha Paper on Graphs  (was {alpha})\n"

    code, out, err = run(capsys, "show", aside, *args)
    assert code == 1 and out == ""
    assert "is the id of a paper" not in err
    assert f"set aside when its id {alpha} went to another paper" in err
    assert "“Alpha Paper on Graphs”" in err
    code, out, _err = run(capsys, "show", aside, *args, "--json")
    shown = json.loads(out)
    assert code == 1 and shown["error"] == "not found" and shown["detached"] == mark

    code, out, err = run(capsys, "triage", aside, "--state", "maybe", *args)
    assert code == 0
    assert out == f"{aside}  Alpha Paper on Graphs  (detached mark, was {alpha})\n"
    # the id the paper had names the paper that has it now, untouched, and show says
    # where the marks it had went
    code, out, err = run(capsys, "show", alpha, *args, "--json")
    assert json.loads(out)["title"] == "Beta Paper on Vision" and json.loads(out)["state"] == "new"
    assert f"which {alpha} had before this paper took its id, is kept detached as {aside}" in err
    assert "“Alpha Paper on Graphs”" in err


def test_marks_of_a_list_not_read_on_purpose_are_no_warning(tmp_path, capsys):
    # a search of one list of two said "1 triage mark is on papers outside these lists"
    # for a mark of the other list, where the reader says nothing: nothing is wrong
    data = str(tmp_path / "data")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write(first, PAPERS[:1])
    _write(second, PAPERS[1:])
    code, out, _err = run(capsys, "search", "graph", str(first), str(second), "--data-dir", data)
    graph = out.split()[0]
    assert (
        run(
            capsys, "triage", graph, "--state", "keep", str(first), str(second), "--data-dir", data
        )[0]
        == 0
    )
    said = "outside these lists"
    for argv in (["search", "sparse"], ["lists"], ["show", graph]):
        err = run(capsys, *argv, str(first), "--data-dir", data)[2]
        assert said not in err, argv
    code, out, _err = run(capsys, "search", "is:detached", str(first), "--data-dir", data)
    assert code == 0 and graph in out  # still listed where asked for
    second.unlink()  # gone for good: its mark is said
    err = run(capsys, "search", "sparse", str(first), "--data-dir", data)[2]
    assert "1 triage mark is on papers outside these lists" in err


def test_is_detached_says_how_many_marks_the_limit_left_unshown(tmp_path, capsys):
    # 28 detached marks showed as 20 lines, and --json gave "total": 20, with nothing
    # said of the 8 others, as a search of 44 papers says "showing 20 of 44"
    data = str(tmp_path / "data")
    lst = tmp_path / "list.jsonl"
    papers = [
        {
            "title": f"Sparse attention study number {n} for long documents",
            "authors": [f"Ada Lovelace{n}"],
            "abstract": f"We study sparse attention over long documents, setting {n}.",
        }
        for n in range(5)
    ]
    _write(lst, papers)
    session = load_session([lst], data_dir=data)
    store = session.open_store()
    for paper in session.library.papers:
        store.set_state(paper.id, "kept")
    store.close()
    _write(lst, [{"title": "Other", "abstract": "Something else entirely, at length."}])
    args = ("--data-dir", data, str(lst))

    code, out, err = run(capsys, "search", "is:detached", "--limit", "3", *args)
    assert code == 0 and len(out.splitlines()) == 3
    assert "showing 3 of 5 detached marks (use --limit)" in err
    code, out, _ = run(capsys, "search", "is:detached", "--limit", "3", "--json", *args)
    found = json.loads(out)
    assert found["total"] == 5 and len(found["detached"]) == 3
    code, out, err = run(capsys, "search", "is:detached", *args)
    assert len(out.splitlines()) == 5 and "showing" not in err


def _detach_both(tmp_path):
    """Two marks on papers that left the list: one kept and tagged, one skipped; the list
    then holds a third paper alone, which the words of the first find too."""
    data = tmp_path / "data"
    lst = tmp_path / "list.jsonl"
    third = {
        "title": "Sparse Coding of Images",
        "authors": ["Grace Hopper"],
        "abstract": "Sparse codes of natural images, learned from patches.",
    }
    _write(lst, [third, *PAPERS])  # first, so that it keeps its id when alone
    session = load_session([lst], data_dir=data)
    by_title = {p.title.split()[0]: p for p in session.library}
    store = session.open_store()
    store.set_state(by_title["Sparse"].id, "kept")
    store.add_tag(by_title["Sparse"].id, "to-read")
    store.set_state(by_title["Graph"].id, "skip")
    store.close()
    _write(lst, [third])
    return ("--data-dir", str(data)), str(lst), by_title["Sparse"].id, by_title["Graph"].id


def test_words_and_filters_narrow_the_detached_marks(tmp_path, capsys):
    # "is:detached ViNT" and "is:detached is:kept" said "no papers match" (exit 1) though
    # "is:detached" listed a kept mark titled "ViNT: ..."
    args, lst, sparse, graph = _detach_both(tmp_path)
    for query, wanted in [
        ("is:detached", {sparse, graph}),
        ("is:detached attention", {sparse}),
        ('is:detached "long documents"', {sparse}),
        ("is:detached is:kept", {sparse}),
        ("is:detached is:skip", {graph}),
        ("is:detached tag:to-read", {sparse}),
        ("is:detached author:turing", {graph}),
        ("is:detached -attention", {graph}),
        ("sparse is:detached", {sparse}),
    ]:
        code, out, err = run(capsys, "search", query, lst, *args)
        assert code == 0, (query, err)
        assert {line.split()[0] for line in out.splitlines()} == wanted, (query, out)
        assert "Sparse Coding of Images" not in out  # a paper of the list is no mark
    code, out, _ = run(capsys, "search", "is:detached is:kept", lst, *args, "--json")
    found = json.loads(out)
    assert found["total"] == 1 and [m["id"] for m in found["detached"]] == [sparse]


@pytest.mark.parametrize(
    "query", ["is:detached attention", "IS:DETACHED tag:to-read", "sparse is:detached"]
)
def test_a_detached_query_narrowed_by_words_says_no_warning_of_the_marks(tmp_path, capsys, query):
    # "is:detached attention" said "2 triage marks are on papers outside these lists"
    # above the very marks it lists; only a bare is:detached left it out
    args, lst, sparse, _graph = _detach_both(tmp_path)
    code, out, err = run(capsys, "search", query, lst, *args)
    assert code == 0 and out.split()[0] == sparse
    assert "outside these lists" not in err
    # not said, so not taken as said: the next search of the lists' papers says it
    err = run(capsys, "search", "images", lst, *args)[2]
    assert "2 triage marks are on papers outside these lists" in err


def test_a_detached_query_that_finds_no_mark_says_so_and_names_what_cannot_narrow(tmp_path, capsys):
    args, lst, _sparse, _graph = _detach_both(tmp_path)
    code, out, err = run(capsys, "search", "is:detached is:maybe", lst, *args)
    assert code == 1 and out == ""
    assert "no detached marks match 'is:detached is:maybe'" in err
    code, out, err = run(capsys, "search", "is:detached venue:icml has:code", lst, *args)
    assert code == 1 and out == ""
    assert "venue:, has:code cannot narrow detached marks" in err
    # beside an OR it asks for papers of the lists, and says that none is detached
    code, out, err = run(capsys, "search", "is:detached OR images", lst, *args)
    assert code == 0 and "Sparse Coding of Images" in out
    assert "is:detached in an OR" in err


def _library_of_two(tmp_path, capsys):
    """A library (tuireader add) of two lists, a paper of the first kept; its id."""
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write(first, PAPERS[:1])
    _write(second, PAPERS[1:])
    assert run(capsys, "add", str(first), str(second))[0] == 0
    _code, out, _err = run(capsys, "search", "sparse")
    kept = out.split()[0]
    assert run(capsys, "triage", kept, "--state", "keep")[0] == 0
    return kept, first, second


def test_marks_of_a_removed_list_are_counted_by_lists(tmp_path, capsys):
    # `remove a` kept the mark, and then `lists` said nothing of it, as of a list not
    # named this time: its file is still there, but the list is no longer the library's
    kept, first, second = _library_of_two(tmp_path, capsys)
    said = "1 triage mark is on papers outside these lists"
    assert said not in run(capsys, "lists")[2]
    # one list of the library read on purpose: the other's mark is waiting, unsaid
    assert said not in run(capsys, "lists", str(second))[2]
    assert run(capsys, "remove", "a")[0] == 0
    code, out, err = run(capsys, "lists")
    assert code == 0 and said in err and "is:detached" in err
    # the other list read by name: the mark may wait for a list not named, unsaid
    assert said not in run(capsys, "lists", str(second))[2]
    code, out, _err = run(capsys, "search", "is:detached")
    assert code == 0 and kept in out
    # the list added again, its paper takes its mark back
    assert run(capsys, "add", str(first))[0] == 0
    code, out, err = run(capsys, "search", "is:kept")
    assert code == 0 and kept in out and said not in err


def test_marks_of_a_list_removed_by_an_earlier_release_are_counted_by_lists(tmp_path, capsys):
    # an earlier `remove` took the list off the library alone: the triage file kept its
    # file as the papers' list, still there, and `lists` said nothing of the mark for good
    from tuireader.system.paths import resolve

    kept, _first, second = _library_of_two(tmp_path, capsys)
    shelf.remove(resolve(), ["a"])  # the library changed, the triage file told nothing
    said = "1 triage mark is on papers outside these lists"
    code, _out, err = run(capsys, "lists")
    assert code == 0 and said in err and "is:detached" in err
    code, out, _err = run(capsys, "search", "is:detached")
    assert code == 0 and kept in out
    # the other list read by name: the mark may wait for a list not named, unsaid
    assert said not in run(capsys, "lists", str(second))[2]


def test_marks_of_a_list_in_a_folder_of_the_library_wait_for_it(tmp_path, capsys):
    # a list of a folder that cannot be read now is the library's still: no warning
    folder = tmp_path / "lists"
    folder.mkdir()
    first, second = folder / "a.jsonl", folder / "b.jsonl"
    _write(first, PAPERS[:1])
    _write(second, PAPERS[1:])
    assert run(capsys, "add", str(folder))[0] == 0
    kept = run(capsys, "search", "sparse")[1].split()[0]
    assert run(capsys, "triage", kept, "--state", "keep")[0] == 0
    first.write_bytes(b"\x00\x01 damaged")
    code, _out, err = run(capsys, "lists")
    assert code == 0 and "this looks like a binary file" in err
    assert "outside these lists" not in err


@pytest.mark.parametrize("query", ["is:kept", "IS:KEEP"])
def test_a_state_search_that_finds_nothing_names_the_detached_marks_of_that_state(
    tmp_path, capsys, query
):
    # "no papers match 'is:kept'" alone read as marks lost, where the mark of a removed
    # list was kept aside and only is:detached found it
    _kept, _first, _second = _library_of_two(tmp_path, capsys)
    assert run(capsys, "remove", "a")[0] == 0
    said = "1 kept paper is in no list read: tuireader search is:detached lists it"
    code, out, err = run(capsys, "search", query)
    assert code == 1 and out == ""
    assert f"no papers match {query!r}" in err and said in err
    code, out, _err = run(capsys, "search", query, "--json")
    # what stderr says, in the same order
    assert code == 1 and json.loads(out)["message"] == f"no papers match {query!r}; {said}"
    # of another state there is none to name; nor for a query that is more than a state
    for other in ("is:maybe", "is:kept graph"):
        code, out, err = run(capsys, "search", other)
        assert code == 1 and "in no list read" not in err


def test_an_export_of_is_detached_narrowed_gives_the_marks_search_finds(tmp_path, capsys):
    # export --query "is:detached attention" said "no papers match" and left the marks
    # out, where search "is:detached attention" listed the one it names
    args, lst, _sparse, _graph = _detach_both(tmp_path)
    args = (lst, *args)
    for query, wanted in [
        ("is:detached attention", {"Sparse Attention for Long Documents"}),
        ("is:detached is:skip", {"Graph Networks for Molecules"}),
    ]:
        code, out, err = run(capsys, "export", "--query", query, "--format", "json", *args)
        assert code == 0, (query, err)
        assert {paper["title"] for paper in json.loads(out)} == wanted, query
        assert "left out" not in err
    code, out, err = run(
        capsys, "export", "--query", "is:detached zebras", "--format", "json", *args
    )
    assert code == 1 and json.loads(out) == []
    assert "no detached marks match 'is:detached zebras'" in err
