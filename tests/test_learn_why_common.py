"""What "why" leaves out: words that say why any paper ranks, not why this one does.

On the real lists with 35 decisions, the words "why" named most were "training" (67
times), "model" (41) and "models" (33), "learning", "network", "solving", "future" and
"information"; single papers had "good", "computer" or "explicitly". Words most papers
of the library hold tell no paper from another, a word and its plural are one word, and
the words of academic prose in any field (and its adverbs) say what a paper does or how
well, not what it is about. "Why" names none of them, and names fewer words, or none,
rather than filler.
"""

from __future__ import annotations

from tuireader.learn import Model, Why, fit, taste
from tuireader.learn.taste import _twin
from tuireader.model import Paper

#: words of one paper each: what the filler papers are about
_TOPICS = [f"kw{chr(97 + k // 26)}{chr(97 + k % 26)}" for k in range(40)]


def _library(walrus: str, others: int = 40, said_by: int = 16, title: str = "") -> list[Paper]:
    """Three kept papers on walruses (p0-p2), four skipped papers (p3-p6), a paper on
    walruses to rank (p7), and ``others`` papers of a topic each, the first ``said_by`` of
    which say "we report the training of models" as the walrus papers may; ``title``
    begins the titles of the walrus papers."""
    papers = [
        Paper(id=f"p{k}", title=f"{title}{subject}", abstract=f"{walrus} Walrus.")
        for k, subject in enumerate(("Tusks", "Diets", "Sleep"))
    ]
    papers += [
        Paper(id=f"p{k}", title=f"Lichen growth {k}", abstract="Lichen on rocks.") for k in (3, 4)
    ]
    papers += [
        Paper(id=f"p{k}", title=f"Glacier flow {k}", abstract="Glacier ice melt.") for k in (5, 6)
    ]
    papers.append(Paper(id="p7", title=f"{title}Calves", abstract=f"{walrus} Walrus."))
    for k in range(others):
        said = " We report the training of models." if k < said_by else ""
        papers.append(
            Paper(id=f"q{k}", title=f"On {_TOPICS[k]}", abstract=f"A {_TOPICS[k]} survey.{said}")
        )
    return papers


def _fit(papers: list[Paper]) -> Model:
    decisions = dict.fromkeys(("p0", "p1", "p2"), "kept") | dict.fromkeys(
        ("p3", "p4", "p5", "p6"), "skip"
    )
    model = fit(papers, decisions)
    assert model is not None
    return model


def _words(why: Why) -> set[str]:
    return {word.casefold() for phrase in why.words for word in phrase.split()}


TRAINING = "We report the training of models."


def test_why_names_no_word_many_papers_of_the_library_hold():
    # 14 of the 48 papers say "training" and "models", the kept ones among them (ten of
    # the 45 besides): that pushed the walrus paper up most, and says nothing of why it
    # ranks above the others
    papers = _library(TRAINING, said_by=10, title="Training models: ")
    model = _fit(papers)
    index = model.space.features.index("training")
    assert model.coef[index] > 0  # (the model learnt from it)
    why = model.why(papers[7])
    assert "walrus" in _words(why), why
    assert not _words(why) & {"training", "models", "model", "report"}, why
    # where few papers besides the keeps say them, they tell the walrus papers apart
    rare = _library(TRAINING, said_by=2)
    assert {"training", "models"} <= _words(_fit(rare).why(rare[7]))


def test_a_word_is_common_with_its_plural_and_as_the_word_it_is_made_of():
    # "trained" named where "training" was left out, "model" where "models" was: the
    # library's papers say "training" and "models"
    papers = _library(TRAINING, said_by=10, title="Trained model: ")
    model = _fit(papers)
    assert {"trained", "model"} <= set(model.space.features)
    why = model.why(papers[7])
    assert "walrus" in _words(why), why
    assert not _words(why) & {"trained", "model"}, why


def test_a_word_and_its_twin_are_named_once():
    # "why: robotic, robots, robot": "Robots" (a title's) and "robot", "real-world" and
    # "real world", "model" and "models" are one word written two ways
    walrus = "Real-world robot models. A real world robots model. Robots."
    papers = _library(walrus, said_by=0)
    papers[7] = Paper(id="p7", title="Robots Model Walrus", abstract=f"{walrus} Walrus calves.")
    model = _fit(papers)
    why = model.why(papers[7], limit=10)
    assert len(why.words) >= 3, why.words
    twins = [f" {_twin(word)} " for word in why.words]
    for k, one in enumerate(twins):
        assert not any(one in other for other in twins[:k] + twins[k + 1 :]), why.words


def test_why_names_no_generic_word_of_academic_prose_nor_an_adverb():
    # "good" (Adversarial Motion Priors Make Good Substitutes), "computer", "explicitly"
    said = (
        "Good information explicitly solving future problems with a computer. "
        "We observe the walrus probably."
    )
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Good walrus herds", abstract=f"{said} Walrus calves.")
    model = _fit(papers)
    why = model.why(papers[7], limit=20)
    assert "walrus" in _words(why), why
    left_out = {"good", "information", "explicitly", "solving", "future", "computer"}
    assert not _words(why) & (left_out | {"easily", "probably"}), why.words
    # a pair of one of them and a word of a topic is named: "computer vision"
    vision = "Computer vision of the walrus."
    papers = _library(vision, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{vision} Walrus calves.")
    assert "computer vision" in _fit(papers).why(papers[7], limit=20).words


def test_a_word_is_named_once_by_its_stem_and_an_acronym_once_with_its_words():
    # "why: graph neural, geometric, geometry, GNN" (EquiPocket), "grasping, GRASP"
    # (DYNAMO-GRASP): one stem written two ways, and an acronym the paper spells out
    walrus = (
        "Grasping by walrus. A GRASP is made. Geometric walrus geometry. Graph neural "
        "networks (GNN) on walrus: a GNN and graph neural networks. GNN. Grasping and "
        "GRASP. Geometric and geometry."
    )
    papers = _library(walrus, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus calves", abstract=f"{walrus} Walrus calves.")
    why = _fit(papers).why(papers[7], limit=10)
    assert len(why.words) >= 3, why.words
    named = {word.casefold() for word in why.words}
    assert len(named & {"grasping", "grasp"}) <= 1, why.words
    assert len(named & {"geometric", "geometry"}) <= 1, why.words
    assert not ({"gnn", "gnns"} & named and any("graph neural" in w for w in named)), why
    stems = [_twin(word) for word in why.words]
    assert len(set(stems)) == len(stems), why.words


def test_a_word_is_common_when_its_forms_together_are_held_by_many_papers():
    # "benchmark" (held with "benchmarks" by 16% of the library, each by 8%) and
    # "complex" (with "complexity", 18%) were named for a paper on ICML 2024
    walrus = "Walrus, a benchmark; complex."
    papers = _library(walrus, said_by=0)
    for k in range(12):  # six papers say "benchmarks", six "complexity"
        said = "Benchmarks of lichen." if k < 6 else "The complexity of lichen."
        papers[8 + k] = Paper(id=f"q{k}", title=f"On {_TOPICS[k]}", abstract=said)
    model = _fit(papers)
    for word in ("benchmark", "complex"):
        index = model.space.features.index(word)
        held = model._held(index) - 3  # (held by the kept papers besides)
        assert held <= taste.COMMON_SHARE * (len(papers) - 3)  # (each form alone is not)
        assert model.coef[index] > 0  # (the model learnt from it)
    why = model.why(papers[7], limit=10)
    assert "walrus" in _words(why), why
    # (a pair of one of them and a word of a topic is named: "walrus benchmark")
    assert not {word.casefold() for word in why.words} & {"benchmark", "complex"}, why
    # where fewer papers say them, they tell the walrus papers apart
    papers = _library(walrus, said_by=0)
    for k in range(4):
        said = "Benchmarks of lichen." if k < 2 else "The complexity of lichen."
        papers[8 + k] = Paper(id=f"q{k}", title=f"On {_TOPICS[k]}", abstract=said)
    why = _fit(papers).why(papers[7], limit=10)
    assert {"benchmark", "complex"} <= {word.casefold() for word in why.words}, why


def test_why_names_no_word_of_how_a_paper_is_written_in_any_of_its_forms():
    # on ICML 2024 with grasping papers kept: "capture diverse", "employ", "delivers",
    # "strengths", "progress", "accomplish", "evaluated", "established", and alone
    # "understanding", "reliable", "greater", "higher", "run"
    said = (
        "Walrus; employ; capture diverse; delivers; greater; higher; reliable; "
        "understanding; accomplish; progress; established; strengths; evaluated; run."
    )
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{said} Walrus calves.")
    why = _fit(papers).why(papers[7], limit=20)
    assert "walrus" in _words(why), why
    written = {"employ", "capture", "delivers", "accomplish", "progress", "established"}
    generic = {"greater", "higher", "reliable", "understanding", "strengths", "evaluated", "run"}
    assert not _words(why) & written, why.words
    assert not {word.casefold() for word in why.words} & generic, why.words
    # a pair of a topic's word and a generic one is named all the same
    said = "Walrus scene understanding of herds."
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{said} Walrus calves.")
    assert any("scene understanding" in w for w in _fit(papers).why(papers[7], limit=20).words)


def test_a_pair_with_a_participle_that_joins_a_clause_is_no_term():
    # "why: capture diverse, strengths, objects including, pairs" on ICML 2024: pieces of
    # a clause; "computer vision" or "scene understanding" is a term (see above)
    papers = _library("Walrus; objects including; tusks compared.", said_by=0)
    why = _fit(papers).why(papers[7], limit=20)
    assert "walrus" in _words(why), why
    assert not {"including", "compared"} & _words(why), why.words


def _networks_library(said: str) -> list[Paper]:
    """:func:`_library` of ``said``, with twelve papers of the others on "neural networks":
    many papers hold the pair, which is not named alone."""
    papers = _library(said, said_by=0)
    for k in range(12):
        papers[8 + k] = Paper(id=f"q{k}", title=f"On {_TOPICS[k]}", abstract="Neural networks.")
    return papers


def test_a_pair_the_paper_writes_only_before_one_word_is_named_as_that_run():
    # "why: graph neural" for papers that write "graph neural network(s)" wherever they
    # write "graph neural"
    papers = _networks_library("Walrus; graph neural networks on ice; the graph neural network.")
    why = _fit(papers).why(papers[7], limit=20)
    assert "graph neural networks" in why.words, why
    assert "graph neural" not in why.words, why
    # a pair written before other words too is not named as one of those runs
    said = "Walrus; graph neural networks on ice; the graph neural operators."
    papers = _networks_library(said)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{said} Walrus calves.")
    named = _fit(papers).why(papers[7], limit=20).words
    assert any("graph neural" in w for w in named), named
    assert not any("graph neural networks" in w for w in named), named
    # and one written each time before a word of boilerplate is a piece of a clause
    said = "Walrus; tusk floes approaches and tusk floes approach."
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{said} Walrus calves.")
    assert "tusk floes" not in _fit(papers).why(papers[7], limit=20).words


def test_a_word_that_ends_like_an_adverb_and_is_none_is_named():
    # "assembly", "anomaly" and "family" end in "ly" and are made of no word
    said = "Walrus assembly, anomaly and family."
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{said} Walrus calves.")
    why = _fit(papers).why(papers[7], limit=20)
    assert {"assembly", "anomaly", "family"} <= _words(why), why.words


def test_no_telling_word_left_leaves_fewer_words_not_weaker_ones(monkeypatch):
    # a paper pushed up by common words alone is said no word; one pushed up by them and
    # a little by "tusks" (a kept paper's title) is said "tusks" only if it did enough
    # beside the strongest word, common or not
    papers = _library(TRAINING, said_by=10, title="Training models: ")
    papers[7] = Paper(id="p7", title="Training models", abstract=f"{TRAINING} Lichen.")
    model = _fit(papers)
    assert model.why(papers[7]).words == ()
    papers[7] = Paper(id="p7", title="Training models", abstract=f"{TRAINING} Tusks.")
    model = _fit(papers)
    assert model.why(papers[7]).words == ("tusks",)
    # ("tusks" did 0.45 of what "training" did)
    monkeypatch.setattr(taste, "WHY_SHARE", 0.5)
    assert model.why(papers[7]).words == ()


def test_why_names_no_weak_word_of_academic_prose():
    # "why: semantic, pre-trained, incorporating" on CoRL 2023; "suffer" and "center"
    said = "Incorporating walrus tusks, herds suffer at the center of the floe."
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus herds", abstract=f"{said} Walrus calves.")
    model = _fit(papers)
    for word in ("incorporating", "suffer", "center"):
        assert model.coef[model.space.features.index(word)] > 0  # (the model learnt from it)
    why = model.why(papers[7], limit=20)
    assert {"walrus", "tusks", "floe"} <= _words(why), why.words
    assert not _words(why) & {"incorporating", "suffer", "center"}, why.words


def _pairs_named(why: Why) -> list[str]:
    return [phrase.casefold() for phrase in why.words if " " in phrase]


def test_two_overlapping_pairs_are_named_as_the_run_the_paper_writes():
    # "why: deep reinforcement, reinforcement learning": one run of words, named once
    said = "Deep reinforcement learning of walrus herds."
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Walrus calves", abstract=f"{said} Walrus calves.")
    why = _fit(papers).why(papers[7], limit=20)
    assert "deep reinforcement learning" in _pairs_named(why), why.words
    assert not {"deep reinforcement", "reinforcement learning"} & set(_pairs_named(why))
    assert "walrus" in _words(why), why.words


def test_of_two_overlapping_pairs_the_paper_writes_apart_one_is_named():
    # the paper writes "deep reinforcement" and "reinforcement learning", never "deep
    # reinforcement learning": the second pair says no more than the first
    said = "Deep reinforcement of herds. Reinforcement learning of herds."
    papers = _library(said, said_by=0)
    papers[7] = Paper(id="p7", title="Calves", abstract=said)
    model = _fit(papers)
    for pair in ("deep reinforcement", "reinforcement learning"):
        assert model.coef[model.space.features.index(pair)] > 0
    named = _pairs_named(model.why(papers[7], limit=20))
    assert len({"deep reinforcement", "reinforcement learning"} & set(named)) == 1, named
    assert "deep reinforcement learning" not in named
