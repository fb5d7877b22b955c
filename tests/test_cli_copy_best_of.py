"""``copy WORDS`` copies the best of the papers the words match: stderr says which it
copied and that it was the best of how many, ``--json`` gives the count; the text on
stdout and the exit code are as they were."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

BEST = "https://github.com/example/sparse-coding"
RECORDS = [
    {
        "title": "Sparse coding of sparse signals",
        "abstract": "Sparse codes make sparse signals sparse again.",
        "code_urls": [BEST],
    },
    *(
        {
            "title": f"Learning to plan, part {n}",
            "abstract": f"Planning with a sparse reward, study {n} of graph search for robots.",
            "code_urls": [f"https://github.com/example/plan-{n}"],
        }
        for n in range(1, 6)
    ),
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def papers(capsys, tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    _code, out, _err = run(capsys, "search", "sparse coding", "--json")
    return json.loads(out)["hits"][0]["id"]


def test_the_paper_copied_is_said_to_be_the_best_of_those_matched(capsys, over_ssh, papers):
    code, out, err = run(capsys, "copy", "sparse")
    assert code == 0 and out == BEST + "\n" and over_ssh == [BEST]
    assert f"{papers} is the best of the 6 papers that match 'sparse'" in err
    assert "tuireader search sparse lists them" in err
    code, out, err = run(capsys, "copy", "sparse", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == papers and data["matches"] == 6


def test_a_paper_named_alone_is_copied_without_a_count(capsys, over_ssh, papers):
    code, out, err = run(capsys, "copy", papers)
    assert code == 0 and out == BEST + "\n" and "best of" not in err
    code, out, err = run(capsys, "copy", papers, "--json")
    assert code == 0 and json.loads(out)["matches"] == 1
    code, out, err = run(capsys, "copy", "sparse coding")
    assert code == 0 and "best of" not in err  # the one paper these words match
