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
