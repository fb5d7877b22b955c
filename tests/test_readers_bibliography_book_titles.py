"""IEEE's books whose place or publisher is abbreviated ("Cambridge, U.K.: Cambridge
Univ. Press, 2004.") or whose title holds commas ("Information Theory, Inference and
Learning Algorithms") were read wrong: the title was "Cambridge, U.K.: Cambridge Univ",
the venue "Press", and the title's words were taken for authors ("Convex
Optimization", "Inference"). A publisher's abbreviation ("Univ.", "Inc.", "Ltd.",
"Co.") ends no part of a reference, and the authors end after the last one's comma
("and L. Vandenberghe,"), the title's commas and "and" after it being the title's."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

IEEE = """\
[1] S. Boyd and L. Vandenberghe, Convex Optimization. Cambridge, U.K.: Cambridge Univ. Press, 2004.
[2] D. J. C. MacKay, Information Theory, Inference and Learning Algorithms. Cambridge, U.K.: Cambridge Univ. Press, 2003.
[3] J. Pearl, Causality: Models, Reasoning, and Inference. Cambridge, U.K.: Cambridge Univ. Press, 2000.
[4] S. Haykin, Neural Networks and Learning Machines, 3rd ed. Upper Saddle River, NJ, USA: Pearson, 2009.
[5] J. R. Quinlan, C4.5: Programs for Machine Learning. San Mateo, CA, USA: Morgan Kaufmann Publishers Inc., 1993.
[6] D. Easley and J. Kleinberg, Networks, Crowds, and Markets. New York, NY, USA: Cambridge Univ. Press, 2010.
[7] S. Boyd and L. Vandenberghe, Convex Optimization. Cambridge Univ. Press, 2004.
[8] K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image recognition," in Proc. IEEE Conf. Comput. Vis. Pattern Recognit. (CVPR), 2016, pp. 770–778.
"""


def test_books_with_abbreviated_publishers_and_titles_with_commas(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(IEEE, encoding="utf-8")
    result = read_file(path)
    assert not result.problems
    assert [(r.authors, r.title, r.publisher, r.place, r.year) for r in result.records[:7]] == [
        (
            ("S. Boyd", "L. Vandenberghe"),
            "Convex Optimization",
            "Cambridge Univ. Press",
            "Cambridge, U.K.",
            2004,
        ),
        (
            ("D. J. C. MacKay",),
            "Information Theory, Inference and Learning Algorithms",
            "Cambridge Univ. Press",
            "Cambridge, U.K.",
            2003,
        ),
        (
            ("J. Pearl",),
            "Causality: Models, Reasoning, and Inference",
            "Cambridge Univ. Press",
            "Cambridge, U.K.",
            2000,
        ),
        (
            ("S. Haykin",),
            "Neural Networks and Learning Machines",
            "Pearson",
            "Upper Saddle River, NJ, USA",
            2009,
        ),
        (
            ("J. R. Quinlan",),
            "C4.5: Programs for Machine Learning",
            "Morgan Kaufmann Publishers Inc.",
            "San Mateo, CA, USA",
            1993,
        ),
        (
            ("D. Easley", "J. Kleinberg"),
            "Networks, Crowds, and Markets",
            "Cambridge Univ. Press",
            "New York, NY, USA",
            2010,
        ),
        (
            ("S. Boyd", "L. Vandenberghe"),
            "Convex Optimization",
            "Cambridge Univ. Press",
            None,
            2004,
        ),
    ]
    assert result.records[7].title == "Deep residual learning for image recognition"
