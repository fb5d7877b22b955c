"""Spelling suggestions: "did you mean" for a query that finds little.

Each word of three letters or more not in the vocabulary, and finding no paper on its
own (an author's name: the vocabulary holds no names), is replaced by the known word
within the fewest edits (one or two: rapidfuzz's OSA distance), and among those by the
likeliest slip of the fingers (:func:`typo_cost`), then the most frequent; the corrected
query is offered only when it finds more than the typed one. A query holding a stand-in
for characters lost on the way (U+FFFD, or the lone surrogate a byte that is not UTF-8
reaches the command line as) or a control character gets none: no slip of the fingers
made it, and the suggestion would hold it again.
"""

from __future__ import annotations

import math
import re
import unicodedata

from tuireader.search import query as ql
from tuireader.search.analysis import command_name, fold, is_cjk
from tuireader.search.compiled import compile_query
from tuireader.search.terms import Compiled, Context, FilterResolver
from tuireader.search.vocabulary import Vocabulary

#: a query that finds fewer papers than this gets a suggestion, if one finds more
SUGGEST_BELOW = 3
#: the words of the query language (see ``query.parse``), never corrected.
_OPERATORS = frozenset({"AND", "OR", "NOT"})
#: the characters that stand for others lost on the way: the replacement character and
#: the object replacement character (a lone surrogate is told by its category)
_STAND_INS = frozenset("\ufffc\ufffd")
#: a control character that is a space (a tab, a line break typed or pasted with the
#: words): a space in the suggestion
_SPACE_CONTROLS = re.compile(r"[\t\n\x0b\x0c\r\x1c-\x1f\x85]")


def _lost(char: str) -> bool:
    """Whether ``char`` stands for a character lost on the way, or is a control character
    that is no space: no suggestion holds one."""
    if char in _STAND_INS:
        return True
    return unicodedata.category(char) in ("Cc", "Cs") and not _SPACE_CONTROLS.match(char)


def suggest(
    ctx: Context, text: str, total: int, prefix: bool, resolve: FilterResolver | None
) -> str | None:
    """A corrected query, offered only when it finds more than ``text`` did; none for a
    ``text`` holding a character lost on the way (:func:`_lost`), and the spaces that
    are control characters given as spaces."""
    if any(_lost(char) for char in text):
        return None
    changed = False

    def fix(match: re.Match[str]) -> str:
        nonlocal changed
        word = match.group()
        if word in _OPERATORS:
            return word  # the query's own words ("diffusion AND policy"), not a search's
        # a word searched as the beginning of words ("learn*", or the last word typed
        # as you type) is left alone while some known word starts with it
        starts = text.startswith("*", match.end()) or (prefix and match.end() == len(text.rstrip()))
        if starts and ctx.vocabulary.starting_with(fold(word)):
            return word
        if fold(word) not in ctx.vocabulary.counts and command_name(word):
            return word  # LaTeX's "sqrt" is no slip of "srt": said as markup
        if fold(word) not in ctx.vocabulary.counts and found_alone(word):
            return word  # a name (the vocabulary holds no authors) finds its papers
        better = correction(ctx.vocabulary, fold(word))
        if better and better != fold(word):
            changed = True
            return better
        return word

    def found_alone(word: str) -> bool:
        compiled = compile_query(ctx, ql.parse(word).root, Compiled(), resolve)
        return compiled is not None and bool(
            ctx.searcher.search(compiled, limit=1, filter=ctx.only)
        )

    suggestion = re.sub(r"(?<![:\w-])[^\W\d_]{3,}(?![:\w])", fix, text)
    if not changed:
        return None
    out = Compiled()
    compiled = compile_query(ctx, ql.parse(suggestion, prefix=prefix).root, out, resolve)
    if compiled is None:
        return None
    # counted among the library's papers only (the index may hold other lists' too)
    better = len(ctx.searcher.search(compiled, limit=1, filter=ctx.only))
    # the spaces typed around the words (the reader searches as you type) are not offered
    return _SPACE_CONTROLS.sub(" ", suggestion).strip() if better > total else None


def markup_words(vocabulary: Vocabulary, text: str) -> list[str]:
    """The words of ``text`` (a query that found nothing) that are the names of LaTeX
    commands the reader does not show ("sqrt", "mathcal") and no word of the lists:
    markup, to be said so, never corrected to another word ("srt")."""
    words = re.findall(r"(?<![:\w\\-])[^\W\d_]{3,}(?![:\w])", text)
    return [
        word
        for word in dict.fromkeys(words)
        if word not in _OPERATORS and command_name(word) and fold(word) not in vocabulary.counts
    ]


def correction(vocabulary: Vocabulary, word: str) -> str | None:
    """The known word within the fewest edits of ``word`` (one or two), the likeliest
    to have been meant among those: the likeliest slip and the commonest word."""
    if word in vocabulary.counts or len(word) < 3 or is_cjk(word):
        return None
    if vocabulary.by_initial is None:
        initial: dict[str, list[str]] = {}
        for w in vocabulary.words:
            initial.setdefault(w[0], []).append(w)
        vocabulary.by_initial = initial
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    limit = 1 if len(word) <= 4 else 2
    pool = [w for w in vocabulary.by_initial.get(word[0], ()) if abs(len(w) - len(word)) <= limit]
    found = process.extract(word, pool, scorer=OSA.distance, score_cutoff=limit, limit=20)
    if not found:
        return None
    counts = vocabulary.counts

    def unlikely(item: tuple[str, float, int]) -> tuple[float, float, str]:
        # fewest edits first; then the likeliest word to have been meant, as a slip
        # (exp(-SLIP_WEIGHT * cost)) and as a word of the library (its frequency) make it
        meant, edits, _ = item
        return edits, SLIP_WEIGHT * typo_cost(word, meant) - math.log(counts[meant]), meant

    return min(found, key=unlikely)[0]


_KEY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
#: where each letter is on a QWERTY keyboard: (row, column)
_KEYS = {
    key: (row, column) for row, keys in enumerate(_KEY_ROWS) for column, key in enumerate(keys)
}

#: what each slip costs: a letter dropped is the commonest slip (a doubled one most of
#: all: "maping"), then two letters swapped; a letter struck in place of another, or one
#: too many, is likelier beside the key meant (or beside a letter it repeats) than
#: anywhere else. Any one slip costs less than any two (0.9 + 0.9), so the cost only
#: orders words at the same edit distance.
DROPPED, DROPPED_DOUBLE, SWAPPED, NEAR, FAR = 1.0, 0.9, 1.0, 1.2, 1.6
#: how much a likelier slip counts against a commoner word: a slip 0.2 likelier is worth
#: four times the papers, 0.6 likelier sixty-six times ("tactile" in 5 CoRL papers over
#: "tackle" in 15, and in 3 ICML 2024 papers over "tackle" in 110: a key struck far from
#: the one meant is a rare slip, and "tackle" no subject searched for; where "dat" is
#: still "data", in 241, not "datt", in one)
SLIP_WEIGHT = 7.0


def _near(a: str, b: str) -> bool:
    """``a`` and ``b`` are keys side by side on a QWERTY keyboard (or the same key)."""
    if a == b:
        return True
    if a not in _KEYS or b not in _KEYS:
        return False
    (row_a, col_a), (row_b, col_b) = _KEYS[a], _KEYS[b]
    if row_a == row_b:
        return abs(col_a - col_b) == 1
    if abs(row_a - row_b) != 1:
        return False
    # the rows are staggered: a key touches the two above it, at its column and the next
    upper, lower = (col_a, col_b) if row_a < row_b else (col_b, col_a)
    return upper - lower in (0, 1)


def typo_cost(typed: str, meant: str) -> float:
    """How unlikely a slip of the fingers turns ``meant`` into ``typed``: the cheapest
    edits, each costing as the slip it is (see DROPPED … FAR), a letter dropped or two
    swapped costing less than a letter struck in place of another ("tactle" is
    "tactile" with its i dropped, not "tackle" with a t struck for the k)."""
    rows, cols = len(meant) + 1, len(typed) + 1
    cost = [[0.0] * cols for _ in range(rows)]

    def dropped(i: int) -> float:  # meant[i] left out
        double = (i > 0 and meant[i - 1] == meant[i]) or meant[i + 1 : i + 2] == meant[i]
        return DROPPED_DOUBLE if double else DROPPED

    def extra(j: int) -> float:  # typed[j] struck too
        beside = typed[j - 1 : j] + typed[j + 1 : j + 2]
        return NEAR if any(_near(typed[j], other) for other in beside) else FAR

    for i in range(1, rows):
        cost[i][0] = cost[i - 1][0] + dropped(i - 1)
    for j in range(1, cols):
        cost[0][j] = cost[0][j - 1] + extra(j - 1)
    for i in range(1, rows):
        for j in range(1, cols):
            a, b = meant[i - 1], typed[j - 1]
            best = min(
                cost[i - 1][j] + dropped(i - 1),
                cost[i][j - 1] + extra(j - 1),
                cost[i - 1][j - 1] + (0.0 if a == b else NEAR if _near(a, b) else FAR),
            )
            if i > 1 and j > 1 and a == typed[j - 2] and meant[i - 2] == b:
                best = min(best, cost[i - 2][j - 2] + SWAPPED)
            cost[i][j] = best
    return cost[-1][-1]
