"""``tuireader import`` stopped (Ctrl-C, ``kill``, a closed terminal) as it saves: its
marks are taken up whole or not at all, and what was saved is said."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

#: runs the command with the signal sent to itself as the change is made (before it is
#: saved: "before"), or just after it is committed ("after")
STOPPED = textwrap.dedent(
    """
    import os, sys
    from tuireader import cli
    from tuireader.triage import store

    when = os.environ["WHEN"]
    saving = []
    real_commit, real_carry = store.Store._note_companions, store.Store.carry_over

    def committed(self):
        if saving and when == "after":
            os.kill(os.getpid(), int(os.environ["SIGNUM"]))
        return real_commit(self)

    def carry_over(self, carried, *, before_saving=None, **kwargs):
        def before(report):
            if when == "before":
                os.kill(os.getpid(), int(os.environ["SIGNUM"]))
            before_saving(report)
            saving.append(True)
        return real_carry(self, carried, before_saving=before, **kwargs)

    store.Store._note_companions = committed
    store.Store.carry_over = carry_over
    sys.exit(cli.main(sys.argv[1:]))
    """
)


def _tuireader(env, *argv, check=True):
    return subprocess.run(
        [sys.executable, "-m", "tuireader", *map(str, argv)],
        capture_output=True,
        text=True,
        env=env,
        check=check,
    )


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("when", ["before", "after"])
def test_an_import_stopped_as_it_saves_takes_up_all_or_nothing_and_says_which(
    tmp_path, signum, when
):
    lst = tmp_path / "list.jsonl"
    records = [
        {"title": f"Grasping study {n} in clutter", "abstract": f"We grasp objects, case {n}."}
        for n in range(6)
    ]
    lst.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    laptop = {**os.environ, "TUIREADER_HOME": str(tmp_path / "laptop")}
    ids = [
        h["id"] for h in json.loads(_tuireader(laptop, "search", "", lst, "--json").stdout)["hits"]
    ]
    _tuireader(laptop, "triage", *ids[:3], lst, "--state", "keep", "--tag", "rl")
    export = tmp_path / "marks.json"
    _tuireader(laptop, "export", lst, "--format", "json", "-o", export)
    remote = {
        **os.environ,
        "TUIREADER_HOME": str(tmp_path / "remote"),
        "SIGNUM": str(signum),
        "WHEN": when,
    }
    done = subprocess.run(
        [sys.executable, "-c", STOPPED, "import", str(export), str(lst)],
        capture_output=True,
        text=True,
        env=remote,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 128 + signum, done.stderr
    assert "Traceback" not in done.stderr
    found = _tuireader(remote, "search", "is:kept", lst, "--json", check=False)
    kept = json.loads(found.stdout)["hits"]
    if when == "after":
        assert "3 taken up by papers of these lists (6 changes;" in done.stderr
        assert sorted(hit["id"] for hit in kept) == sorted(ids[:3])
        assert all(hit["tags"] == ["rl"] for hit in kept)
    else:
        assert "taken up" not in done.stderr and done.stdout == ""
        assert kept == []
