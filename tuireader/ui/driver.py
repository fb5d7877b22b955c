"""The terminal driver: Textual's own, writing fewer bytes for the same screen.

Every write to the terminal goes through :func:`tuireader.render.sgr.squeeze`, which
turns Textual's set-and-reset style escapes into the shortest transitions. The style in
force is carried from one write to the next, so each write leaves the terminal as the
original would have.
"""

from __future__ import annotations

import os
import threading
from typing import IO, Any

from textual.driver import Driver

from tuireader.render.sgr import DEFAULT, Style, squeeze_from


class SqueezedOutput:
    """A text file that writes what it is given with its style escapes squeezed."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self._style: Style | None = DEFAULT
        self._lock = threading.Lock()  # the writer thread and the app's own writes

    def write(self, text: str) -> int:
        with self._lock:
            out, self._style = squeeze_from(text, self._style, self._rows())
            self._file.write(out)
        return len(text)

    def _rows(self) -> int | None:
        """The terminal's height now (None if the file is no terminal)."""
        try:
            return os.get_terminal_size(self._file.fileno()).lines
        except (AttributeError, OSError, ValueError):
            return None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def squeezed(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` writing through :class:`SqueezedOutput` (a driver without a file
    of its own, such as the headless one of tests, is returned as it is)."""

    class Squeezed(driver_class):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            file = getattr(self, "_file", None)
            if file is not None and not isinstance(file, SqueezedOutput):
                self._file = SqueezedOutput(file)

    Squeezed.__name__ = Squeezed.__qualname__ = f"Squeezed{driver_class.__name__}"
    return Squeezed
