"""The title of a Chinese or Japanese abstract is its first sentence, as an English
abstract's is: "。", "！", "？" and the full-width "．" end a sentence.

They were not taken for an end, so the title of a plain-text list's Chinese paragraph
ran on through both its sentences ("本文提出了…检索方法。我们在多个数据集上…显著提高。").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.titles import derive_title


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        (
            "本文提出了一种新的跨语言检索方法。我们在多个数据集上进行了实验，结果显著提高。",
            "本文提出了一种新的跨语言检索方法",
        ),
        (
            "本論文では新しい検索手法を提案する．実験により有効性を示した．",
            "本論文では新しい検索手法を提案する",
        ),
        (
            "本論文では新しい検索手法を提案する。 実験により有効性を示した。",
            "本論文では新しい検索手法を提案する",
        ),
        ("これは本当に有効か？我々は多数の実験で確かめた。", "これは本当に有効か"),
        ("検索は速くなる！我々は多数の実験で確かめた。", "検索は速くなる"),
        ("本文提出了「新方法」。我们做了实验。", "本文提出了「新方法」"),
        # a full-width point between digits is a decimal point
        ("速度は３．５倍になった。以上の結果を示す。", "速度は３．５倍になった"),
        # one sentence: the whole of it, without its full stop
        ("本文提出了一种新的跨语言检索方法。", "本文提出了一种新的跨语言检索方法"),
    ],
)
def test_a_cjk_abstracts_title_is_its_first_sentence(abstract: str, title: str) -> None:
    assert derive_title(abstract) == title


def test_an_english_abstracts_title_is_as_it_was() -> None:
    abstract = "We study retrieval across languages. We test it on many datasets."
    assert derive_title(abstract) == "We study retrieval across languages"


def test_a_plain_text_lists_chinese_paragraph_is_titled_by_its_first_sentence(
    tmp_path: Path,
) -> None:
    path = tmp_path / "papers.txt"
    path.write_text(
        "检索论文\n\n"
        "本文提出了一种新的跨语言检索方法。我们在多个数据集上进行了实验，结果显著提高。\n\n"
        "We study retrieval across languages. We test it on many datasets.\n",
        encoding="utf-8",
    )
    titles = [paper.title for paper in load_library([path]).papers]
    assert titles == ["本文提出了一种新的跨语言检索方法", "We study retrieval across languages"]
