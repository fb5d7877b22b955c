"""How a word becomes its stem: word forms fold together, words of different meaning do not.

A stemmer that folds too little misses papers ("policies" must find "policy",
"estimated" "estimate"); one that folds too much finds papers on something else:
Porter's "continu" makes "continual learning" find every paper on continuous control.
So a word is stemmed by Porter2 (the Snowball English stemmer: unlike the first Porter
stemmer of Whoosh, it gives "generated" the stem of "generate", and "general" another
than "generative"), with three corrections:

- British spellings are read as American ones ("optimisation" is "optimization",
  "behaviour" "behavior"), as a reader who types either expects;
- the plural of an acronym loses its "s" ("LLMs" is "LLM", "GPUs" "GPU"), which Porter2
  keeps after a word of no vowel or one that ends in one;
- the families in ``APART`` keep stems of their own: words Porter2 stems alike that
  name different things in machine learning (``continual``/``continuous``,
  ``objective``/``object``, ``contrastive``/``contrast``, ...).
"""

from __future__ import annotations

import re

from whoosh.lang.porter2 import stem as _porter2

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
}

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
    return start if at < 0 else start[: at + 1]


def stem_word(word: str) -> str:
    """The stem of a folded ASCII word (see the module's docstring)."""
    word = american(word)
    stemmed = _porter2(word)
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
