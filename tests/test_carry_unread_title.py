"""A mark made on a paper whose title a list gave with U+FFFD for letters it could not
read ("D\ufffdj\ufffd number 2": a Latin-1 line in a UTF-8 file, a page scraped in the
wrong encoding) follows the paper once the list gives its title whole ("Déjà number 2"),
and never goes to another paper by guess.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import family_name, family_read_whole, title_key, title_read_whole

DAMAGED = "D\ufffdj\ufffd number 2 of the careful experiments"
WHOLE = "Déjà number 2 of the careful experiments"


def write(path: Path, papers: list[dict[str, object]]) -> None:
    path.write_text(
        "".join(json.dumps(paper, ensure_ascii=False) + "\n" for paper in papers),
        encoding="utf-8",
    )


def paper(title: str, author: str = "Ann Lee", abstract: str = "") -> dict[str, object]:
    return {"title": title, "authors": [author, "Bo Chen"], "year": 2021, "abstract": abstract}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ids(capsys, lst: Path, data: Path, query: str) -> list[str]:
    _, out, _ = run(capsys, "search", query, str(lst), "--data-dir", str(data), "--json")
    return [hit["id"] for hit in json.loads(out)["hits"]]


def test_a_title_read_whole_matches_where_its_letters_were_lost() -> None:
    assert title_read_whole(DAMAGED, title_key(WHOLE))
    assert title_read_whole(DAMAGED, title_key("Deja number 2 of the careful experiments"))
    assert title_read_whole(
        "Don\ufffdt stop pretraining models", title_key("Don’t stop pretraining models")
    )
    # another letter than those lost, or a word more, is another title
    assert not title_read_whole(DAMAGED, title_key("Déjà number 3 of the careful experiments"))
    assert not title_read_whole(DAMAGED, title_key("Déjà number 2 of the careless experiments"))
    assert not title_read_whole(DAMAGED, title_key("Déjà vu number 2 of the careful experiments"))
    # a title read whole from the start names no other by its gaps
    assert not title_read_whole(WHOLE, title_key(WHOLE))
    # too little read to name a paper
    assert not title_read_whole(
        "\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd: a study", title_key("深度学习研究: a study")
    )


def test_a_family_name_read_whole_holds_a_letter_that_was_lost() -> None:
    assert family_read_whole(family_name("Jan M\ufffdller"), family_name("Jan Müller"))
    assert family_read_whole(family_name("M\ufffdller, Jan"), family_name("Jan Müller"))
    assert not family_read_whole(family_name("Jan M\ufffdller"), family_name("Jan Keller"))
    assert not family_read_whole(family_name("Jan Lee"), family_name("Jan Müller"))


def test_a_mark_follows_its_paper_when_the_list_gives_its_title_whole(tmp_path, capsys) -> None:
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    args = (str(lst), "--data-dir", str(data))
    # the whole line was read badly: the first author's name lost a letter as well
    write(lst, [paper(DAMAGED, author="Jan M\ufffdller"), paper("Graph networks for molecules")])
    (marked,) = ids(capsys, lst, data, "number")
    assert run(capsys, "triage", marked, *args, "--state", "kept", "--tag", "later")[0] == 0

    write(lst, [paper(WHOLE, author="Jan Müller"), paper("Graph networks for molecules")])
    code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
    assert code == 0
    (hit,) = json.loads(out)["hits"]
    assert hit["id"] != marked and hit["title"] == WHOLE and hit["tags"] == ["later"]
    code, out, _ = run(capsys, "search", "is:detached", *args)
    assert code == 1 and out == ""


def test_two_papers_that_fit_the_lost_letters_take_no_mark(tmp_path, capsys) -> None:
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    args = (str(lst), "--data-dir", str(data))
    damaged = "D\ufffdj\ufffd vu in deep neural networks"
    write(lst, [paper(damaged)])
    (marked,) = ids(capsys, lst, data, "networks")
    run(capsys, "triage", marked, *args, "--state", "kept")

    write(lst, [paper("Deja vu in deep neural networks"), paper("Déjà vu in deep neural networks")])
    code, out, _ = run(capsys, "search", "is:kept", *args)
    assert code == 1 and out == ""
    code, out, _ = run(capsys, "search", "is:detached", *args)
    assert code == 0 and marked in out


def test_an_export_made_of_the_damaged_list_is_taken_up_by_the_whole_one(tmp_path, capsys) -> None:
    # marks made on one machine whose list had the title damaged, taken up on another
    # whose list gives it whole
    damaged, whole = tmp_path / "damaged.jsonl", tmp_path / "whole.jsonl"
    write(
        damaged, [paper(DAMAGED, author="Jan M\ufffdller"), paper("Graph networks for molecules")]
    )
    write(whole, [paper(WHOLE, author="Jan Müller"), paper("Graph networks for molecules")])
    laptop, server, export = tmp_path / "laptop", tmp_path / "server", tmp_path / "marks.json"
    (marked,) = ids(capsys, damaged, laptop, "number")
    run(capsys, "triage", marked, str(damaged), "--data-dir", str(laptop), "--state", "kept")
    assert (
        run(
            capsys,
            "export",
            str(damaged),
            "--data-dir",
            str(laptop),
            "--format",
            "json",
            "-o",
            str(export),
        )[0]
        == 0
    )

    code, _, err = run(capsys, "import", str(export), str(whole), "--data-dir", str(server))
    assert code == 0 and "1 taken up" in err
    code, out, _ = run(capsys, "search", "is:kept", str(whole), "--data-dir", str(server), "--json")
    assert [hit["title"] for hit in json.loads(out)["hits"]] == [WHOLE]
