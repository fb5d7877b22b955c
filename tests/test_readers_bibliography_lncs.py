"""A bibliography in Springer's LNCS style ("Ronneberger, O., Fischer, P., Brox, T.:
U-Net: …. In: MICCAI. pp. 234–241. Springer (2015)"): the authors end in a colon, not
a full stop, so no reference was read as one, and the whole list became one paper
with every reference run together. Each is now one paper with its authors, title,
venue (not the book's editors: "In: Navab, N., … (eds.) MICCAI 2015. LNCS, …"), year
and DOI, numbered or not; a reference ending in its DOI link, with no full stop, ends
there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

LNCS = """\
1. Ronneberger, O., Fischer, P., Brox, T.: U-Net: Convolutional networks for biomedical image segmentation. In: Navab, N., Hornegger, J., Wells, W.M., Frangi, A.F. (eds.) MICCAI 2015. LNCS, vol. 9351, pp. 234–241. Springer, Cham (2015). https://doi.org/10.1007/978-3-319-24574-4_28
2. He, K., Zhang, X., Ren, S., Sun, J.: Deep residual learning for image recognition. In: CVPR. pp. 770–778 (2016)
3. Raffel, C., Shazeer, N., Roberts, A., Lee, K., Narang, S., Matena, M., Zhou, Y., Li, W., Liu, P.J.: Exploring the limits of transfer learning with a unified text-to-text transformer. J. Mach. Learn. Res. 21(140), 1–67 (2020)
4. Carion, N., Massa, F., Synnaeve, G., Usunier, N., Kirillov, A., Zagoruyko, S.: End-to-end object detection with transformers. In: Vedaldi, A., Bischof, H., Brox, T., Frahm, J.-M. (eds.) ECCV 2020. LNCS, vol. 12346, pp. 213–229. Springer, Cham (2020). https://doi.org/10.1007/978-3-030-58452-8_13
5. LeCun, Y., Bengio, Y., Hinton, G.: Deep learning. Nature 521(7553), 436–444 (2015)
6. Kingma, D.P., Ba, J.: Adam: A method for stochastic optimization. arXiv preprint arXiv:1412.6980 (2014)
"""
UNNUMBERED = "".join(line.split(". ", 1)[1] + "\n" for line in LNCS.splitlines())


@pytest.mark.parametrize("text", [LNCS, UNNUMBERED], ids=["numbered", "unnumbered"])
def test_each_lncs_reference_is_one_paper(tmp_path: Path, text: str) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert not result.problems
    assert [(r.title, r.venue, r.year) for r in result.records] == [
        ("U-Net: Convolutional networks for biomedical image segmentation", "MICCAI", 2015),
        ("Deep residual learning for image recognition", "CVPR", 2016),
        (
            "Exploring the limits of transfer learning with a unified text-to-text transformer",
            "Journal of Machine Learning Research",
            2020,
        ),
        ("End-to-end object detection with transformers", "ECCV", 2020),
        ("Deep learning", "Nature", 2015),
        ("Adam: A method for stochastic optimization", None, 2014),
    ]
    unet, resnet, t5, detr, _, adam = result.records
    assert unet.authors == ("O. Ronneberger", "P. Fischer", "T. Brox")
    assert unet.doi == "10.1007/978-3-319-24574-4_28"
    assert detr.doi == "10.1007/978-3-030-58452-8_13"
    assert resnet.authors == ("K. He", "X. Zhang", "S. Ren", "J. Sun")
    assert t5.authors[-1] == "P.J. Liu"
    assert adam.arxiv_id == "1412.6980"


WRAPPED = """\
References
Carion, N., Massa, F., Synnaeve, G., Usunier, N., Kirillov, A., Zagoruyko, S.:
End-to-end object detection with transformers. In: ECCV. pp. 213–229. Springer
(2020)
He, K., Zhang, X., Ren, S., Sun, J.: Deep residual learning for image recognition.
In: CVPR. pp. 770–778 (2016)
Kirillov, A., Mintun, E., Ravi, N., Mao, H., Rolland, C., Gustafson, L., Xiao, T.,
Whitehead, S., Berg, A.C., Lo, W.Y., et al.: Segment anything. In: ICCV. pp. 4015–
4026 (2023)
"""


def test_an_lncs_venue_on_a_line_of_its_own_goes_on_with_its_reference(
    tmp_path: Path,
) -> None:
    # a PDF's line ends after the title's full stop: "In: CVPR. …" is no reference
    path = tmp_path / "refs.txt"
    path.write_text(WRAPPED, encoding="utf-8")
    result = read_file(path)
    assert not result.problems
    assert [(r.title, r.venue, r.year) for r in result.records] == [
        ("End-to-end object detection with transformers", "ECCV", 2020),
        ("Deep residual learning for image recognition", "CVPR", 2016),
        ("Segment anything", "ICCV", 2023),
    ]
    assert result.records[2].authors[-1] == "et al."
