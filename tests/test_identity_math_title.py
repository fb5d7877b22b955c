"""A title's math as LaTeX ("$\\ell_1$", "$x^2$") and as a page shows it ("ℓ1", "ℓ₁",
"x²") is one title: a list scraped from OpenReview's LaTeX and again from a rendered page
keeps the marks on its papers."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.identity import title_key


def write(path: Path, *titles: str) -> Path:
    # no abstracts: the title and first author are all that tell a paper
    rows = [{"title": title, "authors": ["Ann Lee"], "year": 2021} for title in titles]
    path.write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8"
    )
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_math_as_latex_and_as_shown_is_one_title() -> None:
    same = [
        ("$\\ell_1$ regularisation", "ℓ1 regularisation"),
        ("$\\ell_{1}$ regularisation", "ℓ₁ regularisation"),
        ("Fast $x^2$ tests", "Fast x² tests"),
        ("Bias of AdamW: $\\ell_\\infty$-norm optimisation", "Bias of AdamW: ℓ∞-norm optimisation"),
        ("Private $L_2$ mean estimation", "Private L₂ mean estimation"),
    ]
    for latex, shown in same:
        assert title_key(latex) == title_key(shown), latex
    assert title_key("$\\ell_1$ regularisation") != title_key("$\\ell_2$ regularisation")
    assert title_key("\\ellipse fitting") == "ellipse fitting"


def test_a_mark_follows_a_title_whose_math_a_rescrape_shows_as_a_page_does(
    tmp_path, capsys
) -> None:
    data, lst = tmp_path / "data", tmp_path / "list.jsonl"
    args = (str(lst), "--data-dir", str(data))
    write(
        lst,
        "$\\ell_1$ regularisation for sparse models",
        "$\\ell_2$ regularisation for dense models",
    )
    _, out, _ = run(capsys, "search", "sparse", *args, "--json")
    (marked,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", marked, *args, "--state", "kept")[0] == 0

    write(lst, "ℓ2 regularisation for dense models", "ℓ1 regularisation for sparse models")
    code, out, _ = run(capsys, "search", "is:kept", *args, "--json")
    assert code == 0
    assert [hit["title"] for hit in json.loads(out)["hits"]] == [
        "ℓ1 regularisation for sparse models"
    ]
    code, out, _ = run(capsys, "search", "is:detached", *args)
    assert code == 1 and out == ""
