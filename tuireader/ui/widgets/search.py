"""The search box: a one-line input whose letters never trigger commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input


class SearchBox(Input):
    """Where the query is typed. Enter, Down or Tab move on to the results."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,down", "leave", "To results", id="search.leave"),
        Binding("escape", "clear_or_leave", "Clear / leave", id="search.clear"),
    ]

    @dataclass
    class LeaveRequested(Message):
        """The user is done typing and wants the results."""

        search_box: SearchBox

        @property
        def control(self) -> SearchBox:
            return self.search_box

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(placeholder="Search papers  ( / )", id=id, select_on_focus=False)

    def action_leave(self) -> None:
        self.post_message(self.LeaveRequested(self))

    def action_clear_or_leave(self) -> None:
        """Clear the query; if it is already empty, move on to the results."""
        if self.value:
            self.value = ""
        else:
            self.post_message(self.LeaveRequested(self))
