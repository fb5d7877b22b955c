"""Fault trials for the search index: damaged files, killed builds, full disks.

    python benchmarks/faults_index.py [--kills 20] [--seed 11] [--work DIR]

Each trial damages the index (or kills or starves its writer), then checks with the
command line that ``tuireader search`` prints the right total without a traceback,
that no process of the data folder is left running, and that no ``index.new-*``
folder is left once the next writer ran. Full-disk trials need root and ``mount``
(a small tmpfs); they are skipped, and say so, otherwise. Prints trials / passed
per kind; exits 1 if any trial failed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from corpus import icml_path, load_records, synthetic_records

QUERY = "neural"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}


def tui(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tuireader", "--data-dir", str(data), *args],
        check=False,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=600,
    )


def search(data: Path, source: Path) -> tuple[int | None, str, float]:
    """The total of QUERY (None: no answer, or a failed command's), stderr, seconds taken.
    A search that finds nothing answers, with its total (0) and exit code 1."""
    started = time.monotonic()
    done = tui(data, "search", "--json", QUERY, str(source))
    seconds = time.monotonic() - started
    try:
        total = json.loads(done.stdout)["total"] if done.returncode in (0, 1) else None
    except (ValueError, KeyError, TypeError):
        total = None
    return total, done.stderr, seconds


def processes_of(data: Path) -> list[int]:
    """Pids (not this one) whose command line names the data folder."""
    found = []
    needle = str(data).encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            if needle in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
    return found


def leftovers(data: Path) -> list[str]:
    return sorted(p.name for p in data.glob("index.new-*")) + sorted(
        p.name for p in data.glob("index.old-*")
    )


def unreferenced(data: Path) -> list[str]:
    """Files of the index folder its TOC does not list (half-written leftovers)."""
    from whoosh import index

    folder = data / "index"
    if not folder.exists():
        return []
    try:
        ix = index.open_dir(str(folder))
        keep = {
            f"_MAIN_{ix.latest_generation()}.toc",
            "tuireader.json",
            "vocab.json",
            "MAIN_WRITELOCK",
        }
        prefixes = tuple(f"{s.segment_id()}." for s in ix._segments())
        ix.close()
    except Exception:  # noqa: BLE001 - an unreadable index is rebuilt whole
        return []
    return [
        p.name for p in folder.iterdir() if p.name not in keep and not p.name.startswith(prefixes)
    ]


class Tally:
    def __init__(self) -> None:
        self.kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.failures: list[str] = []

    def record(self, kind: str, problems: list[str]) -> None:
        self.kinds[kind][0] += 1
        if problems:
            self.failures.append(f"{kind}: {'; '.join(problems)}")
        else:
            self.kinds[kind][1] += 1
        mark = "ok  " if not problems else "FAIL"
        print(f"  {mark} {kind}" + (f": {'; '.join(problems)}" if problems else ""), flush=True)


def check_search(data: Path, source: Path, want: int, *, slow: float = 60.0) -> list[str]:
    total, err, seconds = search(data, source)
    problems = []
    if "Traceback" in err:
        problems.append("traceback: " + err.strip().splitlines()[-1])
    if total != want:
        said = err.strip().splitlines()[-1:] if "Traceback" not in err else []
        problems.append(f"total {total}, want {want}" + "".join(f" ({s})" for s in said))
    if seconds > slow or "waiting for another" in err:
        problems.append(f"waited ({seconds:.1f} s)")
    return problems


def after_checks(data: Path) -> list[str]:
    problems = []
    if pids := processes_of(data):
        problems.append(f"processes left: {pids}")
    if left := leftovers(data):
        problems.append(f"leftovers: {left}")
    if extra := unreferenced(data):
        problems.append(f"unreferenced files: {extra}")
    return problems


# -- damaged files ------------------------------------------------------------------------


def _kinds(folder: Path) -> dict[str, Path]:
    out = {}
    for path in sorted(folder.iterdir()):
        if path.suffix in (".seg", ".toc") and path.suffix not in out:
            out[path.suffix] = path
    out["manifest"] = folder / "tuireader.json"
    out["vocab"] = folder / "vocab.json"
    return out


def _damage(path: Path, how: str, rng: random.Random) -> None:
    stat = path.stat()
    if how == "delete":
        path.unlink()
    elif how == "truncate-half":
        os.truncate(path, stat.st_size // 2)
    elif how == "truncate-0":
        os.truncate(path, 0)
    elif how.startswith("scramble"):
        with path.open("r+b") as handle:
            for _ in range(max(16, stat.st_size // 500)):
                handle.seek(rng.randrange(max(1, stat.st_size)))
                handle.write(bytes([rng.randrange(256)]))
        if how == "scramble-same-mtime":  # a change no stat can see
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def file_trials(tally: Tally, work: Path, source: Path, want: int, rng: random.Random) -> None:
    print("damaged index files", flush=True)
    data = work / "files"
    for how in ("truncate-half", "truncate-0", "delete", "scramble", "scramble-same-mtime"):
        for kind in (".seg", ".toc", "manifest", "vocab"):
            tui(data, "index", "--rebuild", str(source))
            _damage(_kinds(data / "index")[kind], how, rng)
            problems = check_search(data, source, want)  # this run
            problems += [f"later run: {p}" for p in check_search(data, source, want)]
            problems += after_checks(data)
            tally.record(f"{how} {kind}", problems)


def read_only_trials(tally: Tally, work: Path, source: Path, want: int) -> None:
    print("read-only data folder (bind mount)", flush=True)
    data, view = work / "ro-data", work / "ro-view"
    view.mkdir(parents=True, exist_ok=True)
    for damaged in (False, True):
        tui(data, "index", "--rebuild", str(source))
        if damaged:
            seg = next((data / "index").glob("*.seg"))
            os.truncate(seg, seg.stat().st_size // 2)
        if not _mount(["--bind", str(data), str(view)]):
            print("  skipped: mount is not available (needs root)")
            return
        try:
            if not _mount(["-o", "remount,ro,bind", str(view)]):
                print("  skipped: a read-only remount is not available")
                return
            problems = check_search(view, source, want) + check_search(view, source, want)
        finally:
            _umount(view)
        tally.record("read-only " + ("damaged" if damaged else "intact"), problems)


# -- killed builds --------------------------------------------------------------------------


def kill_trials(
    tally: Tally, work: Path, source: Path, want: int, n: int, rng: random.Random
) -> None:
    data = work / "kills"
    started = time.monotonic()
    tui(data, "index", "--rebuild", str(source))
    build = time.monotonic() - started
    print(f"kill -9 of 'index --rebuild' at {n} random moments (a build takes {build:.1f} s)")
    for _ in range(n):
        at = rng.uniform(0.05, build)
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tuireader",
                "--data-dir",
                str(data),
                "index",
                "--rebuild",
                str(source),
            ],
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(at)
        killed = proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        problems = []
        # the helper dies with its parent: give the kernel a moment to deliver that
        deadline = time.monotonic() + 2.0
        while processes_of(data) and time.monotonic() < deadline:
            time.sleep(0.02)
        if pids := processes_of(data):
            problems.append(f"build processes left after the kill: {pids}")
        problems += check_search(data, source, want, slow=build + 3.0)
        problems += after_checks(data)
        tally.record(f"kill at {at:.2f} s" + ("" if killed else " (had finished)"), problems)


# -- full disks -----------------------------------------------------------------------------


def _mount(args: list[str]) -> bool:
    if os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", *args], check=False, capture_output=True, text=True)
    return done.returncode == 0


def _umount(path: Path) -> None:
    subprocess.run(["umount", str(path)], check=False, capture_output=True)


def _fill(folder: Path, leave: int) -> None:
    """Fill the file system of ``folder`` but ``leave`` bytes."""
    filler = folder / "filler"
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    with filler.open("ab") as handle, contextlib.suppress(OSError):
        handle.write(b"\0" * max(0, free - leave))


def disk_trials(tally: Tally, work: Path, records: list[dict], rng: random.Random) -> None:
    print("full disk (tmpfs) during build and update", flush=True)
    mnt = work / "tmpfs"
    mnt.mkdir(parents=True, exist_ok=True)
    lists = work / "disk-lists"
    lists.mkdir(exist_ok=True)
    old = _write(lists / "old.jsonl", records[:-1])
    new = _write(lists / "new.jsonl", records)
    probe = work / "disk-probe"
    want_old = search(probe, old)[0]
    want_new = search(probe, new)[0]
    size = sum(f.stat().st_size for f in (probe / "index").iterdir())
    if not _mount(["-t", "tmpfs", "-o", f"size={int(size * 1.6)}", "tmpfs", str(mnt)]):
        print("  skipped: mounting a tmpfs needs root and mount")
        return
    try:
        data = mnt / "data"
        # a rebuild beside the previous index, with a little room left at various points
        for leave in (0, 4096, 65536, size // 4, size // 2):
            _reset(mnt)
            tui(data, "index", str(old))
            _fill(mnt, leave)
            done = tui(data, "index", "--rebuild", str(old))
            problems = ["traceback"] if "Traceback" in done.stderr else []
            problems += check_search(data, old, want_old) + after_checks(data)
            tally.record(f"disk full during rebuild (room {leave})", problems)
        # the first build on a full disk: a scan answers
        for leave in (0, 65536):
            _reset(mnt)
            data.mkdir()
            _fill(mnt, leave)
            problems = check_search(data, old, want_old) + after_checks(data)
            tally.record(f"disk full during first build (room {leave})", problems)
        # an update (the list gained one paper): the previous index serves, then catches up
        for leave in (0, 4096, 16384, 65536, 262144, 1 << 20):
            _reset(mnt)
            tui(data, "index", str(old))
            _fill(mnt, leave)
            total, err, _ = search(data, new)
            problems = ["traceback: " + err.strip().splitlines()[-1]] if "Traceback" in err else []
            if total == want_old and "could not be" not in err:
                problems.append("the previous index served without a message")
            elif total not in (want_old, want_new):
                problems.append(f"total {total}, want {want_old} (previous) or {want_new}")
            problems += after_checks(data)
            (mnt / "filler").unlink()
            problems += [f"after freeing: {p}" for p in check_search(data, new, want_new)]
            tally.record(f"disk full during update (room {leave})", problems)
    finally:
        _umount(mnt)


def _reset(mnt: Path) -> None:
    import shutil

    for entry in mnt.iterdir():
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def _write(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    return path


def _generated(n: int) -> list[dict]:
    words = [
        "neural",
        "network",
        "privacy",
        "graph",
        "kernel",
        "bandit",
        "diffusion",
        "vision",
        "language",
        "model",
    ]
    rng = random.Random(7)
    return [
        {
            "title": f"{' '.join(rng.sample(words, 4)).title()} {i}",
            "authors": [f"Author {i % 97}"],
            "abstract": " ".join(rng.choice(words) for _ in range(120)) + f" case {i}.",
        }
        for i in range(n)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--work", type=Path, default=None)
    parser.add_argument("--papers", type=int, default=6000, help="papers in the kill corpus")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = args.work or Path(tempfile.mkdtemp(prefix="tuireader-faults-"))
    work.mkdir(parents=True, exist_ok=True)
    real = load_records(icml_path()) if icml_path() else _generated(2600)
    big = synthetic_records(real, args.papers) if icml_path() else _generated(args.papers)
    small = _write(work / "small.jsonl", real)
    large = _write(work / "large.jsonl", big)
    want_small = search(work / "reference-small", small)[0]
    want_large = search(work / "reference-large", large)[0]
    print(
        f"corpora: {len(real)} papers ({want_small} match {QUERY!r}), "
        f"{len(big)} papers ({want_large}); work folder {work}"
    )
    tally = Tally()
    file_trials(tally, work, small, want_small, rng)
    read_only_trials(tally, work, small, want_small)
    kill_trials(tally, work, large, want_large, args.kills, rng)
    disk_trials(tally, work, real, rng)

    print("\nkind                                   trials  passed")
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for kind, (n, ok) in tally.kinds.items():
        group = kind.split(" at ")[0].split(" (")[0]
        groups[group][0] += n
        groups[group][1] += ok
    for group, (n, ok) in groups.items():
        print(f"{group:<38} {n:>6}  {ok:>6}")
    n = sum(v[0] for v in groups.values())
    ok = sum(v[1] for v in groups.values())
    print(f"{'all':<38} {n:>6}  {ok:>6}")
    for failure in tally.failures:
        print("FAILED", failure)
    return 0 if ok == n else 1


if __name__ == "__main__":
    sys.exit(main())
