"""One error type whose message names the file and, where there is one, the line."""

from __future__ import annotations

import unicodedata
from pathlib import Path


class AcademieError(Exception):
    """A user-facing error: printed as one line `file:line: message`, exit code 1."""

    def __init__(self, message: str, path: Path | str | None = None, line: int | None = None):
        self.message = message
        self.path = Path(path) if path is not None else None
        self.line = line
        super().__init__(str(self))

    def __reduce__(self) -> tuple:
        return (AcademieError, (self.message, self.path, self.line))  # intact across worker processes

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{_one_line(_short(self.path))}:" + (f"{self.line}:" if self.line else "") + " "
        return f"{where}{_one_line(self.message)}"


def _one_line(text: str) -> str:
    """Control characters shown escaped (a newline as \\n): an error is always one line."""
    return "".join(c.encode("unicode_escape").decode() if unicodedata.category(c) == "Cc" else c for c in text)


def _short(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
