"""Awesome-list style Markdown paper lists, as their authors write them: the list's name
on a heading with badges, titles in bold or quotes beside a venue written as a link or in
bold, titles holding a dash, authors written without italics."""

from __future__ import annotations

from pathlib import Path

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
        ("Graph Attention Networks", None, 2018),
        ("Attention Is All You Need", None, None),
    ]
