"""Awesome-list style Markdown paper lists, as their authors write them: the list's name
on a heading with badges, titles in bold or quotes beside a venue written as a link or in
bold, titles holding a dash, authors written without italics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.formats.markdown import parse_markdown
from tuireader.ingest.readers import read_file


def test_a_badge_on_the_heading_is_no_part_of_the_lists_name(tmp_path: Path) -> None:
    # the name was "Awesome Efficient Transformers [![Awesome](https://awesome.re/badge.svg)](https://awesome.re"
    path = tmp_path / "awesome.md"
    path.write_text(
        "# Awesome Efficient Transformers [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)\n\n"
        "- [FrameQuant: Flexible Low-Bit Quantization](https://arxiv.org/abs/2402.01674)\n",
        encoding="utf-8",
    )
    assert read_file(path).name == "Awesome Efficient Transformers"


def test_a_headings_images_go_and_its_links_text_stays() -> None:
    text = (
        "# [Robustness](https://example.org/robust) Papers ![](https://img.shields.io/badge/PRs-welcome-brightgreen)\n\n"
        "- [FrameQuant: Flexible Low-Bit Quantization](https://arxiv.org/abs/2402.01674)\n"
    )
    assert parse_markdown(text, Path("list.md")).name == "Robustness Papers"


def records_of(text: str) -> list[tuple[str | None, str | None, int | None]]:
    result = parse_markdown("# Papers\n\n" + text, Path("papers.md"))
    return [(record.title, record.venue, record.year) for record in result.records]


def test_a_venue_written_as_a_link_is_no_title() -> None:
    # the bold title was lost, the paper titled "ICML 2024"
    assert records_of(
        "- **Probabilistic Generating Circuits - Demystified** - Sanyam Agarwal, Markus "
        "Bläser. [ICML 2024](https://proceedings.mlr.press/v235/agarwal24c.html)\n"
        "- [NeurIPS'23](https://example.org/b) [Neural Fields in Robotics](https://example.org/a)\n"
        # nothing else names the paper: it is kept, under the text it has
        "- [ICML 2024](https://example.org/c)\n"
    ) == [
        ("Probabilistic Generating Circuits - Demystified", "ICML 2024", 2024),
        ("Neural Fields in Robotics", "NeurIPS'23", 2023),
        ("ICML 2024", None, None),
    ]


def test_a_venue_in_bold_is_no_title_and_its_short_year_is_read() -> None:
    # the quoted title was lost, the paper titled "ICML'24" with no year
    assert records_of(
        '- "The Non-linear $F$-Design and Applications to Interactive Learning". Alekh '
        "Agarwal , Jian Qian. **ICML'24** [[arXiv](https://arxiv.org/abs/2402.00004)]\n"
        "- `ICML 2024` **Memory Consolidation Enables Long-Context Video Understanding** "
        "[[Paper](https://example.org/m.pdf)]\n"
        "- [AttnLRP: Attention-Aware Layer-Wise Relevance Propagation](https://example.org/l) "
        "(ICML 2024)\n"
    ) == [
        ("The Non-linear $F$-Design and Applications to Interactive Learning", "ICML'24", 2024),
        ("Memory Consolidation Enables Long-Context Video Understanding", "ICML 2024", 2024),
        ("AttnLRP: Attention-Aware Layer-Wise Relevance Propagation", "ICML 2024", 2024),
    ]


def test_a_tables_venue_with_a_short_year_gives_the_year() -> None:
    # "ICML'24" in the Venue column gave no year
    assert records_of(
        "| Title | Venue | Paper |\n|---|---|---|\n"
        "| Multiply-Robust Causal Change Attribution | ICML'24 | [arXiv](https://arxiv.org/abs/2402.05718) |\n"
        "| On Universally Optimal Algorithms | NIPS'98 | [arXiv](https://arxiv.org/abs/2402.06055) |\n"
    ) == [
        ("Multiply-Robust Causal Change Attribution", "ICML'24", 2024),
        ("On Universally Optimal Algorithms", "NIPS'98", 1998),
    ]


def test_a_title_keeps_its_dash_where_no_authors_follow_it() -> None:
    # "Probabilistic Generating Circuits - Demystified" was cut to its first three words
    assert records_of(
        "- [ICML 2024] Probabilistic Generating Circuits - Demystified. "
        "[[Paper](https://proceedings.mlr.press/v235/agarwal24c.html)]\n"
        "- Self-Supervised Learning — The Dark Matter of Intelligence https://example.org/d\n"
        # what follows a dash is not the title's: its authors, its venue, a remark
        "- Deep Residual Learning - Kaiming He, Xiangyu Zhang. https://example.org/r\n"
        "- Graph Attention Networks - ICLR 2018 https://example.org/g\n"
        "- Attention Is All You Need - a must read https://example.org/a\n"
    ) == [
        ("Probabilistic Generating Circuits - Demystified", "ICML 2024", 2024),
        ("Self-Supervised Learning — The Dark Matter of Intelligence", None, None),
        ("Deep Residual Learning", None, None),
        ("Graph Attention Networks", "ICLR 2018", 2018),
        ("Attention Is All You Need", None, None),
    ]


def people_of(text: str) -> list[tuple[str | None, tuple[str, ...], str | None]]:
    result = parse_markdown("# Papers\n\n" + text, Path("papers.md"))
    return [(record.title, record.authors, record.venue) for record in result.records]


def test_authors_written_without_italics_are_read() -> None:
    # no authors and no venue were read, or the names ran into the title
    assert people_of(
        "- [In-Context Language Learning: Architectures and Algorithms](https://arxiv.org/abs/2402.03022)"
        " - Ekin Akyürek, Bailin Wang, Yoon Kim et al. ICML 2024.\n"
        "- Revisiting Character-level Adversarial Attacks for Language Models, Elias Abad "
        "Rocamora, Yongtao Wu, zhipeng cai, Volkan Cevher. ICML 2024. "
        "[[paper](https://proceedings.mlr.press/v235/abad-rocamora24a.html)]\n"
        "- FrameQuant: Flexible Low-Bit Quantization for Transformers. Harshavardhan Adepu, "
        "Zhanpeng Zeng. ICML 2024. [[paper](https://arxiv.org/abs/2402.01674)]\n"
        "- [On the Weight Dynamics of Deep Normalized Networks](https://arxiv.org/abs/2402.03696)"
        ", Christian H.X. Ali Mehmeti-Göpel et al., *ICML 2024*.\n"
        "- **Analyzing Seeding for k-means**<br>*Etienne Bamas, Ola Svensson*<br>ICML 2024 "
        "[[pdf]](https://example.org/bamas24a.pdf)\n"
        "- [Masked Autoencoders](https://arxiv.org/abs/2111.06377) by Kaiming He and Xinlei "
        "Chen, CVPR 2022\n"
    ) == [
        (
            "In-Context Language Learning: Architectures and Algorithms",
            ("Ekin Akyürek", "Bailin Wang", "Yoon Kim", "et al."),
            "ICML 2024",
        ),
        (
            "Revisiting Character-level Adversarial Attacks for Language Models",
            ("Elias Abad Rocamora", "Yongtao Wu", "zhipeng cai", "Volkan Cevher"),
            "ICML 2024",
        ),
        (
            "FrameQuant: Flexible Low-Bit Quantization for Transformers",
            ("Harshavardhan Adepu", "Zhanpeng Zeng"),
            "ICML 2024",
        ),
        (
            "On the Weight Dynamics of Deep Normalized Networks",
            ("Christian H.X. Ali Mehmeti-Göpel", "et al."),
            "ICML 2024",
        ),
        ("Analyzing Seeding for k-means", ("Etienne Bamas", "Ola Svensson"), "ICML 2024"),
        ("Masked Autoencoders", ("Kaiming He", "Xinlei Chen"), "CVPR 2022"),
    ]


def test_words_after_a_title_that_name_no_one_are_no_authors() -> None:
    # a remark, a description or a title's own commas are not people
    assert people_of(
        "- [Another Paper](https://arxiv.org/abs/1704.00002) - Highly Recommended\n"
        "- [A Tool](https://github.com/x/y) - A library for fast training, written in Python.\n"
        "- Attention, Perceiver IO, and Flamingo Models. https://example.org/p\n"
        "- [Segment Anything](https://arxiv.org/abs/2304.02643), CVPR 2023\n"
    ) == [
        ("Another Paper", (), None),
        ("A Tool", (), None),
        ("Attention, Perceiver IO, and Flamingo Models", (), None),
        ("Segment Anything", (), "CVPR 2023"),
    ]


def test_a_long_bullet_of_names_is_read_name_by_name_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # each comma of the title read every name after it again: a bullet of 3000 names
    # took a minute to read
    from tuireader.ingest.formats import markdown

    calls: list[str] = []
    names = markdown._names

    def counted(text: str, *, alone: bool = False) -> tuple[str, ...]:
        calls.append(text)
        return names(text, alone=alone)

    monkeypatch.setattr(markdown, "_names", counted)
    bullet = "- Title, " + "Ada Lovelace, " * 300 + "x1. ICML 2024 https://example.org/a\n"
    ((title, authors, venue),) = people_of(bullet)
    assert len(calls) < 20 * 300
    assert (title, authors, venue) == ("Title, " + "Ada Lovelace, " * 300 + "x1", (), "ICML 2024")
