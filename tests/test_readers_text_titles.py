"""A plain text list of titles, one a line: read one paper a paragraph, it was one paper
whose abstract was every title run together ("Attention, please: a study Simple title
…"), unsaid. A paragraph of lines that each read as a title is read a title a line; a
hard-wrapped abstract stays one paper."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

TITLES = ["Deep nets, revisited", "Attention, please: a study", "Simple title", "3D nets?"]


def test_titles_under_a_list_name_are_one_paper_each(tmp_path: Path) -> None:
    path = tmp_path / "picks.txt"
    path.write_text("My picks\n\n" + "\n".join(TITLES) + "\n", encoding="utf-8")
    result = read_file(path)
    assert result.name == "My picks"
    assert [(r.title, r.abstract) for r in result.records] == [(t, "") for t in TITLES]
    assert [problem.severity for problem in result.problems] == ["warning"]


def test_titles_without_a_list_name_keep_the_first_title(tmp_path: Path) -> None:
    path = tmp_path / "picks.txt"
    path.write_text("\n".join(TITLES) + "\n", encoding="utf-8")
    result = read_file(path)
    assert result.name == "picks"
    assert [record.title for record in result.records] == TITLES
    assert "named after the file" in result.problems[0].message


def test_a_hard_wrapped_abstract_stays_one_paper(tmp_path: Path) -> None:
    path = tmp_path / "picks.txt"
    path.write_text(
        "My picks\n\nWe study deep nets, and show\nThat they generalise\nWell on graphs.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.abstract for record in result.records] == [
        "We study deep nets, and show That they generalise Well on graphs."
    ]
    assert result.problems == ()


def test_a_title_that_starts_as_no_sentence_does_is_still_a_title(tmp_path: Path) -> None:
    # "$\alpha$-MDF: …" (a title of CoRL 2023's list) made the list one paper again
    titles = [*TITLES, "$\\alpha$-MDF: An Attention-based Multimodal Differentiable Filter"]
    path = tmp_path / "picks.txt"
    path.write_text("My picks\n\n" + "\n".join(titles) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == titles


def test_lines_that_go_on_in_small_letters_are_an_abstract(tmp_path: Path) -> None:
    path = tmp_path / "picks.txt"
    path.write_text(
        "My picks\n\nWe study deep nets\nand show that they\ngeneralise on graphs\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == [None]


def test_two_titles_run_together_on_one_line_cost_no_other_title(tmp_path: Path) -> None:
    # a line break lost between two long titles made a line too long for a title, and
    # the whole list was one paper again
    titles = [f"Title number {n}: learning to rank things" for n in range(12)]
    titles[5] = titles[5] + " and a very long tail" * 10
    path = tmp_path / "picks.txt"
    path.write_text("My picks\n\n" + "\n".join(titles) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == titles


def test_hard_wrapped_chinese_abstracts_are_one_paper_each(tmp_path: Path) -> None:
    # their lines end in "。" or "，", which were not taken for the end of a sentence:
    # each line was read as a paper's title
    abstracts = [
        ["本文提出了一种新的跨语言检索方法。", "我们在多个数据集上进行了实验，结果显著提高。"],
        ["本文研究了图神经网络的泛化能力，", "并给出了新的理论界。"],
        ["本論文では新しい検索手法を提案する．", "実験により有効性を示した．"],
    ]
    path = tmp_path / "picks.txt"
    text = "\n\n".join("\n".join(lines) for lines in abstracts)
    path.write_text(f"My picks\n\n{text}\n", encoding="utf-8")
    result = read_file(path)
    assert [record.abstract for record in result.records] == [
        " ".join(lines) for lines in abstracts
    ]
    assert [record.title for record in result.records] == [None, None, None]
    assert result.problems == ()


def test_chinese_titles_one_a_line_are_one_paper_each(tmp_path: Path) -> None:
    titles = [
        "基于图神经网络的检索方法",
        "跨语言检索：一个新基准",
        "大模型会推理吗？",
        "稀疏注意力",
    ]
    path = tmp_path / "picks.txt"
    path.write_text("My picks\n\n" + "\n".join(titles) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == titles
