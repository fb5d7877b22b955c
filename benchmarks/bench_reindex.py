"""Keys while the index is rebuilt: how long until each one shows on screen.

A user adds a copy of the ICML 2024 list (2,610 papers) with two abstracts edited,
removes it again, and starts the reader, whose index is then built anew. While it is
(the status line says "index: indexing"), they press Enter (to the list), ``Y`` (the
citation menu), ``a`` (copy as RIS), Esc and ``e`` (a query), each once the one before
it shows. The reader runs in a tmux pane of 80×24 of a private tmux server, whose
screen is read every 10 ms; a key's time runs from ``tmux send-keys`` to the first
screen that shows it:

* ``Enter``: the list's title says the keys act on its highlighted paper;
* ``Y``: the menu "Copy the citation as…" is up;
* ``a``: the menu is gone; ``a copied``: the notice "Copied RIS citation" is up;
* ``Esc e``: the search box holds "e".

Each key is also timed with the index ready (the same reader, after the build), the
machine's own pace for comparison; "during build" counts the keys that showed while
the status line still said "indexing" (a key that waits for the build shows after it).
``build s``: from the first "indexing" to "index: ready".

Run: ``python benchmarks/bench_reindex.py [--rounds 3] [--cmd "python -m tuireader"]``.
``--cmd`` runs another build (e.g. ``env PYTHONPATH=/tmp/old python -m tuireader``) for
before/after numbers. The ICML list is ``$TUIREADER_ICML``, else
``../shared/data/icml2024.jsonl`` next to the checkout, else
``/work/shared/data/icml2024.jsonl`` (read only: the copy and the data folders are made
under ``--work``, a temporary folder by default). Needs tmux.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZE = (80, 24)
POLL = 0.01
#: a bound for a reader that never gets there (a step takes seconds at most)
LIMIT = 300.0

Shown = Callable[[str], bool]
#: the steps: name, keys sent at once, and what shows that they were handled
STEPS: list[tuple[str, list[str], Shown]] = [
    ("Enter", ["Enter"], lambda s: "keys act on the highlighted paper" in s),
    ("Y", ["Y"], lambda s: "Copy the citation as" in s),
    ("a", ["a"], lambda s: "Copy the citation as" not in s),
    ("a copied", [], lambda s: "Copied RIS citation" in s),
    ("Esc e", ["Escape", "e"], lambda s: _search_line(s).startswith("e")),
]


def _search_line(screen: str) -> str:
    lines = screen.splitlines()
    return lines[1].strip("▊▎ ").strip() if len(lines) > 1 else ""


def icml_source() -> Path:
    named = os.environ.get("TUIREADER_ICML")
    for path in (
        Path(named) if named else None,
        HERE.parents[1] / "shared" / "data" / "icml2024.jsonl",
        Path("/work/shared/data/icml2024.jsonl"),
    ):
        if path is not None and path.is_file():
            return path
    raise SystemExit("ICML 2024 not found (set TUIREADER_ICML)")


def edited_copy(source: Path, work: Path) -> Path:
    """The ICML list with the abstracts of two papers edited."""
    lines = source.read_text(encoding="utf-8").splitlines()
    for number in (5, 100):
        record = json.loads(lines[number])
        record["abstract"] = f"{record['abstract']} This sentence was added."
        lines[number] = json.dumps(record, ensure_ascii=False)
    copy = work / "icml2024_edit.jsonl"
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return copy


def prepare(cmd: list[str], source: Path, work: Path) -> Path:
    """A data folder as the user's steps leave it: ICML added, the copy added and
    removed again; no index yet."""
    home = work / "template"
    shutil.rmtree(home, ignore_errors=True)
    env = {**os.environ, "TUIREADER_HOME": str(home)}
    copy = edited_copy(source, work)
    for args in (["add", str(source)], ["add", str(copy)], ["remove", "icml2024_edit"]):
        subprocess.run([*cmd, *args], env=env, check=True, capture_output=True, cwd=work)
    shutil.rmtree(home / "index", ignore_errors=True)
    return home


class Pane:
    """The reader in a pane of a tmux server of its own."""

    def __init__(self, cmd: list[str], home: Path, work: Path) -> None:
        self.socket = f"bench-reindex-{os.getpid()}"
        line = shlex.join(["env", f"TUIREADER_HOME={home}", "TERM=xterm-256color", *cmd])
        self.tmux("kill-server", check=False)
        width, height = SIZE
        self.tmux(
            "-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height),
            "-c", str(work), line,
        )  # fmt: skip

    def tmux(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=False
        )
        if check and done.returncode:
            raise RuntimeError(f"tmux {args[0]}: {done.stderr.strip()}")
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p")

    def until(self, shown: Shown) -> tuple[float, str]:
        started = time.monotonic()
        while True:
            screen = self.screen()
            if shown(screen):
                return time.monotonic(), screen
            if time.monotonic() - started > LIMIT:
                raise TimeoutError(f"not shown after {LIMIT:.0f} s:\n{screen}")
            time.sleep(POLL)

    def close(self) -> None:
        self.tmux("kill-server", check=False)


def steps(pane: Pane) -> dict[str, tuple[float, bool]]:
    """Each step's time (s), and whether it showed while the index was being built."""
    out: dict[str, tuple[float, bool]] = {}
    sent = time.monotonic()
    for name, keys, shown in STEPS:
        if keys:
            sent = time.monotonic()
            pane.tmux("send-keys", *keys)
        at, screen = pane.until(shown)
        out[name] = (at - sent, "index: indexing" in screen)
    return out


def one_round(cmd: list[str], template: Path, work: Path, number: int) -> dict:
    # a data folder of its own: a reader closed by the round before may still be saving
    # its last query into its own (which would come back in the next, the Enter waiting
    # for that query's results)
    home = work / f"home-{number}"
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(template, home)
    pane = Pane(cmd, home, work)
    try:
        started, _ = pane.until(lambda s: "index: indexing" in s)
        building = steps(pane)
        ready, _ = pane.until(lambda s: "index: ready" in s)
        pane.tmux("send-keys", "Escape", "Escape")  # the query cleared, to the list
        pane.until(lambda s: "index: ready" in s and not _search_line(s).startswith("e"))
        idle = steps(pane)
    finally:
        pane.close()
    return {"building": building, "idle": idle, "build": ready - started}


def report(rounds: list[dict], cmd: list[str]) -> None:
    print(f"{shlex.join(cmd)}: {len(rounds)} round(s), ICML 2024 (2,610 papers), 80×24")
    cpus, load = os.cpu_count(), os.getloadavg()[0]
    print(f"(on {cpus} CPUs, load average {load:.1f}: the numbers grow with the machine's load)")
    print(
        f"{'key':<10} {'building ms p50':>16} {'max':>7} {'during build':>13}   {'ready ms p50':>13} {'max':>7}"
    )
    for name, _keys, _shown in STEPS:
        building = [r["building"][name][0] * 1000 for r in rounds]
        during = sum(r["building"][name][1] for r in rounds)
        idle = [r["idle"][name][0] * 1000 for r in rounds]
        print(
            f"{name:<10} {statistics.median(building):>16.0f} {max(building):>7.0f}"
            f" {during:>9}/{len(rounds):<3}   {statistics.median(idle):>13.0f} {max(idle):>7.0f}"
        )
    builds = [r["build"] for r in rounds]
    print(f"build s: {statistics.median(builds):.1f} (p50), {max(builds):.1f} (max)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cmd", default=f"{shlex.quote(sys.executable)} -m tuireader")
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is not installed")
    cmd = shlex.split(args.cmd)
    work = args.work or Path(tempfile.mkdtemp(prefix="bench-reindex-"))
    work.mkdir(parents=True, exist_ok=True)
    template = prepare(cmd, icml_source(), work)
    rounds = [one_round(cmd, template, work, number) for number in range(args.rounds)]
    report(rounds, cmd)
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
