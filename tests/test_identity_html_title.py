"""A title a scraper left HTML in ("Rock &amp; roll", "<i>in vivo</i>") is the title the
page shows: the list scraped again with the HTML read keeps the marks on its papers."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import title_key

ESCAPED = "Grasping &amp; pushing: don&#39;t stop <i>in vivo</i> at Caf&eacute; H<sub>2</sub>O"
READ = "Grasping & pushing: don't stop in vivo at Café H₂O"


def write(path: Path, *titles: str) -> Path:
    # no abstracts: the title and first author are all that tell a paper
    rows = [{"title": title, "authors": ["Ann Lee"], "year": 2021} for title in titles]
    path.write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8"
    )
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_html_in_a_title_is_read_as_the_page_shows_it() -> None:
    assert (
        title_key(ESCAPED) == title_key(READ) == "grasping pushing don t stop in vivo at café h2o"
    )
    assert title_key("Deep<br/>networks") == "deep networks"
    # a comparison is no tag, and "&" alone no character reference
    assert title_key("When a<b then c>d holds") == "when a b then c d holds"
    assert title_key("AT&T labs; a study") == "at t labs a study"


def test_a_mark_follows_a_title_scraped_again_with_its_html_read(tmp_path, capsys) -> None:
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    args = (str(lst), "--data-dir", str(data))
    write(lst, ESCAPED, "Graph networks for molecules")
    _, out, _ = run(capsys, "search", "pushing", *args, "--json")
    (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", marked, *args, "--state", "kept")[0] == 0

    write(lst, "Graph networks for molecules", READ)
    code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
    assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == [READ]
    code, out, _ = run(capsys, "search", "is:detached", *args)
    assert code == 1 and out == ""
