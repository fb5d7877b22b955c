"""A list whose own id for a paper is a link names the paper by it over http and over
https, with a slash at its end or without: a site moved to https, scraped again, gives
its papers under links that differ so, and their marks stay on them."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import identify
from tuireader.model import Record
from tuireader.session import load_session
from tuireader.triage.store import StoredIdentity

FIRST = {
    "id": "http://example.org/paper/17",
    "title": "Learning to grasp objets quickly",
    "authors": ["Ann Lee"],
    "year": 2021,
    "abstract": "We learn to grasp objects in clutter with a parallel gripper from few trials.",
}
# scraped again over https: the title's typo mended, the abstract rewritten
SECOND = {
    **FIRST,
    "id": "https://example.org/paper/17/",
    "title": "Learning to grasp objects quickly",
    "abstract": "Robots pick unknown items from cluttered bins after a handful of attempts.",
}
OTHER = {
    "id": "http://example.org/paper/18",
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


def test_a_link_as_a_list_s_own_id_is_one_over_http_and_https() -> None:
    def own(text: str) -> str | None:
        return identify(Record(title="A title", source_id=text), "list").key("source")

    assert own("http://example.org/paper/17") == own("HTTPS://example.org/paper/17/")
    assert own("http://example.org/paper/17") != own("http://example.org/paper/171")
    assert own("lee2021/") == "list#lee2021/"  # only a link loses its slash


def test_a_mark_follows_a_paper_whose_link_became_https(tmp_path, capsys) -> None:
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    args = (str(lst), "--data-dir", str(data))
    write(lst, FIRST, OTHER)
    _, out, _ = run(capsys, "search", "grasp", *args, "--json")
    (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", marked, *args, "--state", "kept", "--tag", "robots")[0] == 0

    write(lst, {**OTHER, "id": "https://example.org/paper/18"}, SECOND)
    code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
    assert code == 0
    (hit,) = json.loads(out)["hits"]
    assert hit["title"] == SECOND["title"] and hit["tags"] == ["robots"]
    code, out, _ = run(capsys, "search", "is:detached", *args)
    assert code == 1 and out == ""


def test_a_mark_stored_under_the_link_over_http_follows_it_over_https(tmp_path) -> None:
    # a data folder from before: the paper was known by its link with its scheme
    data = tmp_path / "data"
    lst = write(tmp_path / "list.jsonl", SECOND)
    first = load_session([lst], data_dir=data, default_catalogs=False)
    with first.open_store() as store:
        store.set_state("tb4old", "kept")
        store.remember(
            [
                StoredIdentity(
                    "tb4old",
                    keys=("source:list#http://example.org/paper/17",),
                    title=str(FIRST["title"]),
                    title_key="learning to grasp objets quickly",
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
