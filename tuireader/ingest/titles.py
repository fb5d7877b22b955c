"""Display titles for papers whose source gives only an abstract.

A derived title names the paper's method when the abstract introduces one ("We propose
Boximator, a new approach for ..." → "Boximator: A new approach for ...", "DOmain
reweighting with Generalization Estimation (DoGE)" → "DoGE: DOmain reweighting with
Generalization Estimation"); otherwise it is the first sentence cut at a word boundary.
Titles are single-line plain text with math shown in Unicode; whether a title was derived
is recorded by the caller (``Paper.title_derived``), never in the string itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tuireader.render.textrender import plain

#: longest title; longer ones are cut at a word boundary and end with "…".
MAX_TITLE = 80
UNTITLED = "Untitled paper"

#: acronyms and names of common techniques and models: an abstract that mentions them is
#: almost never introducing them.
COMMON_NAMES = frozenset(
    [
        "ai",
        "agi",
        "ml",
        "dl",
        "rl",
        "nlp",
        "cv",
        "llm",
        "lm",
        "vlm",
        "mllm",
        "lvlm",
        "slm",
        "gp",
        "dnn",
        "cnn",
        "rnn",
        "gnn",
        "mlp",
        "gpt",
        "gpt-2",
        "gpt-3",
        "gpt-3.5",
        "gpt-4",
        "gpt-4o",
        "gpt-4v",
        "chatgpt",
        "bert",
        "roberta",
        "t5",
        "llama",
        "llama-2",
        "llama2",
        "llama-3",
        "mistral",
        "claude",
        "gemini",
        "palm",
        "clip",
        "vit",
        "vae",
        "gan",
        "nerf",
        "sde",
        "ode",
        "pde",
        "asr",
        "tts",
        "dp",
        "sgd",
        "adam",
        "mdp",
        "pomdp",
        "rlhf",
        "dpo",
        "ppo",
        "sac",
        "td3",
        "dqn",
        "trpo",
        "lora",
        "moe",
        "smoe",
        "rag",
        "cot",
        "icl",
        "var",
        "cvar",
        "erm",
        "svm",
        "knn",
        "mae",
        "mse",
        "rmse",
        "ntk",
        "gd",
        "rkhs",
        "lstm",
        "irl",
        "marl",
        "ope",
        "nas",
        "sam",
        "ood",
        "iid",
        "sota",
        "api",
        "gpu",
        "cpu",
        "tpu",
        "fvd",
        "fid",
        "psnr",
        "ssim",
        "relu",
        "ssm",
        "cmdp",
        "hmm",
        "mcmc",
        "kl",
        "pca",
        "svd",
        "em",
        "nfa",
        "md",
        "qa",
        "vqa",
        "ucb",
        "lqr",
        "hmc",
        "sgld",
        "fl",
        "ddpm",
        "ddim",
        "sds",
        "nc",
        "ci",
        "gnns",
        "fno",
        "pinn",
        "pinns",
        "ssl",
        "sft",
        "nlu",
        "nlg",
        "ner",
        "mt",
        "transformer",
        "transformers",
        "imagenet",
        "cifar",
        "mnist",
        "coco",
        "glue",
        "squad",
        "mmlu",
        "gsm8k",
        "swe",
    ]
)

_ABBREVIATIONS = re.compile(
    r"(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Figs|Eq|Eqs|Sec|approx|resp|w\.r\.t|a\.k\.a"
    r"|Dr|Prof|No|Vol|St|Jr|Inc|Ltd|[A-Z])\.)$"
)
#: the end of a sentence: a full stop, "!" or "?" before a space and a capital, or the
#: full stop of Chinese and Japanese ("。", "．") or their "！" and "？", whatever follows
_SENTENCE_END = re.compile(
    r"[.!?]+[\"'”’)]*(?=\s+[\"'“‘(\[]?[A-Z0-9])"
    r"|(?:[。！？]|．(?![0-9０-９]))+[」』）\"'”’)]*(?=\s*\S)"
)
_NAME_CHARS = r"[\w\-+.'’²³ⁿ]"
#: a method name: a token with a capital letter or digit after its first character
#: ("DoGE", "VQ-MTM", "E(3)-GNN" aside), or a capitalised word when the context says so.
_TOKEN = r"[A-Za-z0-9][\w\-+’'²³]*[\w+²³]|[A-Z]"
_CUE = (
    r"(?:propose[sd]?|introduce[sd]?|present(?:s|ed)?|develop(?:s|ed)?|design(?:s|ed)?"
    r"|devise[sd]?|contribute[sd]?|build|offer(?:s|ed)?|release[sd]?|introducing"
    r"|proposing|presenting)"
)
_NAMING = r"(?:called|named|dubbed|termed|coined|entitled|denoted(?: as| by)?|known as)"
_NAME_VERB = (
    r"(?:(?:we|We)\s+(?:call|name|dub|term|coin)\s+"
    r"(?:(?:it|this|them|these|our|the|this)\s+(?:\w+\s+){0,3}?)?)"
)
_INTRO_BEFORE = re.compile(
    rf"(?:\b(?:[Ww]e|paper|work|study|[Tt]his|[Tt]hey)\b[^.;]{{0,40}}\b{_CUE}\b|\b{_NAMING}\b"
    rf"|\b[Oo]ur\b|\b{_NAME_VERB})"
)
_CLAUSE_END = re.compile(r"[,;:]\s|\s(?:which|that|where|whose|and|to)\s|[.!?](?:\s|$)|\s[-–—]\s")
_DESC_STOP = re.compile(r"[;:]\s|,\s(?:which|where|whose|and|that)\b|[.!?](?:\s|$)|\s[-–—]+\s")


@dataclass(frozen=True)
class _Candidate:
    name: str
    description: str
    score: int
    position: int


def _clean(text: str) -> str:
    """Plain single-line text: markup rendered, whitespace collapsed."""
    return " ".join(plain(text).split())


def sentences(text: str) -> list[str]:
    """Split clean text into sentences, not at "e.g.", "et al." or initials."""
    result: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith(".") and _ABBREVIATIONS.search(
            text[start : m.end()].rstrip(")\"'”’")
        ):
            continue
        result.append(text[start : m.end()].strip())
        start = m.end()
    tail = text[start:].strip()
    if tail:
        result.append(tail)
    return result


def _shorten(text: str, limit: int = MAX_TITLE) -> str:
    """Cut ``text`` at a word boundary to at most ``limit`` characters, ending with "…"."""
    text = text.strip()
    if len(text) <= limit:
        return _tidy(text)
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    cut = _tidy(cut)
    # a parenthesis opened and not closed within the cut reads badly: drop it
    if cut.count("(") > cut.count(")"):
        head = cut[: cut.rfind("(")].rstrip()
        if len(head) > limit // 2:
            cut = _tidy(head)
    return cut + "…"


_TRAILING = " \t.,;:!?-–—([{\"'“‘/&。．，、；：！？"


def _tidy(text: str) -> str:
    text = text.rstrip(_TRAILING)
    for word in (" and", " or", " of", " the", " a", " an", " for", " with", " to", " in",
                 " on", " by", " as", " at", " from", " via", " that", " which"):  # fmt: skip
        while text.endswith(word) and len(text) > len(word) + 10:
            text = text[: -len(word)].rstrip(_TRAILING)
    return text


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _initials_match(name: str, words: Sequence[str]) -> bool:
    """True when ``words`` spell ``name`` (its letters in order, same first letter)."""
    letters = [ch for ch in name.lower() if ch.isalnum()]
    text = "".join(ch for ch in " ".join(words).lower() if ch.isalnum())
    if not letters or not text or text[0] != letters[0]:
        return False
    # every capital of the expansion that starts a word should be used by the name
    it = iter(text)
    return all(ch in it for ch in letters)


def _expansion_before(words: list[str], name: str) -> list[str] | None:
    """The shortest tail of ``words`` that spells ``name``, at most twelve words."""
    for size in range(1, min(len(words), 12) + 1):
        tail = words[-size:]
        if _initials_match(name, tail) and (size > 1 or len(name) <= 3 or "-" in tail[0]):
            return tail
    return None


def _is_common(name: str) -> bool:
    key = name.lower().rstrip("s") if len(name) > 2 and name[-1] == "s" else name.lower()
    return key in COMMON_NAMES or name.lower() in COMMON_NAMES


def _looks_like_name(token: str) -> bool:
    """A method-like token: inner capital or digit (DoGE, VQ-MTM, Leddam is a maybe)."""
    if len(token) < 2 or not any(ch.isalpha() for ch in token):
        return False
    return any(ch.isupper() or ch.isdigit() for ch in token[1:])


def _mentions(text: str, name: str) -> int:
    return len(re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text))


def _cue_before(sentence: str, position: int) -> bool:
    window = sentence[max(0, position - 120) : position]
    return _INTRO_BEFORE.search(window) is not None


_WEAK_CUE = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Tt]his (?:paper|work|study))\b")


def _cue_score(sentence: str, position: int) -> int:
    """4 after "we propose", "called", "our"...; 2 after a plain "we"; else 0."""
    if _cue_before(sentence, position):
        return 4
    return 2 if _WEAK_CUE.search(sentence[:position]) else 0


def _tail_description(rest: str) -> str:
    """The noun phrase continuing after a name: "(SymGNN) model that is ..." → "model ..."."""
    m = re.match(r"\s*([a-z][^,;.]*)", rest)
    if not m:
        return ""
    tail = m.group(1)
    first = tail.split(" ", 1)[0]
    if first in {"which", "that", "is", "are", "was", "were", "to", "and", "or", "can",
                 "has", "have", "achieves", "outperforms", "with", "as", "not"}:  # fmt: skip
        return ""
    return _DESC_STOP.split(tail, maxsplit=1)[0]


def _appositive(rest: str) -> str:
    """ ", a new approach for X" after a name → "a new approach for X"."""
    m = re.match(
        r"\s*(?:\([^)]*\))?\s*(?:,|:|\s[-–—]+)\s*((?:a|an|the|our|one|which is an?|"
        r"which is the)\s+[^;]+)",
        rest,
    )
    if not m:
        return ""
    description = m.group(1)
    description = re.sub(r"^which is\s+", "", description)
    return _DESC_STOP.split(description, maxsplit=1)[0]


def _acronym_candidates(text: str, sents: list[str]) -> list[_Candidate]:
    found: list[_Candidate] = []
    offset = 0
    for sentence in sents:
        # "Full Name (ACR)"
        for m in re.finditer(r"\((" + _TOKEN + r")\)", sentence):
            name = m.group(1)
            if not _looks_like_name(name) or _is_common(name):
                continue
            before = sentence[: m.start()].rstrip()
            words = before.replace("“", " ").replace('"', " ").split()
            expansion = _expansion_before(words, name)
            if expansion is None:
                continue
            start = before.rfind(expansion[0])
            score = _cue_score(sentence, max(0, start))
            score += min(2, _mentions(text, name) - 1)
            if re.search(
                rf"(?:^|[.!?]\s+)(?:The\s+|Our\s+)?{re.escape(name)}\b", text[m.end() + offset :]
            ):
                score += 1
            description = " ".join(expansion).strip("“”\"'")
            tail = _tail_description(sentence[m.end() :])
            if tail:
                description = f"{description} {tail}"
            found.append(_Candidate(name, description, score, offset + m.start()))
        # "ACR (Full Name)"
        for m in re.finditer(r"(?<![\w-])(" + _TOKEN + r")\s*\(([^()]{6,120})\)", sentence):
            name, inner = m.group(1), m.group(2)
            if name[0].islower() or _is_common(name) or len(name) < 3:
                continue
            words = inner.split()
            if len(words) < 2 or not _initials_match(name, words):
                continue
            capitals = "".join(ch for ch in inner if ch.isupper())
            if sum(ch.isupper() for ch in name) > 1 and len(capitals) < 2:
                continue
            score = _cue_score(sentence, m.start())
            score += min(2, _mentions(text, name) - 1)
            found.append(_Candidate(name, inner, score, offset + m.start()))
        offset += len(sentence) + 1
    return found


_MULTI_NAME = r"(?:[A-Z][\w\-+’'²³]*(?:\s+(?:and|of|for|with|&)?\s*[A-Z][\w\-+’'²³]*){0,4})"


def _intro_candidates(text: str, sents: list[str]) -> list[_Candidate]:
    found: list[_Candidate] = []
    offset = 0
    patterns = (
        # "we propose Boximator, a ..." / "this paper presents InferCept: ..."
        (rf"\b{_CUE}\s+[\"“]?({_TOKEN})[\"”]?(?=\s*(?:[,:(]|\s[-–—]|$))", 4, False),
        # "... called Tilt and Average" / "we name the method X"
        (
            rf"(?:\b{_NAMING}|{_NAME_VERB})\s*[\"“]?({_MULTI_NAME})[\"”]?(?=\s*(?:[,:;(.]|$|\s[-–—]|\s(?:which|that|to|for|and|is)\b))",
            4,
            True,
        ),
        # "our approach, Decomp Diffusion, is ..." / "we propose a model, VQ-MTM (...)"
        (
            rf"\b(?:[Oo]ur|{_CUE}\s+(?:a|an|the)\s+[^,.;]{{3,80}}?)\s*(?:method|approach|framework|model|algorithm|system|technique|architecture|benchmark|dataset|tool|library|pipeline|agent|metric|strategy|module)?,\s+[\"“]?({_MULTI_NAME})[\"”]?(?=\s*(?:[,:(]|\s(?:is|which|that)\b))",
            4,
            True,
        ),
        # "our Leddam (...)"
        (rf"\b[Oo]ur\s+({_TOKEN})(?=\s*\()", 2, False),
    )
    for sentence in sents:
        for pattern, score, multi in patterns:
            for m in re.finditer(pattern, sentence):
                name = m.group(1).strip(' "“”')
                if not name or _is_common(name):
                    continue
                if not multi and not (_looks_like_name(name) or name[0].isupper()):
                    continue
                if multi and " " not in name and not name[0].isupper():
                    continue
                if name.lower() in {"we", "our", "this", "the", "a", "an", "it", "in"}:
                    continue
                rest = sentence[m.end() :]
                description = _appositive(rest)
                bonus = min(2, _mentions(text, name) - 1)
                found.append(_Candidate(name, description, score + bonus, offset + m.start(1)))
        offset += len(sentence) + 1
    return found


def _contribution(sents: list[str]) -> str:
    """The object of the first "we propose ..." sentence: "an algorithm that ..."."""
    for sentence in sents:
        m = re.search(
            rf"\b(?:[Ww]e|paper|work)\s+(?:\w+\s+)?{_CUE}\s+((?:a|an|the)\s+[^;]+)", sentence
        )
        if m:
            phrase = _DESC_STOP.split(m.group(1), maxsplit=1)[0].split(", ")[0]
            return re.split(rf"\s+{_NAMING}\s", phrase, maxsplit=1)[0]
    return ""


def _first_sentence(sents: list[str]) -> str:
    for sentence in sents:
        if any(ch.isalnum() for ch in sentence):
            return sentence
    return ""


def method_name(abstract: str) -> str | None:
    """The name of the method ``abstract`` introduces, if it introduces one."""
    best = _best(_clean(abstract))
    return best.name if best else None


def _best(text: str) -> _Candidate | None:
    sents = sentences(text)
    candidates = _acronym_candidates(text, sents) + _intro_candidates(text, sents)
    candidates = [c for c in candidates if c.score >= 4 and len(c.name) <= 40]
    if not candidates:
        return None
    best_score = max(c.score for c in candidates)
    top = [c for c in candidates if c.score == best_score]
    # at equal scores a name with a description (an acronym's expansion) wins, then the
    # earliest one; the same name found by several patterns keeps the best description
    first = min(top, key=lambda c: (not c.description, c.position))
    same = [c for c in candidates if c.name == first.name and c.description]
    if not first.description and same:
        return max(same, key=lambda c: (c.score, len(c.description)))
    return first


def derive_title(abstract: str) -> str:
    """A short, single-line display title for a paper known only by its abstract."""
    text = _clean(abstract)
    if not text:
        return UNTITLED
    sents = sentences(text)
    best = _best(text)
    if best is not None:
        description = best.description or _contribution(sents) or _first_sentence(sents)
        description = _tidy(description.strip(' "“”'))
        if description and description.lower() != best.name.lower():
            return _shorten(f"{best.name}: {_capitalise(description)}")
        return _shorten(best.name)
    title = _shorten(_first_sentence(sents) or text)
    return title or UNTITLED


def derive_titles(abstracts: Sequence[str]) -> list[str]:
    """Titles for a batch of abstracts, distinct for distinct abstracts.

    Identical abstracts (after whitespace is normalised) share a title. When different
    abstracts would get the same title, each gets the first sentence cut longer and
    longer, and as a last resort a number, so the result is deterministic.
    """
    titles = [derive_title(abstract) for abstract in abstracts]
    keys = [" ".join(abstract.split()) for abstract in abstracts]
    for _round in range(4):
        owners: dict[str, set[str]] = {}
        for title, key in zip(titles, keys, strict=True):
            owners.setdefault(title, set()).add(key)
        clashes = {title for title, keys_ in owners.items() if len(keys_) > 1}
        if not clashes:
            return titles
        limit = MAX_TITLE + 40 * (_round + 1)
        for index, title in enumerate(titles):
            if title in clashes:
                text = _clean(abstracts[index])
                first = _first_sentence(sentences(text)) or text
                longer = _shorten(first, limit) if _round else _shorten(first)
                titles[index] = longer if longer != title else _shorten(text, limit)
    # still equal (e.g. abstracts that differ only far in): number them in input order
    seen: dict[str, dict[str, int]] = {}
    result = []
    for title, key in zip(titles, keys, strict=True):
        numbers = seen.setdefault(title, {})
        number = numbers.setdefault(key, len(numbers) + 1)
        result.append(title if number == 1 else f"{title} ({number})")
    return result
