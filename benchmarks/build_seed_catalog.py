"""Regenerate ``seeds/catalog/icml2024-seeds.jsonl`` from the ICML 2024 metadata.

The built-in seed lists hold bare abstracts. This script matches each seed paper's
abstract against the 2,610 ICML 2024 records (with tuireader's own matcher) and writes
the matched records, in seed order, as the catalog that ships with tuireader, so the
seed papers show their real titles and authors.

    python benchmarks/build_seed_catalog.py [path/to/icml2024.jsonl]

Exits with status 1 (and writes nothing) when a seed paper finds no record.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tuireader.ingest.catalog import CatalogEntry, Matcher
from tuireader.ingest.library import load_library
from tuireader.system.resources import seeds_dir

DEFAULT_DATA = Path("/work/shared/data/icml2024.jsonl")
FIELDS = (
    "title", "authors", "abstract", "venue", "year", "url", "pdf", "openreview",
    "openreview_id", "pmlr_key", "code_urls", "project_urls",
)  # fmt: skip


def main(argv: list[str]) -> int:
    data = Path(argv[1]) if len(argv) > 1 else DEFAULT_DATA
    if not data.is_file():
        print(f"The ICML 2024 data is not at {data}; pass its path as the first argument.")
        return 2
    records = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    entries = [
        CatalogEntry(title=r["title"], authors=tuple(r["authors"]), abstract=r["abstract"])
        for r in records
    ]
    record_of = {id(entry): record for entry, record in zip(entries, records)}
    matcher = Matcher(entries)
    library = load_library([seeds_dir()])
    lines: list[str] = []
    missing = 0
    for paper in library.papers:
        match = matcher.match(paper.abstract)
        if match is None:
            missing += 1
            print(f"NO MATCH  {paper.id}  {paper.title}")
            continue
        record = record_of[id(match.entry)]
        print(f"{match.method:<6} {match.score:.3f}  {paper.id}  {record['title']}")
        lines.append(json.dumps({key: record[key] for key in FIELDS}, ensure_ascii=False))
    print(f"{len(lines)} of {len(library.papers)} seed papers matched")
    if missing:
        return 1
    target = seeds_dir() / "catalog" / "icml2024-seeds.jsonl"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
