"""benchmarks/bench_scale.py waits for the reader's index as long as its build moves.

A build of 100,000 papers on a loaded machine takes longer than any fixed wait (296 s
on 2 busy CPUs): the wait goes on while the "indexing N/M" count moves, and gives up
only once nothing has moved for ``--stall`` seconds. The reader is played here by a
script of screens at given moments, on a clock of its own (no time passes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from script_util import benchmark_script


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    with benchmark_script("bench_scale") as module:
        yield module


def _scripted(bench: ModuleType, frames: list[tuple[float, str]]) -> type:
    """A terminal whose program shows the status line ``frames[i][1]`` from second
    ``frames[i][0]`` on (the first at 0); a wait moves its clock to the frame that satisfies it, or to
    its deadline, where it gives up as ``Terminal.wait_for`` does."""

    class Scripted:
        def __init__(self, argv: list[str], env: dict[str, str]) -> None:
            self.started = self.now = 0.0
            self.shown = 0
            self.odd: list[str] = []
            self.process = SimpleNamespace(pid=0)

        @property
        def screen(self) -> SimpleNamespace:
            return SimpleNamespace(display=self.text())

        def text(self) -> list[str]:
            return ["", frames[self.shown][1]]

        def wait_for(self, condition: Callable[[list[str]], bool], timeout: float) -> float:
            deadline = self.now + timeout
            while not condition(self.text()):
                if self.shown + 1 == len(frames) or frames[self.shown + 1][0] > deadline:
                    self.now = deadline
                    raise bench.ScreenTimeout(self)
                self.shown += 1
                self.now = frames[self.shown][0]
            return self.now

        def keep_bytes(self) -> Path:
            return Path("/dev/null")

        def close(self) -> None:
            pass

    return Scripted


def _building(until: int, every: float = 20.0) -> list[tuple[float, str]]:
    """The reader listing 99,919 papers while it indexes them, 1,000 each ``every`` s."""
    listed = "99,919 / 99,919 papers"
    frames = [(0.0, ""), (1.5, f"{listed}  index: opening")]
    for n, done in enumerate(range(0, until + 1, 1000)):
        frames.append((3.0 + n * every, f"{listed}  index: indexing {done:,}/99,919"))
    return frames


def _run(bench: ModuleType, monkeypatch, frames) -> dict[str, float]:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bench, "Terminal", _scripted(bench, frames))
    monkeypatch.setattr(bench, "_memory", lambda pid: (100.0, 100.0))
    return bench.run_reader(["tuireader"], Path("list.jsonl"), Path("home"), Path("w"), False)


def test_a_build_longer_than_the_stall_is_waited_for_while_it_moves(bench, monkeypatch):
    frames = _building(99_000)  # 100 steps of 20 s: the last at 1,983 s
    frames.append((frames[-1][0] + 40.0, "99,919 / 99,919 papers  index: ready"))
    out = _run(bench, monkeypatch, frames)
    assert out["first_frame"] == 1.5
    assert out["ready"] == frames[-1][0] > bench.STALL_SECONDS


def test_a_build_that_stops_moving_is_given_up_after_the_stall(bench, monkeypatch):
    frames = _building(62_000)  # stuck at 62,000 from 1,243 s on
    with pytest.raises(bench.ScreenTimeout) as raised:
        _run(bench, monkeypatch, frames)
    assert raised.value.terminal.now == frames[-1][0] + bench.STALL_SECONDS
    assert any("'indexing 62,000/99,919'" in note for note in raised.value.__notes__)
