"""A tag typed decomposed ("U" and a combining diaeresis, as macOS and PDF pastes give
"Überblick") is the tag typed composed, by every way a tag comes in, and a triage file
that holds both (written before tags were kept composed) has them made one tag when it
is opened, its undo log along. They were two tags that read alike on screen."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.triage import store as store_module
from tuireader.triage.filters import unknown_tags
from tuireader.triage.store import Carried, Store

COMPOSED = unicodedata.normalize("NFC", "Überblick")
DECOMPOSED = unicodedata.normalize("NFD", "Überblick")
LOWER_DECOMPOSED = unicodedata.normalize("NFD", "überblick")
KEY = unicodedata.normalize("NFC", "überblick")


def test_the_two_forms_differ_as_text() -> None:
    assert COMPOSED != DECOMPOSED and len(DECOMPOSED) == len(COMPOSED) + 1


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "triage.sqlite3") as opened:
        assert not opened.read_only, opened.problem
        yield opened


def test_a_tag_typed_decomposed_is_the_tag_typed_composed(store: Store) -> None:
    store.add_tag("a", COMPOSED)
    store.add_tag("b", DECOMPOSED)
    store.add_tag("a", DECOMPOSED)  # the paper has it already
    store.set_tags("c", [DECOMPOSED, COMPOSED, "rl"])
    assert store.all_tags() == [(COMPOSED, 3), ("rl", 1)]
    assert store.get("a").tags == store.get("b").tags == (COMPOSED,)
    assert store.get("c").tags == ("rl", COMPOSED)
    assert store.ids_with_tag(DECOMPOSED) == store.ids_with_tag(COMPOSED) == {"a", "b", "c"}
    store.remove_tag("b", LOWER_DECOMPOSED)
    assert store.get("b").tags == ()


def test_a_tag_taken_up_decomposed_is_the_one_here(store: Store) -> None:
    store.add_tag("a", COMPOSED)
    report = store.carry_over(
        [Carried("a", tags=(DECOMPOSED,)), Carried("b", tags=(DECOMPOSED, COMPOSED))]
    )
    assert report.changes == 1  # only b's, once
    assert store.get("a").tags == store.get("b").tags == (COMPOSED,)
    assert store.all_tags() == [(COMPOSED, 2)]


# ------------------------------------------------------------------ old files


def old_file(path: Path, tags: list[tuple[str, str]], log: list[tuple[str, list]]) -> Path:
    """A triage file as tuireader wrote it before tags were kept composed (schema 5):
    each tag stored as typed, its key its case folded; ``log`` the actions of its undo
    log, oldest first, each (summary, changes of (paper, field, before, after))."""
    conn = sqlite3.connect(path)
    for version in range(1, 6):
        for statement in store_module._MIGRATIONS[version]:
            conn.execute(statement)
    for paper_id, tag in tags:
        conn.execute("INSERT INTO tags VALUES (?, ?, ?)", (paper_id, tag, tag.casefold()))
    for at, (summary, changes) in enumerate(log, start=1):
        action = conn.execute(
            "INSERT INTO actions (at, kind, summary) VALUES (?, 'tag', ?)", (float(at), summary)
        ).lastrowid
        conn.executemany(
            "INSERT INTO changes VALUES (?, ?, ?, ?, ?, ?)",
            [(action, seq, *change) for seq, change in enumerate(changes)],
        )
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    return path


def stored(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as conn:
        return sorted(conn.execute("SELECT paper_id, tag, key FROM tags"))


def test_an_old_file_has_its_two_forms_made_one_tag_on_every_paper(tmp_path: Path) -> None:
    path = old_file(
        tmp_path / "triage.sqlite3",
        [
            ("p1", DECOMPOSED),
            ("p2", COMPOSED),
            ("p3", COMPOSED),
            ("p3", DECOMPOSED),  # both on one paper
            ("p4", LOWER_DECOMPOSED),
            ("p5", "rl"),
        ],
        [],
    )
    assert len({tag for _pid, tag, _key in stored(path)}) == 4  # as the old file holds them
    with Store.open(path) as opened:
        assert not opened.read_only, opened.problem
        # decomposed and composed "Überblick" are used alike: the composed one is kept
        assert opened.all_tags() == [(COMPOSED, 4), ("rl", 1)]
        assert {pid: opened.get(pid).tags for pid in ("p1", "p2", "p3", "p4")} == dict.fromkeys(
            ("p1", "p2", "p3", "p4"), (COMPOSED,)
        )
        assert opened.ids_with_tag("überblick") == {"p1", "p2", "p3", "p4"}
        assert unknown_tags("tag:nothing", [tag for tag, _n in opened.all_tags()]) == (
            f"no paper is tagged 'nothing' (tags: {COMPOSED}, rl)"
        )
    assert stored(path) == [
        ("p1", COMPOSED, KEY),
        ("p2", COMPOSED, KEY),
        ("p3", COMPOSED, KEY),
        ("p4", COMPOSED, KEY),
        ("p5", "rl", "rl"),
    ]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION


def test_the_spelling_most_used_is_kept_written_composed(tmp_path: Path) -> None:
    path = old_file(
        tmp_path / "triage.sqlite3",
        [("p1", LOWER_DECOMPOSED), ("p2", LOWER_DECOMPOSED), ("p3", COMPOSED)],
        [],
    )
    with Store.open(path) as opened:
        assert opened.all_tags() == [(KEY, 3)]
    assert {tag for _pid, tag, _key in stored(path)} == {KEY}


def test_an_old_files_undo_log_takes_back_what_each_action_did_to_the_one_tag(
    tmp_path: Path,
) -> None:
    path = old_file(
        tmp_path / "triage.sqlite3",
        [
            ("p1", DECOMPOSED),
            ("p3", COMPOSED),
            ("p3", DECOMPOSED),
            ("p6", COMPOSED),  # tagged before the log begins
            ("p6", DECOMPOSED),
        ],
        [
            (f"added tag '{COMPOSED}'", [("p3", "tag", None, COMPOSED)]),
            (
                f"added tag '{DECOMPOSED}'",
                [
                    ("p1", "tag", None, DECOMPOSED),
                    ("p3", "tag", None, DECOMPOSED),
                    ("p6", "tag", None, DECOMPOSED),
                ],
            ),
            (f"added tag '{DECOMPOSED}'", [("p6", "tag", None, DECOMPOSED)]),
        ],
    )
    with Store.open(path) as opened:
        with sqlite3.connect(path) as conn:
            logged = conn.execute("SELECT before, after FROM changes").fetchall()
            summaries = [row[0] for row in conn.execute("SELECT summary FROM actions")]
        assert set(logged) == {(None, COMPOSED)}  # no change names the decomposed form
        assert summaries == [f"added tag '{COMPOSED}'"] * 2  # the last one did nothing
        # the second action put the tag on p1 only: p3 and p6 had it already
        undone = opened.undo()
        assert undone is not None and undone.paper_ids == ("p1",)
        assert {pid: opened.get(pid).tags for pid in ("p1", "p3", "p6")} == {
            "p1": (),
            "p3": (COMPOSED,),
            "p6": (COMPOSED,),
        }
        undone = opened.undo()
        assert undone is not None and undone.paper_ids == ("p3",)
        assert opened.get("p3").tags == () and opened.get("p6").tags == (COMPOSED,)
        assert opened.undo() is None
    assert stored(path) == [("p6", COMPOSED, KEY)]


def test_an_old_files_undo_puts_a_tag_taken_off_back_composed(tmp_path: Path) -> None:
    path = old_file(
        tmp_path / "triage.sqlite3",
        [("p2", COMPOSED)],
        [(f"removed tag '{DECOMPOSED}'", [("p1", "tag", DECOMPOSED, None)])],
    )
    with Store.open(path) as opened:
        assert opened.undo() is not None
        assert opened.all_tags() == [(COMPOSED, 2)]
    assert stored(path) == [("p1", COMPOSED, KEY), ("p2", COMPOSED, KEY)]


def test_a_file_made_one_tag_is_not_changed_again_when_opened(tmp_path: Path) -> None:
    path = old_file(tmp_path / "triage.sqlite3", [("p1", DECOMPOSED), ("p2", COMPOSED)], [])
    with Store.open(path):
        pass
    with Store.open(path) as opened:
        opened.add_tag("p3", DECOMPOSED)
        assert opened.undo() is not None  # the action just made, nothing older
        assert opened.undo() is None
    assert stored(path) == [("p1", COMPOSED, KEY), ("p2", COMPOSED, KEY)]


# ------------------------------------------------------------------ the command line

RECORDS = [
    {"title": "Learning to grasp in clutter", "authors": ["Ada Lovelace"], "abstract": "a"},
    {"title": "Walking robots on rough ground", "authors": ["Alan Turing"], "abstract": "b"},
]


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tagged(tmp_path: Path, capsys):
    """A list of two papers, the first tagged composed and the second decomposed."""
    lst, data = tmp_path / "list.jsonl", tmp_path / "data"
    lst.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    common = (lst, "--data-dir", data)
    ids = [
        json.loads(run(capsys, "search", word, *common, "--json")[1])["hits"][0]["id"]
        for word in ("grasp", "walking")
    ]
    assert run(capsys, "triage", ids[0], "--tag", COMPOSED, *common)[0] == 0
    assert run(capsys, "triage", ids[1], "--tag", DECOMPOSED, *common)[0] == 0
    return common, ids


def tags_of(capsys, common, paper_id: str) -> list[str]:
    return json.loads(run(capsys, "show", paper_id, *common, "--json")[1])["tags"]


def test_the_command_line_tags_decomposed_as_composed(capsys, tagged) -> None:
    common, ids = tagged
    assert tags_of(capsys, common, ids[1]) == [COMPOSED]
    _code, _out, err = run(capsys, "search", "tag:nothing", *common)
    assert err.count("Überblick") == 1 and f"(tags: {COMPOSED})" in err, err
    _code, out, _err = run(capsys, "search", f"tag:{DECOMPOSED}", *common, "--json")
    assert sorted(hit["id"] for hit in json.loads(out)["hits"]) == sorted(ids)


@pytest.mark.parametrize("form", ["json", "csv", "ris"])
def test_an_export_taken_up_decomposed_adds_no_second_tag(
    tmp_path: Path, capsys, tagged, form: str
) -> None:
    common, ids = tagged
    export = tmp_path / f"marks.{form}"
    assert run(capsys, "export", "--format", form, "-o", export, *common)[0] == 0
    text = export.read_text(encoding="utf-8")
    assert COMPOSED in text
    export.write_text(text.replace(COMPOSED, DECOMPOSED), encoding="utf-8")
    code, _out, err = run(capsys, "import", export, *common)
    assert code == 0 and "nothing changed" in err, err
    assert [tags_of(capsys, common, pid) for pid in ids] == [[COMPOSED], [COMPOSED]]
