"""A list's own ids (BibTeX keys, row numbers) given to other papers by a re-scrape.

A mark follows its paper to its new key on the first load, also when that key named
another marked paper (keys swapped or rotated); a mark whose paper is gone is detached,
never left on the paper that took its key.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.session import Session, load_session
from tuireader.triage.store import Store, follow_moves

EBM = "Energy-Based Models for Continual Learning"
MAML = "How Does the Task Landscape Affect MAML Performance?"
GAT = "Graph Attention Networks"


def session(data: Path, *sources: Path) -> Session:
    return load_session(list(sources), data_dir=data, default_catalogs=False)


def bib(path: Path, entries: list[tuple[str, str, str]]) -> Path:
    """``path`` holding one entry per (key, title, first author "Family, Given")."""
    text = "".join(
        f"@inproceedings{{{key}, title={{{title}}}, author={{{author}}}, year={{2022}}}}\n"
        for key, title, author in entries
    )
    path.write_text(text, encoding="utf-8")
    return path


def tag_each(s: Session, tags: dict[str, str]) -> dict[str, str]:
    """Tag each paper (by its first author's family name); their ids by that name."""
    ids = {paper.authors[0].split()[-1]: paper.id for paper in s.library}
    with s.open_store() as store:
        for name, tag in tags.items():
            store.add_tag(ids[name], tag)
    return ids


def tagged(s: Session) -> dict[str, tuple[str, ...]]:
    """Each tagged paper's tags, by its first author's family name, as read now."""
    with Store.open(s.paths.state_db) as store:
        tags = store.snapshot().tags
    return {p.authors[0].split()[-1]: tuple(tags[p.id]) for p in s.library if p.id in tags}


def detached(s: Session) -> list[str]:
    with Store.open(s.paths.state_db) as store:
        return sorted(mark.title for mark in store.detached({p.id for p in s.library}))


def test_two_swapped_keys_keep_each_mark_on_its_paper_in_one_load(tmp_path: Path) -> None:
    # the first load after the swap said both marks were detached; the second put them right
    data = tmp_path / "data"
    path = bib(tmp_path / "list.bib", [("a", EBM, "Li, Shuang"), ("b", MAML, "Collins, Liam")])
    before = tag_each(session(data, path), {"Li": "ebm", "Collins": "maml"})
    bib(path, [("b", EBM, "Li, Shuang"), ("a", MAML, "Collins, Liam")])
    again = session(data, path)
    assert again.triage is not None and again.triage.detached == ()
    assert tagged(again) == {"Li": ("ebm",), "Collins": ("maml",)}
    assert detached(again) == []
    now = {paper.authors[0].split()[-1]: paper.id for paper in again.library}
    assert now == {"Li": before["Collins"], "Collins": before["Li"]}
    # a reader that showed the old ids follows the moves to each paper's new id
    with Store.open(again.paths.state_db) as store:
        moves = store.moves()
    assert {name: follow_moves(before[name], moves) for name in now} == now
    assert tagged(session(data, path)) == tagged(again)  # and nothing moves on the next load


def test_three_rotated_keys_keep_each_mark_on_its_paper_in_one_load(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = tmp_path / "list.bib"
    entries = [(EBM, "Li, Shuang"), (MAML, "Collins, Liam"), (GAT, "Velickovic, Petar")]
    bib(path, [(key, *entry) for key, entry in zip("abc", entries, strict=True)])
    tag_each(session(data, path), {"Li": "ebm", "Collins": "maml", "Velickovic": "gat"})
    bib(path, [(key, *entry) for key, entry in zip("bca", entries, strict=True)])
    again = session(data, path)
    assert tagged(again) == {"Li": ("ebm",), "Collins": ("maml",), "Velickovic": ("gat",)}
    assert detached(again) == []


def test_a_short_title_under_its_key_by_another_author_takes_no_mark(tmp_path: Path) -> None:
    # Smith's keep and tag stayed on Jones's "Introduction" once it took her key, and
    # Jones's own tag was said detached
    data = tmp_path / "data"
    path = tmp_path / "list.bib"
    bib(path, [("k0", "Introduction", "Smith, Ann"), ("k1", "Introduction", "Jones, Bob")])
    first = session(data, path)
    ids = tag_each(first, {"Smith": "smith", "Jones": "jones"})
    with first.open_store() as store:
        store.set_state(ids["Smith"], "kept")
    bib(path, [("k0", "Introduction", "Jones, Bob")])
    again = session(data, path)
    assert tagged(again) == {"Jones": ("jones",)}
    # one mark followed its paper (the command line says how many), one is detached
    assert again.triage is not None and len(again.triage.detached) == 1
    assert [move.new_id for move in again.triage.moved] == [ids["Smith"]]
    assert detached(again) == ["Introduction"]
    with Store.open(again.paths.state_db) as store:
        (mark,) = store.detached({paper.id for paper in again.library})
    assert mark.state == "kept" and mark.tags == ("smith",)


def test_a_short_title_keeps_its_mark_when_only_its_authors_accents_change(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    path = bib(tmp_path / "list.bib", [("k0", "Introduction", "Velickovic, Petar")])
    tag_each(session(data, path), {"Velickovic": "gat"})
    bib(path, [("k0", "Introduction", "Veličković, Petar")])
    again = session(data, path)
    assert tagged(again) == {"Veličković": ("gat",)} and detached(again) == []


def test_one_authors_two_short_titles_under_one_key_keep_the_mark_on_the_one_left(
    tmp_path: Path,
) -> None:
    # nothing tells one author's two "Introduction"s apart once the other's key is gone
    data = tmp_path / "data"
    path = tmp_path / "list.bib"
    bib(path, [("k0", "Introduction", "Smith, Ann"), ("k1", "Introduction", "Smith, Ann")])
    first = session(data, path)
    with first.open_store() as store:
        store.add_tag(first.library.papers[0].id, "first")
    bib(path, [("k0", "Introduction", "Smith, Ann")])
    assert tagged(session(data, path)) == {"Smith": ("first",)}


def test_a_first_authors_accents_put_in_keep_the_mark_of_a_paper_without_ids(
    tmp_path: Path,
) -> None:
    # a list without ids or abstracts names a paper by its title, first author and year:
    # "Velickovic" written "Veličković" detached its keep and tag
    data = tmp_path / "data"
    path = tmp_path / "list.md"
    line = "- [Graph Attention Networks](https://example.org/gat). *Petar {}, Guillem Cucurull*. ICLR 2018.\n"
    path.write_text(line.format("Velickovic"), encoding="utf-8")
    first = session(data, path)
    (paper,) = first.library.papers
    with first.open_store() as store:
        store.set_state(paper.id, "kept")
        store.add_tag(paper.id, "gat")
    path.write_text(line.format("Veličković"), encoding="utf-8")
    again = session(data, path)
    assert again.library.papers[0].id != paper.id  # its id changed with the name
    assert tagged(again) == {"Veličković": ("gat",)} and detached(again) == []
    with Store.open(again.paths.state_db) as store:
        assert store.states() == {again.library.papers[0].id: "kept"}


def test_accents_put_in_with_a_title_mended_or_a_year_changed_keep_the_mark(
    tmp_path: Path,
) -> None:
    # the finder's other title-and-author rules looked the name up letter for letter
    data = tmp_path / "data"
    path = tmp_path / "list.csv"
    head = "title,authors,abstract,year\n"
    path.write_text(
        head
        + "Graph Atention Networks,Petar Velickovic,,2018\n"
        + "Third Paper,Ann Muller,About graphs.,2023\n",
        encoding="utf-8",
    )
    tag_each(session(data, path), {"Velickovic": "gat", "Muller": "third"})
    path.write_text(
        head
        + "Graph Attention Networks,Petar Veličković,,2018\n"
        + "Third Paper,Ann Müller,About graphs.,2024\n",
        encoding="utf-8",
    )
    again = session(data, path)
    assert tagged(again) == {"Veličković": ("gat",), "Müller": ("third",)}
    assert detached(again) == []


def test_a_short_titles_key_found_on_another_authors_paper_takes_no_mark(tmp_path: Path) -> None:
    # Smith's "Introduction" was named by its DOI; the next scrape dropped it and gave
    # her key to Jones's "Introduction": her tag went to his paper, "same source"
    data = tmp_path / "data"
    path = tmp_path / "list.bib"
    entry = "@inproceedings{{k0, title={{Introduction}}, author={{{}}}, year={{2024}}{}}}\n"
    path.write_text(entry.format("Smith, Ann", ", doi={10.1/smith}"), encoding="utf-8")
    tag_each(session(data, path), {"Smith": "smith"})
    path.write_text(entry.format("Jones, Bob", ""), encoding="utf-8")
    again = session(data, path)
    assert tagged(again) == {} and detached(again) == ["Introduction"]
    # her paper read again, by its key alone, takes it back
    path.write_text(entry.format("Smith, Ann", ""), encoding="utf-8")
    assert tagged(session(data, path)) == {"Smith": ("smith",)}
