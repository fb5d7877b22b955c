"""What "why" names: words that say what a paper is about, as the paper writes them.

Abstracts share a boilerplate ("we propose a novel approach", "results show significant
improvements", "et al") and write mathematics as LaTeX (``$\\theta$``, ``\\left(``): the
model may learn from both, but "why" names neither, and a paper that shares nothing else
with the kept ones is like none of them.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.learn import Why, fit, space_of, taste
from tuireader.learn.taste import BOILERPLATE
from tuireader.model import Paper
from tuireader.system.resources import seeds_dir

BOILERPLATE_TEXT = (
    "We propose a novel approach, as Smith et al. suggested. "
    "Results show significant improvements over existing methods."
)


def _plain_papers() -> list[Paper]:
    return [
        Paper(id=f"p{i}", title=f"Study number {i}", abstract=f"Plain abstract {i}.")
        for i in range(8)
    ]


def _words(why: Why) -> set[str]:
    return {word for phrase in why.words for word in phrase.split()}


def test_why_names_no_word_of_the_boilerplate_of_abstracts():
    # "why: novel approach, walrus, significant improvements": the keep's boilerplate
    # pushed the paper up as much as its subject did
    papers = _plain_papers()
    papers[1] = Paper(id="p1", title="Walrus tracking", abstract=f"{BOILERPLATE_TEXT} Walrus.")
    papers[6] = Paper(id="p6", title="Walrus herds", abstract=f"{BOILERPLATE_TEXT} Walrus.")
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    why = model.why(papers[6])
    assert "walrus" in why.words and why.like == "Walrus tracking"
    assert not _words(why) & BOILERPLATE, why.words
    assert not _words(why) & {"novel", "approach", "significant", "et", "al", "results"}


def test_why_names_no_word_that_says_how_research_is_reported():
    # "why: SOTA" (PLEX) and "why: research" (BridgeData V2) on CoRL 2023 with
    # manipulation keeps, "website" from "videos are on our website"
    papers = _plain_papers()
    said = "This research achieves SOTA results; videos are on our website."
    papers[1] = Paper(id="p1", title="Walrus tracking", abstract=f"{said} Walrus gait.")
    papers[6] = Paper(id="p6", title="Walrus herds", abstract=f"{said} Walrus herds.")
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    why = model.why(papers[6])
    assert "walrus" in why.words
    assert not {w.casefold() for w in _words(why)} & {"sota", "research", "website"}, why.words


def test_why_names_no_latex_command_as_a_word():
    # "why: theta, mathcal, left": the names of the commands the abstracts' mathematics
    # is written with, which the reader shows as symbols
    papers = _plain_papers()
    math = r"Bounds of $\mathcal{O}(\theta)$ with \left( a \right) terms."
    papers[1] = Paper(id="p1", title="Walrus tracking", abstract=f"Walrus gait. {math}")
    papers[6] = Paper(id="p6", title="Walrus herds", abstract=f"Walrus herds. {math}")
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    assert {"theta", "mathcal", "left", "right"} <= set(model.space.features)
    why = model.why(papers[6])
    assert "walrus" in why.words
    assert not _words(why) & {"theta", "mathcal", "left", "right"}, why.words
    # a word the paper writes as a word is named, also when it is a command elsewhere
    papers[6] = Paper(id="p6", title="Walrus herds", abstract=f"Theta waves of a walrus. {math}")
    assert "theta" in model.why(papers[6]).words


def test_a_paper_sharing_only_boilerplate_with_the_keeps_is_like_none_of_them():
    # a library of one paper on adversarial attacks, read with grasping papers kept
    # elsewhere: it was called like a grasping paper for "method, challenging, apply"
    papers = _plain_papers()
    papers[1] = Paper(id="p1", title="Walrus tracking", abstract=f"{BOILERPLATE_TEXT} Walrus.")
    papers[6] = Paper(id="p6", title="Quantum chemistry", abstract=f"{BOILERPLATE_TEXT} Orbitals.")
    papers[7] = Paper(id="p7", title="Walrus herds", abstract="Walrus herds tracked by drones.")
    papers[1] = Paper(
        id="p1", title="Walrus tracking", abstract=f"{BOILERPLATE_TEXT} Walrus herds."
    )
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    assert model.why(papers[6]) == Why()
    assert model.why(papers[7]).like == "Walrus tracking"


def test_why_names_a_word_with_accents_as_the_paper_writes_it():
    # the model reads "manipulación" as "manipulacion", which the paper does not write:
    # "why" named none of the words of a paper in Spanish, nor "Poincaré" in English
    papers = _plain_papers()
    papers[1] = Paper(
        id="p1", title="Manipulación robótica", abstract="Poincaré embeddings of grasps."
    )
    # (the accents of this one written as letters and combining marks)
    papers[6] = Paper(
        id="p6",
        title="Manipulacio\u0301n robo\u0301tica con visión",
        abstract="Poincare\u0301 embeddings.",
    )
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    assert "manipulacion" in model.space.features
    why = model.why(papers[6])
    assert why.like == "Manipulación robótica"
    assert {"manipulación", "robótica", "poincaré"} <= _words(why), why.words
    assert not {"manipulacion", "robotica", "poincare"} & _words(why)


def test_why_names_no_subscript_of_the_mathematics_as_a_word():
    # "why: x_t, a_i": LaTeX subscripts written without a command are words to the model
    papers = _plain_papers()
    math = "Updates $x_t$ and weights $a_i$ converge."
    papers[1] = Paper(id="p1", title="Walrus tracking", abstract=f"Walrus gait. {math}")
    papers[6] = Paper(id="p6", title="Walrus herds", abstract=f"Walrus herds. {math}")
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    assert {"x_t", "a_i"} <= set(model.space.features)
    why = model.why(papers[6])
    assert "walrus" in why.words
    assert not _words(why) & {"x_t", "a_i"}, why.words


GRASPING = (
    "We grasp deformable objects with a suction gripper and tactile sensing in clutter. "
    "A grasp planner scores contact points from depth images, and a dexterous hand "
    "executes the grasp on a real robot; {word} behaviour emerges across many trials."
)


def test_a_keep_of_a_list_no_longer_read_is_not_called_like_a_paper_for_one_shared_word():
    # a library of one paper on adversarial attacks, and grasping papers kept from a list
    # no longer read: the space knew one word of theirs, "natural", and the kept papers'
    # vectors were that word alone, so the paper was called like a grasping paper
    one = Paper(
        id="one",
        title="Character-level adversarial attacks",
        abstract="Natural language attacks perturb characters of a sentence to fool a classifier.",
    )
    keeps = [
        Paper(id=f"k{i}", title=f"Grasping study {word}", abstract=GRASPING.format(word=word))
        for i, word in enumerate(("natural", "robust", "stable"))
    ]
    decisions = {keep.id: "kept" for keep in keeps}
    model = fit([one, *keeps], decisions, space=space_of([one]))
    assert model is not None
    assert model.why(one) == Why()
    # a paper the space holds as well as the keeps is like one of them all the same
    near = Paper(id="near", title="Grasping study natural", abstract=GRASPING.format(word="x"))
    model = fit([near, one, *keeps], decisions, space=space_of([near, one]))
    assert model is not None
    assert model.why(near).like == "Grasping study natural"


def _contact_papers() -> list[Paper]:
    """Four CoRL 2023 papers on robots making contact, a paper of the arXiv snapshot on the
    contact process (a model of probability), and a dozen papers of each list besides."""
    path = Path(__file__).parent / "fixtures" / "learn" / "contact_process.jsonl"
    return [
        Paper(
            id=row["id"],
            title=row["title"],
            abstract=row["abstract"],
            authors=tuple(row["authors"]),
        )
        for row in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    ]


CONTACT_KEEPS = ("3ymxmpdx", "gisxfaqa", "alatg74m", "o5lpi2r5")


def test_a_paper_is_not_called_like_a_kept_one_for_one_term_they_share():
    # "words: contact · like: Simultaneous Learning of Contact and Continuous Dynamics" for
    # a paper on the extinction of the contact process: the two share "contact" and
    # "process", which the paper writes as one term and the robotics paper never does
    papers = _contact_papers()
    model = fit(papers, dict.fromkeys(CONTACT_KEEPS, "kept"))
    assert model is not None
    process = next(paper for paper in papers if paper.id == "pxix3c5h")
    why = model.why(process)
    assert "contact" in why.words  # what pushed it up is still said
    assert why.like is None
    # a paper of the same field is like one of the keeps all the same
    liked = [paper.id for paper in papers[5:] if model.why(paper).like]
    assert len(liked) >= 10, liked


def test_a_paper_the_order_puts_first_is_said_why_though_like_no_kept_one(monkeypatch):
    # on the lists of /data/real with four grasping papers kept, GNFactor (the 44th of 1,061)
    # had no "why": it was a little less like every keep than the floor, and so were more
    # than half of the first 200. Here every paper is made far from every keep.
    papers = _contact_papers()
    model = fit(papers, dict.fromkeys(CONTACT_KEEPS, "kept"))
    assert model is not None
    monkeypatch.setattr(taste, "LIKE_FLOOR", 2.0)
    order = [paper for paper in model.order(papers) if paper.id not in CONTACT_KEEPS]
    first = int(len(papers) * taste.WHY_TOP)
    assert first >= 2
    for paper in order[:first]:
        why = model.why(paper)
        assert why.words and why.like is None, (paper.title, why)
    assert all(model.why(paper) == Why() for paper in order[first + 1 :])


def test_chinese_and_japanese_are_read_in_pairs_of_characters():
    # a Chinese title was one word to the model, a whole run with no space in it: two
    # papers on robot grasping shared no word, and "why" named a whole clause
    papers = _plain_papers()
    papers[1] = Paper(
        id="p1",
        title="基于深度学习的机器人抓取",
        abstract="本文研究机器人抓取，使用深度学习预测抓取位置。",
    )
    papers[6] = Paper(
        id="p6",
        title="机器人抓取的触觉感知",
        abstract="我们用触觉传感器改进机器人抓取的成功率。",
    )
    papers[7] = Paper(
        id="p7", title="深層学習によるロボット把持", abstract="ロボット把持を深層学習で学ぶ。"
    )
    papers[4] = Paper(id="p4", title="ロボット把持の評価", abstract="把持の成功率を評価する。")
    model = fit(papers, {"p1": "kept", "p7": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    assert {"机器", "抓取", "把持"} <= set(model.space.features)
    for paper, like, word in ((papers[6], papers[1], "抓取"), (papers[4], papers[7], "把持")):
        why = model.why(paper)
        assert why.like == like.title and any(word in named for named in why.words), why
        # named as the paper writes them, pairs next to each other as one ("机器人抓取"),
        # never a whole clause
        for named in why.words:
            assert named in paper.title + paper.abstract and named != paper.title, why


def _capsule_papers() -> list[Paper]:
    """Four papers on graph networks (a Zotero library's, one of them Capsule Graph Neural
    Network), NeurIPS 2017's Dynamic Routing Between Capsules, three papers that share
    "neural networks" with the graph papers and nothing more, and three papers of each
    of the nine lists of /data/real besides."""
    path = Path(__file__).parent / "fixtures" / "learn" / "capsules.jsonl"
    return [
        Paper(
            id=row["id"],
            title=row["title"],
            abstract=row["abstract"],
            authors=tuple(row["authors"]),
        )
        for row in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    ]


GRAPH_KEEPS = ("pazjz66i", "tmzfsmez", "corp23ab", "ytnehn2x")


def test_a_paper_is_called_like_a_kept_one_for_one_rare_word_they_use_alike():
    # "words: capsule" and no "like" for Dynamic Routing Between Capsules, with Capsule
    # Graph Neural Network kept: their likeness rests on "capsule" (0.95 of it), a word
    # two papers of the library hold, in the same sense in both
    papers = _capsule_papers()
    model = fit(papers, dict.fromkeys(GRAPH_KEEPS, "kept"))
    assert model is not None
    routing = next(paper for paper in papers if paper.id == "ika5e4lw")
    assert routing.title == "Dynamic Routing Between Capsules"
    why = model.why(routing)
    assert "capsule" in why.words and why.like == "Capsule Graph Neural Network", why


def test_a_word_pair_two_papers_share_is_one_term_of_their_likeness():
    # Targeted Dropout and Mode-adaptive Neural Networks for Quadruped Motion Control were
    # like Capsule Graph Neural Network for "neural", "network" and "neural network",
    # counted as three terms: they are one, and most papers of the library hold it
    papers = _capsule_papers()
    model = fit(papers, dict.fromkeys(GRAPH_KEEPS, "kept"))
    assert model is not None
    dropout, quadruped = (
        model.why(next(paper for paper in papers if paper.id == pid))
        for pid in ("vdmlizka", "opdigudz")
    )
    # what pushed them up, "neural networks", is held by five of the 29 papers besides the
    # keeps: it tells them from no other paper, and is not named (see test_learn_why_common)
    assert dropout.words == quadruped.words == ()
    assert quadruped.like is None
    # (dropout is like another keep for "regularization" and "learning" besides)
    assert dropout.like != "Capsule Graph Neural Network"


def test_a_word_the_paper_writes_in_one_pair_the_keep_never_writes_means_another_thing():
    # on the nine lists with the four contact papers kept, the paper on the contact
    # process was like CALAMARI for "contact" alone (17 papers of 1,061 hold it): CALAMARI
    # says no "process", and the paper says "contact" nowhere but in "contact process"
    papers = [
        paper
        for paper in _contact_papers()
        if paper.id in ("pxix3c5h", "3ymxmpdx") or "contact" not in paper.abstract.lower()
    ]
    others = [paper.id for paper in papers if paper.id not in ("pxix3c5h", "3ymxmpdx")]
    model = fit(papers, {"3ymxmpdx": "kept", others[0]: "skip", others[1]: "skip"})
    assert model is not None
    process = next(paper for paper in papers if paper.id == "pxix3c5h")
    why = model.why(process)
    assert why.words == ("contact",)
    assert why.like is None


#: three of the built-in seed lists' papers kept (on downloading pretrained models, on time
#: series, on a decomposition module for time series) and two skipped
SEED_DECISIONS = dict.fromkeys(("h3rmp2cl", "uvttcmw4", "m6o4ebpe"), "kept") | dict.fromkeys(
    ("snscahzd", "zt3a3nny"), "skip"
)


def test_a_paper_is_not_called_like_a_kept_one_for_words_many_papers_hold():
    # on the seed lists, a paper on graphon games was "like: VQ-MTM: Vector Quantization
    # Masked Time-Series Modeling" for "time", "learning" and "complexity", held by 9, 16
    # and 5 of the 36 papers; a paper on diffusion for offline behaviour was like the
    # paper on downloading pretrained models for "data", "learning" and "models"
    papers = list(load_library([seeds_dir()]).papers)
    model = fit(papers, SEED_DECISIONS)
    assert model is not None
    by_id = {paper.id: paper for paper in papers}
    graphon, didi = by_id["edk6ipcb"], by_id["rw2baw7m"]
    assert graphon.title.startswith("We propose a discrete time graphon game")
    assert didi.title.startswith("DIDI: DIffusion-guided DIversity")
    for paper in (graphon, didi):
        assert model.why(paper).like is None, paper.title
    # nor are those words named as why it ranks where it does (see test_learn_why_common),
    # nor the graphon game's "complexity": held by 5 of the 36, and with "complex" by 8
    assert model.why(graphon).words == ()
    assert model.why(didi).words == ()
    # a paper like a keep for words few papers hold is like it all the same: differential
    # privacy, as the kept paper on pretrained models has it; a learnable module
    privacy = model.why(by_id["u6oqxhnx"])
    assert privacy.like is not None and privacy.like.startswith("Practitioners commonly")
    assert model.why(by_id["e26ec4kd"]).like == (
        "Leddam: LEarnable Decomposition and Dual Attention Module"
    )


def _likeness_library(keep: tuple[str, str], paper: tuple[str, str]) -> list[Paper]:
    """A kept paper (``k``) and a paper (``p``), each a title and an abstract; sixteen
    papers that say "point", "graph", "detection" or "neural networks" (one in five of the
    library holds each), and ten papers on lichen."""
    papers = [Paper(id="k", title=keep[0], abstract=keep[1]), Paper("p", paper[0], paper[1])]
    for k in range(8):
        papers.append(Paper(f"a{k}", f"Tides {k}", "The point of tides; graph of tides."))
        papers.append(Paper(f"b{k}", f"Comets {k}", "Detection of comets by neural networks."))
    papers += [
        Paper(f"c{k}", f"Lichen {k}", f"Lichen growth on rocks, kind {k}.") for k in range(10)
    ]
    return papers


def _like(keep: tuple[str, str], paper: tuple[str, str]) -> str | None:
    papers = _likeness_library(keep, paper)
    model = fit(papers, {"k": "kept", "c0": "skip", "c1": "skip"})
    assert model is not None
    return model.why(papers[1]).like


def test_a_pair_of_words_many_papers_hold_makes_no_likeness_alone():
    # Non-parametric Online Change Point Detection was like DYNAMO-GRASP (GRASP Point
    # Detection in Suction Grippers) for "point detection" alone: two papers hold the
    # pair, but its words are one term with it, and many papers hold "point"
    keep = ("Grasp point detection", "Suction cups find grasp point detection. Suction grippers.")
    paper = ("Online change point detection", "Change point detection for streams of walrus.")
    assert _like(keep, paper) is None
    # a pair of rare words is a likeness as a rare word is: "walrus herds"
    keep = ("Walrus herds on ice", "Walrus herds sleep.")
    assert _like(keep, ("Walrus herds by drone", "Drones count walrus herds.")) == keep[0]


def test_an_acronym_is_one_term_with_the_words_it_spells_for_a_likeness():
    # Graph Neural Network Explanations are Fragile was like Geometry Matching for
    # Multi-Embodiment Grasping for "GNN" and "graph neural" alone: one term, counted as
    # two
    keep = ("Geometry matching for grasping", "Graph neural networks (GNNs) match grasps.")
    paper = ("GNN explanations", "Graph neural networks (GNNs) explain walrus. GNNs are fragile.")
    assert _like(keep, paper) is None
