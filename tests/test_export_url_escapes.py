"""A .bib address written with BibTeX's escapes (``b\\_c``, ``b{\\_}c``,
``\\textunderscore``, ``\\~{}``, ``\\url{…}``) is one link, ``https://example.org/a/b_c``,
in every export: BibTeX's ``url`` is read verbatim by BibLaTeX and hyperref, and gave
``b\\_c`` (or ``b%7B%5C_%7Dc``), a link to no page."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from tuireader.cli import main

ADDRESS = "https://example.org/a/b_c"

#: how .bib files write ``ADDRESS`` in ``url``
WRITTEN = [
    r"https://example.org/a/b\_c",
    r"https://example.org/a/b{\_}c",
    r"https://example.org/a/b\textunderscore{}c",
    r"{https://example.org/a/b\_c}",
    r"\url{https://example.org/a/b\_c}",
]


def _bib(tmp_path, url: str, extra: str = "") -> str:
    path = tmp_path / "refs.bib"
    path.write_text(
        "@article{smith2020,\n  title = {A Paper About Things},\n  author = {Smith, Ann},\n"
        f"  journal = {{Journal of Stuff}},\n  year = {{2020}},\n  url = {{{url}}},{extra}\n}}\n",
        encoding="utf-8",
    )
    return str(path)


def _export(capsys, fmt: str, *lists: str) -> str:
    code = main(["export", "--format", fmt, *lists])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("written", WRITTEN)
def test_the_address_is_the_same_in_every_export(capsys, tmp_path, written):
    bib = _bib(tmp_path, written)
    [paper] = json.loads(_export(capsys, "json", bib))
    assert [link["url"] for link in paper["links"]] == [ADDRESS]
    [row] = csv.DictReader(io.StringIO(_export(capsys, "csv", bib)))
    assert row["url"] == ADDRESS
    assert f"]({ADDRESS})" in _export(capsys, "markdown", bib)
    assert _export(capsys, "urls", bib) == ADDRESS + "\n"
    bibtex = _export(capsys, "bibtex", bib)
    assert re.findall(r"^  url = \{(.*)\},?$", bibtex, re.MULTILINE) == [ADDRESS], bibtex
    assert "tuireader-links" not in bibtex  # the entry gives the link as it is


def test_the_citation_gives_the_address_as_read(capsys, tmp_path):
    bib = _bib(tmp_path, WRITTEN[0])
    [paper] = json.loads(_export(capsys, "json", bib))
    assert main(["cite", paper["id"], bib]) == 0
    out = capsys.readouterr().out
    assert f"url = {{{ADDRESS}}}" in out and "\\_" not in out


def test_other_address_fields_are_given_as_read(capsys, tmp_path):
    extra = (
        "\n  doi = {10.1007/978-3-030-58452-8\\_13},"
        "\n  pdf = {https://example.org/x\\_y.pdf},"
        "\n  code = {https://github.com/q/r\\_s}"
    )
    bibtex = _export(
        capsys, "bibtex", _bib(tmp_path, r"https://example.org/\~{}ann/p\#s\_2", extra)
    )
    assert "doi = {10.1007/978-3-030-58452-8_13}" in bibtex
    assert "pdf = {https://example.org/x_y.pdf}" in bibtex
    assert "code = {https://github.com/q/r_s}" in bibtex
    assert "url = {https://example.org/~ann/p#s_2}" in bibtex


@pytest.mark.parametrize("written", WRITTEN)
def test_the_bibtex_export_read_back_gives_the_same_link(capsys, tmp_path, written):
    bib = _bib(tmp_path, written)
    (tmp_path / "back").mkdir()
    again = tmp_path / "back" / "again.bib"
    again.write_text(_export(capsys, "bibtex", bib), encoding="utf-8")
    [paper] = json.loads(_export(capsys, "json", str(again)))
    assert [link["url"] for link in paper["links"]] == [ADDRESS]


@pytest.mark.parametrize("field", ["note", "howpublished"])
def test_an_address_in_url_in_a_text_field_is_given_as_read(capsys, tmp_path, field):
    # spelled out as text, it was "\textbackslash{}url{https://example.org/a/b\_c}": the
    # command printed as its name, and a backslash in the link
    extra = f"\n  {field} = {{Code at \\url{{https://example.org/a/b\\_c}}}}"
    bib = _bib(tmp_path, "https://example.org/paper", extra)
    bibtex = _export(capsys, "bibtex", bib)
    assert f"{field} = {{Code at \\url{{{ADDRESS}}}}}" in bibtex, bibtex
    (tmp_path / "back").mkdir()
    again = tmp_path / "back" / "again.bib"
    again.write_text(bibtex, encoding="utf-8")
    [before] = json.loads(_export(capsys, "json", bib))
    [after] = json.loads(_export(capsys, "json", str(again)))
    if field == "note":  # a page about the paper (howpublished's is the url's, given)
        assert ADDRESS in [link["url"] for link in before["links"]]
    assert [link["url"] for link in after["links"]] == [link["url"] for link in before["links"]]
