"""Derived titles for papers known only by their abstracts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.titles import MAX_TITLE, derive_title, derive_titles, method_name

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "fixtures" / "text" / "icml2024_sample.jsonl"


def seed_abstracts() -> list[str]:
    """Every distinct abstract of the bundled seed lists (first line is the list name)."""
    abstracts: list[str] = []
    for path in sorted((ROOT / "seeds").glob("*.txt")):
        paragraphs = path.read_text(encoding="utf-8").split("\n\n")
        for paragraph in paragraphs[1:]:
            paragraph = paragraph.strip()
            if paragraph and paragraph not in abstracts:
                abstracts.append(paragraph)
    return abstracts


SEEDS = seed_abstracts()


def seed_with(word: str) -> str:
    return next(a for a in SEEDS if word in a)


def assert_clean(title: str) -> None:
    assert title and title == title.strip()
    assert "\n" not in title and "$" not in title and "*" not in title and "\\" not in title
    assert len(title) <= MAX_TITLE
    assert title[-1] not in ".,;:!?"


def test_seed_lists_hold_36_papers() -> None:
    assert len(SEEDS) == 36


def test_every_seed_paper_gets_a_clean_distinct_title() -> None:
    titles = derive_titles(SEEDS)
    for title in titles:
        assert_clean(title)
    assert len(set(titles)) == len(SEEDS)
    # derive_title alone is already distinct on the seeds
    assert len({derive_title(a) for a in SEEDS}) == len(SEEDS)


@pytest.mark.parametrize(
    ("word", "title"),
    [
        ("Boximator", "Boximator: A new approach for fine-grained motion control"),
        ("DoGE", "DoGE: DOmain reweighting with Generalization Estimation"),
        ("SymGNN", "SymGNN: Symmetrized GNN model that is E(3)-invariant in expectation"),
        ("Leddam", "Leddam: LEarnable Decomposition and Dual Attention Module"),
        ("VQ-MTM", "VQ-MTM: Vector Quantization Masked Time-Series Modeling"),
        ("DIDI", "DIDI: DIffusion-guided DIversity for offline behavioral generation"),
        ("IGSG", "IGSG: Integrated Gradient-Smoothed Gradient"),
        ("PwP", "PwP: Pricing with Perturbation"),
        ("GLWS", "GLWS: General framework for learning from weak supervision"),
    ],
)
def test_method_names_introduced_by_the_abstract_lead_the_title(word: str, title: str) -> None:
    abstract = seed_with(word)
    assert method_name(abstract) == word
    assert derive_title(abstract) == title


def test_multi_word_method_name() -> None:
    title = derive_title(seed_with("Tilt and Average"))
    assert title.startswith("Tilt and Average: An algorithm that transforms the weights")


@pytest.mark.parametrize(
    "word",
    ["Artificial General Intelligence", "GPT-4 Turbo", "Reinforcement Learning (RL)",
     "deep neural network (DNN)", "Value-at-Risk (VaR)", "Neural Collapse (NC)"],
)  # fmt: skip
def test_common_acronyms_are_not_taken_for_the_method(word: str) -> None:
    assert method_name(seed_with(word)) is None


def test_without_a_method_the_first_sentence_is_cut_at_a_word() -> None:
    abstract = seed_with("Value-at-Risk (VaR)")
    title = derive_title(abstract)
    assert title.startswith("We tackle the problem of estimating risk measures")
    assert title.endswith("…")
    assert abstract.startswith(title[:-1])  # cut at a word boundary


def test_short_first_sentence_is_the_whole_title() -> None:
    assert derive_title(seed_with("What is *agency,*")) == "What is agency, and why does it matter"


def test_math_and_markup_are_rendered_in_titles() -> None:
    title = derive_title(
        r"We prove an $\Omega(1/\epsilon^2)$ bound for *robust* $\mathcal{S}$-learning. More."
    )
    assert title == "We prove an Ω(1/ε²) bound for robust 𝒮-learning"


def test_first_sentence_is_not_split_at_abbreviations() -> None:
    title = derive_title("Multimodal models (e.g. GPT-4) are big. We study them.")
    assert title == "Multimodal models (e.g. GPT-4) are big"


def test_empty_abstract_still_gets_a_title() -> None:
    assert derive_title("") and derive_title("   \n ") == derive_title("")


def test_batch_disambiguates_different_abstracts_with_the_same_title() -> None:
    first = "We propose Foo, a new method. It works on graphs and is fast."
    second = "We propose Foo, a new method. It works on images instead."
    assert derive_title(first) == derive_title(second)
    titles = derive_titles([first, second, first])
    assert titles[0] != titles[1]
    assert titles[0] == titles[2]  # the same paper keeps one title
    for title in titles:
        assert_clean(title)


def test_real_abstracts_get_clean_titles() -> None:
    records = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
    titles = derive_titles([r["abstract"] for r in records])
    assert len(set(titles)) == len(records)
    for title in titles:
        assert_clean(title)
    by_key = dict(zip((r["pmlr_key"] for r in records), titles, strict=True))
    assert by_key["abad-rocamora24a"].startswith(
        "Charmer: An efficient query-based adversarial attack"
    )
