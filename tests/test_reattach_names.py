"""A first author's name spelt anew by a re-scrape keeps the marks of a paper without ids.

A paper of a list without DOI or ids is known by its title, first author and abstract,
and its id is made of them: a typo in the name mended ("Lovelace" for "Lovelance"), an
accent put in ("Müller" for "Muller") or a transliteration undone ("Müller" for
"Mueller") gives it a new id, and its marks follow it there when its title and abstract
are still its own. Another first author over the same title and abstract is another
paper of a series (see ``test_reattach_series``), and so is a short name a letter from
another ("Li", "Lee").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tuireader.session import Session, load_session
from tuireader.triage.store import Store

SLICE = Path(__file__).parent / "fixtures" / "carry" / "icml2024_abstracts_slice.jsonl"


def paper(first_author: str, *, abstract_edit: bool = False) -> dict[str, Any]:
    """A paper of the ICML 2024 list (its title and abstract), by ``first_author``."""
    record = json.loads(SLICE.read_text(encoding="utf-8").splitlines()[0])
    abstract = record["abstract"]
    if abstract_edit:  # a word mended: the abstract is no longer the same letter for letter
        abstract = abstract.replace("We investigate", "We study")
    return {
        "title": record["title"],
        "authors": [first_author, "Alan Turing"],
        "abstract": abstract,
        "year": 2024,
    }


def load(data: Path, lst: Path, records: list[dict[str, Any]]) -> Session:
    lst.write_text(json.dumps(records), encoding="utf-8")
    return load_session([lst], data_dir=data, default_catalogs=False)


def marked_then(tmp_path: Path, before: str, after: dict[str, Any]) -> tuple[str, Session]:
    """The paper by ``before`` kept and tagged, then the list holding ``after`` in its
    place: the paper's id before, and the session after."""
    lst, data = tmp_path / "list.json", tmp_path / "data"
    first = load(data, lst, [paper(before)])
    (was,) = first.library.papers
    with first.open_store() as store:
        store.set_state(was.id, "kept")
        store.add_tag(was.id, "coresets")
    return was.id, load(data, lst, [after])


def marks(s: Session) -> dict[str, tuple[str, tuple[str, ...]]]:
    with Store.open(s.paths.state_db) as store:
        return {
            p.authors[0]: (store.get(p.id).state, store.get(p.id).tags) for p in s.library.papers
        }


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Ada Lovelace", "Ada Lovelance"),  # a letter put in
        ("Ada Lovelance", "Ada Lovelace"),  # and taken out
        ("Peyman Afshnai", "Peyman Afshani"),  # two letters swapped
        ("Hans Muller", "Hans Müller"),  # an accent put in
        ("Hans Mueller", "Hans Müller"),  # a transliteration undone
        ("Hans Müller", "Hans Mueller"),  # and made
        ("Ada Sørensen", "Ada Soerensen"),
    ],
)
@pytest.mark.parametrize("abstract_edit", [False, True])
def test_a_first_authors_name_spelt_anew_keeps_the_mark(
    tmp_path: Path, before: str, after: str, abstract_edit: bool
) -> None:
    was, now = marked_then(tmp_path, before, paper(after, abstract_edit=abstract_edit))
    assert now.triage is not None and now.triage.detached == ()
    assert marks(now) == {after: ("kept", ("coresets",))}
    assert now.library.papers[0].id != was or before.split()[-1] == after.split()[-1]


@pytest.mark.parametrize(
    "after",
    [
        "Ann Li",  # a short name a letter from the marked "Lee" is another family's
        "Carl Diaz",  # another first author over the same title and abstract
    ],
)
def test_another_first_author_over_the_same_title_and_abstract_takes_no_mark(
    tmp_path: Path, after: str
) -> None:
    _was, now = marked_then(tmp_path, "Ann Lee", paper(after))
    assert now.triage is not None and len(now.triage.detached) == 1
    assert marks(now) == {after: ("new", ())}


def test_a_name_a_letter_apart_under_another_title_takes_no_mark(tmp_path: Path) -> None:
    # the name is taken for the same spelt anew only where the title is the paper's too
    other = paper("Ada Lovelance") | {"title": "Coresets for median queries in the plane"}
    _was, now = marked_then(tmp_path, "Ada Lovelace", other)
    assert now.triage is not None and len(now.triage.detached) == 1
    assert marks(now) == {"Ada Lovelance": ("new", ())}
