"""A mark follows its paper when a Chinese name is written "张, 三" where it was "三 张"
(shown "张三" now, known by "张" before) and the title was reworded: "张" is the family
name of "张三", the same first author, where the mark was taken for another paper's."""

from __future__ import annotations

import json

from tuireader.cli import main
from tuireader.ingest.identity import family_name, same_family

ENTRY = """@article{{zhang2024,
  title = {{{title}}},
  author = {{{authors}}},
  year = {{2024}}
}}
"""


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_family_name_is_the_one_of_the_whole_name_shown_family_first() -> None:
    assert same_family(family_name("三 张"), family_name("张三"))
    assert same_family(family_name("张三"), family_name("张, 三"))
    assert same_family(family_name("田中太郎"), family_name("田中, 太郎"))
    # two people of one family are two names, and a longer Latin name is another
    assert not same_family(family_name("张伟"), family_name("张三"))
    assert not same_family("smith", "smithson")


def test_a_mark_follows_a_paper_whose_chinese_names_are_now_split(capsys, tmp_path) -> None:
    lst, data = tmp_path / "list.bib", tmp_path / "data"
    title = "A study of graph networks for molecules"
    lst.write_text(ENTRY.format(title=title, authors="三 张 and 四 李"), encoding="utf-8")
    code, _, err = run(capsys, "triage", "zhang2024", lst, "--state", "keep", "--data-dir", data)
    assert code == 0, err
    reworded = "Graph networks for molecules, revisited"
    lst.write_text(ENTRY.format(title=reworded, authors="张, 三 and 李, 四"), encoding="utf-8")
    code, out, err = run(capsys, "search", "is:kept", lst, "--data-dir", data, "--json")
    assert code == 0, err
    hits = json.loads(out)["hits"]
    assert [(hit["title"], hit["authors"]) for hit in hits] == [(reworded, ["张三", "李四"])]
    assert "detached" not in err
