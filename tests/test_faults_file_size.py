"""Commands under a limit on a file's size (``ulimit -f``): what cannot be written is
said in words, with 2, and nothing half saved."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

resource = pytest.importorskip("resource")

LIMIT = 64 << 10


def _list(tmp_path):
    path = tmp_path / "list.jsonl"
    records = [
        {
            "title": f"Study {n} of grasping in clutter with a parallel gripper",
            "authors": [f"Author {n}", "Ann Lee"],
            "abstract": f"We study grasping in setting {n} with careful experiments. " * 3,
        }
        for n in range(300)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def _run(argv, *, limited: bool, stdout=subprocess.PIPE):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-m", "tuireader", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        check=False,
        preexec_fn=_limited if limited else None,
        timeout=120,
    )


def test_output_into_a_file_past_the_size_limit_is_said_in_words(tmp_path):
    # `tuireader export --format json > all.json` under `ulimit -f` said
    # "unexpected error (OSError: [Errno 27] File too large)"
    lst = _list(tmp_path)
    assert _run(["search", "grasping", str(lst)], limited=False).returncode == 0
    with open(tmp_path / "all.json", "w") as out:
        done = _run(["export", "--format", "json", str(lst)], limited=True, stdout=out)
    assert done.returncode == 2
    assert done.stderr.endswith("tuireader: could not write the output: File too large\n")
    assert "unexpected" not in done.stderr


def test_a_triage_file_stopped_by_the_size_limit_says_so_and_saves_nothing(tmp_path):
    # it said "could not be opened (disk I/O error)", which named no cause
    lst = _list(tmp_path)
    found = _run(["search", "", str(lst), "--json", "--limit", "300"], limited=False)
    ids = [hit["id"] for hit in json.loads(found.stdout)["hits"]]
    assert _run(["triage", ids[0], "--state", "keep", str(lst)], limited=False).returncode == 0
    done = _run(["triage", *ids, "--tag", "big", str(lst)], limited=True)
    assert done.returncode == 2
    assert "cannot grow past the limit on a file's size" in done.stderr
    assert "ulimit -f" in done.stderr and "not saved" in done.stderr
    shown = _run(["search", "tag:big", str(lst)], limited=False)
    assert shown.returncode == 1 and shown.stdout == ""
    # without the limit, the same command saves it all
    assert _run(["triage", *ids, "--tag", "big", str(lst)], limited=False).returncode == 0
    shown = _run(["search", "tag:big", str(lst), "--json", "--limit", "300"], limited=False)
    assert json.loads(shown.stdout)["total"] == 300
