"""A list that names its papers by their arXiv ids (the arXiv API's
"http://arxiv.org/abs/2101.00001v1", or "2101.00001v1") names them everywhere: re-scraped
once a paper has a new version ("…v2"), retitled and its abstract edited, the paper
keeps its marks."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import identify, own_arxiv_id
from tuireader.model import Record
from tuireader.session import load_session
from tuireader.triage.store import StoredIdentity

FIRST = {
    "title": "Learning to grasp objects",
    "authors": ["Ann Lee"],
    "year": 2021,
    "abstract": "We learn to grasp objects in clutter with a parallel gripper from few trials.",
}
# arXiv's second version: a new title and an abstract rewritten
SECOND = {
    "title": "Grasping in clutter with policies learned from few trials",
    "authors": ["Ann Lee"],
    "year": 2021,
    "abstract": "Robots pick unknown items from cluttered bins after a handful of attempts.",
}
OTHER = {
    "title": "Graph networks for molecules",
    "authors": ["Bo Chen"],
    "year": 2021,
    "abstract": "Graph networks predict molecular properties from structure alone.",
}


def write(path: Path, *papers: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(paper) + "\n" for paper in papers), encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_list_s_own_id_that_is_an_arxiv_id_is_the_arxiv_id() -> None:
    for own in ("2101.00001v2", "arXiv:2101.00001", "http://arxiv.org/abs/2101.00001v2"):
        assert own_arxiv_id(own) == "2101.00001"
        found = identify(Record(title="Learning to grasp objects", source_id=own), "list")
        assert found.key("arxiv") == "2101.00001"
    for own in ("lee2021", "17", "https://example.org/2101.00001"):
        assert own_arxiv_id(own) is None


def test_a_mark_follows_a_paper_whose_arxiv_id_gained_a_version(tmp_path, capsys) -> None:
    for given in ("http://arxiv.org/abs/2101.00001{}", "2101.00001{}"):
        data, lst = tmp_path / f"data{len(given)}", tmp_path / "list.jsonl"
        args = (str(lst), "--data-dir", str(data))
        other = {**OTHER, "id": given.format("v1").replace("00001", "00002")}
        write(lst, {**FIRST, "id": given.format("v1")}, other)
        _, out, _ = run(capsys, "search", "grasp", *args, "--json")
        (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
        assert run(capsys, "triage", marked, *args, "--state", "kept", "--tag", "robots")[0] == 0

        write(lst, other, {**SECOND, "id": given.format("v2")})
        code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
        assert code == 0
        (hit,) = json.loads(out)["hits"]
        assert hit["title"] == SECOND["title"] and hit["tags"] == ["robots"]
        code, out, _ = run(capsys, "search", "is:detached", *args)
        assert code == 1 and out == ""


def test_a_mark_stored_under_the_list_s_own_id_follows_the_next_version(tmp_path) -> None:
    # a data folder from before: the paper was known by its list's own id alone; its
    # second version has a subtitle, and its abstract rewritten
    data = tmp_path / "data"
    subtitled = {**SECOND, "title": "Learning to grasp objects: policies from few trials"}
    lst = write(tmp_path / "list.jsonl", {**subtitled, "id": "http://arxiv.org/abs/2101.00001v2"})
    first = load_session([lst], data_dir=data, default_catalogs=False)
    with first.open_store() as store:
        store.set_state("tb4old", "kept")
        store.remember(
            [
                StoredIdentity(
                    "tb4old",
                    keys=("source:list#http://arxiv.org/abs/2101.00001v1",),
                    title=str(FIRST["title"]),
                    title_key="learning to grasp objects",
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
