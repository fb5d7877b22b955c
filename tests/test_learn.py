"""The "for you" order: learned from triage, deterministic, explained, one data folder's.

The fixture lists (``tests/fixtures/learn``) hold papers on tactile grasping and papers on
language models, interleaved so that list order puts language papers first.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.learn import LABELS, Why, decisions_from, fit, fit_store, space_of
from tuireader.model import Paper
from tuireader.system.paths import resolve
from tuireader.triage.store import Store, StoredIdentity

FIXTURES = Path(__file__).parent / "fixtures" / "learn"
REPO = Path(__file__).resolve().parents[1]


def _papers(name: str) -> list[Paper]:
    library = load_library([FIXTURES / name])
    assert not library.problems
    return list(library.papers)


def _grasping(paper: Paper) -> bool:
    return "grasp" in paper.title.casefold() or "grasp" in paper.abstract.casefold()


@pytest.fixture
def papers() -> list[Paper]:
    return _papers("conf2023.jsonl")


@pytest.fixture
def products(monkeypatch) -> list[int]:
    """The number of rows of each product of a model's weights with papers' vectors."""
    from tuireader.learn import taste

    made: list[int] = []
    score_rows = taste.Model._score_rows

    def counting(self, matrix):  # type: ignore[no-untyped-def]
        made.append(matrix.shape[0])
        return score_rows(self, matrix)

    monkeypatch.setattr(taste.Model, "_score_rows", counting)
    return made


def _three_decided(papers: list[Paper]) -> dict[str, str]:
    """One grasping paper kept, two language papers skipped."""
    return {papers[2].id: "kept", papers[0].id: "skip", papers[1].id: "skip"}


def _decide(store: Store, papers: list[Paper], *, keep: list[int], skip: list[int]) -> None:
    for i in keep:
        store.set_state(papers[i].id, "kept")
    for i in skip:
        store.set_state(papers[i].id, "skip")


def test_a_keep_moves_similar_papers_up(papers):
    # list order: two language papers, one grasping paper, three language, four grasping
    assert [_grasping(p) for p in papers[:3]] == [False, False, True]
    with Store.in_memory() as store:
        _decide(store, papers, keep=[2], skip=[0, 1])
        model = fit_store(store, papers)
    assert model is not None
    order = model.order(papers)
    undecided = order[: len(papers) - 3]
    # the four other grasping papers come first, the three language papers after them
    assert [_grasping(p) for p in undecided] == [True] * 4 + [False] * 3
    # decided papers go last, in the order given
    assert order[-3:] == [papers[0], papers[1], papers[2]]
    scores = model.scores(papers)
    assert min(scores[p.id] for p in undecided[:4]) > max(scores[p.id] for p in undecided[4:])


def test_order_is_deterministic_for_a_given_store(papers, tmp_path):
    paths = resolve(tmp_path / "data")
    with Store.open(paths.state_db) as store:
        _decide(store, papers, keep=[2, 7], skip=[0, 1, 3])
    orders, scores = [], []
    for _ in range(2):
        with Store.open(paths.state_db) as store:
            model = fit_store(store, papers)
        assert model is not None
        orders.append([p.id for p in model.order(papers)])
        scores.append(model.scores(papers))
    assert orders[0] == orders[1]
    assert scores[0] == scores[1]
    # the same decisions given in another order fit the same model
    decisions = dict(reversed(list(decisions_from(Store.open(paths.state_db)).items())))
    again = fit(papers, decisions)
    assert again is not None and [p.id for p in again.order(papers)] == orders[0]


def test_equal_scores_keep_the_order_given():
    twins = [
        Paper(id=f"t{i}", title="Tactile grasping", abstract="Tactile grasping.") for i in range(4)
    ]
    others = [
        Paper(id="k", title="Tactile grasping robot", abstract="A robot for tactile grasping."),
        Paper(id="s1", title="Language models", abstract="Perplexity of language models."),
        Paper(id="s2", title="Translation", abstract="Multilingual translation corpus."),
    ]
    papers = [*twins, *others]
    model = fit(papers, {"k": "kept", "s1": "skip", "s2": "skip"})
    assert model is not None
    assert [p.id for p in model.order(papers)[:4]] == ["t0", "t1", "t2", "t3"]
    assert [p.id for p in model.order(papers[::-1])[:4]] == ["t3", "t2", "t1", "t0"]


def test_a_model_needs_a_keep_and_a_few_other_decisions(papers):
    ids = [p.id for p in papers]
    assert fit(papers, {}) is None
    assert fit(papers, {ids[2]: "kept", ids[0]: "skip"}) is None
    assert fit(papers, {ids[2]: "maybe", ids[0]: "skip", ids[1]: "skip", ids[3]: "skip"}) is None
    assert fit(papers, {ids[2]: "kept", ids[0]: "skip", ids[1]: "skip"}) is not None
    # read counts as kept; new teaches nothing
    assert fit(papers, {ids[2]: "read", ids[0]: "skip", ids[1]: "new", ids[3]: "skip"})
    assert fit(papers, {ids[2]: "read", ids[0]: "skip", ids[1]: "new"}) is None


def test_maybe_weighs_between_a_keep_and_a_skip(papers):
    assert LABELS["skip"] < LABELS["maybe"] < LABELS["kept"] == LABELS["read"]
    base = {papers[2].id: "kept", papers[0].id: "skip", papers[1].id: "skip"}
    target = papers[3]  # a language paper, undecided
    language = papers[4]  # another language paper, the one the user is unsure of

    def score(state: str | None) -> float:
        decisions = dict(base)
        if state:
            decisions[language.id] = state
        model = fit(papers, decisions)
        assert model is not None
        return model.scores(papers)[target.id]

    assert score("skip") < score("maybe") < score("kept")


def test_why_names_words_present_in_the_paper_and_the_kept_paper_it_is_like(papers):
    decisions = _three_decided(papers)
    model = fit(papers, decisions)
    assert model is not None
    for paper in papers[6:]:
        why = model.why(paper)
        assert why.words, paper.title
        text = f"{paper.title} {paper.abstract} {' '.join(paper.authors)}".casefold()
        assert all(word.casefold() in text for word in why.words), why.words
        assert why.like == papers[2].title
    tactile = model.why(papers[6])
    assert any("tactile" in word or "grasp" in word for word in tactile.words)
    assert tactile.text.startswith("words: ") and f"like: {papers[2].title}" in tactile.text

    # a kept paper is not "like" itself
    assert model.why(papers[2]).like is None
    assert Why().text == "" and Why(("a",), "T", "kept").to_json() == {
        "words": ["a"],
        "like": "T",
        "like_state": "kept",
    }


def test_why_names_the_kept_paper_by_its_title_as_the_list_shows_it() -> None:
    # "like: $\\alpha$-MDF: …" where the list shows "α-MDF: …"; --json gives the title
    # as it gives the paper's own title (its ``title``), as the list has it
    why = Why(("filter",), "$\\alpha$-MDF: An   Attention-based Filter")
    assert why.text == "words: filter · like: α-MDF: An Attention-based Filter"
    assert why.to_json()["like"] == "$\\alpha$-MDF: An   Attention-based Filter"


def test_taste_travels_across_lists_of_one_data_folder(tmp_path):
    paths = resolve(tmp_path / "data")
    earlier = _papers("conf2023.jsonl")
    by_id = {p.id: p for p in earlier}
    with Store.open(paths.state_db) as store:
        store.identify_with(lambda pid: StoredIdentity.of(by_id[pid]) if pid in by_id else None)
        _decide(store, earlier, keep=[2, 6], skip=[0, 1, 3])
    later = _papers("conf2024.jsonl")  # only next year's list is loaded now
    assert not {p.id for p in later} & set(by_id)
    with Store.open(paths.state_db) as store:
        model = fit_store(store, later)
    assert model is not None
    assert [_grasping(p) for p in model.order(later)] == [True, True, False, False, False]
    assert model.why(later[3]).like in {earlier[2].title, earlier[6].title}


def test_the_model_never_sees_another_data_folders_triage(tmp_path):
    papers = _papers("conf2023.jsonl")
    mine, theirs = resolve(tmp_path / "mine"), resolve(tmp_path / "theirs")
    with Store.open(theirs.state_db) as store:
        # the other folder keeps grasping papers
        _decide(store, papers, keep=[2, 6, 7], skip=[0, 1, 3, 4])
    with Store.open(mine.state_db) as store:
        # this one has too little to learn from
        _decide(store, papers, keep=[0], skip=[])
        assert fit_store(store, papers) is None
        # and once it has enough, its own taste (language) ranks, not the other's
        _decide(store, papers, keep=[], skip=[2, 6])
        assert decisions_from(store) == {
            papers[0].id: "kept",
            papers[2].id: "skip",
            papers[6].id: "skip",
        }
        model = fit_store(store, papers)
    assert model is not None
    assert set(model.decisions) == {papers[0].id, papers[2].id, papers[6].id}
    top = model.order(papers)[:4]
    assert not any(_grasping(p) for p in top), [p.title for p in top]


def test_papers_outside_the_space_are_placed_in_it(papers):
    space = space_of(papers[:8])
    decisions = _three_decided(papers)
    model = fit(papers, decisions, space=space)
    assert model is not None
    whole = fit(papers, decisions, space=space_of(papers))
    assert whole is not None
    # the two late papers were not in the space; they are still ranked with the others
    assert set(model.scores(papers)) == {p.id for p in papers}
    assert _grasping(model.order(papers)[0])


def test_only_the_papers_outside_the_space_are_placed_and_rows_keep_their_order(
    papers, monkeypatch
):
    # a list added to a library of thousands: its papers alone go through the tokenizer
    # (placing every paper again, and writing the rows back one by one, held the
    # reader for seconds)
    from tuireader.learn import taste

    space = space_of(papers[:8])
    placed: list[str] = []
    place = taste._transform

    def counting(space_, some):
        placed.extend(paper.id for paper in some)
        return place(space_, some)

    monkeypatch.setattr(taste, "_transform", counting)
    mixed = [papers[9], papers[3], papers[8], papers[0]]
    rows = space.vectors(mixed).toarray()
    assert placed == [papers[9].id, papers[8].id]
    for row, paper in zip(rows, mixed, strict=True):
        assert (row == space.vectors([paper]).toarray()[0]).all()
    assert (rows[1] == space.matrix[space.rows[papers[3].id]].toarray()[0]).all()


def test_ordering_looks_up_scores_worked_out_once_per_model(papers, products):
    # each key typed in fit order orders the query's hits: at 100,000 papers a product
    # with every hit's vector held the reader 1.3 s a key
    space = space_of(papers[:8])
    decisions = _three_decided(papers)
    model = fit(papers, decisions, space=space)
    assert model is not None
    mixed = [papers[9], *papers[:8], papers[8]]  # the first and last outside the space
    direct = model._score_rows(space.vectors(mixed))
    assert model.prepare() is model
    products.clear()
    assert list(model.scores(mixed).values()) == pytest.approx(list(direct))
    assert products == [2]  # the two papers outside the space, and only they
    products.clear()
    ordered = model.order(papers[:8])
    assert products == []
    by_score = sorted(
        (p for p in papers[:8] if p.id not in decisions),
        key=lambda p: -model.scores([p])[p.id],
    )
    assert ordered == [*by_score, *(p for p in papers[:8] if p.id in decisions)]


def test_a_few_papers_are_scored_alone_until_every_score_is_worked_out(papers, products):
    # `search --sort fit` shows a few hits: at 100,000 papers, working out every score
    # for them would add half a second to the command
    decisions = _three_decided(papers)
    model = fit(papers, decisions, space=space_of(papers))
    assert model is not None
    alone = model.scores([papers[5]])
    assert products == [1]
    model.prepare()
    assert products == [1, len(papers)]
    assert model.scores([papers[5]]) == pytest.approx(alone)
    assert products == [1, len(papers)]


def test_the_reader_s_order_leaves_papers_of_lists_just_read_unplaced(papers, monkeypatch):
    # a list dropped into a folder while the reader orders by fit: its papers wait at
    # the end of the undecided ones for the fit on them, rather than being placed in the
    # old vectors in the reader's thread (scikit-learn imported, every paper tokenized)
    from tuireader.learn import taste

    space = space_of(papers[:8])
    decisions = _three_decided(papers)
    model = fit(papers[:8], decisions, space=space)
    assert model is not None
    model.prepare()

    def no_placing(*_args):
        raise AssertionError("placed in the vectors")

    monkeypatch.setattr(taste, "_transform", no_placing)
    late = [papers[9], papers[8]]
    ordered = model.order([late[0], *papers[:8], late[1]], placed=False)
    undecided = [p for p in papers[:8] if p.id not in decisions]
    assert ordered[: len(undecided)] == model.order(papers[:8])[: len(undecided)]
    assert ordered[len(undecided) : len(undecided) + 2] == late
    assert [model.covers(p) for p in (papers[0], *late)] == [True, False, False]


def test_importing_the_package_does_not_import_scikit_learn():
    code = (
        "import sys\n"
        "import tuireader.learn\n"
        "before = 'sklearn' in sys.modules\n"
        "from tuireader.model import Paper\n"
        "papers = [Paper(id=str(i), title=t, abstract=t) for i, t in "
        "enumerate(['tactile grasp', 'language model', 'translation', 'tactile gripper'])]\n"
        "tuireader.learn.fit(papers, {'0': 'kept', '1': 'skip', '2': 'skip'})\n"
        "print(before, 'sklearn' in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=REPO
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "True"]


def test_the_tldr_is_learnt_from_and_named_in_why():
    # the only thing the kept paper and one other share is a word of their TL;DRs
    papers = [
        Paper(id=f"p{i}", title=f"Study number {i}", abstract=f"Plain abstract {i}.")
        for i in range(8)
    ]
    papers[1] = Paper(id="p1", title="First look", abstract="Nothing here.", tldr="Walrus gait.")
    papers[6] = Paper(id="p6", title="Later view", abstract="Other text.", tldr="Walrus herds.")
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    assert model.order(papers)[0].id == "p6"
    assert "walrus" in model.why(papers[6]).words


def test_web_addresses_are_not_words_of_the_model_or_of_why():
    # "why: graphs, provided, github, https": the pieces of the links in abstracts
    papers = [
        Paper(id=f"p{i}", title=f"Study number {i}", abstract=f"Plain abstract {i}.")
        for i in range(8)
    ]
    code = " Code: https://github.com/lab/walrus-tools and www.example.com/demo."
    papers[1] = Paper(id="p1", title="Walrus gait", abstract="Walrus gait studied." + code)
    papers[6] = Paper(id="p6", title="Walrus herds", abstract="Walrus herds seen." + code)
    papers[7] = Paper(id="p7", title="Other view", abstract="Something else." + code)
    model = fit(papers, {"p1": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    features = set(model.space.features)
    assert not features & {"https", "github", "com", "www", "example", "lab", "demo"}
    assert model.order(papers)[0].id == "p6"  # the walrus, not the paper with the link
    assert model.why(papers[6]).words[0] == "walrus"
    assert not {"https", "github", "com"} & set(model.why(papers[7]).words)


def test_the_logistic_model_is_scikit_learns_own():
    # the weights come from SciPy's L-BFGS on scikit-learn's objective (C, sample
    # weights, an intercept not regularised): the same model, without importing it
    import numpy as np
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    from tuireader.learn.taste import _logistic

    rng = np.random.default_rng(3)
    x = sparse.random(300, 80, density=0.1, random_state=4, format="csr", dtype=np.float64)
    truth = rng.normal(size=80)
    y = (x @ truth + rng.normal(scale=0.3, size=300) > 0.1).astype(int)
    w = rng.uniform(0.2, 2.0, size=300)
    for c in (0.5, 4.0):
        coef, intercept = _logistic(x, y, w, c)
        reference = LogisticRegression(C=c, max_iter=1000).fit(x, y, sample_weight=w)
        assert np.allclose(coef, reference.coef_[0], atol=2e-3), c
        assert abs(intercept - reference.intercept_[0]) < 2e-3
        ours, theirs = x @ coef + intercept, reference.decision_function(x)
        assert (np.argsort(-ours)[:30] == np.argsort(-theirs)[:30]).all()


def test_why_leaves_out_words_that_pushed_little_beside_the_strongest():
    papers = [
        Paper(id=f"p{i}", title=f"Study number {i}", abstract=f"Plain abstract {i}.")
        for i in range(8)
    ]
    papers[6] = Paper(id="p6", title="Walrus herds", abstract="Walrus herds address a problem.")
    model = fit(papers, {"p6": "kept", "p0": "skip", "p2": "skip"})
    assert model is not None
    coef = model.coef.copy()
    coef[:] = 0.0
    weights = {"walrus": 1.0, "herds": 0.5, "address": 0.05, "problem": 0.05}
    for word, weight in weights.items():
        coef[model.space.features.index(word)] = weight
    why = replace(model, coef=coef).why(papers[6])
    assert why.words == ("walrus", "herds")


def test_why_says_nothing_of_a_paper_like_none_of_the_kept_ones(papers):
    # a paper far from every keep (a language paper among grasping keeps, sharing one
    # word of theirs): "why" named that word and called it like a grasping paper
    far = Paper(
        id="far",
        title="Scaling language models with retrieval",
        abstract=f"{papers[0].abstract} {papers[1].abstract} We evaluate it using benchmarks.",
    )
    model = fit([*papers, far], _three_decided(papers))
    assert model is not None
    assert model.why(far) == Why()
    near = model.why(papers[6])  # a grasping paper is still explained
    assert near.words and near.like == papers[2].title
