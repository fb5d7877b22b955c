"""``tuireader import``: the triage an export carries, taken up by another data folder
(a laptop's marks carried to a remote machine), its lists scraped again in between."""

from __future__ import annotations

import io
import json

import pytest

from tuireader.cli import main

FORMATS = ("json", "csv", "bibtex")


def _records():
    """A list as a scraper gives it: some papers with a DOI, some known by their title
    and authors alone."""
    records = []
    for i in range(12):
        record = {
            "title": f"Learning to grasp study {i} with careful experiments",
            "authors": [f"Ada Lovelace{i}", "Alan Turing"],
            "abstract": f"We study robot grasping in clutter, variant {i}, with idea {i * 7}.",
            "year": 2023,
        }
        if i % 2:
            record["doi"] = f"10.1234/grasp.{i}"
        records.append(record)
    return records


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _id_of(capsys, lst, data, title):
    _code, out, _ = run(capsys, "search", f'"{title}"', lst, "--data-dir", data, "--json")
    (hit,) = [hit for hit in json.loads(out)["hits"] if hit["title"] == title]
    return hit["id"]


def _triage_json(capsys, lst, data):
    """Each marked paper's title with its state, tags and note, as ``search`` gives them."""
    _code, out, _ = run(capsys, "search", "", lst, "--data-dir", data, "--json", "--limit", "100")
    return {
        hit["title"]: (hit["state"], hit["tags"], hit["note"])
        for hit in json.loads(out)["hits"]
        if hit["state"] != "new" or hit["tags"] or hit["note"]
    }


def _marked_laptop(capsys, tmp_path, fmt):
    """A laptop's data folder with marks on three papers of a list, and its export."""
    laptop, lst = tmp_path / "laptop", tmp_path / "grasp.jsonl"
    _write(lst, _records())
    first = _id_of(capsys, lst, laptop, "Learning to grasp study 2 with careful experiments")
    doi = _id_of(capsys, lst, laptop, "Learning to grasp study 3 with careful experiments")
    third = _id_of(capsys, lst, laptop, "Learning to grasp study 4 with careful experiments")
    run(capsys, "triage", first, doi, lst, "--state", "keep", "--tag", "RL", "--data-dir", laptop)
    run(capsys, "triage", third, lst, "--state", "skip", "--data-dir", laptop)
    run(
        capsys,
        "note",
        first,
        lst,
        "--set",
        "read section 3\nthen the appendix",
        "--data-dir",
        laptop,
    )
    export = tmp_path / f"export.{fmt}"
    code, _, err = run(capsys, "export", lst, "--format", fmt, "-o", export, "--data-dir", laptop)
    assert code == 0, err
    return lst, export


def _scraped_again(lst):
    """The list scraped again: in another order, one marked paper's title mended, and a
    paper added."""
    records = _records()
    records[2]["title"] = "Learning to grasp: study 2, with careful experiments"
    records[3]["title"] = "Learning to grasp in clutter: study 3 with careful experiments"
    records.append({"title": "A new paper", "authors": ["Grace Hopper"], "abstract": "New."})
    _write(lst, list(reversed(records)))


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_is_taken_up_by_another_data_folder_after_its_list_changed(tmp_path, capsys, fmt):
    lst, export = _marked_laptop(capsys, tmp_path, fmt)
    laptop_marks = _triage_json(capsys, lst, tmp_path / "laptop")
    _scraped_again(lst)
    remote = tmp_path / "remote"
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    assert "3 papers with marks: 3 taken up by papers of these lists" in err
    assert "tuireader undo" in err
    assert len(out.splitlines()) == 3 and "Learning to grasp: study 2" in out
    tag = "RL"
    assert _triage_json(capsys, lst, remote) == {
        "Learning to grasp: study 2, with careful experiments": (
            "kept",
            [tag],
            "read section 3\nthen the appendix",
        ),
        "Learning to grasp in clutter: study 3 with careful experiments": ("kept", [tag], ""),
        "Learning to grasp study 4 with careful experiments": ("skip", [], ""),
    }
    assert len(laptop_marks) == 3
    # taken up again, nothing changes; one undo takes the whole import back
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0 and out == "" and "3 already so (nothing changed)" in err
    code, _, err = run(capsys, "undo", "--data-dir", remote)
    assert code == 0 and "marks taken up from an export taken off for 3 papers" in err
    assert _triage_json(capsys, lst, remote) == {}


def test_a_decision_made_here_differently_is_kept_and_said(tmp_path, capsys):
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    remote = tmp_path / "remote"
    skipped = _id_of(capsys, lst, remote, "Learning to grasp study 4 with careful experiments")
    noted = _id_of(capsys, lst, remote, "Learning to grasp study 2 with careful experiments")
    run(capsys, "triage", skipped, lst, "--state", "read", "--data-dir", remote)
    run(capsys, "note", noted, lst, "--set", "mine", "--data-dir", remote)
    before = _triage_json(capsys, lst, remote)
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--dry-run")
    assert code == 0 and "would take up kept, tag 'RL'" in out and "nothing saved" in err
    assert _triage_json(capsys, lst, remote) == before
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--json")
    assert code == 0
    answer = json.loads(out)
    assert {p["id"]: p["differs"] for p in answer["kept_here"]} == {
        noted: ["note 'mine' here, 'read section 3 / then the appendix' in the file"],
        skipped: ["read here, skipped in the file"],
    }
    assert f"{skipped}  Learning to grasp study 4" in err and "kept as it is here" in err
    assert (
        "1 decided otherwise here, kept as it is; 2 of them keep something decided here "
        "(above: 1 took up the rest; import --replace takes the file's in their place)" in err
    )
    after = _triage_json(capsys, lst, remote)
    assert after["Learning to grasp study 4 with careful experiments"] == ("read", [], "")
    assert after["Learning to grasp study 2 with careful experiments"] == ("kept", ["RL"], "mine")


def test_marks_on_papers_of_other_lists_wait_as_detached_marks_for_their_paper(tmp_path, capsys):
    lst, export = _marked_laptop(capsys, tmp_path, "csv")
    other = tmp_path / "other.jsonl"
    _write(other, [{"title": "Unrelated work on proteins", "abstract": "Proteins fold."}])
    remote = tmp_path / "remote"
    code, out, err = run(capsys, "import", export, other, "--data-dir", remote)
    assert code == 0, err
    assert "3 on papers of none of these lists kept as detached marks" in err
    code, out, _ = run(capsys, "search", "is:detached", other, "--data-dir", remote, "--json")
    assert len(json.loads(out)["detached"]) == 3
    # the list read again (scraped anew since): the marks are its papers'
    _scraped_again(lst)
    assert _triage_json(capsys, lst, remote) == {
        "Learning to grasp: study 2, with careful experiments": (
            "kept",
            ["RL"],
            "read section 3\nthen the appendix",
        ),
        "Learning to grasp in clutter: study 3 with careful experiments": ("kept", ["RL"], ""),
        "Learning to grasp study 4 with careful experiments": ("skip", [], ""),
    }


@pytest.mark.parametrize("dry_run", [True, False])
def test_the_lines_on_stdout_say_which_marks_are_kept_detached(tmp_path, capsys, dry_run):
    _lst, export = _marked_laptop(capsys, tmp_path, "bibtex")
    # the remote machine reads the list without study 4: its mark has no paper there
    part = tmp_path / "part.jsonl"
    _write(part, [r for r in _records() if "study 4 " not in r["title"]])
    remote = tmp_path / "remote"
    more = ["--dry-run"] if dry_run else []
    code, out, err = run(capsys, "import", export, part, "--data-dir", remote, *more)
    assert code == 0, err
    assert "2 would be taken up" in err if dry_run else "2 taken up" in err
    assert "1 on papers of none of these lists" in err
    lines = {line.split("  ")[1]: line for line in out.splitlines()}
    assert len(lines) == 3, out
    would = "would take up " if dry_run else ""
    detached = lines["Learning to grasp study 4 with careful experiments"]
    assert detached.endswith(f"(detached mark; {would}skipped)"), detached
    for title, line in lines.items():
        if title != "Learning to grasp study 4 with careful experiments":
            assert "detached" not in line and f"({would}kept" in line, line


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("", "is empty"),
        ("\x00\x01binary", "binary"),
        ("Some words\n\nthat are no list\n", "not a tuireader export"),
    ],
)
def test_a_file_that_is_no_export_is_refused_and_nothing_is_saved(tmp_path, capsys, content, said):
    lst, data = tmp_path / "grasp.jsonl", tmp_path / "data"
    _write(lst, _records())
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "import", bad, lst, "--data-dir", data)
    assert code == 2 and out == "" and said in err and "nothing taken up" in err
    assert not (data / "triage.sqlite3").exists()


@pytest.mark.parametrize(
    ("fmt", "said"), [("markdown", "a reading list"), ("urls", "a list of links")]
)
def test_a_reading_list_or_links_export_is_refused_as_what_it_is(tmp_path, capsys, fmt, said):
    # "is not a tuireader export" said of the file tuireader export had just written
    lst, export = _marked_laptop(capsys, tmp_path, fmt)
    code, out, err = run(capsys, "import", export, lst, "--data-dir", tmp_path / "remote")
    assert code == 2 and out == "" and "nothing taken up" in err
    assert f"is {said} (tuireader export --format {fmt}), which import cannot read back" in err
    assert "--format json, csv, bibtex, biblatex, ris or csl-json" in err
    assert "not a tuireader export" not in err
    assert not (tmp_path / "remote" / "triage.sqlite3").exists()


def test_a_file_no_export_names_every_format_import_reads(tmp_path, capsys):
    # biblatex, which import reads back, was left out of the formats named
    from tuireader.triage.carry import IMPORT_FORMATS
    from tuireader.triage.export import EXPORT_FORMATS

    assert set(IMPORT_FORMATS) == set(EXPORT_FORMATS) - {"markdown", "urls"}
    other = tmp_path / "notes.txt"
    other.write_text("hello\n", encoding="utf-8")
    code, _out, err = run(capsys, "import", other, "--data-dir", tmp_path / "data")
    assert code == 2 and "not a tuireader export" in err
    assert "--format json, csv, bibtex, biblatex, ris or csl-json, which" in err


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_cut_short_is_refused_whole(tmp_path, capsys, fmt):
    lst, export = _marked_laptop(capsys, tmp_path, fmt)
    text = export.read_text(encoding="utf-8")
    export.write_text(text[: len(text) * 2 // 3], encoding="utf-8")
    remote = tmp_path / "remote"
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    if fmt == "bibtex":
        # BibTeX has no end to miss: the entries whole before the cut are taken up, and
        # the count of papers the export's head gives says the rest is missing
        assert code == 0 and "taken up" in err
        assert "papers it was exported with: is the file cut short?" in err
        assert "of the 12 papers" in err
        # the entry cut in half is not counted among those it holds
        cut = text[: len(text) * 2 // 3]
        whole_entries = cut.count("\n}\n")
        assert f"holds {whole_entries} of the 12 papers" in err
        # where the cut leaves whole entries only, it is said all the same
        whole = text[: text.index("@comment{tuireader-id", len(text) // 2)]
        export.write_text(whole, encoding="utf-8")
        code, out, err = run(capsys, "import", export, lst, "--data-dir", tmp_path / "other")
        assert code == 0 and "could not be read" not in err
        assert "of the 12 papers it was exported with: is the file cut short?" in err
        return
    assert code == 2 and out == "" and "nothing taken up" in err
    assert "cut short" in err
    assert _triage_json(capsys, lst, remote) == {}


def test_an_export_without_marks_takes_nothing_up(tmp_path, capsys):
    lst, data = tmp_path / "grasp.jsonl", tmp_path / "data"
    _write(lst, _records())
    export = tmp_path / "export.json"
    run(capsys, "export", lst, "--format", "json", "-o", export, "--data-dir", data)
    code, out, err = run(capsys, "import", export, lst, "--data-dir", data, "--json")
    assert code == 1 and "none with a state, tag or note" in err
    assert json.loads(out)["changes"] == 0


def test_text_of_an_export_is_shown_as_data_never_as_terminal_control(tmp_path, capsys):
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    papers = json.loads(export.read_text(encoding="utf-8"))
    for paper in papers:
        paper["title"] = "\x1b]52;c;ZXZpbA==\x07Evil \x1b[2J title"
        paper["doi"] = None
        paper["source_id"] = None
        paper["abstract"] = "Other text."
    export.write_text(json.dumps(papers), encoding="utf-8")
    code, out, err = run(capsys, "import", export, lst, "--data-dir", tmp_path / "remote")
    assert code == 0, err
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_an_export_piped_in_is_taken_up(tmp_path, capsys, monkeypatch):
    # ssh laptop tuireader export --format json | tuireader import -
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(export.read_bytes())))
    code, out, err = run(capsys, "import", "-", lst, "--data-dir", tmp_path / "remote")
    assert code == 0 and "stdin: 3 papers with marks: 3 taken up" in err
    assert len(out.splitlines()) == 3


def test_search_json_is_not_taken_for_an_export_and_says_what_writes_one(tmp_path, capsys):
    lst, _export = _marked_laptop(capsys, tmp_path, "json")
    _code, out, _ = run(capsys, "search", "grasp", lst, "--json", "--data-dir", tmp_path / "laptop")
    hits = tmp_path / "hits.json"
    hits.write_text(out, encoding="utf-8")
    code, out, err = run(capsys, "import", hits, lst, "--data-dir", tmp_path / "remote")
    assert code == 2 and out == ""
    assert "what search --json prints, not an export: tuireader export --format json" in err


def test_a_note_too_long_is_left_out_and_said_the_rest_taken_up(tmp_path, capsys):
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    papers = json.loads(export.read_text(encoding="utf-8"))
    (noted,) = [paper for paper in papers if paper["note"]]
    noted["note"] = "x" * 100_001
    export.write_text(json.dumps(papers), encoding="utf-8")
    remote = tmp_path / "remote"
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0 and "a note of 100,001 characters in the file, more than" in err
    marks = _triage_json(capsys, lst, remote)
    assert marks["Learning to grasp study 2 with careful experiments"] == ("kept", ["RL"], "")
    assert len(marks) == 3


def test_a_mark_set_elsewhere_meanwhile_is_never_overwritten(tmp_path):
    # a reader (another connection to the file) decides a paper as the import runs: the
    # import reads each paper in its own transaction and keeps that decision
    from tuireader.triage.store import Carried, Store

    path = tmp_path / "triage.sqlite3"
    importing, reader = Store.open(path), Store.open(path)
    try:
        reader.set_state("p1", "skip")
        report = importing.carry_over(
            [Carried("p1", "kept", ("rl",), "a note"), Carried("p2", "maybe")]
        )
        assert report.kept_here == {"p1": ("skipped here, kept in the file",)}
        assert reader.get("p1").state == "skip" and reader.get("p1").tags == ("rl",)
        assert reader.get("p2").state == "maybe" and report.changes == 3
        assert reader.undo() is not None  # one step: the whole import
        assert reader.get("p2").state == "new" and reader.get("p1").tags == ()
        assert reader.get("p1").state == "skip"
    finally:
        importing.close()
        reader.close()


def test_json_says_a_file_refused_in_the_shape_of_its_answer(tmp_path, capsys):
    lst, data = tmp_path / "grasp.jsonl", tmp_path / "data"
    _write(lst, _records())
    bad = tmp_path / "bad.json"
    bad.write_text('{"title": "cut', encoding="utf-8")
    code, out, _err = run(capsys, "import", bad, lst, "--data-dir", data, "--json")
    answer = json.loads(out)
    assert code == 2 and answer["error"] == "usage" and answer["file"] == str(bad)
    assert "nothing taken up" in answer["message"] and answer["changes"] == 0
    assert answer["taken"] == answer["detached"] == answer["kept_here"] == []
    assert answer["more_here"] == []


def test_replace_takes_the_files_decisions_in_place_of_those_made_here(tmp_path, capsys):
    # the laptop's marks are the newer ones: --replace lets them win, as one undo step
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    remote = tmp_path / "remote"
    skipped = _id_of(capsys, lst, remote, "Learning to grasp study 4 with careful experiments")
    noted = _id_of(capsys, lst, remote, "Learning to grasp study 2 with careful experiments")
    run(capsys, "triage", skipped, lst, "--state", "read", "--data-dir", remote)
    run(capsys, "note", noted, lst, "--set", "mine", "--data-dir", remote)
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--replace")
    assert code == 0 and "kept as it is here" not in err
    assert (
        f"{skipped}  Learning to grasp study 4 with careful experiments  (skipped (was read))"
        in out
    )
    assert "note 'read section 3 / then the appendix' in place of 'mine'" in out
    marks = _triage_json(capsys, lst, remote)
    assert marks["Learning to grasp study 4 with careful experiments"] == ("skip", [], "")
    assert marks["Learning to grasp study 2 with careful experiments"] == (
        "kept",
        ["RL"],
        "read section 3\nthen the appendix",
    )
    run(capsys, "undo", "--data-dir", remote)
    marks = _triage_json(capsys, lst, remote)
    assert marks["Learning to grasp study 4 with careful experiments"] == ("read", [], "")
    assert marks["Learning to grasp study 2 with careful experiments"] == ("new", [], "mine")


def _summary_counts(err):
    """The numbers of the summary line's parts, and the whole they are of."""
    import re

    (line,) = [line for line in err.splitlines() if "papers with marks:" in line]
    whole, parts = line.split("papers with marks:", 1)
    parts = parts.rsplit(" (", 1)[0].strip()
    return int(whole.split()[-1]), [int(n) for n in re.findall(r"(?:^|, )(\d+) ", parts)]


def test_the_counts_of_an_import_add_up_to_the_papers_with_marks(tmp_path, capsys):
    # a paper that took up its state and kept its note here was counted twice, taken up
    # and decided otherwise: "3 papers with marks: 2 taken up, 2 decided otherwise here"
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    remote = tmp_path / "remote"
    skipped = _id_of(capsys, lst, remote, "Learning to grasp study 4 with careful experiments")
    noted = _id_of(capsys, lst, remote, "Learning to grasp study 2 with careful experiments")
    run(capsys, "triage", skipped, lst, "--state", "read", "--data-dir", remote)
    run(capsys, "note", noted, lst, "--set", "mine", "--data-dir", remote)
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--dry-run")
    assert code == 0
    whole, parts = _summary_counts(err)
    assert whole == 3 and parts == [2, 1], err
    assert "1 decided otherwise here, kept as it is; 2 of them keep something" in err
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--json")
    answer = json.loads(out)
    assert answer["counts"] == {
        "taken": 2,
        "detached": 0,
        "kept_here": 1,
        "more_here": 0,
        "refused": 0,
        "same": 0,
    }
    assert sum(answer["counts"].values()) == answer["marked"] == 3
    assert _summary_counts(err) == (3, [2, 1])
    # taken up again: the one that kept its note here now takes nothing up
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--json")
    answer = json.loads(out)
    assert answer["counts"] == {
        "taken": 0,
        "detached": 0,
        "kept_here": 2,
        "more_here": 0,
        "refused": 0,
        "same": 1,
    }
    assert _summary_counts(err) == (3, [0, 2, 1])


def test_a_note_replaced_or_kept_out_is_named_with_the_one_in_its_place(tmp_path, capsys):
    # "note (in place of the one here)" and "another note here" named neither note: the
    # one replaced was gone unseen, a dry run never showed what would go
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    remote = tmp_path / "remote"
    noted = _id_of(capsys, lst, remote, "Learning to grasp study 2 with careful experiments")
    mine = "R2: meh, " + "the related work is thin and " * 6 + "\nsee the appendix"
    run(capsys, "note", noted, lst, "--set", mine, "--data-dir", remote)
    theirs = "read section 3 / then the appendix"
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--dry-run")
    assert code == 0, err
    (line,) = [line for line in err.splitlines() if noted in line]
    assert "kept as it is here (note 'R2: meh, the related work is thin" in line
    assert f"…' here, '{theirs}' in the file)" in line
    code, out, err = run(
        capsys, "import", export, lst, "--data-dir", remote, "--dry-run", "--replace"
    )
    (line,) = [line for line in out.splitlines() if noted in line]
    assert f"note '{theirs}' in place of 'R2: meh, the related work is thin" in line
    assert len(line) < 250
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--json")
    (kept,) = json.loads(out)["kept_here"]
    assert kept["note"] == {"here": mine, "file": "read section 3\nthen the appendix"}
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--replace")
    (line,) = [line for line in out.splitlines() if noted in line]
    assert f"note '{theirs}' in place of 'R2: meh, the related work" in line
    assert code == 0, err
    code, out, err = run(capsys, "undo", "--data-dir", remote)
    assert code == 0, err
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--replace", "--json")
    assert code == 0, err
    (taken,) = [paper for paper in json.loads(out)["taken"] if paper["id"] == noted]
    assert taken["note"] == {"here": mine, "file": "read section 3\nthen the appendix"}


def _kept_lines(err):
    return [line for line in err.splitlines() if ": kept as it is here (" in line]


def test_the_summary_counts_every_paper_named_as_kept_as_it_is_here(tmp_path, capsys):
    # five papers named "kept as it is here", then "2 decided otherwise here, kept as they
    # are (above)": those that took up something else besides were named, not counted
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    remote = tmp_path / "remote"
    first = _id_of(capsys, lst, remote, "Learning to grasp study 2 with careful experiments")
    doi = _id_of(capsys, lst, remote, "Learning to grasp study 3 with careful experiments")
    skipped = _id_of(capsys, lst, remote, "Learning to grasp study 4 with careful experiments")
    # the note differs (the state and tag are taken up), the state differs (the tag is
    # taken up), and the state alone differs: two in part, one whole
    run(capsys, "note", first, lst, "--set", "mine", "--data-dir", remote)
    run(capsys, "triage", doi, lst, "--state", "maybe", "--data-dir", remote)
    run(capsys, "triage", skipped, lst, "--state", "read", "--data-dir", remote)
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--dry-run")
    assert code == 0, err
    assert len(_kept_lines(err)) == 3
    assert _summary_counts(err) == (3, [2, 1])
    assert (
        "2 would be taken up by papers of these lists, 1 decided otherwise here, kept as it "
        "is; 3 of them keep something decided here (above: 2 would take up the rest; "
        "import --replace takes the file's in their place)" in err
    )
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0 and len(_kept_lines(err)) == 3
    assert "; 3 of them keep something decided here (above: 2 took up the rest;" in err
    # taken up again: the three took up all they could, and are counted as kept here
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0 and len(_kept_lines(err)) == 3
    assert "3 papers with marks: 0 taken up by papers of these lists, 3 decided otherwise " in err
    assert "kept as they are (above; import --replace" in err and "of them keep" not in err


def test_replace_names_each_mark_here_the_file_lacks_as_none_is_taken_off(tmp_path, capsys):
    # a paper set back to new and a tag taken off on the laptop stayed as they were here
    # after import --replace, said to be "already so": the file's marks did not win,
    # and nothing said so
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    laptop, remote = tmp_path / "laptop", tmp_path / "remote"
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    first = _id_of(capsys, lst, laptop, "Learning to grasp study 2 with careful experiments")
    doi = _id_of(capsys, lst, laptop, "Learning to grasp study 3 with careful experiments")
    skipped = _id_of(capsys, lst, laptop, "Learning to grasp study 4 with careful experiments")
    run(capsys, "triage", first, lst, "--state", "new", "--untag", "RL", "--data-dir", laptop)
    run(capsys, "triage", doi, lst, "--untag", "rl", "--data-dir", laptop)
    run(capsys, "note", skipped, lst, "--set", "mine too", "--data-dir", remote)
    again = tmp_path / "again.json"
    code, _, err = run(capsys, "export", lst, "--format", "json", "-o", again, "--data-dir", laptop)
    assert code == 0, err
    before = _triage_json(capsys, lst, remote)
    code, out, err = run(capsys, "import", again, lst, "--data-dir", remote, "--replace")
    assert code == 0 and out == "", err
    lines = {line.split()[1]: line for line in _kept_lines(err)}
    assert set(lines) == {first, doi, skipped}
    assert "(kept here, new in the file; tag 'RL' here, not in the file)" in lines[first]
    assert "(tag 'RL' here, not in the file)" in lines[doi]
    assert "(note 'mine too' here, none in the file)" in lines[skipped]
    assert "3 decided otherwise here, kept as they are (above; an import takes no mark off" in err
    assert "already so" not in err
    assert _triage_json(capsys, lst, remote) == before
    code, out, err = run(capsys, "import", again, lst, "--data-dir", remote, "--replace", "--json")
    kept = {paper["id"]: paper for paper in json.loads(out)["kept_here"]}
    assert kept[doi]["differs"] == ["tag 'RL' here, not in the file"]
    assert kept[skipped]["note"] == {"here": "mine too", "file": ""}
    # without --replace a mark is only added, yet what the file lacks is said
    code, out, err = run(capsys, "import", again, lst, "--data-dir", remote)
    assert code == 0 and _kept_lines(err) == [] and "already so" not in err
    assert "3 hold more here than the file, kept as they are" in err


def _more_lines(err):
    return [line for line in err.splitlines() if ": holds more here than the file (" in line]


@pytest.mark.parametrize("dry_run", [True, False])
def test_papers_holding_more_here_than_the_file_are_not_said_to_be_so_already(
    tmp_path, capsys, dry_run
):
    # a tag added and a note set here since the export: without --replace the import
    # took nothing up and said "3 already so", hiding that the file and this folder
    # differ; --replace named them
    lst, export = _marked_laptop(capsys, tmp_path, "json")
    remote = tmp_path / "remote"
    assert run(capsys, "import", export, lst, "--data-dir", remote)[0] == 0
    doi = _id_of(capsys, lst, remote, "Learning to grasp study 3 with careful experiments")
    skipped = _id_of(capsys, lst, remote, "Learning to grasp study 4 with careful experiments")
    run(capsys, "triage", doi, lst, "--tag", "ml", "--tag", "to read", "--data-dir", remote)
    run(capsys, "note", skipped, lst, "--set", "mine", "--data-dir", remote)
    before = _triage_json(capsys, lst, remote)
    dry = ("--dry-run",) if dry_run else ()
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, *dry)
    assert code == 0 and out == "", err
    lines = {line.split()[1]: line for line in _more_lines(err)}
    assert set(lines) == {doi, skipped}, err
    assert "(tags 'ml', 'to read' here, not in the file)" in lines[doi]
    assert "(note 'mine' here, none in the file)" in lines[skipped]
    assert "1 already so, 2 hold more here than the file, kept as they are (above;" in err
    assert _summary_counts(err) == (3, [0, 1, 2])
    assert _triage_json(capsys, lst, remote) == before
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--json", *dry)
    answer = json.loads(out)
    assert code == 0 and answer["kept_here"] == [] and answer["changes"] == 0
    more = {paper["id"]: paper for paper in answer["more_here"]}
    assert more[doi]["differs"] == ["tags 'ml', 'to read' here, not in the file"]
    assert more[skipped]["note"] == {"here": "mine", "file": ""}
    assert answer["counts"] == {
        "taken": 0,
        "detached": 0,
        "kept_here": 0,
        "more_here": 2,
        "refused": 0,
        "same": 1,
    }
    # --replace names them as before: kept as they are, as no import takes a mark off
    code, out, err = run(capsys, "import", export, lst, "--data-dir", remote, "--replace", *dry)
    assert code == 0 and _more_lines(err) == [] and len(_kept_lines(err)) == 2, err
