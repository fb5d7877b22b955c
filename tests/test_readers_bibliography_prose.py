"""Paragraphs of prose and lists of "Title. Authors. Venue Year" are no bibliography of
"Authors. Title. Venue" references. Any one to five capitalised words before a full stop
were read as an author's name, so that a paragraph starting with its paper's title
("Deep Residual Learning. Deeper neural networks …") became a reference by the author
"Deep Residual Learning" whose title was its first sentence and whose venue the rest,
its abstract lost; "Attention Is All You Need. Vaswani et al. NeurIPS 2017." had the
title "Vaswani et al"; and notes ("Bob Jones. He said …") had authors and titles. Names
are an author list only with a sign of one (an initial, "et al.", more than one name);
a title may come before its authors; and a file is a bibliography only when most of its
entries read so."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.formats.references import read_reference
from tuireader.ingest.readers import read_file

ABSTRACTS = Path(__file__).parent / "fixtures" / "text" / "abstracts_titled.txt"


def _read(tmp_path: Path, text: str):
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def test_paragraphs_that_start_with_a_title_stay_abstracts(tmp_path: Path) -> None:
    paragraphs = [
        (
            "Deep Residual Learning. Deeper neural networks are more difficult to train. "
            "We present a residual learning framework. We won the 1st place on the ILSVRC "
            "2015 classification task."
        ),
        (
            "Attention Is All You Need. The dominant sequence transduction models are based "
            "on recurrent networks. We propose the Transformer. It achieves 28.4 BLEU on WMT "
            "2014."
        ),
        (
            "Adam Optimizer. We introduce Adam, an algorithm for first-order optimization. "
            "It was published in 2015 and is widely used."
        ),
    ]
    result = _read(tmp_path, "Papers to read\n\n" + "\n\n".join(paragraphs) + "\n")
    assert result.name == "Papers to read"
    assert [(r.abstract, r.authors, r.venue) for r in result.records] == [
        (paragraph, (), None) for paragraph in paragraphs
    ]
    assert result.problems == ()


def test_meeting_notes_have_no_authors(tmp_path: Path) -> None:
    result = _read(
        tmp_path,
        "Meeting notes\n\nBob Jones. He said the baseline is weak. In 2020 we tried it and "
        "it failed.\n\nAlice Smith. She thinks the data is noisy. In 2019 the same problem "
        "came up.\n",
    )
    assert len(result.records) == 2
    assert all(not r.authors and r.abstract.startswith(("Bob", "Alice")) for r in result.records)


def test_title_then_authors_then_venue(tmp_path: Path) -> None:
    result = _read(
        tmp_path,
        "Reading\n1. Attention Is All You Need. Vaswani et al. NeurIPS 2017.\n"
        "2. Deep Residual Learning for Image Recognition. He et al. CVPR 2016.\n"
        "3. Adam: A Method for Stochastic Optimization. Kingma and Ba. ICLR 2015.\n",
    )
    assert result.name == "Reading"
    assert [(r.title, r.authors, r.venue, r.year) for r in result.records] == [
        ("Attention Is All You Need", ("Vaswani", "et al."), "NeurIPS", 2017),
        ("Deep Residual Learning for Image Recognition", ("He", "et al."), "CVPR", 2016),
        ("Adam: A Method for Stochastic Optimization", ("Kingma", "Ba"), "ICLR", 2015),
    ]
    assert result.problems == ()


def test_a_few_capitalised_words_are_no_author() -> None:
    record, known = read_reference("Attention Is All You Need. Vaswani et al. NeurIPS 2017.")
    assert known and record.title == "Attention Is All You Need"
    assert record.authors == ("Vaswani", "et al.")
    # a lone name with no sign of a list of authors, and a venue that is sentences
    assert not read_reference("Bob Jones. He said the baseline is weak. In 2020 we tried.")[1]
    # a lone author still reads with the ACL's year after the name
    record, known = read_reference("Kaiming He. 2016. Deep residual learning. In CVPR.")
    assert known and record.authors == ("Kaiming He",)


def test_a_file_of_mostly_prose_is_read_as_paragraphs(tmp_path: Path) -> None:
    # one paragraph reads as a reference, the others do not: the file is paragraphs
    result = _read(
        tmp_path,
        "Notes\n\nA. Vaswani, N. Shazeer. Attention is all you need. In NeurIPS, 2017.\n\n"
        "Residual Networks. They train deeper networks than before. We liked it in 2016.\n\n"
        "Batch Norm. It speeds training up. This was shown in 2015 and it holds.\n",
    )
    assert [bool(r.abstract) and not r.authors for r in result.records] == [True] * 3


def test_titled_abstracts_read_as_paragraphs() -> None:
    result = read_file(ABSTRACTS)
    assert result.name == "ICML 2024 reading"
    assert len(result.records) == 12
    assert all(r.abstract and not r.authors and not r.venue for r in result.records)
    assert result.problems == ()
