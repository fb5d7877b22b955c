"""A book cited in IEEE's style, its title (italic in print) after the authors' comma
and before the place, publisher and year ("[3] I. Goodfellow, Y. Bengio, and A.
Courville, Deep Learning. Cambridge, MA, USA: MIT Press, 2016."), was read as no
reference: kept whole as its title, with no authors nor year. Its authors, title,
publisher (the venue, as an APA book's), place and year are read."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

IEEE = """\
[1] K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image recognition," in Proc. IEEE Conf. Comput. Vis. Pattern Recognit. (CVPR), 2016, pp. 770–778.
[2] Y. LeCun, Y. Bengio, and G. Hinton, "Deep learning," Nature, vol. 521, no. 7553, pp. 436–444, 2015.
[3] I. Goodfellow, Y. Bengio, and A. Courville, Deep Learning. Cambridge, MA, USA: MIT Press, 2016.
[4] C. M. Bishop, Pattern Recognition and Machine Learning. New York, NY, USA: Springer, 2006.
[5] R. S. Sutton and A. G. Barto, Reinforcement Learning: An Introduction, 2nd ed. Cambridge, MA, USA: MIT Press, 2018.
[6] T. Hastie, R. Tibshirani, and J. Friedman, The Elements of Statistical Learning: Data Mining, Inference, and Prediction, 2nd ed. New York, NY, USA: Springer-Verlag, 2009.
"""


def test_an_ieee_book_reference_is_read(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(IEEE, encoding="utf-8")
    result = read_file(path)
    assert not result.problems
    assert [(r.title, r.venue, r.year) for r in result.records] == [
        (
            "Deep residual learning for image recognition",
            "IEEE Conference on Computer Vision and Pattern Recognition",
            2016,
        ),
        ("Deep learning", "Nature", 2015),
        ("Deep Learning", "MIT Press", 2016),
        ("Pattern Recognition and Machine Learning", "Springer", 2006),
        ("Reinforcement Learning: An Introduction", "MIT Press", 2018),
        (
            "The Elements of Statistical Learning: Data Mining, Inference, and Prediction",
            "Springer-Verlag",
            2009,
        ),
    ]
    book = result.records[2]
    assert book.authors == ("I. Goodfellow", "Y. Bengio", "A. Courville")
    assert (book.publisher, book.place) == ("MIT Press", "Cambridge, MA, USA")
    assert result.records[3].authors == ("C. M. Bishop",)
    assert result.records[4].authors == ("R. S. Sutton", "A. G. Barto")
