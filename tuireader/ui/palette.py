"""A command-palette provider for a fixed list of screen actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

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
