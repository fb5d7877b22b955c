"""Marks each on its paper, as the last look at the same lists left them, are not looked
at again: a command on a library with thousands of marks made what identifies every
marked paper at every run (0.2 s of 2,610 marks). Any mark, identity or list file kept
since, by this program or another, makes the next command look again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.session import Session, load_session
from tuireader.triage.store import ReattachReport, Store, StoredIdentity

EBM = "Energy-Based Models for Continual Learning"
MAML = "How Does the Task Landscape Affect MAML Performance?"
GAT = "Graph Attention Networks"


def session(data: Path, *sources: Path) -> Session:
    return load_session(list(sources), data_dir=data, default_catalogs=False)


def bib(path: Path, entries: list[tuple[str, str, str]]) -> Path:
    """``path`` holding one entry per (key, title, first author "Family, Given")."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(
        f"@inproceedings{{{key}, title={{{title}}}, author={{{author}}}, year={{2022}}}}\n"
        for key, title, author in entries
    )
    path.write_text(text, encoding="utf-8")
    return path


def looks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The papers whose identity is made for a look at the marks, as commands run."""
    made: list[str] = []
    real = StoredIdentity.of.__func__  # type: ignore[attr-defined]

    def of(cls, paper):  # type: ignore[no-untyped-def]
        made.append(paper.title)
        return real(cls, paper)

    monkeypatch.setattr(StoredIdentity, "of", classmethod(of))
    return made


def tags(s: Session) -> dict[str, tuple[str, ...]]:
    """Each tagged paper's tags, by its title, as read now."""
    with Store.open(s.paths.state_db) as store:
        found = store.snapshot().tags
    return {p.title: found[p.id] for p in s.library if p.id in found}


def test_marks_as_the_last_look_left_them_are_not_looked_at_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    lst = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", MAML, "Collins, Liam")])
    first = session(data, lst)
    with first.open_store() as store:
        for paper in first.library.papers:
            store.add_tag(paper.id, "read")
    session(data, lst)  # the look that finds every mark on its paper
    made = looks(monkeypatch)
    again = session(data, lst)
    assert again.triage == ReattachReport()
    assert made == []
    assert tags(again) == {EBM: ("read",), MAML: ("read",)}
    # commands: the first reads the lists (its own catalogs) and identifies the marked
    # papers; the next, which reads them from the cache paper by paper, takes what the
    # first found of the same papers, and the next look at nothing, also with the
    # reader's look between
    counts = []
    for _ in range(4):
        assert main(["search", "tag:read", str(lst), "--data-dir", str(data)]) == 0
        counts.append(len(made))
        made.clear()
    assert counts == [2, 0, 0, 0]
    assert session(data, lst).triage == ReattachReport()
    assert main(["search", "tag:read", str(lst), "--data-dir", str(data)]) == 0
    assert made == []


def test_a_mark_made_since_is_looked_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    lst = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", MAML, "Collins, Liam")])
    first = session(data, lst)
    ebm, maml = (paper.id for paper in first.library.papers)
    with first.open_store() as store:
        store.add_tag(ebm, "read")
    session(data, lst)
    made = looks(monkeypatch)
    with Store.open(first.paths.state_db) as store:  # as another program does
        store.set_state(maml, "kept")
    assert session(data, lst).triage == ReattachReport()
    # what identifies the paper marked before is as the last look found it, not made again
    assert made == [MAML]
    made.clear()
    assert session(data, lst).triage == ReattachReport()
    assert made == []


def test_a_mark_another_list_gave_the_same_id_is_never_left_on_this_lists_paper(
    tmp_path: Path,
) -> None:
    # two lists of one name in two folders give their papers under one key one id: the
    # mark the other list's paper took is not this list's paper's, however settled the
    # marks were on this list before
    data = tmp_path / "data"
    mine = bib(
        tmp_path / "here" / "list.bib", [("a", EBM, "Li, Shuang"), ("b", GAT, "Velickovic, Petar")]
    )
    theirs = bib(tmp_path / "there" / "list.bib", [("a", MAML, "Collins, Liam")])
    first = session(data, mine)
    with first.open_store() as store:
        store.add_tag(first.library.papers[0].id, "ebm")
    session(data, mine)
    assert tags(session(data, mine)) == {EBM: ("ebm",)}
    other = session(data, theirs)
    assert other.library.papers[0].id == first.library.papers[0].id
    with other.open_store() as store:
        store.add_tag(other.library.papers[0].id, "maml")
    assert tags(session(data, theirs)) == {MAML: ("maml",)}
    assert tags(session(data, mine)) == {EBM: ("ebm",)}
    assert tags(session(data, mine)) == {EBM: ("ebm",)}


def test_an_identity_kept_since_by_another_program_is_looked_at(tmp_path: Path) -> None:
    data = tmp_path / "data"
    lst = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", GAT, "Velickovic, Petar")])
    first = session(data, lst)
    ebm = first.library.papers[0].id
    with first.open_store() as store:
        store.add_tag(ebm, "ebm")
    session(data, lst)
    # another program kept, for the marked id, another paper's identity: the id names
    # this list's paper, not the one marked, and the mark leaves it
    with sqlite3.connect(first.paths.state_db) as conn:
        conn.execute(
            "UPDATE identity SET title = ?, title_key = ?, first_author = ? WHERE paper_id = ?",
            (MAML, "how does the task landscape affect maml performance", "collins", ebm),
        )
    conn.close()
    again = session(data, lst)
    assert again.triage is not None
    assert [mark.title for mark in again.triage.detached] == [MAML]
    assert tags(again) == {}


def test_a_list_file_kept_since_is_looked_at(tmp_path: Path) -> None:
    data = tmp_path / "data"
    lst = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", GAT, "Velickovic, Petar")])
    first = session(data, lst)
    ebm = first.library.papers[0].id
    with first.open_store() as store:
        store.add_tag(ebm, "ebm")
    session(data, lst)
    with sqlite3.connect(first.paths.state_db) as conn:
        conn.execute("DELETE FROM seen_in WHERE paper_id = ?", (ebm,))
    conn.close()
    session(data, lst)
    with Store.open(first.paths.state_db) as store:
        assert store.seen_in([ebm]) == {ebm: {str(lst.absolute())}}


def test_an_identity_kept_while_a_look_is_made_is_looked_at_by_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    lst = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", GAT, "Velickovic, Petar")])
    first = session(data, lst)
    ebm, gat = (paper.id for paper in first.library.papers)
    with first.open_store() as store:
        store.add_tag(ebm, "ebm")
    session(data, lst)
    with first.open_store() as store:
        store.add_tag(gat, "gat")  # the next load looks
    keep = Store._keep_seen_in

    def meanwhile(store: Store, *args):  # type: ignore[no-untyped-def]
        keep(store, *args)
        # another program keeps, for the marked id, another paper's identity as the look
        # ends, after it read the identities
        with sqlite3.connect(first.paths.state_db) as conn:
            conn.execute(
                "UPDATE identity SET title = ?, title_key = ?, first_author = ? WHERE paper_id = ?",
                (MAML, "how does the task landscape affect maml performance", "collins", ebm),
            )
        conn.close()

    monkeypatch.setattr(Store, "_keep_seen_in", meanwhile)
    assert session(data, lst).triage == ReattachReport()
    monkeypatch.setattr(Store, "_keep_seen_in", keep)
    again = session(data, lst)
    assert again.triage is not None
    assert [mark.title for mark in again.triage.detached] == [MAML]
    assert tags(again) == {GAT: ("gat",)}


def test_a_paper_edited_in_its_list_is_identified_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    lst = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", GAT, "Velickovic, Petar")])
    first = session(data, lst)
    ebm, gat = (paper.id for paper in first.library.papers)
    with first.open_store() as store:
        store.add_tag(ebm, "ebm")
        store.add_tag(gat, "gat")
    session(data, lst)
    mended = "Energy-Based Models for Continual Learning Without Forgetting"
    bib(lst, [("a", mended, "Li, Shuang"), ("b", GAT, "Velickovic, Petar")])
    made = looks(monkeypatch)
    again = session(data, lst)
    assert again.triage == ReattachReport()
    assert sorted(made) == sorted([mended, GAT])  # the lists changed: each made again
    with Store.open(first.paths.state_db) as store:
        assert {pid: found.title for pid, found in store.identities([ebm, gat]).items()} == {
            ebm: mended,
            gat: GAT,
        }
    assert tags(again) == {mended: ("ebm",), GAT: ("gat",)}
