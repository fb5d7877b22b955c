"""A mark follows its paper when a re-scraped list changes only the paper's year.

A paper without a strong key is identified by its normalised title, first author and
year: a preprint published the next year gets a new id. A title long enough to identify
a paper finds it again; a short one ("Third Paper") does when it is, with its first
author, the one such paper of the lists, its abstract unchanged.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.session import Session, load_session

HEADER = "title,authors,abstract,year\n"
ROWS = [
    "First Paper,Ann Lee,About graphs.,2023",
    "Second Paper,Bob Stone,About robots.,2024",
    "Third Paper,Cara Diaz,About proteins.,2024",
]


def write(path: Path, rows: list[str]) -> Path:
    path.write_text(HEADER + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def session(data: Path, *sources: Path) -> Session:
    return load_session(list(sources), data_dir=data, default_catalogs=False)


def keep(s: Session, title: str, year: int) -> str:
    (paper,) = [p for p in s.library.papers if p.title == title and p.year == year]
    with s.open_store() as store:
        store.set_state(paper.id, "kept")
        store.add_tag(paper.id, "later")
    return paper.id


def kept(s: Session) -> dict[str, tuple[str, int | None]]:
    with s.open_store() as store:
        states = store.states()
    return {
        paper.id: (paper.title, paper.year)
        for paper in s.library.papers
        if states.get(paper.id) == "kept"
    }


def test_a_mark_follows_a_short_titled_paper_whose_year_alone_changed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    lst = write(tmp_path / "list.csv", ROWS)
    old = keep(session(data, lst), "Third Paper", 2024)
    write(lst, [*ROWS[:2], ROWS[2].replace("2024", "2025")])
    again = session(data, lst)
    (now,) = [p for p in again.library.papers if p.title == "Third Paper"]
    assert now.id != old and now.year == 2025
    assert again.triage is not None and again.triage.detached == ()
    ((move),) = again.triage.moved
    assert (move.old_id, move.new_id, move.reason) == (old, now.id, "same title and first author")
    assert kept(again) == {now.id: ("Third Paper", 2025)}
    with again.open_store() as store:
        assert store.get(now.id).tags == ("later",)
        assert [(m.old_id, m.new_id) for m in store.moves()] == [(old, now.id)]


def test_a_long_title_whose_year_changed_is_followed_too(tmp_path: Path) -> None:
    data = tmp_path / "data"
    rows = [*ROWS[:2], "Protein Folding at Scale,Cara Diaz,About proteins.,2024"]
    lst = write(tmp_path / "list.csv", rows)
    old = keep(session(data, lst), "Protein Folding at Scale", 2024)
    write(lst, [*rows[:2], rows[2].replace("2024", "2025")])
    again = session(data, lst)
    assert again.triage is not None and again.triage.detached == ()
    assert [m.old_id for m in again.triage.moved] == [old]
    assert list(kept(again).values()) == [("Protein Folding at Scale", 2025)]


def test_one_authors_two_papers_of_one_title_stay_apart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    rows = [*ROWS, "Third Paper,Cara Diaz,About proteins.,2023"]
    lst = write(tmp_path / "list.csv", rows)
    first = session(data, lst)
    assert len({p.id for p in first.library.papers}) == 4  # two papers, two ids
    old = keep(first, "Third Paper", 2024)
    # both present: the mark stays on its own paper, the other gets none
    again = session(data, lst)
    assert again.triage is not None and again.triage.moved == ()
    assert kept(again) == {old: ("Third Paper", 2024)}
    # the marked one's year changes while the other is still there: which one the mark
    # is on cannot be told, so it stays detached rather than go to either
    write(lst, [*ROWS[:2], ROWS[2].replace("2024", "2025"), rows[3]])
    changed = session(data, lst)
    assert changed.triage is not None and changed.triage.moved == ()
    assert [mark.paper_id for mark in changed.triage.detached] == [old]
    assert kept(changed) == {}


def test_a_short_title_by_another_author_or_with_another_abstract_takes_no_mark(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    lst = write(tmp_path / "list.csv", ROWS)
    old = keep(session(data, lst), "Third Paper", 2024)
    for row in (
        "Third Paper,Dan Diaz-Ortiz,About proteins.,2025",  # another first author
        "Third Paper,Cara Diaz,About ligands.,2025",  # another abstract
    ):
        write(lst, [*ROWS[:2], row])
        again = session(data, lst)
        assert again.triage is not None and again.triage.moved == (), row
        assert [mark.paper_id for mark in again.triage.detached] == [old]
