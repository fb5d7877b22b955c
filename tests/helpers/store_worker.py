"""A separate tuireader process writing triage, for the store's multi-process tests.

Usage:
    store_worker.py hammer DB NAME COUNT GO_FILE
        wait until GO_FILE exists, then make COUNT rounds of writes: a state on one of
        NAME's own papers, a tag NAME-i on the shared paper "shared", a state on the
        shared paper. Prints "done" at the end.
    store_worker.py killed DB
        commit 10 single actions, print "committed", then start a 50-paper bulk action
        and stop inside its transaction, print "in-transaction" and wait to be killed.
    store_worker.py ack DB
        print "ready", then forever: set a state and add a tag on paper "a<i>" and, once
        both are committed, print "ack <i>" (the acknowledgement a user would see).
    store_worker.py tags DB PAPER TAG[,TAG...]
        make the paper's tags exactly these (another reader's tag editor saving).
    store_worker.py note DB PAPER TEXT
        make the paper's note TEXT (another reader's note editor saving).
    store_worker.py hold DB
        open the store (as a reader does), print "open", and keep it open until stdin
        is closed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tuireader.triage.store import STATES, Store


def hammer(db: Path, name: str, count: int, go_file: Path) -> None:
    store = Store.open(db, timeout=30.0)
    assert not store.read_only, store.problem
    while not go_file.exists():
        time.sleep(0.001)
    for i in range(count):
        store.set_state(f"{name}-{i % 20}", STATES[1 + i % 4])
        store.add_tag("shared", f"{name}-{i}")
        store.toggle_state("shared", STATES[1 + i % 4])
    store.close()
    print("done", flush=True)


class _StoppingStore(Store):
    """Stops (forever) right after a bulk action wrote its rows, before it commits."""

    stop = False

    @staticmethod
    def _record(conn, kind, summary, changes, origin):  # type: ignore[no-untyped-def]
        Store._record(conn, kind, summary, changes, origin)
        if _StoppingStore.stop:
            print("in-transaction", flush=True)
            time.sleep(600)


def killed(db: Path) -> None:
    store = _StoppingStore.open(db, timeout=30.0)
    for i in range(10):
        store.set_state(f"p{i}", "kept")
    store.add_tag("p0", "committed")
    # no close(): a kill right after the keypress must keep what was committed
    print("committed", flush=True)
    _StoppingStore.stop = True
    store.set_state_many([f"p{i}" for i in range(50)], "skip")


def acknowledged(db: Path) -> None:
    store = Store.open(db, timeout=30.0)
    assert not store.read_only, store.problem
    print("ready", flush=True)
    i = 0
    while True:
        store.set_state(f"a{i}", STATES[1 + i % 4])
        store.add_tag(f"a{i}", f"t{i}")
        print(f"ack {i}", flush=True)
        i += 1


def main(argv: list[str]) -> None:
    mode, db = argv[0], Path(argv[1])
    if mode == "hammer":
        hammer(db, argv[2], int(argv[3]), Path(argv[4]))
    elif mode == "killed":
        killed(db)
    elif mode == "ack":
        acknowledged(db)
    elif mode == "tags":
        with Store.open(db, timeout=30.0) as store:
            store.set_tags(argv[2], argv[3].split(","))
    elif mode == "note":
        with Store.open(db, timeout=30.0) as store:
            store.set_note(argv[2], argv[3])
    elif mode == "hold":
        with Store.open(db, timeout=30.0) as store:
            store.states()
            print("open", flush=True)
            sys.stdin.read()
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
