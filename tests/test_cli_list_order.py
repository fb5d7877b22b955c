"""``search --sort list --limit N`` asks the engine for the first N hits in list order,
which it gives reading only those papers' records: the command asked for every hit and
ordered them itself, reading every hit's record (1.8 s at 100,000 papers)."""

from __future__ import annotations

import json

from corpus_util import write_jsonl

from tuireader.cli import main
from tuireader.search.engine import Engine

# later papers say "diffusion" more often: relevance puts them first, list order last
RECORDS = [
    {
        "title": f"{' '.join(['Diffusion'] * (1 + n // 2))} models, study {n}",
        "authors": ["A. Author"],
        "abstract": f"Paper {n} of the list about sampling.",
    }
    for n in range(12)
]


def test_search_in_list_order_asks_the_engine_for_only_the_papers_it_prints(
    capsys, tmp_path, monkeypatch
):
    source = write_jsonl(tmp_path / "list.jsonl", RECORDS)
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["search", "diffusion", str(source), "--json", *data]) == 0
    by_relevance = [hit["title"] for hit in json.loads(capsys.readouterr().out)["hits"]]
    assert by_relevance[:3] != [r["title"] for r in RECORDS[:3]]  # the orders differ
    asked = []
    searched = Engine.search

    def recording(self, text, **options):
        asked.append(options)
        return searched(self, text, **options)

    monkeypatch.setattr(Engine, "search", recording)
    args = ["search", "diffusion", str(source), "--sort", "list", "--limit", "3", "--json"]
    assert main([*args, *data]) == 0
    hits = json.loads(capsys.readouterr().out)["hits"]
    assert [hit["title"] for hit in hits] == [r["title"] for r in RECORDS[:3]]
    assert asked[-1].get("order") == "list"
    assert asked[-1].get("limit") == 3
