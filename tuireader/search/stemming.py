"""How a word becomes its stem: word forms fold together, words of different meaning do not.

A stemmer that folds too little misses papers ("policies" must find "policy",
"estimated" "estimate"); one that folds too much finds papers on something else:
Porter's "continu" makes "continual learning" find every paper on continuous control.
So a word is stemmed by Porter2 (the Snowball English stemmer: unlike the first Porter
stemmer of Whoosh, it gives "generated" the stem of "generate", and "general" another
than "generative"), with these corrections:

- British spellings are read as American ones ("optimisation" is "optimization",
  "behaviour" "behavior"), as a reader who types either expects;
- the plural of an acronym loses its "s" ("LLMs" is "LLM", "GPUs" "GPU"), which Porter2
  keeps after a word of no vowel or one that ends in one;
- the Latin and Greek plurals of ``SINGULAR`` are read as their singulars ("matrices" is
  "matrix", "analyses" "analysis", "minima" "minimum"), which Porter2 stems apart, and
  the British "analyse" as "analyze";
- a noun in "-er" keeps its "-er" (:func:`porter2`): "transformer" and "transformers"
  are one term, "transform", "transformed" and "transformation" another, as
  "optimizer" is apart from "optimization", "encoder" from "encoding" and "computer"
  from "computation" (Porter2 takes "-er" off a long word: of ICML 2024's 2,610
  papers, "transformer" found 355, 114 of them saying "transform" or "linear
  transformation" and never "transformer", and "optimizer" 625, 591 of them on
  optimization without an optimizer); a verb in "-er" keeps it in each of its forms
  ("consider", "considered", "considering");
- the families in ``APART`` keep stems of their own: words Porter2 stems alike that
  name different things in machine learning (``continual``/``continuous``,
  ``objective``/``object``, ``contrastive``/``contrast``, ...).
"""

from __future__ import annotations

import re

from whoosh.lang import porter2 as _snowball

#: For a Porter2 stem, the beginnings of the words that get another stem, with that
#: stem: the first beginning that fits the (American) word decides; a word no beginning
#: fits keeps Porter2's stem. Each pair is two things a researcher keeps apart, seen
#: in the ICML 2024 papers and the real lists (of their 3,671 papers, "continual" is in
#: 68, mostly "continual learning", "continuous" in 232, "continuous control" or
#: "time", and 11 have both; "objective function" and "object detection": 341, 203
#: and 13); the commit that made this table lists them all. Inflections and adverbs
#: begin as their word does ("continually").
APART: dict[str, tuple[tuple[str, str], ...]] = {
    "continu": (
        ("continual", "continual"),
        ("continuous", "continuous"),
        ("continuit", "continuous"),
    ),
    "general": (("generaliz", "generaliz"),),
    "object": (("objectiv", "objectiv"),),
    "optim": (("optimal", "optimal"), ("optimism", "optimist")),
    "perform": (("performativ", "performativ"),),
    "effect": (("effectiv", "effectiv"),),
    "complex": (("complexit", "complexiti"),),
    "activ": (("activat", "activat"), ("activit", "activiti")),
    "posit": (("positiv", "positiv"), ("position", "position")),
    "contrast": (("contrastiv", "contrastiv"),),
    "differenti": (("differential", "differential"),),
    "critic": (("critical", "critical"),),
    "experi": (("experienc", "experienc"),),
    "numer": (("numerous", "numerous"),),
    "margin": (("marginal", "marginal"),),
    "local": (("localiz", "localiz"),),
    "normal": (("normaliz", "normaliz"),),
    "variat": (("variational", "variational"),),
    "util": (("utiliz", "utiliz"),),
    "reason": (("reasonabl", "reasonabl"),),
    "direct": (("direction", "direction"),),
    "relat": (("relativ", "relativ"),),
    "addit": (("additiv", "additiv"),),
    "power": (("powerful", "powerful"),),
    "sever": (("several", "several"),),
    "conform": (("conformal", "conformal"),),
    "affin": (("affinit", "affiniti"),),
    "residu": (("residual", "residual"),),
    "proxim": (("proximal", "proximal"),),
    "mechan": (("mechanism", "mechanism"),),
    "regular": (("regulariz", "regulariz"),),
    "person": (("personaliz", "personaliz"),),
    "mean": (("meaning", "meaning"),),
    "under": (("underl", "underli"),),
    "set": (("setting", "setting"),),
    "fit": (("fitness", "fitness"),),
    "success": (("successiv", "successiv"),),
    # stems of a word in "-er" (:func:`porter2`) that Porter2 gives words made of it too:
    # "characterize" says what something is, "character-level" a unit of text;
    # "parameterization" is a choice of parameters; "considerable" means large
    "character": (("characteriz", "characteriz"),),
    "parameter": (("parameteriz", "parameteriz"),),
    "consider": (("considerabl", "considerabl"),),
}

#: Plurals Porter2 gives another stem than their singulars, with those singulars: in the
#: ICML 2024 papers and the real lists, "analyses" is in 83 (all but one the plural of
#: "analysis", in 633), "matrices" in 66 ("matrix": 159), "vertices" 29 ("vertex": 21),
#: "criteria" 33 ("criterion": 36), "minima" 20 ("minimum": 51), "phenomena" 19
#: ("phenomenon": 100), "hypotheses" 15 ("hypothesis": 77); "indices" was "indicate"
#: (in 50). Left as they are: "bases" (of "base" as often as of "basis"), "media" (not
#: "medium"), "data", and verbs' forms ("diagnoses").
SINGULAR = {
    "analyses": "analysis",
    "appendices": "appendix",
    "automata": "automaton",
    "axes": "axis",
    "corpora": "corpus",
    "crises": "crisis",
    "criteria": "criterion",
    "curricula": "curriculum",
    "emphases": "emphasis",
    "extrema": "extremum",
    "formulae": "formula",
    "hypotheses": "hypothesis",
    "indices": "index",
    "lemmata": "lemma",
    "loci": "locus",
    "matrices": "matrix",
    "maxima": "maximum",
    "minima": "minimum",
    "moduli": "modulus",
    "nuclei": "nucleus",
    "optima": "optimum",
    "parentheses": "parenthesis",
    "phenomena": "phenomenon",
    "polyhedra": "polyhedron",
    "radii": "radius",
    "schemata": "schema",
    "simplices": "simplex",
    "spectra": "spectrum",
    "stimuli": "stimulus",
    "syntheses": "synthesis",
    "theses": "thesis",
    "tori": "torus",
    "vertices": "vertex",
}
#: the British "-yse" of "analyse", "catalyse", "paralyse" (and their forms)
_YSE = re.compile(r"^(ana|cata|para)lys(e|ed|es|ing|er|ers)$")

#: a British "-ise" ending ("optimise", "normalisation", "utilised"): after the letters
#: that end the stems of the "-ize" verbs, so "promise", "precise", "supervise",
#: "denoise", "expertise" and "otherwise" are left alone
_ISE = re.compile(
    r"^(.{2,}(?:al|el|im|ar|er|il|or|on|nt|it|tr|an|es|as|ic|dom|tom|nom|ort))is"
    r"(ations?|e|ed|es|ing|ers?|able|ability|abilities)$"
)
_OUR_WORDS = "behavi|neighb|col|fav|flav|hum|lab|rum|tum|vap|vig|harb|hon|arm|od|endeav|rig|sav"
#: the British "-our" of these words ("behaviour", "neighbourhood", "favourable")
_OUR = re.compile(rf"^({_OUR_WORDS})our")
_RE_WORDS = "cent|fib|met|lit"
#: the British "-re" of these words ("centre", "fibres", "centred")
_RE = re.compile(rf"^({_RE_WORDS})r(e|es|ed)$")
#: the beginning of an "-or" or "-er" word that its British spelling shares
_SHARED = re.compile(rf"^(?:(?:{_OUR_WORDS})o|(?:{_RE_WORDS})(?=er))")
_ER = {"e": "er", "es": "ers", "ed": "ered"}
_VOWELS = frozenset("aeiouy")


def american(word: str) -> str:
    """A folded word in its American spelling ("optimisation" → "optimization")."""
    if "lys" in word:
        word = _YSE.sub(r"\1lyz\2", word)
    if "is" in word:
        word = _ISE.sub(r"\1iz\2", word)
    if "our" in word:
        word = _OUR.sub(r"\1or", word)
    if word.endswith(("re", "res", "red")):
        word = _RE.sub(lambda m: m[1] + _ER[m[2]], word)
    return word


def british_start(start: str) -> str:
    """The part of the beginning of an American word that its British spelling begins
    with too ("normaliz" → "normali", as "normalisation" begins; "behavior" → "behavio";
    "center" → "cent"): what a phrase looks for in a text written in either."""
    shared = _SHARED.match(start)
    if shared is not None:
        return shared.group()
    at = start.find("iz")
    if at < 0:
        at = start.find("lyz")
        return start if at < 0 else start[: at + 2]
    return start[: at + 1]


def phrase_start(start: str, term: str) -> str:
    """What a phrase looks for in a text for a word of stem ``term`` that begins with
    ``start``: the part of it that the word's other spellings begin with too, its
    British one (:func:`british_start`) and its plural's ("matrix" → "matri", as
    "matrices" begins)."""
    start = british_start(start)
    for plural in _plurals().get(term, ()):
        common = 0
        while common < min(len(start), len(plural)) and start[common] == plural[common]:
            common += 1
        start = start[:common]
    return start


_PLURALS: dict[str, list[str]] = {}


def _plurals() -> dict[str, list[str]]:
    """The plurals of ``SINGULAR`` by the stem they have."""
    if not _PLURALS:
        for plural in SINGULAR:
            _PLURALS.setdefault(stem_word(plural), []).append(plural)
    return _PLURALS


def porter2(word: str) -> str:
    """The Porter2 stem of ``word``, but for a word that ends in "-er" once its plural or
    its "-ed" or "-ing" is taken off, which is that word: Porter2 takes the "-er" (and
    "-izer") off a long word in its last steps, which made "transformer" the
    "transform" of "transformation" and "optimizer" the "optim" of "optimization".
    Its inflections stay one term ("transformers" is "transformer"), and so do a
    verb's ("considered" and "considering" are "consider"), as comparatives of short
    words already were ("larger" is no "large")."""
    if len(word) <= 2:
        return word
    word = _snowball.remove_initial_apostrophe(word)
    if word in _snowball.exceptional_forms:
        return _snowball.exceptional_forms[word]
    word = _snowball.capitalize_consonant_ys(word)
    r1 = _snowball.get_r1(word)
    r2 = _snowball.get_r2(word)
    word = _snowball.step_1a(_snowball.step_0(word))
    if word in _snowball.exceptional_early_exit_post_1a:
        return word
    word = _snowball.step_1c(_snowball.step_1b(word, r1))
    if not word.endswith("er"):
        word = _snowball.step_2(word, r1)
        word = _snowball.step_3(word, r1, r2)
        word = _snowball.step_4(word, r2)
        word = _snowball.step_5(word, r1, r2)
    return _snowball.normalize_ys(word)


def stem_word(word: str) -> str:
    """The stem of a folded ASCII word (see the module's docstring)."""
    word = american(SINGULAR.get(word, word))
    stemmed = porter2(word)
    if (
        stemmed == word
        and len(word) > 2
        and word[-1] == "s"
        and word[-2] != "s"
        and not _VOWELS.intersection(word[:-2])
    ):
        # an acronym's plural: "llms", "gpus", "pdes" (Porter2 keeps their "s")
        return word[:-1]
    apart = APART.get(stemmed)
    if apart is not None:
        for start, own in apart:
            if word.startswith(start):
                return own
    return stemmed
