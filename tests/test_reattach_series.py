"""Marks follow a re-scraped paper and never move to another paper of its series.

Lists hold series of papers written from one template (numbered studies, "Part I" and
"Part II", errata, replies): their abstracts are alike enough for a mark to be looked for
by its abstract, and only the title and the authors tell the papers apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tuireader.session import Session, load_session
from tuireader.triage.store import Store

REAL = Path(__file__).parent / "fixtures" / "real_lists"

TOPICS = [
    "kitchens with cluttered shelves and fragile glassware",
    "warehouses where pallets move quickly between narrow aisles",
    "hospitals whose corridors are crowded with visitors at night",
]


def study(word: str, n: int, author: str = "Ann Lee") -> dict[str, Any]:
    return {
        "title": f"{word} study {n} with careful experiments",
        "authors": [author, "Bo Chen"],
        "abstract": (
            f"We study {word.lower()} robots in {TOPICS[n]} and report careful experiments "
            "on their behaviour, measuring success rates over many trials with several "
            "baselines and ablations."
        ),
        "year": 2024,
    }


def load(data: Path, lst: Path, records: list[dict[str, Any]]) -> Session:
    lst.write_text(json.dumps(records), encoding="utf-8")
    return load_session([lst], data_dir=data, default_catalogs=False)


def mark_all(s: Session) -> dict[str, str]:
    """Keeps every paper, tagged with a tag of its own; the tag by title."""
    tags = {}
    with s.open_store() as store:
        for n, paper in enumerate(s.library.papers):
            store.set_state(paper.id, "kept")
            store.add_tag(paper.id, f"p{n}")
            tags[paper.title] = f"p{n}"
    return tags


def tags_now(s: Session) -> dict[str, tuple[str, ...]]:
    with Store.open(s.paths.state_db) as store:
        return {paper.title: store.get(paper.id).tags for paper in s.library.papers}


def test_a_study_of_a_series_takes_none_of_the_marks_of_the_one_removed(
    tmp_path: Path,
) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    grasping = [study("Grasping", n) for n in range(3)]
    walking = [study("Walking", n) for n in range(3)]
    mark_all(load(data, lst, grasping))
    # the grasping studies leave the list; the walking ones, a word apart, come in
    after = load(data, lst, walking)
    assert after.triage is not None and after.triage.moved == ()
    assert len(after.triage.detached) == 3
    assert all(tags == () for tags in tags_now(after).values())


@pytest.mark.parametrize(
    ("title", "author"),
    [
        ("Walking study 1 with careful experiments Part II", "Ann Lee"),
        ("Grasping study 2 with careful experiments", "Ann Lee"),  # another number
        ("Erratum: Walking study 1 with careful experiments", "Ann Lee"),
        ("Reply to comments on Walking study 1 with careful experiments", "Ann Lee"),
        ("Walking study 1 with careful experiments", "Carl Diaz"),  # other authors
    ],
)
def test_another_paper_of_the_series_takes_no_mark(tmp_path: Path, title: str, author: str) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    marked = study("Walking", 1)
    mark_all(load(data, lst, [marked]))
    # its abstract one word apart, so the mark is looked for by the abstract
    sibling = study("Walking", 1, author) | {"title": title}
    sibling["abstract"] = sibling["abstract"].replace("several", "many")
    after = load(data, lst, [sibling])
    assert after.triage is not None and after.triage.moved == ()
    assert tags_now(after) == {title: ()}


def real_records() -> list[dict[str, Any]]:
    """Five papers with abstracts of CoRL 2023, NeurIPS 2017 and a Zotero library, as a
    list of them gives them."""
    records = []
    for name in ("corl2023_slice.json", "nips2017_slice.json", "zotero_csl_slice.json"):
        for record in json.loads((REAL / name).read_text(encoding="utf-8")):
            if not record.get("abstract"):
                continue
            if isinstance(record["author"], list):
                authors = [f"{a.get('given', '')} {a['family']}" for a in record["author"]]
            else:
                authors = [a.strip() for a in str(record["author"]).split(";") if a.strip()]
            records.append(
                {"title": record["title"], "authors": authors, "abstract": record["abstract"]}
            )
    return records


def test_marks_follow_papers_whose_titles_a_re_scrape_edited(tmp_path: Path) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    before = real_records()
    # the first scrape had a typo in one title, two letters of a short word swapped
    assert before[2]["title"].startswith("Best of Both Worlds")
    before[2]["title"] = before[2]["title"].replace("Best", "Bset")
    tags = mark_all(load(data, lst, before))
    edits = [
        str.upper,  # the case changed
        lambda title: title.replace(" ", " - ", 1) + ".",  # punctuation
        lambda title: title.replace("Bset", "Best"),  # the typo mended
        lambda title: title + ": A Study in Practice",  # a subtitle added
        str.lower,
    ]
    after_records = []
    for record, edit in zip(before, edits, strict=True):
        # the abstract edited too: a word of it, so only its words are alike
        words = record["abstract"].split()
        words[10] += "s"
        after_records.append(record | {"title": edit(record["title"]), "abstract": " ".join(words)})
    after = load(data, lst, after_records)
    assert after.triage is not None and after.triage.detached == ()
    expected = {
        new["title"]: (tags[old["title"]],) for old, new in zip(before, after_records, strict=True)
    }
    assert tags_now(after) == expected


@pytest.mark.parametrize(
    ("title", "author"),
    [
        ("Walking study 1 with careful experiments", "Ann Lee"),
        ("Grasping study 1 with careful experiments Part II", "Ann Lee"),
        ("Grasping study 10 with careful experiments", "Ann Lee"),  # a number one digit longer
        ("Grasping study 1 with careful experiments", "Carl Diaz"),
    ],
)
def test_an_abstract_a_series_shares_word_for_word_moves_no_mark(
    tmp_path: Path, title: str, author: str
) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    template = study("Grasping", 1)
    mark_all(load(data, lst, [template]))
    after = load(data, lst, [study("Grasping", 1, author) | {"title": title}])
    assert after.triage is not None and after.triage.moved == ()
    assert tags_now(after) == {title: ()}


def test_a_paper_retitled_whole_over_its_abstract_keeps_its_marks(tmp_path: Path) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    (record,) = real_records()[:1]
    tags = mark_all(load(data, lst, [record]))
    # the title rewritten, not edited: it shares few words with the first
    retitled = record | {"title": "Hybrid Models of Robots Touching Objects"}
    after = load(data, lst, [retitled])
    assert tags_now(after) == {retitled["title"]: (tags[record["title"]],)}


def test_a_word_put_in_the_place_of_another_the_title_has_already_is_another_paper(
    tmp_path: Path,
) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    # CoRL 2023's title, and one a word apart whose new word it holds already
    title = "Structural Concept Learning via Graph Attention for Multi-Level Rearrangement Planning"
    mark_all(load(data, lst, [study("Grasping", 1) | {"title": title}]))
    other = title.replace("Learning", "Planning")
    after = load(data, lst, [study("Grasping", 1) | {"title": other}])
    assert after.triage is not None and after.triage.moved == ()
    assert tags_now(after) == {other: ()}


@pytest.mark.parametrize(
    "title",
    [
        "Careful experiments with grasping robots, study 1",  # reworded, the number kept
        "Grasping study 1 with careful experiments: robots in kitchens",  # a subtitle
        "Grasping stduy 1 with careful experiments",  # a typo made
    ],
)
def test_a_title_reworded_over_the_same_abstract_keeps_its_marks(
    tmp_path: Path, title: str
) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    tags = mark_all(load(data, lst, [study("Grasping", 1)]))
    after = load(data, lst, [study("Grasping", 1) | {"title": title}])
    assert tags_now(after) == {title: (tags[study("Grasping", 1)["title"]],)}


def test_marks_follow_their_papers_given_a_subtitle_beside_the_rest_of_the_series(
    tmp_path: Path,
) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    grasping = [study("Grasping", n) for n in range(3)]
    walking = [study("Walking", n) for n in range(3)]
    tags = mark_all(load(data, lst, grasping))
    # re-scraped: the grasping studies given a subtitle and a word of their abstracts
    # edited, the walking ones (their abstracts as alike) in the list beside them
    edited = [
        record
        | {
            "title": record["title"] + ": robots at work",
            "abstract": record["abstract"].replace("several", "many"),
        }
        for record in grasping
    ]
    after = load(data, lst, edited + walking)
    assert after.triage is not None and after.triage.detached == ()
    expected = {new["title"]: (tags[old["title"]],) for old, new in zip(grasping, edited)}
    assert tags_now(after) == expected | {record["title"]: () for record in walking}


def test_a_longer_title_of_the_same_author_over_another_abstract_is_another_paper(
    tmp_path: Path,
) -> None:
    lst, data = tmp_path / "list.json", tmp_path / "data"
    mark_all(load(data, lst, [study("Grasping", 0)]))
    # the author's next paper, its title the first's and more, on another subject
    sequel = study("Grasping", 1) | {"title": "Grasping study 0 with careful experiments at sea"}
    sequel["abstract"] = (
        "Ships roll and pitch; we measure how well a gripper holds cargo in a storm, over "
        "a season of voyages, and compare the grips sailors use with those it learns."
    )
    after = load(data, lst, [sequel])
    assert after.triage is not None and after.triage.moved == ()
    assert tags_now(after) == {sequel["title"]: ()}
