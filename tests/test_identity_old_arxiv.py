"""An old-style arXiv id names one paper with its subject class or without it:
"math.CO/0211159" (a BibTeX ``eprint`` with its ``primaryClass``, a pasted reference)
is "math/0211159" (arXiv's own id, as its metadata dump gives it), whose page is
arxiv.org/abs/math/0211159. Two lists naming the paper the two ways gave two papers, and
a mark on one showed nowhere on the other; ``show math.CO/0211159`` found no paper of a
list that named it "math/0211159". They are one paper now, under one id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest import identity as ident
from tuireader.ingest.library import load_library
from tuireader.ingest.links import url_key
from tuireader.session import load_session
from tuireader.triage.store import StoredIdentity

TITLE = "Puzzles and (equivariant) cohomology of Grassmannians"
ABSTRACT = (
    "The product of two Schubert classes in the (equivariant) cohomology of a "
    "Grassmannian is computed by puzzles, a tiling of a triangle by pieces."
)
#: a record of arXiv's metadata dump: the id without the subject class
DUMP = {
    "id": "math/0211159",
    "submitter": "Allen Knutson",
    "authors": "Allen Knutson, Terence Tao",
    "title": TITLE,
    "comments": "30 pages",
    "journal-ref": None,
    "doi": None,
    "categories": "math.AT math.CO",
    "abstract": ABSTRACT,
    "versions": [{"version": "v1", "created": "Tue, 12 Nov 2002 18:00:00 GMT"}],
    "update_date": "2003-09-01",
    "authors_parsed": [["Knutson", "Allen", ""], ["Tao", "Terence", ""]],
}
#: a BibTeX entry of the same paper: the id with the subject class
BIBTEX = """\
@article{knutson2003puzzles,
  title = {Puzzles and (equivariant) cohomology of {Grassmannians}},
  author = {Knutson, Allen and Tao, Terence},
  year = {2003},
  eprint = {math.CO/0211159},
  archivePrefix = {arXiv},
  primaryClass = {math.CO}
}
"""


def lists(folder: Path) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    dump = folder / "dump.jsonl"
    dump.write_text(json.dumps(DUMP) + "\n", encoding="utf-8")
    bib = folder / "refs.bib"
    bib.write_text(BIBTEX, encoding="utf-8")
    return dump, bib


def run(capsys, *argv: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("math.CO/0211159", "math/0211159"),
        ("arXiv:math.CO/0211159v2", "math/0211159"),
        ("https://arxiv.org/abs/math.CO/0211159", "math/0211159"),
        ("cs.LG/0501001", "cs/0501001"),
        ("cs/0501001v1", "cs/0501001"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("2401.01234v2", "2401.01234"),
    ],
)
def test_an_old_style_id_is_known_without_its_subject_class(text: str, expected: str) -> None:
    assert ident.arxiv_id(text) == expected
    assert ident.named_keys(text) == (ident.Key("arxiv", expected),)


def test_a_link_that_only_looks_like_an_old_style_id_is_none() -> None:
    # a host and a number, but no archive of arXiv's
    assert ident.named_keys("bit.ly/1234567") == ()


def test_the_two_forms_are_one_paper_with_one_id(tmp_path: Path) -> None:
    dump, bib = lists(tmp_path / "lists")
    (paper,) = load_library([dump, bib]).papers
    assert paper.lists == ("dump", "refs")
    assert paper.aliases == ()
    assert load_library([dump]).papers[0].id == paper.id == load_library([bib]).papers[0].id


def test_a_subject_class_and_none_pair_in_cs_too(tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text(
        json.dumps([{"title": "A unified bias-variance decomposition", "arxiv_id": "cs/0102001"}]),
        encoding="utf-8",
    )
    two = tmp_path / "two.bib"
    two.write_text(
        "@misc{domingos,\n  title = {A unified bias-variance decomposition and its"
        " applications},\n  author = {Domingos, Pedro},\n  eprint = {cs.LG/0102001},\n"
        "  archivePrefix = {arXiv},\n  primaryClass = {cs.LG}\n}\n",
        encoding="utf-8",
    )
    (paper,) = load_library([one, two]).papers
    assert paper.lists == ("one", "two")


def test_a_mark_on_one_list_shows_on_the_other(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    dump, bib = lists(tmp_path / "lists")
    data = tmp_path / "data"
    _, out, _ = run(capsys, "search", "", dump, "--data-dir", data, "--json")
    (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", marked, dump, "--data-dir", data, "--state", "kept")[0] == 0

    code, out, _ = run(capsys, "search", "is:kept", bib, "--data-dir", data, "--json")
    assert code == 0
    assert [(hit["id"], hit["lists"]) for hit in json.loads(out)["hits"]] == [(marked, ["refs"])]
    code, out, _ = run(capsys, "search", "is:kept", dump, bib, "--data-dir", data, "--json")
    hits = json.loads(out)["hits"]
    assert code == 0 and [(hit["id"], hit["lists"]) for hit in hits] == [(marked, ["dump", "refs"])]


@pytest.mark.parametrize(
    "named", ["math.CO/0211159", "arXiv:math.CO/0211159", "math/0211159", "MATH.CO/0211159v1"]
)
def test_show_and_cite_find_the_paper_by_either_form(tmp_path: Path, capsys, named: str) -> None:  # type: ignore[no-untyped-def]
    dump, bib = lists(tmp_path / "lists")
    data = tmp_path / "data"
    for listed in (dump, bib):
        code, out, err = run(capsys, "show", named, listed, "--data-dir", data, "--json")
        assert code == 0, err
        assert json.loads(out)["title"] == TITLE
        code, out, err = run(capsys, "cite", named, listed, "--data-dir", data)
        assert code == 0 and "Knutson" in out, err
    code, out, _ = run(capsys, "search", named, dump, "--data-dir", data, "--json")
    assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == [TITLE]


def test_a_mark_stored_with_the_subject_class_follows(tmp_path: Path) -> None:
    # a data folder from before: the paper's arXiv key kept its subject class, and the
    # paper has been retitled since
    data = tmp_path / "data"
    _, bib = lists(tmp_path / "lists")
    first = load_session([bib], data_dir=data, default_catalogs=False)
    with first.open_store() as store:
        store.set_state("mc4old", "kept")
        store.remember(
            [
                StoredIdentity(
                    "mc4old",
                    keys=("arxiv:math.co/0211159",),
                    title="Puzzles and the cohomology of Grassmannians",
                    title_key="puzzles and the cohomology of grassmannians",
                    first_author="knutson",
                    year=2002,
                )
            ]
        )
    second = load_session([bib], data_dir=data, default_catalogs=False)
    (paper,) = second.library.papers
    assert second.triage is not None and second.triage.detached == ()
    with second.open_store() as store:
        assert store.get(paper.id).state == "kept"


def test_the_paper_has_one_arxiv_page_at_the_id_arxiv_gives_it(tmp_path: Path) -> None:
    dump, bib = lists(tmp_path / "lists")
    (paper,) = load_library([dump, bib]).papers
    assert [link.url for link in paper.links if "arxiv.org/abs" in link.url] == [
        "https://arxiv.org/abs/math/0211159"
    ]
    (alone,) = load_library([bib]).papers
    assert [link.url for link in alone.links if "arxiv.org/abs" in link.url] == [
        "https://arxiv.org/abs/math/0211159"
    ]
    # a link a list gives with the subject class is that page, not another
    assert url_key("https://arxiv.org/abs/math.CO/0211159") == url_key(
        "https://arxiv.org/abs/math/0211159"
    )
    assert url_key("https://arxiv.org/abs/2401.01234") != url_key(
        "https://arxiv.org/abs/2401.01235"
    )
