"""Long-query benchmark: a page of words searched over the real ICML 2024 catalog.

    python benchmarks/bench_long_queries.py
    python benchmarks/bench_long_queries.py --words 64 1000 3000 --repeat 3

A query is searched for its first ``query.MAX_WORDS`` words only; what it costs should
not grow with the words after them. For each length, two queries with a fixed seed:
random letters (no word of the catalog: each is looked at for a spelling suggestion)
and words drawn from the catalog's abstracts. Prints the median time of
``Engine.search`` (and of ``query.parse`` alone) per query, in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import string
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import corpus


def queries(count: int, records: list[dict]) -> dict[str, str]:
    """The queries of ``count`` words: random letters, and words of the abstracts."""
    letters = random.Random(count)
    made = " ".join(
        "".join(letters.choice(string.ascii_lowercase) for _ in range(letters.randint(3, 10)))
        for _ in range(count)
    )
    words = [w for r in records for w in (r.get("abstract") or "").split()]
    drawn = random.Random(count + 1)
    return {"random letters": made, "abstract words": " ".join(drawn.choices(words, k=count))}


def timed(call, repeat: int) -> float:  # type: ignore[no-untyped-def]
    spent = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        spent.append((time.perf_counter() - started) * 1000)
    return statistics.median(spent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", nargs="+", type=int, default=[64, 1000, 3000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "tuireader-bench"))
    args = parser.parse_args()
    if corpus.icml_path() is None:
        print(f"benchmark data not found at {corpus.ICML}; set TUIREADER_ICML", file=sys.stderr)
        return 2
    from tuireader.ingest.library import load_library
    from tuireader.search import query as ql
    from tuireader.search.engine import open_engine
    from tuireader.system.paths import resolve

    records = corpus.load_records()
    library = load_library([corpus.icml_path()])
    paths = resolve(Path(args.workdir) / "data-long-queries")
    engine = open_engine(library, paths)
    engine.search("warm up")
    print(f"{len(library)} papers; median of {args.repeat} runs, ms")
    print(f"{'words':>6} {'query':>15} {'parse ms':>9} {'search ms':>10}  message")
    for count in args.words:
        for name, text in queries(count, records).items():
            parse_ms = timed(lambda text=text: ql.parse(text), args.repeat)
            result = engine.search(text, limit=20)
            search_ms = timed(lambda text=text: engine.search(text, limit=20), args.repeat)
            said = (result.message or "")[:60]
            print(f"{count:>6} {name:>15} {parse_ms:>9.1f} {search_ms:>10.1f}  {said}")
    engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
