"""The command palette, and a provider for a fixed list of screen actions.

Keys typed after the palette's in one burst (``Ctrl+P``, "export kept", Enter, ``3``,
Enter, as a terminal multiplexer or a slow ssh link sends them) act in order, as
everywhere else in the reader (:mod:`tuireader.ui.keys`): the palette's search runs in
a worker of its own, and the command Enter picks runs after the palette is gone, where
the reader's key order did not follow them. An Enter came before the matches were
listed, or the key after it went to the palette as it closed (the ``3`` typed into its
search box, the menu the command opened left with the Enter after it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events, on
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.widgets import Input
from textual.worker import Worker

#: (name shown in the palette, help line, what to call)
Command = tuple[str, str, Callable[[], Any]]


class ScreenActions(Provider):
    """Lists ``commands()`` when the palette opens and matches them as the user types."""

    def commands(self) -> list[Command]:
        raise NotImplementedError

    async def discover(self) -> Hits:
        for name, help_text, callback in self.commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


#: why keys typed wait: the palette's matches for what was typed are on their way
SEARCHING = "palette search"
#: why keys typed wait: the command Enter picked in the palette is still to run
RUNNING = "palette command"
#: the group of the worker in which the palette gathers its matches. Textual offers no
#: public way to tell that worker apart (its name and group are the palette's private
#: ones), so its private name is read here, and only here.
GATHER_GROUP: str = CommandPalette._GATHER_COMMANDS_GROUP


class ReaderPalette(CommandPalette):
    """The command palette; the keys typed after it in a burst wait for what it does.

    What is typed in its box holds the keys after it until the matches are listed (an
    Enter then picks the first); an Enter that picks a command holds them until the
    command has run, and what it opened (a menu, a dialog) holds them on until it is
    up (``hold_keys("dialog")``, released as it is shown)."""

    def _hold(self, reason: str, still: Callable[[], bool] | None = None) -> None:
        """Hold the keys typed from now on (``still``: whether the wait goes on, asked
        each time the hold's time is up), where the app holds keys."""
        hold = getattr(self.app, "hold_keys", None)
        if hold is not None:
            hold(reason, still=still)

    def _release(self, reason: str) -> None:
        release = getattr(self.app, "release_keys", None)
        if release is not None:
            release(reason)

    def _searching(self) -> bool:
        return any(
            worker.group == GATHER_GROUP and not worker.is_finished for worker in self.workers
        )

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        # (before the palette's own handler, which starts the search); held as long as
        # a search is on its way, however long it takes
        self._hold(SEARCHING, still=self._searching)

    @on(Worker.StateChanged)
    def _searched(self, event: Worker.StateChanged) -> None:
        if event.worker.group == GATHER_GROUP and not self._searching():
            self._release(SEARCHING)

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        # (before the palette's own handler, which picks the command and runs it once
        # the palette is gone; the app releases the keys after it: command_ran)
        if self._list_visible:
            listed = self.query_one(CommandList)
            picks = listed.highlighted is not None or listed.option_count == 1
        else:
            picks = self._selected_command is not None
        if picks:
            self._hold(RUNNING)

    def on_unmount(self, event: events.Unmount) -> None:
        self._release(SEARCHING)


def command_ran(app: Any) -> None:
    """The command picked in the palette has run (called by the app after it): the keys
    after its Enter go, once what the command posted to the screen is done (it may
    hold them on, for the menu it opens)."""
    release = getattr(app, "release_keys", None)
    if release is not None:
        app.screen.call_later(release, RUNNING)
