"""More like this: papers that share a paper's key terms, not one word of it.

Of the CoRL 2023 list with ICML 2024 and the arXiv snapshot, "HYDRA: Hybrid Robot Actions
for Imitation Learning" found an astronomy paper, "Spectroscopic Observations of the
Intermediate Polar EX Hydrae in Quiescence", 13th of 20 by "hydra" alone (its stem,
rare, weighed most), and "Model Alignment as Prospect Theoretic Optimization" found
"Prospective Side Information for Latent MDPs" first by "prospect" alone. A paper is
like another when it shares two of its key terms at least.
"""

from __future__ import annotations

from corpus_util import write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

HYDRA = {
    "title": "HYDRA: Hybrid Robot Actions for Imitation Learning",
    "abstract": "Imitation Learning (IL) is a sample efficient paradigm for robot learning "
    "using expert demonstrations. Choosing an action representation for the policy that "
    "minimizes distribution shift is critical in imitation learning. We introduce HYDRA, "
    "a method that leverages a hybrid action space with two levels of action "
    "abstractions: sparse high-level waypoints and dense low-level actions.",
}
EX_HYDRAE = {
    "title": "Spectroscopic Observations of the Intermediate Polar EX Hydrae in Quiescence",
    "abstract": "Spin-modulated radial velocities consistent with an outer disc origin were "
    "detected for the first time in an intermediate polar, from the accretion curtain.",
}
ROBOTS = [
    {
        "title": "Waypoint-Based Imitation Learning for Robotic Manipulation",
        "abstract": "Waypoints summarise demonstrations; a robot imitates the waypoints.",
    },
    {
        "title": "Action Chunking for Imitation",
        "abstract": "A policy predicts chunks of actions from demonstrations of a robot.",
    },
]
OTHERS = [
    {"title": "Sheaves on Schemes", "abstract": "Cohomology of quasi-coherent sheaves."},
    {"title": "Galaxy Rotation Curves", "abstract": "Radial velocities of stars in discs."},
]


def test_a_rare_word_alone_makes_no_paper_like_another(tmp_path):
    path = write_jsonl(tmp_path / "mixed.jsonl", [HYDRA, EX_HYDRAE, *ROBOTS, *OTHERS])
    engine = open_engine(load_library([path]), resolve(tmp_path / "data").ensure())
    try:
        hydra = engine.library.papers[0]
        result = engine.similar(hydra.id)
        titles = [hit.paper.title for hit in result.hits]
        assert set(titles) == {paper["title"] for paper in ROBOTS}
        assert result.total == len(titles)
    finally:
        engine.close()


#: a paper whose math is written in LaTeX, and one that shares its commands and a word
SPARSE = {
    "title": "Dictionary Learning for Sparse Codes",
    "abstract": "We learn a dictionary $\\mathcal{D}$ for sparse codes in "
    "$\\mathcal{O}(\\sqrt{n})$ steps, with $\\mathcal{H}$ \\textit{incoherent} "
    "atoms; sparse coding of images with the learned dictionary beats fixed bases.",
}
MARKUP = {
    "title": "Colouring Sparse Graphs",
    "abstract": "A colouring of $\\mathcal{G}$ in $\\mathcal{O}(\\sqrt{m})$ rounds "
    "with \\textit{few} colours, for $\\mathcal{V}$ and $\\mathcal{E}$ of sparse graphs.",
}
CODES = [
    {
        "title": "Online Dictionary Learning",
        "abstract": "A dictionary is learned online; sparse codes of image patches follow.",
    },
    {
        "title": "Convolutional Sparse Coding",
        "abstract": "Sparse coding with a convolutional dictionary of image atoms.",
    },
]


def test_latex_commands_are_no_key_terms_of_a_paper(tmp_path):
    path = write_jsonl(tmp_path / "math.jsonl", [SPARSE, MARKUP, *CODES, *OTHERS])
    engine = open_engine(load_library([path]), resolve(tmp_path / "data").ensure())
    try:
        result = engine.similar(engine.library.papers[0].id)
        titles = [hit.paper.title for hit in result.hits]
        assert set(titles) == {paper["title"] for paper in CODES}
        assert not {"mathcal", "sqrt", "textit", "time"} & set(result.terms)
    finally:
        engine.close()


def test_a_paper_no_other_is_like_is_said(tmp_path, capsys):
    # 'similar' of a paper no other shares words with printed nothing and exited 1,
    # and the reader's M showed "0 match" with no word of why
    from tuireader.cli import main
    from tuireader.search.engine import NONE_SIMILAR

    sheaves = OTHERS[0]  # (alone among robots and galaxies)
    path = write_jsonl(tmp_path / "mixed.jsonl", [sheaves, *ROBOTS, *OTHERS[1:]])
    engine = open_engine(load_library([path]), resolve(tmp_path / "data").ensure())
    try:
        result = engine.similar(engine.library.papers[0].id)
        assert not result.hits and result.message == NONE_SIMILAR
        robots = engine.similar(engine.library.papers[1].id)
        assert robots.hits and not robots.message
        paper_id = engine.library.papers[0].id
    finally:
        engine.close()
    assert main(["similar", paper_id, str(path), "--data-dir", str(tmp_path / "data")]) == 1
    assert f"tuireader: {NONE_SIMILAR}" in capsys.readouterr().err
