"""A title with characters that show nothing (a soft hyphen or a zero-width space, from
a PDF or a web page) is the same title without them: a list re-scraped without them (or
with them) keeps the marks on its papers."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import title_key
from tuireader.session import load_session
from tuireader.triage.store import StoredIdentity

CLEAN = "Learning to grasp objects quickly"
SOFT = "Learn\u00ading to grasp objects quickly"
ZERO_WIDTH = "Learning to gr\u200basp objects quickly"


def write(path: Path, *titles: str) -> Path:
    # no abstracts: the title and first author are all that tell a paper
    rows = [{"title": title, "authors": ["Ann Lee"], "year": 2021} for title in titles]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_invisible_characters_part_no_word_of_a_title() -> None:
    assert title_key(SOFT) == title_key(ZERO_WIDTH) == title_key(CLEAN)


def test_a_mark_follows_a_title_rescraped_without_or_with_invisible_characters(
    tmp_path, capsys
) -> None:
    for before, after in ((SOFT, CLEAN), (CLEAN, ZERO_WIDTH)):
        data, lst = tmp_path / f"data{len(before)}", tmp_path / "list.jsonl"
        args = (str(lst), "--data-dir", str(data))
        write(lst, before, "Graph networks for molecules")
        _, out, _ = run(capsys, "search", "grasp", *args, "--json")
        (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
        assert run(capsys, "triage", marked, *args, "--state", "kept")[0] == 0

        write(lst, after, "Graph networks for molecules")
        code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
        assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == [after]
        code, out, _ = run(capsys, "search", "is:detached", *args)
        assert code == 1 and out == ""


def test_a_mark_stored_with_a_title_key_parted_by_a_soft_hyphen_follows(tmp_path) -> None:
    # a data folder from before: the title's key was made with the soft hyphen parting
    # "learn ing", and the paper's id with it
    data = tmp_path / "data"
    lst = write(tmp_path / "list.jsonl", SOFT)
    first = load_session([lst], data_dir=data, default_catalogs=False)
    with first.open_store() as store:
        store.set_state("tb4old", "kept")
        store.remember(
            [
                StoredIdentity(
                    "tb4old",
                    title=SOFT,
                    title_key="learn ing to grasp objects quickly",
                    first_author="lee",
                    year=2021,
                )
            ]
        )
    second = load_session([lst], data_dir=data, default_catalogs=False)
    (paper,) = second.library.papers
    assert second.triage is not None and second.triage.detached == ()
    with second.open_store() as store:
        assert store.get(paper.id).state == "kept"


def test_a_mark_under_a_list_s_own_id_stays_when_the_title_key_made_before_differs(
    tmp_path,
) -> None:
    # a data folder from before kept the title's key parted by the soft hyphen; the
    # list, read again under the same key with its abstract edited, took the paper for
    # another one given the key, and its mark was set aside as detached
    data, lst = tmp_path / "data", tmp_path / "list.bib"

    def bibtex(abstract: str) -> Path:
        lst.write_text(
            f"@inproceedings{{lee2021,\n  title={{{SOFT}}},\n  author={{Lee, Ann}},\n"
            f"  year={{2021}},\n  abstract={{{abstract}}}\n}}\n",
            encoding="utf-8",
        )
        return lst

    bibtex("We learn to grasp objects in clutter with a parallel gripper from few trials.")
    first = load_session([lst], data_dir=data, default_catalogs=False)
    (paper,) = first.library.papers
    with first.open_store() as store:
        store.set_state(paper.id, "kept")
        found = StoredIdentity.of(paper)
        store.remember([replace(found, title_key="learn ing to grasp objects quickly")])
    bibtex("Robots pick unknown items from cluttered bins after a handful of attempts.")
    second = load_session([lst], data_dir=data, default_catalogs=False)
    assert second.triage is not None and second.triage.detached == ()
    with second.open_store() as store:
        assert store.get(paper.id).state == "kept"
