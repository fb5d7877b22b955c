"""The status line: papers shown / total, query time, index state, and messages."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tuireader.render.textrender import visible


class StatusLine(Static):
    """One line of facts about what is on screen. State comes in through reactives."""

    shown: reactive[int] = reactive(0)
    total: reactive[int] = reactive(0)
    matched: reactive[int | None] = reactive(None)
    elapsed_ms: reactive[float | None] = reactive(None)
    index_state: reactive[str] = reactive("loading")
    message: reactive[str] = reactive("")
    show_timings: reactive[bool] = reactive(True)
    #: triage counts of the results ("2 kept · ... · 7 left"), empty when unknown.
    triage: reactive[str] = reactive("")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def render(self) -> Text:
        parts: list[str] = []
        if self.matched is None:
            parts.append(f"{self.shown:,} / {self.total:,} papers")
        else:
            parts.append(f"{self.matched:,} of {self.total:,} papers match")
        if self.show_timings and self.elapsed_ms is not None:
            parts.append(f"{self.elapsed_ms:.0f} ms")
        parts.append(f"index: {self.index_state}")
        if self.triage:
            parts.append(self.triage)  # last: a narrow line cuts the counts, not the index
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.message:
            # A message (a problem, the engine's note on the query) matters more than the
            # counts, so it comes first and the counts are what a narrow line cuts off.
            text.append(visible(self.message), "bold")
            text.append("  ")
        text.append(" · ".join(parts))
        return text
