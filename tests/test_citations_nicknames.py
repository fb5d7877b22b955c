"""A name a person goes by, written beside the given names, is no initial in APA.

NeurIPS 2017's entry for "Interpolated Policy Gradient" (Paper Copilot's list) names
"Gu, Shixiang (Shane)": APA gave "Gu, S. S.", as if "Shane" were a second given name.
The other styles give the name as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

#: the entry as the list gives it (its url and editors left out)
ENTRY = """@inproceedings{NIPS2017_a1d7311f,
 author = {Gu, Shixiang (Shane) and Lillicrap, Timothy and Turner, Richard E and Ghahramani, Zoubin and Sch\\"{o}lkopf, Bernhard and Levine, Sergey},
 booktitle = {Advances in Neural Information Processing Systems},
 publisher = {Curran Associates, Inc.},
 title = {Interpolated Policy Gradient: Merging On-Policy and Off-Policy Gradient Estimation for Deep Reinforcement Learning},
 volume = {30},
 year = {2017}
}
"""


def _cited(tmp_path: Path, text: str, fmt: str) -> str:
    path = tmp_path / "list.bib"
    path.write_text(text, encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, fmt, library=library).text


def test_apa_gives_no_initial_of_a_nickname(tmp_path: Path) -> None:
    apa = _cited(tmp_path, ENTRY, "apa")
    assert apa.startswith("Gu, S., Lillicrap, T., Turner, R. E., Ghahramani, Z., Schölkopf, B.")


@pytest.mark.parametrize(
    ("author", "cited"),
    [
        ('Robert "Bob" Smith', "Smith, R."),
        ("Smith, Ann “Annie” Marie", "Smith, A. M."),
        # a name that is all in parentheses is still a name
        ("Smith, (Shane)", "Smith, S."),
    ],
)
def test_apa_nicknames_written_otherwise(tmp_path: Path, author: str, cited: str) -> None:
    entry = ENTRY.replace(ENTRY[ENTRY.index(" author") : ENTRY.index(" booktitle")], "")
    entry = entry.replace(" booktitle", " author = {" + author + "},\n booktitle")
    assert _cited(tmp_path, entry, "apa").startswith(cited + " (2017).")


@pytest.mark.parametrize("fmt", ["mla", "bibtex"])
def test_other_styles_give_the_name_as_written(tmp_path: Path, fmt: str) -> None:
    assert "Gu, Shixiang (Shane)" in _cited(tmp_path, ENTRY, fmt)
