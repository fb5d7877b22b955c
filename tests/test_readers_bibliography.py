"""A bibliography pasted as text: a paper's references section, one reference a line or
a paragraph, numbered or not, in IEEE's, APA's, the ACL's, NeurIPS's or Vancouver's
style. A reference not numbered "[n]" made the whole list one paper whose abstract was
every reference run together; one in another style than IEEE's quoted titles or APA's
lost its title to its authors, and "arXiv preprint arXiv:…" lost its arXiv id. Each
reference is one paper with its title, authors, venue, year, arXiv id and DOI; one that
cannot be read is kept whole as its paper's title, and said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.ingest.venues import venue_aliases

TEXT = Path(__file__).parent / "fixtures" / "text"
MIXED = TEXT / "bibliography_mixed.txt"
PARAGRAPHS = TEXT / "bibliography_paragraphs.txt"


def _fields(record):
    return (record.title, record.authors, record.venue, record.year)


def test_each_reference_of_a_mixed_bibliography_is_one_paper() -> None:
    result = read_file(MIXED)
    assert result.name == "References"
    assert len(result.records) == 10
    neurips, plain, apa, quoted, acl, initials, wrapped, ieee, vancouver, unread = result.records
    assert _fields(neurips) == (
        "Attention is all you need",
        ("A. Vaswani", "N. Shazeer", "N. Parmar", "et al."),
        "NeurIPS",
        2017,
    )
    assert neurips.arxiv_id == "1706.03762"
    assert _fields(plain) == (
        "Deep residual learning for image recognition",
        ("Kaiming He", "Xiangyu Zhang", "Shaoqing Ren", "Jian Sun"),
        "CVPR",
        2016,
    )
    assert _fields(apa) == (
        "BERT: Pre-training of deep bidirectional transformers for language understanding",
        ("J. Devlin", "M.-W. Chang", "K. Lee", "K. Toutanova"),
        "NAACL",
        2019,
    )
    # the title in quotes, and the arXiv id after "arXiv preprint"
    assert _fields(quoted) == (
        "Language models are few-shot learners",
        ("T. Brown", "et al."),
        None,
        2020,
    )
    assert quoted.arxiv_id == "2005.14165"
    assert _fields(acl)[0::2] == (
        "Exploring the limits of transfer learning with a unified text-to-text transformer",
        "Journal of Machine Learning Research",
    )
    assert acl.authors[-1] == "Peter J. Liu" and acl.year == 2020
    assert _fields(initials)[:2] == (
        "Adam: A method for stochastic optimization",
        ("Diederik P. Kingma", "Jimmy Ba"),
    )
    assert initials.venue == "International Conference on Learning Representations"
    assert _fields(wrapped) == (
        "Human-level control through deep reinforcement learning",
        ("Volodymyr Mnih", "Koray Kavukcuoglu", "David Silver", "et al."),
        "Nature",
        2015,
    )
    assert wrapped.doi == "10.1038/nature14236"
    # the year, not the last page
    assert _fields(ieee) == (
        "Generative adversarial nets",
        ("I. Goodfellow", "et al."),
        "NIPS",
        2014,
    )
    assert vancouver.authors[:2] == ("A. Vaswani", "N. Shazeer")
    assert (vancouver.title, vancouver.year) == ("Attention is all you need", 2017)
    # no reference is lost: one that cannot be read is its paper's title, and said
    assert unread.title == "see the appendix of the survey for the rest"
    [said] = result.problems
    assert said.severity == "warning"
    assert said.message == (
        "1 reference (line 12) could not be read as authors, title, venue and year: "
        "it is kept whole as the paper's title"
    )


def test_references_a_paragraph_each_wrapped_over_lines() -> None:
    result = read_file(PARAGRAPHS)
    assert result.name == "bibliography_paragraphs"
    assert [(r.title, r.year, r.arxiv_id, r.doi) for r in result.records] == [
        (
            "BERT: Pre-training of deep bidirectional transformers for language understanding",
            2019,
            None,
            None,
        ),
        (
            "Training language models to follow instructions with human feedback",
            2022,
            "2203.02155",
            None,
        ),
        ("Mastering the game of Go without human knowledge", 2017, None, "10.1038/nature24270"),
        ("How powerful are graph neural networks?", 2019, None, None),
    ]
    assert result.records[0].venue == (
        "Conference of the North American Chapter of the Association for Computational Linguistics"
    )
    assert result.records[3].venue == "ICLR"
    assert result.problems == ()


def test_the_papers_link_to_their_arxiv_and_doi_pages() -> None:
    library = load_library([MIXED])
    papers = {paper.title: paper for paper in library.papers}
    assert "https://arxiv.org/abs/2005.14165" in [
        link.url for link in papers["Language models are few-shot learners"].links
    ]
    assert "https://doi.org/10.1038/nature14236" in [
        link.url for link in papers["Human-level control through deep reinforcement learning"].links
    ]


@pytest.mark.parametrize(
    "text",
    [
        # abstracts, one a paragraph, that name people and years
        (
            "My list\n\nJohn Smith and colleagues showed in 2019 that transformers scale. "
            "We go on.\n\nAlice Doe. This paper studies graphs in 2020 and beyond, with new "
            "bounds.\n"
        ),
        # titles, one a line
        (
            "Reading\nAttention Is All You Need\nDeep Residual Learning\nNeural Ordinary "
            "Differential Equations\n"
        ),
    ],
)
def test_prose_and_titles_are_no_bibliography(tmp_path: Path, text: str) -> None:
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert all(not record.authors for record in result.records)
    assert not any("could not be read as authors" in p.message for p in result.problems)


def test_chicagos_first_author_family_name_first(tmp_path: Path) -> None:
    # "Vaswani, Ashish, Noam Shazeer": the first author's family and given names were
    # two authors
    path = tmp_path / "chicago.txt"
    path.write_text(
        "Vaswani, Ashish, Noam Shazeer, and Niki Parmar. 2017. “Attention Is All You "
        "Need.” In Advances in Neural Information Processing Systems, 5998–6008.\n"
        'LeCun, Yann, Yoshua Bengio, and Geoffrey Hinton. "Deep Learning." Nature 521, '
        "no. 7553 (2015): 436–444.\n"
        "OpenAI, Josh Achiam, Steven Adler, et al. GPT-4 technical report. "
        "arXiv:2303.08774, 2023.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors, r.year) for r in result.records] == [
        ("Attention Is All You Need", ("Ashish Vaswani", "Noam Shazeer", "Niki Parmar"), 2017),
        ("Deep Learning", ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton"), 2015),
        ("GPT-4 technical report", ("OpenAI", "Josh Achiam", "Steven Adler", "et al."), 2023),
    ]


def test_abbreviated_venues_are_named_in_full(tmp_path: Path) -> None:
    # the venues kept their ISO 4 abbreviations ("Adv. Neural Inf. Process. Syst"), which
    # venue:neurips and the citations do not know
    path = tmp_path / "iso4.txt"
    path.write_text(
        "[1] A. Vaswani et al. Attention is all you need. Adv. Neural Inf. Process. Syst. "
        "30 (2017).\n"
        "[2] K. He, X. Zhang, S. Ren, and J. Sun. Deep residual learning for image "
        "recognition. In Proc. IEEE Conf. Comput. Vis. Pattern Recognit., 2016, pp. 770–778.\n"
        "[3] K. Abe and K. Ariu. Adaptively perturbed mirror descent for learning in games. "
        "In Int. Conf. Mach. Learn., 2024.\n"
        "[4] A. Author. A paper in a journal. Trans. Mach. Learn. Res., 2023.\n"
        "[5] Vaswani A, Shazeer N. Attention is all you need. Adv Neural Inf Process Syst. "
        "2017;30:5998-6008.\n"
        "[6] B. Author. A paper in another journal. Nature Commun., 2021.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.venue for record in result.records] == [
        "Advances in Neural Information Processing Systems",
        "IEEE Conference on Computer Vision and Pattern Recognition",
        "International Conference on Machine Learning",
        "Transactions on Machine Learning Research",
        "Advances in Neural Information Processing Systems",
        "Nature Commun",
    ]
    assert result.problems == ()
    # known by the short names the other lists' venues are searched by
    assert [venue_aliases(record.venue)[:1] for record in result.records] == [
        ("NeurIPS",),
        ("CVPR",),
        ("ICML",),
        ("TMLR",),
        ("NeurIPS",),
        (),
    ]


def test_names_in_small_letters_are_authors(tmp_path: Path) -> None:
    # OpenReview gives some names in small letters: they failed the name check, so
    # each such reference was kept whole and said, or, one a line, run into the one
    # before it
    path = tmp_path / "lower.txt"
    path.write_text(
        "Kenshi Abe and Kaito Ariu. Adaptively perturbed mirror descent for learning in "
        "games. In ICML, 2024.\n"
        "kelu yao, jin wang, and yilun du. Deep nets for graphs. In NeurIPS, 2024.\n"
        "chenxin an, Fei Huang, et al. Training-free long-context scaling of large "
        "language models. In ICML, 2024. arXiv:2402.17463.\n"
        'k. yao and j. wang, "Neural diffusion models," in Proc. ICLR, 2023.\n'
        "yao, k., & van der berg, j. (2022). Sparse attention. In ACL.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors, r.venue, r.year) for r in result.records] == [
        (
            "Adaptively perturbed mirror descent for learning in games",
            ("Kenshi Abe", "Kaito Ariu"),
            "ICML",
            2024,
        ),
        ("Deep nets for graphs", ("Kelu Yao", "Jin Wang", "Yilun Du"), "NeurIPS", 2024),
        (
            "Training-free long-context scaling of large language models",
            ("Chenxin An", "Fei Huang", "et al."),
            "ICML",
            2024,
        ),
        ("Neural diffusion models", ("K. Yao", "J. Wang"), "ICLR", 2023),
        ("Sparse attention", ("K. Yao", "J. van der Berg"), "ACL", 2022),
    ]
    assert result.records[2].arxiv_id == "2402.17463"
    assert result.problems == ()


@pytest.mark.parametrize(
    "text",
    [
        # prose in small letters, with names and years in it
        (
            "reading list\n\njohn smith and colleagues showed in 2019 that transformers "
            "scale. In NeurIPS, 2019.\n\nalice doe, bob roe. we look at graphs in 2020. "
            "In ICML, 2020.\n"
        ),
        # notes, one a line, in small letters
        "my notes\nattention is all you need. NeurIPS, 2017.\ndeep residual learning. CVPR.\n",
    ],
)
def test_prose_in_small_letters_is_no_bibliography(tmp_path: Path, text: str) -> None:
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert all(not record.authors for record in result.records)


def test_a_family_name_that_is_a_particle_elsewhere_is_a_name(tmp_path: Path) -> None:
    # "Du, Y." and "Le, Q.": a family name that is a particle before another ("du", "le")
    # was no name, so the reference was kept whole and said
    path = tmp_path / "particles.txt"
    path.write_text(
        "Chen, R., Wang, L., Du, Y., & Xue, T. (2024). Subequivariant reinforcement "
        "learning. In NeurIPS.\n"
        "Le, Q., & Mikolov, T. (2014). Distributed representations of sentences and "
        "documents. In ICML.\n"
        "van der Berg, J., & Kim, S. (2020). Graph auto-encoders. In ICLR.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors, r.year) for r in result.records] == [
        ("Subequivariant reinforcement learning", ("R. Chen", "L. Wang", "Y. Du", "T. Xue"), 2024),
        ("Distributed representations of sentences and documents", ("Q. Le", "T. Mikolov"), 2014),
        ("Graph auto-encoders", ("J. van der Berg", "S. Kim"), 2020),
    ]
    assert result.problems == ()


def test_names_in_capitals_end_in_their_family_name(tmp_path: Path) -> None:
    # "ZIJIAN HE" was read as Vancouver's family name and initials, "H. E. ZIJIAN"
    path = tmp_path / "capitals.txt"
    path.write_text(
        "REYNA ABHYANKAR, ZIJIAN HE, YI MA, and HAO ZHANG. InferCept: Efficient intercept "
        "support for augmented large language model inference. In ICML, 2024.\n"
        "Vaswani A, Shazeer N, He K. Attention is all you need. Adv Neural Inf Process "
        "Syst. 2017;30:5998-6008.\n"
        "VASWANI A, SHAZEER N. Attention is all you need. NeurIPS. 2017.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [r.authors for r in result.records] == [
        ("REYNA ABHYANKAR", "ZIJIAN HE", "YI MA", "HAO ZHANG"),
        ("A. Vaswani", "N. Shazeer", "K. He"),
        ("A. VASWANI", "N. SHAZEER"),
    ]
