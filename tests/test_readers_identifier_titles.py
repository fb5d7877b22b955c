"""An identifier with the paper's title after it on its line (``2401.01234 Attention is
all you need``, ``10.1145/… — Title``, ``https://arxiv.org/abs/…  Title``). Such a list
was read one paper a paragraph: one paper whose abstract was every line run together,
under a list named by the first line, its identifiers no links. Each line is the paper
of its identifier, titled by the text after it."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file

TITLED = Path(__file__).parent / "fixtures" / "text" / "identifiers_titled.txt"


def test_each_identifier_is_a_paper_titled_by_the_text_after_it() -> None:
    result = read_file(TITLED)
    assert result.name == "My reading"
    assert [(r.arxiv_id, r.doi, r.title) for r in result.records] == [
        ("2401.01234", None, "Attention is all you need"),
        (None, "10.1145/3292500.3330701", "Title of a KDD paper"),
        ("2106.09685", None, "Some title"),
        ("2310.06825", None, "Mistral 7B"),  # "[id]" and the title's quotes
        ("1706.03762", None, "Attention Is All You Need"),  # "arXiv:…v5:"
        ("2301.00001", None, None),  # an identifier alone stays untitled
    ]
    [said] = result.problems
    assert "5 with the title written after it on its line" in said.message
    assert "holds identifiers only" not in said.message


def test_a_list_without_a_name_line_is_named_after_its_file(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text(
        "2401.01234 Attention is all you need\n"
        "10.1145/3292500.3330701 — Title of a KDD paper\n"
        "https://arxiv.org/abs/2106.09685  Some title\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.name == "ids"
    assert [r.title for r in result.records] == [
        "Attention is all you need",
        "Title of a KDD paper",
        "Some title",
    ]
    [said] = result.problems
    assert "each with the title written after it on its line" in said.message


def test_the_papers_link_to_their_identifiers_pages(tmp_path: Path) -> None:
    library = load_library([TITLED])
    papers = {paper.title: paper for paper in library.papers}
    assert [link.url for link in papers["Attention is all you need"].links] == [
        "https://arxiv.org/abs/2401.01234"
    ]
    assert [link.url for link in papers["Title of a KDD paper"].links] == [
        "https://doi.org/10.1145/3292500.3330701"
    ]
    assert not papers["Mistral 7B"].title_derived


def test_two_identifiers_on_a_line_are_no_title(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("2401.01234 2402.01234\n2310.06825\n2106.09685\n", encoding="utf-8")
    result = read_file(path)
    assert all(record.title is None for record in result.records)
