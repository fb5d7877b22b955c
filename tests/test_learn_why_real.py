"""What "why" names on papers of the real lists: words as the papers write them.

The fixture (``tests/fixtures/learn/why_real.jsonl``) holds fifty papers of the real lists
(CoRL 2023, NeurIPS 2017 and others): nine whose abstracts give a project's page as a
bare host name ("alpha-mdf.github.io"), "A Bayesian Approach to Robust Inverse
Reinforcement Learning" with its keywords, papers that write "RL", and others besides.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.learn import Model, fit
from tuireader.model import Paper

FIXTURE = Path(__file__).parent / "fixtures" / "learn" / "why_real.jsonl"
ALPHA_MDF = "nqkgrl6p"
BAYESIAN_IRL = "bbrtficj"
#: the papers besides α-MDF that give a page as a bare host name
HOSTS = ("a4y3v6pz", "wzwbsgnk", "5cfrjd35", "fcgqmoum", "raqfwynj", "onjgyive", "zogxti37")


def _papers() -> list[Paper]:
    return [
        Paper(
            id=row["id"],
            title=row["title"],
            abstract=row["abstract"],
            tldr=row["tldr"],
            keywords=tuple(row["keywords"]),
            authors=tuple(row["authors"]),
        )
        for row in map(json.loads, FIXTURE.read_text(encoding="utf-8").splitlines())
    ]


def _by_id(papers: list[Paper]) -> dict[str, Paper]:
    return {paper.id: paper for paper in papers}


def _fit(papers: list[Paper], keeps: tuple[str, ...], skips: tuple[str, ...]) -> Model:
    decisions = {**dict.fromkeys(keeps, "kept"), **dict.fromkeys(skips, "skip")}
    model = fit(papers, decisions)
    assert model is not None
    return model


def _weight(model: Model, feature: str) -> float:
    return float(model.coef[model.space.features.index(feature)])


def test_why_names_no_piece_of_a_host_name():
    # "why: state, specialized, robots, io" for α-MDF, whose abstract ends "The project is
    # available at alpha-mdf.github.io": "io" is a piece of a web address
    papers = _papers()
    skips = tuple(p.id for p in papers[-6:])
    model = _fit(papers, HOSTS, skips)
    assert _weight(model, "io") > 0  # (the kept papers' pages pushed "io" up)
    for paper in papers:
        words = {w.lower() for phrase in model.why(paper).words for w in phrase.split()}
        assert not words & {"io", "github", "com", "google", "sites"}, (paper.title, words)
