"""Read the reader's key bindings from the classes that declare them.

The help screen and the command palette are both generated from here, so a binding added
anywhere (including by a feature mixed into the main screen) shows up in both.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.dom import DOMNode


@dataclass(frozen=True)
class Place:
    """Where a group of bindings applies, and the node that runs their actions."""

    name: str
    node: DOMNode
    bindings: tuple[Binding, ...]


def declared_bindings(cls: type[DOMNode]) -> tuple[Binding, ...]:
    """Bindings declared in ``BINDINGS`` by tuireader classes along ``cls``'s MRO.

    Base classes come first; a later declaration of the same key replaces an earlier one.
    Bindings inherited from Textual's own widgets are left out: the reader redeclares
    every key it documents.
    """
    by_key: dict[str, Binding] = {}
    for base in reversed(cls.__mro__):
        if not base.__module__.startswith("tuireader"):
            continue
        for binding in Binding.make_bindings(base.__dict__.get("BINDINGS", [])):
            by_key[binding.key] = binding
    merged: dict[tuple[str, str], Binding] = {}
    for binding in by_key.values():
        # Bindings declared as "down,j" arrive split per key: group them back by action.
        group = (binding.action, binding.id or binding.description)
        if group in merged:
            first = merged[group]
            merged[group] = Binding(
                f"{first.key},{binding.key}",
                first.action,
                first.description,
                show=first.show,
                key_display=first.key_display,
                priority=first.priority,
                tooltip=first.tooltip,
                id=first.id,
            )
        else:
            merged[group] = binding
    return tuple(merged.values())


def key_names(binding: Binding) -> list[str]:
    """The separate keys of a (possibly comma-joined) binding."""
    return [key.strip() for key in binding.key.split(",") if key.strip()]
