"""What the user keeps, learned: a linear model over papers' text, fitted on triage.

How decisions count (:data:`LABELS`): ``kept`` and ``read`` are positives, ``skip`` is a
negative, ``maybe`` sits between: it enters the logistic loss as a soft target of 0.5 (one
positive and one negative row of half weight each), so a maybe moves its words less than
a keep or a skip and in no direction on its own. ``new`` papers are what gets ranked.

The papers' text (:func:`space_of`): the title (counted twice), the abstract, the
authors' TL;DR and keywords go through one TF-IDF of words and word pairs; the authors through a
TF-IDF of whole names. Venue, year and status are left out: constant within one list,
and across lists they would rank papers by where they appeared, not by what they say.

Ranking (:meth:`Model.scores`): the logistic model's margin plus the cosine similarity
to the nearest kept paper, which carries the first few keeps before the linear model has
seen enough skips. Undecided papers are the unlabelled majority: they join the fit as
weak negatives (a fixed share of the total weight), as continuous active learning does.

Taste travels: every decision of the store counts, whatever list it came from. A decided
paper in none of the loaded lists is learnt from the title and abstract the store keeps
with its mark (:func:`remembered_papers`). A store belongs to one data folder, so another
folder's decisions never reach the model.

Nothing heavy is imported with this module. Building the vectors (:func:`space_of`, or
placing a paper outside them) imports scikit-learn's TF-IDF; a fit imports numpy and
SciPy's optimiser only, so a fit on vectors kept from an earlier run (see
:mod:`tuireader.learn.vectors`) never pays for scikit-learn. Everything is deterministic
for a given store and list: ties are broken by the order the papers were given in.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from tuireader.ingest.links import without_urls
from tuireader.model import Paper

if TYPE_CHECKING:
    from tuireader.triage.store import Store

#: What each triage state teaches the model: 1.0 keep-worthy, 0.0 not; ``new`` is absent.
LABELS: dict[str, float] = {"kept": 1.0, "read": 1.0, "maybe": 0.5, "skip": 0.0}
#: Decisions besides the first keep before a model is fitted ("a keep and a few others").
MIN_OTHERS = 2
#: Words shown by :meth:`Model.why`.
WHY_WORDS = 4
#: A word is named by :meth:`Model.why` only when it pushed the paper up by at least this
#: share of what its strongest word did: a trace of weight on "problem" or "address" is
#: true but explains nothing.
WHY_SHARE = 0.2
#: Why a paper is named only when it is this like one of the kept papers (the cosine of
#: the two papers' vectors): a paper far from every keep (a mathematics paper in a
#: library of robotics keeps) has words that pushed it up too, "paper" or "results",
#: which explain nothing. On CoRL 2023 with an arXiv sample and three robotics keeps,
#: nine in ten of the arXiv papers were under 0.03 from every keep, half of the CoRL
#: papers above 0.055, and each of the twenty the fit order put first above 0.1.
LIKE_FLOOR = 0.05
#: A paper the fit order puts among its first tenth is said why all the same: it is
#: like no kept paper, but its words pushed it up. On nine lists (CoRL 2023, NeurIPS 2017,
#: an arXiv sample and six more: 1,061 papers) with four grasping papers kept, 116 of the
#: first 200 (from the 41st on) had no "why", GNFactor among them, whose words were
#: "robot, semantics, manipulation, generalizable".
WHY_TOP = 0.1
#: ... when the vectors hold this many papers or more: the first of a few is first by
#: chance as much as by its words.
WHY_TOP_PAPERS = 20
#: A paper is not called like a kept paper when one word they share makes more than this
#: share of how alike they are: on those nine lists with four papers on contact in
#: manipulation kept, a paper on the extinction of the contact process (a probability
#: model) was like one of them for "contact" (0.84 of their likeness) and "process", one
#: term of its own (see :func:`_one_term`); of the likenesses
#: of the 400 papers the fit order put first, nine in ten rest less than 0.47 on one word,
#: and those resting more on one author are like for that author (who is shown).
ONE_WORD_SHARE = 0.75
#: ... unless the two use that term alike and it is this rare: held by no more than this
#: share of the papers. On the nine lists (1,061 papers) with four papers on graph
#: networks kept, Dynamic Routing Between Capsules was like none of them for "capsule"
#: (2 papers hold it; 0.95 of its likeness to Capsule Graph Neural Network), while papers
#: on dropout or quadruped motion were like one for "neural network" (51 papers hold it),
#: which counted as three terms. With ICML 2024 besides (3,671 papers), "graph neural"
#: is held by 97 (2.6%), "neural network" by 186 (5.1%): 15 of the 200 papers the fit
#: order put first lost a "like" that rested on "neural network" alone, none on "graph
#: neural"; "grasping" is held by 16, "contact" 18, "manipulation" 138. (A pair is as
#: rare as the commonest of its words, which are one term with it: "graph neural" as
#: "neural", "point detection" as "point"; CoRL 2023 and ICML 2024 with four grasping
#: papers kept, "Change Point Detection" was like "GRASP Point Detection" for it.)
RARE_SHARE = 0.03
#: ... or by no more papers than this: the paper and the keep alone, in a library of few
RARE_PAPERS = 2
#: A word (or pair) held by more than this share of the papers tells no paper from another:
#: it counts for no more of a likeness than the rarer words do. On the built-in seed lists
#: (36 papers of ICML 2024) with three kept, a paper on graphon games was like a kept one
#: on time series for "time", "learning" and "complexity" (held by 9, 16 and 5 of the 36),
#: and a paper on diffusion for behaviour like a paper on downloading pretrained models
#: for "data", "learning" and "models". On the nine lists (1,061 papers) and with ICML 2024
#: besides (3,671), with four papers kept on each of 35 topics, no "like" of the 200 papers
#: the fit order put first changed; at 12% of the papers, 41 of 2,406 on the nine lists
#: did, most resting on "reinforcement learning" (held by 13%) in papers on it.
COMMON_SHARE = 0.15
#: ... and by more papers than this, in a library of this many papers or more: in fewer, a
#: topic is a share of its own (five grasping papers of ten hold "grasp")
COMMON_PAPERS = 4
COMMON_LIBRARY = 20
#: A pair a paper writes once before a word is named as the run of the three (see
#: :func:`_whole_run`) where this share of the papers that hold the pair hold the second
#: word and that word side by side too: on CoRL 2023 and ICML 2024, of the 92 papers
#: that hold "graph neural", 89 hold "neural network" or "neural networks" ("large language":
#: 351 of 353 hold "language models"; "deep learning": 27 of 122 "learning models").
RUN_SHARE = 0.9
#: ... and as many papers as this hold the pair: fewer say little of how papers write it
#: (in a library of a few papers, the kept ones and the paper are all that hold it)
RUN_PAPERS = 10
#: At most this many undecided papers join a fit as weak negatives (a refit over a
#: 100,000-paper library then costs about what it costs over one conference).
BACKGROUND_ROWS = 5000
#: Words that say how a paper is written, not what it is about: the boilerplate of
#: abstracts ("we propose a novel approach", "results show significant improvements",
#: "et al", "code is available on GitHub"). The model learns from them like any word (a
#: keep's "novel approach" weighs what it weighs), but :meth:`Model.why` names no word,
#: nor word pair, with one of them in it, and does not call a paper like a kept one for
#: them: on ICML 2024 with robotics keeps "why" gave "approaches", "method", "set" and
#: "novel method" beside "manipulation", and a one-paper library called a paper on
#: adversarial attacks like a grasping paper for "method, challenging, natural, apply"; on
#: CoRL 2023, "SOTA", "research" and "website" ("videos on our website").
_BOILERPLATE_WORDS = """
    ability abilities able achieve achieved achieves achieving additional additionally
    address addresses advantage advantages al allow allows apply applies applied approach
    approaches art available baseline baselines based benefit benefits better capabilities
    capability challenge challenges challenging competitive comprehensive consequently
    consider considers consistently contribution contributions crucial current demonstrate
    demonstrated demonstrates demonstrating despite develop developed develops different
    easily easy effective effectively effectiveness enable enables enabling end et existing
    experiment experimental experiments explore explores extend extends extensive
    extensively findings framework furthermore github given handle handles highly
    important improve improved improvement improvements improves improving impressive
    insights introduce introduced introduces investigate investigates issue issues key
    lead leading leads leverage leverages leveraging like limitation limitations limited
    literature make makes method methodology methods moreover notable notably novel number
    obtain obtained obtaining obtains offer offering offers ones outperform outperforming
    outperforms paper particular particularly perform performance performs present
    presented presents previous prior problem problems promising propose proposed proposes
    proposing provide provided provides providing publicly range received recent recently
    remarkable remarkably require required requires resulting results rely relies
    respectively set several shown showing shows significant significantly simple
    specifically state-of-the-art strong stronger studied studies study substantial
    substantially superior tackle tackles task tasks technique techniques typically use
    used uses using various way ways wide widely work works
    sota research researchers website webpage tackling introducing considering
    depending involve involves validate validated validates
    incorporate incorporates incorporated incorporating suffer suffers suffered
    suffering utilize utilizes utilized utilizing utilise utilises utilised utilising
    does just making combining desired enhancing insight capable amounts
    capture captures captured capturing employ employs employed employing deliver
    delivers delivered delivering accomplish accomplishes accomplished accomplishing
    evaluate evaluates evaluated evaluating establish establishes established
    establishing strength strengths progress
"""
#: (The last eight lines: on CoRL 2023, the benchmark's reader's decisions gave "why:
#: semantic, pre-trained, incorporating", "utilized", "making", "just" and "does" to
#: papers of robotics, and the viewer gave "suffer": words of how a paper is written, in
#: a pair too; with four grasping papers kept, ICML 2024 gave "capture diverse",
#: "employ", "delivers", "strengths", "progress", "accomplish", "evaluated" and
#: "established", each word with its other forms here.)
BOILERPLATE = frozenset(_BOILERPLATE_WORDS.split())
#: Words of academic prose in any field that say what a paper does, where or how well,
#: not what it is about: "information", "future", "good", "solving", "variety", "seen".
#: :meth:`Model.why` names none of them alone, nor a pair of two of them, though it names
#: a pair with one ("computer vision", "point cloud", "value function"); unlike
#: :data:`BOILERPLATE`, they are no sign that a paper is like a kept one, nor that it is
#: not. On the real lists with 35 decisions, "why" gave "good" (Adversarial Motion
#: Priors Make Good Substitutes), "computer", "solving", "future" and "information".
_GENERIC_WORDS = """
    aim aims aimed analyse analysed analyze analyzed analyzes analyzing aspect aspects
    assume assumed assumes assuming arise arises bad best big broad case cases certain
    common compare compared compares comparing component components computer concept
    concepts contain contains containing describe described describes describing detail
    details direction directions ensure ensures ensuring entire example examples exhibit
    exhibits explicit fact factor factors feasible focus focused focuses focusing form
    forms future general generic goal goals good great help helps high huge idea ideas
    identify identified identifies identifying impact include included includes including
    indicate indicates information instance instances kind kinds large level levels low
    main major manner matter means multiple nature need needed needs new notion numerous
    observe observed observes occur occurs order overall parts point points possibility
    possible potential practical practice precise predicts purpose quality question
    questions reason reasons relevant remain remains requiring reveal reveals role scenario
    scenarios scope second seen settings similar situation situations small solution
    solutions solve solved solves solving specific step steps success successful
    successfully suggest suggests suitable term terms thing things topic type types useful
    value values variety view whole yield yields
    center centers centered centre centres
    understand understands understanding understood reliable run runs running
    greater greatest higher highest lower lowest larger largest smaller smallest bigger
"""
#: (The last three lines: "center" alone, in the viewer, said nothing; "data center"
#: does. With four grasping papers kept, ICML 2024 gave "understanding", "reliable",
#: "greater", "higher" and "run" alone, where "scene understanding" says something;
#: the comparatives of its words are generic as they are.)
GENERIC = frozenset(_GENERIC_WORDS.split())
#: Participles that join the parts of a clause as prepositions do ("objects including
#: cups", "compared to", "according to"): :meth:`Model.why` names no pair with one of them
#: in it, a piece of a clause, where on ICML 2024 it gave "objects including".
_CONNECTIVE_WORDS = """
    including included regarding concerning according following compared containing
    involving excluding pertaining corresponding
"""
CONNECTIVES = frozenset(_CONNECTIVE_WORDS.split())
#: Prefix of the author features' names.
_AUTHOR = "author:"
_TOKEN = r"(?u)\b[^\W\d_][\w\-]*\w\b"
_WORD = re.compile(_TOKEN)
#: Chinese, Japanese and Korean characters (the ranges the search index splits alike)
_CJK_RUN = re.compile(
    "[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+"
)


def _cjk_pairs(run: re.Match[str]) -> str:
    text = run.group()
    return " " + " ".join(text[i : i + 2] for i in range(len(text) - 1)) + " "


def words_of(text: str) -> list[str]:
    """The words of ``text`` as the model reads them: runs of letters, digits and hyphens
    that start with a letter; and in a run of Chinese or Japanese characters, which
    writes no space between its words, each two characters next to each other, as the
    search index reads them ("机器学习" is "机器", "器学", "学习"): read whole, a title
    was one word, which no other paper has."""
    if text.isascii():
        return _WORD.findall(text)
    return _WORD.findall(_CJK_RUN.sub(_cjk_pairs, text))


_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Recipe:
    """The knobs of the model; the defaults are what ``benchmarks/bench_fit.py`` chose."""

    #: how many times the title counts in the words' TF-IDF.
    title_weight: int = 2
    #: word pairs ("motion planning") as features besides single words.
    bigrams: bool = True
    #: words (and pairs) in fewer papers than this are left out: they cannot generalise.
    min_df: int = 2
    #: scale of the author block against the words block (0: authors ignored).
    author_weight: float = 0.5
    #: inverse strength of the regularisation of the logistic model.
    c: float = 4.0
    #: total weight of the undecided papers as weak negatives, as a share of the
    #: decided papers' weight (0: undecided papers play no part in the fit).
    background: float = 0.5
    #: weight of the similarity to the nearest kept paper in the score.
    neighbour: float = 1.0


DEFAULT_RECIPE = Recipe()


@dataclass(frozen=True)
class Why:
    """Why a paper ranks where it does: words of the paper that pushed it up, and the
    kept paper it is most like (its title as the list has it: ``--json`` gives it so,
    as it gives ``title``), with its state: ``kept``, or ``read`` for a paper marked
    read, which the model learns from as a keep."""

    words: tuple[str, ...] = ()
    like: str | None = None
    like_state: str | None = None

    @property
    def like_said(self) -> str:
        """What comes before the title of the paper it is like: ``like``, or ``like
        (read)`` where that paper was marked read, not kept."""
        return "like (read)" if self.like_state == "read" else "like"

    @property
    def text(self) -> str:
        """One line for the viewer: ``words: a, b · like: Title``, the title shown as the
        list shows it (``$\\alpha$-MDF`` is "α-MDF"); ``like (read): Title`` for a paper
        marked read."""
        parts = []
        if self.words:
            parts.append("words: " + ", ".join(self.words))
        if self.like:
            from tuireader.render.textrender import display_title

            parts.append(f"{self.like_said}: {display_title(self.like)}")
        return " · ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"words": list(self.words), "like": self.like, "like_state": self.like_state}


def _words_text(paper: Paper, title_weight: int) -> str:
    """What the words' TF-IDF reads of a paper: its web addresses are left out, bare
    host names and e-mail addresses too (see :func:`_without_links`), whose pieces
    ("https", "github", "io") say nothing of what the paper is about."""
    parts = [paper.title] * max(1, title_weight)
    parts.append(_without_links(paper.abstract))
    if paper.tldr:
        parts.append(_without_links(paper.tldr))
    if paper.keywords:
        parts.append("; ".join(paper.keywords))
    return "\n".join(parts)


#: a web address written as a bare host name, with or without a path ("alpha-mdf.github.io",
#: "sites.google.com/view/reboot-robot") or an e-mail address, which :func:`without_urls`
#: leaves (it takes out addresses with a scheme, "www." or a code host's path): two or more parts
#: that ends in a common top-level domain, so that "e.g." or "Fig.3" is none
_DOMAINS = (
    r"(?:com|org|net|edu|gov|io|ai|dev|app|me|info|page|site|co|cc|uk|de|fr|cn|jp|ch|ca|au|nl)"
)
_HOST = re.compile(
    r"(?<![\w.@/+-])(?:[\w.+-]+@)?(?:[A-Za-z0-9][\w-]*\.)+" + _DOMAINS + r"(?![\w-])(?:/[^\s]*)?"
)
#: what every bare host name of :data:`_HOST` ends in: a text without it has none, and is
#: not looked through for them (which tried every word as the start of one: 50 µs of an
#: abstract, five seconds of the vectors of 100,000 papers)
_HOST_END = re.compile(r"\." + _DOMAINS + r"(?![\w-])")


#: a web address whose scheme is written with spaces in it ("https: //tactile-vlm.github.io",
#: as an abstract copied from a PDF has it), or a scheme left alone: :func:`without_urls`
#: takes out neither, and after "//" a host name is no bare one (see :data:`_HOST`)
_SPACED_SCHEME = re.compile(
    r"(?i)(?<![\w-])(?:https?|ftp)\s*:\s*/\s*/\s*(?:[^\s]*[^\s.,;:!?)\]}'\"])?"
)


def _without_links(text: str) -> str:
    """``text`` without its web addresses, bare host names too: their pieces ("io" of
    "alpha-mdf.github.io") are no words of the paper's."""
    if "/" in text:  # (every address of :data:`_SPACED_SCHEME` has one)
        text = _SPACED_SCHEME.sub(" ", text)
    text = without_urls(text)
    return _HOST.sub(" ", text) if _HOST_END.search(text) else text


def _paper_fields(paper: Paper) -> list[tuple[str, bool]]:
    """The fields of ``paper`` the words of "why" are looked for in (the title, the
    abstract, the TL;DR, each keyword), each with whether it is a heading (the title or a
    keyword, whose words are capitalised for the heading's sake), composed (NFC), so that
    an accent written as a letter and a combining mark is a part of its word; without their
    web addresses (see :func:`_without_links`): the model may have learnt from a piece of
    one, but "why" never names it."""
    fields = [(paper.title, True), (paper.abstract, False), (paper.tldr or "", False)]
    fields.extend((keyword, True) for keyword in paper.keywords)
    found = []
    for written, heading in fields:
        line = _SPACES.sub(" ", _without_links(written)).strip()
        if line:
            found.append((unicodedata.normalize("NFC", line), heading))
    return found


def _paper_text(fields: Sequence[tuple[str, bool]]) -> str:
    """The paper's ``fields`` (see :func:`_paper_fields`) one a line: the model reads the
    last word of one and the first of the next as a pair ("learning bayesian" of the
    keywords "Inverse Reinforcement Learning" and "Bayesian Inference"), which the paper
    never writes, and "why" names a pair only where the paper writes its two words side
    by side (see :func:`_shown`)."""
    return "\n".join(line for line, _heading in fields)


def _unaccented(text: str) -> str:
    """``text`` lower case and without accents, as the words' TF-IDF reads it and as the
    search folds it ("manipulación" is "manipulacion", "ﬁ" is "fi"): lower case once
    decomposed, so that a letter of math written as a letterlike symbol is the word
    readers type ("ℒ₁" is "l1", where it was "L1", a word of its own)."""
    if text.isascii():
        return text.lower()
    from tuireader.search.analysis import fold  # only for text other than ASCII

    return fold(text)


#: a LaTeX command (``\theta``, ``\mathcal``, ``\left``): its name is no word of the paper's
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")


#: what parts a word (or two) into words and hyphened parts
_PARTS = re.compile(r"[-\s]")


def _capitalised(written: str) -> bool:
    """Whether ``written`` (a word or two) has a capital at most at the start of each of
    its words and hyphened parts ("Bayesian", "Actor-Critic", "Motion Planning"): so a
    heading or a sentence's start writes any word; "RL" or "MuJoCo" is written so."""
    return written != written.lower() and all(
        part[1:] == part[1:].lower() for part in _PARTS.split(written)
    )


#: how far before a word :func:`_telling_words` looks for the end of a sentence
_LOOK_BACK = 32
#: words capitalised one after the other before an acronym in brackets: "Graph Neural
#: Networks (GNNs)", "Inverse Reinforcement Learning (IRL)"
_SPELT_OUT = re.compile(r"(?:[A-Z][^\W\d_][\w-]* +){1,8}(?=\( *[^\W_]*[A-Z][^\W_]*[A-Z])")


def _telling_words(fields: Sequence[tuple[str, bool]]) -> dict[str, str]:
    """The words of the paper's ``fields`` (see :func:`_paper_fields`) that :meth:`Model.why`
    may name, as the model reads them (see :func:`_unaccented`) and as the paper writes
    them: words written as words, not as the names of LaTeX commands ("theta" of
    ``$\\theta$``, "left" and "right" of ``\\left(``) nor as subscripts ("x_t" of
    ``$x_t$``), and not boilerplate (:data:`BOILERPLATE`); and pairs of them written with
    a space between (read "inverse reinforcement", written "inverse reinforcement").

    A word (or pair) is named as the paper writes it most often (the first of those
    written as often): "RL" in capitals, "Bayesian" as the abstract writes it. A capital
    that may be there only for a heading (the title, a keyword, a title in capitals), the
    start of a sentence or an acronym spelt out ("Graph Neural Networks (GNNs)", see
    :data:`_SPELT_OUT`) says nothing of how the word is written: such a word counts as
    lower case, and only where the paper writes it nowhere else. A word written with a
    capital at the start alone is named so only where the paper never writes it in lower
    case ("Inverse Reinforcement Learning" of a paper that says "inverse reinforcement
    learning" besides is one of a name's words). A pair is named as it is written, not
    as its words are: "Bayesian inference", not "bayesian inference" nor "inverse
    Reinforcement"."""
    counts: dict[str, dict[str, int]] = {}
    unsaid: dict[str, str] = {}

    def count(read: str, form: str, at: int, text: str, heading: bool) -> None:
        forms = counts.setdefault(read, {})
        # a sentence starts here (what is before is looked at only so far back: all of it
        # before every word of a long abstract took seconds)
        before = text[max(0, at - _LOOK_BACK) : at].rstrip()
        starts = before[-1:] in (".", "!", "?", ":") or (not before and at <= _LOOK_BACK)
        # the words that may have their capital for the heading's or the sentence's sake
        plain = " ".join(
            word.lower() if (heading or (k == 0 and starts)) and _capitalised(word) else word
            for k, word in enumerate(form.split(" "))
        )
        if plain != form:
            # ("Graph Neural Networks" at a sentence's start: "graph neural", as unsaid)
            lower = (w.lower() if _capitalised(w) else w for w in form.split(" "))
            unsaid.setdefault(read, " ".join(lower))
        else:
            forms[form] = forms.get(form, 0) + 1

    for line, heading in fields:
        text = _CJK_RUN.sub(_cjk_pairs, _LATEX_COMMAND.sub(" ", line))
        words = list(_WORD.finditer(text))
        shouting = heading and len(words) > 2 and text == text.upper()
        # the words of an acronym spelt out are capitalised for the acronym's sake
        spelt = [found.span() for found in _SPELT_OUT.finditer(text)]
        span = 0  # (the words and the spans go the same way: each span is passed once)
        previous: re.Match[str] | None = None
        for match in words:
            word = match.group()
            read = _unaccented(word)
            if read in BOILERPLATE or "_" in word:
                previous = None
                continue
            at = match.start()
            while span < len(spelt) and spelt[span][1] <= at:
                span += 1
            titled = heading or (span < len(spelt) and spelt[span][0] <= at)
            count(read, word.lower() if shouting else word, at, text, titled)
            if previous is not None and text[previous.end() : at] == " ":
                first = previous.group()
                pair = f"{first} {word}"
                read_pair = f"{_unaccented(first)} {read}"
                count(read_pair, pair.lower() if shouting else pair, previous.start(), text, titled)
            previous = match
    written: dict[str, str] = {}
    for read, forms in counts.items():
        plain = {form: n for form, n in forms.items() if not _capitalised(form)} or forms
        written[read] = max(plain, key=plain.__getitem__) if plain else unsaid[read]
    return written


def _author_names(paper: Paper) -> list[str]:
    return [" ".join(name.split()).casefold() for name in paper.authors if name.strip()]


def _identity(names: list[str]) -> list[str]:
    return names


@dataclass(frozen=True, eq=False)
class Space:
    """The papers' text as vectors: built once per set of lists, shared by every refit.

    Rows are L2-normalised, so a dot product of two rows is their cosine similarity.
    Papers outside the space are placed in it with the fitted vocabulary.
    """

    recipe: Recipe
    #: feature names: a word, a word pair, or ``author:`` and a name, folded.
    features: tuple[str, ...]
    rows: Mapping[str, int]
    matrix: Any = field(repr=False)
    words: Any = field(default=None, repr=False)
    authors: Any = field(default=None, repr=False)
    #: where each feature is among :attr:`features`, once asked for (see :meth:`index`)
    _index: Any = field(default=None, init=False, repr=False, compare=False)
    #: the words among :attr:`features` by stem, once asked for (see :meth:`family`)
    _stems: Any = field(default=None, init=False, repr=False, compare=False)
    #: how many papers hold one of a family's words, by their indices (see :meth:`held_by_any`)
    _held_any: Any = field(default=None, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.rows)

    def family(self, feature: str) -> list[int]:
        """Where ``feature`` (a word or pair as the model reads it) and the words and pairs
        of its family are among :attr:`features`: its twins (see :func:`_twins`) and, for
        a word, the words of its stem (see :func:`_stem`: "complexity" of "complex").
        (The words by stem are found on the first call, and kept.)"""
        stems = self._stems
        if stems is None:
            stems = {}
            for k, name in enumerate(self.features):
                if " " not in name and not name.startswith(_AUTHOR):
                    stems.setdefault(_stem(name), []).append(k)
            object.__setattr__(self, "_stems", stems)  # (frozen: set once, as a cache)
        found: set[int] = set()
        for twin in _twins(feature):
            index = self.index(twin)
            if index is not None:
                found.add(index)
            if " " not in twin:
                found.update(stems.get(_stem(twin), ()))
        return sorted(found)

    def held_together(self, first: int, indices: Sequence[int]) -> int:
        """How many papers of the space hold the feature at ``first`` and at least one of
        those at ``indices`` (worked out once for each, and kept)."""
        import numpy as np

        held = self._held_sets()
        key = ("with", first, *indices)
        if key not in held:
            holders = self.matrix[:, first].nonzero()[0]
            columns = self.matrix[holders][:, np.asarray(indices, dtype=np.intp)]
            held[key] = int(np.count_nonzero(columns.getnnz(axis=1))) if len(holders) else 0
        return int(held[key])

    def _held_sets(self) -> dict[tuple[object, ...], int]:
        """The counts :meth:`held_by_any` and :meth:`held_together` kept (the space is
        shared by every refit), each under its own key ("any" and the indices, "with",
        ``first`` and the indices); an empty dict on the first call."""
        held = self._held_any
        if held is None:
            held = {}
            object.__setattr__(self, "_held_any", held)  # (frozen: set once, as a cache)
        return held  # type: ignore[no-any-return]

    def held_by_any(self, indices: Sequence[int]) -> int:
        """How many papers of the space hold at least one of the features at ``indices``
        (worked out once for each set, and kept)."""
        import numpy as np

        held = self._held_sets()
        key = ("any", *indices)
        if key not in held:
            columns = self.matrix[:, np.asarray(indices, dtype=np.intp)]
            held[key] = int(np.count_nonzero(columns.getnnz(axis=1)))
        return int(held[key])

    def index(self, feature: str) -> int | None:
        """Where ``feature`` (a word or pair as the model reads it) is among
        :attr:`features`, or None for one the space does not know. (The index is made on
        the first call, and kept: the space is shared by every refit.)"""
        found = self._index
        if found is None:
            found = {name: k for k, name in enumerate(self.features)}
            object.__setattr__(self, "_index", found)  # (frozen: set once, as a cache)
        return found.get(feature)

    def positions(self, papers: Sequence[Paper]) -> tuple[list[int], Any, list[int]]:
        """Where among ``papers`` those with vectors here are, their rows (an array), and
        where the others are."""
        import numpy as np

        inside = [self.rows.get(paper.id) for paper in papers]
        known = [position for position, row in enumerate(inside) if row is not None]
        outside = [position for position, row in enumerate(inside) if row is None]
        return known, np.asarray([inside[k] for k in known], dtype=np.intp), outside

    def vectors(self, papers: Sequence[Paper]) -> Any:
        """One row per paper, in the order given."""
        import numpy as np
        from scipy import sparse

        known, rows, outside = self.positions(papers)
        if not outside:
            return self.matrix[rows]
        # The papers outside are placed in the space (only they: the tokenizer is the
        # slow part), stacked under the rows of those inside, and put back in order.
        stacked = sparse.vstack(
            [self.matrix[rows], _transform(self, [papers[k] for k in outside])], format="csr"
        )
        order = np.empty(len(papers), dtype=np.intp)
        order[known] = np.arange(len(known))
        order[outside] = len(known) + np.arange(len(outside))
        return stacked[order]


def unique_papers(papers: Sequence[Paper]) -> list[Paper]:
    """``papers`` with each id once: its first paper, where the id last appears."""
    return list({paper.id: paper for paper in reversed(papers)}.values())[::-1]


def _vectorizers(papers: Sequence[Paper], recipe: Recipe) -> tuple[Any, Any]:
    """Unfitted TF-IDF vectorizers for the words and (if wanted) the authors."""
    words = word_vectorizer(len(papers), recipe)
    authors = None
    if recipe.author_weight > 0 and any(paper.authors for paper in papers):
        authors = author_vectorizer()
    return words, authors


def word_vectorizer(count: int, recipe: Recipe) -> Any:
    """An unfitted TF-IDF of words (and pairs) for ``count`` papers."""
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer

    return TfidfVectorizer(
        preprocessor=_unaccented,  # lower case and without accents
        stop_words="english",
        tokenizer=words_of,
        token_pattern=None,
        ngram_range=(1, 2) if recipe.bigrams else (1, 1),
        max_df=0.5 if count >= 20 else 1.0,
        min_df=recipe.min_df if count >= 20 else 1,
        sublinear_tf=True,
        dtype=np.float32,
    )


def author_vectorizer() -> Any:
    """An unfitted TF-IDF of whole author names."""
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer

    return TfidfVectorizer(analyzer=_identity, sublinear_tf=True, dtype=np.float32)


def space_of(papers: Sequence[Paper], recipe: Recipe | None = None) -> Space:
    """Vectors for ``papers`` (ids seen twice keep their first paper)."""
    import numpy as np
    from scipy import sparse
    from sklearn.preprocessing import normalize

    recipe = recipe or DEFAULT_RECIPE
    unique = unique_papers(papers)
    words, authors = _vectorizers(unique, recipe)
    docs = [_words_text(paper, recipe.title_weight) for paper in unique]
    blocks = []
    names: list[str] = []
    try:
        blocks.append(words.fit_transform(docs))
        names.extend(str(name) for name in words.get_feature_names_out())
    except ValueError:  # no word in any paper
        words = None
    if authors is not None:
        try:
            block = authors.fit_transform([_author_names(paper) for paper in unique])
            blocks.append(block * np.float32(recipe.author_weight))
            names.extend(_AUTHOR + str(name) for name in authors.get_feature_names_out())
        except ValueError:
            authors = None
    if blocks:
        matrix = normalize(sparse.hstack(blocks, format="csr", dtype=np.float32))
    else:
        matrix = sparse.csr_matrix((len(unique), 0), dtype=np.float32)
    return Space(
        recipe=recipe,
        features=tuple(names),
        rows={paper.id: row for row, paper in enumerate(unique)},
        matrix=matrix,
        words=words,
        authors=authors,
    )


def _transform(space: Space, papers: Sequence[Paper]) -> Any:
    """Rows for papers outside the space."""
    import numpy as np
    from scipy import sparse
    from sklearn.preprocessing import normalize

    blocks = []
    if space.words is not None:
        docs = [_words_text(paper, space.recipe.title_weight) for paper in papers]
        blocks.append(space.words.transform(docs))
    if space.authors is not None:
        block = space.authors.transform([_author_names(paper) for paper in papers])
        blocks.append(block * np.float32(space.recipe.author_weight))
    if not blocks:
        return sparse.csr_matrix((len(papers), 0), dtype=np.float32)
    return normalize(sparse.hstack(blocks, format="csr", dtype=np.float32))


#: a model asked to score fewer than one paper in this many of its vectors, before it has
#: worked out every score, scores those papers alone (a command's few hits at 100,000
#: papers: milliseconds, where every score takes half a second)
FEW_PAPERS = 8


@dataclass(frozen=True, eq=False)
class Model:
    """A fitted taste: scores papers, orders them and says why."""

    space: Space
    #: one weight per feature of the space, and the intercept.
    coef: Any = field(repr=False)
    intercept: float
    #: the decisions the model was fitted on (id → state).
    decisions: Mapping[str, str]
    #: the kept (and read) papers, for "like: <title>".
    kept: tuple[Paper, ...]
    kept_matrix: Any = field(repr=False)
    #: the kept papers' vectors for "like" (None: ``kept_matrix``): those of kept papers
    #: outside the space made shorter by the share of their text it holds (see
    #: :func:`_held_shares`).
    like_matrix: Any = field(default=None, repr=False)
    #: the score of every paper of the space, by row, once worked out (see :meth:`prepare`).
    _scores: Any = field(default=None, init=False, repr=False, compare=False)
    #: the score a paper needs to be among the first :data:`WHY_TOP` (see :meth:`_ranks_high`)
    _top_score: Any = field(default=None, init=False, repr=False, compare=False)
    #: the kept papers' rows of the space, by column (see :meth:`_kept_columns`)
    _kept_rows: Any = field(default=None, init=False, repr=False, compare=False)

    def _score_rows(self, matrix: Any) -> Any:
        import numpy as np

        scores = np.asarray(matrix @ self.coef, dtype=np.float64).ravel() + self.intercept
        if self.space.recipe.neighbour and self.kept:
            similar = (matrix @ self.kept_matrix.T).toarray()
            scores += self.space.recipe.neighbour * similar.max(axis=1)
        return scores

    @property
    def _every_score(self) -> Any:
        """The score of every paper of the space, by row: worked out once per model (a
        fit's worker asks for it, see :meth:`prepare`), so that ordering the results of
        each key typed is a look-up and a sort, not a product with every paper's vector.
        (Two threads asking at once each work it out, and both keep the same scores: no
        lock is held, so no thread waits for another model's.)"""
        scores = self._scores
        if scores is None:
            scores = self._score_rows(self.space.matrix)
            object.__setattr__(self, "_scores", scores)  # (frozen: set once, as a cache)
        return scores

    def prepare(self) -> Model:
        """Work out the scores of the space's papers now (in the worker that fitted the
        model, rather than on the first order asked for). Gives the model."""
        _ = self._every_score
        return self

    def covers(self, paper: Paper) -> bool:
        """Whether ``paper`` has its vector among the model's (it need not be placed)."""
        return paper.id in self.space.rows

    def _values(self, papers: Sequence[Paper], placed: bool = True) -> Any:
        import numpy as np

        known, rows, outside = self.space.positions(papers)
        if self._scores is not None or len(known) * FEW_PAPERS >= len(self.space):
            known_values = self._every_score[rows]
        else:  # a few papers (a command's hits): their own rows, not every paper's
            known_values = self._score_rows(self.space.matrix[rows])
        if not outside:
            return known_values
        values = np.empty(len(papers))
        values[known] = known_values
        if placed:
            values[outside] = self._score_rows(self.space.vectors([papers[k] for k in outside]))
        else:
            values[outside] = -np.inf
        return values

    def scores(self, papers: Sequence[Paper]) -> dict[str, float]:
        """Predicted keep-worthiness of each paper: higher is more likely kept."""
        if not papers:
            return {}
        values = self._values(papers)
        return {
            paper.id: float(value) for paper, value in zip(papers, values.tolist(), strict=True)
        }

    def order(self, papers: Sequence[Paper], *, placed: bool = True) -> list[Paper]:
        """Undecided papers most likely kept first, then decided ones as given.

        Equal scores keep the order given, so the order is the same for a given store.
        With ``placed`` False, undecided papers outside the model's vectors are not placed
        in them (which imports scikit-learn and tokenizes them: seconds for a large list
        just added) but follow the others, as given, until a model fitted with them comes.
        """
        import numpy as np

        if not papers:
            return []
        decided = np.fromiter(
            (paper.id in self.decisions for paper in papers), dtype=bool, count=len(papers)
        )
        # a stable sort on the negated scores: equal scores keep the order given
        ranked = np.argsort(-self._values(papers, placed), kind="stable")
        first = ranked[~decided[ranked]]
        return [papers[k] for k in first.tolist()] + [
            paper for paper, done in zip(papers, decided.tolist(), strict=True) if done
        ]

    def _ranks_high(self, paper: Paper) -> bool:
        """True when ``paper`` scores among the first :data:`WHY_TOP` of the undecided
        papers of the model's vectors, and they are :data:`WHY_TOP_PAPERS` or more."""
        import numpy as np

        top = self._top_score
        if top is None:
            undecided = np.ones(len(self.space), dtype=bool)
            decided = [self.space.rows[pid] for pid in self.decisions if pid in self.space.rows]
            undecided[decided] = False
            scores = self._every_score[undecided]
            enough = len(scores) >= WHY_TOP_PAPERS
            top = float(np.quantile(scores, 1.0 - WHY_TOP)) if enough else np.inf
            object.__setattr__(self, "_top_score", top)  # (frozen: set once, as a cache)
        return float(self._values([paper])[0]) >= top

    def _held(self, index: int) -> int:
        """How many papers of the model's vectors hold the word or pair of the space's
        feature ``index``, as its inverse document frequency says (TF-IDF's smoothed one,
        ln((1 + n) / (1 + held)) + 1); every paper for a feature that is no word."""
        import math

        papers = len(self.space)
        words = self.space.words
        if words is None or index >= len(words.idf_):
            return papers
        return round((1 + papers) / math.exp(float(words.idf_[index]) - 1) - 1)

    def _common(self, indices: Any) -> Any:
        """For each of the space's features at ``indices``, whether it is a word (or pair)
        held by more than :data:`COMMON_SHARE` of the papers of the model's vectors (and
        more than :data:`COMMON_PAPERS`, of :data:`COMMON_LIBRARY` or more), as
        :meth:`_held` counts them: one that tells no paper from another."""
        import numpy as np

        papers = len(self.space)
        words = self.space.words
        common = np.zeros(len(indices), dtype=bool)
        if words is None or papers < COMMON_LIBRARY:
            return common
        idf = np.asarray(words.idf_, dtype=np.float64)
        inside = indices < len(idf)
        held = (1 + papers) / np.exp(idf[indices[inside]] - 1) - 1
        common[inside] = held > max(COMMON_SHARE * papers, COMMON_PAPERS)
        return common

    def _many_hold(self, feature: str) -> bool:
        """Whether ``feature`` (a word or pair), or one of its twins (see :func:`_twins`),
        or its family together (see :meth:`Space.family`: a paper that holds one of them
        counts once), is held by more than :data:`COMMON_SHARE` of the papers of the
        model's vectors besides the kept ones (and more than :data:`COMMON_PAPERS`, of
        :data:`COMMON_LIBRARY` or more): a word that tells no paper from another
        ("training", "models", "learning"). The kept papers are not counted: the words
        they share are what the user keeps, and in a library of a few dozen papers, four
        kept on contact made "contact" a word of one paper in six."""
        words = self.space.words
        if words is None or len(self.space) < COMMON_LIBRARY:
            return False
        kept = self._kept_columns
        others = len(self.space) - kept.shape[0]
        most = max(COMMON_SHARE * others, COMMON_PAPERS)
        family = [index for index in self.space.family(feature) if index < len(words.idf_)]
        for index in family:
            held = self._held(index)
            if held > most and held - int(kept[:, index].count_nonzero()) > most:
                return True
        # the papers that hold one of its forms: "benchmark" or "benchmarks" (each held
        # by one paper in eight, together by one in six), "complex" or "complexity"
        if len(family) < 2 or sum(self._held(index) for index in family) <= most:
            return False
        import numpy as np

        held = self.space.held_by_any(family)
        kept_held = int(np.count_nonzero(kept[:, np.asarray(family)].getnnz(axis=1)))
        return held > most and held - kept_held > most

    @property
    def _kept_columns(self) -> Any:
        """The rows of the space's kept papers, by column (how many of them hold a word is
        a look at its column): made once per model."""
        found = self._kept_rows
        if found is None:
            import numpy as np

            rows = [self.space.rows[p.id] for p in self.kept if p.id in self.space.rows]
            found = self.space.matrix[np.asarray(rows, dtype=np.intp)].tocsc()
            object.__setattr__(self, "_kept_rows", found)  # (frozen: set once, as a cache)
        return found

    def _run_usual(self, pair: str, word: str) -> bool:
        """Whether the papers of the model's vectors that hold ``pair`` (as the model reads
        it) nearly all hold the pair of its last word and ``word`` (in the singular or
        the plural) too (:data:`RUN_SHARE`, :data:`RUN_PAPERS`): "graph neural" and
        "networks", written "graph neural network(s)" wherever it is written; not "deep
        learning" and "models"."""
        first = self.space.index(pair)
        words = self.space.words
        if first is None or words is None or first >= len(words.idf_):
            return False
        tail = [k for k in self.space.family(f"{pair.split()[-1]} {word}") if k != first]
        held = self._held(first)
        if not tail or held < RUN_PAPERS:
            return False
        return self.space.held_together(first, tail) >= RUN_SHARE * held

    def _says_little(self, feature: str, known: Callable[[str], bool]) -> bool:
        """Whether "why" leaves ``feature`` out although it pushed the paper up: a word,
        or pair, many papers hold (see :meth:`_many_hold`), a word of :data:`GENERIC`, a
        pair of two such words, or one with an adverb in it (see :func:`_adverb`) or a
        word that joins the parts of a clause (:data:`CONNECTIVES`: "objects including"),
        a piece of a clause, not a term as "computer vision" is; an author never."""
        if feature.startswith(_AUTHOR):
            return False
        words = feature.split()
        if any(_adverb(word, known) for word in words):
            return True
        if len(words) > 1 and any(word in CONNECTIVES for word in words):
            return True
        if len(words) > 1 and self._many_hold(feature):
            return True
        # a word, or a pair of two words, each generic or held by many papers
        # ("neural networks" in a library of machine learning)
        return all(word in GENERIC or self._many_hold(word) for word in words)

    def why(self, paper: Paper, limit: int = WHY_WORDS) -> Why:
        """The words of ``paper`` that pushed it up most (those that did little beside the
        strongest are left out, see :data:`WHY_SHARE`), but none that says little (see
        :meth:`_says_little`) and each once (a word, its other forms and cases and the
        pair it is part of are one, see :func:`_twin`, and so are an acronym and the words
        it spells, see :func:`_spelt`), and the kept paper it is most like
        by more than one term of its own (see :func:`_one_term`) and by more than words
        many papers hold (see :data:`COMMON_SHARE`); nothing for a paper like
        none of them (see :data:`LIKE_FLOOR`) unless the order puts it first (see
        :data:`WHY_TOP`)."""
        import numpy as np

        row = self.space.vectors([paper]).tocsr()
        fields = _paper_fields(paper)
        text = _paper_text(fields)
        telling = _telling_words(fields)
        read = _unaccented(text)
        names = {" ".join(n.split()).casefold(): " ".join(n.split()) for n in paper.authors}
        authors = set(names.values())
        # what each feature of the paper would be called: an author's name as written, a
        # word (or pair) as the paper has it, or None for boilerplate and LaTeX commands
        shown_as = [
            _shown(self.space.features[index], read, telling, names) for index in row.indices
        ]
        like = like_state = None
        others = [i for i, kept in enumerate(self.kept) if kept.id != paper.id]
        if others:
            # like a kept paper by what the two say, not by the boilerplate they share:
            # each product of a feature of the paper's and the same of a keep's
            said = row.data * np.asarray([s is not None for s in shown_as], row.data.dtype)
            kept = self.kept_matrix if self.like_matrix is None else self.like_matrix
            products = kept[others][:, row.indices].toarray() * said
            similar = products.sum(axis=1)
            if float(similar.max()) < LIKE_FLOOR and not self._ranks_high(paper):
                return Why()
            # and not by one term of the paper's they share, which may mean another
            # thing in another field, or be said by too many papers to tell them apart:
            # the nearest keep whose likeness rests on more
            features = [self.space.features[index] for index in row.indices]
            pairs = _pairs(paper)

            def held(k: int) -> int:
                return self._held(int(row.indices[k]))

            # words many papers of the library hold count for no more than the others
            # (see COMMON_SHARE): a likeness resting on "time" and "learning" is none
            common = self._common(row.indices)
            weighed = similar
            if common.any():
                rare = products[:, ~common].sum(axis=1)
                weighed = rare + np.minimum(similar - rare, rare)
            for best in np.argsort(-similar, kind="stable").tolist():
                if similar[best] < LIKE_FLOOR:
                    break
                if weighed[best] < LIKE_FLOOR:
                    continue
                keep = self.kept[others[best]]
                if not _one_term(
                    features, products[best], paper, pairs, keep, held, len(self.space)
                ):
                    like = keep.title
                    # a paper marked read counts as a keep, and is said to be read
                    like_state = "read" if self.decisions.get(keep.id) == "read" else "kept"
                    break
        contributions = row.data * self.coef[row.indices]
        words: list[str] = []
        # (the floor is set by the strongest word, told or not: a word that did little
        # beside a common one is not named in its place)
        floor = WHY_SHARE * float(contributions.max()) if len(contributions) else 0.0

        def known(word: str) -> bool:
            return word in telling or word in GENERIC or self.space.index(word) is not None

        for k in np.argsort(-contributions, kind="stable"):
            if contributions[k] <= 0 or contributions[k] < floor or len(words) >= limit:
                break
            shown = shown_as[k]
            if not shown or self._says_little(self.space.features[row.indices[k]], known):
                continue
            if " " in shown and shown not in authors:
                # a pair the paper writes only as the start of one run: that run
                # ("graph neural networks"), or nothing where the run is boilerplate
                shown = _whole_run(shown, text, self.space.index, self._run_usual)
                if shown is None:
                    continue
            twin = _twin(shown)
            if any(_within(twin, _twin(w)) for w in words):
                continue  # ("models" besides "model", "real world" besides "real-world")
            if any(_spelt(shown, w, text) for w in words):
                continue  # ("GNN" besides "graph neural", where the paper spells it out)
            # a pair that overlaps one named ("deep reinforcement" and "reinforcement
            # learning", both of which "why" gave) is named with it as the run of words
            # the paper writes ("deep reinforcement learning"), or not at all where it
            # writes no such run: the place goes to the next word
            named, run = _overlapped(words, shown, authors)
            if run is not None and not _writes(text, run):
                continue
            if shown not in words and not any(shown in w for w in words):
                words = [w for w in words if w not in shown and not _within(_twin(w), twin)]
                if run is None:
                    words.append(shown)
                else:
                    joined = _twin(run)
                    words = [
                        run if w == named else w
                        for w in words
                        if w == named or not _within(_twin(w), joined)
                    ]
                if _CJK_RUN.fullmatch(shown):
                    words = _joined(words, text)
        return Why(tuple(words), like, like_state)


def _whole_run(
    shown: str,
    text: str,
    index: Callable[[str], int | None],
    usual: Callable[[str, str], bool],
) -> str | None:
    """``shown`` (a pair, as "why" names it), or the run of words ``text`` (the paper's
    fields, one a line) writes it in where it writes the pair each time before the same
    word (by stem, see :func:`_twin`), twice or more, or once where the library's papers
    write it before that word too (``usual``, of the pair and the word as the model
    reads them): "graph neural networks" of a paper that writes "graph neural" nowhere
    else, where "graph neural" is a piece of a term. None when the paper writes the
    pair twice or more before a word of boilerplate (see :data:`BOILERPLATE`): a piece
    of a clause of how it is written. A word the model does not read (a stop word,
    "for": ``index`` knows no such word) ends no term, and the pair is named as it is."""
    after = re.compile(rf"(?<![\w-]){re.escape(shown)} +([^\W\d_][\w-]*)", re.IGNORECASE)
    written = re.compile(rf"(?<![\w-]){re.escape(shown)}(?![\w-])", re.IGNORECASE)
    times = len(written.findall(text))
    found = [match.group(1) for match in after.finditer(text)]
    if not times or len(found) < times or len({_twin(word) for word in found}) != 1:
        return shown
    read = _unaccented(found[0])
    if read in BOILERPLATE:
        return None if times > 1 else shown
    if index(read) is None and index(_singular(read)) is None:
        return shown
    if times < 2 and not usual(_unaccented(shown), read):
        return shown
    forms = {word: found.count(word) for word in found}
    plain = {form: n for form, n in forms.items() if not _capitalised(form)} or forms
    word = max(plain, key=plain.__getitem__)
    if shown == shown.lower() and _capitalised(word):
        word = word.lower()
    return f"{shown} {word}"


def _overlapped(
    words: Sequence[str], shown: str, authors: Collection[str]
) -> tuple[str | None, str | None]:
    """The first of ``words`` (as "why" names them) that ``shown`` overlaps, and the run
    the two make, where the last word of one is the first of the other ("deep
    reinforcement" and "reinforcement learning": "deep reinforcement learning"); (None,
    None) when it overlaps none. Words, not ``authors``' names, make a run."""
    second = shown.split(" ")
    if len(second) < 2 or shown in authors:
        return None, None
    for named in words:
        first = named.split(" ")
        if len(first) < 2 or named in authors:
            continue
        for head, tail in ((first, second), (second, first)):
            if head[-1].casefold() == tail[0].casefold():
                return named, " ".join([*head, *tail[1:]])
    return None, None


def _writes(text: str, run: str) -> bool:
    """Whether ``text`` (the paper's fields, one a line) writes the words of ``run`` side
    by side, in any case."""
    return re.search(rf"(?<![\w-]){re.escape(run)}(?![\w-])", text, re.IGNORECASE) is not None


def _singular(word: str) -> str:
    """``word`` (lower case) without the ending of an English plural: "models" is
    "model", "policies" "policy", "approaches" "approach", "gnns" "gnn"; a word that
    ends so and is no plural ("analysis", "class", "corpus", "bus") is itself."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


#: the endings :func:`_stem` takes off a word, the first that fits
_STEM_ENDINGS = ("ically", "ical", "ities", "ity", "ing", "ed", "ic", "y", "e")
#: the fewest letters :func:`_stem` leaves of a word ("string" and "thing" keep "ing")
_STEM_LEAST = 4


def _stem(word: str) -> str:
    """``word`` (lower case) as one stem with its other forms: in the singular (see
    :func:`_singular`) and without the ending of a form made of it ("grasping" and
    "grasp", "geometric" and "geometry", "complex" and "complexity", "planned" and
    "planning", "diverse" and "diversity" have one stem each). Only forms are made one:
    "simulation" and "simulate" are two words."""
    stem = _singular(word)
    for ending in _STEM_ENDINGS:
        if stem.endswith(ending) and len(stem) - len(ending) >= _STEM_LEAST:
            stem = stem[: -len(ending)]
            break
    if len(stem) > _STEM_LEAST and stem[-1] == stem[-2] and stem[-1] not in "aeious":
        stem = stem[:-1]  # ("plann" of "planning": "plan")
    return stem


def _twin(shown: str) -> str:
    """What ``shown`` (a word or two, as "why" names it) is the same word as: its
    twins are written with another case, a hyphen for a space, or as another form of
    one stem (see :func:`_stem`: "model" and "Models", "real-world" and "real world",
    "neural network" and "Neural Networks", "GRASP" and "grasping", "geometric" and
    "geometry")."""
    return " ".join(_stem(word) for word in shown.casefold().replace("-", " ").split())


#: the most letters of an acronym :func:`_one_term` looks for
_ACRONYM_LONGEST = 8
#: an acronym as a paper writes it: capitals (and digits), a plural "s" after them ("GNNs")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]*[A-Z]s?")


def _spelt(one: str, other: str, text: str) -> bool:
    """Whether ``one`` or ``other`` (as "why" names them) is an acronym of a run of words
    ``text`` (the paper's fields, one a line) writes with the other's words in it: "GNN"
    and "graph neural", of a paper that writes "graph neural networks"."""
    for acronym, words in ((one, other), (other, one)):
        if not _ACRONYM.fullmatch(acronym) or _ACRONYM.fullmatch(words):
            continue
        letters = acronym.removesuffix("s").casefold()
        inside = _twin(words)
        for phrase in _PHRASE_END.split(text):
            found = words_of(phrase)
            for at in range(len(found) - len(letters) + 1):
                run = found[at : at + len(letters)]
                initials = "".join(word[0] for word in run).casefold()
                if initials == letters and _within(inside, _twin(" ".join(run))):
                    return True
    return False


def _within(one: str, other: str) -> bool:
    """Whether the words of ``one`` are words of ``other``, side by side ("robot" of
    "real world robot")."""
    return f" {one} " in f" {other} "


def _twins(feature: str) -> set[str]:
    """``feature`` (a word or pair as the model reads it) and how the model would read
    its twins (see :func:`_twin`): its last word in the singular and the plural, a
    hyphened word as a pair and a pair hyphened; and a word in "-ed" as the word it is
    made of, and in "-ing" ("trained": "train", "training"; "planned": "plan",
    "planning"; "applied": "apply")."""
    *first, last = feature.split()
    one = _singular(last)
    forms = {last, one, one + "s", one + "es"}
    if one.endswith("y"):
        forms.add(one[:-1] + "ies")
    if not first and len(last) > 4 and last.endswith("ed"):
        stems = {last[:-2], last[:-1]}
        if last[-3] == last[-4]:
            stems.add(last[:-3])
        if last.endswith("ied"):
            stems.add(last[:-3] + "y")
        for stem in stems:  # ("used": "use", "using")
            forms.update((stem, stem + "ing", stem.removesuffix("e") + "ing"))
    found = {" ".join([*first, form]) for form in forms}
    for twin in list(found):
        if " " in twin:
            found.add(twin.replace(" ", "-"))
        elif twin.count("-") == 1:
            found.add(twin.replace("-", " "))
    return found


#: how adverbs end (and, in words of seven letters or more, hardly another word):
#: "locally", "previously", "effectively", "probably", "possibly", "efficiently",
#: "significantly", "repeatedly", "surprisingly", "carefully", "effortlessly", "accurately"
_ADVERB_ENDINGS = (
    "ally", "ously", "ively", "ably", "ibly", "ently", "antly", "edly", "ingly", "fully",
    "lessly", "ately",
)  # fmt: skip


def _adverb(word: str, known: Callable[[str], bool]) -> bool:
    """Whether ``word`` (as the model reads it) is an adverb: made of a word that is
    ``known`` (the library's or the paper's), "explicitly" of "explicit", "easily" of
    "easy", "probably" of "probable", "dynamically" of "dynamic"; or ending as adverbs
    do (see :data:`_ADVERB_ENDINGS`). An adverb says how, not what: on the real lists
    "why" gave "explicitly" for a paper on continual learning. A word that ends in "ly"
    and is made of no word ("assembly", "anomaly", "family", "early") is no adverb."""
    if not word.endswith("ly") or "-" in word:
        return False
    if len(word) >= 7 and word.endswith(_ADVERB_ENDINGS):
        return True  # ("probably" in a library that never writes "probable")
    stems = [word[:-2]]
    if word.endswith("ily"):
        stems.append(word[:-3] + "y")
    if word.endswith(("ably", "ibly")):
        stems.append(word[:-1] + "e")
    if word.endswith("ically"):
        stems.append(word[:-4])
    return any(len(stem) >= 4 and known(stem) for stem in stems)


#: what parts words written next to each other: a field's end, punctuation
_PHRASE_END = re.compile(r"[\n.,;:!?()\[\]{}\"]+")


def _joined(words: list[str], text: str) -> list[str]:
    """``words`` with the pairs of Chinese or Japanese characters that overlap where
    ``text`` writes them next to each other named as one ("ロボ", "ボッ", "ット" are
    "ロボット"): a pair alone is often no word."""
    joined = True
    while joined:
        joined = False
        for a in words:
            for b in words:
                if a is b or not (_CJK_RUN.fullmatch(a) and _CJK_RUN.fullmatch(b)):
                    continue
                if a[-1] == b[0] and (run := a + b[1:]) in text:
                    words = [run if w is a else w for w in words if w is not b]
                    joined = True
                    break
            if joined:
                break
    return words


def _pairs(paper: Paper) -> set[tuple[str, str]]:
    """The words of ``paper`` written next to each other (in one field and no punctuation
    between them), as the model reads them."""
    fields = (paper.title, paper.abstract, paper.tldr or "", *paper.keywords)
    found: set[tuple[str, str]] = set()
    for phrase in _PHRASE_END.split(_unaccented("\n".join(fields))):
        words = words_of(phrase)
        found.update(pairwise(words))
    return found


def _one_pair(paper: Paper, word: str, known: Collection[str]) -> tuple[str, str] | None:
    """The pair of words ``paper`` writes ``word`` in wherever it writes it ("contact
    process", in a paper that writes "contact" nowhere else), or None when it writes the
    word alone or in several pairs ("a capsule is", "level capsule becomes"). Only words
    ``known`` to the model make a pair: "the contact" is none (a stop word)."""
    fields = (paper.title, paper.abstract, paper.tldr or "", *paper.keywords)
    common: set[tuple[str, str]] | None = None
    for phrase in _PHRASE_END.split(_unaccented("\n".join(fields))):
        words = words_of(phrase)
        for at, found in enumerate(words):
            if found != word:
                continue
            around = {
                (pair[0], pair[1])
                for pair in (words[at - 1 : at + 1], words[at : at + 2])
                if len(pair) == 2 and pair[0] in known and pair[1] in known
            }
            common = around if common is None else common & around
            if not common:
                return None
    return min(common) if common else None


def _one_term(
    features: Sequence[str],
    products: Any,
    paper: Paper,
    pairs: set[tuple[str, str]],
    keep: Paper,
    held: Callable[[int], int],
    papers: int,
) -> bool:
    """True when the likeness of a paper and a kept paper rests on one term of the
    paper's that says too little to call them alike: ``products`` are those of the
    paper's ``features`` and the keep's (0 for a feature the keep lacks, or one "why"
    does not name), and one term makes more than :data:`ONE_WORD_SHARE` of their sum.

    A term is a word, or words the two write next to each other with the pair itself
    ("neural network": the two words and the pair are one term, not three), or words the
    paper writes next to each other (``pairs``) and the keep never does. Such a term
    means another thing in each paper: a paper on the "contact process" (a model of
    probability) and one on robots making contact share "contact" and "process", and
    are not alike for them; nor for "contact" alone, which the paper writes only in
    "contact process" (see :func:`_one_pair`). A term the two use alike says they are
    alike when few papers hold it (:data:`RARE_SHARE`, :data:`RARE_PAPERS`; ``held(k)``
    is how many of the ``papers`` hold the ``k``-th feature): "capsule" makes Dynamic
    Routing Between Capsules like a kept Capsule Graph Neural Network, "neural network"
    makes a paper like no keep that says it. An author is a term of its own."""
    total = float(products.sum())
    if total <= 0:
        return False
    shared = {
        feature: k
        for k, feature in enumerate(features)
        if products[k] > 0 and not feature.startswith(_AUTHOR)
    }
    term = list(range(len(features)))

    def root(k: int) -> int:
        while term[k] != k:
            k = term[k]
        return k

    # a pair the two write alike is one term with its words ("neural networks" and
    # "neural network" one term with "neural", "network" and "networks")
    for feature, k in shared.items():
        for word in feature.split():
            if word != feature and word in shared:
                term[root(shared[word])] = root(k)
    # an acronym is one term with the words it spells ("GNN" and "graph neural", of a
    # paper or keep that writes "Graph Neural Networks (GNNs)")
    text = "\n".join(_paper_text(_paper_fields(one)) for one in (paper, keep))
    for feature, k in shared.items():
        if not feature.isalpha() or not 2 <= len(feature) <= _ACRONYM_LONGEST:
            continue
        capitals = feature.upper()  # ("gnns" is written "GNNs")
        found = re.search(rf"(?<![\w-])(?:{capitals}|{capitals[:-1]}s)(?![\w-])", text)
        if found is None:
            continue
        capitals = found.group()
        for spelt, j in shared.items():
            if spelt != feature and root(j) != root(k) and _spelt(capitals, spelt, text):
                term[root(j)] = root(k)
    # words the paper writes next to each other and the keep never does: a pair of
    # words, not a run ("safe online control" is two terms), the strongest pairs first
    elsewhere: set[int] = set()
    joined = [
        pair
        for pair in pairs
        if pair[0] in shared and pair[1] in shared and " ".join(pair) not in shared
    ]
    if joined:
        written = _pairs(keep)
        joined.sort(
            key=lambda pair: (-(products[shared[pair[0]]] + products[shared[pair[1]]]), pair)
        )
        paired: set[int] = set()
        for first, second in joined:
            one, other = shared[first], shared[second]
            if (first, second) not in written and not {one, other} & paired and one != other:
                term[root(other)] = root(one)
                paired.update((one, other))
                elsewhere.add(one)
    sums: dict[int, float] = {}
    for k, value in enumerate(products.tolist()):
        if value > 0:
            sums[root(k)] = sums.get(root(k), 0.0) + value
    strongest = max(sums, key=sums.__getitem__)
    if sums[strongest] <= ONE_WORD_SHARE * total:
        return False
    members = [k for k, value in enumerate(products.tolist()) if value > 0 and root(k) == strongest]
    if features[strongest].startswith(_AUTHOR) or any(root(k) == strongest for k in elsewhere):
        return True
    # one word the paper writes in one pair, the keep never: "contact" of a paper that
    # says "contact process" wherever it says "contact", like a robotics paper that
    # shares no "process" with it
    if len(members) == 1 and " " not in features[strongest]:
        pair = _one_pair(paper, features[strongest], set(features))
        if pair is not None and pair not in _pairs(keep):
            return True
    # a pair and its words are one term, held by as many papers as hold the commonest of
    # them: "point detection", of change points and of grasp points, is held by few
    # papers, "point" by many
    return max(held(k) for k in members) > max(RARE_PAPERS, RARE_SHARE * papers)


def _shown(
    feature: str, read: str, telling: Mapping[str, str], names: Mapping[str, str]
) -> str | None:
    """How :meth:`Model.why` names ``feature`` of a paper: an author's name as written
    (``names``: by folded name), a word or pair as the paper writes it ("manipulación",
    where the model reads "manipulacion"), or None when it names it not at all (``read``:
    the paper's text as the model reads it, a field a line; ``telling``: see
    :func:`_telling_words`)."""
    if feature.startswith(_AUTHOR):
        return names.get(feature[len(_AUTHOR) :])
    words = feature.split()
    if not all(word in telling for word in words) or feature not in read:
        return None
    return telling.get(feature) or " ".join(telling[word] for word in words)


def fit(
    papers: Sequence[Paper],
    decisions: Mapping[str, str],
    *,
    space: Space | None = None,
    recipe: Recipe | None = None,
) -> Model | None:
    """A model of what is kept among ``papers``, from ``decisions`` (id → triage state).

    None until there is at least one keep (or read) and :data:`MIN_OTHERS` other
    decisions among ``papers``. ``space`` (from :func:`space_of`) saves rebuilding the
    vectors on every refit; papers outside it are placed in it.
    """
    by_id = {paper.id: paper for paper in papers}
    return _fit(
        [paper.id for paper in papers],
        by_id.__getitem__,
        decisions,
        space=space,
        make_space=lambda: space_of(papers, recipe),
    )


def _fit(
    ids: Sequence[str],
    paper_of: Callable[[str], Paper],
    decisions: Mapping[str, str],
    *,
    space: Space | None,
    make_space: Callable[[], Space],
) -> Model | None:
    """:func:`fit` of the papers whose ids are ``ids`` (in their order), each given by
    ``paper_of`` (the last of an id), read only where the model needs more than its
    vectors (``make_space`` makes them when ``space`` is None): the decided papers, and
    those outside ``space``."""
    present = set(ids)
    decided = {pid: state for pid, state in decisions.items() if state in LABELS and pid in present}
    positives = [pid for pid, state in decided.items() if LABELS[state] == 1.0]
    if not positives or len(decided) < 1 + MIN_OTHERS:
        return None
    import numpy as np
    from scipy import sparse

    if space is None:
        space = make_space()
    if not space.features:
        return None
    recipe = space.recipe
    train = sorted(decided, key=lambda pid: space.rows.get(pid, len(space.rows)))
    train_papers = [paper_of(pid) for pid in train]
    matrix = space.vectors(train_papers)
    labels: list[int] = []
    weights: list[float] = []
    rows: list[int] = []
    for position, pid in enumerate(train):
        target = LABELS[decided[pid]]
        for label, weight in ((1, target), (0, 1.0 - target)):
            if weight > 0:
                rows.append(position)
                labels.append(label)
                weights.append(weight)
    x = matrix[np.asarray(rows, dtype=np.intp)]
    # balance the two classes, as a keep is rarer than a skip
    y = np.asarray(labels)
    w = np.asarray(weights, dtype=np.float64)
    for label in (0, 1):
        total = w[y == label].sum()
        if total > 0:
            w[y == label] *= len(train) / (2 * total)
    undecided = [pid for pid in ids if pid not in decided]
    if len(undecided) > BACKGROUND_ROWS:  # every k-th: the same rows for the same lists
        step = len(undecided) / BACKGROUND_ROWS
        undecided = [undecided[int(k * step)] for k in range(BACKGROUND_ROWS)]
    share = recipe.background if 0 in labels else max(recipe.background, 0.1)
    if undecided and share > 0:
        # a paper of the space is its row there: only the others are read
        background = space.vectors(
            [Paper(pid, "", "") if pid in space.rows else paper_of(pid) for pid in undecided]
        )
        x = sparse.vstack([x, background], format="csr")
        y = np.concatenate([y, np.zeros(len(undecided), dtype=y.dtype)])
        w = np.concatenate([w, np.full(len(undecided), share * len(train) / len(undecided))])
    coef = np.zeros(len(space.features))
    intercept = 0.0
    if len(set(y.tolist())) == 2:
        coef, intercept = _logistic(x, y, w, recipe.c)
    kept = tuple(paper_of(pid) for pid in train if decided[pid] in ("kept", "read"))
    kept_matrix = space.vectors(kept)
    like_matrix = None
    if any(paper.id not in space.rows for paper in kept):
        inside = [pid for pid in ids if pid in space.rows][:SHARE_SAMPLE]
        shares = _held_shares(space, kept, [paper_of(pid) for pid in inside])
        like_matrix = sparse.diags(shares.astype(np.float32)) @ kept_matrix
    return Model(
        space=space,
        coef=coef,
        intercept=intercept,
        decisions=dict(decided),
        kept=kept,
        kept_matrix=kept_matrix,
        like_matrix=sparse.csr_matrix(like_matrix) if like_matrix is not None else None,
    )


#: papers of the space whose words measure how much of a paper's text its words hold
SHARE_SAMPLE = 50


def _held_shares(space: Space, kept: Sequence[Paper], papers: Sequence[Paper]) -> Any:
    """For each kept paper, how much of its vector the space's words hold: 1 for a paper
    of the space; less for one outside it (a keep of a list no longer read), whose vector
    is made of only the words it shares with the space, and then normalised as if those
    were all it says. In a library of one paper, a kept grasping paper whose one word
    known to the space was "natural" was that word alone, and the paper was called like
    it. The share is the square root of the weight (sublinear term frequency) of its words
    and pairs the space knows, against that of a paper of the space (the median of the
    first :data:`SHARE_SAMPLE`: words too rare or too common are not the space's either)."""
    import math
    from collections import Counter

    import numpy as np

    shares = np.ones(len(kept))
    if space.words is None:
        return shares
    analyze = space.words.build_analyzer()
    # (a vectorizer read from disk knows its vocabulary_ once it has placed a paper)
    vocabulary = getattr(space.words, "vocabulary_", None)
    if vocabulary is None:
        vocabulary = {name for name in space.features if not name.startswith(_AUTHOR)}
    title_weight = space.recipe.title_weight

    def held(paper: Paper) -> float:
        counts = Counter(analyze(_words_text(paper, title_weight)))
        weights = {term: (1.0 + math.log(n)) ** 2 for term, n in counts.items()}
        total = sum(weights.values())
        return sum(w for t, w in weights.items() if t in vocabulary) / total if total else 0.0

    inside = [paper for paper in papers if paper.id in space.rows][:SHARE_SAMPLE]
    usual = float(np.median([held(paper) for paper in inside])) if inside else 1.0
    for k, paper in enumerate(kept):
        if paper.id not in space.rows and usual > 0:
            shares[k] = min(1.0, math.sqrt(held(paper) / usual))
    return shares


def _logistic(x: Any, y: Any, w: Any, c: float) -> tuple[Any, float]:
    """Weights and intercept of an L2-regularised logistic regression: the minimum of
    ``c · Σ wᵢ log(1 + exp(−ŷᵢ (xᵢ·β + b))) + ½‖β‖²`` (ŷ = ±1, the intercept not
    regularised), found by SciPy's L-BFGS, as scikit-learn's ``LogisticRegression(C=c)``
    finds it. SciPy's optimiser alone loads in half the time scikit-learn takes, and a
    search or a start whose vectors are kept then needs nothing of scikit-learn."""
    import numpy as np
    from scipy.optimize import minimize
    from threadpoolctl import threadpool_limits

    width = x.shape[1]
    sign = np.where(np.asarray(y) > 0, 1.0, -1.0)
    weight = np.asarray(w, dtype=np.float64)
    # scaled by 1 / (c · Σw), as scikit-learn scales it, so that its tolerance means the same
    scale = 1.0 / (c * weight.sum())
    weight = weight / weight.sum()
    # Only the words of the rows fitted on can have a weight (any other's gradient is its
    # own regularisation, zero from the start): the optimiser works on those alone, a
    # third of the vocabulary of 100,000 papers, and the rest stay 0.
    x = x.tocsr()
    present = np.zeros(width, dtype=bool)
    present[x.indices] = True
    used = np.flatnonzero(present)
    x = x[:, used].astype(np.float64)  # (float32 would be converted on every product)
    xt = x.T  # (a view: the product with it runs on the rows as they are)
    features = x.shape[1]

    def loss(theta: Any) -> tuple[float, Any]:
        beta, bias = theta[:features], theta[features]
        margin = sign * (x @ beta + bias)
        # log(1 + exp(-m)) and its derivative, without overflow for large |m|
        value = float(weight @ np.logaddexp(0.0, -margin)) + 0.5 * scale * float(beta @ beta)
        slope = -weight * sign * np.exp(-np.logaddexp(0.0, margin))
        grad = np.empty(features + 1)
        grad[:features] = xt @ slope + scale * beta
        grad[features] = slope.sum()
        return value, grad

    # The optimiser's steps are vector operations of one vocabulary's length: BLAS threads
    # only wait for each other there (four times slower on two cores than one thread).
    with threadpool_limits(limits=1, user_api="blas"):
        found = minimize(
            loss,
            np.zeros(features + 1),
            jac=True,
            method="L-BFGS-B",
            options={"maxiter": 1000, "maxls": 50, "gtol": 1e-4, "ftol": 64 * np.finfo(float).eps},
        )
    theta = np.asarray(found.x, dtype=np.float64)
    coef = np.zeros(width)
    coef[used] = theta[:features]
    return coef, float(theta[features])


def decisions_lacking(decisions: Mapping[str, str]) -> tuple[bool, int]:
    """What ``decisions`` (id → triage state) lack before :func:`fit` makes a model:
    whether a kept paper, and how many more decisions besides it; ``(False, 0)`` when
    they lack nothing."""
    decided = [state for state in decisions.values() if state in LABELS]
    keeps = any(LABELS[state] == 1.0 for state in decided)
    # a keep to come counts among the decisions the model waits for
    return not keeps, max(0, 1 + MIN_OTHERS - len(decided) - (0 if keeps else 1))


def decisions_wanted(decisions: Mapping[str, str]) -> str | None:
    """What ``decisions`` (id → triage state) lack before :func:`fit` makes a model, as
    a user reads it ("a kept or read paper and one more decision", "two more decisions"):
    a read paper counts as a kept one (:data:`LABELS`); None when they lack nothing
    (:func:`decisions_lacking`)."""
    keep, others = decisions_lacking(decisions)
    keeps = not keep
    if keeps and not others:
        return None
    counted = {1: "one", 2: "two", 3: "three"}.get(others, str(others))
    more = f"{counted} more decision{'s' if others > 1 else ''}" if others else ""
    return " and ".join(part for part in ("" if keeps else "a kept or read paper", more) if part)


def decisions_from(store: Store) -> dict[str, str]:
    """Every decision of the store's data folder that teaches something (id → state)."""
    return {pid: state for pid, state in sorted(store.states().items()) if state in LABELS}


def remembered_papers(
    store: Store, decisions: Iterable[str], present: Collection[str]
) -> tuple[Paper, ...]:
    """Decided papers in none of the loaded lists (``present``: the library's ids), as
    the store remembers them: title and the start of the abstract."""
    missing = sorted(pid for pid in decisions if pid not in present)
    if not missing:
        return ()
    found = store.identities(missing)
    return tuple(
        Paper(id=pid, title=found[pid].title, abstract=found[pid].abstract)
        for pid in missing
        if pid in found and (found[pid].title or found[pid].abstract)
    )


def fit_store(
    store: Store,
    papers: Sequence[Paper],
    *,
    space: Space | None = None,
    recipe: Recipe | None = None,
) -> Model | None:
    """:func:`fit` on every decision of ``store``, also on papers no list loads now."""
    decisions = decisions_from(store)
    present = {paper.id for paper in papers}
    extra = remembered_papers(store, decisions, present)
    return fit([*papers, *extra], decisions, space=space, recipe=recipe)


def fit_store_kept(
    store: Store, ids: Sequence[str], paper_of: Callable[[str], Paper], space: Space
) -> Model | None:
    """:func:`fit_store` of the papers whose ids are ``ids`` (each once, in list order)
    and whose vectors ``space`` keeps, each read by ``paper_of`` only where the model
    needs more than its vectors (the decided papers): the model ``fit_store`` gives
    them, without reading every paper."""
    decisions = decisions_from(store)
    extra = {paper.id: paper for paper in remembered_papers(store, decisions, set(ids))}

    def get(paper_id: str) -> Paper:
        found = extra.get(paper_id)
        return found if found is not None else paper_of(paper_id)

    def no_space() -> Space:
        return space

    return _fit([*ids, *extra], get, decisions, space=space, make_space=no_space)
