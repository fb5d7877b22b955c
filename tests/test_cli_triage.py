"""``tuireader triage`` and ``search --sort``: triage from the command line, the same store
as the reader, and the "for you" order learned from it."""

from __future__ import annotations

import json

from tuireader.cli import main
from tuireader.session import load_session

TOPICS = {
    "grasp": "We learn robot grasping of objects in clutter with a parallel gripper and grasp "
    "quality prediction.",
    "drive": "Autonomous driving in traffic with lidar perception and motion planning for cars.",
}


def _records():
    records = []
    for i in range(8):
        for topic, text in TOPICS.items():
            records.append(
                {
                    "title": f"{topic.title()} study number {i} of many careful experiments",
                    "authors": [f"Author {topic} {i}"],
                    "abstract": f"{text} Variant {i} adds idea {i * 7}.",
                }
            )
    return records


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _ids(capsys, lst, data, query):
    _, out, _ = run(capsys, "search", query, str(lst), "--data-dir", str(data), "--json")
    return [hit["id"] for hit in json.loads(out)["hits"]]


def test_a_tag_filter_that_names_no_tag_in_use_says_which_tags_there_are(tmp_path, capsys):
    # "tag:robot" for papers tagged "robots" said only that nothing matched
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    code, _, err = run(capsys, "search", "tag:robot", *args)
    assert code == 1 and "no paper is tagged 'robot' (no paper has a tag yet)" in err
    grasp = _ids(capsys, lst, data, "grasping")[:1]
    run(capsys, "triage", *grasp, str(lst), "--tag", "robots", "--data-dir", str(data))
    code, _, err = run(capsys, "search", "tag:robot", *args)
    assert code == 1 and "no paper is tagged 'robot' (tags: robots)" in err
    assert "no papers match" not in err  # said once: why is said already
    code, out, _ = run(capsys, "search", "tag:robot", *args, "--json")
    assert json.loads(out)["message"] == "no paper is tagged 'robot' (tags: robots)"
    code, out, err = run(capsys, "search", "tag:Robots", *args)
    assert code == 0 and grasp[0] in out and "tagged" not in err


def test_export_cite_and_copy_say_a_tag_filter_names_no_tag_as_search_does(
    tmp_path, capsys, over_ssh
):
    # search said "no paper is tagged 'robot' (tags: robots)"; export, cite --query and
    # copy said only "no papers match 'tag:robot'", leaving the user to guess the tag
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    grasp = _ids(capsys, lst, data, "grasping")[:1]
    run(capsys, "triage", *grasp, str(lst), "--tag", "robots", "--data-dir", str(data))
    said = "no paper is tagged 'robot' (tags: robots)"
    for argv in (
        ["export", "--format", "csv", "--query", "tag:robot"],
        ["cite", "--query", "tag:robot"],
        ["copy", "tag:robot"],
    ):
        code, out, err = run(capsys, *argv, *args)
        assert code == 1 and out == "", argv
        assert said in err and "no papers match" not in err, argv
    # with papers found all the same, the tag that names none is still said
    code, out, err = run(capsys, "cite", "--query", "tag:robot OR tag:robots", *args)
    assert code == 0 and out and said in err
    code, out, err = run(capsys, "cite", "--query", "tag:robots", *args)
    assert code == 0 and out and "tagged" not in err
    assert over_ssh == []


def test_a_tag_being_typed_is_a_prefix_with_prefix_as_in_the_reader(tmp_path, capsys):
    # `search --prefix 'tag:rob'` took the tag whole ("no paper is tagged 'rob'"), where
    # the reader's search as you type finds the papers tagged "robots"
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    grasp = _ids(capsys, lst, data, "grasping")[:1]
    run(capsys, "triage", *grasp, str(lst), "--tag", "robots", "--data-dir", str(data))
    code, out, err = run(capsys, "search", "--prefix", "tag:rob", *args, "--json")
    found = json.loads(out)
    assert code == 0 and [hit["id"] for hit in found["hits"]] == grasp
    assert found["message"] is None and "tagged" not in err
    # given whole (a space after it), or run whole, a tag is matched whole and said
    for typed in (("--prefix", "tag:rob "), ("tag:rob",)):
        code, _, err = run(capsys, "search", *typed, *args)
        assert code == 1 and "no paper is tagged 'rob' (tags: robots)" in err
    # a tag no tag in use begins is said while typed too
    code, _, err = run(capsys, "search", "--prefix", "tag:xyz", *args)
    assert code == 1 and "no paper is tagged 'xyz' (tags: robots)" in err


def test_triage_sets_state_and_tags_as_one_undo_step(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    grasp = _ids(capsys, lst, data, "grasping")[:2]
    code, out, err = run(
        capsys,
        "triage",
        *grasp,
        str(lst),
        "--state",
        "keep",
        "--tag",
        "robots",
        "--data-dir",
        str(data),
    )
    assert code == 0 and all(pid in out for pid in grasp)
    assert "now kept" in err and "tag 'robots'" in err
    code, out, _ = run(capsys, "search", "is:kept tag:robots", str(lst), "--data-dir", str(data))
    assert code == 0 and sorted(line.split()[0] for line in out.splitlines()) == sorted(grasp)
    # The verb triage takes is a word of the query too.
    code, again, _ = run(capsys, "search", "is:keep tag:robots", str(lst), "--data-dir", str(data))
    assert code == 0 and again == out

    session = load_session([lst], data_dir=data)
    store = session.open_store()
    try:
        undone = store.undo()
        assert undone is not None
        assert all(store.get(pid).state == "new" and not store.get(pid).tags for pid in grasp)
        assert store.undo() is None  # the whole call was one step
    finally:
        store.close()


def test_triage_takes_a_tag_off_in_any_case_as_one_undo_step(tmp_path, capsys):
    # --tag added a tag and nothing took one off: a tag mistyped from a script stayed
    # until the reader was opened (undo only reaches the last step)
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    grasp = _ids(capsys, lst, data, "grasping")[:2]
    run(capsys, "triage", *grasp, "--tag", "Robots", "--tag", "todo", *args)
    code, out, err = run(capsys, "triage", *grasp, "--untag", "robots", "--state", "keep", *args)
    assert code == 0 and all(pid in out for pid in grasp), err
    assert "2 papers: now kept, tag 'Robots' taken off (4 changes" in err  # as stored
    assert _ids(capsys, lst, data, "tag:robots") == []
    assert sorted(_ids(capsys, lst, data, "is:kept tag:todo")) == sorted(grasp)
    code, _out, err = run(capsys, "undo", "--data-dir", str(data))
    assert code == 0 and "tag 'Robots' put back" in err
    assert sorted(_ids(capsys, lst, data, "is:new tag:robots")) == sorted(grasp)
    # a tag given to both is a usage error, and nothing is saved
    code, _out, err = run(capsys, "triage", grasp[0], "--tag", "x", "--untag", " X ", *args)
    assert code == 2 and "given to both --tag and --untag" in err
    assert _ids(capsys, lst, data, "tag:x") == []


def test_a_tag_to_take_off_that_none_of_the_papers_has_is_said_so(tmp_path, capsys):
    # '--untag surveys' for papers tagged 'survey' said "tag 'surveys' taken off
    # (nothing changed: it was so already)", read as done
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    grasp = _ids(capsys, lst, data, "grasping")[:2]
    run(capsys, "triage", *grasp, "--tag", "Survey", *args)
    code, _out, err = run(capsys, "triage", grasp[0], "--untag", "surveys", *args)
    assert code == 0
    assert "1 paper: tag 'surveys' was not on it; did you mean 'Survey'? (nothing changed" in err
    code, _out, err = run(capsys, "triage", *grasp, "--untag", "todo", "--untag", "survey", *args)
    assert code == 0
    assert "2 papers: tag 'todo' was not on any of them, tag 'Survey' taken off (2 changes" in err
    assert _ids(capsys, lst, data, "tag:survey") == []


def test_a_tag_taken_off_some_of_the_papers_says_how_many(tmp_path, capsys):
    # "2 papers: tag 'survey' taken off (1 change)" read as taken off both, which
    # only one of them had
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    grasp = _ids(capsys, lst, data, "grasping")[:2]
    run(capsys, "triage", grasp[0], "--tag", "survey", *args)
    code, _out, err = run(capsys, "triage", *grasp, "--untag", "survey", *args)
    assert code == 0
    assert "2 papers: tag 'survey' taken off 1 paper; the other did not have it (1 change;" in err
    assert _ids(capsys, lst, data, "tag:survey") == []


def test_a_tag_added_and_one_taken_off_are_each_said_so(tmp_path, capsys):
    # "1 paper: tag 'rl', tag 'theory' taken off" read as both taken off, where 'rl'
    # was added; a tag the paper had already was said as though it had been added
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = (str(lst), "--data-dir", str(data))
    grasp = _ids(capsys, lst, data, "grasping")[:2]
    run(capsys, "triage", grasp[0], "--tag", "theory", *args)
    code, _out, err = run(capsys, "triage", grasp[0], "--tag", "rl", "--untag", "theory", *args)
    assert code == 0
    assert "1 paper: tag 'rl' added, tag 'theory' taken off (2 changes;" in err
    code, _out, err = run(capsys, "triage", grasp[0], "--tag", "RL", *args)
    assert code == 0 and "1 paper: tag 'rl' was on it already (nothing changed" in err
    code, _out, err = run(capsys, "triage", *grasp, "--tag", "rl", *args)
    assert code == 0 and "2 papers: tag 'rl' added to 1 paper; the other had it (1 change;" in err
    assert sorted(_ids(capsys, lst, data, "tag:rl")) == sorted(grasp)


def test_triage_refuses_an_unknown_id_and_changes_nothing(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    good = _ids(capsys, lst, data, "grasping")[0]
    code, _, err = run(
        capsys, "triage", good, "zzzzzzzz", str(lst), "--state", "skip", "--data-dir", str(data)
    )
    assert code == 1 and "no paper with id 'zzzzzzzz'" in err
    # said: the paper the other id names is not changed either
    assert "nothing changed: the 2 ids are triaged together or not" in err
    code, out, _ = run(capsys, "search", "is:skip", str(lst), "--data-dir", str(data))
    assert code == 1 and out == ""


def test_an_id_searched_in_a_list_not_in_the_library_says_to_name_the_list(tmp_path, capsys):
    # `search grasping list.jsonl` then `triage ID --state keep`: the library (the seeds)
    # was read in the list's place, and "no paper with id" sent the user back to search,
    # which had just listed that very id
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    good = _ids(capsys, lst, data, "grasping")[0]
    code, _, err = run(capsys, "triage", good, "--state", "keep", "--data-dir", str(data))
    assert code == 1 and f"no paper with id '{good}' in the 2 lists read" in err
    assert "for a paper of another list, give its file too" in err
    code, _, err = run(capsys, "triage", good, str(lst), "--state", "keep", "--data-dir", str(data))
    assert code == 0, err


def test_search_sort_fit_puts_papers_like_the_kept_ones_first(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    grasp = _ids(capsys, lst, data, "grasping")
    drive = _ids(capsys, lst, data, "driving")
    run(capsys, "triage", *grasp[:2], str(lst), "--state", "keep", "--data-dir", str(data))
    run(capsys, "triage", *drive[:2], str(lst), "--state", "skip", "--data-dir", str(data))

    code, out, _ = run(
        capsys, "search", "study", str(lst), "--data-dir", str(data), "--sort", "fit", "--json"
    )
    assert code == 0
    result = json.loads(out)
    assert result["sort"] == "fit"
    undecided = [h for h in result["hits"] if h["id"] not in grasp[:2] + drive[:2]]
    top = undecided[:4]
    assert all(h["id"] in grasp for h in top), [h["title"] for h in top]
    assert all("fit" in h and "why" in h for h in result["hits"])
    assert any(word in TOPICS["grasp"].lower() for word in top[0]["why"]["words"])

    code, out, _ = run(capsys, "search", "study sort:list", str(lst), "--data-dir", str(data))
    listed = [line.split()[0] for line in out.splitlines()]
    session = load_session([lst], data_dir=data)
    order = {p.id: p.order for p in session.library}
    assert listed == sorted(listed, key=order.__getitem__)


def test_sort_fit_without_decisions_says_so_and_keeps_relevance(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    code, _, err = run(capsys, "search", "grasping sort:fit", str(lst), "--data-dir", str(data))
    assert code == 0 and "it needs a kept or read paper and two more decisions" in err
    # --json says which order it gave, and why.
    code, out, _ = run(
        capsys, "search", "grasping", str(lst), "--data-dir", str(data), "--sort", "fit", "--json"
    )
    result = json.loads(out)
    assert code == 0 and result["sort"] == "relevance"
    assert "it needs a kept or read paper and two more decisions" in result["message"]
    assert all("fit" not in hit for hit in result["hits"])


def test_sort_fit_says_what_the_decisions_lack(tmp_path, capsys):
    # with one keep, it asked for "at least one kept paper" when two more decisions were due
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    ids = [p.id for p in load_session([lst], data_dir=data).library]
    where = (str(lst), "--data-dir", str(data))
    for state, wanted in (("keep", "two more decisions"), ("skip", "one more decision")):
        assert run(capsys, "triage", ids.pop(), "--state", state, *where)[0] == 0
        code, _, err = run(capsys, "search", "grasping", "--sort", "fit", *where)
        assert code == 0 and f"; it needs {wanted} (tuireader triage" in err, err
        assert "kept" not in err.split("; it needs")[1].split("(")[0]
    assert run(capsys, "triage", ids.pop(), "--state", "skip", *where)[0] == 0
    code, out, err = run(capsys, "search", "grasping", "--sort", "fit", "--json", *where)
    assert code == 0 and json.loads(out)["sort"] == "fit" and "sort:fit" not in err


def test_what_sort_fit_lacks_is_read_from_the_triage_file_it_opened(tmp_path, capsys, monkeypatch):
    # search and cite --query opened the triage file a second time, once closed, to say
    # what the decisions lacked
    from tuireader.session import Session

    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    ids = [p.id for p in load_session([lst], data_dir=data).library]
    where = (str(lst), "--data-dir", str(data))
    assert run(capsys, "triage", ids[0], "--state", "keep", *where)[0] == 0
    opened: list[object] = []
    open_triage = Session.open_triage

    def counted(session, **options):  # type: ignore[no-untyped-def]
        opened.append(session.paths.state_db)
        return open_triage(session, **options)

    monkeypatch.setattr(Session, "open_triage", counted)
    for asked in (
        ("search", "grasping", "--sort", "fit"),
        ("cite", "--query", "grasping sort:fit"),
    ):
        opened.clear()
        code, _, err = run(capsys, *asked, *where)
        assert code == 0 and "; it needs two more decisions (tuireader triage" in err, err
        assert len(opened) == 1, asked


def test_what_a_fit_waits_for_is_counted_as_said() -> None:
    from tuireader.learn import decisions_wanted

    assert decisions_wanted({}) == "a kept or read paper and two more decisions"
    assert decisions_wanted({"a": "skip", "b": "skip"}) == "a kept or read paper"
    wanted = decisions_wanted({"a": "skip", "b": "new"})
    assert wanted == "a kept or read paper and one more decision"
    assert decisions_wanted({"a": "read"}) == "two more decisions"
    assert decisions_wanted({"a": "kept", "b": "maybe", "c": "skip"}) is None


def test_sort_fit_without_a_keep_names_read_and_every_state_that_teaches(tmp_path, capsys):
    # with skips alone it said "it needs a kept paper (tuireader triage ID --state
    # keep|skip)", where a read paper counts as kept and a maybe as a decision
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    ids = [p.id for p in load_session([lst], data_dir=data).library]
    where = (str(lst), "--data-dir", str(data))
    assert run(capsys, "triage", *ids[:2], "--state", "skip", *where)[0] == 0
    code, _, err = run(capsys, "search", "grasping", "--sort", "fit", *where)
    assert code == 0 and "; it needs a kept or read paper (tuireader triage" in err, err
    states = err.split("--state ")[1].split(")")[0].split("|")
    assert set(states) == {"keep", "read", "maybe", "skip"}, err
    assert run(capsys, "triage", ids[2], "--state", "read", *where)[0] == 0
    code, out, err = run(capsys, "search", "grasping", "--sort", "fit", "--json", *where)
    assert code == 0 and json.loads(out)["sort"] == "fit" and "sort:fit" not in err


def test_show_search_and_similar_tell_a_script_each_papers_triage(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    grasp = _ids(capsys, lst, data, "grasping")
    assert not (data / "triage.sqlite3").exists()  # a search creates no triage file
    _, out, _ = run(capsys, "show", grasp[0], str(lst), "--data-dir", str(data), "--json")
    assert json.loads(out) | {"state": "new", "tags": [], "note": ""} == json.loads(out)
    args = (str(lst), "--data-dir", str(data))
    run(capsys, "triage", grasp[0], *args, "--state", "keep", "--tag", "robots")
    session = load_session([lst], data_dir=data, default_catalogs=False)
    with session.open_store() as store:
        store.set_note(grasp[0], "read the appendix\nsecond line")

    _, out, _ = run(capsys, "show", grasp[0], *args, "--json")
    shown = json.loads(out)
    assert (shown["state"], shown["tags"], shown["note"]) == (
        "kept",
        ["robots"],
        "read the appendix\nsecond line",
    )
    _, out, _ = run(capsys, "show", grasp[0], *args)
    lines = out.splitlines()
    assert "kept · tags: robots" in lines[:6]
    assert lines[-3:] == ["Note:", "read the appendix", "second line"]

    _, out, _ = run(capsys, "search", "grasping", *args, "--json", "--limit", "2")
    hits = json.loads(out)["hits"]
    assert [(h["state"], h["tags"]) for h in hits] == [("kept", ["robots"]), ("new", [])]
    _, out, _ = run(capsys, "similar", grasp[1], *args, "--json")
    states = {h["id"]: h["state"] for h in json.loads(out)["hits"]}
    assert states[grasp[0]] == "kept" and set(states.values()) == {"kept", "new"}


def test_triage_takes_the_states_as_the_status_line_words_them(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    first = _ids(capsys, lst, data, "grasping")[0]
    args = (str(lst), "--data-dir", str(data))
    code, _out, err = run(capsys, "triage", first, *args, "--state", "skipped")
    assert code == 0 and "now skipped" in err
    _, out, _ = run(capsys, "show", first, *args, "--json")
    assert json.loads(out)["state"] == "skip"


def test_a_tag_holding_a_comma_is_refused_as_the_reader_would_split_it(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    (first,) = _ids(capsys, lst, data, "grasping")[:1]
    code, _out, err = run(
        capsys, "triage", first, str(lst), "--tag", "ml, theory", "--data-dir", str(data)
    )
    assert code == 2 and "cannot hold a comma" in err and "its own --tag" in err
    session = load_session([lst], data_dir=data)
    store = session.open_store()
    try:
        assert store.get(first).tags == ()
    finally:
        store.close()


def test_a_paper_named_twice_is_counted_once(tmp_path, capsys):
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    (first,) = _ids(capsys, lst, data, "grasping")[:1]
    code, out, err = run(
        capsys, "triage", first, first[:5], str(lst), "--state", "skip", "--data-dir", str(data)
    )
    assert code == 0 and "1 paper: now skipped" in err and out.count(first) == 1


def test_a_detached_mark_can_be_set_back_to_new_by_its_id(tmp_path, capsys):
    # "no paper with id" for the id search is:detached lists, and the note about the
    # detached mark on every command, for good
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    records = _records()
    lst.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    _, out, _ = run(
        capsys, "search", '"grasp study number 0"', str(lst), "--data-dir", str(data), "--json"
    )
    (first,) = [h["id"] for h in json.loads(out)["hits"] if h["title"] == records[0]["title"]]
    run(capsys, "triage", first, str(lst), "--state", "keep", "--data-dir", str(data))
    other = tmp_path / "other.jsonl"  # the list re-scraped without that paper
    other.write_text("".join(json.dumps(r) + "\n" for r in records[1:]), encoding="utf-8")
    code, out, _ = run(capsys, "search", "is:detached", str(other), "--data-dir", str(data))
    assert first in out
    code, out, _err = run(
        capsys, "note", first, str(other), "--set", "gone", "--data-dir", str(data)
    )
    assert code == 0 and first in out and "detached" in out  # as triage finds it
    code, out, _err = run(capsys, "note", first, str(other), "--data-dir", str(data))
    assert code == 0 and out == "gone\n"
    run(capsys, "note", first, str(other), "--clear", "--data-dir", str(data))
    code, out, _err = run(
        capsys, "triage", first, str(other), "--state", "new", "--data-dir", str(data)
    )
    assert code == 0 and first in out and "detached" in out
    _code, out, _err = run(capsys, "search", "is:detached", str(other), "--data-dir", str(data))
    assert first not in out


def test_a_triage_file_linked_to_a_disk_not_mounted_is_said_by_every_command(capsys, tmp_path):
    # a search said only "no papers match 'is:kept'", as if no paper had been kept
    from tuireader.system.paths import resolve

    state_db = resolve().ensure().state_db
    state_db.symlink_to(tmp_path / "unmounted" / "triage.sqlite3")
    for argv in (
        ["search", "is:kept"],
        ["show", "za5opmmk"],
        ["triage", "za5opmmk", "--state", "keep"],
    ):
        code = main(argv)
        _out, err = capsys.readouterr()
        assert "is a link to" in err and "whose folder is not there" in err, (argv, err)
        assert code == (0 if argv[0] == "show" else 1 if argv[0] == "search" else 2), err


def test_a_misspelt_list_file_taken_for_an_id_is_said_to_be_no_file(capsys, tmp_path):
    # 'triage ID papres.bib' said only "no paper with id 'papres.bib'": that the list
    # was not read (and the library read in its place) went unsaid
    from corpus_util import RECORDS, write_jsonl

    path = write_jsonl(tmp_path / "papers.jsonl", RECORDS)
    main(["search", "--json", "", str(path)])
    paper_id = json.loads(capsys.readouterr().out)["hits"][0]["id"]
    misspelt = str(tmp_path / "papres.jsonl")
    for argv in (
        ["triage", paper_id, misspelt, "--state", "keep"],
        ["note", paper_id, misspelt, "--set", "x"],
        ["cite", paper_id, misspelt],
    ):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 1 and out == "", err
        assert f"there is no file '{misspelt}' to read as a list (it was taken" in err, err
    main(["search", "is:kept OR has:note", str(path)])
    assert capsys.readouterr().out == ""  # nothing was changed
    # an id that is no file name is said as ever
    code = main(["show", "zzzzzz"])
    assert code == 1 and "to read as a list" not in capsys.readouterr().err


def test_the_reader_says_a_read_paper_serves_as_a_kept_one() -> None:
    from tuireader.ui.screens.main import fit_waits_notice

    assert "a read paper counts as a keep" in fit_waits_notice({"a": "skip"}, "list")
    assert "read paper" not in fit_waits_notice({"a": "read"}, "list")  # (one is there)
