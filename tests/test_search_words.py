"""Words of a text as the search sees them: ASCII text takes a shortcut that must find
exactly what the general (CJK-aware) pattern finds."""

from __future__ import annotations

import re

import pytest

from tuireader.search import analysis
from tuireader.search.analysis import is_cjk, raw_words

TEXTS = [
    "Diffusion Models for Image-to-Image Translation",
    "the_snake_case and CamelCase2Words, v1.2.3; x86-64 (GPT-4o) at 10^-3",
    "  leading and trailing spaces  \t\n and a stop word: the of and",
    "__init__ __ _ 3.14159 e=mc2 ~ tilde/slash\\back",
    "",
]


def _general(text: str, stops: bool) -> list[tuple[str, int, int]]:
    """What raw_words gives through the general pattern (the text made non-ASCII at its
    end, past every word, so the shortcut is not taken)."""
    return list(raw_words(text + " é", stops=stops))[:-1] if text else []


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("stops", [True, False])
def test_ascii_text_gives_the_words_of_the_general_pattern(text: str, stops: bool) -> None:
    assert list(raw_words(text, stops=stops)) == _general(text, stops)
    pattern = re.compile(rf"[^\W_{analysis._CJK}]+")
    words = [m.group().lower() for m in pattern.finditer(text)]
    assert [w for w, _, _ in raw_words(text, stops=False)] == words


def test_cjk_still_splits_into_bigrams_and_is_recognised() -> None:
    assert [w for w, _, _ in raw_words("深度学习 model")] == ["深度", "度学", "学习", "model"]
    assert is_cjk("学习") and not is_cjk("model") and not is_cjk("modèle")
    assert analysis.LATIN_WORD.findall("深度 model") == ["model"]
