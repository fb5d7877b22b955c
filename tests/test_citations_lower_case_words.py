"""A name with a capital and then a word in lower case takes capitals on that word.

ICML 2024's list writes "Haishan song", "Pranav singh chib", "Zhao jiale" (as the
authors typed them in a form), NeurIPS 2017's BibTeX "dey, Biswadip": APA printed
"song, H.", "chib, P. s." and the BibTeX entries kept the lower case a style prints as
it is, where the same names in lower case whole ("haishan song") were cited with
capitals. Particles stay in lower case, and a name's words in lower case before its
first capital ("danah Boyd") are as written.
"""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import capitalised_name, format_citation, validate_bibtex


@pytest.mark.parametrize(
    ("written", "cited"),
    [
        ("Haishan song", "Haishan Song"),
        ("Pranav singh chib", "Pranav Singh Chib"),
        ("Zhao jiale", "Zhao Jiale"),
        ("Sai bharath chandra Gutha", "Sai Bharath Chandra Gutha"),
        ("Batiste Le bars", "Batiste Le Bars"),
        ("dey, Biswadip", "Dey, Biswadip"),
        ("chib, Pranav singh", "Chib, Pranav Singh"),
        ("song, H.", "Song, H."),
        # particles stay in lower case, but not as the family name itself
        ("Jan van der berg", "Jan van der Berg"),
        ("van der berg, Jan", "van der Berg, Jan"),
        ("Wei du", "Wei Du"),
        ("José Ortega y gasset", "José Ortega y Gasset"),
        ("Dennis van 't ent", "Dennis van 't Ent"),
        # as written: no word in lower case after a capital, or only before one
        ("Ludwig von Mises", "Ludwig von Mises"),
        ("Oord, Aaron van den", "Oord, Aaron van den"),
        ("danah Boyd", "danah Boyd"),
        ("kelu Yao", "kelu Yao"),
        ("Smith, john", "Smith, john"),
        ("Tommaso d'Orsi", "Tommaso d'Orsi"),
        # a name with where it is from, as NeurIPS 2017's BibTeX gives one
        ("Xiaoming Sun, Institute of Computing", "Xiaoming Sun, Institute of Computing"),
    ],
)
def test_a_word_in_lower_case_after_a_capital_takes_one(written: str, cited: str) -> None:
    assert capitalised_name(written) == cited


def test_styles_cite_the_words_in_lower_case_with_capitals(tmp_path: Path) -> None:
    # the authors of ICML 2024's "SuDA" as its list gives them
    record = {
        "title": "SuDA: Support-based Domain Adaptation for Sim2Real Hinge Joint Tracking "
        "with Flexible Sensors",
        "authors": ["Fang Jiawei", "Haishan song", "Chengxu Zuo"],
        "abstract": "We track joints.",
        "year": 2024,
        "venue": "ICML 2024",
    }
    path = tmp_path / "icml2024.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library).text
    assert validate_bibtex(text) == []
    entry = bibtexparser.parse_string(text).entries[0]
    assert entry.fields_dict["author"].value == "Jiawei, Fang and Song, Haishan and Zuo, Chengxu"
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Jiawei, F., Song, H., & Zuo, C. (2024).")
    mla = format_citation(paper, "mla", library=library).text
    assert mla.startswith("Jiawei, Fang, et al.")
