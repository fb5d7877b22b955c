"""An id a paper had before its list was read again still finds it.

A re-scraped list gives a paper a new id (its BibTeX key changed, its title gained a
full stop); the triage file moves the paper's marks and records the move. Every command
that takes an id takes the old one too, through every move since (a → b → c), says the
id now once on stderr, and ``--json`` gives the old ids among the paper's aliases.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from tuireader.cli import main
from tuireader.triage.store import Move, moved_ids

ENTRIES = """\
@inproceedings{KEY,
  title = {Planning Under Uncertainty With Learned ModelsEND},
  author = {Lee, Ann and Stone, Bob},
  year = {2024},
  url = {https://example.org/planning},
  abstract = {We propose a method for planning under uncertainty that learns a model of
    the environment from few interactions and plans with it.}
}
@inproceedings{diaz2024graphs,
  title = {Graph Networks for Molecules},
  author = {Diaz, Cara},
  year = {2024},
  abstract = {Graph neural networks are studied on molecules; message passing with edge
    features predicts binding affinity better than fingerprints.}
}
"""


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, key: str, end: str = "") -> Path:
    path.write_text(ENTRIES.replace("KEY", key).replace("END", end), encoding="utf-8")
    return path


def planning_id(capsys, lst: Path) -> str:  # type: ignore[no-untyped-def]
    code, out, _err = run(capsys, "search", "planning", "--json", lst)
    assert code == 0
    (hit,) = [h for h in json.loads(out)["hits"] if h["title"].startswith("Planning")]
    return str(hit["id"])


def rescraped(capsys, tmp_path: Path) -> tuple[Path, list[str]]:  # type: ignore[no-untyped-def]
    """A list whose first paper is marked, then read with two new keys: its three ids."""
    lst = write(tmp_path / "list.bib", "lee2024planning")
    first = planning_id(capsys, lst)
    assert run(capsys, "triage", first, "--state", "maybe", lst)[0] == 0
    write(lst, "Lee24a", ".")
    second = planning_id(capsys, lst)
    write(lst, "LeeA2024", ".")
    third = planning_id(capsys, lst)
    assert len({first, second, third}) == 3
    return lst, [first, second, third]


def recorded_moves() -> list[tuple[str, str, str]]:
    from tuireader.system.paths import resolve

    with sqlite3.connect(resolve().state_db) as conn:
        return conn.execute("SELECT old_id, new_id, reason FROM moves ORDER BY rowid").fetchall()


def test_every_command_taking_an_id_takes_an_id_the_paper_had_before(capsys, tmp_path):
    lst, (first, second, third) = rescraped(capsys, tmp_path)
    assert [(a, b) for a, b, _ in recorded_moves()] == [(first, second), (second, third)]
    for old in (first, second):
        said = f"{old} is now {third}"
        code, out, err = run(capsys, "show", old, lst)
        assert code == 0 and f"id {third} (also {first}, {second})" in out
        assert "maybe" in out and err.count(said) == 1
        code, out, err = run(capsys, "show", old.upper(), "--json", lst)
        assert code == 0 and err.count(said) == 1
        assert json.loads(out)["id"] == third and json.loads(out)["aliases"] == [first, second]
        code, out, err = run(capsys, "cite", old, lst)
        assert code == 0 and "LeeA2024" in out and err.count(said) == 1
        code, out, err = run(capsys, "links", old, lst)
        assert code == 0 and "example.org/planning" in out and err.count(said) == 1
        code, out, err = run(capsys, "similar", old, "--json", lst)
        assert json.loads(out)["id"] == third and err.count(said) == 1
    code, out, err = run(capsys, "triage", first, "--state", "keep", lst)
    assert code == 0 and out.startswith(third) and f"{first} is now {third}" in err
    code, out, err = run(capsys, "note", second, "--set", "moved twice", lst)
    assert code == 0 and out.startswith(third) and f"{second} is now {third}" in err
    code, out, err = run(capsys, "note", first, lst)
    assert code == 0 and out == "moved twice\n" and f"{first} is now {third}" in err
    code, out, _err = run(capsys, "search", "is:kept", "--json", lst)
    ((hit),) = json.loads(out)["hits"]
    assert hit["id"] == third and hit["aliases"] == [first, second]
    # the id now is said for itself, without an earlier id
    code, out, err = run(capsys, "show", third, lst)
    assert code == 0 and " is now " not in err
    # a beginning of an earlier id that begins no id now will do, as for ids
    prefix = next(first[:n] for n in range(3, 9) if not third.startswith(first[:n]))
    code, out, err = run(capsys, "show", prefix, lst)
    assert code == 0 and f"id {third}" in out and f"{first} is now {third}" in err


def test_copy_takes_an_id_the_paper_had_before(capsys, over_ssh, tmp_path):
    lst, (first, _second, third) = rescraped(capsys, tmp_path)
    code, out, err = run(capsys, "copy", first, "--link", "paper", lst)
    assert code == 0 and "example.org/planning" in out and f"{first} is now {third}" in err


def test_an_earlier_id_whose_marks_went_to_two_papers_names_both_and_gives_nothing(
    capsys, tmp_path
):
    lst, (first, _second, third) = rescraped(capsys, tmp_path)
    code, out, _err = run(capsys, "search", "molecules", "--json", lst)
    (other,) = [hit["id"] for hit in json.loads(out)["hits"]]
    from tuireader.system.paths import resolve

    with sqlite3.connect(resolve().state_db) as conn:  # the first id later named another
        conn.execute(
            "INSERT INTO moves (old_id, new_id, at, reason) VALUES (?, ?, ?, ?)",
            (first, other, time.time(), "same abstract"),
        )
    for command in (["show"], ["cite"], ["triage", "--state", "keep"], ["note", "--set", "x"]):
        code, out, err = run(capsys, command[0], first, *command[1:], lst)
        assert code == 1 and out == "", command
        assert f"id {first!r} was the id of 2 different papers" in err
        assert third in err and other in err
    code, out, _err = run(capsys, "show", third, "--json", lst)
    assert first not in json.loads(out)["aliases"]  # it finds this paper no more
    code, out, _err = run(capsys, "search", "is:kept", lst)
    assert code == 1  # nothing was kept
    code, out, _err = run(capsys, "search", "has:note", lst)
    assert code == 1  # and no note written


def test_moves_are_followed_to_the_papers_there_are_now():
    present = {"c": ("c",), "e": ("e",), "alias": ("c",)}

    def named(paper_id: str) -> tuple[str, ...]:
        return present.get(paper_id, ())

    moves = [
        Move("a", "b", "same DOI"),
        Move("b", "c", "same title and first author"),
        Move("x", "y", "same abstract"),  # y is in none of the lists
        Move("y", "x", "same abstract"),  # and back: no end
        Move("e", "c", "old id"),  # e is a paper's id again: it is that paper's
        Move("f", "alias", "same abstract"),  # an alias the lists give a paper now
        Move("g", "c", "same DOI"),
        Move("g", "e", "same DOI"),  # two papers
    ]
    assert moved_ids(moves, named) == {
        "a": ("c",),
        "b": ("c",),
        "f": ("c",),
        "g": ("c", "e"),
    }
