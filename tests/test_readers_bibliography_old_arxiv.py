"""A reference giving an old-style arXiv id ("arXiv:math.CO/0211159", "arXiv:hep-th/
9901001", or "cs.LG/0102001" alone) lost all but the id's last letter: the paper's
arXiv id was "O/0211159", which names no paper and links nowhere, and "cs.LG/0102001"
was read as the venue. The whole id is read, as arXiv writes it (the archive and the
number: "math/0211159"), and the paper links to its arXiv page."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.links import record_links
from tuireader.ingest.readers import read_file

OLD_IDS = """\
[1] M. Kontsevich, "Deformation quantization of Poisson manifolds," arXiv:q-alg/9709040, 1997.
[2] A. Knutson and T. Tao. Puzzles and (equivariant) cohomology of Grassmannians. arXiv:math.CO/0211159, 2002.
[3] J. Maldacena. The large N limit of superconformal field theories and supergravity. arXiv preprint arXiv:hep-th/9711200v3, 1997.
[4] P. Domingos. A unified bias-variance decomposition and its applications. cs.LG/0102001, 2001.
[5] D. P. Kingma and J. Ba, "Adam: A method for stochastic optimization," arXiv preprint arXiv:1412.6980, 2014.
"""


def test_old_style_arxiv_ids_are_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(OLD_IDS, encoding="utf-8")
    records = read_file(path).records
    assert [(r.title, r.arxiv_id, r.venue, r.year) for r in records] == [
        ("Deformation quantization of Poisson manifolds", "q-alg/9709040", None, 1997),
        (
            "Puzzles and (equivariant) cohomology of Grassmannians",
            "math/0211159",
            None,
            2002,
        ),
        (
            "The large N limit of superconformal field theories and supergravity",
            "hep-th/9711200",
            None,
            1997,
        ),
        ("A unified bias-variance decomposition and its applications", "cs/0102001", None, 2001),
        ("Adam: A method for stochastic optimization", "1412.6980", None, 2014),
    ]
    assert records[1].authors == ("A. Knutson", "T. Tao")
    links = [link.url for link in record_links(records[1])]
    assert "https://arxiv.org/abs/math/0211159" in links
