"""A paper whose first author is named in Chinese, Japanese or Korean script is found by
the key an earlier release gave it, before such a name was read family name first: a
LaTeX document written then holds ``zhangwei2023sparse`` (now ``zhang2023sparse``),
``tailang2021tokenization`` (of "山田 太郎", now ``shantian2021…``) or ``gim2020korean``
(of "김철수", now ``kim2020…``), and ``cite``/``show`` said no paper has that id. They
find the paper now, and say the key it has now, as an id that moved does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import bibtexparser
import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.citations import cite_keys, former_keys

FIXTURE = Path(__file__).parent / "fixtures" / "cjk_authors" / "names.jsonl"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(params=["added", "named"])
def argv(request, capsys, tmp_path) -> tuple[str, ...]:
    """The options that read the fixture: added to the library (read from its cache),
    or named on the command line."""
    data = ("--data-dir", str(tmp_path / "data"))
    source = tmp_path / "names.jsonl"
    shutil.copy(FIXTURE, source)
    if request.param == "named":
        return (*data, str(source))
    code, _, err = run(capsys, "add", *data, str(source))
    assert code == 0, err
    run(capsys, "cite", *data, "zhang2023sparse")  # the keys worked out and kept
    return data


def test_the_keys_earlier_releases_gave():
    library = load_library([FIXTURE])
    by_title = {paper.title.split()[0]: paper for paper in library.papers}
    keys = cite_keys(library.papers, library)
    assert keys[by_title["Sparse"].id] == "zhang2023sparse"
    assert former_keys(by_title["Sparse"]) == ("zhangwei2023sparse",)
    assert former_keys(by_title["Tokenization"]) == ("tailang2021tokenization",)
    assert former_keys(by_title["Korean"]) == ("gimcheolsu2020korean", "gim2020korean")
    assert former_keys(by_title["Compound"]) == ("namgungmin2019compound",)
    # a first author named in Latin letters: its key never changed
    assert former_keys(by_title["Graph"]) == former_keys(by_title["Convex"]) == ()


@pytest.mark.parametrize(
    ("old", "new", "title"),
    [
        ("zhangwei2023sparse", "zhang2023sparse", "Sparse attention for long documents"),
        ("tailang2021tokenization", "shantian2021tokenization", "Tokenization for Japanese"),
        ("gimcheolsu2020korean", "kim2020korean", "Korean language processing"),
        ("gim2020korean", "kim2020korean", "Korean language processing"),
        ("namgungmin2019compound", "namgung2019compound", "Compound surnames in bibliographies"),
        # with the suffix a collision gave it, and as a \\cite{} holds it
        ("zhangwei2023sparseb", "zhang2023sparse", "Sparse attention for long documents"),
        ("ZhangWei2023Sparse", "zhang2023sparse", "Sparse attention for long documents"),
    ],
)
def test_cite_and_show_find_a_paper_by_its_former_key(capsys, argv, old, new, title):
    code, out, err = run(capsys, "cite", old, *argv)
    assert code == 0, err
    assert [entry.key for entry in bibtexparser.parse_string(out).entries] == [new]
    assert f"tuireader: {old} is now {new}" in err.splitlines()
    code, out, err = run(capsys, "show", old, "--json", *argv)
    assert code == 0, err
    assert json.loads(out)["title"] == title
    assert f"tuireader: {old} is now {new}" in err.splitlines()


@pytest.mark.parametrize(
    "key",
    [
        "zhangwei2024sparse",  # another year
        "zhangwei2023dense",  # another title
        "lovelace2023sparse",  # another author
        "ouyangnana2022graph",  # its author is not the first: the key was always lovelace…
    ],
)
def test_a_key_no_paper_had_finds_none(capsys, argv, key):
    code, _, err = run(capsys, "cite", key, *argv)
    assert code == 1
    assert "is now" not in err


def test_the_key_a_paper_has_now_says_nothing_moved(capsys, argv):
    code, _out, err = run(capsys, "cite", "zhang2023sparse", *argv)
    assert code == 0, err
    assert "is now" not in err


def test_copy_says_the_key_a_paper_has_now(capsys, argv, over_ssh):
    # copy finds the paper by its former key as show and cite do, and says so as they do
    code, _out, err = run(capsys, "copy", "--cite", "bibtex", "tailang2021tokenization", *argv)
    assert code == 0, err
    assert "tuireader: tailang2021tokenization is now shantian2021tokenization" in err.splitlines()
    assert "Tokenization for Japanese" in err


@pytest.fixture(params=["added", "named"])
def yearless(request, capsys, tmp_path) -> tuple[str, ...]:
    """The options that read a list of papers without a year, first authors named in
    Chinese, Japanese or Korean script: added to the library, or named."""
    data = ("--data-dir", str(tmp_path / "data"))
    source = tmp_path / "undated.jsonl"
    lines = [
        {"title": "Morphology of verbs", "authors": ["山田 太郎"], "abstract": "Verbs."},
        {"title": "Attention for speech", "authors": ["张伟"], "abstract": "Speech."},
        {"title": "Morphology of nouns", "authors": ["Ada Lovelace"], "abstract": "Nouns."},
    ]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    if request.param == "named":
        return (*data, str(source))
    code, _, err = run(capsys, "add", *data, str(source))
    assert code == 0, err
    return data


@pytest.mark.parametrize(
    ("old", "new", "title"),
    [
        ("tailangmorphology", "shantianmorphology", "Morphology of verbs"),
        ("zhangweiattention", "zhangattention", "Attention for speech"),
    ],
)
def test_a_former_key_without_a_year_finds_its_paper(capsys, yearless, over_ssh, old, new, title):
    for command in (("cite",), ("show", "--json"), ("copy", "--cite", "bibtex")):
        code, out, err = run(capsys, *command, old, *yearless)
        assert code == 0, (command, err)
        assert f"tuireader: {old} is now {new}" in err.splitlines(), command
        assert title in out + err, command


def test_words_are_no_former_key_without_a_year(capsys, yearless, over_ssh):
    # a word copy searches for is words first: "morphology" finds the papers it names
    _code, _out, err = run(capsys, "copy", "--cite", "bibtex", "morphology", *yearless)
    assert "is now" not in err


@pytest.mark.parametrize(
    ("key", "title"),
    [
        ("shantianmorphology", "Morphology of verbs"),  # the key said "is now"
        ("zhangattention", "Attention for speech"),
        ("lovelacemorphology", "Morphology of nouns"),
    ],
)
def test_the_key_of_a_paper_without_a_year_finds_it(capsys, yearless, over_ssh, key, title):
    for command in (("cite",), ("show", "--json"), ("copy", "--cite", "bibtex")):
        code, out, err = run(capsys, *command, key, *yearless)
        assert code == 0, (command, err)
        assert "is now" not in err, command
        assert title in out + err, command


def test_a_word_is_looked_up_as_such_a_key_only_once_nothing_else_found_it(
    capsys, yearless, over_ssh, monkeypatch
):
    # every paper's key may be worked out for a key without a year: an id's beginning,
    # or words copy searches for, find their papers without that
    from tuireader.ingest import lookup

    looked_up: list[str] = []
    cited = lookup.papers_cited

    def papers_cited(library, key, **options):  # type: ignore[no-untyped-def]
        looked_up.append(key)
        return cited(library, key, **options)

    monkeypatch.setattr(lookup, "papers_cited", papers_cited)
    code, out, err = run(capsys, "show", "--json", "lovelacemorphology", *yearless)
    assert code == 0, err
    paper_id = json.loads(out)["id"]
    looked_up.clear()
    code, out, err = run(capsys, "show", "--json", paper_id[:5], *yearless)
    assert code == 0, err
    assert json.loads(out)["id"] == paper_id
    code, _out, err = run(capsys, "copy", "--cite", "bibtex", "nouns", *yearless)
    assert code == 0, err
    assert "Morphology of nouns" in err
    assert looked_up == []
