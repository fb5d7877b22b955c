"""Names in Chinese, Japanese and Korean script are written family name first with no
space ("张三"): a list's "张, 三" is shown so, where it was shown "三 张", and every
citation style gives it whole, as CSL processors do ("张三", never "张, 三." nor "三.
张"); BibTeX, RIS and CSL-JSON keep its parts ("张, 三")."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.formats.common import flip_name
from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import format_citation

BIBTEX = """@article{a1,
  title = {深度学习方法},
  author = {张, 三 and 王, 小明 and Smith, John},
  journal = {计算机学报},
  year = {2024},
  abstract = {这是一个摘要。}
}
"""


def only_paper(path: Path) -> Paper:
    library = load_library([path])
    assert len(library.papers) == 1
    return library.papers[0]


def test_a_chinese_name_given_family_first_is_shown_as_its_script_writes_it() -> None:
    assert flip_name("张, 三") == "张三"
    assert flip_name("田中, 太郎") == "田中太郎"
    assert flip_name("김, 민수") == "김민수"
    # a name in Latin letters, or of two scripts, is turned as before
    assert flip_name("Zhang, San") == "San Zhang"
    assert flip_name("Zhang, 三") == "三 Zhang"


def test_a_bibtex_lists_chinese_names_are_shown_and_cited_family_first(tmp_path: Path) -> None:
    path = tmp_path / "cjk.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    paper = only_paper(path)
    assert paper.authors == ("张三", "王小明", "John Smith")

    def cite(fmt: str) -> str:
        return format_citation(paper, fmt).text

    assert cite("apa").startswith("张三, 王小明, & Smith, J. (2024).")
    assert cite("mla").startswith("张三, et al.")
    assert cite("chicago").startswith("张三, 王小明, and John Smith. 2024.")
    assert cite("ieee").startswith("张三, 王小明, and J. Smith, ")
    assert "author = {张, 三 and 王, 小明 and Smith, John}" in cite("bibtex")
    assert "AU  - 张, 三\n" in cite("ris")
    names = json.loads(cite("csl-json"))[0]["author"]
    assert names[:2] == [{"family": "张", "given": "三"}, {"family": "王", "given": "小明"}]


def test_csl_and_ris_names_in_chinese_are_shown_family_first(tmp_path: Path) -> None:
    csl = tmp_path / "cjk.json"
    item = {
        "id": "c1",
        "type": "article-journal",
        "title": "图神经网络",
        "author": [{"family": "李", "given": "四"}, {"family": "Doe", "given": "Jane"}],
        "issued": {"date-parts": [[2022]]},
        "abstract": "摘要二。",
    }
    csl.write_text(json.dumps([item], ensure_ascii=False), encoding="utf-8")
    assert only_paper(csl).authors == ("李四", "Jane Doe")

    ris = tmp_path / "cjk.ris"
    ris.write_text("TY  - JOUR\nTI  - 强化学习\nAU  - 赵, 六\nPY  - 2021\nAB  - 摘要三。\nER  - \n")
    paper = only_paper(ris)
    assert paper.authors == ("赵六",)
    cited = format_citation(paper, "bibtex").text
    # the key's family name is 赵 alone, as the list split the name
    assert cited.startswith("@misc{zhao2021") and "author = {赵, 六}" in cited
    assert format_citation(paper, "apa").text.startswith("赵六. (2021).")


def test_two_names_written_whole_take_no_comma_between_them_in_chicago(tmp_path: Path) -> None:
    # the comma of "Lovelace, Ada, and John Smith" closes a name turned family first
    path = tmp_path / "two.bib"
    path.write_text(BIBTEX.replace(" and Smith, John", ""), encoding="utf-8")
    assert format_citation(only_paper(path), "chicago").text.startswith("张三 and 王小明. 2024.")
    path.write_text(BIBTEX.replace("张, 三 and 王, 小明 and ", "Lovelace, Ada and "), "utf-8")
    assert format_citation(only_paper(path), "chicago").text.startswith(
        "Lovelace, Ada, and John Smith. 2024."
    )
