"""A bibliography in APA 7, which lists the first nineteen authors of a paper with more,
then ". . .", then the last ("Vaswani, A., Shazeer, N., . . . Polosukhin, I. (2017)."):
the ellipsis was read as no name, so no such reference was read, and a list of them
was none. The authors before and after the ellipsis are read, and the paper's arXiv id
from its arXiv DOI link ("arXiv. https://doi.org/10.48550/arXiv.1706.03762")."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

APA7 = """\
Brown, T. B., Mann, B., Ryder, N., Subbiah, M., Kaplan, J., Dhariwal, P., Neelakantan, A., Shyam, P., Sastry, G., Askell, A., Agarwal, S., Herbert-Voss, A., Krueger, G., Henighan, T., Child, R., Ramesh, A., Ziegler, D. M., Wu, J., Winter, C., . . . Amodei, D. (2020). Language models are few-shot learners. In H. Larochelle, M. Ranzato, R. Hadsell, M. F. Balcan, & H. Lin (Eds.), Advances in Neural Information Processing Systems (Vol. 33, pp. 1877–1901). Curran Associates.
He, K., Zhang, X., Ren, S., & Sun, J. (2016). Deep residual learning for image recognition. In Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition (pp. 770–778). https://doi.org/10.1109/CVPR.2016.90
Ouyang, L., Wu, J., Jiang, X., Almeida, D., Wainwright, C. L., Mishkin, P., Zhang, C., Agarwal, S., Slama, K., Ray, A., Schulman, J., Hilton, J., Kelton, F., Miller, L., Simens, M., Askell, A., Welinder, P., Christiano, P., Leike, J., . . . Lowe, R. (2022). Training language models to follow instructions with human feedback. arXiv. https://doi.org/10.48550/arXiv.2203.02155
Vaswani, A., Shazeer, N., . . . Polosukhin, I. (2017). Attention is all you need. arXiv. https://doi.org/10.48550/arXiv.1706.03762
"""


def test_apa7_authors_left_out_and_arxiv_dois_are_read(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(APA7, encoding="utf-8")
    result = read_file(path)
    assert not result.problems
    assert [(r.title, r.venue, r.year, r.arxiv_id) for r in result.records] == [
        (
            "Language models are few-shot learners",
            "Advances in Neural Information Processing Systems",
            2020,
            None,
        ),
        (
            "Deep residual learning for image recognition",
            "IEEE Conference on Computer Vision and Pattern Recognition",
            2016,
            None,
        ),
        (
            "Training language models to follow instructions with human feedback",
            None,
            2022,
            "2203.02155",
        ),
        ("Attention is all you need", None, 2017, "1706.03762"),
    ]
    brown, resnet, instruct, attention = result.records
    assert len(brown.authors) == 20 and brown.authors[-2:] == ("C. Winter", "D. Amodei")
    assert instruct.authors[-2:] == ("J. Leike", "R. Lowe") and instruct.doi is None
    assert attention.authors == ("A. Vaswani", "N. Shazeer", "I. Polosukhin")
    assert resnet.doi == "10.1109/CVPR.2016.90"
