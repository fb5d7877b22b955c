"""An id a marked paper had, given by a re-scrape to another paper, is said.

A BibTeX list has ``smith2023`` (Alpha) and ``smith2023a`` (Beta); Alpha is kept. Scraped
again with a new paper first, the keys shift: Alpha's marks follow it to its new id, and
its old id now names the new paper, Gamma. The move is named (old id → new id, title);
``show`` with the old id says which paper it is now and where the marked one went, and
``triage`` and ``note`` change nothing with it unless ``--id-now`` says Gamma is meant.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.triage.store import Move, moved_from

ALPHA = """@inproceedings{KEY,
  title = {Alpha: Learning to Rank Papers},
  author = {Smith, John and Doe, Jane},
  year = {2023},
  abstract = {We present Alpha, a method for ranking papers by what a reader kept.}
}
"""
BETA = """@inproceedings{KEY,
  title = {Beta: Sorting Lists Quickly},
  author = {Smith, John},
  year = {2023},
  abstract = {We present Beta, a method for sorting long lists of records quickly.}
}
"""
GAMMA = """@inproceedings{KEY,
  title = {Gamma: A New Paper First},
  author = {Smith, John},
  year = {2023},
  abstract = {We present Gamma, a method for a problem neither of the others studies.}
}
"""


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def ids(capsys, lst: Path) -> dict[str, str]:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "search", "we present", "--json", lst)
    assert code == 0
    return {hit["title"].split(":")[0]: hit["id"] for hit in json.loads(out)["hits"]}


def rescraped(capsys, tmp_path: Path, *, alpha_kept: bool = True):  # type: ignore[no-untyped-def]
    """Alpha kept under its first id, then the list scraped again with Gamma first:
    the list, Alpha's first id, the ids now, and what the command that read it said."""
    lst = tmp_path / "papers.bib"
    lst.write_text(
        ALPHA.replace("KEY", "smith2023") + BETA.replace("KEY", "smith2023a"), encoding="utf-8"
    )
    before = ids(capsys, lst)
    old = before["Alpha"]
    assert run(capsys, "triage", old, "--state", "keep", "--tag", "rank", lst)[0] == 0
    assert run(capsys, "note", old, "--set", "read section 3", lst)[0] == 0
    again = GAMMA.replace("KEY", "smith2023")
    if alpha_kept:
        again += ALPHA.replace("KEY", "smith2023a") + BETA.replace("KEY", "smith2023b")
    else:
        again += BETA.replace("KEY", "smith2023a")
    lst.write_text(again, encoding="utf-8")
    code, out, err = run(capsys, "search", "we present", "--json", lst)
    assert code == 0
    now = {hit["title"].split(":")[0]: hit["id"] for hit in json.loads(out)["hits"]}
    assert now["Gamma"] == old  # the key, and so the id, went to the new paper
    return lst, old, now, err


def test_the_move_is_named_with_both_ids_and_the_title(capsys, tmp_path):
    _lst, old, now, err = rescraped(capsys, tmp_path)
    assert "1 triage mark followed its paper to a new id:" in err
    assert f"{old} → {now['Alpha']}  Alpha: Learning to Rank Papers" in err


def test_show_with_the_old_id_says_whose_it_is_now(capsys, tmp_path):
    lst, old, now, _ = rescraped(capsys, tmp_path)
    code, out, err = run(capsys, "show", old, lst)
    assert code == 0
    assert out.startswith("Gamma: A New Paper First")
    assert (
        f"{old} is now 'Gamma: A New Paper First'; the paper you marked under that id, "
        f"'Alpha: Learning to Rank Papers', is {now['Alpha']}"
    ) in err
    # the id now of the marked paper is said nothing of
    code, out, err = run(capsys, "show", now["Alpha"], lst)
    assert code == 0 and out.startswith("Alpha") and "marked under" not in err


def test_triage_and_note_with_the_old_id_change_nothing(capsys, tmp_path):
    lst, old, now, _ = rescraped(capsys, tmp_path)
    for argv in (
        ("triage", old, "--state", "skip"),
        ("triage", old[:5], "--tag", "later"),  # a beginning of it, too
        ("note", old, "--append", "more"),
    ):
        code, out, err = run(capsys, *argv, lst)
        assert code == 2, argv
        assert out == ""
        assert "the paper you marked under that id" in err
        assert "nothing changed" in err and "--id-now" in err
    code, out, _ = run(capsys, "search", "is:skipped", lst)
    assert code == 1 and out == ""
    code, out, _ = run(capsys, "search", "tag:later", lst)
    assert code == 1
    assert run(capsys, "note", now["Alpha"], lst)[1] == "read section 3\n"
    # several ids are changed together or not: the good one is not changed either
    code, _, err = run(capsys, "triage", now["Beta"], old, "--state", "maybe", lst)
    assert code == 2
    assert run(capsys, "search", "is:maybe", lst)[0] == 1


def test_id_now_says_the_paper_holding_the_id_is_meant(capsys, tmp_path):
    lst, old, _now, _ = rescraped(capsys, tmp_path)
    code, out, err = run(capsys, "triage", old, "--state", "skip", "--id-now", lst)
    assert code == 0
    assert out == f"{old}  Gamma: A New Paper First\n"
    assert "the paper you marked under that id" in err  # said all the same
    code, out, _ = run(capsys, "search", "is:skipped", lst)
    assert code == 0 and "Gamma" in out and "Alpha" not in out
    code, out, _ = run(capsys, "search", "is:kept", lst)
    assert code == 0 and "Alpha" in out


def test_a_marked_paper_gone_is_named_as_its_detached_mark(capsys, tmp_path):
    lst, old, _now, err = rescraped(capsys, tmp_path, alpha_kept=False)
    code, out, err = run(capsys, "show", old, lst)
    assert code == 0 and out.startswith("Gamma")
    assert f"which {old} had before this paper took its id, is kept detached as d" in err
    assert "“Alpha: Learning to Rank Papers”" in err
    code, out, err = run(capsys, "triage", old, "--state", "skip", lst)
    assert code == 2 and out == ""
    assert f"which {old} had before this paper took its id, is kept detached as d" in err
    assert "nothing changed" in err and "--id-now" in err
    assert run(capsys, "triage", old, "--state", "skip", "--id-now", lst)[0] == 0


def test_moved_from_follows_each_mark_that_left_an_id():
    moves = [Move("a", "b", ""), Move("b", "c", ""), Move("x", "a", ""), Move("a", "e", "")]
    assert moved_from("a", moves) == ("c", "e")
    assert moved_from("c", moves) == ()
    # moved away and back: the id's marks are its own paper's again
    assert moved_from("p", [Move("p", "q", ""), Move("q", "p", "")]) == ()
