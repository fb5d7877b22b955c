"""A DOI given as a link to doi.org with a slash at its end is the DOI: a list scraped
again that writes it so keeps the marks on its papers."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import normalise_doi
from tuireader.session import load_session
from tuireader.triage.store import StoredIdentity

FIRST = {
    "doi": "10.1145/ABC.123",
    "title": "Learning to grasp objects",
    "authors": ["Ann Lee"],
    "year": 2021,
    "abstract": "We learn to grasp objects in clutter with a parallel gripper from few trials.",
}
# scraped again: the DOI as a link, the paper retitled and its abstract rewritten
SECOND = {
    **FIRST,
    "doi": "https://doi.org/10.1145/abc.123/",
    "title": "Grasping in clutter with policies learned from few trials",
    "abstract": "Robots pick unknown items from cluttered bins after a handful of attempts.",
}


def write(path: Path, *papers: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(paper) + "\n" for paper in papers), encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_slash_after_a_doi_is_no_part_of_it() -> None:
    assert normalise_doi("https://doi.org/10.1145/ABC.123/") == "10.1145/abc.123"
    assert normalise_doi("10.1145/abc.123") == "10.1145/abc.123"
    assert normalise_doi("10.1145/abc/123") == "10.1145/abc/123"


def test_a_mark_follows_a_paper_whose_doi_is_given_as_a_link_with_a_slash(tmp_path, capsys) -> None:
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    args = (str(lst), "--data-dir", str(data))
    write(lst, FIRST)
    _, out, _ = run(capsys, "search", "grasp", *args, "--json")
    (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", marked, *args, "--state", "kept")[0] == 0

    write(lst, SECOND)
    code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
    assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == [SECOND["title"]]
    code, out, _ = run(capsys, "search", "is:detached", *args)
    assert code == 1 and out == ""


def test_a_mark_stored_with_the_slash_after_its_doi_follows(tmp_path) -> None:
    # a data folder from before: the DOI was kept with the slash the link had, and the
    # paper has been retitled since
    data = tmp_path / "data"
    lst = write(tmp_path / "list.jsonl", FIRST)
    first = load_session([lst], data_dir=data, default_catalogs=False)
    with first.open_store() as store:
        store.set_state("tb4old", "kept")
        store.remember(
            [
                StoredIdentity(
                    "tb4old",
                    keys=("doi:10.1145/abc.123/",),
                    title="Learning to grasp objects in clutter",
                    title_key="learning to grasp objects in clutter",
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
