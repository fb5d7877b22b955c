"""A reference whose authors give their family name in capitals after their given name
("Jun CEN, Peng Yun, …") had a three-letter family name read as Vancouver's initials:
"Jun CEN" became "C. E. N. Jun". Such a name is a given and a family name; three
capitals stay initials among Vancouver's names ("Rumelhart DE, …") and after a lone
family name ("Ioannidis JPA")."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

REFERENCES = """\
[1] Jun CEN, Peng Yun, Junhao Cai, Michael Yu Wang, and Ming Liu. Deep metric learning for open world semantic segmentation. In ICCV, pages 15333–15342, 2021.
[2] Wenjie LUO, Yujia Li, Raquel Urtasun, and Richard Zemel. Understanding the effective receptive field in deep convolutional neural networks. In NeurIPS, pages 4898–4906, 2016.
[3] Rumelhart DE, Hinton GE, Williams RJA. Learning representations by back-propagating errors. Nature. 1986;323(6088):533-6.
[4] Ioannidis JPA. Why most published research findings are false. PLoS Med. 2005;2(8):e124.
"""


def test_a_family_name_in_capitals_is_no_initials(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(REFERENCES, encoding="utf-8")
    records = read_file(path).records
    assert [(r.authors, r.year) for r in records] == [
        (("Jun CEN", "Peng Yun", "Junhao Cai", "Michael Yu Wang", "Ming Liu"), 2021),
        (("Wenjie LUO", "Yujia Li", "Raquel Urtasun", "Richard Zemel"), 2016),
        (("D. E. Rumelhart", "G. E. Hinton", "R. J. A. Williams"), 1986),
        (("J. P. A. Ioannidis",), 2005),
    ]
    assert records[0].title == "Deep metric learning for open world semantic segmentation"
    assert records[0].venue == "ICCV"


def test_two_capitals_are_a_family_name_among_names_in_capitals(tmp_path: Path) -> None:
    # "Yi MA" among "Wei ZHANG" (a family name in capitals too long for initials), or in
    # names joined by "and" (Vancouver's never are), was read as Vancouver's "M. A. Yi",
    # and "Jun CEN" with it as "C. E. N. Jun"
    path = tmp_path / "refs.txt"
    path.write_text(
        "Jun CEN, Yi MA, and Wei ZHANG. 2023. Open-world semantic segmentation for LiDAR"
        " point clouds. In Proceedings of ECCV.\n\n"
        "Jun CEN and Yi MA. 2022. Deep metric learning for open world semantic"
        " segmentation. In Proceedings of ICCV.\n\n"
        "Cen J, Ma Y. Open world semantic segmentation. Comput Vis. 2021;3(2):1-9.\n",
        encoding="utf-8",
    )
    records = read_file(path).records
    assert [r.authors for r in records] == [
        ("Jun CEN", "Yi MA", "Wei ZHANG"),
        ("Jun CEN", "Yi MA"),
        ("J. Cen", "Y. Ma"),
    ]
