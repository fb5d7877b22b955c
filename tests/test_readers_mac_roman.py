"""A list an old Mac saved (Mac OS Roman, as BibDesk and old Mac editors did) is read
in its encoding and said; read as Windows-1252 it lost its names unsaid ("Jšrg MŸller",
"rŽsumŽ")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import decode, read_file

BIB = """@article{mueller2001,
  title = {Un résumé naïf des modèles «cachés» – une étude},
  author = {Müller, Jörg and Pérez, José},
  abstract = {Nous étudions les modèles de Markov cachés; l’algorithme réussit.},
  year = {2001}
}
"""


def test_a_bibtex_list_saved_by_an_old_mac(tmp_path: Path) -> None:
    path = tmp_path / "old.bib"
    path.write_bytes(BIB.encode("mac_roman"))
    result = read_file(path)
    (record,) = result.records
    assert record.title == "Un résumé naïf des modèles «cachés» – une étude"
    assert record.authors == ("Jörg Müller", "José Pérez")
    assert record.abstract.startswith("Nous étudions les modèles")
    assert [problem.message for problem in result.problems] == [
        "the file is not UTF-8 and reads as an old Mac's text (Mac OS Roman); read it so"
    ]


@pytest.mark.parametrize(
    "text",
    [
        BIB,
        "Papers\n\nSlavoj Žižek and Šebek on naïve café. MÜLLER ÉTAT.\n",
        "List\n\nDon’t stop—the state–of–the–art…and more. Œuvre.\n",
    ],
)
def test_windows_1252_text_is_still_windows_1252(text: str) -> None:
    decoded = decode(text.encode("cp1252"), Path("list.txt"))
    assert (decoded.text, decoded.encoding, decoded.problems) == (text, "cp1252", ())
