"""Books in a pasted bibliography were read as papers in proceedings named after their
publisher: cited "Bishop, C. M. (2006). Pattern recognition and machine learning. In
Springer. Springer." and ``@inproceedings{…, booktitle = {MIT Press}}``, an edition
left in the title or the venue ("2nd edn. MIT Press"). A book cited in IEEE's, LNCS's,
APA's, the ACL's or NeurIPS's style is read as a book: its entry type, publisher,
place and edition (out of its title and venue), cited as one."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import format_citation

BOOKS = """\
[1] C. M. Bishop, Pattern Recognition and Machine Learning. New York, NY, USA: Springer, 2006.
[2] Smith, J., Doe, A.: Title of the book. Springer, Heidelberg (2010)
[3] Bishop, C. M. (2006). Pattern recognition and machine learning. Springer.
[4] Sutton, R.S., Barto, A.G.: Reinforcement Learning: An Introduction. 2nd edn. MIT Press, Cambridge (2018)
[5] Sutton, R. S., & Barto, A. G. (2018). Reinforcement learning: An introduction (2nd ed.). MIT Press.
[6] R. S. Sutton and A. G. Barto, Reinforcement Learning: An Introduction, 2nd ed. Cambridge, MA, USA: MIT Press, 2018.
[7] Christopher D. Manning and Hinrich Schütze. 1999. Foundations of Statistical Natural Language Processing. MIT Press, Cambridge, MA.
[8] Kevin P. Murphy. Machine Learning: A Probabilistic Perspective. MIT Press, 2012.
[9] K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image recognition," in Proc. IEEE Conf. Comput. Vis. Pattern Recognit. (CVPR), 2016, pp. 770–778.
[10] He, K., Zhang, X., Ren, S., Sun, J.: Deep residual learning for image recognition. In: CVPR. pp. 770–778 (2016)
"""


def _path(tmp_path: Path) -> Path:
    path = tmp_path / "refs.txt"
    path.write_text(BOOKS, encoding="utf-8")
    return path


def test_books_are_read_as_books(tmp_path: Path) -> None:
    result = read_file(_path(tmp_path))
    assert not result.problems
    books = result.records[:8]
    assert [(r.entry_type, r.publisher, r.place, r.edition) for r in books] == [
        ("book", "Springer", "New York, NY, USA", None),
        ("book", "Springer", "Heidelberg", None),
        ("book", "Springer", None, None),
        ("book", "MIT Press", "Cambridge", "2"),
        ("book", "MIT Press", None, "2"),
        ("book", "MIT Press", "Cambridge, MA, USA", "2"),
        ("book", "MIT Press", "Cambridge, MA", None),
        ("book", "MIT Press", None, None),
    ]
    assert [r.title for r in books[3:6]] == [
        "Reinforcement Learning: An Introduction",
        "Reinforcement learning: An introduction",
        "Reinforcement Learning: An Introduction",
    ]
    assert all(r.venue == r.publisher for r in books)  # no edition in it
    assert [r.year for r in books] == [2006, 2010, 2006, 2018, 2018, 2018, 1999, 2012]
    for paper in result.records[8:]:
        assert paper.entry_type is None and paper.publisher is None


def test_books_are_cited_as_books(tmp_path: Path) -> None:
    library = load_library([_path(tmp_path)])
    papers = sorted(library.papers, key=lambda paper: paper.order)
    apa = [format_citation(paper, "apa", library=library).text for paper in papers]
    assert apa[2] == "Bishop, C. M. (2006). Pattern recognition and machine learning. Springer."
    assert apa[4] == (
        "Sutton, R. S., & Barto, A. G. (2018). Reinforcement learning: An introduction "
        "(2nd ed.). MIT Press."
    )
    bibtex = format_citation(papers[1], "bibtex", library=library).text
    assert bibtex.startswith("@book{") and "publisher = {Springer}" in bibtex
    assert "booktitle" not in bibtex
    assert all(" In " not in text for text in apa[:8])
