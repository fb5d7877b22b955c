"""Phrase checks on text: the same terms in a row as the tokenizer would give them."""

from __future__ import annotations

import re

import pytest

from tuireader.search.analysis import (
    Phrase,
    ascii_words,
    math_words,
    raw_words,
    stem,
    term_counts,
    term_positions,
)


@pytest.mark.parametrize(
    ("phrase", "text", "found"),
    [
        ("graph neural network", "We use Graph Neural Networks here.", True),
        ("graph neural network", "graph, the neural network", True),  # a stop word between
        ("graph neural network", "graph neural-network", True),
        ("graph neural network", "neural graph network", False),
        ("graph neural network", "graph neural nets work", False),
        ("in-context learning", "in context, learning", True),
        ("diffusion models", "A diffusion model.", True),
        ("modeling", "models", True),  # same stem
        ("model", "modest", False),  # same letters, another stem
        ("论文列表", "ICML 2024 论文列表", True),
        ("论文列表", "ICML 2024 论文 列表", False),
        ("café latte", "CAFE LATTE", True),
        ("x_y", "x y", True),  # "_" separates words, as in the tokenizer
        # a phrase that says a stop word: that word where it says it, no other between
        ("in context", "In-Context Learning", True),
        ("in context", "learned in the context of games", False),
        ("in context", "within context", False),
        ("learning to rank", "Learning-to-Rank", True),
        ("learning to rank", "learning of rank", False),
        ("learning to rank", "learning to the rank", False),
    ],
)
def test_phrase_found_in(phrase, text, found):
    assert Phrase(phrase).found_in(text) is found


def test_a_phrase_of_stop_words_only_matches_nothing():
    assert not Phrase("of the")
    assert Phrase("of the").found_in("of the") is False


def test_phrase_agrees_with_token_positions():
    """A two-word phrase is found exactly when the second term follows the first."""
    text = "Diffusion models, and the models of diffusion, model the diffusing of heat."
    positions = term_positions(text)
    words = {w for w, _, _ in raw_words(text)}
    for first in words:
        for second in words:
            adjacent = any(p + 1 in positions[stem(second)] for p in positions[stem(first)])
            assert Phrase(f"{first} {second}").found_in(text) is adjacent, (first, second)


@pytest.mark.parametrize(
    "text",
    [
        "Diffusion models, and the models of diffusion, model the diffusing of heat.",
        "The THE the a of",
        "ICML 2024 论文列表 and 论文 again; Müller, naïve café x_y_z models",
        "",
    ],
)
@pytest.mark.parametrize("stemming", [True, False])
def test_term_counts_are_term_positions_counted(text, stemming):
    expected = {term: len(at) for term, at in term_positions(text, stemming=stemming).items()}
    found = term_counts(text, stemming=stemming)
    assert list(found.items()) == list(expected.items())  # same order of first occurrence


@pytest.mark.parametrize(
    "text",
    [
        "Diffusion models (DMs), e.g. x_y-z 0.4% to 12.2%; https://github.com/a/b.",
        "",
        "  \t\n",
        "a",
    ],
)
def test_ascii_words_are_the_tokenizers_words(text):
    assert [w.lower() for w in ascii_words(text)] == [w for w, _, _ in raw_words(text, stops=False)]


def _math(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` between ``[`` and ``]``, as places in it without them."""
    return [
        (m.start() - 2 * i, m.end() - 2 * i - 2)
        for i, m in enumerate(re.finditer(r"\[[^]]*\]", text))
    ]


@pytest.mark.parametrize(
    ("shown", "words"),
    [
        ("[²]", []),  # the math alone: indexed as it is
        ("E[²]GAN: Efficient", ["E²GAN"]),
        ("S[²]IP-LLM", ["S²IP"]),
        ("RoboMP[²]: A", ["RoboMP²"]),
        ("[Φ_Flow]: Differentiable", ["ΦFlow", "PhiFlow"]),
        ("S[Ω]I and S[Ω]I", ["SΩI", "SOmegaI"]),
        ("the [ϑ]net", ["ϑnet", "thetanet"]),
        ("O[n] Learning", ["On"]),
        ("[x^T] and [O(n log n)] time", ["xT"]),
        ("Plain [α]-RNN, [ℓ₀] norms", []),
        ("Smith[†] and [k]-means", []),
        ("in [O(n)]time, [x+]y", []),  # beside math, not part of it
        ("[a] [b]c [d]", ["bc"]),
    ],
)
def test_math_words_are_the_words_math_is_part_of_as_typed(shown, words):
    text = re.sub(r"[][]", "", shown)
    assert math_words(text, _math(shown)) == words
