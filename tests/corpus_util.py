"""Small libraries written to temporary folders for index and search tests."""

from __future__ import annotations

import json
from pathlib import Path

RECORDS = [
    {
        "title": "Bayesian Optimization with Diffusion Models",
        "authors": ["Ada Lovelace", "Alan Turing"],
        "abstract": "We study Bayesian optimisation where the surrogate is a diffusion model. "
        "Code: https://github.com/example/bodiff.",
        "venue": "ICML 2024",
        "year": 2024,
    },
    {
        "title": "Graph Neural Networks for Molecules",
        "authors": ["Grace Hopper"],
        "abstract": "Graph neural networks predict molecular properties. We introduce a new "
        "message passing scheme and evaluate it on standard benchmarks.",
        "venue": "ICML 2024",
        "year": 2024,
    },
    {
        "title": "Scaling Laws of Language Models",
        "authors": ["Claude Shannon"],
        "abstract": "Language models improve predictably with scale. Diffusion is not discussed. "
        "Our neural networks are transformers trained on web text.",
        "venue": "NeurIPS 2023",
        "year": 2023,
    },
    {
        "title": "Privacy Amplification by Subsampling",
        "authors": ["Cynthia Dwork", "Ada Lovelace"],
        "abstract": "Differential privacy guarantees improve under subsampling; we give tight "
        "bounds for the Gaussian mechanism. See https://arxiv.org/abs/2401.00001.",
        "venue": "ICML 2024",
        "year": 2024,
    },
]


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    return path


def many_records(n: int, tag: str = "") -> list[dict]:
    """``n`` distinct plain records, built deterministically from a few word lists."""
    topics = [
        "diffusion",
        "privacy",
        "graphs",
        "bandits",
        "robustness",
        "language",
        "vision",
        "kernels",
    ]
    verbs = ["improves", "analyses", "revisits", "scales", "accelerates", "regularises"]
    out = []
    for i in range(n):
        topic = topics[i % len(topics)]
        verb = verbs[(i // len(topics)) % len(verbs)]
        out.append(
            {
                "title": f"{topic.title()} study number {i}{tag}",
                "authors": [f"Author{i % 37} Person{i % 11}"],
                "abstract": f"This work {verb} {topic} methods, case {i}{tag}. "
                f"We report results on benchmark {i % 13} with seed {i}.",
            }
        )
    return out
