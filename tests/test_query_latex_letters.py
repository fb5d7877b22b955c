"""A name pasted from a .bib file into a query (``Sch{\\"o}lkopf``, ``Sch\\"olkopf``,
``{\\L}ukasz``) finds the papers the name is shown in, as the lists' own LaTeX is read.

Its ``\\"`` was taken for a quote opening a phrase ("closed an unbalanced quote"), and
``{\\L}ukasz`` for the words "L" and "ukasz": no paper matched. A quote inside a quoted
phrase is still written ``\\"``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.search import query as ql


@pytest.mark.parametrize(
    ("query", "word"),
    [
        ('Sch{\\"o}lkopf', ql.Term("Schölkopf")),
        ('Sch\\"olkopf', ql.Term("Schölkopf")),
        ("{\\L}ukasz", ql.Term("Łukasz")),
        ("Erd\\H{o}s", ql.Term("Erdős")),
        ("Nguy{\\~{\\^e}}n", ql.Term("Nguyễn")),
        ('{\\"O}zg{\\"u}r', ql.Term("Özgür")),
        ('author:Sch\\"olkopf', ql.Term("Schölkopf", "authors")),
        ('"Bernhard Sch\\"olkopf"', ql.Phrase("Bernhard Schölkopf")),
        ('-Sch{\\"o}lkopf', ql.Not(ql.Term("Schölkopf"))),
    ],
)
def test_a_word_written_as_latex_is_read_as_its_letters(query: str, word: ql.Node) -> None:
    parsed = ql.parse(query)
    assert parsed.root == word
    assert parsed.problems == ()


@pytest.mark.parametrize(
    ("query", "word"),
    [
        ('"graph \\"neural\\" network"', ql.Phrase('graph "neural" network')),
        ('tag:"say \\"hi\\""', ql.Filter("tag", 'say "hi"')),
        ('tag:"a\\"b"', ql.Filter("tag", 'a"b')),
        # a command's name is no word of the papers, which show "robots" (in italics)
        ("\\textit{robots}", ql.Term("robots")),
    ],
)
def test_other_backslashes_read_as_they_did(query: str, word: ql.Node) -> None:
    assert ql.parse(query).root == word


BIB = (
    "@article{scholkopf2001,\n"
    "  title = {Learning with kernels},\n"
    '  author = {Sch{\\"o}lkopf, Bernhard and Kaiser, {\\L}ukasz},\n'
    "  year = {2001}\n"
    "}\n"
)


@pytest.mark.parametrize(
    "query",
    [
        'Sch{\\"o}lkopf',
        'Sch\\"olkopf',
        "{\\L}ukasz",
        'author:Sch{\\"o}lkopf',
        '"Bernhard Sch\\"olkopf"',
        "Schölkopf",
    ],
)
def test_a_name_pasted_from_a_bib_file_finds_its_paper(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, query: str
) -> None:
    path = tmp_path / "kernels.bib"
    path.write_text(BIB, encoding="utf-8")
    code = main(["search", query, "--json", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    (hit,) = json.loads(out)["hits"]
    assert hit["title"] == "Learning with kernels"
    assert "quote" not in err
