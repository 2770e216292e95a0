"""The one exception type for mistakes a user can fix (bad input, impossible requests).

Core code raises it with a message for people; only the command line turns it into exit code 2.
It must never be used for programming errors: those stay ordinary exceptions with tracebacks.
"""

from __future__ import annotations


class PuzzleBookError(Exception):
    """A user-facing error: `str(err)` is the whole message, location first when known."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.field = field
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        if self.field:
            where.append(self.field)
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message
