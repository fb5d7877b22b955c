"""A conference's list of papers copied from its web page into a text file, as the
message refusing the saved page advises: each title on one line and its authors' names
on the next (a blank line between papers, or none), or the page's table copied (a title,
a tab, its authors). Read as a list of titles, one a line, it gave two papers a paper,
each author line one of its own, and the page's heading one more; copied as a table, it
was one paper whose abstract was every row run together."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tuireader.ingest.formats import pagecopy
from tuireader.ingest.readers import read_file

TEXT = Path(__file__).parent / "fixtures" / "text"

PAPERS = [
    ("Probabilistic Generating Circuits - Demystified", ("Sanyam Agarwal", "Markus Bläser")),
    (
        "In-Context Language Learning: Architectures and Algorithms",
        ("Ekin Akyürek", "Bailin Wang", "Yoon Kim", "Jacob Andreas"),
    ),
    (
        "Evaluation of Test-Time Adaptation Under Computational Time Constraints",
        (
            "Motasem Alfarra",
            "Hani Itani",
            "Alejandro Pardo",
            "shyma yaser alhuwaider",
            "Merey Ramazanova",
            "Juan Camilo Perez",
            "zhipeng cai",
            "Matthias Müller",
            "Bernard Ghanem",
        ),
    ),
    (
        "On the Weight Dynamics of Deep Normalized Networks",
        ("Christian H.X. Ali Mehmeti-Göpel", "Michael Wand"),
    ),
]


@pytest.mark.parametrize(
    ("name", "heading"),
    [
        ("accepted_copy_lines.txt", "ICML 2024 Accepted Papers"),
        ("accepted_copy_tight.txt", "ICML 2024 Accepted Papers"),
        ("accepted_copy_table.txt", "Accepted Papers"),
    ],
)
def test_a_copied_list_is_one_paper_a_title_with_its_authors(name: str, heading: str) -> None:
    result = read_file(TEXT / name)
    assert len(result.records) == 10
    assert [(r.title, r.authors) for r in result.records[:4]] == PAPERS
    # the page's heading names the list; it is no paper
    assert result.name == heading
    assert heading not in [record.title for record in result.records]
    assert not any(record.abstract for record in result.records)
    (said,) = [problem for problem in result.problems]
    assert said.severity == "warning"
    assert "read each title and its authors as one paper, 10 in all" in said.message
    assert f"(“{heading}”) names the list" in said.message


def test_particles_are_part_of_a_name() -> None:
    records = read_file(TEXT / "accepted_copy_lines.txt").records
    assert records[8].authors == ("Artur Back de Luca", "Kimon Fountoulakis")
    assert records[9].authors == ("Justin Baker", "Shih-Hsin Wang", "Tommaso de Fernex", "Bao Wang")


def test_affiliations_and_footnote_marks_are_left_out_of_the_names(tmp_path: Path) -> None:
    path = tmp_path / "accepted.txt"
    path.write_text(
        "Accepted papers\n\n"
        "Sparse Attention at Scale\nAnn Lee (MIT), Bo Chan (Stanford University)\n\n"
        "Dense Attention, Revisited\nCy Dee¹, Di Eh²,³ and Ed Fox*\n\n"
        "Wide Nets\nFay Gee1,2, Hal Ive2\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors) for r in result.records] == [
        ("Sparse Attention at Scale", ("Ann Lee", "Bo Chan")),
        ("Dense Attention, Revisited", ("Cy Dee", "Di Eh", "Ed Fox")),
        ("Wide Nets", ("Fay Gee", "Hal Ive")),
    ]


def test_a_line_of_names_may_end_in_a_full_stop(tmp_path: Path) -> None:
    path = tmp_path / "accepted.txt"
    path.write_text(
        "Sparse Attention at Scale\nAnn Lee and Bo Chan.\n\n"
        "Wide Nets\nCy Dee, Di E. Eh.\n\n"
        "Tall Nets\nEd Fox, Fay Gee, et al.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors) for r in result.records] == [
        ("Sparse Attention at Scale", ("Ann Lee", "Bo Chan")),
        ("Wide Nets", ("Cy Dee", "Di E. Eh")),
        ("Tall Nets", ("Ed Fox", "Fay Gee", "et al.")),
    ]
    assert result.name == "accepted"  # no heading: named after the file


def test_a_title_list_with_short_titles_stays_titles(tmp_path: Path) -> None:
    # a few capitalised words alone may be a name or a title: in a list of titles, two a
    # paragraph, the second is a title still
    path = tmp_path / "titles.txt"
    path.write_text(
        "Reading list\n\n"
        "Deep Residual Learning for Image Recognition\nGraph Attention Networks\n\n"
        "Attention Is All You Need\nLayer Normalization\n\n"
        "Batch Normalization: Accelerating Deep Network Training\nDropout\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert len(result.records) == 6
    assert all(record.authors == () for record in result.records)


def test_a_list_of_single_names_under_titles_is_no_author_list(tmp_path: Path) -> None:
    # most second lines are a few capitalised words alone, which titles are as well
    path = tmp_path / "pairs.txt"
    path.write_text(
        "Pairs\n\nSparse Codes\nHidden Units\n\nWide Nets\nTall Trees\n\nOpen Sets\nBo Chan, Cy Dee\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert all(record.authors == () for record in result.records)


def test_abstracts_of_two_lines_stay_abstracts(tmp_path: Path) -> None:
    path = tmp_path / "abstracts.txt"
    path.write_text(
        "My list\n\n"
        "We study deep nets and the ways they fail.\nWe find three of them, and fix two.\n\n"
        "We study wide nets.\nThey are wide, and we say why.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.abstract for record in result.records] == [
        "We study deep nets and the ways they fail. We find three of them, and fix two.",
        "We study wide nets. They are wide, and we say why.",
    ]


@pytest.mark.parametrize(
    ("name", "line"),
    [("accepted_copy_one_unauthored.txt", 54), ("accepted_copy_one_unauthored_tight.txt", 36)],
)
def test_a_title_without_its_author_line_is_a_paper_without_authors(name: str, line: int) -> None:
    # 40 ICML 2024 papers (icml2024_first40.jsonl) copied a title and its authors'
    # names a paper, the 18th's author line left out: read two lines a paper, every
    # line after it was one off, and the file a list of titles, one a line (79 papers)
    result = read_file(TEXT / name)
    papers = [
        json.loads(line)
        for line in (TEXT / "icml2024_first40.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert result.name == "ICML 2024 Accepted Papers"
    assert [record.title for record in result.records] == [paper["title"] for paper in papers]
    assert result.records[17].authors == ()
    for number, (record, paper) in enumerate(zip(result.records, papers, strict=True)):
        if number != 17:
            assert [a.replace(" ", "") for a in record.authors] == [
                a.replace(" ", "") for a in paper["authors"]
            ]
    said = [problem.message for problem in result.problems]
    assert "read each title and its authors as one paper, 40 in all" in said[0]
    assert (
        f"the title on line {line} has no line of authors' names after it: read without authors"
        in said
    )


def test_titles_without_author_lines_are_a_few_at_most(tmp_path: Path) -> None:
    # a list of titles where a title or two is followed by names stays a list of titles
    path = tmp_path / "titles.txt"
    path.write_text(
        "Reading list\n\nSparse Attention at Scale\nAnn Lee, Bo Chan\n\n"
        "Wide Nets\n\nTall Nets\n\nDeep Nets\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert all(record.authors == () for record in result.records)


def test_a_first_paper_with_a_one_word_name_among_its_authors_is_no_heading(
    tmp_path: Path,
) -> None:
    """Mausam signs with one name: the first paper's author line did not read as names,
    so its title was taken for the list's heading, the paper lost."""
    path = tmp_path / "copied.txt"
    path.write_text(
        "Open Information Extraction from the Web\n"
        "Michele Banko, Mausam, Oren Etzioni\n\n"
        "Attention Is All You Need\nAshish Vaswani, Noam Shazeer, Niki Parmar\n\n"
        "Deep Residual Learning for Image Recognition\n"
        "Kaiming He, Xiangyu Zhang, Shaoqing Ren, Jian Sun\n\n"
        "Language Models are Few-Shot Learners\nTom Brown, Benjamin Mann, Nick Ryder\n",
        encoding="utf-8",
    )
    result = read_file(path)
    first = result.records[0]
    assert (first.title, first.authors) == (
        "Open Information Extraction from the Web",
        ("Michele Banko", "Mausam", "Oren Etzioni"),
    )
    assert len(result.records) == 4 and result.name == "copied"


def test_initials_and_two_letter_names_are_names(tmp_path: Path) -> None:
    """An initial "A." and a family name such as "An" are also words titles use ("a",
    "an"): the author lines holding them were read as written and said not to be names
    (76 of ICML 2024's 2,610)."""
    path = tmp_path / "copied.txt"
    path.write_text(
        "Accepted Papers\n\n"
        "Deep Residual Learning for Image Recognition\nJohn A. Smith, Mary Jones\n\n"
        "Attention Is All You Need\nJian Sun, Bo An, Wei Chen\n\n"
        "Language Models are Few-Shot Learners\nOr Litany, Ann Lee\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [r.authors for r in result.records] == [
        ("John A. Smith", "Mary Jones"),
        ("Jian Sun", "Bo An", "Wei Chen"),
        ("Or Litany", "Ann Lee"),
    ]
    assert not [p for p in result.problems if "do not read as names" in p.message]


@pytest.mark.parametrize(("separator", "gap"), [(", ", "\n"), (" · ", "\n"), ("; ", "\n\n")])
def test_titles_one_after_another_without_author_lines_are_each_a_paper(
    tmp_path: Path, separator: str, gap: str
) -> None:
    """Two, three or four titles in a row whose author lines were left out: the second
    of two such titles was read as the first's authors, that paper lost."""
    papers = [
        json.loads(line)
        for line in (TEXT / "icml2024_first40.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    missing = {5, 6, 12, 13, 14, 22, 23, 24, 25}  # runs of two, three and four
    chunks = [
        paper["title"] if at in missing else f"{paper['title']}\n{separator.join(paper['authors'])}"
        for at, paper in enumerate(papers)
    ]
    path = tmp_path / "accepted.txt"
    path.write_text("ICML 2024 Accepted Papers\n\n" + gap.join(chunks) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [paper["title"] for paper in papers]
    for at, (record, paper) in enumerate(zip(result.records, papers, strict=True)):
        authors = [] if at in missing else paper["authors"]
        assert [a.replace(" ", "") for a in record.authors] == [a.replace(" ", "") for a in authors]
    said = [problem.message for problem in result.problems]
    assert "read each title and its authors as one paper, 40 in all" in said[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    numbers = [lines.index(papers[at]["title"]) + 1 for at in sorted(missing)]
    assert (
        f"the titles on lines {', '.join(map(str, numbers[:5]))} and 4 more have no line of "
        "authors' names after them: read without authors"
    ) in said


@pytest.mark.parametrize(("gap", "missing"), [("\n", {7, 8}), ("\n\n", set())])
def test_each_line_is_read_as_names_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gap: str, missing: set[int]
) -> None:
    """Read two lines a paper, then title by title, with the heading and the titles told
    each time, a line was read as names up to four times, the whole file as many."""
    papers = [
        json.loads(line)
        for line in (TEXT / "icml2024_first40.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    chunks = [
        paper["title"] if at in missing else f"{paper['title']}\n{', '.join(paper['authors'])}"
        for at, paper in enumerate(papers)
    ]
    path = tmp_path / "accepted.txt"
    path.write_text("ICML 2024 Accepted Papers\n\n" + gap.join(chunks) + "\n", encoding="utf-8")
    asked: Counter[str] = Counter()
    real = pagecopy._names

    def names(line: str) -> tuple[tuple[str, ...], bool] | None:
        asked[line] += 1
        return real(line)

    monkeypatch.setattr(pagecopy, "_names", names)
    assert len(read_file(path).records) == 40
    lines = {line for line in path.read_text(encoding="utf-8").splitlines() if line}
    assert set(asked) <= lines and len(asked) > 40
    assert max(asked.values()) == 1


#: the line a page gives each paper's presentation on, by paper; a paper without one
LABELS = ["Oral", "Poster", None, "Spotlight", "Highlight", "Outstanding Paper", "Award"]
LABELS += ["Oral Presentation", "Spotlight Poster", None]


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
@pytest.mark.parametrize("before", [True, False])
def test_a_presentation_line_is_the_decision_of_its_paper(
    tmp_path: Path, gap: str, before: bool
) -> None:
    """A page that gives each paper's presentation on a line of its own ("Oral",
    "Spotlight Poster"), before its title or after its author line: each such line was
    read as a title, and the copy was a list of titles, one a line, three papers a
    paper."""
    papers = [
        json.loads(line)
        for line in (TEXT / "icml2024_first40.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    labels = [LABELS[at % len(LABELS)] for at in range(len(papers))]
    labels[0 if before else -1] = "Poster"  # where the copy begins or ends says the side
    chunks = []
    for paper, label in zip(papers, labels, strict=True):
        chunk = f"{paper['title']}\n{', '.join(paper['authors'])}"
        if label is not None:
            chunk = f"{label}\n{chunk}" if before else f"{chunk}\n{label}"
        chunks.append(chunk)
    path = tmp_path / "accepted.txt"
    path.write_text("ICML 2024 Accepted Papers\n\n" + gap.join(chunks) + "\n", encoding="utf-8")
    result = read_file(path)
    assert result.name == "ICML 2024 Accepted Papers"
    assert [record.title for record in result.records] == [paper["title"] for paper in papers]
    for record, paper in zip(result.records, papers, strict=True):
        assert [a.replace(" ", "") for a in record.authors] == [
            a.replace(" ", "") for a in paper["authors"]
        ]
    assert [record.status for record in result.records] == labels
    said = result.problems[0].message
    assert "read each title and its authors as one paper, 40 in all" in said
    first = next(label for label in labels if label)
    assert f"gives a paper's presentation (“{first}”) is kept as its decision" in said
    assert ("before its title" if before else "after its authors' names") in said


def test_a_title_list_of_presentation_names_is_no_decision(tmp_path: Path) -> None:
    # lines of presentation words, without titles and authors between: read as before
    path = tmp_path / "titles.txt"
    path.write_text("Reading list\n\nOral\nPoster\nSpotlight\nWide Nets\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Oral",
        "Poster",
        "Spotlight",
        "Wide Nets",
    ]
    assert all(record.status is None for record in result.records)
