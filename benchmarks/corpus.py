"""Corpora for the benchmarks: the real ICML 2024 catalog and a synthetic scale-up.

The real file is ``../shared/data/icml2024.jsonl`` next to the checkout (or the path in
``$TUIREADER_ICML``). The synthetic corpus recombines its sentences, titles and authors
with a fixed seed, so every run measures the same 100,000 texts.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICML = Path(os.environ.get("TUIREADER_ICML", ROOT.parent / "shared" / "data" / "icml2024.jsonl"))

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def icml_path() -> Path | None:
    return ICML if ICML.is_file() else None


def load_records(path: Path | None = None) -> list[dict]:
    path = path or icml_path()
    if path is None:
        raise SystemExit(f"benchmark data not found: {ICML} (set TUIREADER_ICML)")
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def synthetic_records(records: list[dict], n: int, seed: int = 2024) -> list[dict]:
    """``n`` distinct records mixing the sentences, titles and authors of ``records``."""
    rng = random.Random(seed)
    sentences = [s for r in records for s in _SENTENCE.split(r["abstract"]) if s]
    titles = [r["title"] for r in records]
    authors = [a for r in records for a in r["authors"]]
    out = []
    for i in range(n):
        base = records[i % len(records)]
        k = rng.randint(4, 9)
        abstract = " ".join(rng.sample(sentences, k))
        title_words = rng.choice(titles).split()
        rng.shuffle(title_words)
        out.append(
            {
                "title": " ".join(title_words),
                "authors": rng.sample(authors, rng.randint(1, 6)),
                "abstract": f"{abstract} (Synthetic record {i}.)",
                "year": base["year"],
                "venue": base["venue"],
                "url": f"https://example.org/synthetic/{i}",
            }
        )
    return out


def write_jsonl(records: list[dict], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def corpus_source(n: int | None, folder: Path, per_file: int = 5000) -> Path:
    """The real catalog (``n`` None), or a cached folder of ``n`` synthetic records.

    The synthetic corpus is split into files of ``per_file`` records, the way a large
    library of many conference lists looks (and below the reader's per-file size limit).
    """
    records = load_records()
    if n is None:
        return icml_path()  # type: ignore[return-value]
    target = folder / f"synthetic-{n}"
    done = target / ".complete"
    if not done.is_file():
        synthetic = synthetic_records(records, n)
        for start in range(0, n, per_file):
            write_jsonl(
                synthetic[start : start + per_file], target / f"part-{start // per_file:03d}.jsonl"
            )
        done.write_text("ok\n")
    return target
