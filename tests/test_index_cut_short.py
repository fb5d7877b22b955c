"""A segment file of the index cut short while it is searched (another process truncating
it, as ``truncate -s 3000 index/MAIN_*.seg`` does): searching goes on, the damage is said
and the index rebuilt; the process is never killed (SIGBUS, as reading it through a
memory map gave, left the terminal in the reader's modes).

Each case runs in a process of its own, so that a process killed by a signal is a
failing test, not a dead test runner.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from corpus_util import many_records, write_jsonl

REPO = Path(__file__).resolve().parents[1]
WORDS = ("diffusion", "privacy", "graphs", "kernels", "benchmark")

_SEARCH_CUT_SHORT = """
import json, os, sys
from pathlib import Path
from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

source, intact, damaged, words = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
library = load_library([source])

def answers(engine):
    found = {}
    for word in words:
        result = engine.search(word)
        found[word] = {"ids": sorted(hit.paper.id for hit in result.hits),
                       "message": result.message}
    return found

expected = answers(open_engine(library, resolve(intact).ensure()))
open_engine(library, resolve(damaged).ensure()).close()  # built, then opened again
engine = open_engine(library, resolve(damaged).ensure())
cut = {}
for segment in sorted(resolve(damaged).index_dir.glob("*.seg")):
    size = segment.stat().st_size
    cut[segment.name] = [size, min(3000, size // 4)]
    os.truncate(segment, min(3000, size // 4))
print(json.dumps({"expected": expected, "cut": cut, "found": answers(engine),
                  "status": engine.status, "messages": list(engine.messages)}))
"""


def test_a_segment_cut_short_while_searched_is_rebuilt_not_a_crash(tmp_path):
    source = write_jsonl(tmp_path / "lists" / "a.jsonl", many_records(400))
    env = {**os.environ, "PYTHONPATH": str(REPO), "TUIREADER_HOME": str(tmp_path / "home")}
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            _SEARCH_CUT_SHORT,
            str(source),
            str(tmp_path / "intact"),
            str(tmp_path / "damaged"),
            *WORDS,
        ],
        env=env,
        check=False,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-3000:])
    said = json.loads(proc.stdout)
    assert said["cut"], "the index has no compound segment file to cut short"
    assert all(size > cut for size, cut in said["cut"].values())
    found, expected = said["found"], said["expected"]
    # every word finds what the intact index finds, the first one's answer saying why
    # it came from a rebuilt index
    assert {w: found[w]["ids"] for w in WORDS} == {w: expected[w]["ids"] for w in WORDS}
    assert all(expected[w]["ids"] for w in WORDS)
    first = found[WORDS[0]]["message"] or ""
    assert "the search index was damaged" in first and "cut short" in first, first
    assert first.endswith("rebuilt it"), first
    assert said["status"].startswith("index rebuilt"), said["status"]
