"""A name in Chinese, Japanese or Korean script given whole ("张伟", "山田 太郎",
"김철수") is family name first, as its script writes it: its family name is what stands
before a space, else the first character of a Chinese or Korean name (the first two of a
family name of two: "欧阳娜娜", "남궁민수"); a Japanese name with no space is kept whole.
Citation keys take the family name alone; every style gives the name in its script's
order with no comma, initial or "&" artifact ("张伟 & 李娜", never "伟 张", "太郎山田" or
"张伟, & 李娜"); BibTeX, RIS and CSL-JSON keep its parts ("张, 伟")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.render.citations import cite_keys, format_citation, name_parts
from tuireader.render.romanise import family_first_parts

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "cjk_names.jsonl"


@pytest.fixture(scope="module")
def papers() -> dict[str, Paper]:
    library = load_library([FIXTURE])
    return {paper.title: paper for paper in library.papers}


def cite(paper: Paper, fmt: str) -> str:
    return format_citation(paper, fmt).text


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("张伟", ("张", "伟")),
        ("李小龙", ("李", "小龙")),
        ("山田 太郎", ("山田", "太郎")),
        ("山田\u3000太郎", ("山田", "太郎")),
        ("김철수", ("김", "철수")),
        ("欧阳娜娜", ("欧阳", "娜娜")),
        ("司马光", ("司马", "光")),
        ("남궁민수", ("남궁", "민수")),
        # a Japanese name with no space: its family name cannot be told
        ("田中太郎", ("田中太郎", "")),
        ("やまだたろう", ("やまだたろう", "")),
        ("张", ("张", "")),
    ],
)
def test_a_name_in_cjk_script_is_split_family_first(name: str, parts: tuple[str, str]) -> None:
    assert family_first_parts(name) == parts
    assert name_parts(name)[:2] == (parts[1], parts[0])


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("John Smith", ("John", "Smith")),
        ("Ludwig van der Waals", ("Ludwig", "van der Waals")),
        ("Oscar de la Hoya", ("Oscar", "de la Hoya")),
        ("Zhang, Wei", ("Wei", "Zhang")),
        ("Wei Zhang", ("Wei", "Zhang")),
        ("张, 伟", ("伟", "张")),
        ("Zhang 伟", ("Zhang", "伟")),
    ],
)
def test_other_names_are_split_as_before(name: str, parts: tuple[str, str]) -> None:
    assert name_parts(name)[:2] == parts


def test_keys_take_the_family_name_alone(papers: dict[str, Paper]) -> None:
    chosen = tuple(papers.values())
    keys = cite_keys(list(chosen), Library(papers=chosen))
    got = {papers_title: keys[paper.id] for papers_title, paper in papers.items()}
    assert got == {
        "基于深度学习的图像分割方法研究": "zhang2023jiyu",
        "A study of segmentation": "wang2022study",
        # kanji are read as in Chinese: 山田 is "shantian", its family name still
        "Tokenization for Japanese": "shantian2021tokenization",
        "Korean NLP": "kim2020korean",
        "Compound surnames": "ouyang2019compound",
    }


def test_styles_give_the_name_in_its_scripts_order(papers: dict[str, Paper]) -> None:
    chinese = papers["基于深度学习的图像分割方法研究"]
    japanese = papers["Tokenization for Japanese"]
    korean = papers["Korean NLP"]
    assert cite(japanese, "apa").startswith("山田太郎. (2021).")
    assert cite(korean, "apa").startswith("김철수. (2020).")
    assert cite(japanese, "mla").startswith("山田太郎.")
    assert cite(chinese, "chicago").startswith("张伟 and 李娜. 2023.")
    assert cite(japanese, "chicago").startswith("山田太郎. 2021.")
    assert cite(chinese, "ieee").startswith("张伟 and 李娜, ")
    assert cite(japanese, "ieee").startswith("山田太郎, ")
    assert cite(korean, "ieee").startswith("김철수, ")
    assert "*. 张伟, 李娜. 2023." in cite(chinese, "markdown")
    assert "*. 山田太郎. 2021." in cite(japanese, "markdown")


def test_bibtex_ris_and_csl_json_keep_the_parts(papers: dict[str, Paper]) -> None:
    chinese = papers["基于深度学习的图像分割方法研究"]
    japanese = papers["Tokenization for Japanese"]
    compound = papers["Compound surnames"]
    assert "author = {张, 伟 and 李, 娜}" in cite(chinese, "bibtex")
    assert "author = {山田, 太郎}" in cite(japanese, "bibtex")
    assert "author = {欧阳, 娜娜 and 남궁, 민수 and 田中太郎 and van der Waals, Ludwig}" in cite(
        compound, "bibtex"
    )
    assert "AU  - 张, 伟\nAU  - 李, 娜\n" in cite(chinese, "ris")
    assert "AU  - 山田, 太郎\n" in cite(japanese, "ris")
    names = json.loads(cite(japanese, "csl-json"))[0]["author"]
    assert names == [{"family": "山田", "given": "太郎"}]
    names = json.loads(cite(compound, "csl-json"))[0]["author"]
    assert names[:2] == [{"family": "欧阳", "given": "娜娜"}, {"family": "남궁", "given": "민수"}]


def test_a_bibtex_written_name_reads_back_as_written(
    tmp_path: Path, papers: dict[str, Paper]
) -> None:
    path = tmp_path / "back.bib"
    path.write_text(cite(papers["Tokenization for Japanese"], "bibtex"), encoding="utf-8")
    (back,) = load_library([path]).papers
    assert back.authors == ("山田太郎",)
    assert cite(back, "apa").startswith("山田太郎. (2021).")
    # the Markdown citation gives the name as written, never turned ("太郎 山田")
    assert "*. 山田太郎. 2021." in cite(back, "markdown")


def test_two_names_in_script_order_take_no_comma_before_and(papers: dict[str, Paper]) -> None:
    # APA's and MLA's comma closes a first name turned family first ("Lovelace, A., &
    # …", "Lovelace, Ada, and …"): a name in its script's order takes none
    chinese = papers["基于深度学习的图像分割方法研究"]
    mixed = papers["A study of segmentation"]
    assert cite(chinese, "apa").startswith("张伟 & 李娜. (2023).")
    assert cite(mixed, "apa").startswith("王芳 & Smith, J. (2022).")
    assert cite(chinese, "mla").startswith("张伟 and 李娜.")
    assert cite(mixed, "mla").startswith("王芳 and John Smith.")
    # three or more names keep the list's commas; a name turned keeps its comma
    assert cite(papers["Compound surnames"], "apa").startswith(
        "欧阳娜娜, 남궁민수, 田中太郎, & van der Waals, L. (2019)."
    )
    smith = Paper(id="s", title="T", abstract="a", authors=("John Smith", "张伟"), year=2020)
    assert cite(smith, "apa").startswith("Smith, J., & 张伟. (2020).")
    assert cite(smith, "mla").startswith("Smith, John, and 张伟.")
