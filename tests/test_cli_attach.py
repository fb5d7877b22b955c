"""``triage MARK_ID --attach PAPER_ID`` gives a detached mark to the paper it is for.

A re-scrape reworded a title ("Deep Reinforcement Learning" → "Deep RL") and rewrote the
abstract: the paper is in the list under a new id, but nothing tells the triage file it
is the one marked, and the mark stays detached. The user names the paper, and the mark
(state, tags, note) goes to it as one undo step; a paper with marks of its own is
refused unless ``--merge``.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main

BEFORE = """@inproceedings{lee2023,
  title = {Sample-Efficient Deep Reinforcement Learning for Legged Robots},
  author = {Lee, Ann and Stone, Bob},
  year = {2023},
  abstract = {We learn locomotion policies for legged robots from few trials, using a
    learned dynamics model of the robot and its contacts.}
}
"""
AFTER = """@inproceedings{lee2023rl,
  title = {Sample-Efficient Deep RL for Quadrupeds},
  author = {Lee, A. and Stone, B.},
  year = {2023},
  abstract = {Walking gaits are acquired on a four-legged platform within minutes of
    interaction in the real world.}
}
"""
OTHER = """@inproceedings{diaz2023,
  title = {Graph Networks for Molecules},
  author = {Diaz, Cara},
  year = {2023},
  abstract = {Graph neural networks predict binding affinity better than fingerprints.}
}
"""


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def only_id(capsys, query: str, lst: Path) -> str:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "search", query, "--json", lst)
    assert code == 0
    (hit,) = json.loads(out)["hits"]
    return str(hit["id"])


def reworded(capsys, tmp_path: Path) -> tuple[Path, str, str]:  # type: ignore[no-untyped-def]
    """A marked paper whose title and abstract a re-scrape rewrote: the list, the
    detached mark's id and the paper's id now."""
    lst = tmp_path / "list.bib"
    lst.write_text(BEFORE + OTHER, encoding="utf-8")
    old = only_id(capsys, "legged", lst)
    assert run(capsys, "triage", old, "--state", "keep", "--tag", "robots", lst)[0] == 0
    assert run(capsys, "note", old, "--set", "try on our robot", lst)[0] == 0
    lst.write_text(AFTER + OTHER, encoding="utf-8")
    code, out, _ = run(capsys, "search", "is:detached", "--json", lst)
    assert code == 0
    (mark,) = json.loads(out)["detached"]
    assert mark["id"] == old
    new = only_id(capsys, "quadrupeds", lst)
    assert new != old
    return lst, old, new


def marks_of(capsys, paper_id: str, lst: Path) -> tuple[str, list[str], str]:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "show", paper_id, "--json", lst)
    assert code == 0
    shown = json.loads(out)
    return shown["state"], shown["tags"], shown["note"]


def test_the_mark_goes_whole_to_the_paper_named(capsys, tmp_path):
    lst, old, new = reworded(capsys, tmp_path)
    code, out, err = run(capsys, "triage", old, "--attach", new, lst)
    assert code == 0
    assert out == f"{new}  Sample-Efficient Deep RL for Quadrupeds\n"
    assert f"the detached mark {old}" in err and f"is now on {new}" in err
    assert marks_of(capsys, new, lst) == ("kept", ["robots"], "try on our robot")
    code, out, _ = run(capsys, "search", "is:detached", lst)
    assert code == 1 and out == ""
    # its id finds the paper, as a mark's id that followed its paper does
    code, out, err = run(capsys, "show", old, lst)
    assert code == 0 and out.startswith("Sample-Efficient Deep RL")
    assert f"{old} is now {new}" in err


def test_one_undo_step_takes_it_all_back(capsys, tmp_path):
    lst, old, new = reworded(capsys, tmp_path)
    assert run(capsys, "triage", old, "--attach", new, lst)[0] == 0
    code, out, _ = run(capsys, "undo")
    assert code == 0 and old in out and new in out
    assert marks_of(capsys, new, lst) == ("new", [], "")
    code, out, _ = run(capsys, "search", "is:detached", "--json", lst)
    (mark,) = json.loads(out)["detached"]
    assert (mark["id"], mark["state"], mark["tags"], mark["note"]) == (
        old,
        "kept",
        ["robots"],
        "try on our robot",
    )
    # its id is the detached mark's again, no longer the paper's
    code, out, err = run(capsys, "show", old, lst)
    assert code == 1 and out == "" and "detached" in err


def test_a_paper_with_marks_of_its_own_is_refused_unless_merged(capsys, tmp_path):
    lst, old, new = reworded(capsys, tmp_path)
    assert run(capsys, "triage", new, "--state", "maybe", "--tag", "quad", lst)[0] == 0
    assert run(capsys, "note", new, "--set", "seen at the poster", lst)[0] == 0
    code, out, err = run(capsys, "triage", old, "--attach", new, lst)
    assert code == 2 and out == ""
    assert "has marks of its own" in err and "--merge" in err
    assert marks_of(capsys, new, lst) == ("maybe", ["quad"], "seen at the poster")
    code, out, _ = run(capsys, "search", "is:detached", lst)
    assert code == 0 and old in out

    code, out, err = run(capsys, "triage", old, "--attach", new, "--merge", lst)
    assert code == 0
    assert "its own state stays maybe (the mark's: kept)" in err
    assert marks_of(capsys, new, lst) == (
        "maybe",
        ["quad", "robots"],
        "seen at the poster\ntry on our robot",
    )
    assert run(capsys, "search", "is:detached", lst)[0] == 1


def test_what_attach_takes_and_refuses(capsys, tmp_path):
    lst, old, new = reworded(capsys, tmp_path)
    other = only_id(capsys, "molecules", lst)
    # a paper of the lists is no detached mark
    code, _, err = run(capsys, "triage", other, "--attach", new, lst)
    assert code == 2 and "not a detached mark" in err
    # one mark at a time, and alone
    assert run(capsys, "triage", old, other, "--attach", new, lst)[0] == 2
    code, _, err = run(capsys, "triage", old, "--attach", new, "--state", "read", lst)
    assert code == 2 and "--attach" in err
    assert run(capsys, "triage", old, "--merge", "--state", "read", lst)[0] == 2
    # a paper that is not there
    assert run(capsys, "triage", old, "--attach", "zzzzzzzz", lst)[0] == 1
    code, out, _ = run(capsys, "search", "is:detached", lst)
    assert code == 0 and old in out
    assert marks_of(capsys, new, lst) == ("new", [], "")
    # a beginning of the mark's id will do, as for the other commands
    assert run(capsys, "triage", old[:5], "--attach", new, lst)[0] == 0
    assert marks_of(capsys, new, lst) == ("kept", ["robots"], "try on our robot")


def test_a_mark_a_reader_made_meanwhile_is_never_attached_over(tmp_path):
    import pytest

    from tuireader.triage.store import MarksHeld, Store

    path = tmp_path / "triage.sqlite3"
    with Store.open(path) as command, Store.open(path) as reader:
        command.apply_many(["dmark"], state="kept", tags=["robots"])
        reader.set_note("paper", "mine")  # the reader's, after the command opened
        with pytest.raises(MarksHeld):
            command.attach("dmark", "paper")
        assert reader.get("paper").note == "mine"
        assert command.get("dmark").state == "kept"
        done = command.attach("dmark", "paper", merge=True)
        assert (done.triage.state, done.triage.tags, done.triage.note) == (
            "kept",
            ("robots",),
            "mine",
        )
        assert reader.get("dmark").is_default
        assert reader.undo() is not None
        assert reader.get("dmark").state == "kept" and reader.get("paper").note == "mine"


def test_the_paper_now_holding_the_marks_old_id_is_taken_without_id_now(capsys, tmp_path):
    # the re-scrape kept the entry's key, so the reworded paper kept the id the mark was
    # made on, and the mark was kept aside under an id made for it: attaching it there
    # was refused as an old id given to another paper ("add --id-now")
    lst = tmp_path / "list.bib"
    lst.write_text(BEFORE + OTHER, encoding="utf-8")
    old = only_id(capsys, "legged", lst)
    assert run(capsys, "triage", old, "--state", "keep", "--tag", "robots", lst)[0] == 0
    lst.write_text(AFTER.replace("lee2023rl", "lee2023") + OTHER, encoding="utf-8")
    code, out, _ = run(capsys, "search", "is:detached", "--json", lst)
    assert code == 0
    (mark,) = json.loads(out)["detached"]
    assert mark["id"] != old and old in mark["was"]
    assert only_id(capsys, "quadrupeds", lst) == old
    code, out, err = run(capsys, "triage", mark["id"], "--attach", old, lst)
    assert code == 0, err
    assert marks_of(capsys, old, lst)[:2] == ("kept", ["robots"])
