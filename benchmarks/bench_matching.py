"""Benchmark: matching damaged abstracts against the ICML 2024 catalog.

Builds plain-text copies of all 2,610 ICML 2024 abstracts with one kind of damage at a
time (re-wrapped lines, swapped quotes, dropped LaTeX, a missing last sentence) and all of
them combined, plus 200 outsider abstracts that have no record in the catalog, then
reports how many find the right record, how many find a wrong one and how long it takes.

    python benchmarks/bench_matching.py [path/to/icml2024.jsonl]
"""

from __future__ import annotations

import json
import random
import re
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

from tuireader.ingest.catalog import CatalogEntry, Matcher

DEFAULT_DATA = Path("/work/shared/data/icml2024.jsonl")
SEED = 2024
OUTSIDERS = 200

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_MATH = re.compile(r"\$([^$]*)\$")
_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "eta": "η", "theta": "θ", "lambda": "λ", "mu": "μ", "pi": "π", "rho": "ρ", "sigma": "σ",
    "tau": "τ", "phi": "φ", "omega": "ω", "ell": "ℓ",
}  # fmt: skip


def load_entries(path: Path) -> list[CatalogEntry]:
    entries = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            entries.append(
                CatalogEntry(
                    title=record["title"],
                    authors=tuple(record["authors"]),
                    abstract=record["abstract"],
                    pmlr_key=record.get("pmlr_key"),
                )
            )
    return entries


def sentences(text: str) -> list[str]:
    return [part for part in _SENTENCE.split(text.strip()) if part]


def rewrap(text: str, rng: random.Random) -> str:
    return textwrap.fill(" ".join(text.split()), width=rng.randint(50, 90))


def swap_quotes(text: str, rng: random.Random) -> str:
    curly = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
    if any(char in text for char in "‘’“”"):
        return text.translate(curly)
    out, double_open, single_open = [], True, True
    for index, char in enumerate(text):
        if char == '"':
            out.append("“" if double_open else "”")
            double_open = not double_open
        elif char == "'":
            before = text[index - 1] if index else " "
            if before.isalnum():
                out.append("’")  # apostrophe
            else:
                out.append("‘" if single_open else "’")
                single_open = not single_open
        else:
            out.append(char)
    return "".join(out)


def drop_latex(text: str, rng: random.Random) -> str:
    def one(match: re.Match[str]) -> str:
        body = match.group(1)
        choice = rng.random()
        if choice < 0.4:
            return ""  # the formula vanishes
        words = re.sub(r"\\([A-Za-z]+)", lambda m: _GREEK.get(m.group(1), m.group(1)), body)
        if choice < 0.7:
            return words.replace("{", "").replace("}", "")  # ε, or the bare words
        return re.sub(r"\\([A-Za-z]+)", r"\1", body).replace("{", "").replace("}", "")

    return _MATH.sub(one, text)


def drop_last_sentence(text: str, rng: random.Random) -> str:
    parts = sentences(text)
    return " ".join(parts[:-1]) if len(parts) > 1 else text


def combined(text: str, rng: random.Random) -> str:
    for damage in (drop_latex, drop_last_sentence, swap_quotes, rewrap):
        text = damage(text, rng)
    return text


DAMAGES: dict[str, Callable[[str, random.Random], str]] = {
    "re-wrapped lines": rewrap,
    "quotes swapped": swap_quotes,
    "dropped LaTeX": drop_latex,
    "missing last sentence": drop_last_sentence,
    "all combined": combined,
}


def outsiders(entries: list[CatalogEntry], rng: random.Random) -> list[tuple[str, str]]:
    """Abstracts with no true record: (kind, text)."""
    abstracts = [entry.abstract for entry in entries]
    vocabulary = [word for text in rng.sample(abstracts, 200) for word in text.split()]
    made: list[tuple[str, str]] = []
    for _ in range(OUTSIDERS // 3):  # sentences from several different abstracts
        donors = rng.sample(abstracts, 4)
        made.append(("mixed sentences", " ".join(rng.choice(sentences(d)) for d in donors)))
    for _ in range(OUTSIDERS // 3):  # a real abstract with 40% of its words replaced
        words = rng.choice(abstracts).split()
        for index in rng.sample(range(len(words)), int(len(words) * 0.4)):
            words[index] = rng.choice(vocabulary)
        made.append(("40% words replaced", " ".join(words)))
    while len(made) < OUTSIDERS:  # same opening as a real abstract, different findings
        first, second = rng.sample(abstracts, 2)
        head, tail = sentences(first), sentences(second)
        keep = max(1, len(head) // 2)
        made.append(("shared opening", " ".join(head[:keep] + tail[len(tail) // 2 :])))
    return made


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_DATA
    if not path.is_file():
        print(f"The ICML 2024 data is not at {path}; pass its path as the first argument.")
        return 2
    entries = load_entries(path)
    rng = random.Random(SEED)

    build_wall, build_cpu = [], []
    for _ in range(3):  # best of three: the machine may be busy with other work
        wall, cpu = time.perf_counter(), time.process_time()
        matcher = Matcher(entries)
        build_wall.append(time.perf_counter() - wall)
        build_cpu.append(time.process_time() - cpu)
    build_seconds, build_cpu_seconds = min(build_wall), min(build_cpu)

    print(f"{len(entries)} catalog records from {path}")
    print(f"build matcher: {build_seconds:.3f} s wall, {build_cpu_seconds:.3f} s CPU\n")
    header = (
        f"{'damage':<24}{'right':>8}{'share':>9}{'wrong':>7}{'none':>6}{'fuzzy':>7}"
        f"{'wall s':>8}{'cpu s':>8}"
    )
    print(header)
    print("-" * len(header))
    worst = worst_cpu = 0.0
    for name, damage in DAMAGES.items():
        queries = [damage(entry.abstract, rng) for entry in entries]
        wall, cpu = time.perf_counter(), time.process_time()
        results = [matcher.match(query) for query in queries]
        seconds = time.perf_counter() - wall
        cpu_seconds = time.process_time() - cpu
        worst = max(worst, seconds)
        worst_cpu = max(worst_cpu, cpu_seconds)
        right = sum(1 for entry, m in zip(entries, results) if m and m.entry is entry)
        wrong = sum(1 for entry, m in zip(entries, results) if m and m.entry is not entry)
        fuzzy = sum(1 for m in results if m and m.method == "fuzzy")
        none = sum(1 for m in results if m is None)
        share = 100 * right / len(entries)
        print(
            f"{name:<24}{right:>8}{share:>8.2f}%{wrong:>7}{none:>6}{fuzzy:>7}{seconds:>8.3f}{cpu_seconds:>8.3f}"
        )
        for entry, query, m in zip(entries, queries, results):
            if m is None or m.entry is not entry:
                got = m.entry.pmlr_key if m else "no match"
                print(f"    missed {entry.pmlr_key}: got {got}")

    made = outsiders(entries, rng)
    started = time.perf_counter()
    false = [(kind, matcher.match(text)) for kind, text in made]
    seconds = time.perf_counter() - started
    false_count = sum(1 for _, m in false if m is not None)
    print(
        f"{'outsiders (no record)':<24}{len(made):>8}{'':>9}{false_count:>7}{'':>6}{'':>7}{seconds:>8.3f}"
    )
    for kind, m in false:
        if m is not None:
            print(f"    false match ({kind}): {m.entry.pmlr_key} score {m.score}")
    total, total_cpu = build_seconds + worst, build_cpu_seconds + worst_cpu
    print(
        f"\nbuild + match {len(entries):,} (slowest damage): {total:.3f} s wall, {total_cpu:.3f} s CPU"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
